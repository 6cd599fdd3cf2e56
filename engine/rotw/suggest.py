"""Moves worth offering a seat by click, in a player's words, best first.

Each suggestion stands for a typed command (see ``commands.py``), so nothing here decides what
is legal: deliveries, card takes, urbanizes and Western Links come from ``moves.legal``, and
builds are checked with the same plan a build would make.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.names import plural
from engine.core.title import Suggestion, detail_text
from engine.core.types import Action, State
from engine.rotw import flow, inspector, moves, network, switches, track, trackmap
from engine.rotw.buildterms import build_terms
from engine.rotw.carddeck import baron, held_with, operation
from engine.rotw.cards import max_tiles
from engine.rotw.context import MAX_BID, MAX_ENGINE, MapContext
from engine.rotw.delivery import takes
from engine.rotw.timesuggest import link_value
from engine.rotw.timetravel import is_warp, timed, warp_jumps
from engine.rotw.transcon import bonds_choice_text
from engine.rotw.tx import money_text

MAX_DELIVERIES = 12
MAX_BUILDS = 10
FIRST_BUILD_STARTS = 8
"""With no track yet, builds are suggested from the cities holding the most cubes."""
MAX_STARTS = 6
"""Builds are suggested from at most this many own cities (besides unfinished links)."""
MAJOR_LINE_REACH = 12
"""Builds toward a major line's end are suggested from own cities at most this many hexes away."""

CARD_NEEDS = ("city", "colour", "link", "route")
"""Options of /card that some Operations cards need, asked after the card is chosen."""


def points_text(points: int) -> str:
    return f"+{points}" if points >= 0 else str(points)


# --- deliveries -----------------------------------------------------------------------------

@dataclass(frozen=True)
class DeliveryIdea:
    city: str
    colour: str
    dest: str
    cities: tuple[str, ...]
    own: int
    rivals: dict[int, int]
    express: bool
    stop: bool
    jumps: int = 0
    """Hops through time (Railways through Time): each joins two half-links into one link."""

    @property
    def links(self) -> int:
        return len(self.cities) - 1 - 2 * self.jumps

    def options(self) -> dict[str, Any]:
        out: dict[str, Any] = {"city": self.city, "colour": self.colour, "to": self.dest}
        if self.express:
            out["express"] = True
        if self.stop:
            out["stop"] = True
        return out


def delivery_ideas(state: State, ctx: MapContext, seat: int,
                   legal: list[Action] | None = None) -> list[DeliveryIdea]:
    """The best delivery per (cube, destination, card use), best for the mover first (from the
    seat's ``legal`` moves when they are at hand)."""
    best: dict[tuple[str, str, str, bool, bool], DeliveryIdea] = {}
    for act in moves.legal(state, ctx, seat) if legal is None else legal:
        if act["type"] != "deliver":
            continue
        pts = {int(k): int(v) for k, v in act.get("points", {}).items()}
        # A held cube's route starts where it waits (its earlier links are already walked).
        route = list(act["route"])
        idea = DeliveryIdea(
            city=str(act["city"]), colour=str(act["colour"]), dest=str(route[-1]),
            cities=tuple(route), own=pts.get(seat, 0),
            rivals={k: v for k, v in pts.items() if k != seat},
            express=bool(act.get("cards")), stop=bool(act.get("stop")),
            jumps=warp_jumps(state, route))
        key = (idea.city, idea.colour, idea.dest, idea.express, idea.stop)
        old = best.get(key)
        if old is None or _delivery_key(idea) > _delivery_key(old):
            best[key] = idea
    return sorted(best.values(), key=_delivery_key, reverse=True)


def _delivery_key(d: DeliveryIdea) -> tuple[int, int, int, int]:
    return (d.own, -sum(d.rivals.values()), -int(d.express) - int(d.stop), -d.links)


def _delivery_suggestion(state: State, seat: int, d: DeliveryIdea, rank: int) -> Suggestion:
    held = state["players"][seat].get("held_cube")
    verb = "Carry on" if held else "Deliver"
    label = f"{verb} {d.colour} {d.city} -> {d.dest}, {plural(d.links, 'link')}, " \
            f"{points_text(d.own)}"
    notes = [" - ".join(d.cities)]
    for other, pts in sorted(d.rivals.items()):
        notes.append(f"{state['players'][other]['name']} +{pts}")
    if d.express:
        notes.append("uses an Express card")
    if d.stop:
        notes.append("stops at your Fuel Depot")
    return Suggestion(label=label, command="deliver", options=d.options(), group="Deliver",
                      detail="; ".join(notes), rank=rank)


