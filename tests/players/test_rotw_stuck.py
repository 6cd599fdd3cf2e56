"""A Railways of the World computer whose seat is stuck (nothing to deliver, its bonds at the cap
its income sets, a little net income) gets out instead of passing the game away: it keeps its
money for a link rather than bid it for first place, and borrows one bond past its cap for a
link that opens deliveries, as long as its income then pays every bond's interest."""

from __future__ import annotations

import pytest
from bot_games import titles

from engine.core import Config, State, new_game, step
from engine.core.players import choose
from engine.rotw import delivery, flow, interest, track, wayout
from engine.rotw.context import MapContext
from engine.rotw.economy import bonds_needed, income_of
from engine.rotw.mapdef import CUBE_COLOURS
from engine.rotw.player import BOND_CEILING, CHEAP_BID, OVER_BOND_CAP, RotwPlayer
from engine.rotw.playervalue import delivery_points
from engine.rotw.title import RotwTitle

STUCK = 1
"""The seat that got stuck in this Railways through Time game."""
CONFIG: Config = {
    "title": "rotw", "map": "through-time", "options": {"auction_variant": "standard"},
    "seed": 3641603982383516983, "rules_version": 2,  # the rules it was played under
    "players": [{"seat": 0, "name": "Vanderbilt", "colour": "yellow"},
                {"seat": 1, "name": "Stephenson", "colour": "green"},
                {"seat": 2, "name": "Brunel", "colour": "black"}]}
GAME = [
    {"type": "pass", "seat": 0}, {"type": "pass", "seat": 1}, {"type": "pass", "seat": 2},
    {"type": "build", "seat": 2, "start": "Waterloo", "path": ["B21", "C21", "D20"]},
    {"type": "build", "seat": 1, "start": "Waterloo", "path": ["B20", "C20", "D20"]},
    {"type": "build", "seat": 0, "start": "Toulon", "path": ["H19", "G19", "F18"]},
    {"type": "deliver", "seat": 2, "city": "Paris", "colour": "black",
     "route": ["Paris", "Waterloo"], "links": [1]},
    {"type": "deliver", "seat": 1, "city": "Paris", "colour": "black",
     "route": ["Paris", "Waterloo"], "links": [2]},
    {"type": "deliver", "seat": 0, "city": "Marengo", "colour": "blue",
     "route": ["Marengo", "Toulon"], "links": [3]},
    {"type": "upgrade", "seat": 2}, {"type": "upgrade", "seat": 1},
    {"type": "deliver", "seat": 0, "city": "Marengo", "colour": "blue",
     "route": ["Marengo", "Toulon"], "links": [3]},
    {"type": "bid", "seat": 2, "amount": 1000},
    # Turn 2: the seat bids its $2,000 and, left with nothing, takes three cards.
    {"type": "bid", "seat": 1, "amount": 2000}, {"type": "pass", "seat": 0},
    {"type": "pass", "seat": 2},
    {"type": "card", "seat": 1, "card": "city-growth#3", "city": "Paris", "chance": [44, 58]},
    {"type": "deliver", "seat": 2, "city": "Paris", "colour": "black",
     "route": ["Paris", "Waterloo"], "links": [1]},
    {"type": "build", "seat": 0, "start": "Paris", "path": ["E20", "F19", "G19", "H18", "I19"]},
    {"type": "card", "seat": 1, "card": "hotel-memphis"},
    {"type": "build", "seat": 2, "start": "Paris", "path": ["D21", "E22"]},
    {"type": "deliver", "seat": 0, "city": "Paris", "colour": "blue",
     "route": ["Paris", "Toulon"], "links": [4]},
    {"type": "card", "seat": 1, "card": "new-industry#1", "city": "Fire Pit",
     "colour": "yellow", "chance": [9, 13]},
    {"type": "build", "seat": 2, "start": "Austerlitz", "path": ["G23", "F22", "E22"]},
    {"type": "deliver", "seat": 0, "city": "Toulon", "colour": "red",
     "route": ["Toulon", "Paris"], "links": [4]},
    # Turn 3: the seat bids its last $1,000 (and drops out); the others pass or take a card.
    {"type": "bid", "seat": 1, "amount": 1000}, {"type": "bid", "seat": 2, "amount": 2000},
    {"type": "pass", "seat": 0}, {"type": "pass", "seat": 1},
    {"type": "card", "seat": 2, "card": "hotel-mammoth-plain"},
]
"""The game's first moves as computers played them: the seat builds Waterloo - Paris on a bond,
delivers the one cube it can and upgrades its engine on a second bond. Its one link leads
nowhere: Paris's goods are wanted by no city it reaches, and its income pays its interest with
$1,000 a turn to spare."""
TURN_2_BID, TURN_3_BID, TURN_3_ACTION = 13, 25, 30
"""Moves of ``GAME`` played before the seat's bid of turns 2 and 3, and its first action of
turn 3 (where it took a Land Grant, and passed most of the rest of the game)."""


