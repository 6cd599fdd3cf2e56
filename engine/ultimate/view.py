"""What everyone sees, and what a seat alone sees. The end bonus cards are the secrets: taken
face down from a face-down deck, they show only in their owner's hand until the final scoring
reveals them (the deck shows only how many it holds); the two removed at setup are not in the
state at all."""

from __future__ import annotations

from typing import Any

from engine.core.types import State
from engine.ultimate import (
    emil,
    hooks,
    industry_board,
    pool,
    scoring,
    spaces,
)
from engine.ultimate.board import Space, boiled, tile_value
from engine.ultimate.ctx import Ctx
from engine.ultimate.tracks import reach


def to_act(state: State) -> list[int]:
    if state["finished"]:
        return []
    if state["active"] is not None:
        return [int(state["active"])]
    if state["phase"] == "actions":
        return [int(state["current"])]
    if state["phase"] == "moves" and state["moves_queue"]:
        return [int(state["moves_queue"][0])]
    return []


def public_view(ctx: Ctx) -> dict[str, Any]:
    state, board = ctx.state, ctx.board
    return {
        "title": "ultimate",
        "board": state["board"],
        "board_name": board.board_name,
        "round": state["round"],
        "rounds": state["rounds"],
        "last_round": state["round"] == state["rounds"],
        "last_round_tile": not emil.playing(state),  # set aside in the solo game
        "phase": state["phase"],
        "to_act": to_act(state),
        "current": state["current"],
        "order": list(state["order"]),
        "next_order": list(state.get("next_order", [])),
        "spaces": _spaces(ctx),
        "engineer_row": _row(ctx),
        "engineers_out": [board.engineer_number(k) for k in state["engineers_out"]],
        "stacks": dict(state["stacks"]),
        "factory_pool": [{"tile": t, "number": tile_value(t),
                          "text": board.factory(t)["text"]} for t in state["factory_pool"]],
        "doublers_left": state["doublers"],
        "temp_holder": state["temp_holder"],
        "idea_cards": [{"id": c, "text": board.idea_cards[c]["text"]}
                       for c in state["idea_cards"]],
        "end_bonus_deck": len(state["end_deck"]),  # face down
        "start_cards": list(state["start_cards"]) if state["phase"] == "bonus" else [],
        "industry_track": list(board.industry),
        "players": [_player(ctx, p) for p in state["players"]],
        "open_spaces": _open(ctx),
        "last_scoring": state["last_scoring"],
        "final": state["final"],
        "emil": emil.view(state),
        "modules": list(state["modules"]),
        "sharing": None if state["share"] is None else
        {"owner": state["share"]["owner"], "waiting": list(state["share"]["queue"]),
         "what": state["share"]["what"]},
        **_dual_track(ctx),
        **({"industry_board": industry_board.view(ctx)} if industry_board.shared(ctx) else {}),
        **{k: v for p in hooks.plugins() if p.view is not None for k, v in p.view(ctx).items()},
    }


def _dual_track(ctx: Ctx) -> dict[str, Any]:
    """The American dual industry track, with whichever boards it comes."""
    board = ctx.board
    return {"upper_industry_track": list(board.upper)} if board.upper else {}


def _open(ctx: Ctx) -> list[str]:
    """The spaces the seat to act could place on now (nothing in this game is secret)."""
    acting = to_act(ctx.state)
    if not acting or ctx.state["active"] is not None:
        return []
    moving = ctx.state["phase"] == "moves"
    return [o.id for o in spaces.open_offers(ctx, acting[0], single_worker=moving)]


def _spaces(ctx: Ctx) -> list[dict[str, Any]]:
    state = ctx.state
    seat = state["current"] if state["current"] is not None else 0
    out = []
    for o in spaces.all_offers(ctx, seat):
        if not o.direct:
            continue
        taken = state["spaces"].get(o.id)
        entry: dict[str, Any] = {
            "id": o.id, "name": o.name, "section": _section(o), "workers": o.workers,
            "coins": o.coins,
            "holder": _holder(state, taken),
            "placed_workers": 0 if taken is None else taken["workers"],
            "placed_coins": 0 if taken is None else taken["coins"],
        }
        if (taken is not None and taken.get("by") == "blockade") or (
                o.turn_order and emil.playing(state)):
            entry["blocked"] = True  # closed in the solo game (the blockade; no turn order)
        if o.reusable:
            entry["users"] = list(state["again"])
        out.append(entry)
    return out