# --- builds ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class BuildIdea:
    start: str
    """A city, or ``link:<id>`` for the seat's unfinished link."""
    origin: str
    goal: str
    tiles: int
    cost: int
    complete: bool
    value: float
    why: str

    @property
    def score(self) -> float:
        return self.value * 10000 / (self.cost + 4000)


def _own_cities(state: State, seat: int) -> list[str]:
    return sorted({c for lk in network.complete_links(state, seat) for c in lk["cities"]})


def _cubes_near(state: State, ctx: MapContext, city: str, reach: int) -> int:
    here = ctx.city(city).hex
    return sum(len(v["cubes"]) for c, v in state["cities"].items()
               if c != city and ctx.city(c).hex.distance(here) <= reach)


def _link_value(state: State, ctx: MapContext, seat: int, a: str, b: str) -> tuple[float, str]:
    """What a new link a-b of ``seat`` is worth: cubes it lets the seat deliver over it at once,
    major lines it completes, and the cubes at its far end."""
    cities = state["cities"]
    ready = sum(1 for c in cities[a]["cubes"] if takes(state, b, c)) + \
        sum(1 for c in cities[b]["cubes"] if takes(state, a, c))
    value = 3.0 * ready + 0.5 * len(cities[b]["cubes"]) + 0.5
    why = [f"{plural(ready, 'cube')} to deliver over it"] if ready else []
    trial = {**state, "links": [*state["links"], {"id": -1, "owner": seat, "complete": True,
                                                  "cities": [a, b], "tiles": []}]}
    for line in state["major_lines"]:
        if line["claimed_by"] is not None or line.get("requires"):
            continue
        if network.connected(trial, seat, line["a"], line["b"]):
            value += float(line["points"])
            why.append(f"completes {line['a']} - {line['b']} (+{line['points']})")
        elif b in (line["a"], line["b"]) and not any("major line" in w for w in why):
            value += 1.0
            why.append(f"reaches an end of major line {line['a']} - {line['b']}")
    if timed(state):
        extra, reasons = link_value(state, seat, a, b)
        value += extra
        why += reasons
    if not why and cities[b]["cubes"]:
        why.append(f"reaches {plural(len(cities[b]['cubes']), 'cube')}")
    return value, ", ".join(why)


def _plan(state: State, ctx: MapContext, seat: int, start: str,
          route: track.Route) -> track.BuildPlan | None:
    act: Action = {"type": "build", "seat": seat, "start": start, "path": route.path}
    if route.exit is not None:
        act["exit"] = route.exit
    try:
        return track.plan_build(state, ctx, seat, act)
    except IllegalAction:
        return None


def build_ideas(state: State, ctx: MapContext, seat: int, only_start: str | None = None,
                far: bool = True) -> list[BuildIdea]:
    """Complete links worth building this action (and a step toward open major lines), best
    first. ``only_start`` limits them to one start (a city or ``link:<id>``)."""
    limit = max_tiles(state, ctx, seat)
    terms = build_terms(state, ctx, seat, [])
    own = _own_cities(state, seat)
    starts: list[tuple[str, str, Any]] = []
    for lk in state["links"]:
        if lk["owner"] == seat and not lk["complete"]:
            starts.append((f"link:{lk['id']}", lk["cities"][0],
                           ctx.hex(lk["tiles"][-1]["hex"])))
    # Starts: the own cities with the most cubes within a build's reach (all of them would be
    # slow on a crowded board), or with no track yet the cities holding the most cubes.
    origins = sorted(own, key=lambda c: (-_cubes_near(state, ctx, c, limit + 1), c))[:MAX_STARTS] \
        if own else [c for c, _ in sorted(state["cities"].items(),
                                          key=lambda kv: (-len(kv[1]["cubes"]), kv[0]))
                     ][:FIRST_BUILD_STARTS]
    if only_start is not None and only_start.startswith(switches.PREFIX):
        try:
            sw = trackmap.switch_start(state, ctx, seat, only_start)
        except IllegalAction:
            return []
        origins = []
        starts.append((only_start, sw.ends[0], sw.hex))
        far = False  # a branch goes to a city within reach, not toward a far major line
    elif only_start is not None and not only_start.startswith("link:"):
        origins = [only_start]
    starts += [(c, c, ctx.city(c).hex) for c in origins]
    if only_start is not None:
        starts = [s for s in starts if s[0] == only_start]
    pairs = {frozenset(lk["cities"]) for lk in network.complete_links(state, seat)}
    ideas: list[BuildIdea] = []
    for start, origin, at in starts:
        goals = [g for g, city in ctx.mapdef.cities.items()
                 if g != origin and frozenset((origin, g)) not in pairs
                 and city.hex.distance(at) <= limit + 1]
        try:
            found = track.routes_from(state, ctx, seat, start, goals, terms)
        except IllegalAction:
            continue
        for goal, route in found.items():
            plan = _plan(state, ctx, seat, start, route)
            if plan is None:
                continue
            value, why = _link_value(state, ctx, seat, origin, goal)
            ideas.append(BuildIdea(start, origin, goal, len(route.path) - 1, plan.cost, True,
                                   value, why))
    if far:
        ideas += _toward_major_lines(state, ctx, seat, own, only_start, terms)
    ideas.sort(key=lambda i: (-i.score, i.cost, i.goal))
    return ideas


