"""The Coal module: coal, the foundries (taken from the coal board, used once a round for 2 coal,
closed into a boilerman), the boilerman space, boilermen on locomotives and factories, and the
coal factory.

Coal actions are taken besides the turn's action, before or after it, like income tiles (see
``free_options``). ``state["coal"]`` holds the face-up foundries, those still face down (drawn at
random when turned, so the state never tells the next one) and how many became boilermen.
"""

from __future__ import annotations

from typing import Any

from engine.core.rng import Rng
from engine.core.types import State
from engine.ultimate import gains, industry_board, locos, pool, spaces, versions
from engine.ultimate.board import Board, Parts, Space, boiled, tile_value
from engine.ultimate.ctx import Ctx
from engine.ultimate.hooks import Plugin
from engine.ultimate.module_data import MODULES, parts
from engine.ultimate.plugins.coal.data import COAL, add_to

Task = dict[str, Any]
Option = tuple[str, str]

FOUNDRIES: dict[str, dict[str, Any]] = {f["id"]: f for f in COAL["foundries"]["list"]}
BESIDES = "with 2 coal besides your action: /pick choice:boilerman"
"""How the boilerman space is taken: it is never placed on."""
KINDS = ("foundry_pick", "boiler", "close_foundry", "coal_burn", "boiler_twice")
BOILER_SPACE = "boilerman"
FOUNDRY_ACTION, CLOSING = 2, 1
"""How far ahead in the pool (version 3) a used foundry's own tasks and then closing it come."""
FACTORY = str(COAL["factory"]["tile"])


NO_PASSING = ("You used coal this turn, and coal actions come only in addition to your regular "
              "action: place on an action space now (you cannot use coal and then pass).")


def on(state: State) -> bool:
    return state.get("coal") is not None


def new_supply(rng: Rng) -> dict[str, Any]:
    unseen = sorted(FOUNDRIES)
    face_up = [unseen.pop(rng.below(len(unseen))) for _ in range(int(COAL["face_up"]))]
    return {"face_up": face_up, "unseen": unseen, "boilers": 0}


def gain(ctx: Ctx, seat: int, n: int) -> None:
    p = ctx.player(seat)
    p["coal"] += n
    ctx.say(f"{ctx.name(seat)} takes {n} coal (now {p['coal']}).", "coal", seat=seat)


def _draw(ctx: Ctx) -> str | None:
    unseen = ctx.state["coal"]["unseen"]
    return unseen.pop(ctx.rng.below(len(unseen))) if unseen else None


# -- extra actions: foundries and the boilerman space --------------------------------------------

def boiler_targets(ctx: Ctx, seat: int) -> list[Option]:
    """Locomotives and factories without a boilerman (never the special factory). With the
    shared industry board only locomotives: 'You cannot add the boilerman to factories.'"""
    p = ctx.player(seat)
    out: list[Option] = []
    for route in ctx.board.routes:
        for i, tile in enumerate(p["routes"][route.id]["locos"]):
            if not boiled(tile):
                out.append((f"boil-{route.id}-{i + 1}", f"boilerman on your #{tile_value(tile)} "
                                                        f"locomotive on {route.name}"))
    if industry_board.shared(ctx):
        return out
    for i, tile in enumerate(p["factories"]):
        # never the special factory or an American steelworks
        if tile is not None and not boiled(tile) and tile != "sf" and not tile.endswith("w"):
            out.append((f"boil-gap-{i + 1}", f"boilerman on your {ctx.board.factory_name(tile)}"))
    return out


def free_options(ctx: Ctx, seat: int) -> list[Option]:
    """Coal actions the seat could take now besides its action."""
    if not on(ctx.state):
        return []
    p = ctx.player(seat)
    out: list[Option] = []
    cost = int(COAL["foundry_cost"])
    if p["coal"] >= cost:
        out += [(f"foundry-{f}", f"your foundry for {cost} coal: {FOUNDRIES[f]['text']}")
                for f in p["foundries"] if f not in p["foundries_used"]
                and foundry_idle(ctx, seat, f) is None]
    boiler = int(COAL["boiler_cost"])
    if (p["coal"] >= boiler and ctx.state["spaces"].get(BOILER_SPACE) is None
            and ctx.state["coal"]["unseen"] and boiler_targets(ctx, seat)):
        out.append((BOILER_SPACE, f"the boilerman space for {boiler} coal: +1 on a locomotive "
                                  "or a stronger factory"))
    return out