def _holder(state: State, taken: dict[str, Any] | None) -> int | None:
    """A seat; Emil's spaces name the index just after the players (his entry in ``emil``)."""
    if taken is None or taken.get("by") == "blockade":
        return None
    if taken.get("by") == "emil":
        return len(state["players"])
    return int(taken["seat"])


SECTIONS = {"track": "track", "each_route": "track", "catchup": "track", "loco": "locomotives",
            "industry": "industry", "order": "turn order", "hire": "engineers"}


def _section(offer: Space) -> str:
    """Which part of the main board a space is drawn in."""
    if offer.id in spaces.ENGINEER_SPACES:
        return "engineers"
    return SECTIONS.get(offer.effects[0]["k"], "auxiliary")


def _row(ctx: Ctx) -> list[dict[str, Any] | None]:
    row = ctx.state["engineer_row"]
    roles = ["hidden"] * (len(row) - 3) + ["action", "action", "hire"]
    out: list[dict[str, Any] | None] = []
    for number, role in zip(row, roles, strict=True):
        if number is None:
            out.append(None)
            continue
        e = ctx.board.engineers[number]
        out.append({"number": ctx.board.engineer_number(number), "id": number,
                    "text": e["text"], "workers": e["workers"], "role": role})
    return out


def _player(ctx: Ctx, p: dict[str, Any]) -> dict[str, Any]:
    board = ctx.board
    seat = p["seat"]
    return {
        "seat": seat, "name": p["name"], "colour": p["colour"], "score": p["score"],
        "coins": p["coins"], "workers": p["workers"], "owned_workers": p["owned"],
        "temp_workers": p["temp"], "wood_worker": p["wood_worker"], "passed": p["passed"],
        "routes": [_route(ctx, p, r.id) for r in board.routes],
        "unlocked": list(p["unlocked"]),
        "doublers": p["doublers"],
        "industry": {
            "wrenches": list(p["wrenches"]),
            "upper": [w for w in range(len(p["wrenches"])) if board.on_upper(p, w)],
            "factories": [None if t is None else
                          {"gap_at": board.gaps[i], "tile": t.rstrip("+"), "number": tile_value(t),
                           "text": board.factory(t)["text"], "boiler": boiled(t)}
                          for i, t in enumerate(p["factories"])],
            "points": scoring.industry_points(board, p),
        },
        "engineers": [{"number": board.engineer_number(n), "id": n,
                       "text": board.engineer_text(n), "used": n in p["eng_used"]}
                      for n in p["engineers"]],
        "ideas_left": list(p["ideas"]),
        "ideas_placed": [dict(x) for x in p["placed_ideas"]],
        "keys": p["keys"],
        "medal": p["medal"],
        **({"medal_at": p["medal_at"]} if "medal_at" in p else {}),
        "valuation": list(scoring.valuation(board, p)),
        "special_valuation": p["special_valuation"],
        "income": [{"id": t, "text": board.income_tiles[t]["text"],
                    "used": t in p["income_used"]} for t in p["income"]],
        # face down until the final scoring reveals them
        "bonus_cards": bonus_cards(ctx, p) if state_over(ctx) else [],
        "bonus_cards_face_down": 0 if state_over(ctx) else len(p["bonus_cards"]),
        "idea_cards": [{"id": c, "text": board.idea_cards[c]["text"]} for c in p["idea_cards"]],
        "extra_workers": p["extra_workers"],
        "double_industry": p["double_industry"],
        "freight": board.route_by_id[p["freight"]].name if p["freight"] else None,
        "pending": public_pending(ctx, seat) if p["pool"] else [],
        "round_points_now": scoring.round_breakdown(board, p),
        "ledger": dict(p["ledger"]),
        **{k: v for plugin in hooks.plugins() if plugin.player_view is not None
           for k, v in plugin.player_view(ctx, p).items()},
    }


