"""Games recorded by an earlier release, replayed by today's engine: a stored game must play out
exactly as it was played, whatever rules came later (each title keeps the behaviour of its
older rules versions).

A fixture (``tests/stored_games/*.json``) holds a seeded game of computer players as the engine
of its release played it: the config, the action log (with the chance each move drew), a digest
of what every move told the players and a digest of the final state.

Version 1 games (``GAMES``, in ``tests/stored_games/``) were recorded by the code of commit
679ad08, version 2 games (``GAMES_V2``, in ``tests/stored_games/v2/``) by that of commit 120a398.
Recording needs the old engine on the path ahead of this checkout's::

    git worktree add /tmp/old679 679ad08
    PYTHONPATH=/tmp/old679 .venv/bin/python tests/stored_games.py tests/stored_games 1
    git worktree add /tmp/old120 120a398
    PYTHONPATH=/tmp/old120 .venv/bin/python tests/stored_games.py tests/stored_games/v2 2

It only uses what those engines already had (``new_game``, ``step``, ``computer_move``).
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
FOLDERS = {1: FIXTURES, 2: FIXTURES / "v2"}
"""Where the games stored under each rules version lie."""

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


GAMES_V2: dict[str, dict[str, Any]] = {
    # recorded under rules version 2: every Railways of the World expansion map, the
    # mini-expansions, and every Ultimate Railroads board and module with the solo game
    "rotw-mexico": {"title": "rotw", "map": "mexico", "options": {}, "players": 3,
                    "seed": 21, "level": "easy", "moves": 300},
    "rotw-europe-minis": {"title": "rotw", "map": "europe",
                          "options": {"mines": True, "hotels": True, "switch_tracks": True},
                          "players": 4, "seed": 22, "level": "easy", "moves": 300},
    "rotw-western-us-rotors": {"title": "rotw", "map": "western-us",
                               "options": {"city_rotors": True, "fuel_depots": True},
                               "players": 3, "seed": 23, "level": "easy", "moves": 300},
    "rotw-great-britain": {"title": "rotw", "map": "great-britain", "options": {},
                           "players": 4, "seed": 24, "level": "easy", "moves": 300},
    "rotw-north-america": {"title": "rotw", "map": "north-america", "options": {},
                           "players": 4, "seed": 25, "level": "easy", "moves": 300},
    "rotw-nippon": {"title": "rotw", "map": "nippon", "options": {}, "players": 3,
                    "seed": 26, "level": "easy", "moves": 300},
    "rotw-eastern-us-events": {"title": "rotw", "map": "eastern-us",
                               "options": {"event_deck": True}, "players": 2, "seed": 27,
                               "level": "easy", "moves": 300},
    "rotw-through-time": {"title": "rotw", "map": "through-time", "options": {}, "players": 4,
                          "seed": 28, "level": "easy", "moves": 300},
    "rotw-transcontinental": {"title": "rotw", "map": "transcontinental", "options": {},
                              "players": 4, "seed": 29, "level": "easy", "moves": 300},
    "rotw-england-wales-advanced": {"title": "rotw", "map": "england-wales",
                                    "options": {"advanced": True}, "players": 4, "seed": 30,
                                    "level": "easy", "moves": 300},
    "ultimate-german-modules": {"title": "ultimate", "map": None,
                                "options": {"board": "german", "manufactory_train": True,
                                            "special_ideas": True,
                                            "additional_engineers": True},
                                "players": 3, "seed": 31, "level": "easy", "moves": 400},
    "ultimate-american-coal": {"title": "ultimate", "map": None,
                               "options": {"board": "american", "coal": True},
                               "players": 4, "seed": 32, "level": "easy", "moves": 400},
    "ultimate-asian": {"title": "ultimate", "map": None, "options": {"board": "asian"},
                       "players": 2, "seed": 33, "level": "easy", "moves": 400},
    "ultimate-solo": {"title": "ultimate", "map": None, "options": {"board": "russian"},
                      "players": 1, "seed": 34, "level": "easy", "moves": 400},
}


def games(version: int) -> dict[str, dict[str, Any]]:
    """The stored games of one rules version."""
    return GAMES if version == 1 else GAMES_V2


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


def record(spec: dict[str, Any], version: int) -> dict[str, Any]:
    """Computer players play the game from its set-up; the moves as the log stores them."""
    title, cfg = title_for(spec["title"]), config(spec, version if version > 1 else None)
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


def check_replays_as_played(name: str, rules_version: int | None, stored: int = 1) -> None:
    """The game ``name`` stored under version ``stored`` replays under ``rules_version`` to
    what each move told and to the final state it was recorded with (a version 1 state
    carries no version)."""
    fixture = load(name, stored)
    state, messages = replayed(fixture, rules_version)
    assert messages == fixture["messages"]
    assert digest(state) == fixture["state"]
    assert state.get("rules_version", 1) == stored


def plays_otherwise(fixture: dict[str, Any], rules_version: int) -> bool:
    """Whether the fixture's moves play out differently under ``rules_version``: a move
    refused, a recorded chance that no longer fits, a move that tells something else, or
    another final state."""
    try:
        state, _ = replayed(fixture, rules_version)
    except (AssertionError, IllegalAction, ReplayMismatch):
        return True
    return digest(state) != fixture["state"]


def load(name: str, version: int = 1) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FOLDERS[version] / f"{name}.json").read_text())
    return data


def main(out: str, version: int) -> None:
    import engine
    print("engine from", Path(engine.__file__).parent.parent)
    Path(out).mkdir(parents=True, exist_ok=True)
    for name, spec in games(version).items():
        data = record(spec, version)
        path = Path(out) / f"{name}.json"
        path.write_text(json.dumps(data, separators=(",", ":"), sort_keys=True) + "\n")
        print(f"{name}: {len(data['log'])} moves, over={data['over']}, "
              f"{path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
