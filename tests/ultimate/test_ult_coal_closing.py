"""The Coal module: when a used foundry may be closed. Closing is decided right after the
foundry's own action and before anything that action brought (rules version 3): a step of the
foundry that reaches a space giving a locomotive cannot first fetch that locomotive and then
put the closed foundry's boilerman on it."""

from __future__ import annotations

import pytest
from ult_helpers import ctx_of, fresh, play, skip_bonus

from engine.core import IllegalAction, State
from engine.ultimate import tracks
from engine.ultimate.plugins import coal
from engine.ultimate.title import UltimateTitle


def picks(t: UltimateTitle, state: State, seat: int) -> set[str]:
    return {a["choice"] for a in t.legal(state, seat) if a["type"] == "pick"}


def holding(foundry: str, board: str = "russian", version: int | None = None
            ) -> tuple[UltimateTitle, State, int]:
    """The seat to act holds the foundry and 2 coal to use it."""
    t, state = fresh(3, 2, board, coal=True)
    if version is not None:
        state["rules_version"] = version
    state = skip_bonus(t, state)
    a = state["current"]
    state["players"][a].update(coal=2, foundries=[foundry])
    for where in ("face_up", "unseen"):
        if foundry in state["coal"][where]:
            state["coal"][where].remove(foundry)
    return t, state, a


def below_seoul_7(version: int | None = None) -> tuple[UltimateTitle, State, int]:
    """Asian board: the seat holds the foundry of 1 track step and 1 doubler; its wood track
    stands on Seoul space 6 under a #7 locomotive, one step below space 7, which gives a
    locomotive; a #3 runs on Beijing, nothing on Tokyo yet."""
    t, state, a = holding("doubler", "asian", version)
    routes = state["players"][a]["routes"]
    routes["seoul"].update(locos=["7"], tracks={**routes["seoul"]["tracks"], "wood": 6})
    routes["beijing"]["locos"] = ["3"]
    tracks.newly_reached(ctx_of(t, state), a)  # the spaces up to 6 have given what they give
    return t, state, a


def test_closing_is_decided_before_the_locomotive_the_foundry_step_reached() -> None:
    # The rulebook's order: pay 2 coal, resolve the foundry's action, then decide to close it;
    # never after an additional action the foundry brought.
    t, state, a = below_seoul_7()
    state = play(t, state, a, "pick", choice="foundry-doubler")
    # the foundry's own step first: closing is not offered before it
    assert picks(t, state, a) == {"wood-beijing", "wood-seoul", "wood-tokyo"}
    state = play(t, state, a, "pick", choice="wood-seoul")
    assert state["players"][a]["doublers"] == 1
    # Seoul space 7 gives a locomotive, but closing (or keeping) comes first
    assert picks(t, state, a) == {"close-doubler", "keep-doubler"}
    with pytest.raises(IllegalAction, match="not one of your choices"):
        play(t, state, a, "pick", choice="loco-tokyo")
    state = play(t, state, a, "pick", choice="close-doubler")
    # the boilerman goes on what the seat has now, the new locomotive still waiting
    assert picks(t, state, a) == {"boil-beijing-1", "boil-seoul-1"}
    state = play(t, state, a, "pick", choice="boil-beijing-1")
    assert picks(t, state, a) == {"loco-tokyo"}
    state = play(t, state, a, "pick", choice="loco-tokyo")
    p = state["players"][a]
    assert p["routes"]["beijing"]["locos"] == ["3+"] and p["routes"]["tokyo"]["locos"] == ["2"]
    assert p["foundries"] == []


