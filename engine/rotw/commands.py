"""Slash commands and their translation into engine actions (route finding included)."""

from __future__ import annotations

import re
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.names import listing
from engine.core.title import CommandSpec, MapMeta, OptionSpec, TitleMeta
from engine.core.types import Action, State
from engine.rotw import delivery, deliverywhy, flow, naming, switches, track, versions
from engine.rotw.buildterms import build_terms
from engine.rotw.carddeck import held_with
from engine.rotw.context import MapContext

COLOURS = ("black", "green", "yellow", "purple", "red", "blue")
CUBE_CHOICES = ("red", "yellow", "blue", "black", "purple")


def _opt(name: str, desc: str, required: bool = False, kind: str = "string",
         choices: tuple[str, ...] = (), auto: bool = False) -> OptionSpec:
    return OptionSpec(name, desc, kind, required, choices, None, auto)  # type: ignore[arg-type]


COMMANDS = (
    CommandSpec("build", "Build track: one link toward a city (/game help says how much)", (
        _opt("from", "A city, or the open end of your link (link:<id>)", True, auto=True),
        _opt("to", "The city to head for (cheapest route is found)"),
        _opt("via", "Hexes the route must pass (labels along the board's edges), e.g. P18"),
        _opt("path", "Exact hexes, e.g. P18 P17 O17"),
        _opt("exit", "Side the open end faces (NE E SE SW W NW)"),
        _opt("redirect", "Redirect the last tile of your incomplete link", kind="boolean"),
        _opt("grant", "Use a Government Land Grant card", kind="boolean"),
        _opt("cards", "Held build cards to use, e.g. \"Tunnel Engineer, Ferry Line\""),
        _opt("depot", "Fuel Depots: also place depots on this city ($5,000)"),
        _opt("depots", "How many Fuel Depots to place there (1 or 2)", kind="integer"),
        _opt("switch", "Switch Tracks: branch off your own track at the 'from' hex ($5,000)",
             kind="boolean"))),
    CommandSpec("deliver", "Deliver one goods cube", (
        _opt("city", "City the cube starts in", True, auto=True),
        _opt("colour", "Cube colour", True, choices=CUBE_CHOICES),
        _opt("to", "Destination city (best route for you if left out)", auto=True),
        _opt("express", "Use an Express card to pass a city of the cube's colour",
             kind="boolean"),
        _opt("stop", "Stop the cube at your Fuel Depot in the 'to' city", kind="boolean"))),
    CommandSpec("bid", "Bid in the auction under way",
                (_opt("amount", "Dollars", True, "integer"),)),
    CommandSpec("pass", "Pass: drop out of an auction, or give up your move"),
    CommandSpec("upgrade", "Upgrade your engine one level", (
        _opt("cards", "Held card to use (Engine Upgrade, Coal Fueled Engines)"),)),
    CommandSpec("urbanize", "Urbanize a gray city ($10,000)", (
        _opt("city", "Gray city", True, auto=True),
        OptionSpec("colour", "New colour", "string", True, ("yellow", "blue", "black", "purple"),
                   choices_note="The New City tiles come in these colours only: the tile "
                   "supply has no red cities, so no city can be urbanized red."))),
    CommandSpec("card", "Take a Railroad Operations card", (
        _opt("card", "Card name, or the start of it", True, auto=True),
        _opt("city", "City, if the card needs one"),
        _opt("colour", "Colour, if the card needs one"),
        _opt("link", "Link number, if the card needs one", kind="integer"),
        _opt("route", "Cities a delivery passes, if the card delivers"))),
    CommandSpec("baron", "Keep one of your two Rail Baron cards",
                (_opt("card", "Rail Baron name, or the start of it", True, auto=True),),
                action_type="choose_baron"),
    CommandSpec("westernlink", "Build a Western Link ($30,000)",
                (_opt("city", "Kansas City or Des Moines", True),), action_type="western_link"),
    CommandSpec("mine", "Mines: mine a gray city ($10,000, twice a game; not an action)",
                (_opt("city", "Gray city without a Mine", True, auto=True),)),
    CommandSpec("returnbonds", "Transcontinental, before the West opens: return bonds for points",
                (_opt("count", "Bonds to return (0 keeps them all; 2 points, 3, 4... each)",
                      True, "integer", auto=True),), action_type="return_bonds"),
    CommandSpec("inspect", "Play your Railroad (Railway) Inspector: stop the delivery being made"),
    CommandSpec("allow", "Let the delivery being made go ahead (keep your Inspector)"),
    CommandSpec("auction", "Advanced Game: put a company share up for auction and bid", (
        _opt("company", "The company whose share you offer", True, auto=True),
        _opt("amount", "Your opening bid in dollars (at least the share price)", kind="integer"),
        _opt("box", "Where the share comes from", choices=("available", "issued")))),
    CommandSpec("dividend", "Advanced Game: the dividend your company pays (and bonds repaid)", (
        _opt("amount", "Dollars (0 pays none)", True, "integer"),
        _opt("repay", "Bonds to repay first, $5,000 each", kind="integer"))),
    CommandSpec("merge", "Advanced Game: propose a merger with a connected company",
                (_opt("with", "The company to take over", True, auto=True),)),
    CommandSpec("vote", "Advanced Game: your secret vote on the merger",
                (_opt("choice", "yes or no", True, choices=("yes", "no")),)),
)