def played(moves: int) -> tuple[RotwTitle, State]:
    title = titles()["rotw"]
    assert isinstance(title, RotwTitle)
    state = new_game(title, CONFIG)
    for action in GAME[:moves]:
        state = step(title, state, action).state
    assert title.to_act(state) == [STUCK]
    return title, state


def at_auction() -> tuple[RotwTitle, State]:
    return played(TURN_3_BID)


def at_first_action() -> tuple[RotwTitle, State]:
    return played(TURN_3_ACTION)


def test_a_seat_not_yet_behind_still_bids() -> None:
    # One point after one turn: nothing says yet that it is not getting going.
    title, state = played(TURN_2_BID)
    assert not wayout.lagging(state, STUCK)
    player = RotwPlayer(title)
    cap = player.bond_cap(state, STUCK)
    assert not wayout.keeps_for_link(state, title.context(state["map"]), STUCK,
                                     flow.min_bid(state), cap)
    assert choose(title, player, state, STUCK, "normal", 3)["type"] == "bid"


def test_a_stuck_seat_keeps_its_money_for_a_link() -> None:
    title, state = at_auction()
    ctx = title.context(state["map"])
    player = RotwPlayer(title)
    assert wayout.lagging(state, STUCK)
    p = state["players"][STUCK]
    least = flow.min_bid(state)
    cap = player.bond_cap(state, STUCK)
    # Every test the bid used to pass it passes: cheap, paid in cash, no interest left unpaid.
    assert least <= CHEAP_BID and int(p["bonds"]) + bonds_needed(int(p["money"]), least) <= cap
    assert not interest.sinks(state, ctx, STUCK, least)
    assert not interest.borrows_unpaid(state, ctx, STUCK, least)
    # But it has nothing to deliver, and the bid would leave it nothing for a link.
    assert not delivery_points(state, STUCK)
    assert wayout.keeps_for_link(state, ctx, STUCK, least, cap)
    for level in ("easy", "normal"):
        assert choose(title, player, state, STUCK, level, 3)["type"] == "pass"


def test_a_seat_with_goods_to_deliver_still_bids() -> None:
    title, state = at_auction()
    ctx = title.context(state["map"])
    player = RotwPlayer(title)
    # The same seat with a cube at Waterloo that Paris takes: its money is not held back.
    colour = next(c for c in CUBE_COLOURS if delivery.takes(state, "Paris", c))
    state["cities"]["Waterloo"]["cubes"].append(colour)
    assert delivery_points(state, STUCK)
    assert not wayout.keeps_for_link(state, ctx, STUCK, flow.min_bid(state),
                                     player.bond_cap(state, STUCK))
    assert choose(title, player, state, STUCK, "normal", 3)["type"] == "bid"