def test_a_foundry_kept_open_cannot_be_closed_once_the_locomotive_is_taken() -> None:
    t, state, a = below_seoul_7()
    state = play(t, state, a, "pick", choice="foundry-doubler")
    state = play(t, state, a, "pick", choice="wood-seoul")
    state = play(t, state, a, "pick", choice="keep-doubler")
    assert picks(t, state, a) == {"loco-tokyo"}
    state = play(t, state, a, "pick", choice="loco-tokyo")
    assert state["players"][a]["foundries"] == ["doubler"]
    assert not {c for c in picks(t, state, a) if c.startswith(("close-", "keep-"))}
    with pytest.raises(IllegalAction, match="not one of your choices"):
        play(t, state, a, "pick", choice="close-doubler")


def test_version_2_games_still_close_the_foundry_at_any_time() -> None:
    t, state, a = below_seoul_7(version=2)
    state = play(t, state, a, "pick", choice="foundry-doubler")
    assert "close-doubler" in picks(t, state, a)  # even before the foundry's step
    state = play(t, state, a, "pick", choice="wood-seoul")
    assert picks(t, state, a) == {"close-doubler", "loco-tokyo"}  # no keep choice then
    state = play(t, state, a, "pick", choice="loco-tokyo")
    while not {"close-doubler"} >= picks(t, state, a):  # Tokyo's construction site
        state = play(t, state, a, "pick", choice=sorted(picks(t, state, a) - {"close-doubler"})[0])
    state = play(t, state, a, "pick", choice="close-doubler")
    assert "boil-tokyo-1" in picks(t, state, a)  # the new locomotive could take the boilerman


def test_a_foundry_closed_right_after_use_boils_any_locomotive_or_factory() -> None:
    # "You can only choose to close a foundry immediately after using it": the foundry of 3
    # coins brings nothing more, so closing is asked at once.
    t, state, a = holding("coins")
    p = state["players"][a]
    p["routes"]["sp"]["locos"] = ["3"]
    p["factories"][0] = "4"
    coins = p["coins"]
    state = play(t, state, a, "pick", choice="foundry-coins")
    assert state["players"][a]["coins"] == coins + 3
    assert picks(t, state, a) == {"close-coins", "keep-coins"}
    state = play(t, state, a, "pick", choice="close-coins")
    targets = {v for v, _ in coal.boiler_targets(ctx_of(t, state), a)}
    assert picks(t, state, a) == targets == {"boil-ts-1", "boil-sp-1", "boil-gap-1"}
    state = play(t, state, a, "pick", choice="boil-gap-1")
    p = state["players"][a]
    assert p["factories"][0] == "4+" and p["foundries"] == []
    assert state["active"] is None and state["current"] == a  # the regular action follows


def test_a_foundry_used_after_the_action_is_settled_before_the_action_goes_on() -> None:
    t, state, a = holding("coins")
    state = play(t, state, a, "place", space="wood2")
    assert "foundry-coins" in picks(t, state, a)
    state = play(t, state, a, "pick", choice="foundry-coins")
    assert picks(t, state, a) == {"close-coins", "keep-coins"}
    # the placed action's 2 wood steps wait, and still have to be taken
    with pytest.raises(IllegalAction, match="must finish the action"):
        play(t, state, a, "done")
    state = play(t, state, a, "pick", choice="keep-coins")
    assert picks(t, state, a) == {"wood-ts", "wood-sp", "wood-kiev"}
    assert state["players"][a]["foundries"] == ["coins"]


def test_the_reused_space_is_the_foundry_own_action_closing_follows_it() -> None:
    # "Reuse 1 action space": that space's action is the foundry's, so closing comes after it.
    t, state, a = holding("reuse")
    state = play(t, state, a, "place", space="wood2")
    state = play(t, state, a, "pick", choice="wood-ts")
    state = play(t, state, a, "pick", choice="wood-ts")
    state = play(t, state, a, "pick", choice="foundry-reuse")
    state = play(t, state, a, "pick", choice="again-wood2")
    assert picks(t, state, a) == {"wood-ts", "wood-sp", "wood-kiev"}
    state = play(t, state, a, "pick", choice="wood-sp")
    state = play(t, state, a, "pick", choice="wood-sp")
    assert picks(t, state, a) == {"close-reuse", "keep-reuse"}