def foundry_idle(ctx: Ctx, seat: int, foundry: str) -> str | None:
    """Why the foundry's action could do nothing at all now (None if it can do something): like
    an action space, it is then not offered, so no coal is paid for nothing."""
    f = FOUNDRIES[foundry]
    return spaces.useless(ctx, seat, Space(f"foundry-{foundry}", f["text"], 0, 0,
                                           tuple(f["effects"])))


def use_free(ctx: Ctx, seat: int, choice: str) -> None:
    """Pay the coal and take the chosen foundry or the boilerman space."""
    p = ctx.player(seat)
    if choice == BOILER_SPACE:
        p["coal"] -= int(COAL["boiler_cost"])
        ctx.state["spaces"][BOILER_SPACE] = {"seat": seat, "workers": 0, "coins": 0}
        ctx.state["coal"]["boilers"] += 1
        _draw(ctx)  # the top foundry of the stack, turned to its boilerman side
        ctx.say(f"{ctx.name(seat)} puts 2 coal on the boilerman space and takes a boilerman.",
                "coal", seat=seat)
        p["pool"].insert(0, {"k": "boiler", "must": True, "src": "boilerman"})
        return
    foundry = choice.removeprefix("foundry-")
    p["coal"] -= int(COAL["foundry_cost"])
    p["foundries_used"].append(foundry)
    ctx.say(f"{ctx.name(seat)} puts 2 coal on their foundry: {FOUNDRIES[foundry]['text']}.",
            "coal", seat=seat, foundry=foundry)
    # Closing is decided right after the foundry's own action: from version 3 the pool keeps
    # that order (the action, then closing, then what it brought); before, the choice only
    # waited at the end of the pool and could be taken at any time.
    first = versions.closes_foundry_before_its_extras(ctx.state)
    p["pool"].append({"k": "close_foundry", "foundry": foundry, "must": False,
                      "src": "foundry", **({"ahead": CLOSING} if first else {})})
    gains.expand(ctx, seat, FOUNDRIES[foundry]["effects"], False, "foundry",
                 FOUNDRY_ACTION if first else 0)


# -- tasks -----------------------------------------------------------------------------------------

def options(ctx: Ctx, seat: int, task: Task) -> list[Option]:
    k = task["k"]
    p = ctx.player(seat)
    if k == "foundry_pick":
        return [(f"take-foundry-{f}", f"the foundry: {FOUNDRIES[f]['text']}")
                for f in ctx.state["coal"]["face_up"]]
    if k == "boiler":
        return boiler_targets(ctx, seat)
    if k == "close_foundry":
        if task["foundry"] not in p["foundries"] or not boiler_targets(ctx, seat):
            return []
        close = (f"close-{task['foundry']}", "close the foundry: it becomes a boilerman")
        if not task.get("ahead"):
            return [close]
        return [close, (f"keep-{task['foundry']}", "keep the foundry: it cannot be closed later")]
    if k == "boiler_twice":
        return [(f"twice-{i + 1}", f"{effect_text(e)} once more (the factory's boilerman)")
                for i, e in enumerate(task["benefits"])]
    if k == "coal_burn":
        most = min(int(COAL["factory"]["max_coal"]), int(p["coal"]))
        per = int(COAL["factory"]["per_coal"])
        return [(f"burn-{n}", f"pay {n} coal for {task['steps'] + per * n} track moves")
                for n in range(most + 1)]
    raise ValueError(f"unknown task kind {k}")


