"""The order of play: starting bonuses, the action phase (placing, passing), turn order and the
workers moved from it, the scoring phase, the next round and the final scoring."""

from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.core.types import State
from engine.ultimate import (
    choices,
    emil,
    gains,
    hooks,
    industry_board,
    pool,
    scoring,
    shares,
    spaces,
)
from engine.ultimate.ctx import Ctx


def begin(ctx: Ctx) -> None:
    ctx.say(f"Round 1 of {ctx.state['rounds']}.{_order_text(ctx)}", "round")
    _next_bonus(ctx)


def _order_text(ctx: Ctx) -> str:
    if emil.playing(ctx.state):
        return f" {ctx.state['emil']['name']} takes the first turn."
    return " Turn order: " + ", ".join(ctx.name(s) for s in ctx.state["order"]) + "."


def _next_bonus(ctx: Ctx) -> None:
    queue = ctx.state["bonus_queue"]
    if not queue:
        _begin_actions(ctx)
        return
    seat = queue[0]
    ctx.state["active"] = seat
    ctx.player(seat)["pool"].append({"k": "start", "must": True, "src": "starting bonus"})
    ctx.say(f"{ctx.name(seat)} chooses a starting bonus card.", "turn", seat=seat)
    settle(ctx)


def _begin_actions(ctx: Ctx) -> None:
    ctx.state["phase"] = "actions"
    ctx.state["current"] = ctx.state["order"][0]
    if emil.playing(ctx.state):
        emil.turn(ctx)
    ctx.say(f"{ctx.name(ctx.state['current'])} starts the action phase.", "turn")


def settle(ctx: Ctx) -> None:
    """After any change: finish the acting seat's turn once its pool is empty."""
    while True:
        seat = ctx.state["active"]
        if seat is None:
            return
        pool.tidy(ctx, seat)
        if ctx.player(seat)["pool"]:
            return
        _finish(ctx, seat)


def _finish(ctx: Ctx, seat: int) -> None:
    """The seat's pool is empty: its turn ends, unless it only used income tiles before its
    action (then it still places or passes)."""
    ctx.state["active"] = None
    if ctx.player(seat).pop("before_action", False):
        return
    owner = shares.pending(ctx)
    if owner is not None:
        # The others' shares of the action come before the turn passes on.
        if shares.next_turn(ctx):
            return
        seat = owner
    ended = hooks.turn_over(ctx, seat)  # an American general payout may come first
    if ended is not None:
        _end_turn(ctx, ended)


def _end_turn(ctx: Ctx, seat: int) -> None:
    industry_board.end_turn(ctx)
    phase = ctx.state["phase"]
    if phase == "bonus":
        ctx.state["bonus_queue"].pop(0)
        _next_bonus(ctx)
    elif phase == "actions":
        _advance(ctx)
    elif phase == "moves":
        ctx.state["moves_queue"].pop(0)
        _next_move(ctx)
    elif phase == "freight":
        ctx.state["freight_queue"].pop(0)
        _next_freight(ctx)


def _advance(ctx: Ctx) -> None:
    if emil.playing(ctx.state):
        # Solo: Emil and the player alternate; once the player passes, the round's actions end.
        emil.gain_workers(ctx)
        if ctx.player(0)["passed"]:
            _end_actions(ctx)
        else:
            emil.turn(ctx)
        return
    order = ctx.state["order"]
    idx = order.index(ctx.state["current"])
    for i in range(1, len(order) + 1):
        seat = order[(idx + i) % len(order)]
        if not ctx.player(seat)["passed"]:
            ctx.state["current"] = seat
            return
    _end_actions(ctx)


# -- moves ------------------------------------------------------------------------------------

