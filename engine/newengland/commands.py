"""The slash commands of New England Railways and how typed options become moves."""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.names import listing, named, resolve
from engine.core.title import CommandSpec, OptionSpec
from engine.core.types import Action, State
from engine.newengland.board import Board
from engine.newengland.shipping import best_route

COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("loan", "Borrow from the bank in $10 notes (Acquire Bank Loans step)",
                (OptionSpec("amount", "Dollars to borrow: 10, 20, 30...", "integer",
                            required=True, autocomplete=True),)),
    CommandSpec("retire", "Pay back some or all of your loans (Retire Bank Loan Debt step)",
                (OptionSpec("amount", "Dollars of debt to retire: 10, 20...", "integer",
                            required=True, autocomplete=True),)),
    CommandSpec("bid", "Bid for the Railway Link up for auction",
                (OptionSpec("amount", "Your bid in dollars, more than the current bid",
                            "integer", required=True, autocomplete=True),)),
    CommandSpec("pass", "Drop out of the bidding for this link"),
    CommandSpec("pay", "Pay the shortfall of your roll to build your new link now"),
    CommandSpec("wait", "Leave your new link to be finished next turn for free"),
    CommandSpec("ship", "Move a commodity cube along built links to a city that demands it", (
        OptionSpec("from", "The city the cube is in", autocomplete=True),
        OptionSpec("to", "The city that demands the cube's colour", autocomplete=True),
        OptionSpec("cube", "The cube's colour (purple, blue, yellow, red)", autocomplete=True),
        OptionSpec("route", "The cities in order, e.g. Boston-Providence-Plainfield"),
    )),
    CommandSpec("done", "Finish your part of this step: no loan, no retiring, or no shipment"),
)


def city_named(board: Board, text: object, what: str) -> str:
    """The city ``text`` names (by name or prefix); IllegalAction saying ``what`` if none."""
    if not str(text).strip():
        raise IllegalAction("need_city", f"{what}: needs a city name.")
    return resolve(text, named(board.cities), "city",
                   missing=f"{what}: there is no city called '{text}'.")


def _cube(board: Board, text: object) -> str:
    colours = listing(list(board.cube_counts), "or")
    if not str(text).strip():
        raise IllegalAction("need_cube", f"cube: needs a colour: {colours}.")
    return resolve(str(text).lower(), named(board.cube_counts), "cube colour",
                   missing=f"There are no {text} cubes; the colours are {colours}.")


def parse_route(board: Board, text: str) -> list[str]:
    parts = [p for p in text.replace(">", "-").replace(",", "-").split("-") if p.strip()]
    return [city_named(board, p, "route") for p in parts]


def ship_action(board: Board, state: State, seat: int, options: dict[str, Any]) -> Action:
    """Turn ``/ship`` options into a concrete route; without ``route`` the preferred one."""
    cube = _cube(board, options["cube"]) if options.get("cube") is not None else None
    if options.get("route"):
        route = parse_route(board, str(options["route"]))
        start = options.get("from")
        if start is not None and city_named(board, start, "from") != route[0]:
            raise IllegalAction("bad_route", f"The route starts at {route[0]}, not "
                                f"{options['from']}.")
        if options.get("to") is not None and city_named(board, options["to"], "to") != route[-1]:
            raise IllegalAction("bad_route", f"The route ends at {route[-1]}, not {options['to']}.")
    else:
        if options.get("from") is None or (options.get("to") is None and cube is None):
            raise IllegalAction("ship_needs", "Say where the cube starts and where it goes: "
                                "/ship from:<city> to:<city>, or give route:.")
        start = city_named(board, options["from"], "from")
        dest = city_named(board, options["to"], "to") if options.get("to") is not None else None
        colour = cube or (board.cities[dest].demand if dest else None)
        assert colour is not None
        if colour not in state["cities"][start]:
            there = sorted(set(state["cities"][start]))
            has = f"it has {listing(there)}" if there else "it has no cubes"
            raise IllegalAction("no_cube", f"There is no {colour} cube in {start} ({has}).")
        if dest is not None and board.cities[dest].demand != colour:
            raise IllegalAction("wrong_demand", f"{dest} does not demand {colour} cubes.")
        found = best_route(board, state, seat, start, colour, dest)
        if found is None:
            where = dest or f"a city demanding {colour}"
            raise IllegalAction("no_route", f"No route of built links takes a {colour} cube from "
                                f"{start} to {where} within {board.max_ship_links} links without "
                                f"passing a city that demands {colour}.")
        route = found
    action: Action = {"type": "ship", "seat": seat, "route": route}
    if cube is not None:
        action["cube"] = cube
    return action