def apply(ctx: Ctx, seat: int, task: Task, choice: str) -> None:
    p = ctx.player(seat)
    k = task["k"]
    if k == "foundry_pick":
        foundry = choice.removeprefix("take-foundry-")
        supply = ctx.state["coal"]
        supply["face_up"].remove(foundry)
        p["foundries"].append(foundry)
        ctx.say(f"{ctx.name(seat)} takes the foundry '{FOUNDRIES[foundry]['text']}'.", "coal",
                seat=seat, foundry=foundry)
        new = _draw(ctx)
        if new is not None:
            supply["face_up"].append(new)
            ctx.say(f"The foundry '{FOUNDRIES[new]['text']}' is turned face up.", "coal",
                    foundry=new)
    elif k == "boiler":
        _boil(ctx, seat, choice)
    elif k == "close_foundry":
        text = FOUNDRIES[task["foundry"]]["text"]
        if choice.startswith("keep-"):
            ctx.say(f"{ctx.name(seat)} keeps the foundry '{text}'.", "coal", seat=seat)
            return
        p["foundries"].remove(task["foundry"])
        ctx.state["coal"]["boilers"] += 1
        ctx.say(f"{ctx.name(seat)} closes the foundry '{text}': it becomes a boilerman.", "coal",
                seat=seat)
        # placed at once, on what the player has now (version 3: before what the action brought)
        boiler = {"k": "boiler", "must": True, "src": "closed foundry"}
        if task.get("ahead"):
            boiler["ahead"] = CLOSING
        p["pool"].insert(0, boiler)
    elif k == "boiler_twice":
        benefit = task["benefits"][int(choice.removeprefix("twice-")) - 1]
        ctx.say(f"{ctx.name(seat)} receives {effect_text(benefit)} once more (the factory's "
                "boilerman).", "coal", seat=seat)
        gains.expand(ctx, seat, [benefit], False, "boilerman")
    elif k == "coal_burn":
        n = int(choice.removeprefix("burn-"))
        p["coal"] -= n
        steps = int(task["steps"]) + int(COAL["factory"]["per_coal"]) * n
        if n:
            ctx.say(f"{ctx.name(seat)} pays {n} coal to the coal factory.", "coal", seat=seat)
        gains.expand(ctx, seat, [{"k": "track", "c": "any", "n": steps}], False, "coal factory")


def _boil(ctx: Ctx, seat: int, choice: str) -> None:
    p = ctx.player(seat)
    _, where, at = choice.split("-", 2)  # boil-gap-2, boil-ts-1
    if where == "gap":
        gap = int(at) - 1
        p["factories"][gap] += "+"
        what = ctx.board.factory_name(p["factories"][gap].rstrip("+"))
    else:
        rid, i = where, at
        locos = p["routes"][rid]["locos"]
        locos[int(i) - 1] += "+"
        what = (f"#{tile_value(locos[int(i) - 1]) - 1} locomotive on "
                f"{ctx.board.route_by_id[rid].name} (now worth {tile_value(locos[int(i) - 1])})")
    ctx.say(f"{ctx.name(seat)} adds a boilerman to their {what}.", "coal", seat=seat)


def effect_text(eff: dict[str, Any]) -> str:
    """One benefit of a factory in words ('1 coin', '2 wood steps', '1 doubler')."""
    n = int(eff.get("n", 1))
    k = str(eff["k"])
    if k == "track":
        steps = f"step{'s' if n != 1 else ''}"
        return f"{n} {steps} of any colour" if eff["c"] == "any" else \
            f"{n} {eff['c'].replace('|', ' or ')} {steps}"
    if k == "industry":
        return f"industry +{n}"
    if k == "points":
        return f"{n} point{'s' if n != 1 else ''}"
    if k in ("coins", "doubler", "coal"):
        word = {"coins": "coin", "doubler": "doubler", "coal": "coal"}[k]
        return f"{n} {word}{'s' if n != 1 and k != 'coal' else ''}"
    return k.replace("_", " ")


def coal_factory_task(eff: dict[str, Any]) -> Task:
    steps = int(COAL["factory"]["steps"]) + (int(COAL["factory"]["boiler_steps"])
                                             if eff.get("boiler") else 0)
    return {"k": "coal_burn", "steps": steps, "must": False, "src": "coal factory"}


def build_coal_factory(ctx: Ctx, seat: int) -> None:
    """The coal idea card: the coal factory into the industry track, and 2 coal. On the
    shared industry board it is built over a factory like any other, so every wrench reaching
    it uses it: 'If the coal factory is built, it is available to all players.'"""
    p = ctx.player(seat)
    if industry_board.shared(ctx):
        p["pool"].insert(0, {"k": "build_over", "tile": FACTORY, "must": True,
                             "src": "coal factory"})
        gain(ctx, seat, 2)
        return
    gap = locos.free_gap(ctx, seat)
    if gap is None:
        p["pool"].insert(0, {"k": "factory_slot", "tile": FACTORY, "must": True,
                             "src": "coal factory"})
    else:
        locos.build_factory(ctx, seat, FACTORY, gap)
    gain(ctx, seat, 2)


# -- the plug-in ----------------------------------------------------------------------------------

def _setup(board: Board, state: State, rng: Rng) -> None:
    state["coal"] = new_supply(rng)
    for p in state["players"]:
        p["coal"] += int(COAL["start"]["coal"])
        p["coins"] += int(COAL["start"]["coins"])
        p["ideas"].append(COAL["token"]["id"])


