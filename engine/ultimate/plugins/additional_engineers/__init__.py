"""The Additional Engineers module: the choices of the additional engineers' actions and
what each choice does (the action pool calls in here for these task kinds)."""

from __future__ import annotations

from typing import Any

from engine.ultimate import gains, pool, shares, spaces
from engine.ultimate.board import Parts, Space, tile_value
from engine.ultimate.ctx import Ctx
from engine.ultimate.hooks import Plugin
from engine.ultimate.module_data import MODULES, parts, printed
from engine.ultimate.plugins.additional_engineers.data import add_to

Task = dict[str, Any]
Option = tuple[str, str]

KINDS = ("reuse", "bonus_or_10", "start_twice", "start_share", "factory_action", "borrow")
"""Task kinds of this module (``random_start`` needs no choice and happens at once)."""

START_TWICE_POINTS = 3
INSTEAD_POINTS = 10


def _reusable(ctx: Ctx, seat: int, most: int = 1) -> list[Space]:
    """Spaces the seat took this round with a single worker (or coin in its place), leaving out
    the temporary workers' space, spaces whose cost includes coins, the turn order spaces (their
    pawn is what they give) and engineers that reuse a space themselves."""
    p = ctx.player(seat)
    out = []
    for offer in spaces.all_offers(ctx, seat):
        if offer.coins or offer.turn_order or offer.reusable or \
                any(e["k"] in ("temp", "reuse") for e in offer.effects):
            continue
        if offer.direct:
            entry = ctx.state["spaces"].get(offer.id)
            single = entry is not None and entry.get("seat") == seat and \
                1 <= entry["workers"] + entry["coins"] <= most
        else:
            single = int(offer.id[3:]) in p["eng_used"] and 1 <= offer.workers <= most
        if single:
            out.append(offer)
    return out


def _borrowable(ctx: Ctx, seat: int) -> list[tuple[int, int]]:
    """Other players' hired engineers not used this round, while the seat has a worker left to
    place on one."""
    p = ctx.player(seat)
    if p["workers"] + p["temp"] <= 0:
        return []
    out = []
    for other in ctx.state["players"]:
        if other["seat"] == seat:
            continue
        for key in other["engineers"]:
            effects = ctx.board.engineers[key]["effects"]
            if key not in other["eng_used"] and not any(e["k"] == "borrow" for e in effects):
                out.append((int(other["seat"]), int(key)))
    return out


def options(ctx: Ctx, seat: int, task: Task) -> list[Option]:
    k = task["k"]
    p = ctx.player(seat)
    board = ctx.board
    if k == "reuse":
        most = int(task.get("max", 1))
        return [(f"again-{o.id}", f"again: {o.name}") for o in _reusable(ctx, seat, most)]
    if k == "bonus_or_10":
        return [*((f"another-{c}", f"end bonus card: {board.end_bonus[c]['text']}")
                  for c in dict.fromkeys(ctx.state["end_deck"])),
                ("instead-10", f"{INSTEAD_POINTS} points instead of an end bonus card")]
    if k == "start_twice":
        return [(f"twice-{c}", f"twice: {board.start_bonus[c]['text']}, and "
                               f"{START_TWICE_POINTS} points")
                for c in board.start_cards(ctx.state["modules"])]
    if k == "start_share":
        return [(f"also-{c}", f"starting bonus: {board.start_bonus[c]['text']}")
                for c in task["cards"]]
    if k == "factory_action":
        return [(f"run-{i + 1}", f"your #{tile_value(t)} factory: "
                                 f"{board.factory(t)['text']}")
                for i, t in enumerate(p["factories"]) if t is not None]
    if k == "borrow":
        return [(f"borrow-{other}-{key}", f"{ctx.name(other)}'s engineer #{printed(key)}: "
                                          f"{board.engineer_text(key)}")
                for other, key in _borrowable(ctx, seat)]
    raise ValueError(f"unknown task kind {k}")


