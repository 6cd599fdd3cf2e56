"""Which city choices of City Growth and of a New City the Railways of the World computer tries:
only those that could bring it points, a few of each, one of each set of copies of a card."""

from __future__ import annotations

import copy
import functools

from bot_games import easy_until_actions

from engine.core import State
from engine.core.players import Candidate
from engine.rotw import network
from engine.rotw.cardchoices import CHOICES_TRIED, narrowed
from engine.rotw.player import RotwPlayer
from engine.rotw.playervalue import Weights, delivery_points
from engine.rotw.title import RotwTitle


@functools.cache
def _position() -> tuple[RotwTitle, State, int]:
    """A game some turns in whose seat to act has a delivery open and a gray city and goods on
    its network, with two City Growth cards in the display."""
    for turn in range(4, 12):
        title, state = easy_until_actions(turn)
        seat = title.to_act(state)[0]
        mine = {c for lk in network.complete_links(state, seat) for c in lk["cities"]}
        if any(delivery_points(state, seat)) \
                and any(state["cities"][c]["colour"] == "gray" for c in mine) \
                and any(state["cities"][c]["cubes"] for c in mine):
            break
    else:
        raise AssertionError("no such position in the easy game's first turns")
    state["ops"]["display"] = ["city-growth#1", "city-growth#2"]
    return title, state, seat


def position() -> tuple[RotwTitle, State, int]:
    title, state, seat = _position()
    return title, copy.deepcopy(state), seat


def _growths(found: list[Candidate]) -> list[Candidate]:
    return [c for c in found if c.action["type"] == "card"]


def test_city_growth_is_tried_in_a_few_cities_of_its_own_network() -> None:
    title, state, seat = position()
    player = RotwPlayer(title)
    mine = {c for lk in network.complete_links(state, seat) for c in lk["cities"]}
    found = _growths(player.candidates(state, seat))
    assert 0 < len(found) <= CHOICES_TRIED
    assert all(c.action["city"] in mine for c in found)
    # Both copies do the same: each city is offered once.
    assert len({c.action["city"] for c in found}) == len(found)


def test_every_choice_is_offered_with_the_switch_off() -> None:
    title, state, seat = position()
    player = RotwPlayer(title, Weights(narrow_choices=0.0))
    found = _growths(player.candidates(state, seat))
    cities = [c for c, v in state["cities"].items() if not v.get("warp")]
    assert len(found) == 2 * len(cities)


def test_a_city_whose_goods_could_go_nowhere_is_not_grown() -> None:
    title, state, seat = position()
    ctx = title.context(state["map"])
    mine = sorted({c for lk in network.complete_links(state, seat) for c in lk["cities"]})
    kept = {c.action["city"] for c in narrowed(
        state, ctx, seat, [Candidate({"type": "card", "seat": seat, "card": "city-growth#1",
                                      "city": c}, 0.0) for c in mine])}
    assert kept
    # Off its network nothing it owns carries a cube: no choice is kept.
    far = [c for c in state["cities"] if c not in mine and not state["cities"][c].get("warp")]
    assert narrowed(state, ctx, seat, [Candidate(
        {"type": "card", "seat": seat, "card": "city-growth#1", "city": c}, 0.0)
        for c in far]) == []


def test_a_new_city_is_tried_only_in_a_colour_its_network_holds_goods_of() -> None:
    title, state, seat = position()
    ctx = title.context(state["map"])
    mine = {c for lk in network.complete_links(state, seat) for c in lk["cities"]}
    gray = sorted(c for c in state["cities"] if state["cities"][c]["colour"] == "gray")
    held = {col for c in mine for col in state["cities"][c]["cubes"]}
    offered = [Candidate({"type": "urbanize", "seat": seat, "city": g, "colour": col}, -1.0)
               for g in gray for col in ("red", "yellow", "blue", "purple", "black")]
    kept = narrowed(state, ctx, seat, offered)
    assert 0 < len(kept) <= CHOICES_TRIED
    for c in kept:
        assert c.action["city"] in mine and c.action["colour"] in held


def test_copies_of_a_card_without_choices_are_tried_once() -> None:
    title, state, seat = position()
    ctx = title.context(state["map"])
    offered = [Candidate({"type": "card", "seat": seat, "card": c}, 0.0)
               for c in ("land-grant#1", "land-grant#2", "hotel-boston")]
    assert [c.action["card"] for c in narrowed(state, ctx, seat, offered)] == [
        "land-grant#1", "hotel-boston"]
