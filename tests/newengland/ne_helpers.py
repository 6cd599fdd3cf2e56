"""Shared helpers for the New England Railways tests: configs and a fresh title."""

from __future__ import annotations

import random
from typing import Any

from engine.core import Config, State, new_game, step
from engine.newengland import DATA, NewEnglandTitle
from engine.newengland.context import Ctx

NAMES = ["Dave", "Pete", "John", "Vince", "Ann", "Sue"]
COLOURS = ["black", "white", "green", "orange", "pink", "brown"]


def config(players: int, seed: int = 1) -> Config:
    return {
        "title": "newengland",
        "map": None,
        "options": {},
        "seed": seed,
        "players": [{"seat": i, "name": NAMES[i], "colour": COLOURS[i]} for i in range(players)],
    }


def title() -> NewEnglandTitle:
    return NewEnglandTitle(DATA)


def played_view(moves: int, names: list[str] | None = None) -> dict[str, Any]:
    """The public view of a 5-player game (seed 9) after ``moves`` random moves that favour
    shipping and low bids; ``names`` replaces the players' names."""
    t = title()
    cfg = config(5, 9)
    if names:
        for p, name in zip(cfg["players"], names, strict=False):
            p["name"] = name
    state = new_game(t, cfg)
    pick = random.Random(9)
    for _ in range(moves):
        if t.is_over(state):
            break
        seat = pick.choice(t.to_act(state))
        legal = t.legal(state, seat)
        ships = [a for a in legal if a["type"] == "ship"]
        cheap = [a for a in legal if a["type"] == "bid"][:3]
        state = step(t, state, pick.choice(ships or cheap or legal)).state
    return t.view(state, None)


class FixedRng:
    """Hands out the given values for die rolls (1-6) and below() draws, in order."""

    def __init__(self, values: list[int]) -> None:
        self.values = list(values)

    def below(self, k: int) -> int:
        v = self.values.pop(0)
        assert 0 <= v < k
        return v

    def die(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def choice(self, items: Any) -> Any:
        return items[self.below(len(items))]

    def shuffle(self, items: Any) -> None:
        return None

    def draw(self, pool: Any) -> Any:
        return pool.pop(self.below(len(pool)))


def ctx(t: NewEnglandTitle, state: State, rolls: list[int] | None = None) -> Ctx:
    return Ctx(t.board, state, FixedRng(rolls or []))  # type: ignore[arg-type]


def cube_total(state: State) -> int:
    return len(state["cup"]) + sum(len(c) for c in state["cities"].values())