def _toward_major_lines(state: State, ctx: MapContext, seat: int, own: list[str],
                        only_start: str | None, terms: Any) -> list[BuildIdea]:
    """A first step from the seat's network toward the far end of an open major line."""
    out: list[BuildIdea] = []
    for line in state["major_lines"]:
        if line["claimed_by"] is not None or line.get("requires"):
            continue
        for near, goal in ((line["a"], line["b"]), (line["b"], line["a"])):
            if own and near not in own:
                continue
            start = min(own, key=lambda c: (ctx.city(c).hex.distance(ctx.city(goal).hex), c)) \
                if own else near
            if only_start not in (None, start):
                continue
            gap = ctx.city(start).hex.distance(ctx.city(goal).hex)
            if gap <= max_tiles(state, ctx, seat) + 1 or gap > MAJOR_LINE_REACH:
                continue
            try:
                route = track.route_toward(state, ctx, seat, start, goal, terms=terms)
            except IllegalAction:
                continue
            plan = _plan(state, ctx, seat, start, route) if route else None
            if route is None or plan is None:
                continue
            out.append(BuildIdea(start, start, goal, len(route.path), plan.cost, route.complete,
                                 float(line["points"]) / 4,
                                 f"a step toward {line['a']} - {line['b']} "
                                 f"(+{line['points']})"))
            break
    return out


def _tunnel_build(state: State, ctx: MapContext, seat: int,
                  ideas: list[BuildIdea]) -> list[Suggestion]:
    """A held Tunnel Engineer, offered on the suggested build it saves the most on."""
    held = held_with(state, ctx, seat, "tunnel_engineer")
    if not held:
        return []
    card = held[0]
    terms = build_terms(state, ctx, seat, [card])
    best: tuple[int, BuildIdea, track.BuildPlan] | None = None
    for b in ideas:
        try:
            route = track.route_toward(state, ctx, seat, b.start, b.goal, terms=terms)
            if route is None:
                continue
            act: Action = {"type": "build", "seat": seat, "start": b.start, "path": route.path,
                           "cards": [card]}
            if route.exit is not None:
                act["exit"] = route.exit
            plan = track.plan_build(state, ctx, seat, act)
        except IllegalAction:
            continue
        saving = b.cost - plan.cost
        if saving > 0 and (best is None or saving > best[0]):
            best = (saving, b, plan)
    if best is None:
        return []
    saving, b, plan = best
    name = str(operation(ctx, card)["name"])
    return [Suggestion(f"Build {b.origin} -> {b.goal} with your {name}, "
                       f"{plural(len(plan.tiles), 'tile')}, {money_text(plan.cost)}",
                       "build", {"from": b.start, "to": b.goal, "cards": name}, group="Build",
                       detail=f"saves {money_text(saving)} on mountains; the card is used up",
                       rank=500 + int(b.score) + 1)]


