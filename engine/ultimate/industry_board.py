"""The shared industry board (Asian Railroads): layered factories built over the printed ones,
maintenance cars placed beside factories, woken by wrenches, used instead of an action and
brought back from the workshop with a key.

State: ``state["ind"]["layers"][i]`` lists the factories built on factory space ``i`` (lowest
first; empty: only the printed factory); ``state["ind"]["cars"]`` holds every car on the board or
in the workshop as ``{"seat", "purple", "at" (factory index or None in the workshop), "active",
"fresh"}``; each player keeps ``cars_left`` (own cars not yet placed).
"""

from __future__ import annotations

import copy
from typing import Any

from engine.ultimate import tracks
from engine.ultimate.board import Space, tile_value
from engine.ultimate.ctx import Ctx
from engine.ultimate.data import LEVELS

Option = tuple[str, str]


def new_state(players: int, spaces: int, cars: int) -> dict[str, Any]:
    return {"layers": [[] for _ in range(spaces)], "cars": [],
            "cars_left": [cars] * players}


def shared(ctx: Ctx) -> bool:
    return ctx.board.shared_industry is not None


def spaces(ctx: Ctx) -> tuple[int, ...]:
    return ctx.board.factory_spaces(ctx.n)


def index_at(ctx: Ctx, pos: int) -> int | None:
    """The factory number (0-based) on industry space ``pos``, if it is a factory space."""
    sp = spaces(ctx)
    return sp.index(pos) if pos in sp else None


def top(ctx: Ctx, i: int) -> dict[str, Any]:
    """What factory ``i`` does now: its top built factory's action, or the printed one."""
    layer = ctx.state["ind"]["layers"][i]
    if layer:
        f = ctx.board.factories[layer[-1]["tile"]]
        return {"effects": f["effects"], "text": f["text"]}
    printed: dict[str, Any] = ctx.board.shared_industry["printed"][i]  # type: ignore[index]
    return printed


def name(ctx: Ctx, i: int) -> str:
    layer = ctx.state["ind"]["layers"][i]
    what = ctx.board.factory_name(layer[-1]["tile"]) if layer else "printed factory"
    return f"factory {i + 1} (space {spaces(ctx)[i]}, {what}: {top(ctx, i)['text']})"


# -- wrenches on the shared track -------------------------------------------------------------

def can_enter(ctx: Ctx, pos: int) -> bool:
    """A printed factory not built over yet cannot be moved onto (its space shows an X)."""
    i = index_at(ctx, pos)
    return i is None or bool(ctx.state["ind"]["layers"][i])


def activate(ctx: Ctx, pos: int) -> None:
    """A wrench moved onto a factory stands up every inactive car beside it, of any player."""
    i = index_at(ctx, pos)
    woken = [c for c in ctx.state["ind"]["cars"] if c["at"] == i and not c["active"]]
    for car in woken:
        car["active"] = True
        car["fresh"] = True
        ctx.say(f"{_car_words(ctx, car)} beside factory {int(i or 0) + 1} becomes active.",
                "car", seat=car["seat"])


def end_turn(ctx: Ctx) -> None:
    """Cars woken during a turn may be used from the next turn on."""
    for car in ctx.state.get("ind", {}).get("cars", ()):
        car["fresh"] = False


def _car_words(ctx: Ctx, car: dict[str, Any]) -> str:
    colour = "purple" if car["purple"] else ctx.player(car["seat"])["colour"]
    return f"{ctx.name(car['seat'])}'s {colour} maintenance car"


# -- building a factory over another ------------------------------------------------------------

def resolvable_in_level_order(ctx: Ctx, seat: int, i: int) -> bool:
    """Whether every step of factory ``i``'s action can be made, tried on a copy with each colour
    in level order, the tracks of 'any colour' last, each on the first route that takes it (the
    check before version 3; ``in_full`` tries every order and route)."""
    effects = top(ctx, i)["effects"]
    # only the builder's routes change on the trial: copy those, share the rest
    mine = ctx.player(seat)
    p = {**mine, "routes": copy.deepcopy(mine["routes"]), "moved": dict(mine["moved"]),
         "pool": []}
    players = list(ctx.state["players"])
    players[seat] = p
    trial = Ctx(ctx.board, {**ctx.state, "players": players}, ctx.rng)
    steps = sorted((e for e in effects if e["k"] == "track"),
                   key=lambda e: len(LEVELS) if e["c"] == "any" else LEVELS.index(e["c"]))
    for eff in steps:
        colours = LEVELS if eff["c"] == "any" else (eff["c"],)
        for _ in range(int(eff["n"])):
            way = next(((c, r) for c in colours for r in trial.board.routes
                        if c in p["unlocked"] and tracks.step_block(trial, seat, c, r) is None),
                       None)
            if way is None:
                return False
            tracks.step(trial, seat, way[0], way[1])
    for eff in effects:
        if eff["k"] == "doubler" and (ctx.state["doublers"] < eff["n"] or ctx.board.doubler_room(
                ctx.player(seat)) < eff["n"]):
            return False
        if eff["k"] == "idea_pair" and len(ctx.player(seat)["ideas"]) < 2:
            return False
    return True