def test_without_a_way_out_it_only_takes_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    # The bond cap alone, as before: no link needing a bond is offered (the seat is at its
    # cap), the links its money pays open nothing, and it takes a card.
    title, state = at_first_action()
    ctx = title.context(state["map"])
    player = RotwPlayer(title)
    monkeypatch.setattr(wayout, "relief_cap", lambda state, ctx, seat, cap, cost, relief: cap)
    money = int(state["players"][STUCK]["money"])
    assert state["players"][STUCK]["bonds"] == player.bond_cap(state, STUCK, stuck=True)
    for c in player.candidates(state, STUCK):
        if c.action["type"] == "build":
            assert not bonds_needed(money, track.plan_build(state, ctx, STUCK, c.action).cost)
            assert not delivery_points(step(title, state, c.action).state, STUCK)
    assert choose(title, player, state, STUCK, "normal", 3)["type"] in ("card", "pass")


def stuck_player() -> tuple[RotwTitle, State, MapContext, RotwPlayer, int]:
    """The position of ``at_first_action``, its map, a computer player and the seat's cap."""
    title, state = at_first_action()
    player = RotwPlayer(title)
    return title, state, title.context(state["map"]), player, player.bond_cap(state, STUCK,
                                                                             stuck=True)


def test_a_stuck_seat_borrows_past_its_cap_for_a_link_that_opens_deliveries() -> None:
    title, state, ctx, player, cap = stuck_player()
    before = state["players"][STUCK]
    assert not any(a["type"] == "deliver" for a in title.legal(state, STUCK))
    for level, seed in (("normal", 3), ("easy", 3)):
        action = choose(title, player, state, STUCK, level, seed)
        assert action["type"] == "build", level
        after = step(title, state, action).state
        p = after["players"][STUCK]
        # One bond past the cap, and deliveries open over the new link whose income pays it.
        assert int(p["bonds"]) == cap + 1 == int(before["bonds"]) + 1
        found = delivery_points(after, STUCK)
        assert found
        raised = income_of(after, ctx, STUCK) + interest.income_gain(after, ctx, STUCK, found[0])
        assert interest.interest(after, ctx, int(p["bonds"])) + wayout.NET_LEFT <= raised


def test_the_way_out_keeps_to_the_ceiling_and_to_paid_interest() -> None:
    _, state, ctx, player, cap = stuck_player()
    p = state["players"][STUCK]
    # A link opening nothing is no way out; one opening a delivery is.
    assert wayout.relief_cap(state, ctx, STUCK, cap, 6000, 0) == cap
    assert wayout.relief_cap(state, ctx, STUCK, cap, 6000, 1000) == cap + 1
    # A seat not yet behind, or whose income leaves more than a bond's interest, waits.
    state["turn"] = 2
    assert not wayout.lagging(state, STUCK)
    assert wayout.relief_cap(state, ctx, STUCK, cap, 6000, 1000) == cap
    p["score"], state["turn"] = 3, 8
    assert wayout.net_income(state, ctx, STUCK) > wayout.STUCK_NET
    assert wayout.relief_cap(state, ctx, STUCK, cap, 6000, 1000) == cap
    p["score"], state["turn"] = 1, 3
    # Two bonds past the cap are never taken, nor one whose interest the income would not pay.
    assert wayout.relief_cap(state, ctx, STUCK, cap, 11_000, 1000) == cap
    p["bonds"] = 3
    assert wayout.relief_cap(state, ctx, STUCK, 3, 6000, 1000) == 3
    # At the ceiling no link is a way out, though the income would pay one bond more.
    p["bonds"], p["score"], p["money"] = BOND_CEILING, 5, 0
    state["turn"] = 8  # five points in seven turns: still behind
    cap = player.bond_cap(state, STUCK, stuck=True)
    assert wayout.relief_cap(state, ctx, STUCK, cap, 4000, 1000) == BOND_CEILING + 1
    assert player._way_out(state, STUCK, 4000, cap, 1000) == OVER_BOND_CAP