def _build_suggestion(state: State, b: BuildIdea, rank: int) -> Suggestion:
    tiles = plural(b.tiles, "tile")
    if b.start.startswith("link:"):
        head = f"Finish your link {b.origin} -> {b.goal}"
    elif b.complete:
        head = f"Build {b.origin} -> {b.goal}"
    else:
        head = f"Build from {b.origin} toward {b.goal}"
    return Suggestion(label=f"{head}, {tiles}, {money_text(b.cost)}", command="build",
                      options={"from": b.start, "to": b.goal}, group="Build",
                      detail=(b.why or "a new link"), rank=rank)


# --- the whole list -------------------------------------------------------------------------

def suggest(state: State, ctx: MapContext, seat: int) -> list[Suggestion]:
    if seat not in flow.to_act(state):
        return []
    phase = state["phase"]
    if phase == "baron":
        return _barons(state, ctx, seat)
    if phase == inspector.PHASE:
        card = inspector.card_name(ctx)
        return [
            Suggestion(f"Stop it with your {card}", "inspect", group="Inspector",
                       detail="The cube stays; their action is spent.", rank=2),
            Suggestion("Let the delivery go ahead", "allow", group="Inspector",
                       detail=f"You keep your {card}.", rank=1, style="secondary"),
        ]
    if phase == "auction":
        return _auction(state, seat)
    if phase == "bonds":
        return [Suggestion(bonds_choice_text(state, seat, int(a["count"])), "returnbonds",
                           {"count": int(a["count"])}, group="Bonds",
                           detail="each bond kept costs $1,000 a turn and 1 point at the end",
                           rank=10 - int(a["count"]))
                for a in moves.legal(state, ctx, seat)]
    return _actions(state, ctx, seat)


def _barons(state: State, ctx: MapContext, seat: int) -> list[Suggestion]:
    out = []
    for i, cid in enumerate(state["players"][seat]["baron_choices"]):
        card = baron(ctx, cid)
        out.append(Suggestion(f"Keep Rail Baron {card['name']}", "baron", {"card": cid},
                              group="Rail Baron", detail=detail_text(str(card.get("text", ""))),
                              rank=10 - i, secret=True))
    return out


BID_STEPS = (0, 1000, 2000, 4000)