def build(ctx: Ctx, seat: int, tile: str, i: int) -> list[dict[str, Any]]:
    """Lay ``tile`` on factory ``i``; returns the action of the factory built over (the
    caller resolves it in full)."""
    under = top(ctx, i)
    ctx.state["ind"]["layers"][i].append({"tile": tile, "seat": seat})
    ctx.player(seat).setdefault("built", []).append(tile)
    ctx.say(f"{ctx.name(seat)} builds a {ctx.board.factory_name(tile)} "
            f"({ctx.board.factories[tile]['text']}) over factory {i + 1} and takes its action: "
            f"{under['text']}.", "factory", seat=seat, tile=tile, gap=i)
    return list(under["effects"])


def build_for_emil(ctx: Ctx, who: str, tile: str) -> None:
    """Emil builds in the first space of the lowest layer, in the order the wrenches reach
    the factories; he takes no action and places no car."""
    layers = ctx.state["ind"]["layers"]
    low = min(len(x) for x in layers)
    i = next(i for i, x in enumerate(layers) if len(x) == low)
    layers[i].append({"tile": tile, "seat": None})
    ctx.say(f"{who} builds a #{tile_value(tile)} factory over factory {i + 1}.", "emil")


# -- maintenance cars -------------------------------------------------------------------------

def own_cars(ctx: Ctx, seat: int, purple: bool = False) -> list[dict[str, Any]]:
    return [c for c in ctx.state["ind"]["cars"] if c["seat"] == seat and c["purple"] == purple]


def _free_for(ctx: Ctx, seat: int, purple: bool, skip: int | None = None) -> list[int]:
    """Factories without a car of this kind of the seat (one per colour per factory)."""
    taken = {c["at"] for c in own_cars(ctx, seat, purple)}
    return [i for i in range(len(spaces(ctx))) if i not in taken and i != skip]


def car_options(ctx: Ctx, seat: int) -> list[Option]:
    """After building: place a car from the supply, or move one already placed."""
    if ctx.state["ind"]["cars_left"][seat] > 0:
        return [(f"car-{i + 1}", f"place a maintenance car beside {name(ctx, i)}")
                for i in _free_for(ctx, seat, False)]
    out: list[Option] = []
    for car in own_cars(ctx, seat):
        if car["at"] is None:
            continue
        out += [(f"car-{car['at'] + 1}-{i + 1}", f"move your car from factory {car['at'] + 1} "
                                                 f"beside {name(ctx, i)}")
                for i in _free_for(ctx, seat, False)]
    return out


def place_car(ctx: Ctx, seat: int, choice: str) -> None:
    parts = [int(x) - 1 for x in choice.split("-")[1:]]
    if len(parts) == 1:
        ctx.state["ind"]["cars_left"][seat] -= 1
        car = {"seat": seat, "purple": False, "at": parts[0], "active": False, "fresh": False}
        ctx.state["ind"]["cars"].append(car)
        ctx.say(f"{ctx.name(seat)} places a maintenance car, inactive, beside factory "
                f"{parts[0] + 1}.", "car", seat=seat)
        return
    car = next(c for c in own_cars(ctx, seat) if c["at"] == parts[0])
    car.update(at=parts[1], active=False, fresh=False)
    ctx.say(f"{ctx.name(seat)} moves a maintenance car from factory {parts[0] + 1} beside "
            f"factory {parts[1] + 1}, inactive.", "car", seat=seat)


def purple_options(ctx: Ctx, seat: int) -> list[Option]:
    return [(f"purple-{i + 1}", f"a purple maintenance car beside {name(ctx, i)}")
            for i in _free_for(ctx, seat, True)]


def place_purple(ctx: Ctx, seat: int, choice: str) -> None:
    i = int(choice.removeprefix("purple-")) - 1
    ctx.state["ind"]["cars"].append({"seat": seat, "purple": True, "at": i, "active": False,
                                     "fresh": False})
    ctx.say(f"{ctx.name(seat)} places a purple maintenance car, inactive, beside factory "
            f"{i + 1}.", "car", seat=seat)


