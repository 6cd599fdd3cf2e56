"""A fresh game laid out as the setup describes."""

from __future__ import annotations

from typing import Any

from engine.core.rng import Rng
from engine.core.types import Config, State
from engine.newengland.board import Board


def new_player(seat: int, name: str, colour: str, cash: int) -> dict[str, Any]:
    return {"seat": seat, "name": name, "colour": colour, "cash": cash, "loans": 0, "income": 0,
            "links": [], "bought": False}


def setup(board: Board, config: Config, rng: Rng) -> State:
    n = len(config["players"])
    cup = [colour for colour, count in board.cube_counts.items() for _ in range(count)]
    cities: dict[str, list[str]] = {name: [] for name in board.cities}
    # The rulebook's setup order: one cube each for the first seven, then two each.
    for city, count in board.setup_cubes.items():
        for _ in range(count):
            cities[city].append(rng.draw(cup))
    start = board.start_links[n]
    deck = [lid for lid in board.links if lid not in start]
    rng.shuffle(deck)
    growth = list(range(len(board.growth_cards)))
    rng.shuffle(growth)
    links = {lid: {"owner": None, "status": "deck"} for lid in board.links}
    for lid in start:
        links[lid]["status"] = "current"
    first = rng.below(n)
    players = [new_player(i, p["name"], p["colour"], board.start_cash)
               for i, p in enumerate(config["players"])]
    return {
        "title": "newengland",
        "turn": 1,
        "phase": "loans",
        "first": first,
        "players": players,
        "links": links,
        "deck": deck,
        "current": list(start),
        "future": [],
        "auctioned": [],
        "cities": cities,
        "cup": cup,
        "growth_deck": growth,
        "growth_discard": [],
        "pending": [(first + i) % n for i in range(n)],
        "auction_pos": 0,
        "auction": None,
        "build": None,
        "ship": None,
        "last_turn": False,
        "finished": False,
        "final": None,
        "recent": {"growth": [], "market": None},
        "shipments": 0,
    }