TURN_LIMIT = "the turn limit that ends a game whose cities stop emptying (a house rule)"

EASTERN_US = MapMeta("eastern-us", "Eastern U.S.", 2, 6, house_data=(
    "engine upgrade costs", "major lines except New York - Kansas City",
    "Hotel and Service Bounty cities", "Service Bounty points", "Western Link hexes",
    "New City tile colours (six of each non-red colour)", TURN_LIMIT))

# Every expansion board is drawn by us on real geography (R20): terrain, ridges, cities, cube
# counts and major lines are house data on all of them, as are engine costs (R14).
_BOARD = ("board geography (terrain, rivers, ridges)", "city positions, colours and cubes",
          "major lines", "engine upgrade costs", "Hotel and Service Bounty cities",
          "Service Bounty points", TURN_LIMIT)

MEXICO = MapMeta("mexico", "Mexico", 2, 4, house_data=_BOARD)
EUROPE = MapMeta("europe", "Europe", 2, 5, house_data=(
    *_BOARD, "income track", "Capital Charter and City Charter cities"))
WESTERN_US = MapMeta("western-us", "Western U.S.", 2, 6, house_data=(
    *_BOARD, "City Rotor second colours and colour wheel order"))
GREAT_BRITAIN = MapMeta("great-britain", "Great Britain", 2, 5, house_data=(
    *_BOARD, "income track"))
NORTH_AMERICA = MapMeta("north-america", "North America", 2, 5, house_data=(
    *_BOARD, "snow line hexes", "ferry spot positions"))
NIPPON = MapMeta("nippon", "Nippon", 2, 4, house_data=(
    *_BOARD, "income track", "Local Campaign cities",
    "Foreign Trade Ports: Hakodate for the misprinted Hanagawa"))

ENGLAND_WALES = MapMeta("england-wales", "England and Wales", 2, 5, house_data=(
    "board geography (terrain, rivers, coasts; no ridges, as the rules say)",
    "barriers (the Humber, Severn, Thames and Mersey estuaries, the Lake District fells and "
    "Snowdon)", "city positions, colours and cubes", "major lines", "engine upgrade costs",
    "all ten Rail Baron cards", "Operations card counts", "Hotel and Service Bounty cities",
    "Service Bounty points", "Passenger Line's 4 points (the base deck's)",
    "Advanced Game: company colours and starting share prices (Red 8, Blue 7, Black 6, "
    "Green 5, Yellow 4, Purple 3)", "Advanced Game: dividends split in whole $1,000s",
    "Advanced Game: a merged company's cash and bonds go to the company that takes it over",
    TURN_LIMIT))

