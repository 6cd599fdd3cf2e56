"""The quick player of a Railways of the World rollout: its moves are the rules' own, choosing
one changes nothing, it reads nothing hidden, and a rollout of it reaches the turn's end."""

from __future__ import annotations

import copy

import pytest
from bot_games import config, titles

from engine.core import State, new_game, step
from engine.core.rng import Rng, new_rng_state
from engine.core.search import Budget, _rollout
from engine.rotw.player import TRIAL_SHARE, RotwPlayer
from engine.rotw.rollout import quick_move
from engine.rotw.routeplan import Plan
from engine.rotw.title import RotwTitle


def _player() -> tuple[RotwTitle, RotwPlayer]:
    title = titles()["rotw"]
    assert isinstance(title, RotwTitle)
    return title, RotwPlayer(title)


def _game(seed: int) -> State:
    title = titles()["rotw"]
    return new_game(title, config(title, 4, seed, "eastern-us"))


def test_quick_moves_are_accepted_and_leave_the_game_as_it_was() -> None:
    """Quick players play well into a game: each move is legal (made in place, as the search
    makes it), and choosing it changes nothing."""
    title, player = _player()
    state = _game(7)
    made: dict[str, int] = {}
    for _ in range(160):
        if title.is_over(state):
            break
        seat = title.to_act(state)[0]
        before = copy.deepcopy(state)
        moves = quick_move(player, state, seat)
        assert state == before
        assert len(moves) == 1
        made[moves[0]["type"]] = made.get(moves[0]["type"], 0) + 1
        state = step(title, state, moves[0], in_place=True).state
    # It built, delivered and upgraded, not only passed.
    assert made.get("build", 0) >= 8 and made.get("deliver", 0) >= 4
    assert made.get("upgrade", 0) >= 1
    assert max(p["score"] for p in state["players"]) > 5


def _into_actions(seed: int, moves: int) -> State:
    """A game of normal players, stopped at the first action of a turn after ``moves`` moves."""
    title, player = _player()
    state = _game(seed)
    rng = Rng(new_rng_state(seed))
    n = 0
    while n < moves or not (state["phase"] == "actions" and state["round"] == 1
                            and state["order_pos"] == 0):
        seat = title.to_act(state)[0]
        state = step(title, state, player.rollout_choices(state, seat, rng)[0]).state
        n += 1
    return state


def test_quick_moves_read_nothing_hidden() -> None:
    """The deck's order and the other seats' Rail Barons, changed, change no quick move."""
    title, player = _player()
    state = _into_actions(3, 40)
    for seat in range(4):
        seen = quick_move(player, state, seat) if seat in title.to_act(state) else None
        other = copy.deepcopy(state)
        other["ops"]["deck"].reverse()
        barons = [p["baron"] for s, p in enumerate(other["players"]) if s != seat]
        for p, b in zip([p for s, p in enumerate(other["players"]) if s != seat],
                        barons[1:] + barons[:1], strict=True):
            p["baron"] = b
        assert other != state
        assert (quick_move(player, other, seat) if seat in title.to_act(other) else None) == seen


def test_a_rollout_plays_to_the_end_of_the_turn() -> None:
    """From a turn's first action, a rollout's moves take every seat through its three actions
    to the next turn: a move's worth includes what it lets the player do later in the turn."""
    title, player = _player()
    state = _into_actions(5, 30)
    turn = state["turn"]
    work = copy.deepcopy(state)
    rng = Rng(new_rng_state(1))
    acted: dict[int, int] = {}
    for _ in range(player.rollout_length):
        if player.period(work) != turn:
            break
        seat = title.to_act(work)[0]
        if work["phase"] == "actions":
            acted[seat] = acted.get(seat, 0) + 1
        work = step(title, work, player.rollout_choices(work, seat, rng)[0], in_place=True).state
    assert player.period(work) == turn + 1
    assert acted == {0: 3, 1: 3, 2: 3, 3: 3}


class Recording(RotwPlayer):
    """Notes the turn each rollout ends in."""

    ended: list[int]

    def standing(self, state: State, seat: int) -> float:
        self.ended.append(int(state["turn"]))
        return super().standing(state, seat)


def test_a_strong_rollout_plays_on_to_the_end_of_the_next_turn() -> None:
    """A strong player's rollout sees its move's turn and the next one through: a link built
    now delivers in the next turn. Told to stop after one turn, it stops there."""
    title, _ = _player()
    state = _into_actions(5, 30)
    seat = title.to_act(state)[0]
    player = Recording(title)
    first = player.rollout_choices(state, seat, Rng(new_rng_state(1)))[0]
    for turns in (1, player.rollout_periods):
        player.ended = []
        player.rollout_periods = turns
        _rollout(title, player, state, seat, first, Rng(new_rng_state(2)), Budget())
        assert player.ended == [state["turn"] + turns]




def test_the_searching_seat_builds_toward_the_plans_it_follows() -> None:
    """A stand-in following a plan builds its next link, whichever link it would build
    without; where the search starts the searching seat's plans are worked out (the normal
    player's own) and only its stand-in follows them."""
    title, player = _player()
    state = _into_actions(4, 0)
    seat = title.to_act(state)[0]
    ctx = title.context(state["map"])
    plain = quick_move(player, state, seat)[0]
    assert plain["type"] == "build"
    plain_ends = {plain["start"]}
    built = 0
    for city in sorted(state["cities"]):
        if city in plain_ends or not state["cities"][city]["cubes"]:
            continue
        for other, _ in ctx.cities_near(city, 3):
            plan = Plan(city, "", (city, other), ((city, other),), 6, 0, 6000)
            move = quick_move(player, state, seat, [(50.0, plan)])[0]
            if move["type"] != "build":
                continue
            assert move["start"] in (city, other), (move, plan)
            built += 1
            break
        if built >= 3:
            break
    assert built >= 3
    player.searched(state, seat, [])
    follower, followed = player._rollout_plans
    stuck = not any(a["type"] == "deliver" for a in title.legal(state, seat))
    assert follower == seat and followed
    assert followed == player._plans(state, seat, player.bond_cap(state, seat, stuck))
    other_seat = (seat + 1) % 4
    assert player.rollout_choices(state, other_seat, Rng(new_rng_state(1))) == quick_move(
        player, state, other_seat)


def test_the_search_credits_each_action_with_its_trial_score_against_the_first() -> None:
    """An action the normal player's trial scored lower than its first starts that many points
    (a point of score is ``weights.score`` of the trial's units) behind; an untried one none."""
    _, player = _player()
    unit = player.weights.score
    lead = player.lead([9.0 * unit, 6.0 * unit, None, 9.0 * unit])
    assert lead[1] - lead[0] == pytest.approx(-3.0 * TRIAL_SHARE)
    assert lead[3] - lead[0] == pytest.approx(0.0)
    assert lead[2] == 0.0
