"""Random complete games chosen among the legal moves, checking invariants after every move."""

from __future__ import annotations

import copy
import os
import random

import pytest
from ne_helpers import config, cube_total, title

from engine.core import Action, IllegalAction, new_game, replay, step

GAMES = int(os.environ.get("NE_FUZZ_GAMES", "12"))
MAX_MOVES = 5000


def choose(legal: list[Action], pick: random.Random) -> Action:
    # Favour cheap bids and shipping so games look like play, yet every kind of move happens.
    kinds = sorted({a["type"] for a in legal})
    kind = pick.choice(kinds)
    if "ship" in kinds and pick.random() < 0.7:
        kind = "ship"
    options = [a for a in legal if a["type"] == kind]
    if kind in ("bid", "loan", "retire"):
        options = options[: max(1, len(options) // 3)]
    return pick.choice(options)


def check(state: dict, t) -> None:
    assert cube_total(state) == t.board.cube_total()
    for p in state["players"]:
        assert p["cash"] >= 0, p
        assert p["loans"] >= 0 and p["loans"] % 10 == 0, p
        assert 0 <= p["income"] <= t.board.income_max
    for lid, link in state["links"].items():
        owned = link["owner"] is not None
        assert owned == (link["status"] in ("built", "unfinished")), (lid, link)


def play(seed: int, players: int) -> tuple[dict, list[Action]]:
    t = title()
    cfg = config(players, seed)
    state = new_game(t, cfg)
    pick = random.Random(seed)
    log: list[Action] = []
    for _ in range(MAX_MOVES):
        if t.is_over(state):
            break
        acting = t.to_act(state)
        assert acting, f"nobody to act in phase {state['phase']}"
        seat = pick.choice(acting)
        legal = t.legal(state, seat)
        assert legal, f"{seat} must act but has no legal move in {state['phase']}"
        for other in range(players):
            if other not in acting:
                assert t.legal(state, other) == []
        action = choose(legal, pick)
        before = copy.deepcopy(state)
        result = step(t, state, action)
        assert state == before, "step must not touch the state it was given"
        assert result.events, action
        for ev in result.events:
            assert ev["text"].endswith((".", "!", ")")), ev["text"]
        check(result.state, t)
        state = result.state
        log.append({**action, "chance": result.chance} if result.chance else action)
    assert t.is_over(state), "the game did not end"
    assert replay(t, cfg, log) == state
    return state, log


@pytest.mark.parametrize("n", range(GAMES))
def test_random_games_finish_with_invariants(n: int) -> None:
    players = 3 + n % 4
    state, _ = play(1000 + n, players)
    final = state["final"]
    assert final is not None and final["winners"]
    best = max(final["money"])
    assert all(final["money"][w] == best for w in final["winners"])


def test_illegal_moves_leave_the_state_alone() -> None:
    t = title()
    state = new_game(t, config(4, 3))
    seat = t.to_act(state)[0]
    for bad in ({"type": "bid", "seat": seat, "amount": 3},
                {"type": "loan", "seat": seat, "amount": 15},
                {"type": "loan", "seat": seat, "amount": -10},
                {"type": "ship", "seat": seat, "route": ["Boston", "Lowell"]}):
        with pytest.raises(IllegalAction):
            step(t, state, bad)