TRANSCONTINENTAL = MapMeta("transcontinental", "Transcontinental", 2, 6, house_data=(
    *_BOARD, "how the Western board joins the Eastern one (the seam)",
    "one cube less per city for every player count (2 or 3 players lose no second cube)",
    "bonds returned between the phases only as far as the player's points pay for them",
    "Cyrus Holliday: a link across the seam counts as his Western Link",
    "Major Lines across the seam count for both boards (Villard, Cooke)",
    "Gold Spike start cards laid out from the start and kept into the West"))

THROUGH_TIME = MapMeta("through-time", "Railways through Time", 2, 6, house_data=(
    "the eight time period boards (terrain, cities, colours, cubes, time warps)",
    "Time Lines", "Time Line points chart (1: 4, 2: 9, 3: 15, 4: 22, 5 or more: 30)",
    "default periods for each player count", "income track (the base game's)",
    "engine upgrade costs", "Hotel and Service Bounty cities", "Service Bounty points",
    "City Rotor cities and second colours",
    "when every player passes the auction, the last to pass goes first", TURN_LIMIT))

MAPS = (EASTERN_US, MEXICO, EUROPE, WESTERN_US, GREAT_BRITAIN, NORTH_AMERICA, NIPPON,
        THROUGH_TIME, TRANSCONTINENTAL, ENGLAND_WALES)

OPTIONS = (
    OptionSpec("black_stars", "Mexico: play with the optional Black Star Rail Baron cards",
               "boolean"),
    OptionSpec("event_deck", "Mini-expansion: the Event Deck (a Future and a Current event "
               "each turn)", "boolean"),
    OptionSpec("city_rotors", "Mini-expansion: City Rotors (standard on the Western U.S.: on "
               "there unless set to false)", "boolean"),
    OptionSpec("rotor_cities", "City Rotors: the coloured cities that carry one, joined with +, "
               "e.g. \"Denver+Boise\" (default: the map's list)", "string"),
    OptionSpec("mines", "Mini-expansion: Mines (each player may mine a gray city twice)",
               "boolean"),
    OptionSpec("fuel_depots", "Mini-expansion: Fuel Depots (standard on the Western U.S.: on "
               "there unless set to false)", "boolean"),
    OptionSpec("switch_tracks", "Mini-expansion: Switch Tracks (a branch off your own track, "
               "twice a game)", "boolean"),
    OptionSpec("hotels", "Mini-expansion: Hotels (a marker on the city of each Hotel card "
               "taken)", "boolean"),
    OptionSpec("cut_throat", "Variant: the last tile of an incomplete link cannot be redirected",
               "boolean"),
    OptionSpec("shorter_game", "Variant: 2 fewer Empty City Markers end the game", "boolean"),
    OptionSpec("auction_variant", "First-player auction: standard, first_turn_paid (Variant 1) "
               "or half_price_dropouts (Variant 2)", "string",
               choices=("standard", "first_turn_paid", "half_price_dropouts"),
               default="standard"),
    OptionSpec("glenn_drover", "Eastern U.S., 2 players: no building west of the mountains "
               "until someone reaches 30 points", "boolean"),
    OptionSpec("late_baron_choice", "Variant: keep both Rail Barons until the first Major Line "
               "is completed", "boolean"),
    OptionSpec("periods", "Railways through Time: the period boards joined with +, e.g. "
               "stone-age+egypt+napoleonic (default: players + 1)", "string"),
    OptionSpec("barons", "Transcontinental Rail Barons: gold_spike (Option 1), each_board "
               "(Option 2) or both_at_setup (Option 2 Variant)", "string",
               choices=("gold_spike", "each_board", "both_at_setup")),
    OptionSpec("faster_game", "Transcontinental: the Faster Game (Eastern cubes cleared when "
               "the West opens)", "boolean"),
    OptionSpec("gold_spike_bounties", "Transcontinental: the four Gold Spike start cards "
               "(optional in the rulebook: off unless set to true)", "boolean"),
    OptionSpec("advanced", "England and Wales: the Advanced Game, investing in companies with "
               "shares", "boolean"),
    OptionSpec("end_empty", "Advanced Game: empty cities that end the game (default 16)",
               "integer"),
)

