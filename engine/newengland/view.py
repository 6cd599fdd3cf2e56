"""What everyone sees: nothing in this game is secret except the order of the face-down decks."""

from __future__ import annotations

from typing import Any

from engine.core.types import State
from engine.newengland.board import Board
from engine.newengland.moves import STEP_NAMES, to_act


def public_view(board: Board, state: State) -> dict[str, Any]:
    links = state["links"]
    return {
        "title": "newengland",
        "turn": state["turn"],
        "phase": state["phase"],
        "step": STEP_NAMES.get(state["phase"], state["phase"]),
        "to_act": to_act(state),
        "first_player": state["first"],
        "last_turn": state["last_turn"],
        "players": [
            {"seat": p["seat"], "name": p["name"], "colour": p["colour"], "cash": p["cash"],
             "loans": p["loans"], "income": p["income"], "links": list(p["links"]),
             "bought_this_turn": p["bought"]}
            for p in state["players"]
        ],
        "cities": [
            {"name": c.name, "lat": c.lat, "lon": c.lon, "demand": c.demand,
             "cubes": list(state["cities"][c.name])}
            for c in board.cities.values()
        ],
        "links": [
            {"id": link.id, "a": link.a, "b": link.b, "build": link.build, "value": link.value,
             "owner": links[link.id]["owner"], "status": links[link.id]["status"]}
            for link in board.links.values()
        ],
        "display": _display(state),
        "auction": _auction(state),
        "build": dict(state["build"]) if state["build"] else None,
        "ship": ({"round": state["ship"]["round"], "queue": list(state["ship"]["queue"])}
                 if state["ship"] else None),
        "deck_left": len(state["deck"]),
        "cup": {colour: state["cup"].count(colour) for colour in board.cube_counts},
        "income_track": {"min": 0, "max": board.income_max},
        "recent": {"growth": [list(c) for c in state["recent"]["growth"]],
                   "market": dict(state["recent"]["market"] or {}) or None},
        "shipments": state["shipments"],
        "final": state["final"],
    }


def _auction(state: State) -> dict[str, Any] | None:
    a = state["auction"]
    if a is None:
        return None
    return {"link": a["link"], "high": a["high"], "bidder": a["bidder"], "next": a["next"],
            "out": list(a["out"]), "bidders": list(a["order"])}


def _display(state: State) -> dict[str, Any]:
    """The links of this turn and of the next. Once the auctions close (shipping, game over) the
    next turn's links have already moved down, so this turn's are the ones just auctioned."""
    auctioned = state["phase"] in ("ship", "over")
    return {"this_turn": list(state.get("auctioned", [])) if auctioned else list(state["current"]),
            "next_turn": list(state["current"]) if auctioned else list(state["future"]),
            "current": list(state["current"]), "future": list(state["future"]),
            "auction_pos": state["auction_pos"]}
