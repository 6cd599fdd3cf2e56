"""A fresh game laid out as the setup describes, per player count."""

from __future__ import annotations

from typing import Any

from engine.core.rng import Rng
from engine.core.rulesversion import keep_rules_version
from engine.core.types import Config, State
from engine.ultimate import emil, hooks, industry_board, versions
from engine.ultimate.board import Board
from engine.ultimate.module_data import chosen, fewer_a_engineers


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
        "wrenches": [0, 0] if board.upper else [0],  # the dual American track has two
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
        "special_cards": [],
        "coal": 0,
        "foundries": [],
        "foundries_used": [],
        "double_industry": False,
        "freight": None,
        **_site_player(board),
        "bonus_cards": [],
        "idea_cards": [],
        "pool": [],
        "passed": False,
    }


def _site_player(board: Board) -> dict[str, Any]:
    """Construction site tokens (on the locomotive places they block) and the chosen place of
    the medal, on boards that print them (the Asian ones); other boards have neither."""
    sites = {r.id: r.sites for r in board.routes if r.sites}
    return {"sites": sites, "medal_at": None} if sites or board.medal_choice else {}


def setup(board: Board, config: Config, rng: Rng) -> State:
    n = len(config["players"])
    modules = chosen(config["options"])
    players = [new_player(board, i, p["name"], p["colour"], n)
               for i, p in enumerate(config["players"])]
    side = board.side(n)
    order = list(range(n))
    rng.shuffle(order)  # the turn order cards dealt face down
    ends = versions.end_bonus_cards(config, list(board.end_bonus))
    rng.shuffle(ends)
    # Two end bonus cards go back to the box unseen: they are never stored, so never shown.
    deck = sorted(ends[board.data["end_bonus"]["removed_unseen"]:])
    row = _engineer_row(board, side, rng, fewer_a_engineers(modules), modules)
    stacks: dict[str, int] = {str(k): side for k in board.data["locomotives"]["numbers"]}
    for ten in board.data["locomotives"]["tens"]:
        stacks[ten] = side
    # The solo game sets the starting bonus cards aside.
    starting = board.start_cards(modules) if n > 1 else []
    state: State = {
        "title": "ultimate",
        "board": board.board_id,
        **({"industry": board.industry_id} if board.mixed else {}),
        **({"asian_locos": "alternative" if board.alt_locos else "base"}
           if board.locos_choice else {}),
        "players": players,
        "round": 1,
        "modules": modules,
        "rounds": board.rounds(n, modules),
        "phase": "bonus",
        "order": order,
        "current": None,
        "active": None,
        "spaces": {s.id: None for s in board.spaces(n, modules) if not s.reusable},
        "again": [],
        "stacks": stacks,
        "factory_pool": [],
        "special_nine": True,
        "doublers": int(board.data["supply"]["doublers"]),
        "temp_holder": None,
        "engineer_row": row,
        "engineers_out": [],
        "idea_cards": board.idea_cards_in(modules),
        "extensions": list(board.extensions),
        "income_tiles": list(board.income_tiles),
        "end_deck": deck,
        "start_cards": starting,
        "bonus_queue": list(reversed(order[1:])),
        "moves_queue": [],
        "last_scoring": None,
        "share": None,
        "special_cards": [],
        "box_engineers": [],
        "box_locos": [],
        "freight_queue": [],
        "final": None,
        "finished": False,
    }
    keep_rules_version(state, config)
    for plugin in hooks.playing(state):
        if plugin.setup is not None:
            plugin.setup(board, state, rng)
    if board.shared_industry is not None:
        state["ind"] = industry_board.new_state(
            n, len(board.factory_spaces(n)), int(board.maintenance_cars["per_player"]))
    if n == 1:
        state["emil"] = emil.new_emil(board, players[0]["colour"], modules)
        emil.lay_blockades(board, state)
    return state


def fill_defaults(state: State) -> None:
    """A state saved (as a snapshot) before the German boards existed lacks their keys; each
    default means "none", so such a game goes on exactly as it was."""
    state.setdefault("extensions", [])
    state.setdefault("income_tiles", [])
    state.setdefault("modules", [])  # saved before the modules: played without any
    state.setdefault("share", None)
    for key in ("special_cards", "box_engineers", "box_locos", "freight_queue"):
        state.setdefault(key, [])
    for p in state["players"]:
        p.setdefault("special_valuation", False)
        p.setdefault("income", [])
        p.setdefault("income_used", [])
        p.setdefault("special_cards", [])
        p.setdefault("double_industry", False)
        p.setdefault("freight", None)
        p.setdefault("coal", 0)
        p.setdefault("foundries", [])
        p.setdefault("foundries_used", [])


def _engineer_row(board: Board, n: int, rng: Rng, fewer_a: int = 0,
                  modules: list[str] | None = None) -> list[int | None]:
    """Left to right: face-down B engineers, then A engineers up to the hiring space (a module
    that shortens the game leaves ``fewer_a`` of the A engineers out). With a module's engineers
    shuffled in (the additional engineers, the coal engineer), an engineer whose number is
    already in the row is passed over."""
    row_data = board.data["engineer_row"]
    length = int(row_data["length"][str(n)])
    groups = row_data["groups"][str(n)]
    stacks: dict[str, list[int]] = {"A": [], "B": []}
    for key, e in board.engineers.items():
        # an engineer that 'cannot be used with the industry board' stays out with it
        unusable = board.shared_industry is not None and "industry_board" in e.get("not_with", ())
        if e["group"] in stacks and e.get("module", "") in ("", *(modules or ())) and \
                not unusable:
            stacks[e["group"]].append(key)
    for g in stacks.values():
        rng.shuffle(g)
    numbers: set[int] = set()

    def deal(stack: list[int], count: int) -> list[int | None]:
        out: list[int | None] = []
        for key in stack:
            if len(out) < count and board.engineer_number(key) not in numbers:
                numbers.add(board.engineer_number(key))
                out.append(key)
        return out

    row = [*deal(stacks["B"], groups["B"]), *deal(stacks["A"], groups["A"] - fewer_a)]
    return [None] * (length - len(row)) + row