META = TitleMeta(id="rotw", name="Railways of the World", min_players=2, max_players=6,
                 colours=COLOURS, maps=MAPS, options=OPTIONS, commands=COMMANDS,
                 house_data=("first-player bids at most $100,000",
                             "City Rotor cities and second colours on every map",
                             "the Event Deck's 50 events",
                             "Switch Track details the compendium leaves open"),
                 rules_version=versions.VERSION)


def match_city(ctx: MapContext, text: Any) -> str:
    return naming.city(ctx, text)


def _start(state: State, ctx: MapContext, seat: int, text: Any) -> str:
    if not isinstance(text, str):
        raise IllegalAction("bad_start", "Say where to build from: a city or link:<id>.")
    t = text.strip()
    if t.lower().startswith("link:"):
        return t.lower()
    for lk in state["links"]:
        if lk["owner"] == seat and not lk["complete"] and lk["tiles"][-1]["hex"] == t.upper():
            return f"link:{lk['id']}"
    return match_city(ctx, t)


def _whole(value: Any, what: str) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise IllegalAction("need_number", f"{what} is a whole number.") from None


def _hexes(text: Any) -> list[str]:
    if isinstance(text, list):
        return [str(x).upper() for x in text]
    return [s.upper() for s in re.split(r"[\s,]+", str(text or "").strip()) if s]


def _on_map(ctx: MapContext, labels: list[str], option: str) -> None:
    """Refuse a hex the map does not have, with an example of one it has."""
    city = min(ctx.mapdef.cities.values(), key=lambda c: c.name)
    where = (f"Hex labels are the row letters and column numbers along the board's edges "
             f"(/game board): {city.name} is on {city.hex.label}.")
    for label in labels:
        try:
            h = ctx.hex(label)
        except ValueError:
            raise IllegalAction("bad_hex", f"{option}: '{label}' is not a hex label. "
                                f"{where}") from None
        if not ctx.mapdef.playable(h):
            raise IllegalAction("bad_hex", f"{option}: {label} is not a hex of this map. "
                                f"{where}")


def _card_ids(state: State, ctx: MapContext, seat: int, text: Any) -> list[str]:
    """Held cards from typed names or ids ("tunnel ferry", "land-grant"): one copy each."""
    out: list[str] = []
    words = [w for w in re.split(r"[,;]+", str(text)) if w.strip()]
    if len(words) == 1 and " " in words[0].strip():
        # Space-separated ids ("tunnel-engineer ferry-line") unless it reads as one name.
        whole = words[0].strip()
        try:
            return [naming.held_card(state, ctx, seat, whole)]
        except IllegalAction as exc:
            if not state["players"][seat]["hand"]:
                raise exc from None  # nothing held: the whole name is what was not found
            words = whole.split()
    for word in words:
        out.append(naming.held_card(state, ctx, seat, word.strip(), tuple(out)))
    return out


ADVANCED_ONLY = ("auction", "dividend", "merge", "vote")
ACTION_ROUND = ("build", "deliver", "upgrade", "urbanize", "card", "westernlink", "mine")

PHASE_WORDS = {
    "baron": "every player is choosing which Rail Baron card to keep (/baron)",
    "auction": "the first-player auction is on (/bid or /pass)",
    "respond": "a delivery waits for the Inspector holders (/inspect or /allow)",
    "bonds": "players are returning bonds before the West opens (/returnbonds)",
    "finished": "the game is over",
}


def check_action_round(state: State, seat: int, command: str) -> None:
    """Actions are taken in the action rounds, by the seat whose action it is."""
    phase = "finished" if state.get("finished") else state["phase"]
    if phase != "actions":
        raise IllegalAction("not_action_round", f"/{command} is an action, taken in the action "
                            f"rounds; now {PHASE_WORDS.get(phase, 'it is not time for it')}.")
    waiting = flow.to_act(state)
    if seat not in waiting:
        who = ", ".join(str(state["players"][s]["name"]) for s in waiting)
        raise IllegalAction("not_your_turn", f"It is not your move; waiting for {who}.")


