"""A Railways of the World computer with nothing to deliver and no bond left to borrow counts
the goods a new link lets it carry on over its own network, not only those the city the link
joins takes: each link is paid from its income, and the one that opens a delivery comes first."""

from __future__ import annotations

from dataclasses import replace

from rotw_kit import Kit, connect, set_cubes

from engine.rotw import wayout
from engine.rotw.economy import income_of
from engine.rotw.player import BOND_CEILING, RotwPlayer
from engine.rotw.playervalue import DEFAULT_WEIGHTS, delivery_points

CHICAGO_LINK = ["D4", "D3", "D2", "C2"]
"""Cleveland to Chicago, whose blue cube Pittsburgh takes two links on (Cleveland does not)."""


def stuck(bonds: int = BOND_CEILING, engine: int = 2) -> tuple[Kit, int]:
    """A seat owning Cleveland - Pittsburgh with nothing to deliver, income paying its interest
    and money for one link; goods lie at Chicago (blue), Baltimore and Cincinnati (black and
    purple, wanted by no city near)."""
    kit = Kit(2)
    kit.to_actions()
    seat = kit.seat
    connect(kit, seat, "Cleveland", "Pittsburgh")
    p = kit.state["players"][seat]
    p.update(engine=engine, bonds=bonds, score=10, money=9000)
    for city in kit.state["cities"]:
        set_cubes(kit, city, [])
    set_cubes(kit, "Chicago", ["blue"])
    set_cubes(kit, "Baltimore", ["black", "black"])
    set_cubes(kit, "Cincinnati", ["black", "purple"])
    kit.state["ops"]["display"] = []  # (the Eastern U.S. cards name cities this map lacks)
    return kit, seat


def best_build(kit: Kit, seat: int) -> list[str]:
    """The path of the normal player's build of best prior, its delivery plans' pull left out
    (on this small map the plan for Chicago's cube pulls that way anyway; on a whole map the
    plans it follows may be dearer ones)."""
    player = RotwPlayer(kit.title, replace(DEFAULT_WEIGHTS, plan_pull=0.0))
    found = [c for c in player.candidates(kit.state, seat) if c.action["type"] == "build"]
    return list(max(found, key=lambda c: c.prior).action["path"])


def test_the_position() -> None:
    kit, seat = stuck()
    ctx = kit.title.context(kit.state["map"])
    assert not delivery_points(kit.state, seat)
    assert income_of(kit.state, ctx, seat) > 1000 * BOND_CEILING
    assert RotwPlayer(kit.title).bond_cap(kit.state, seat, stuck=True) <= BOND_CEILING


def test_colours_carried_on_need_the_engine_for_the_second_link() -> None:
    kit, seat = stuck()
    assert wayout.onward(kit.state, seat) == {"Cleveland": {"blue"}, "Pittsburgh": set()}
    kit, seat = stuck(engine=1)
    assert wayout.onward(kit.state, seat) == {"Cleveland": set(), "Pittsburgh": set()}


def test_at_its_cap_the_link_that_opens_a_delivery_comes_first() -> None:
    kit, seat = stuck()
    assert best_build(kit, seat) == CHICAGO_LINK
    # The link does open one: Chicago's blue cube to Pittsburgh over two links.
    kit.act({"type": "build", "seat": seat, "start": "Cleveland", "path": CHICAGO_LINK})
    assert delivery_points(kit.state, seat) == [2]


def test_a_seat_that_may_still_borrow_weighs_links_as_before() -> None:
    # (Counted for every stuck seat, Eastern U.S. games ended a turn sooner with fewer points.)
    kit, seat = stuck(bonds=0)
    assert best_build(kit, seat) != CHICAGO_LINK