def apply(ctx: Ctx, seat: int, task: Task, choice: str) -> None:
    """Carry out one chosen option of an additional engineer's task (already taken off the
    pool)."""
    k = task["k"]
    p = ctx.player(seat)
    board = ctx.board
    if k == "reuse":
        offer = next(o for o in spaces.all_offers(ctx, seat)
                     if o.id == choice.removeprefix("again-"))
        ctx.say(f"{ctx.name(seat)} takes the action of '{offer.name}' again.", "again", seat=seat)
        # a space reused by a foundry is that foundry's own action: it keeps its place ahead
        gains.expand(ctx, seat, offer.effects, bool(task["must"]), f"{offer.name} again",
                     int(task.get("ahead", 0)))
    elif k == "bonus_or_10":
        if choice == "instead-10":
            gains.score_points(ctx, seat, INSTEAD_POINTS, "instead of an end bonus card")
        else:
            gains.take_bonus_card(ctx, seat, choice.removeprefix("another-"))
    elif k in ("start_twice", "start_share"):
        card = choice.split("-", 1)[1]
        twice = k == "start_twice"
        ctx.say(f"{ctx.name(seat)} takes the starting bonus '{board.start_bonus[card]['text']}'"
                f"{' twice' if twice else ''}.", "start", seat=seat, card=card)
        for _ in range(2 if twice else 1):
            gains.expand(ctx, seat, board.start_bonus[card]["effects"], False, "starting bonus")
        if twice:
            gains.score_points(ctx, seat, START_TWICE_POINTS, "engineer")
            rest = [c for c in board.start_cards(ctx.state["modules"]) if c != card]
            shares.begin(ctx, seat, {"k": "start_share", "cards": rest, "must": False,
                                     "src": "starting bonus cards"},
                         "the other starting bonus cards")
    elif k == "factory_action":
        tile = p["factories"][int(choice.removeprefix("run-")) - 1]
        ctx.say(f"{ctx.name(seat)} uses the action of their #{tile_value(tile)} factory.",
                "factory",
                seat=seat)
        gains.expand(ctx, seat, board.factory(tile)["effects"], False, "factory action")
    elif k == "borrow":
        _, other, key = choice.split("-")
        _borrow(ctx, seat, int(other), int(key))


def _borrow(ctx: Ctx, seat: int, other: int, key: int) -> None:
    p = ctx.player(seat)
    if p["temp"]:
        p["temp"] -= 1
    else:
        p["workers"] -= 1
    ctx.player(other)["eng_used"].append(key)
    ctx.say(f"{ctx.name(seat)} places a second worker on {ctx.name(other)}'s engineer "
            f"#{printed(key)} ({ctx.board.engineer_text(key)}); it is occupied for this round.",
            "borrow", seat=seat, engineer=key)
    gains.expand(ctx, seat, ctx.board.engineers[key]["effects"], False,
                f"{ctx.name(other)}'s engineer")


def random_start(ctx: Ctx, seat: int) -> None:
    """'Shuffle all starting bonus cards facedown and choose 2 of them at random.'"""
    cards = ctx.board.start_cards(ctx.state["modules"])
    ctx.rng.shuffle(cards)
    for card in cards[:2]:
        ctx.say(f"{ctx.name(seat)} draws the starting bonus card "
                f"'{ctx.board.start_bonus[card]['text']}' at random.", "start", seat=seat,
                card=card)
        gains.expand(ctx, seat, ctx.board.start_bonus[card]["effects"], False, "starting bonus")


# -- the plug-in ----------------------------------------------------------------------------------

def _board_parts(data: dict[str, Any]) -> Parts:
    """The 9 engineers, shuffled in with the base ones."""
    return Parts(engineers=tuple(parts("additional_engineers", data)["list"]))


def _module_labels(data: dict[str, Any]) -> tuple[str, ...]:
    shown = ", ".join(f"#{printed(e['key'])} {e['group']}" for e in
                      parts("additional_engineers", data)["list"])
    return (f"{MODULES['additional_engineers']['name']}: their numbers and groups ({shown}), "
            "1 worker each",)


PLUGIN = Plugin(
    name="additional_engineers", module="additional_engineers",
    effects={"random_start": lambda ctx, seat, eff, src: random_start(ctx, seat)},
    tasks=dict.fromkeys(KINDS, pool.dropping(apply)),
    declines={"start_share": "Take no starting bonus card"},
    options=dict.fromkeys(KINDS, options),
    choice_kinds=("reuse", "bonus_or_10", "start_twice", "factory_action", "borrow"),
    blocked={"reuse": "You have taken no space this round with a single worker whose action "
                      "could be taken again.",
             "factory_action": "You have no factory whose action you could use.",
             "borrow": "No other player has an engineer free this round (or you have no worker "
                       "left to place on one)."},
    optional=("start_share",),
    task_names={"reuse": "repeated action", "bonus_or_10": "end bonus card or points",
                "start_twice": "starting bonus", "factory_action": "factory action",
                "borrow": "other player's engineer"},
    data=add_to,
    board_parts=_board_parts,
    module_labels=_module_labels,
)