def to_action(state: State, ctx: MapContext, seat: int, command: str,
              options: dict[str, Any]) -> Action:
    if command in ACTION_ROUND:
        check_action_round(state, seat, command)
    if command == "build":
        return _build(state, ctx, seat, options)
    if command == "deliver":
        return _deliver(state, ctx, seat, options)
    if command == "bid":
        amount = _whole(options.get("amount"), "A bid")
        # Players think in thousands, as the money is printed: "bid 3" means $3,000.
        return {"type": "bid", "seat": seat, "amount": amount * 1000 if amount < 1000 else amount}
    if command == "upgrade" and options.get("cards"):
        return {"type": "upgrade", "seat": seat,
                "cards": _card_ids(state, ctx, seat, options["cards"])}
    if command in ("pass", "upgrade", "inspect", "allow"):
        return {"type": command, "seat": seat}
    if command == "urbanize":
        return {"type": "urbanize", "seat": seat, "city": match_city(ctx, options.get("city")),
                "colour": naming.colour(options.get("colour"))}
    if command == "card":
        act: Action = {"type": "card", "seat": seat,
                       "card": naming.display_card(state, ctx, options.get("card"))}
        if options.get("city"):
            act["city"] = match_city(ctx, options["city"])
        if options.get("colour"):
            act["colour"] = naming.colour(options["colour"])
        if options.get("link") is not None:
            act["link"] = _whole(options["link"], "A link number")
        if options.get("route"):
            act["route"] = [match_city(ctx, c.strip()) for c in
                            re.split(r"[,>]+", str(options["route"])) if c.strip()]
        return act
    if command == "baron":
        # Out of the baron phase the move itself says what is open instead.
        card = naming.baron_card(state, ctx, seat, options.get("card")) \
            if state["phase"] == "baron" else options.get("card")
        return {"type": "choose_baron", "seat": seat, "card": card}
    if command == "mine":
        return {"type": "mine", "seat": seat, "city": match_city(ctx, options.get("city"))}
    if command == "returnbonds":
        return {"type": "return_bonds", "seat": seat,
                "count": _whole(options.get("count"), "The number of bonds")}
    if command == "westernlink":
        return {"type": "western_link", "seat": seat, "city": match_city(ctx, options.get("city"))}
    if command in ADVANCED_ONLY:
        raise IllegalAction("advanced_only", f"/{command} is a move of the Advanced Game "
                            "(map:england-wales options:advanced=true), not of this game.")
    raise IllegalAction("unknown_command", f"/{command} is not a move in Railways of the World.")


def _build(state: State, ctx: MapContext, seat: int, options: dict[str, Any]) -> Action:
    raw = str(options.get("from") or "").strip()
    if options.get("switch") or raw.lower().startswith(switches.PREFIX):
        start = switches.PREFIX + raw.split(":")[-1].strip()
    else:
        start = _start(state, ctx, seat, options.get("from"))
    act: Action = {"type": "build", "seat": seat, "start": start}
    if options.get("redirect"):
        act["redirect"] = True
    if options.get("exit"):
        act["exit"] = str(options["exit"]).upper()
    if options.get("grant"):
        grants = held_with(state, ctx, seat, "land_grant")
        if not grants:
            raise IllegalAction("card_not_held", "You hold no Government Land Grant.")
        act["cards"] = grants[:1]
    if options.get("cards"):
        act["cards"] = [*act.get("cards", []), *_card_ids(state, ctx, seat, options["cards"])]
    if options.get("depot"):
        act["depot"] = match_city(ctx, options["depot"])
        # Unsaid, as many as a build places (two), or the one left.
        left = int(state["players"][seat].get("depots", 0))
        act["depots"] = _whole(options.get("depots") or (min(2, left) or 2),
                               "The number of depots")
        if not options.get("path") and not options.get("to"):
            return act
    if options.get("path"):
        act["path"] = _hexes(options["path"])
        _on_map(ctx, act["path"], "path")
        return act
    if not options.get("to"):
        raise IllegalAction("need_target", "Give to:<city> (the cheapest route is found) or "
                            "path:<hexes>.")
    goal = match_city(ctx, options["to"])
    terms = build_terms(state, ctx, seat, act.get("cards", []))
    via = _hexes(options.get("via"))
    _on_map(ctx, via, "via")
    route = track.route_toward(state, ctx, seat, start, goal, via, terms=terms)
    if route is None:
        raise IllegalAction("no_route", _no_route(state, seat, start, goal))
    act["path"] = route.path
    if route.exit is not None and "exit" not in act:
        act["exit"] = route.exit
    if not route.complete:
        # The mover asked for a city the tile limit does not reach: asked before it is built.
        act["toward"] = goal
    track.plan_build(state, ctx, seat, act)  # refuse now what the move would refuse
    return act


