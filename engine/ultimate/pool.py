"""The action pool: what a placement (or a special space, factory, key, idea) gives a player,
resolved one choice at a time in any order.

A task is plain data: ``{"k": kind, ..., "must": bool}``. Direct actions (board spaces) must be
resolved as far as possible; indirect ones (own engineers, factories, benefits) may be left.
A task with nothing left to choose is dropped (its rest is lost, as the rulebook says); from
rules version 3 a track step waits while another step of the pool may still make room for it.
A task may carry ``"ahead": n``: while one has a choice, only those of the highest mark are open.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import names
from engine.core.errors import IllegalAction
from engine.ultimate import (
    choices,
    gains,
    hooks,
    industry,
    industry_board,
    locos,
    tracks,
    versions,
)
from engine.ultimate.board import Route, tile_value
from engine.ultimate.ctx import Ctx

Task = choices.Task
Option = choices.Option

URGENT = ("relocate", "factory_slot", "build_over", "purple", "wrench_track")
"""Consequences that must be settled before anything else (a pushed-out locomotive; a
plug-in's own, like the route extension a station asks for)."""


def open_tasks(ctx: Ctx, seat: int) -> list[tuple[int, Task, list[Option]]]:
    """The tasks that may be worked on now, with their options (urgent ones alone first, then
    those put ahead of the others)."""
    return _ahead(_unranked(ctx, seat))


def _unranked(ctx: Ctx, seat: int) -> list[tuple[int, Task, list[Option]]]:
    """The tasks with their options, an urgent one alone when there is one; ``ahead`` unread."""
    pool = ctx.player(seat)["pool"]
    listed = _told_apart(ctx, [(i, t, choices.options(ctx, seat, t)) for i, t in enumerate(pool)])
    first = (*URGENT, *hooks.urgent())
    urgent = [x for x in listed if x[1]["k"] in first]
    return urgent[:1] if urgent else listed


def _ahead(listed: list[tuple[int, Task, list[Option]]]) -> list[tuple[int, Task, list[Option]]]:
    """Tasks marked ``ahead`` come before all others, the highest mark first, while they have a
    choice to offer (from rules version 3: a used foundry's own action, then closing it, before
    what that action brought)."""
    top = max((t.get("ahead", 0) for _, t, opts in listed if opts), default=0)
    return [x for x in listed if x[1].get("ahead", 0) == top] if top else listed


def _told_apart(ctx: Ctx, listed: list[tuple[int, Task, list[Option]]]
                ) -> list[tuple[int, Task, list[Option]]]:
    """Two tasks placing different locomotives (the idea card's #9 and one from the stacks) offer
    the same ids ('loco-ts'): the earlier task keeps them, as stored games read them, and the
    later one's name its tile instead ('loco2-ts', 'loco9s-ts'), which its handler reads too."""
    seen: dict[str, str] = {}
    out = []
    for i, task, opts in listed:
        if task["k"] in ("loco", "place_loco"):
            tile = task["tile"] if task["k"] == "place_loco" else \
                next(iter(locos.lowest_stack(ctx)), "")
            opts = [(f"loco{tile}{v.removeprefix('loco')}"
                     if v.startswith("loco-") and seen.get(v, label) != label else v, label)
                    for v, label in opts]
        for value, label in opts:
            seen.setdefault(value, label)
        out.append((i, task, opts))
    return out


def all_options(ctx: Ctx, seat: int) -> list[Option]:
    seen: dict[str, str] = {}
    for _, _, opts in open_tasks(ctx, seat):
        for value, label in opts:
            seen.setdefault(value, label)
    return list(seen.items())


def may_stop(ctx: Ctx, seat: int) -> bool:
    """Whether the rest of the pool may be left (no direct action has anything left to do, even
    one waiting behind tasks put ahead of it)."""
    return not any(t.get("must") and opts for _, t, opts in _unranked(ctx, seat))


# -- resolving one choice -----------------------------------------------------------------------

def _specificity(task: Task) -> int:
    return 1 if task.get("c") == "any" or task["k"] == "each_route" else 0


def resolve(ctx: Ctx, seat: int, typed: str) -> None:
    """Carry out the choice a player typed (its value or its words, any case, or a prefix)."""
    found = names.find(typed, [names.Named(v, v, (label,)) for v, label in all_options(ctx, seat)])
    if len(found) > 1:
        raise IllegalAction("ambiguous_choice", f"'{typed}' fits "
                            f"{names.listing([n.value for n in found][:8], 'and')}; type more.")
    choice = found[0].value if found else typed
    candidates = sorted(open_tasks(ctx, seat), key=lambda x: _specificity(x[1]))
    for index, task, opts in candidates:
        if any(v == choice for v, _ in opts):
            _apply(ctx, seat, index, task, choice)
            return
    offered = "; ".join(f"{names.respell(v)} ({label})" for v, label in all_options(ctx, seat)[:10])
    why = _blocked_step(ctx, seat, choice)
    if why:
        raise IllegalAction("bad_choice", f"{why} You can choose: {offered or 'nothing'}.")
    raise IllegalAction("bad_choice", f"'{names.respell(choice)}' is not one of your choices "
                        f"now. You can choose: {offered or 'nothing'}.")


def _blocked_step(ctx: Ctx, seat: int, choice: str) -> str | None:
    """Why a typed track step ("colour-route") cannot be taken, in the rule's words."""
    colour, _, rid = choice.partition("-")
    route = ctx.board.route_by_id.get(rid.split("-")[0])
    if route is None or colour not in route.colours:
        return None
    return tracks.step_block(ctx, seat, colour, route)


def drop(ctx: Ctx, seat: int, index: int) -> None:
    """Take a settled task out of the seat's pool."""
    ctx.player(seat)["pool"].pop(index)


def dropping(act: Callable[[Ctx, int, Task, str], None]) -> hooks.TaskHook:
    """A task settled by a single choice: it leaves the pool, then the choice is carried out."""
    def settle(ctx: Ctx, seat: int, index: int, task: Task, choice: str) -> None:
        drop(ctx, seat, index)
        act(ctx, seat, task, choice)
    return settle


def _route(ctx: Ctx, rid: str) -> Route:
    return ctx.board.route_by_id[rid]


def _apply(ctx: Ctx, seat: int, index: int, task: Task, choice: str) -> None:
    handler = HANDLERS.get(task["k"]) or hooks.task(task["k"])
    if handler is None:
        raise ValueError(f"unknown task kind {task['k']}")
    handler(ctx, seat, index, task, choice)
    settle_specials(ctx, seat)


def _track(ctx: Ctx, seat: int, index: int, task: Task, choice: str) -> None:
    colour, rid, *branch = choice.split("-")
    # The task is counted down first: the step may put a station's extension before it.
    if task["k"] == "each_route":
        task["done"].append(rid)
        if len(task["done"]) >= 3:
            drop(ctx, seat, index)
    else:
        task["n"] -= 1
        if task["n"] <= 0:
            drop(ctx, seat, index)
    tracks.step(ctx, seat, colour, _route(ctx, rid), branch[0] if branch else None)


def _catchup(ctx: Ctx, seat: int, index: int, task: Task, choice: str) -> None:
    _, colour, rid = choice.split("-", 2)
    tracks.catchup(ctx, seat, colour, _route(ctx, rid))
    drop(ctx, seat, index)


def _place_tile(ctx: Ctx, seat: int, tile: str, choice: str) -> None:
    """``loco-ts``, ``loco-ts-r3``, ``loco-ts-r9-9s`` (the second tile worth 9 there),
    ``loco10b-ts`` (from the #10b stack), ``move-sp``, ``loco-scrap``, ``scrap``."""
    parts = choice.split("-")
    if parts[-1] == "scrap":
        locos.scrap(ctx, seat, tile)
        return
    route = _route(ctx, parts[1])
    replace = None
    if len(parts) > 2:
        replace = locos.replaced(ctx.player(seat)["routes"][route.id]["locos"], parts[2:])
    out = locos.put(ctx, seat, tile, route, replace)
    if out is not None:
        ctx.player(seat)["pool"].insert(0, {"k": "relocate", "tile": out, "must": True,
                                            "src": "pushed-out locomotive"})


def _loco(ctx: Ctx, seat: int, index: int, task: Task, choice: str) -> None:
    drop(ctx, seat, index)
    if choice.startswith("factory"):
        if choice.startswith("factory-pool-"):
            tile = choice.removeprefix("factory-pool-")
            ctx.state["factory_pool"].remove(tile)
        else:
            stack = locos.lowest_stack(ctx)
            tile = stack[0] if choice == "factory-new" else choice.removeprefix("factory-")
            locos.take(ctx, tile)
            hooks.tile_taken(ctx, seat, tile)
        if industry_board.shared(ctx):
            ctx.player(seat)["pool"].insert(0, {"k": "build_over", "tile": tile, "must": True,
                                                "src": "new factory"})
            ctx.say(f"{ctx.name(seat)} takes a #{tile_value(tile)} factory to build over a "
                    "factory of the industry board.", "factory", seat=seat, tile=tile)
            return
        gap = locos.free_gap(ctx, seat)
        # a factory may give way (a steelworks) even with a gap still empty
        gives = any(hooks.gives_way(t) for t in ctx.player(seat)["factories"])
        if gap is None or gives:
            ctx.player(seat)["pool"].insert(0, {"k": "factory_slot", "tile": tile, "must": True,
                                                "src": "new factory", "free": gap})
        else:
            locos.build_factory(ctx, seat, tile, gap)
        return
    if task["k"] == "place_loco":
        tile = task["tile"]
    else:
        # "loco-..." takes from the first open stack, "loco10b-..." from the one it names
        tile = choice.split("-")[0].removeprefix("loco") or locos.lowest_stack(ctx)[0]
        locos.take(ctx, tile)
        hooks.tile_taken(ctx, seat, tile)
    _place_tile(ctx, seat, tile, choice)


def _relocate(ctx: Ctx, seat: int, index: int, task: Task, choice: str) -> None:
    drop(ctx, seat, index)
    _place_tile(ctx, seat, task["tile"], choice)


def _factory_slot(ctx: Ctx, seat: int, index: int, task: Task, choice: str) -> None:
    drop(ctx, seat, index)
    locos.build_factory(ctx, seat, task["tile"], int(choice.removeprefix("slot-")) - 1)


def _industry(ctx: Ctx, seat: int, index: int, task: Task, choice: str) -> None:
    if choice.startswith("double-"):
        task["doublable"] = False
        if choice == "double-yes":
            task["n"] *= 2
            ctx.say(f"{ctx.name(seat)} doubles the industry steps to {task['n']} (special idea "
                    "card).", "industry", seat=seat)
        return
    wrench = 0 if choice == "industry" else int(choice.removeprefix("industry-")) - 1
    task["n"] -= 1
    if task["n"] <= 0:
        drop(ctx, seat, index)
    pos = industry.move(ctx, seat, wrench)
    p = ctx.player(seat)
    tile = industry.factory_at(ctx, seat, pos)
    if tile is not None:
        gains.expand(ctx, seat, locos.factory_effects(ctx, tile), False,
                     ctx.board.factory_name(tile))
    if industry_board.shared(ctx):
        _industry_board_space(ctx, seat, pos)
        return
    # any wrench of the industry track may get there first (version 3; the first one before)
    idea_wrench = not ctx.board.on_upper(p, wrench) if versions.any_wrench_idea_space(
        ctx.state) else wrench == 0
    if idea_wrench and pos == ctx.board.industry_idea_at and "industry:idea" not in p["activated"]:
        p["activated"].append("industry:idea")
        gains.idea_space(ctx, seat, "the industry track")
    if pos == ctx.board.industry_key_at and "industry:key" not in p["activated"]:
        p["activated"].append("industry:key")
        gains.gain_key(ctx, seat)


def _industry_board_space(ctx: Ctx, seat: int, pos: int) -> None:
    """What a wrench reaching a space of the shared industry board sets off: the cars beside a
    factory wake up; a benefit space gives once; the idea space gives an idea token to the first
    wrench and a key to any later one."""
    p = ctx.player(seat)
    industry_board.activate(ctx, pos)
    shared = ctx.board.shared_industry or {}
    for benefit in shared.get("benefits", ()):
        mark = f"industry:benefit@{benefit['at']}"
        if benefit["at"] == pos and mark not in p["activated"]:
            p["activated"].append(mark)
            ctx.say(f"{ctx.name(seat)} reaches industry space {pos}: {benefit['text']}.",
                    "industry", seat=seat)
            gains.expand(ctx, seat, benefit["effects"], False, f"industry space {pos}")
    hooks.industry_space(ctx, seat, pos)  # the American boards' screw nut
    if pos != ctx.board.industry_idea_at:
        return
    if "industry:idea" not in p["activated"]:
        p["activated"].append("industry:idea")
        gains.idea_space(ctx, seat, "the industry board")
    else:
        gains.gain_key(ctx, seat)


def _build_over(ctx: Ctx, seat: int, index: int, task: Task, choice: str) -> None:
    drop(ctx, seat, index)
    i = int(choice.removeprefix("over-")) - 1
    effects = industry_board.build(ctx, seat, task["tile"], i)
    # the maintenance car comes after the built-over action, which is resolved in full
    if industry_board.car_options(ctx, seat):
        ctx.player(seat)["pool"].append({"k": "car", "must": True, "src": "new factory"})
    gains.expand(ctx, seat, effects, True, "the factory built over")


def _purple(ctx: Ctx, seat: int, index: int, task: Task, choice: str) -> None:
    task["n"] -= 1
    if task["n"] <= 0:
        drop(ctx, seat, index)
    industry_board.place_purple(ctx, seat, choice)


def _idea(ctx: Ctx, seat: int, index: int, task: Task, choice: str) -> None:
    drop(ctx, seat, index)
    gains.use_token(ctx, seat, choice.removeprefix("idea-"), task.get("where", ""))


def _idea_pair(ctx: Ctx, seat: int, index: int, task: Task, choice: str) -> None:
    drop(ctx, seat, index)
    used, returned = choice.removeprefix("pair-").split("-")
    p = ctx.player(seat)
    p["ideas"].remove(returned)
    text = choices.token_text(ctx, returned)
    ctx.say(f"{ctx.name(seat)} returns the idea token '{text}' to the box.",
            "idea", seat=seat)
    gains.use_token(ctx, seat, used, "factory")
    p["placed_ideas"].pop()  # returned to the box with the other: it is not a placed token


def _idea_card(ctx: Ctx, seat: int, index: int, task: Task, choice: str) -> None:
    drop(ctx, seat, index)
    card = choice.removeprefix("card-")
    ctx.state["idea_cards"].remove(card)
    p = ctx.player(seat)
    p["idea_cards"].append(card)
    ctx.say(f"{ctx.name(seat)} takes the idea card: {ctx.board.idea_cards[card]['text']}.",
            "idea", seat=seat, card=card)
    if card == "worker":
        p["wood_worker"] = "supply"
        p["extra_workers"] += 1
    elif card == "loco9":
        ctx.state["special_nine"] = False
        p["pool"].insert(0, {"k": "place_loco", "tile": "9s", "must": True, "src": "idea card"})
    elif card == "engineer":
        p["engineers"].append(1)
        p["coins"] += 1
    elif card == "valuation":
        p["special_valuation"] = True
    elif (taken := hooks.idea_card(card)) is not None:
        taken(ctx, seat)
    elif card == "purple_cars":
        p["coins"] += 1
        p["pool"].insert(0, {"k": "purple", "n": 3, "must": True, "src": "idea card"})
    else:
        gains.expand(ctx, seat, ctx.board.idea_cards[card]["effects"], False, "idea card")


def _bonus_card(ctx: Ctx, seat: int, index: int, task: Task, choice: str) -> None:
    drop(ctx, seat, index)
    gains.take_bonus_card(ctx, seat, choice.removeprefix("bonus-"))


def _key(ctx: Ctx, seat: int, index: int, task: Task, choice: str) -> None:
    drop(ctx, seat, index)
    if choice == "key-points":
        gains.score_points(ctx, seat, int(ctx.board.data["keys"]["points"]), "key")
    elif choice.startswith(("key-own-", "key-purple-")):
        industry_board.return_car(ctx, seat, choice)
    else:
        gains.expand(ctx, seat, ctx.board.data["keys"]["tracks"], False, "key")


def _start(ctx: Ctx, seat: int, index: int, task: Task, choice: str) -> None:
    drop(ctx, seat, index)
    card = choice.removeprefix("start-")
    ctx.state["start_cards"].remove(card)
    effects = ctx.board.start_bonus[card]["effects"]
    # an effect that says what it gives at once is not named twice
    named = not any(eff["k"] in _SAID_AT_ONCE for eff in effects)
    what = f"the starting bonus: {ctx.board.start_bonus[card]['text']}" if named \
        else "a starting bonus card"
    ctx.say(f"{ctx.name(seat)} takes {what}.", "start", seat=seat, card=card)
    gains.expand(ctx, seat, effects, True, "starting bonus")


_SAID_AT_ONCE = ("coins", "points", "temp", "doubler", "hire", "industry")
"""Effect kinds whose own message names what the player got."""


def _income(ctx: Ctx, seat: int, index: int, task: Task, choice: str) -> None:
    gains.use_free(ctx, seat, choice)


HANDLERS: dict[str, Callable[[Ctx, int, int, Task, str], None]] = {
    "track": _track, "each_route": _track, "catchup": _catchup, "loco": _loco,
    "place_loco": _loco, "relocate": _relocate, "factory_slot": _factory_slot,
    "industry": _industry, "idea": _idea, "idea_pair": _idea_pair, "idea_card": _idea_card,
    "bonus_card": _bonus_card, "key": _key, "start": _start, "income": _income,
    "build_over": _build_over, "purple": _purple,
    "car": dropping(lambda ctx, seat, task, choice: industry_board.place_car(ctx, seat, choice)),
    "wrench_track": dropping(
        lambda ctx, seat, task, choice: industry.choose_track(ctx, seat, choice)),
}


def settle_specials(ctx: Ctx, seat: int) -> None:
    """Give what newly reached special spaces give."""
    p = ctx.player(seat)
    for route, sp in tracks.newly_reached(ctx, seat):
        kind = sp.kind
        if kind == "unlock":
            if sp.info["colour"] not in p["unlocked"]:
                p["unlocked"].append(sp.info["colour"])
                ctx.say(f"{ctx.name(seat)} gains their {sp.info['colour']} tracks.", "unlock",
                        seat=seat)
                if sp.info.get("steps"):
                    p["pool"].insert(0, {"k": "track", "c": sp.info["colour"],
                                         "n": sp.info["steps"], "must": False, "src": "new tracks"})
        elif kind == "worker":
            if p["reserve"] > 0:
                p["reserve"] -= 1
                p["owned"] += 1
                p["workers"] += 1
                p["extra_workers"] += 1
                ctx.say(f"{ctx.name(seat)} gains a new worker ({route.name} space {sp.at}).",
                        "worker", seat=seat)
        elif kind == "coins":
            p["coins"] += sp.info["amount"]
            ctx.say(f"{ctx.name(seat)} takes {names.plural(sp.info['amount'], 'coin')} "
                    f"({route.name} space "
                    f"{sp.at}).", "coins", seat=seat)
        elif kind == "doubler":
            gains.gain_doublers(ctx, seat, sp.info["amount"])
        elif kind == "idea":
            gains.idea_space(ctx, seat, f"{route.name} space {sp.at}")
        elif kind == "key":
            gains.gain_key(ctx, seat)
        elif kind == "wrench":
            gains.add_wrench(ctx, seat, f"{route.name} space {sp.at}")
        elif kind == "industry":
            p["pool"].insert(0, gains.industry_steps(ctx, seat, sp.info["n"],
                                                     f"{route.name} space {sp.at}"))
        elif kind == "take_loco":
            p["pool"].insert(0, {"k": "loco", "mode": "loco", "must": False,
                                 "src": f"{route.name} space {sp.at}"})
            ctx.say(f"{ctx.name(seat)} may take a locomotive ({route.name} space {sp.at}).",
                    "reached", seat=seat)
        elif kind in ("bonus", "route_double", "medal"):
            ctx.say(f"{ctx.name(seat)} reaches {route.name} space {sp.at} "
                    f"({_describe(sp.kind, sp.info)}).", "reached", seat=seat)
        elif (give := hooks.reached(kind)) is not None:
            give(ctx, seat, route, sp)


def _describe(kind: str, info: dict[str, Any]) -> str:
    if kind == "bonus":
        return f"{names.plural(int(info['points']), 'bonus point')} each scoring"
    if kind == "route_double":
        return "the route now scores double"
    return "the medal's space"


def _optional() -> tuple[str, ...]:
    """Choices a player may decline (offered out of turn, or closing a foundry): never made for
    them, never 'lost'. The plug-ins name theirs (``Plugin.optional``)."""
    return hooks.optional()


def tidy(ctx: Ctx, seat: int) -> None:
    """Drop tasks with nothing left to choose; make a forced single choice of a direct action
    by itself. An indirect action's single choice is still asked: 'You can also choose not to
    resolve indirect actions', so the player may leave it (``/done``)."""
    for _ in range(200):
        p = ctx.player(seat)
        listed = [(i, t, choices.options(ctx, seat, t)) for i, t in enumerate(p["pool"])]
        empty = [i for i, t, o in listed if not o]
        if versions.steps_wait_for_room(ctx.state) and \
                any(o for _, t, o in listed if t["k"] == "track"):
            # the pool is resolved in any order: a step may make room for another
            empty = [i for i in empty if listed[i][1]["k"] != "track"]
        if empty:
            for i in reversed(empty):
                t = p["pool"].pop(i)
                if t["k"] not in ("idea", "income", *_optional()):
                    ctx.say(f"{ctx.name(seat)} loses the rest of the {_task_name(t)} (there is "
                            "no way to use it now).", "lost", seat=seat)
            continue
        asked = versions.asks_indirect_single_choice(ctx.state)
        forced = next((o[0][0] for _, t, o in open_tasks(ctx, seat)
                       if t["k"] == "industry" and (t.get("must") or not asked)
                       and len(o) == 1), None)
        if forced is not None:  # a single wrench: moving it is no choice
            resolve(ctx, seat, forced)
            continue
        opts = all_options(ctx, seat)
        if len(opts) == 1 and len(p["pool"]) == 1 and (p["pool"][0].get("must") or not asked) \
                and \
                p["pool"][0]["k"] not in ("idea", "key", "income", *_optional()):
            resolve(ctx, seat, opts[0][0])
            continue
        return


def leave_label(ctx: Ctx, seat: int) -> str:
    """The button that declines what is left of an indirect action, naming it when it is one."""
    left = ctx.player(seat)["pool"]
    if len(left) == 1:
        return f"Leave the {_task_name(left[0])} unused ({left[0]['src']})"
    return "Leave the rest unused"


def _task_name(task: Task) -> str:
    names = {"track": "track steps", "each_route": "track steps", "catchup": "track move",
             "loco": "locomotive or factory", "place_loco": "locomotive", "industry":
             "industry steps", "idea_card": "idea card", "bonus_card": "end bonus card",
             "idea_pair": "idea tokens", "key": "key", "start": "starting bonus",
             "relocate": "locomotive", "factory_slot": "factory",
             "build_over": "factory",
             "car": "maintenance car", "purple": "purple maintenance cars",
             "wrench_track": "wrench's track"}
    return names.get(task["k"]) or hooks.task_name(task["k"]) or str(task["k"])
