"""What a player gains at once: effects that need no choice (coins, points, doublers, an
engineer hired, a plug-in's own), and the keys, wrenches, idea tokens, end bonus cards and income
tiles that the pool's choices and the special spaces hand out. Effects with choices become tasks
of the action pool (``pool``), which resolves them with these.
"""

from __future__ import annotations

from typing import Any

from engine.ultimate import choices, hooks, scoring, versions
from engine.ultimate.ctx import Ctx

Task = choices.Task


def expand(ctx: Ctx, seat: int, effects: list[dict[str, Any]] | tuple[dict[str, Any], ...],
           must: bool, src: str, ahead: int = 0) -> None:
    """Carry out the effects that need no choice; the others join the pool as tasks (marked
    ``ahead`` when given: see ``pool``)."""
    p = ctx.player(seat)
    for eff in effects:
        k = eff["k"]
        if k == "coins":
            p["coins"] += eff["n"]
            ctx.say(f"{ctx.name(seat)} takes {eff['n']} coin{'s' if eff['n'] > 1 else ''}.",
                    "coins", seat=seat)
        elif k == "points":
            n = eff["n"] if "n" in eff and "counts" not in eff else \
                scoring.points_for(ctx.board, p, eff)
            score_points(ctx, seat, n, src)
        elif k == "temp":
            p["temp"] += 2
            ctx.state["temp_holder"] = seat
            ctx.say(f"{ctx.name(seat)} takes the 2 temporary workers for this round.", "temp",
                    seat=seat)
        elif k == "doubler":
            gain_doublers(ctx, seat, eff["n"])
        elif k == "order":
            pass  # the occupied turn order space is read when the round's order is settled
        elif k == "hire":
            hire(ctx, seat)
        elif (at_once := hooks.effect(k)) is not None:
            at_once(ctx, seat, eff, src)
        else:
            task = as_task(eff, must, src)
            # The special idea card doubles industry steps of actions, never of idea cards.
            if k == "industry" and p.get("double_industry") and src != "idea card":
                task["doublable"] = True
            if ahead:
                task["ahead"] = ahead
            p["pool"].append(task)


def industry_steps(ctx: Ctx, seat: int, n: int, src: str) -> Task:
    """The task of ``n`` industry steps a board space, a construction site or a returned
    steelworks gives: not from an idea token or card, so the special idea card may double them
    (version 3)."""
    task: Task = {"k": "industry", "n": n, "must": False, "src": src}
    if ctx.player(seat).get("double_industry") and versions.doubles_industry_of_spaces(ctx.state):
        task["doublable"] = True
    return task


CHOICE_KINDS = ("track", "each_route", "catchup", "loco", "industry")
"""Effects that become tasks of the pool (the others happen at once)."""


def is_choice(kind: str) -> bool:
    """Whether an effect becomes a task with choices (the core's or a plug-in's)."""
    return kind in CHOICE_KINDS or kind in hooks.choice_kinds()


def as_task(eff: dict[str, Any], must: bool, src: str) -> Task:
    task = {**eff, "must": must, "src": src}
    if eff["k"] == "each_route":
        task["done"] = []
    return task


def score_points(ctx: Ctx, seat: int, n: int, src: str) -> None:
    ctx.score(seat, n, "actions")
    ctx.say(f"{ctx.name(seat)} scores {ctx.points(n)} ({src}).", "points", seat=seat, points=n)


def gain_doublers(ctx: Ctx, seat: int, n: int) -> None:
    got = min(n, ctx.state["doublers"], ctx.board.doubler_room(ctx.player(seat)))
    if got:
        ctx.state["doublers"] -= got
        ctx.player(seat)["doublers"] += got
        ctx.say(f"{ctx.name(seat)} takes {got} doubler{'s' if got > 1 else ''} (now "
                f"{ctx.player(seat)['doublers']}).", "doubler", seat=seat)
        hooks.doublers_taken(ctx, seat, got)
    if got < n:
        ctx.say(f"{ctx.name(seat)} has no room or no supply for {n - got} more "
                f"doubler{'s' if n - got > 1 else ''}.", "lost", seat=seat)


def hire(ctx: Ctx, seat: int) -> None:
    row = ctx.state["engineer_row"]
    number = row[-1]
    row[-1] = None
    ctx.player(seat)["engineers"].append(number)
    ctx.say(f"{ctx.name(seat)} hires engineer #{ctx.board.engineer_number(number)} "
            f"({ctx.board.engineer_text(number)}).",
            "hire", seat=seat, engineer=number)


