"""A Railways of the World computer links cities too far apart for one build with two builds of
the same turn (the first leaves the link open, the second finishes it), and never starts one
it has no action left this turn to finish."""

from __future__ import annotations

import copy
import dataclasses

from bot_games import easy_until_actions

from engine.core import step
from engine.core.types import State
from engine.rotw import interest, track
from engine.rotw.buildterms import build_terms
from engine.rotw.cards import max_tiles
from engine.rotw.player import RotwPlayer
from engine.rotw.playervalue import DEFAULT_WEIGHTS
from engine.rotw.title import RotwTitle


def long_player(title: RotwTitle) -> RotwPlayer:
    """The normal player, linking cities up to eight hexes apart with two builds."""
    return RotwPlayer(title, dataclasses.replace(DEFAULT_WEIGHTS, long_reach=8.0))


def chicago_seat(state: State, seat: int) -> None:
    """Give ``seat`` a link out of Chicago and money for a long build."""
    state["links"].append({"id": 901, "owner": seat, "cities": ["Chicago", "Milwaukee"],
                           "tiles": [], "complete": True})
    state["players"][seat]["money"] = 40_000


def partial_builds(player: RotwPlayer, state: State, seat: int) -> list[dict[str, object]]:
    ctx = player.title.context(state["map"])
    out = []
    for c in player.candidates(state, seat):
        a = c.action
        if a["type"] == "build" and not str(a["start"]).startswith("link:") \
                and track.plan_build(state, ctx, seat, a).end_city is None:
            out.append(a)
    return out


def test_a_route_too_long_for_one_build_splits_into_a_legal_first_part() -> None:
    title, state = easy_until_actions(1)
    seat = title.to_act(state)[0]
    ctx = title.context(state["map"])
    tiles = max_tiles(state, ctx, seat)
    terms = build_terms(state, ctx, seat, [])
    assert "St. Louis" not in track.routes_from(state, ctx, seat, "Chicago", ["St. Louis"], terms)
    route = track.two_action_routes(state, ctx, seat, "Chicago", ["St. Louis"], terms)["St. Louis"]
    assert len(route.path) - 1 > tiles  # more tiles than one build lays
    path, exit_side = track.first_part(ctx, route, tiles)
    first = {"type": "build", "seat": seat, "start": "Chicago", "path": path, "exit": exit_side}
    plan = track.plan_build(state, ctx, seat, first)
    assert plan.end_city is None and len(plan.tiles) == tiles
    state["players"][seat]["money"] = 40_000
    after = step(title, state, first).state
    open_link = next(lk for lk in after["links"] if lk["owner"] == seat and not lk["complete"])
    rest = track.routes_from(after, ctx, seat, f"link:{open_link['id']}", ["St. Louis"],
                             build_terms(after, ctx, seat, []))
    assert "St. Louis" in rest


def test_the_normal_player_starts_a_long_link_only_with_an_action_left_to_finish_it() -> None:
    title, state = easy_until_actions(1)
    assert isinstance(title, RotwTitle)
    seat = title.to_act(state)[0]
    chicago_seat(state, seat)
    player = long_player(title)
    assert interest.action_after(state)
    started = partial_builds(player, state, seat)
    assert started and all(a["start"] in {"Chicago", "Milwaukee"} for a in started)
    last = copy.deepcopy(state)
    last["round"] = 3
    assert not interest.action_after(last)
    assert not partial_builds(player, last, seat)
    # Switched off, it links only what one build reaches.
    single = RotwPlayer(title, dataclasses.replace(player.weights, long_reach=0.0))
    assert not partial_builds(single, state, seat)


def test_a_started_link_is_finished_first() -> None:
    title, state = easy_until_actions(1)
    assert isinstance(title, RotwTitle)
    seat = title.to_act(state)[0]
    chicago_seat(state, seat)
    player = long_player(title)
    first = partial_builds(player, state, seat)[0]
    after = step(title, state, first).state
    # The same seat again (its next action), the others' actions skipped.
    after["round"] = int(state["round"]) + 1
    found = player.candidates(after, seat)
    best = max(found, key=lambda c: c.prior)
    assert str(best.action["start"]).startswith("link:")
    ctx = title.context(after["map"])
    assert track.plan_build(after, ctx, seat, best.action).end_city is not None
