"""A Railways of the World computer in a seat with an unfinished link of its own (a player's
partial build, the seat then taken over) finishes it before anything else: it is removed at the
end of the turn otherwise."""

from __future__ import annotations

from bot_games import easy_until_actions

from engine.core import step
from engine.rotw import track
from engine.rotw.player import RotwPlayer


def test_a_started_link_is_finished_first() -> None:
    title, state = easy_until_actions(1)
    seat = title.to_act(state)[0]
    ctx = title.context(state["map"])
    state["players"][seat]["money"] = 40_000
    # Chicago to St. Louis is more tiles than one build lays: the first build leaves it open.
    part = track.route_toward(state, ctx, seat, "Chicago", "St. Louis", None, allow_partial=True)
    assert part is not None and not part.complete and part.exit is not None
    after = step(title, state, {"type": "build", "seat": seat, "start": "Chicago",
                                "path": part.path, "exit": part.exit}).state
    assert any(lk["owner"] == seat and not lk["complete"] for lk in after["links"])
    after["round"] = int(state["round"]) + 1  # its next action, the others' skipped
    best = max(RotwPlayer(title).candidates(after, seat), key=lambda c: c.prior)
    assert str(best.action["start"]).startswith("link:")
    assert track.plan_build(after, ctx, seat, best.action).end_city is not None