def place(ctx: Ctx, seat: int, space_id: str, coins: int | None) -> None:
    state = ctx.state
    moving = state["phase"] == "moves"
    car = industry_board.why_not_car(ctx, seat, space_id.strip().lower())
    if car:
        raise IllegalAction("car_unavailable", car)
    offer = spaces.find(ctx, seat, space_id)
    why = spaces.taken(ctx, seat, offer) or spaces.useless(ctx, seat, offer)
    if why:
        raise IllegalAction("space_unavailable", why)
    p = ctx.player(seat)
    if moving:
        if offer.workers != 1 or offer.coins or offer.turn_order:
            raise IllegalAction("one_worker", "A worker moved from the turn order track may only "
                                "go to a space that needs exactly 1 worker.")
        if coins:
            raise IllegalAction("one_worker", "A moved worker cannot be combined with coins.")
        paid = spaces.Payment(0, 0, False, 0)
    else:
        paid = spaces.payment(ctx, seat, offer, coins)
    spaces.pay(ctx, seat, paid)
    p.pop("coal_before", None)
    used = paid.workers + paid.temp + (1 if paid.wood else 0)
    if industry_board.is_car(offer.id):
        industry_board.use_car(ctx, seat, offer.id)
    elif offer.reusable:
        state["again"].append(seat)
    elif not offer.direct:  # one of the seat's own engineers
        p["eng_used"].append(int(offer.id[3:]))
    else:
        state["spaces"][offer.id] = {"seat": seat, "workers": used or (1 if moving else 0),
                                     "coins": paid.coins}
    how = _paid_text(paid, moving)
    ctx.say(f"{ctx.name(seat)} takes '{offer.name}' ({how}).", "place", seat=seat,
            space=offer.id)
    state["active"] = seat
    gains.expand(ctx, seat, offer.effects, offer.direct, offer.name)
    if paid.wood and any(e["k"] == "track" and e["c"] == "wood" for e in offer.effects):
        gains.expand(ctx, seat, [{"k": "track", "c": "wood", "n": 1}], False, "wood worker")
    if not moving and (p["income"] or free_actions(state)):
        # Income tiles, coin spaces and the plug-ins' actions (coal) may still be used after
        # the action, until the turn is ended.
        p["pool"].append({"k": "income", "must": False, "src": "income tiles"})
    settle(ctx)


def free_actions(state: State) -> list[hooks.Plugin]:
    """The plug-ins in play that add actions besides the turn's (the Coal module)."""
    return [p for p in hooks.playing(state) if p.free_options is not None]


def may_place(ctx: Ctx, seat: int) -> bool:
    """Whether the seat has an action space it could take now."""
    return bool(spaces.open_offers(ctx, seat, single_worker=ctx.state["phase"] == "moves"))


def may_pass(ctx: Ctx, seat: int) -> bool:
    """Passing is refused once coal was used this turn before a regular action that is still
    possible ('You cannot use these spaces when passing'). The flag keeps its saved name."""
    return not (ctx.player(seat).get("coal_before") and may_place(ctx, seat))


def income_open(ctx: Ctx, seat: int) -> bool:
    """Income tiles are used on one's own turn of the action phase, before placing (or
    passing); never after passing, by a worker moved from turn order, or in a scoring."""
    state = ctx.state
    return (state["phase"] == "actions" and state["current"] == seat
            and state["active"] is None and not ctx.player(seat)["passed"])


def use_income(ctx: Ctx, seat: int, choice: str) -> None:
    """An income tile used before the turn's action: the seat then still places or passes."""
    if not income_open(ctx, seat):
        raise IllegalAction("no_income_now", "Income tiles and coal actions are used on your own "
                            "turn of the action phase, before or after your action; not after "
                            "passing, nor by the worker moved from the turn order track.")
    offered = choices.free_options(ctx, seat)
    found = [v for v, label in offered if choice in (v, v.removeprefix("income-"))
             or label.lower().startswith(choice)]
    told = next((p.free_unknown for p in free_actions(ctx.state) if p.free_unknown), None)
    if len(found) != 1 and told is not None:
        raise IllegalAction("bad_choice", told(choice, "; ".join(f"{v} ({label})"
                                                                  for v, label in offered)))
    if len(found) != 1:
        have = "; ".join(f"{v} ({label})" for v, label in offered) or "none now"
        words = [p.free_words for p in free_actions(ctx.state) if p.free_words]
        what = words[0] if words else \
            "one of your face-up income tiles (each is used once per round)"
        raise IllegalAction("bad_choice", f"'{choice}' is not {what}: {have}. Place on an action "
                            "space with /place, or /pass.")
    p = ctx.player(seat)
    p["before_action"] = True
    owner = hooks.free_owner(found[0])
    if owner is not None and owner.no_passing:
        p["coal_before"] = True  # the turn must now bring its regular action: no passing
    ctx.state["active"] = seat
    gains.use_free(ctx, seat, found[0])
    settle(ctx)


def _paid_text(paid: spaces.Payment, moving: bool) -> str:
    if moving:
        return "moving the worker from the turn order track"
    parts = []
    if paid.workers:
        parts.append(f"{paid.workers} worker{'s' if paid.workers > 1 else ''}")
    if paid.temp:
        parts.append(f"{paid.temp} temporary worker{'s' if paid.temp > 1 else ''}")
    if paid.wood:
        parts.append("the wood worker")
    if paid.coins:
        parts.append(f"{paid.coins} coin{'s' if paid.coins > 1 else ''}")
    return ", ".join(parts) or "no workers"


