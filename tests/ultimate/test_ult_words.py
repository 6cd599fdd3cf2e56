"""Ultimate Railroads speaks in players' words: the status line names the round's step, and
/game info names house values by what they are, never by their ids."""

from __future__ import annotations

from ult_helpers import fresh, skip_bonus

from engine.core import step
from engine.ultimate.data import DATA


def test_status_line_names_the_step_in_words() -> None:
    t, state = fresh(2)
    assert t.summary(state).startswith("Round 1 of 6, choosing starting bonuses. Scores: ")
    state = skip_bonus(t, state)
    assert t.summary(state).startswith("Round 1 of 6, placing workers. Scores: ")


def test_house_values_are_named_not_identified() -> None:
    t, _ = fresh(2)
    space_ids = {sp["id"] for sp in DATA["spaces"]["list"]}
    named = [h for h in t.meta.house_data if h.startswith("spaces: ")]
    assert named, "some action spaces are house values"
    assert not {h.removeprefix("spaces: ") for h in named} & space_ids
    assert "spaces: 1 wood or green step (always open)" in named


def test_a_starting_bonus_is_named_once() -> None:
    t, state = fresh(2)
    seat = t.to_act(state)[0]
    coins = [e["text"] for e in step(t, state, {"type": "pick", "seat": seat,
                                                "choice": "start-coins"}).events]
    name = state["players"][seat]["name"]
    assert coins[:2] == [f"{name} takes a starting bonus card.", f"{name} takes 2 coins."]
    wood = [e["text"] for e in step(t, state, {"type": "pick", "seat": seat,
                                               "choice": "start-wood"}).events]
    assert wood[0] == f"{name} takes the starting bonus: 2 wood steps."

