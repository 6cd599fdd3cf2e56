"""Urbanizing a gray city: shared by the Urbanize action and the New Industry card."""

from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.core.types import State
from engine.rotw.economy import add_random_cubes
from engine.rotw.timetravel import refuse_warp
from engine.rotw.transconrules import refuse_frozen
from engine.rotw.tx import Tx


def check_urbanize(state: State, city: str, colour: str) -> None:
    if city not in state["cities"]:
        raise IllegalAction("unknown_city", f"There is no city called {city} on this map.")
    c = state["cities"][city]
    refuse_frozen(state, city)
    refuse_warp(state, str(city))
    if c["urbanized"] or c["colour"] != "gray":
        raise IllegalAction("not_gray", f"Only gray cities can be urbanized; {city} is "
                            f"{c['colour']}.")
    if colour == "red":
        raise IllegalAction("no_red_tiles", "There are no red New City tiles.")
    left = state["new_city_tiles"].get(colour)
    if left is None:
        raise IllegalAction("bad_colour", f"New City tiles come in "
                            f"{', '.join(sorted(state['new_city_tiles']))}, not {colour}.")
    if left <= 0:
        raise IllegalAction("no_tiles_left", f"No {colour} New City tiles are left.")


def urbanize(tx: Tx, city: str, colour: str, cubes: int) -> list[str]:
    c = tx.state["cities"][city]
    c["colour"] = colour
    c["urbanized"] = True
    tx.state["new_city_tiles"][colour] -= 1
    return add_random_cubes(tx, city, cubes)
