"""Games recorded by an earlier release, replayed by today's engine: a stored game must play out
exactly as it was played, whatever rules came later (each title keeps the behaviour of its
older rules versions).

A fixture (``tests/stored_games/*.json``) holds a seeded game of computer players as the engine
of its release played it: the config, the action log (with the chance each move drew), a digest
of what every move told the players and a digest of the final state.

Recording needs the old engine on the path ahead of this checkout's, e.g. for the first rules of
Railways of the World and Ultimate Railroads (the code of commit 679ad08)::

    git worktree add /tmp/old679 679ad08
    PYTHONPATH=/tmp/old679 .venv/bin/python tests/stored_games.py tests/stored_games

It only uses what that engine already had (``new_game``, ``step``, ``computer_move``).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import maps
from engine.computer import computer_move
from engine.core.errors import IllegalAction
from engine.core.replay import new_game, step
from engine.core.rng import ReplayMismatch
from engine.core.title import Title
from engine.core.types import Action, Config, Event, State
from engine.rotw.title import RotwTitle
from engine.ultimate import DATA as ULTIMATE_DATA
from engine.ultimate import UltimateTitle

FIXTURES = Path(__file__).resolve().parent / "stored_games"

GAMES: dict[str, dict[str, Any]] = {
    # name: title, map, options, players, seed, computer level, moves recorded
    "rotw-through-time": {"title": "rotw", "map": "through-time", "options": {}, "players": 3,
                          "seed": 11, "level": "easy", "moves": 300},
    "rotw-eastern-us-events": {"title": "rotw", "map": "eastern-us",
                               "options": {"event_deck": True}, "players": 3, "seed": 4,
                               "level": "easy", "moves": 300},
    "rotw-nippon": {"title": "rotw", "map": "nippon", "options": {}, "players": 3, "seed": 7,
                    "level": "easy", "moves": 300},
    "ultimate-core": {"title": "ultimate", "map": None, "options": {"board": "russian"},
                      "players": 3, "seed": 6, "level": "easy", "moves": 400},
    "ultimate-coal": {"title": "ultimate", "map": None,
                      "options": {"board": "german", "coal": True}, "players": 3, "seed": 10,
                      "level": "easy", "moves": 400},
}


def title_for(title_id: str) -> Title:
    if title_id == "rotw":
        return RotwTitle(maps.load, maps.load_cards)
    return UltimateTitle(ULTIMATE_DATA)


def config(spec: dict[str, Any], rules_version: int | None = None) -> Config:
    cfg: Config = {"title": spec["title"], "map": spec["map"], "options": dict(spec["options"]),
                   "seed": int(spec["seed"]),
                   "players": [{"seat": i, "name": f"Bot {i + 1}",
                                "colour": title_for(spec["title"]).meta.colours[i]}
                               for i in range(int(spec["players"]))]}
    if rules_version is not None:
        cfg["rules_version"] = rules_version
    return cfg


def digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:16]


def told(events: list[Event]) -> str:
    """What one move told everyone and each player: the events' kinds, texts, who sees them
    and their data."""
    return digest(events)


def record(spec: dict[str, Any]) -> dict[str, Any]:
    """Computer players play the game from its set-up; the moves as the log stores them."""
    title, cfg = title_for(spec["title"]), config(spec)
    state = new_game(title, cfg)
    log: list[Action] = []
    messages: list[str] = []
    while not title.is_over(state) and len(log) < int(spec["moves"]):
        seat = title.to_act(state)[0]
        action = computer_move(title, state, seat, spec["level"], int(spec["seed"]) + len(log))
        done = step(title, state, action)
        log.append({**action, "chance": done.chance} if done.chance else action)
        messages.append(told(done.events))
        state = done.state
    return {"config": cfg, "log": log, "messages": messages, "state": digest(state),
            "over": title.is_over(state)}


def replayed(fixture: dict[str, Any], rules_version: int | None
             ) -> tuple[State, list[str]]:
    """The fixture's log replayed by today's engine under ``rules_version`` (None: the config
    as stored, without a version, as games stored before versions were recorded)."""
    cfg: Config = dict(fixture["config"])  # type: ignore[assignment]
    if rules_version is not None:
        cfg["rules_version"] = rules_version
    title = title_for(cfg["title"])
    state = new_game(title, cfg)
    messages = []
    for n, action in enumerate(fixture["log"], 1):
        done = step(title, state, action, in_place=True)
        messages.append(told(done.events))
        assert messages[-1] == fixture["messages"][n - 1], f"move #{n} tells something else"
    return state, messages


def check_replays_as_played(name: str, rules_version: int | None) -> None:
    """The stored game ``name`` replays under ``rules_version`` to what each move told and to
    the final state it was recorded with (a version 1 state carries no version)."""
    fixture = load(name)
    state, messages = replayed(fixture, rules_version)
    assert messages == fixture["messages"]
    assert digest(state) == fixture["state"]
    assert "rules_version" not in state


def plays_otherwise(fixture: dict[str, Any], rules_version: int) -> bool:
    """Whether the fixture's moves play out differently under ``rules_version``: a move
    refused, a recorded chance that no longer fits, a move that tells something else, or
    another final state."""
    try:
        state, _ = replayed(fixture, rules_version)
    except (AssertionError, IllegalAction, ReplayMismatch):
        return True
    return digest(state) != fixture["state"]


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / f"{name}.json").read_text())
    return data


def main(out: str) -> None:
    import engine
    print("engine from", Path(engine.__file__).parent.parent)
    Path(out).mkdir(parents=True, exist_ok=True)
    for name, spec in GAMES.items():
        data = record(spec)
        path = Path(out) / f"{name}.json"
        path.write_text(json.dumps(data, separators=(",", ":"), sort_keys=True) + "\n")
        print(f"{name}: {len(data['log'])} moves, over={data['over']}, "
              f"{path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main(sys.argv[1])
