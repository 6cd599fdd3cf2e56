"""A Railways of the World computer follows a delivery plan or a major line only while the board
still lets it build one of the plan's next links."""

from __future__ import annotations

import dataclasses

import pytest
from bot_games import easy_until_actions

from engine.rotw import network
from engine.rotw.player import RotwPlayer
from engine.rotw.routeplan import next_links


def test_a_pair_no_build_can_join_is_not_linkable() -> None:
    title, state = easy_until_actions(1)
    seat = title.to_act(state)[0]
    player = RotwPlayer(title)
    memo: dict[frozenset[str], bool] = {}
    # Boston and New York lie five hexes apart, yet no build of four tiles joins them even on
    # the empty board (the cities between and their sides); Chicago and Milwaukee do join.
    assert not player._linkable(state, seat, "Boston", "New York", memo)
    assert player._linkable(state, seat, "Chicago", "Milwaukee", memo)
    assert memo == {frozenset(("Boston", "New York")): False,
                    frozenset(("Chicago", "Milwaukee")): True}


def test_plans_whose_next_links_are_all_refused_are_not_followed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    title, state = easy_until_actions(4)
    seat = title.to_act(state)[0]
    state["players"][seat]["money"] = 40_000
    player = RotwPlayer(title)
    mine = {c for lk in network.complete_links(state, seat) for c in lk["cities"]}
    followed = player._plans(state, seat, player.bond_cap(state, seat))
    needing = [pl for _, pl in followed if next_links(pl, mine)]
    assert needing
    refused = {frozenset(x) for x in next_links(needing[0], mine)}

    def linkable(state: object, seat: int, a: str, b: str, memo: object,
                 board: object = None) -> bool:
        return frozenset((a, b)) not in refused

    monkeypatch.setattr(player, "_linkable", linkable)
    now = [pl for _, pl in player._plans(state, seat, player.bond_cap(state, seat))]
    assert needing[0] not in now
    assert all(not next_links(pl, mine) or {frozenset(x) for x in next_links(pl, mine)}
               - refused for pl in now)
    # Without the check, the board's refusal is not looked at.
    blind = RotwPlayer(title, dataclasses.replace(player.weights, check_plans=0.0))
    monkeypatch.setattr(blind, "_linkable", linkable)
    assert needing[0] in [pl for _, pl in blind._plans(state, seat, blind.bond_cap(state, seat))]
