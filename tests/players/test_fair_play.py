"""Computer players are deterministic, never read what their seat cannot see, and never stall."""

from __future__ import annotations

import copy
import functools
from typing import Any

import pytest
from bot_games import config, play, titles

from engine.computer import Budget, computer_move, player_for
from engine.core import IllegalAction, State, Title, step
from engine.core.players import Candidate, ComputerPlayer, choose
from engine.core.rng import Rng, new_rng_state


def midgame(system: str, moves: int) -> tuple[Title, State]:
    title, state = _midgame(system, moves)
    return title, copy.deepcopy(state)


@functools.cache
def _midgame(system: str, moves: int) -> tuple[Title, State]:
    title = titles()[system]
    cfg = config(title, 3, 21, "eastern-us" if system == "rotw" else None)
    state, _ = play(title, cfg, ["easy"], stop_after=moves)
    assert not title.is_over(state)
    return title, state


def scramble(system: str, state: State, seat: int) -> State:
    """The same game as ``seat`` sees it, with everything hidden from it changed."""
    out = copy.deepcopy(state)
    rng = Rng(new_rng_state(99))
    out["rng"] = new_rng_state(12345)
    if system == "rotw":
        rng.shuffle(out["ops"]["deck"])
        barons = [p["baron"] for p in out["players"] if p["seat"] != seat]
        rng.shuffle(barons)
        for p in out["players"]:
            if p["seat"] != seat:
                p["baron"] = barons.pop()
                p["hand"] = list(reversed(p["hand"]))
    elif system == "newengland":
        rng.shuffle(out["deck"])
        rng.shuffle(out["growth_deck"])
    else:
        hidden = [e for e in out["engineer_row"][:-3] if e is not None]
        rng.shuffle(hidden)
        out["engineer_row"] = [e if e is None else hidden.pop()
                               for e in out["engineer_row"][:-3]] + out["engineer_row"][-3:]
        # the end bonus cards: the face-down deck and the others' cards taken face down
        others = [p for p in out["players"] if p["seat"] != seat]
        cards = out["end_deck"] + [c for p in others for c in p["bonus_cards"]]
        rng.shuffle(cards)
        out["end_deck"] = sorted(cards[:len(out["end_deck"])])
        cards = cards[len(out["end_deck"]):]
        for p in others:
            p["bonus_cards"], cards = cards[:len(p["bonus_cards"])], cards[len(p["bonus_cards"]):]
    assert out != state
    return out


CASES = [("rotw", 50), ("newengland", 120), ("ultimate", 30), ("ultimate", 100)]
"""Midgames; after 100 Ultimate moves another seat holds a face-down end bonus card."""
SEARCH = Budget(rollouts=10)
"""A strong player's budget in these tests: two samples of each of its five best moves."""


@pytest.mark.parametrize(("system", "moves"), CASES)
@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_no_peeking(system: str, moves: int, level: str) -> None:
    title, state = midgame(system, moves)
    seat = title.to_act(state)[0]
    chosen = computer_move(title, state, seat, level, 7, SEARCH)
    assert computer_move(title, scramble(system, state, seat), seat, level, 7, SEARCH) == chosen


@pytest.mark.parametrize(("system", "moves"), CASES)
def test_a_strong_players_guesses_hang_on_nothing_hidden(system: str, moves: int) -> None:
    """The copies a strong player plays on from (its samples of what it cannot see) are the
    same whatever the hidden cards really are, so no rollout can read them."""
    title, state = midgame(system, moves)
    seat = title.to_act(state)[0]
    player = player_for(title)

    def sample(of: State) -> State:
        world = player.blind(of, Rng(new_rng_state(5)), seat)
        for p in world["players"]:
            p.get("hand", []).sort()  # cards in hand are public; only their order was changed
        return world

    assert sample(scramble(system, state, seat)) == sample(state)


@pytest.mark.parametrize(("system", "moves"), CASES)
def test_same_state_and_seed_same_move(system: str, moves: int) -> None:
    title, state = midgame(system, moves)
    seat = title.to_act(state)[0]
    before = copy.deepcopy(state)
    first = computer_move(title, state, seat, "normal", 3)
    assert state == before, "choosing must not touch the game"
    assert computer_move(title, copy.deepcopy(state), seat, "normal", 3) == first
    step(title, state, first)  # accepted by the rules


def test_the_seed_varies_easy_play() -> None:
    title = titles()["newengland"]
    cfg = config(title, 3, 2)
    _, one = play(title, cfg, ["easy"], seed=1, stop_after=80)
    _, other = play(title, cfg, ["easy"], seed=2, stop_after=80)
    assert one != other


class Stubborn(ComputerPlayer):
    """Proposes only moves the rules refuse."""

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        return [Candidate({"type": "build", "seat": seat, "start": "Atlantis"}, 9.0),
                Candidate({"type": "teleport", "seat": seat}, 5.0)]

    def value(self, state: State, seat: int) -> float:
        return 0.0


@pytest.mark.parametrize("system", ["rotw", "newengland", "ultimate"])
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_refused_choice_falls_back_to_a_legal_move(system: str, level: str) -> None:
    title, state = midgame(system, 50 if system == "rotw" else 30)
    seat = title.to_act(state)[0]
    with pytest.raises(IllegalAction):
        step(title, state, {"type": "teleport", "seat": seat})
    action: dict[str, Any] = choose(title, Stubborn(title), state, seat, level, 1)
    assert step(title, state, action).events


def test_every_title_has_a_player() -> None:
    for title in titles().values():
        assert player_for(title).title is title
