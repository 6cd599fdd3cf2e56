"""Shared helpers for the Ultimate Railroads tests: configs, a fresh title, board recomputation."""

from __future__ import annotations

from typing import Any

from engine.core import Config, Rng, State, new_game, step
from engine.ultimate import DATA, UltimateTitle
from engine.ultimate.ctx import Ctx
from engine.ultimate.versions import VERSION

NAMES = ["Anna", "Boris", "Clara", "Dmitri"]
COLOURS = ["red", "blue", "yellow", "purple"]
LEVELS = ["wood", "green", "bronze", "silver", "gold"]


def config(players: int, seed: int = 1, board: str = "russian", **modules: bool | str) -> Config:
    return {
        "title": "ultimate",
        "map": None,
        "options": ({} if board == "russian" else {"board": board}) | modules,
        "seed": seed,
        "players": [{"seat": i, "name": NAMES[i], "colour": COLOURS[i]} for i in range(players)],
        "rules_version": VERSION,
    }


def title() -> UltimateTitle:
    return UltimateTitle(DATA)


def fresh(players: int, seed: int = 1, board: str = "russian", **modules: bool | str
          ) -> tuple[UltimateTitle, State]:
    t = title()
    return t, new_game(t, config(players, seed, board, **modules))


def play(t: UltimateTitle, state: State, seat: int, kind: str, **options: Any) -> State:
    return step(t, state, {"type": kind, "seat": seat, **options}).state


def skip_bonus(t: UltimateTitle, state: State) -> State:
    """Everyone who may take a starting bonus takes the first one offered."""
    while state["phase"] == "bonus":
        seat = t.to_act(state)[0]
        state = play(t, state, seat, "pick", choice=t.legal(state, seat)[0]["choice"])
    return state


def lone_green_step(t: UltimateTitle, state: State) -> tuple[State, int]:
    """The player to act (bonus cards taken) places on industry +1: the single wrench moves onto
    a #4 factory, whose single green step fits only the Trans-Siberian (an indirect action's
    only choice). Returns the state after the placement and the player."""
    state = skip_bonus(t, state)
    a = t.to_act(state)[0]
    p = state["players"][a]
    p["wrenches"] = [t.board.gaps[0] - 1]
    p["factories"][0] = "4"  # 1 green step
    p["unlocked"] = ["wood", "green"]
    p["routes"]["ts"]["tracks"]["wood"] = 3
    return play(t, state, a, "place", space="industry1"), a


def tile_number(tile: str) -> int:
    """The printed number of a locomotive tile (a boilerman on it, "+", left out)."""
    return int(tile.rstrip("+").rstrip("abs"))


def reference_route_points(route: dict[str, Any], tracks: dict[str, int], locos: list[int],
                           valuation: list[int], doublers: int, doubled: bool,
                           bonus: int) -> int:
    """Route scoring written out independently of the engine, straight from the rulebook text:
    each track scores its own space and the empty spaces behind it, up to the locomotives'
    reach; a doubler doubles its space; the route doubling space doubles the route."""
    reach = min(sum(locos), route["length"])
    colours = [c for c in LEVELS[: route["levels"]]]
    points = []
    for space in range(1, route["length"] + 1):
        colour = None
        for c in colours:  # the last colour whose track is on or ahead of the space
            if tracks[c] >= space:
                colour = c
        points.append(0 if colour is None else valuation[LEVELS.index(colour)])
    total = 0
    for i in range(reach):
        total += points[i] * (2 if i < doublers else 1)
    return total * (2 if doubled else 1) + bonus


def acting(t: UltimateTitle, state: State) -> int:
    return t.to_act(state)[0]


def choices_of(t: UltimateTitle, state: State, seat: int) -> set[str]:
    return {a["choice"] for a in t.legal(state, seat) if a["type"] == "pick"}


def ctx_of(t: UltimateTitle, state: State) -> Ctx:
    return Ctx(t.board_of(state), state, Rng({"seed": 0, "n": 0}))


def tracks(state: State, seat: int, rid: str, **at: int) -> dict[str, Any]:
    """Put a player's tracks on a route where a test needs them."""
    p: dict[str, Any] = state["players"][seat]
    p["routes"][rid]["tracks"].update(at)
    return p