def _auction(state: State, seat: int) -> list[Suggestion]:
    low = flow.min_bid(state)
    money = int(state["players"][seat]["money"])
    passing = Suggestion("Pass (out of this auction)", "pass", group="Pass", rank=0,
                         style="secondary")
    if low > MAX_BID:  # the high bid is at the cap: no bid is left to make
        return [passing]
    # Bids the seat can pay from cash; more is possible (with bonds) by choosing an amount.
    amounts = [low + s for s in BID_STEPS if low + s <= min(money, MAX_BID)]
    out = [Suggestion(f"Bid {money_text(a)}", "bid", {"amount": a // 1000}, group="Bid",
                      detail=f"for first player; you have {money_text(money)}", rank=100 - i)
           for i, a in enumerate(amounts)]
    if len(amounts) < (MAX_BID - low) // flow.BID_STEP + 1:  # some legal bid has no button
        other = "Bid another amount" if amounts else "Bid an amount"
        out.append(Suggestion(other, "bid", group="Bid", needs=("amount",),
                              detail=f"{money_text(low)} to {money_text(MAX_BID)}", rank=50))
    out.append(passing)
    return out


def _shown_builds(state: State, ideas: list[BuildIdea]) -> list[BuildIdea]:
    """The best builds; in a Through Time game the best one into a time warp always among them,
    since a warp link earns nothing by itself until the network reaches another period."""
    shown = ideas[:MAX_BUILDS]
    if timed(state) and not any(is_warp(state, b.goal) or is_warp(state, b.origin)
                                for b in shown):
        shown += [b for b in ideas if is_warp(state, b.goal) or is_warp(state, b.origin)][:1]
    return shown


def _actions(state: State, ctx: MapContext, seat: int) -> list[Suggestion]:
    p = state["players"][seat]
    legal = moves.legal(state, ctx, seat)
    kinds = {a["type"] for a in legal}
    out: list[Suggestion] = []
    for i, d in enumerate(delivery_ideas(state, ctx, seat, legal)[:MAX_DELIVERIES]):
        out.append(_delivery_suggestion(state, seat, d, 1000 + 100 * d.own - i))
    if not p.get("held_cube"):
        ideas = _shown_builds(state, build_ideas(state, ctx, seat))
        for i, b in enumerate(ideas):
            out.append(_build_suggestion(state, b, 500 + int(b.score) - i))
        out += _tunnel_build(state, ctx, seat, ideas)
        if "build" in kinds:
            out.append(Suggestion("Build from a city you choose", "build", group="Build",
                                  needs=("from", "to"), detail="the cheapest route is found",
                                  rank=100))
    if "upgrade" in kinds and int(p["engine"]) < MAX_ENGINE:
        out += _upgrades(state, legal, ctx, seat)
    if "urbanize" in kinds:
        cost = next(int(a.get("cost", ctx.urbanize_cost)) for a in legal
                    if a["type"] == "urbanize")  # what it costs now (an event may change it)
        out.append(Suggestion(f"Urbanize a gray city ({money_text(cost)})",
                              "urbanize", group="Urbanize", needs=("city", "colour"),
                              detail="a New City tile of your colour choice, with new cubes",
                              rank=200))
    out += _cards(state, ctx, legal)
    if not p.get("held_cube") and switches.starts(state, seat):
        out.append(Suggestion(f"Branch off your track with a Switch Track "
                              f"({money_text(switches.SWITCH_COST)})", "build", {"switch": True},
                              group="Build", needs=("from", "to"),
                              detail="it counts as one tile; the branch must reach a third city",
                              rank=120))
    mines = [a for a in legal if a["type"] == "mine"]
    if mines:
        out.append(Suggestion(f"Place a Mine ({money_text(int(mines[0]['cost']))})", "mine",
                              group="Mine", needs=("city",), detail="on a gray city",
                              rank=150))
    for a in legal:
        if a["type"] == "western_link":
            out.append(Suggestion(f"Western Link at {a['city']} ({money_text(a['cost'])})",
                                  "westernlink", {"city": a["city"]}, group="Western Link",
                                  detail="red cubes to ship east", rank=450))
    # Placing a Mine is not an action: passing does not throw it away.
    others = sorted({s.group for s in out} - {"Mine"})
    confirm = None
    if others:
        confirm = ("Passing throws away this action although you could still "
                   f"{_choices(others)}. Pass anyway?")
    out.append(Suggestion("Pass (lose this action)", "pass", group="Pass", rank=-1000,
                          confirm=confirm, style="secondary"))
    return out


GROUP_VERBS = {"Deliver": "deliver", "Build": "build", "Engine": "upgrade your engine",
               "Urbanize": "urbanize", "Card": "take a card", "Western Link": "build a Western "
               "Link", "Mine": "place a Mine"}


def _choices(groups: list[str]) -> str:
    words = [GROUP_VERBS.get(g, g.lower()) for g in groups]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _upgrades(state: State, legal: list[Action], ctx: MapContext,
              seat: int) -> list[Suggestion]:
    level = int(state["players"][seat]["engine"]) + 1
    rank = 650 if level <= 3 else 350
    out = []
    for a in legal:
        if a["type"] != "upgrade":
            continue
        cost = money_text(int(a.get("cost", 0)))
        if a.get("cards"):
            name = operation(ctx, a["cards"][0])["name"]
            out.append(Suggestion(f"Upgrade engine to {level} with {name} ({cost})",
                                  "upgrade", {"cards": a["cards"][0]}, group="Engine",
                                  detail=f"moves cubes over up to {level} links", rank=rank + 1))
        else:
            out.append(Suggestion(f"Upgrade engine to {level} ({cost})", "upgrade",
                                  group="Engine", detail=f"moves cubes over up to {level} links",
                                  rank=rank))
    return out


def _cards(state: State, ctx: MapContext, legal: list[Action]) -> list[Suggestion]:
    out: list[Suggestion] = []
    seen: set[str] = set()
    asks: dict[str, set[str]] = {}
    for a in legal:
        if a["type"] == "card":
            asks.setdefault(str(a["card"]), set()).update(k for k in CARD_NEEDS if k in a)
    for cid, keys in asks.items():
        card = operation(ctx, cid)
        if card["name"] in seen:
            continue
        seen.add(card["name"])
        needs = tuple(k for k in CARD_NEEDS if k in keys)
        rank = {"x": 420, "diamond": 410, "hand": 400, "infinity": 405}.get(card["kind"], 400)
        out.append(Suggestion(f"Take {card['name']}", "card", {"card": cid}, group="Card",
                              detail=detail_text(str(card.get("text", ""))), rank=rank,
                              needs=needs))
    return out