def pick(ctx: Ctx, seat: int, choice: str) -> None:
    pool.resolve(ctx, seat, choice.strip().lower())
    settle(ctx)


def done(ctx: Ctx, seat: int) -> None:
    if not pool.may_stop(ctx, seat):
        left = ", ".join(label for _, label in pool.all_options(ctx, seat)[:4])
        raise IllegalAction("must_finish", "You must finish the action you placed on first "
                            f"(a direct action is resolved in full); you can still: {left}.")
    p = ctx.player(seat)
    only_income = all(t["k"] == "income" for t in p["pool"])
    share = ctx.state["share"]
    declined = share is not None and share["owner"] != seat
    p["pool"].clear()
    if declined:
        ctx.say(f"{ctx.name(seat)} takes none of {share['what']}.", "done", seat=seat)
    elif only_income:
        ctx.say(f"{ctx.name(seat)} ends their turn.", "done", seat=seat)
    else:
        ctx.say(f"{ctx.name(seat)} leaves the rest of their action unused.", "done", seat=seat)
    _finish(ctx, seat)


def pass_turn(ctx: Ctx, seat: int) -> None:
    state = ctx.state
    if state["phase"] == "moves":
        ctx.say(f"{ctx.name(seat)} leaves their worker on the turn order track.", "pass",
                seat=seat)
        state["moves_queue"].pop(0)
        _next_move(ctx)
        return
    p = ctx.player(seat)
    if not may_pass(ctx, seat):
        why = next((p.no_passing for p in free_actions(state) if p.no_passing), "")
        raise IllegalAction("coal_then_pass", why)
    p.pop("coal_before", None)
    p["passed"] = True
    position = state["order"].index(seat)
    points = int(ctx.board.data["pass_points"]["points"][position])
    ctx.score(seat, points, "passing")
    extra = f" and scores {ctx.points(points)} from their turn order card" if points else ""
    ctx.say(f"{ctx.name(seat)} passes for the rest of the round{extra}.", "pass", seat=seat)
    _advance(ctx)


# -- end of the action phase ---------------------------------------------------------------------

def _holder(ctx: Ctx, space_id: str) -> int | None:
    taken = ctx.state["spaces"].get(space_id)
    return None if taken is None or taken["seat"] is None else int(taken["seat"])


def _end_actions(ctx: Ctx) -> None:
    state = ctx.state
    state["current"] = None
    last = state["round"] == state["rounds"]
    first, second = _holder(ctx, "first"), _holder(ctx, "second")
    movers = [s for s in (first, second) if s is not None]
    state["next_order"] = next_order(state["order"], first, second)
    if not last and movers:
        ctx.say(f"Turn order next round: {', '.join(ctx.name(s) for s in state['next_order'])}.",
                "order")
    state["moves_queue"] = [s for s in (second, first) if s is not None] if not last else []
    state["phase"] = "moves"
    _next_move(ctx)


def next_order(order: list[int], first: int | None, second: int | None) -> list[int]:
    """Pawns of the turn order spaces go to places 1 and 2; the others keep their order in the
    places left. The first player who took the second space with the first space empty stays
    first (the rulebook's special case)."""
    if first is None and second == order[0]:
        return list(order)
    rest = iter(s for s in order if s not in (first, second))
    fixed = {0: first, 1: second}
    out = []
    for i in range(len(order)):
        taker = fixed.get(i)
        out.append(taker if taker is not None else next(rest))
    return out


def _next_move(ctx: Ctx) -> None:
    queue = ctx.state["moves_queue"]
    if queue:
        ctx.say(f"{ctx.name(queue[0])} may move their worker from the turn order track to a "
                "space that needs 1 worker, or pass.", "turn", seat=queue[0])
        return
    # The plug-ins' turns right before the scoring phase (the Special Ideas freight car); the
    # phase and its queue keep the names saved games know them by.
    ctx.state["freight_queue"] = [s for s in ctx.state["order"]
                                  if hooks.before_scoring(ctx, s) is not None]
    ctx.state["phase"] = "freight"
    _next_freight(ctx)


def _next_freight(ctx: Ctx) -> None:
    queue = ctx.state["freight_queue"]
    if not queue:
        _score_round(ctx)
        return
    seat = queue[0]
    ctx.state["active"] = seat
    owner = hooks.before_scoring(ctx, seat)
    assert owner is not None and owner.before_scoring_turn is not None
    owner.before_scoring_turn(ctx, seat)
    settle(ctx)


