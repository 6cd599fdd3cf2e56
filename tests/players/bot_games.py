"""Whole games played by computer players straight on the engine, shared by the player tests."""

from __future__ import annotations

from collections.abc import Sequence

import maps
from engine.computer import computer_move
from engine.core import Action, Config, State, Title, new_game, replay, step
from engine.newengland import DATA, NewEnglandTitle
from engine.rotw.title import RotwTitle
from engine.ultimate import DATA as ULTIMATE_DATA
from engine.ultimate import UltimateTitle

MAX_MOVES = 4000


def titles() -> dict[str, Title]:
    return {"rotw": RotwTitle(maps.load, maps.load_cards), "newengland": NewEnglandTitle(DATA),
            "ultimate": UltimateTitle(ULTIMATE_DATA)}


def config(title: Title, players: int, seed: int, map_id: str | None = None,
           options: dict[str, object] | None = None) -> Config:
    return {"title": title.meta.id, "map": map_id, "options": dict(options or {}), "seed": seed,
            "players": [{"seat": i, "name": f"Bot {i + 1}", "colour": title.meta.colours[i]}
                        for i in range(players)], "rules_version": title.meta.rules_version}


def play(title: Title, cfg: Config, levels: Sequence[str], seed: int = 0,
         stop_after: int | None = None) -> tuple[State, list[Action]]:
    """Computer players (seat i plays ``levels[i % len(levels)]``) play from the set-up on;
    every move goes through the engine's checks. Returns the last state and the log."""
    state = new_game(title, cfg)
    log: list[Action] = []
    while not title.is_over(state) and len(log) < (stop_after or MAX_MOVES):
        seat = title.to_act(state)[0]
        action = computer_move(title, state, seat, levels[seat % len(levels)],
                               seed * 100_003 + len(log))
        result = step(title, state, action)
        log.append({**action, "chance": result.chance} if result.chance else action)
        state = result.state
    return state, log


def check_replays(title: Title, cfg: Config, state: State, log: list[Action]) -> None:
    assert replay(title, cfg, log) == state


def easy_until_actions(turn: int, players: int = 3, seed: int = 2) -> tuple[RotwTitle, State]:
    """An Eastern U.S. game played by easy computers up to the actions of ``turn``."""
    title = titles()["rotw"]
    assert isinstance(title, RotwTitle)
    state = new_game(title, config(title, players, seed, "eastern-us"))
    for n in range(400):
        if state["phase"] == "actions" and state["turn"] >= turn:
            break
        seat = title.to_act(state)[0]
        state = step(title, state, computer_move(title, state, seat, "easy", n)).state
    return title, state