def use_token(ctx: Ctx, seat: int, token: str, where: str) -> None:
    p = ctx.player(seat)
    p["ideas"].remove(token)
    p["placed_ideas"].append({"token": token, "where": where})
    ctx.say(f"{ctx.name(seat)} places the idea token: {choices.token_text(ctx, token)}.", "idea",
            seat=seat, token=token)
    if token == "bonus":
        if ctx.state["end_deck"]:
            p["pool"].insert(0, {"k": "bonus_card", "must": True, "src": "idea token"})
        if ctx.state["idea_cards"]:
            p["pool"].insert(0, {"k": "idea_card", "must": True, "src": "idea token"})
    elif token == "revalue":
        p["revalued"] = True
    elif token == "medal":
        p["medal"] = True
        if ctx.board.medal_choice:
            p["pool"].insert(0, {"k": "medal_spot", "must": True, "src": "idea token"})
    elif token == "keys":
        gain_key(ctx, seat)
        gain_key(ctx, seat)
    elif token == "wrench":
        if ctx.board.upper:  # the dual track starts with both: 'You do not receive a third'
            ctx.say(f"{ctx.name(seat)} already has the dual track's 2 wrenches: the idea token "
                    "gives only its 2 industry steps.", "industry", seat=seat)
        else:
            add_wrench(ctx, seat, "the idea token")
        p["pool"].insert(0, {"k": "industry", "n": 2, "must": False, "src": "second wrench"})
    elif (placed := hooks.token(token)) is not None:
        placed(ctx, seat)


def add_wrench(ctx: Ctx, seat: int, why: str) -> None:
    """Another wrench on the first industry space, up to the board's limit."""
    p = ctx.player(seat)
    if len(p["wrenches"]) >= ctx.board.max_wrenches:
        ctx.say(f"{ctx.name(seat)} already has {len(p['wrenches'])} wrenches, the most there "
                f"can be; {why} gives no other.", "lost", seat=seat)
        return
    p["wrenches"].append(0)
    ctx.say(f"{ctx.name(seat)} puts another wrench on the first industry space ({why}; now "
            f"{len(p['wrenches'])}).", "industry", seat=seat)
    if ctx.board.upper:  # 'you can add it to the industry track of your choice'
        p["pool"].insert(0, {"k": "wrench_track", "must": True, "src": why})


def take_bonus_card(ctx: Ctx, seat: int, card: str) -> None:
    ctx.state["end_deck"].remove(card)
    ctx.player(seat)["bonus_cards"].append(card)
    # Taken face down: the others learn only that a card was taken, the owner what it says.
    ctx.say(f"{ctx.name(seat)} takes an end bonus card and keeps it face down.", "bonus",
            seat=seat)
    ctx.tell(seat, f"Your end bonus card (secret until the final scoring): "
             f"{ctx.board.end_bonus[card]['text']}.", "bonus", seat=seat, card=card)


def gain_key(ctx: Ctx, seat: int) -> None:
    p = ctx.player(seat)
    p["keys"] += 1
    p["pool"].insert(0, {"k": "key", "must": True, "src": "key"})
    ctx.say(f"{ctx.name(seat)} receives a key.", "key", seat=seat)


def use_free(ctx: Ctx, seat: int, choice: str) -> None:
    """An action besides the turn's: an income tile, or a plug-in's (a coin space, a foundry,
    the boilerman space)."""
    if choice.startswith("income-"):
        use_income(ctx, seat, choice.removeprefix("income-"))
    else:
        hooks.free_use(ctx, seat, choice)


def use_income(ctx: Ctx, seat: int, tile: str) -> None:
    """Flip a face-up income tile and take what it shows (it may be left unfinished)."""
    p = ctx.player(seat)
    p["income_used"].append(tile)
    data = ctx.board.income_tiles[tile]
    ctx.say(f"{ctx.name(seat)} uses the income tile '{data['text']}' and turns it face down "
            "until the next scoring.", "income", seat=seat, tile=tile)
    expand(ctx, seat, data["effects"], False, "income tile")


def idea_space(ctx: Ctx, seat: int, where: str) -> None:
    if ctx.player(seat)["ideas"]:
        ctx.player(seat)["pool"].insert(0, {"k": "idea", "must": False, "src": "idea space",
                                            "where": where})
        ctx.say(f"{ctx.name(seat)} reaches an idea space ({where}).", "idea", seat=seat)