def _score_round(ctx: Ctx) -> None:
    state = ctx.state
    state["phase"] = "scoring"
    breakdown = {}
    for p in state["players"]:
        parts = scoring.round_breakdown(ctx.board, p)
        breakdown[str(p["seat"])] = parts
        total = sum(parts.values())
        ctx.score(p["seat"], total, "scoring")
        ctx.say(f"{p['name']} scores {ctx.points(total)} ({_parts_text(ctx, parts)}).", "scoring",
                seat=p["seat"], points=total)
    state["last_scoring"] = {"round": state["round"], "points": breakdown}
    if state["round"] >= state["rounds"]:
        _final(ctx)
    else:
        _new_round(ctx)


def _parts_text(ctx: Ctx, parts: dict[str, int]) -> str:
    names = {r.id: r.name for r in ctx.board.routes} | {"industry": "industry"}
    shown = [f"{names.get(k, k)} {v}" for k, v in parts.items() if k in names or v]
    return ", ".join(shown)


def _new_round(ctx: Ctx) -> None:
    state = ctx.state
    for p in state["players"]:
        p["workers"] = p["owned"]
        p["temp"] = 0
        if p["wood_worker"] == "placed":
            p["wood_worker"] = "supply"
        p["eng_used"] = []
        p["passed"] = False
        p["income_used"] = []  # flipped face up again after the scoring
        p["foundries_used"] = []  # their coal goes back to the supply after the scoring
    state["spaces"] = {k: None for k in state["spaces"]}
    for plugin in hooks.playing(state):
        if plugin.round_end is not None:
            plugin.round_end(ctx)
    if emil.playing(state):
        emil.gain_workers(ctx)
        emil.new_round(ctx)
    state["again"] = []
    state["temp_holder"] = None
    row = state["engineer_row"]
    if row[-1] is not None:
        state["engineers_out"].append(row[-1])
        ctx.say(f"Engineer #{ctx.board.engineer_number(row[-1])} was not hired and leaves the "
                "game.", "engineer")
    state["engineer_row"] = [None, *row[:-1]]
    state["round"] += 1
    state["order"] = state.pop("next_order")
    state["phase"] = "actions"
    state["current"] = state["order"][0]
    tile = " The last round tile covers the turn order spaces: industry +3 instead." \
        if spaces.last_round_tile(state) else ""
    ctx.say(f"Round {state['round']} of {state['rounds']}.{_order_text(ctx)}{tile}", "round")
    if emil.playing(state):
        emil.turn(ctx)


def _final(ctx: Ctx) -> None:
    state = ctx.state
    board = ctx.board
    bonus: dict[str, dict[str, int]] = {}
    for p in state["players"]:
        cards = {c: scoring.bonus_card_points(board, p, c) for c in p["bonus_cards"]}
        bonus[str(p["seat"])] = cards
        for card, pts in cards.items():
            ctx.score(p["seat"], pts, "end bonus")
            ctx.say(f"{p['name']} scores {ctx.points(pts)} for the end bonus card: "
                    f"{board.end_bonus[card]['text']}.", "final", seat=p["seat"])
    won = emil.majority(ctx) if emil.playing(state) else \
        scoring.majority(state["players"], board.data["engineer_majority"]["points"])
    for seat, pts in won.items():
        ctx.score(seat, pts, "engineers")
        ctx.say(f"{ctx.name(seat)} scores {ctx.points(pts)} for the engineer majority.", "final",
                seat=seat)
    for plugin in hooks.playing(state):
        if plugin.final is not None:
            plugin.final(ctx)
    scores = [p["score"] for p in state["players"]]
    places = scoring.ranking(scores)
    winners = [i for i, place in enumerate(places) if place == 1]
    state["final"] = {"scores": scores, "places": places, "winners": winners,
                      "bonus": bonus, "majority": {str(k): v for k, v in won.items()},
                      **hooks.final_keys(ctx)}
    state["phase"] = "over"
    state["finished"] = True
    table = ", ".join(f"{p['name']} {p['score']}" for p in state["players"])
    who = " and ".join(ctx.name(w) for w in winners)
    if emil.playing(state):
        ctx.say(f"Game over. {ctx.name(0)} finishes the solo game with "
                f"{ctx.points(scores[0])}; Emil does not score. Beat it next time!", "game_over")
        return
    ctx.say(f"Game over. Final scores: {table}. {who} win{'s' if len(winners) == 1 else ''}!",
            "game_over")
