"""A Railways of the World computer whose seat sinks anyway (no income, its interest paid with a
new bond every turn or two, nothing to deliver) builds the link that opens a delivery, rather
than take cards and pass while its bonds pile up."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bot_games import config, titles

from engine.computer import computer_move
from engine.core import State, new_game, step
from engine.core.players import choose
from engine.rotw import interest, lastresort, network, wayout
from engine.rotw import player as player_module
from engine.rotw.context import MapContext
from engine.rotw.economy import income_of
from engine.rotw.player import BOND_CEILING, OVER_BOND_CAP, RotwPlayer
from engine.rotw.playervalue import delivery_points
from engine.rotw.routeplan import next_links, plans
from engine.rotw.title import RotwTitle

SINKING = 2
"""The seat of this four-player Western U.S. game (computers at the easy level, seed 6) that
sank: its one link, San Francisco - Sacramento, runs beside two others and carries nothing."""
GAME = json.loads((Path(__file__).parent / "sinking_seat.json").read_text())
"""The game up to the seat's first action of turn 5, as computers played it: the seat has
$3,000, four bonds, no points (no income) and three Land Grants in hand, and took cards and
passed from there to the end (17 bonds, 9 points)."""


def position() -> tuple[RotwTitle, State, MapContext]:
    title = titles()["rotw"]
    assert isinstance(title, RotwTitle)
    state = new_game(title, GAME["config"])
    for action in GAME["moves"]:
        state = step(title, state, action).state
    assert title.to_act(state) == [SINKING] and state["phase"] == "actions"
    return title, state, title.context(state["map"])


def test_the_seat_sinks_whatever_it_does() -> None:
    title, state, ctx = position()
    p = state["players"][SINKING]
    assert (int(p["money"]), int(p["bonds"]), income_of(state, ctx, SINKING)) == (3000, 4, 0)
    assert wayout.sinking(state, ctx, SINKING)
    # Its interest is more than its money: the bank lends it a bond this turn if it does nothing.
    assert interest.unpaid(state, ctx, SINKING) > 0
    assert not any(a["type"] == "deliver" for a in title.legal(state, SINKING))
    # Even the delivery a link opens leaves interest unpaid: the old way out refuses every one.
    cap = RotwPlayer(title).bond_cap(state, SINKING, stuck=True)
    relief = interest.income_gain(state, ctx, SINKING, 1)
    assert wayout.relief_cap(state, ctx, SINKING, cap, 6000, relief) == cap


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_it_builds_the_link_that_opens_a_delivery(level: str) -> None:
    title, state, ctx = position()
    player = RotwPlayer(title)
    for seed in range(3):
        action = choose(title, player, state, SINKING, level, seed)
        assert action["type"] == "build", (level, seed, action)
        after = step(title, state, action).state
        assert delivery_points(after, SINKING)
        # One bond at most, whose interest the delivery's income pays.
        bonds = int(after["players"][SINKING]["bonds"])
        assert bonds <= 4 + wayout.RELIEF_BONDS
        assert interest.interest(after, ctx, bonds - 4) < interest.income_gain(
            state, ctx, SINKING, delivery_points(after, SINKING)[0])


def test_without_it_or_a_last_resort_the_seat_takes_cards(
        monkeypatch: pytest.MonkeyPatch) -> None:
    title, state, _ = position()
    monkeypatch.setattr(wayout, "shrinks_spiral", lambda *_: False)
    monkeypatch.setattr(player_module, "last_resort", lambda *_: [])
    for level in ("easy", "normal"):
        assert choose(title, RotwPlayer(title), state, SINKING, level, 0)["type"] == "card"


def test_without_a_way_out_its_last_resort_builds_toward_a_delivery(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Refused every way out, the sinking seat takes the next link of its best delivery plan
    # (two bonds at most) rather than a card: passing, its bonds only compound.
    title, state, ctx = position()
    monkeypatch.setattr(wayout, "shrinks_spiral", lambda *_: False)
    mine = {c for lk in network.complete_links(state, SINKING) for c in lk["cities"]}
    best = plans(state, ctx, SINKING, mine, int(RotwPlayer(title).weights.reach))
    nexts = {frozenset(x) for pl in best[:lastresort.PLANS_TRIED] for x in next_links(pl, mine)}
    for level in ("easy", "normal"):
        action = choose(title, RotwPlayer(title), state, SINKING, level, 0)
        assert action["type"] == "build", (level, action)
        after = step(title, state, action).state
        built = next(lk for lk in after["links"] if lk["id"] not in
                     {old["id"] for old in state["links"]})
        assert frozenset(built["cities"]) in nexts
        assert int(after["players"][SINKING]["bonds"]) <= 4 + lastresort.LAST_BONDS


def test_only_a_delivery_paying_the_move_s_interest_is_a_way_out() -> None:
    title, state, ctx = position()
    p = state["players"][SINKING]
    one_point = interest.income_gain(state, ctx, SINKING, 1)  # $3,000 of income
    assert wayout.shrinks_spiral(state, ctx, SINKING, 6000, one_point)
    # Nothing opened, income short of the interest of the two bonds $6,000 amounts to (and
    # ``SPIRAL_SPARE``), or two bonds taken at once: no.
    assert not wayout.shrinks_spiral(state, ctx, SINKING, 6000, 0)
    assert not wayout.shrinks_spiral(state, ctx, SINKING, 6000, one_point - 1)
    assert not wayout.shrinks_spiral(state, ctx, SINKING, 9000, 3 * one_point)
    # Past the bond ceiling it still builds its way out: the bank lends it bonds anyway.
    p["bonds"], p["money"] = BOND_CEILING + 2, 0
    player = RotwPlayer(title)
    cap = player.bond_cap(state, SINKING, stuck=True)
    assert player._way_out(state, SINKING, 4000, cap, one_point) < OVER_BOND_CAP
    # A seat whose income pays its interest is not sinking: the old terms hold.
    p["score"], p["bonds"] = 2, 4
    state["turn"] = 8
    assert wayout.lagging(state, SINKING) and not wayout.sinking(state, ctx, SINKING)
    assert not wayout.shrinks_spiral(state, ctx, SINKING, 4000, one_point)


def test_where_no_plan_is_made_its_last_resort_builds_a_link_that_opens_a_delivery() -> None:
    # Railways through Time (seed 34 of the easy line of ``bench/game_end.py``, 4 players): the
    # seat in turn 6 has four links in three periods, $3,000, six bonds and $3,000 of income,
    # and nothing to deliver; no delivery plan is made on that board. It took cards and passed
    # to the end (15 bonds, 1 point). A link from its network that opens a delivery is its way.
    title = titles()["rotw"]
    assert isinstance(title, RotwTitle)
    state = new_game(title, config(title, 4, 34, "through-time"))
    n = 0
    while not (title.to_act(state) == [0] and state["phase"] == "actions"
               and state["turn"] == 6):
        seat = title.to_act(state)[0]
        state = step(title, state, computer_move(title, state, seat, "easy",
                                                 34 * 100_003 + n)).state
        n += 1
    ctx = title.context(state["map"])
    player = RotwPlayer(title)
    mine = {c for lk in network.complete_links(state, 0) for c in lk["cities"]}
    assert wayout.sinking(state, ctx, 0) and not delivery_points(state, 0)
    assert plans(state, ctx, 0, mine, int(player.weights.reach)) == []
    last = lastresort.last_resort(state, ctx, 0, title.legal(state, 0),
                                  int(player.weights.reach), lambda a: player._tried(state, a))
    assert [a["type"] for a in last] == ["build"]
    after = step(title, state, last[0]).state
    assert delivery_points(after, 0)
    assert int(after["players"][0]["bonds"]) <= 6 + lastresort.LAST_BONDS
    assert choose(title, player, state, 0, "easy", 0) == last[0]
