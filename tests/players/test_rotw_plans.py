"""The Railways of the World computer's plans: one connected network grown where its goods go,
and an engine bought for the deliveries its track already holds."""

from __future__ import annotations

import copy
import functools

from bot_games import easy_until_actions

from engine.core import State, step
from engine.core.players import choose
from engine.rotw import network
from engine.rotw.player import RotwPlayer
from engine.rotw.title import RotwTitle


@functools.cache
def _opening() -> tuple[RotwTitle, State]:
    return easy_until_actions(4)


def opening() -> tuple[RotwTitle, State, int]:
    """A 3-player Eastern U.S. game of easy computers at turn 4's actions (a fresh copy)."""
    title, state = _opening()
    state = copy.deepcopy(state)
    return title, state, title.to_act(state)[0]


def test_a_normal_computer_grows_its_own_network_before_starting_another() -> None:
    title, state, seat = opening()
    state["players"][seat]["money"] = 30_000
    mine = {c for lk in network.complete_links(state, seat) for c in lk["cities"]}
    player = RotwPlayer(title)
    rated: dict[bool, list[float]] = {True: [], False: []}
    for c in player.candidates(state, seat):
        if c.action["type"] == "build":
            after = step(title, state, c.action).state
            built = [lk["cities"] for lk in after["links"] if lk not in state["links"]]
            rated[any(set(cities) & mine for cities in built)].append(c.prior)
    # Every link grown from its network is rated above every link of a second line far off,
    # which would split its goods between two networks (no delivery runs the length of both).
    assert rated[True] and rated[False]
    assert min(rated[True]) > max(rated[False])
    # An easy computer doubts a second line less: it starts lines all over the map, links a
    # normal computer rates lower or (busy with its own network's plans) does not look at.
    normal = {repr(c.action): c.prior for c in player.candidates(state, seat)}
    elsewhere = []
    for c in player.glance(state, seat):
        if c.action["type"] == "build":
            after = step(title, state, c.action).state
            built = [lk["cities"] for lk in after["links"] if lk not in state["links"]]
            if not any(set(cities) & mine for cities in built):
                elsewhere.append(c)
    assert elsewhere
    assert all(normal.get(repr(c.action), -99.0) < c.prior for c in elsewhere)


def test_a_computer_whose_network_has_nothing_to_carry_starts_a_line_where_goods_wait() -> None:
    title, state, seat = opening()
    ctx = title.context(state["map"])
    state["players"][seat]["money"] = 30_000
    mine = {c for lk in network.complete_links(state, seat) for c in lk["cities"]}
    player = RotwPlayer(title)
    # Every city within a link's reach of its network has been emptied of goods.
    for name, city in state["cities"].items():
        if min(ctx.city(name).hex.distance(ctx.city(m).hex) for m in mine) <= player.weights.reach:
            city["cubes"] = []
    action = choose(title, player, state, seat, "normal", 1)
    # Not an engine for goods it has no way to reach: a line where goods wait, its way back to
    # income (without one, its interest sinks it).
    assert action["type"] == "build"
    after = step(title, state, action).state
    built = [lk["cities"] for lk in after["links"] if lk not in state["links"]]
    assert built and not any(set(cities) & mine for cities in built)
    assert any(state["cities"][c]["cubes"] for cities in built for c in cities)