def _no_route(state: State, seat: int, start: str, goal: str) -> str:
    """Why the route finder found no way from ``start`` toward ``goal``."""
    origin = start
    if start.startswith("link:"):
        origin = next((str(lk["cities"][0]) for lk in state["links"]
                       if f"link:{lk['id']}" == start), start)
    if origin == goal:
        return f"A link must join {goal} to a different city."
    if any(set(lk["cities"]) == {origin, goal} for lk in state["links"]
           if lk["owner"] == seat and lk["complete"]):
        return f"You already have a link between {origin} and {goal}."
    return (f"No legal track leads from {origin} toward {goal} this action: every way out is "
            "blocked by other track, impassable sides, the map edge or where cities may be "
            "entered. Try another start, or via: hexes.")


def _deliver(state: State, ctx: MapContext, seat: int, options: dict[str, Any]) -> Action:
    held = state["players"][seat].get("held_cube")
    if held is not None:
        city, colour = held["cities"][-1], held["colour"]
    else:
        city = match_city(ctx, options.get("city"))
        colour = naming.colour(options.get("colour"))
    express = held_with(state, ctx, seat, "express")[:1] if options.get("express") else []
    if options.get("express") and not express:
        raise IllegalAction("card_not_held", "You hold no Express card.")
    depots = any(delivery.own_depots(state, seat, c) for c in state.get("depots", {}))
    if held is None and colour not in state["cities"][city]["cubes"]:
        cubes = state["cities"][city]["cubes"]
        has = f"it holds {listing(sorted(set(cubes)))}" if cubes else "it is empty"
        raise IllegalAction("no_cube", f"{city} has no {colour} cube ({has}): a delivery moves "
                            "a cube from the city it is in.")
    every = delivery.routes(state, seat, city, colour, len(express), depots)
    found = [r for r in every if r.stop == bool(options.get("stop"))]
    if options.get("stop") and not found:
        raise IllegalAction("no_depot", "Stopping a cube needs your Fuel Depot in the city it "
                            "stops in (two there if that city takes its colour).")
    dest = match_city(ctx, options["to"]) if options.get("to") else None
    elsewhere = [r for r in found if r.cities[-1] != dest] if dest else []
    if dest is not None:
        found = [r for r in found if r.cities[-1] == dest]
    if not found:
        if held is not None:
            raise IllegalAction("no_delivery", f"Your {colour} cube waiting in {city} has no "
                                "legal way on" + (f" to {dest}." if dest else "."))
        raise IllegalAction("no_delivery", deliverywhy.explain(
            state, seat, city, colour, dest, len(express), elsewhere))
    # Best for the mover: most own points, then fewest points to rivals, then fewest cards and
    # depots spent.
    best = max(found, key=lambda r: (r.points.get(seat, 0),
                                     -sum(v for k, v in r.points.items() if k != seat),
                                     -len(r.express) - len(r.depots)))
    start = len(held["links"]) if held else 0
    act: Action = {"type": "deliver", "seat": seat, "city": city, "colour": colour,
                   "route": best.cities[start:], "links": best.links[start:]}
    if held is not None:
        act["continue"] = True
    if best.express:
        act["cards"] = express
    if best.depots:
        act["depots"] = best.depots
    if best.stop:
        act["stop"] = True
    return act
