"""A fresh game laid out as the setup describes, per player count."""

from __future__ import annotations

from typing import Any

from engine.core.rng import Rng
from engine.core.types import Config, State
from engine.ultimate import emil
from engine.ultimate.board import Board


def new_player(board: Board, seat: int, name: str, colour: str, n: int) -> dict[str, Any]:
    start = board.data["start"]
    coins = int(board.data["solo"]["coins"]) if n == 1 else int(start["coins"][str(n)])
    n = board.side(n)
    routes: dict[str, dict[str, Any]] = {}
    for r in board.routes:
        routes[r.id] = {"tracks": {c: (1 if c == "wood" else 0) for c in r.colours},
                        "locos": ["1"] if r.id == board.routes[0].id else []}
        if r.fork_at:
            routes[r.id]["branch"] = None
        if r.areas:
            routes[r.id]["ext"] = {}  # station space -> route extension tile
    return {
        "seat": seat, "name": name, "colour": colour,
        "workers": int(start["workers"][str(n)]),
        "owned": int(start["workers"][str(n)]),
        "reserve": int(start["reserve_workers"]),
        "extra_workers": 0,
        "temp": 0,
        "wood_worker": "none",
        "coins": coins,
        "score": 0,
        "ledger": {},
        "routes": routes,
        "unlocked": ["wood"],
        "moved": {"wood": 0, "green": 0, "bronze": 0, "silver": 0, "gold": 0},
        "wrenches": [0],
        "factories": [None] * len(board.gaps),
        "doublers": 0,
        "engineers": [],
        "eng_used": [],
        "ideas": list(board.idea_tokens),
        "placed_ideas": [],
        "activated": [],
        "keys": 0,
        "medal": False,
        "revalued": False,
        "special_valuation": False,
        "income": [],
        "income_used": [],
        "bonus_cards": [],
        "idea_cards": [],
        "pool": [],
        "passed": False,
    }


def setup(board: Board, config: Config, rng: Rng) -> State:
    n = len(config["players"])
    players = [new_player(board, i, p["name"], p["colour"], n)
               for i, p in enumerate(config["players"])]
    side = board.side(n)
    order = list(range(n))
    rng.shuffle(order)  # the turn order cards dealt face down
    ends = list(board.end_bonus)
    rng.shuffle(ends)
    # Two end bonus cards go back to the box unseen: they are never stored, so never shown.
    deck = sorted(ends[board.data["end_bonus"]["removed_unseen"]:])
    row = _engineer_row(board, side, rng)
    stacks: dict[str, int] = {str(k): side for k in board.data["locomotives"]["numbers"]}
    for ten in board.data["locomotives"]["tens"]:
        stacks[ten] = side
    # The solo game sets the starting bonus cards aside.
    starting = list(board.start_bonus) if n > 1 else []
    state: State = {
        "title": "ultimate",
        "board": board.board_id,
        "players": players,
        "round": 1,
        "rounds": board.rounds(n),
        "phase": "bonus",
        "order": order,
        "current": None,
        "active": None,
        "spaces": {s.id: None for s in board.spaces(n) if not s.reusable},
        "again": [],
        "stacks": stacks,
        "factory_pool": [],
        "special_nine": True,
        "doublers": int(board.data["supply"]["doublers"]),
        "temp_holder": None,
        "engineer_row": row,
        "engineers_out": [],
        "idea_cards": list(board.idea_cards),
        "extensions": list(board.extensions),
        "income_tiles": list(board.income_tiles),
        "end_deck": deck,
        "start_cards": starting,
        "bonus_queue": list(reversed(order[1:])),
        "moves_queue": [],
        "last_scoring": None,
        "final": None,
        "finished": False,
    }
    if n == 1:
        state["emil"] = emil.new_emil(board, players[0]["colour"])
        emil.lay_blockades(board, state)
    return state


def fill_defaults(state: State) -> None:
    """A state saved (as a snapshot) before the German boards existed lacks their keys; each
    default means "none", so such a game goes on exactly as it was."""
    state.setdefault("extensions", [])
    state.setdefault("income_tiles", [])
    for p in state["players"]:
        p.setdefault("special_valuation", False)
        p.setdefault("income", [])
        p.setdefault("income_used", [])


def _engineer_row(board: Board, n: int, rng: Rng) -> list[int | None]:
    """Left to right: face-down B engineers, then A engineers up to the hiring space."""
    row_data = board.data["engineer_row"]
    length = int(row_data["length"][str(n)])
    groups = row_data["groups"][str(n)]
    stacks: dict[str, list[int]] = {"A": [], "B": []}
    for e in board.engineers.values():
        if e["group"] in stacks:
            stacks[e["group"]].append(int(e["number"]))
    for g in stacks.values():
        rng.shuffle(g)
    chosen: list[int | None] = [*stacks["B"][: groups["B"]], *stacks["A"][: groups["A"]]]
    return [None] * (length - len(chosen)) + chosen
