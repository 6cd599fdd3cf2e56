"""The turn's automatic steps, run in the rulebook's order until someone has to decide."""

from __future__ import annotations

from typing import Any

from engine.newengland import auction
from engine.newengland.board import Board
from engine.newengland.context import Ctx, dollars
from engine.newengland.money import can_retire, pay_service, service_due
from engine.newengland.shipping import anything_to_ship

DECISION_PHASES = ("loans", "retire", "auction", "build", "ship")


def advance(ctx: Ctx) -> None:
    """Resolve automatic steps until a decision is due or the game is over."""
    state = ctx.state
    while not state["finished"]:
        phase = state["phase"]
        if phase == "loans":
            if state["pending"]:
                return
            pay_service(ctx)
            state["phase"] = "retire"
            state["pending"] = [s for s in ctx.order() if can_retire(ctx.board, ctx.player(s))]
        elif phase == "retire":
            if state["pending"]:
                return
            grow(ctx)
            complete_unfinished(ctx)
            publicize(ctx)
            state["phase"] = "auction"
            state["auction_pos"] = 0
        elif phase == "auction":
            if state["auction"] is None:
                if state["auction_pos"] >= len(state["current"]):
                    close_auctions(ctx)
                    continue
                auction.open_auction(ctx, state["current"][state["auction_pos"]])
            if auction.tick(ctx):
                return
        elif phase == "build":
            return
        elif phase == "ship":
            if _next_shipper(ctx):
                return
            market(ctx)
            pay_income(ctx)
            if state["last_turn"]:
                finish(ctx)  # the First Player card no longer matters
            else:
                pass_first_player(ctx)
                start_turn(ctx)


def grow(ctx: Ctx) -> None:
    """One Commodity Growth card per link on display; a city named gets a cube while any last."""
    state = ctx.state
    drawn: list[list[str]] = []
    for _ in state["current"]:
        if not state["growth_deck"]:
            # The deck is reused once spent (its size is house data).
            state["growth_deck"] = state["growth_discard"]
            state["growth_discard"] = []
            ctx.rng.shuffle(state["growth_deck"])
        card = state["growth_deck"].pop()
        state["growth_discard"].append(card)
        cities = ctx.board.growth_cards[card]
        drawn.append(cities)
        placed = []
        for city in cities:
            if state["cup"]:
                colour = ctx.rng.draw(state["cup"])
                state["cities"][city].append(colour)
                placed.append(f"{colour} to {city}")
            else:
                placed.append(f"none left for {city}")
        ctx.say("growth", f"Commodity Growth: {' & '.join(cities)} ({', '.join(placed)}).",
                cities=cities)
    state["recent"]["growth"] = drawn


def complete_unfinished(ctx: Ctx) -> None:
    for lid, link in ctx.state["links"].items():
        if link["status"] == "unfinished":
            link["status"] = "built"
            ctx.say("complete", f"{lid} is finished for {ctx.name(link['owner'])}.", link=lid)


def publicize(ctx: Ctx) -> None:
    state = ctx.state
    for _ in state["current"]:
        if not state["deck"]:
            break
        lid = state["deck"].pop()
        state["future"].append(lid)
        state["links"][lid]["status"] = "future"
    if state["future"]:
        ctx.say("publicize", f"Next turn's links: {', '.join(state['future'])}.")


def close_auctions(ctx: Ctx) -> None:
    """Move the future links down, check for the last turn, and open shipping."""
    state = ctx.state
    state["auctioned"] = state["current"]  # still shown as this turn's links until it ends
    state["current"] = state["future"]
    state["future"] = []
    for lid in state["current"]:
        state["links"][lid]["status"] = "current"
    unfinished = any(link["status"] == "unfinished" for link in state["links"].values())
    if not state["deck"] and not state["current"] and not unfinished and not state["last_turn"]:
        state["last_turn"] = True
        ctx.say("last_turn", "Every purchased link is built and none are left to sell: this is "
                "the last turn.")
    state["phase"] = "ship"
    first_round = [s for s in ctx.order() if not ctx.player(s)["bought"]]
    state["ship"] = {"round": 1, "queue": first_round}