def workshop_options(ctx: Ctx, seat: int) -> list[Option]:
    """A key may bring one car (own or purple) back from the workshop to any factory."""
    out: list[Option] = []
    for purple in (False, True):
        if any(c["at"] is None for c in own_cars(ctx, seat, purple)):
            word = "purple" if purple else "own"
            out += [(f"key-{word}-{i + 1}", f"key: bring your {word} car back from the "
                                            f"workshop beside factory {i + 1}")
                    for i in _free_for(ctx, seat, purple)]
    return out


def return_car(ctx: Ctx, seat: int, choice: str) -> None:
    _, word, n = choice.split("-")
    car = next(c for c in own_cars(ctx, seat, word == "purple") if c["at"] is None)
    car.update(at=int(n) - 1, active=False, fresh=False)
    ctx.say(f"{ctx.name(seat)} brings a maintenance car back from the workshop beside factory "
            f"{n}, inactive.", "car", seat=seat)


def car_offers(ctx: Ctx, seat: int) -> list[Space]:
    """Active cars the seat may use instead of placing workers (not those woken this turn)."""
    if not shared(ctx) or ctx.state["phase"] != "actions":
        return []
    out = []
    for car in ctx.state["ind"]["cars"]:
        if car["seat"] == seat and car["active"] and not car["fresh"] and car["at"] is not None:
            word = "purple" if car["purple"] else "car"
            i = int(car["at"])
            action = top(ctx, i)
            out.append(Space(f"{word}{i + 1}", f"use your {'purple ' if car['purple'] else ''}"
                             f"maintenance car at factory {i + 1}: {action['text']}", 0, 0,
                             tuple(action["effects"]), reusable=True, direct=False))
    return out


def why_not_car(ctx: Ctx, seat: int, space_id: str) -> str | None:
    """Why the seat cannot use the maintenance car it named now (None if it can)."""
    if not shared(ctx) or not is_car(space_id):
        return None
    if any(o.id == space_id for o in car_offers(ctx, seat)):
        return None
    purple = space_id.startswith("purple")
    i = int(space_id.removeprefix("purple" if purple else "car")) - 1
    word = "purple maintenance car" if purple else "maintenance car"
    car = next((c for c in own_cars(ctx, seat, purple) if c["at"] == i), None)
    if ctx.state["phase"] != "actions":
        return "A maintenance car is used on your own turn of the action phase."
    if car is None:
        return f"You have no {word} beside factory {i + 1}."
    if not car["active"]:
        return (f"Your {word} beside factory {i + 1} is not active yet: a wrench must move onto "
                "that factory first.")
    return (f"Your {word} beside factory {i + 1} became active this turn; you can use it from "
            "your next turn.")


def use_car(ctx: Ctx, seat: int, space_id: str) -> None:
    purple = space_id.startswith("purple")
    i = int(space_id.removeprefix("purple" if purple else "car")) - 1
    car = next(c for c in own_cars(ctx, seat, purple) if c["at"] == i)
    car.update(at=None, active=False, fresh=False)
    ctx.say(f"{ctx.name(seat)}'s maintenance car goes to the workshop.", "car", seat=seat)


def is_car(space_id: str) -> bool:
    return space_id.removeprefix("purple").removeprefix("car").isdigit()


def view(ctx: Ctx) -> dict[str, Any]:
    """The shared industry board as everyone sees it: each factory space with its layers and
    the cars beside it, and each player's cars in the supply and in the workshop."""
    ind = ctx.state["ind"]
    shared_data: dict[str, Any] = ctx.board.shared_industry or {}
    factories = []
    for i, at in enumerate(spaces(ctx)):
        factories.append({
            "at": at, "number": i + 1, "text": top(ctx, i)["text"],
            "printed": shared_data["printed"][i]["text"],
            "layers": [{"number": tile_value(x["tile"]), "name": ctx.board.factory_name(x["tile"]),
                        "seat": x["seat"]}
                       for x in ind["layers"][i]],
            "cars": [{"seat": c["seat"], "purple": c["purple"], "active": c["active"]}
                     for c in ind["cars"] if c["at"] == i]})
    return {
        "points": list(ctx.board.industry), "idea_or_key_at": ctx.board.industry_idea_at,
        "benefits": [{"at": b["at"], "text": b["text"]} for b in shared_data["benefits"]],
        "factories": factories,
        "cars_left": list(ind["cars_left"]),
        "workshop": [sum(1 for c in ind["cars"] if c["seat"] == s and c["at"] is None)
                     for s in range(len(ctx.state["players"]))],
    }