def _foundry_take(ctx: Ctx, seat: int, eff: dict[str, Any], src: str) -> None:
    if ctx.state["coal"]["face_up"]:
        ctx.player(seat)["pool"].insert(0, {"k": "foundry_pick", "must": True, "src": src})
    else:
        ctx.say("No foundry is left face up beside the board.", "lost", seat=seat)


def _taken(ctx: Ctx, seat: int, offer: Space) -> str | None:
    """The coal board's top and bottom parts are one space with 2 players (and solo)."""
    combined = COAL["combined"]
    if offer.id in combined and ctx.board.side(ctx.n) == 2 and any(
            ctx.state["spaces"].get(c) is not None for c in combined):
        return "The coal board's combined space is taken this round (its top or bottom part)."
    return None


def _view(ctx: Ctx) -> dict[str, Any]:
    state = ctx.state
    return {"coal_board": None if not on(state) else {
        "foundries": [{"id": f, "text": FOUNDRIES[f]["text"]} for f in state["coal"]["face_up"]],
        "face_down": len(state["coal"]["unseen"])}}


def _player_view(ctx: Ctx, p: dict[str, Any]) -> dict[str, Any]:
    return {"coal": p["coal"],
            "foundries": [{"id": f, "text": FOUNDRIES[f]["text"],
                           "used": f in p["foundries_used"]} for f in p["foundries"]]}


def _board_parts(data: dict[str, Any]) -> Parts:
    """The coal board's spaces, the coal engineer, factory, idea token, idea card and starting
    bonus card."""
    own = parts("coal", data)
    factory = own["factory"]
    return Parts(
        spaces=tuple(Space(s["id"], s["name"], s["workers"], s["coins"], tuple(s["effects"]),
                           besides=BESIDES if s.get("coal_only") else "")
                     for s in own["spaces"]),
        engineers=(own["engineer"],),
        factories={factory["tile"]: {"effects": [{"k": "coal_factory"}], "text": factory["text"],
                                     "name": "coal factory",
                                     "boiled": [{"k": "coal_factory", "boiler": True}]}},
        tokens={own["token"]["id"]: own["token"]["text"]},
        start_cards=(own["start_card"],), idea_cards=(own["idea_card"],))


def _module_labels(data: dict[str, Any]) -> tuple[str, ...]:
    own = parts("coal", data)
    foundries = [f["text"] for f in own["foundries"]["list"] if f.get("source") != "rulebook"]
    eng = own["engineer"]
    return (f"{MODULES['coal']['name']}: foundries {', '.join(foundries)}; the coal idea token "
            f"({own['token']['text']}); the coal engineer (#{eng['number']} {eng['group']}: "
            f"{eng['text']})",)


PLUGIN = Plugin(
    name="coal", module="coal",
    effects={"coal": lambda ctx, seat, eff, src: gain(ctx, seat, eff["n"]),
             "foundry_take": _foundry_take,
             "coal_factory": lambda ctx, seat, eff, src:
                 ctx.player(seat)["pool"].append(coal_factory_task(eff))},
    tasks=dict.fromkeys(KINDS, pool.dropping(apply)),
    options=dict.fromkeys(KINDS, options),
    task_names={"foundry_pick": "foundry", "boiler": "boilerman", "coal_burn": "coal factory",
                "boiler_twice": "boilerman's benefit",
                "close_foundry": "choice to close the foundry"},
    tokens={COAL["token"]["id"]: lambda ctx, seat: gains.expand(
        ctx, seat, COAL["token"]["effects"], False, "idea token")},
    idea_cards={COAL["idea_card"]["id"]: build_coal_factory},
    factory_removed={FACTORY: lambda ctx, seat: ctx.say(
        f"{ctx.name(seat)}'s coal factory goes back to the box.", "factory", seat=seat)},
    free_options=free_options,
    free_use={BOILER_SPACE: use_free, "foundry": use_free},
    free_group="Coal",
    free_words=("one of the things you can use besides your action (income tiles face up, "
                "foundries not used this round, the boilerman space)"),
    no_passing=NO_PASSING,
    optional=("close_foundry",),
    taken=_taken,
    setup=_setup,
    view=_view,
    player_view=_player_view,
    data=add_to,
    board_parts=_board_parts,
    module_labels=_module_labels,
)