def _next_shipper(ctx: Ctx) -> bool:
    """Skip players with nothing to ship; True when the head of the queue must decide."""
    state = ctx.state
    ship = state["ship"]
    while True:
        if not anything_to_ship(ctx.board, state):
            if ship["queue"] or ship["round"] == 1:
                ctx.say("no_shipping", "No cube can reach a city that demands its colour, so "
                        "shipping is over for this turn.")
            ship["queue"] = []
            ship["round"] = 2
        if ship["queue"]:
            return True
        if ship["round"] == 1:
            ship["round"] = 2
            ship["queue"] = ctx.order()
            continue
        state["ship"] = None
        return False


def market(ctx: Ctx) -> None:
    dice = ctx.roll(ctx.board.market_dice)
    loss = sum(dice) + ctx.board.market_add
    lost = []
    for seat in ctx.order():
        p = ctx.player(seat)
        cut = p["income"] // loss
        p["income"] -= cut
        if cut:
            lost.append(f"{ctx.name(seat)} -{cut}")
    ctx.state["recent"]["market"] = {"dice": dice, "loss": loss}
    effect = f" ({', '.join(lost)})." if lost else ", nobody loses income."
    ctx.say("market", f"{ctx.name(ctx.state['first'])} rolls {'+'.join(map(str, dice))}: "
            f"Market Loss {loss}{effect}", dice=dice, loss=loss)


def pay_income(ctx: Ctx) -> None:
    paid = []
    for seat in ctx.order():
        p = ctx.player(seat)
        p["cash"] += p["income"]
        if p["income"]:
            paid.append(f"{ctx.name(seat)} {dollars(p['income'])}")
    if paid:
        ctx.say("income", f"Income paid: {', '.join(paid)}.")


def pass_first_player(ctx: Ctx) -> None:
    """Greatest income, then most cash net of debt; a die settles a remaining tie."""
    players = ctx.state["players"]

    def key(seat: int) -> tuple[int, int]:
        p = players[seat]
        return (p["income"], p["cash"] - p["loans"])

    seats = ctx.order()
    best = max(key(s) for s in seats)
    tied = [s for s in seats if key(s) == best]
    new = tied[0] if len(tied) == 1 else ctx.rng.choice(tied)
    if new != ctx.state["first"]:
        ctx.say("first_player", f"{ctx.name(new)} takes the First Player card.", seat=new)
    ctx.state["first"] = new


def start_turn(ctx: Ctx) -> None:
    state = ctx.state
    state["turn"] += 1
    for p in state["players"]:
        p["bought"] = False
    state["phase"] = "loans"
    state["pending"] = ctx.order()
    ctx.say("turn", f"Turn {state['turn']} begins: borrow with /loan or carry on with /done.")


def final_parts(board: Board, p: dict[str, Any]) -> tuple[int, int, int]:
    """A player's cash, the value of their links, and their debt (loans and their service)."""
    values = sum(board.links[lid].value for lid in p["links"])
    return int(p["cash"]), int(values), int(p["loans"] + service_due(board, p["loans"]))


def final_money(ctx: Ctx, seat: int) -> int:
    cash, values, debt = final_parts(ctx.board, ctx.player(seat))
    return cash + values - debt


def finish(ctx: Ctx) -> None:
    state = ctx.state
    scores = [final_money(ctx, s) for s in range(len(state["players"]))]
    best = max(scores)
    winners = [s for s, v in enumerate(scores) if v == best]
    state["final"] = {"money": scores, "winners": winners}
    state["finished"] = True
    state["phase"] = "over"
    state["pending"] = []
    table = ", ".join(f"{ctx.name(s)} {dollars(scores[s])}" for s in ctx.order())
    ctx.say("final", f"Final money after link values and repaying loans: {table}.")
    names = " and ".join(ctx.name(s) for s in winners)
    ctx.say("winner", f"{names} {'wins' if len(winners) == 1 else 'share the win'}.")