def _route(ctx: Ctx, p: dict[str, Any], rid: str) -> dict[str, Any]:
    board = ctx.board
    route = board.route_by_id[rid]
    r = p["routes"][rid]
    branch = route.branch(r)
    extra: dict[str, Any] = {}
    if route.fork_at:
        extra["fork"] = {"after": route.fork_at, "branch": branch.name if branch else None,
                         "ways": [{"name": b.name, "length": b.length} for b in route.branches]}
    if route.areas:
        extra["areas"] = [{"at": a.at, "size": a.size, "station": a.station,
                           "tile": r["ext"].get(str(a.at))} for a in route.areas]
    return {
        **extra,
        "id": rid, "name": route.name + (f"-{branch.name}" if branch else ""),
        "length": route.length_for(r), "colours": list(route.colours_for(r)),
        "tracks": dict(r["tracks"]), "locos": [tile_value(t) for t in r["locos"]],
        "boilers": [boiled(t) for t in r["locos"]],
        "loco_slots": route.loco_slots,
        "sites": int(p.get("sites", {}).get(rid, 0)),
        # before the fork is taken nothing lies past it to reach
        "reach": min(reach(route, r), route.fork_at) if route.fork_at and not branch
        else reach(route, r),
        "doubler_spaces": route.doubler_spaces,
        "doublers": r.get("dbl", min(p["doublers"], route.doubler_spaces)),
        "specials": [{"at": sp.at, "kind": sp.kind, "loco": sp.loco,
                      "reached": f"{rid}:{sp.key}" in p["activated"],
                      **({"colour": sp.info["colour"]} if "colour" in sp.info else {}),
                      **({"points": sp.info["points"]} if "points" in sp.info else {}),
                      **({"track": sp.info["track"]} if "track" in sp.info else {}),
                      **({"done": True} if f"{rid}:{sp.key}" in p.get("done", ()) else {})}
                     for sp in board.specials_for(route, r)],
    }


SECRET_CHOICES = ("bonus-", "another-")
"""Choices that name the cards of the face-down end bonus deck."""


def is_secret_choice(choice: str) -> bool:
    return choice.startswith(SECRET_CHOICES)


def state_over(ctx: Ctx) -> bool:
    return bool(ctx.state["finished"])


def bonus_cards(ctx: Ctx, p: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"id": c, "text": ctx.board.end_bonus[c]["text"]} for c in p["bonus_cards"]]


def pending(ctx: Ctx, seat: int) -> list[dict[str, str]]:
    return [{"choice": v, "label": label} for v, label in pool.all_options(ctx, seat)]


def public_pending(ctx: Ctx, seat: int) -> list[dict[str, str]]:
    """The seat's open choices as the others see them: the end bonus deck's cards it looks
    through stay hidden."""
    out = [x for x in pending(ctx, seat) if not is_secret_choice(x["choice"])]
    if len(out) < len(pending(ctx, seat)):
        out.append({"choice": "secret", "label": "an end bonus card from the face-down deck"})
    return out


def private_view(ctx: Ctx, seat: int) -> dict[str, Any]:
    """What only ``seat`` sees: its end bonus cards and the deck's cards it may choose from."""
    p = ctx.player(seat)
    out: dict[str, Any] = {"seat": seat}
    if p["bonus_cards"]:
        out["end_bonus_cards"] = bonus_cards(ctx, p)
    choosing = [x for x in pending(ctx, seat) if is_secret_choice(x["choice"])] \
        if p["pool"] else []
    if choosing:  # /pick choice: takes the value; the hand reads the card's words
        out["end_bonus_deck"] = [{"choice": x["choice"],
                                  "text": x["label"].removeprefix("end bonus card: ")}
                                 for x in choosing]
    return out
