"""Which cities carry a City Rotor, and the colours each rotor turns through.

The Western U.S. page lets players put the rotors on other cities than the recommended six, and on
more or fewer of them; the mini-expansion's page asks them to pick about a quarter of the coloured
cities. Option ``rotor_cities`` names them (``San Francisco+Denver+Boise``); without it a game
uses the map file's list (R23).
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.rotw import naming
from engine.rotw.context import MapContext, rotor_turns
from engine.rotw.transconrules import is_transcon

OPTION = "rotor_cities"
SEPARATOR = "+"


def wheel_from(ctx: MapContext, city: str) -> tuple[str, ...]:
    """A rotor's colours in the order it shows them (``context.rotor_turns``)."""
    if city in ctx.rotors:
        return ctx.rotors[city]
    return rotor_turns(ctx.mapdef.cities[city].colour, None, ctx.rotor_wheel)


def chosen(ctx: MapContext, options: dict[str, Any]) -> list[str] | None:
    """The cities option ``rotor_cities`` names, checked; None when the option is not given."""
    text = options.get(OPTION)
    if text is None:
        return None
    example = f"e.g. {OPTION}=\"{SEPARATOR.join(sorted(ctx.rotors)[:3]) or 'Boston+Chicago'}\""
    words = [w.strip() for w in str(text).split(SEPARATOR)] if isinstance(text, str) else []
    if not words or not all(words):
        raise IllegalAction("bad_option", f"Option {OPTION} lists the cities that carry a City "
                            f"Rotor joined with {SEPARATOR}, {example}.")
    out: list[str] = []
    for word in words:
        city = naming.city(ctx, word)
        if ctx.mapdef.cities[city].colour == "gray":
            raise IllegalAction("bad_option", f"{city} is gray: a City Rotor goes on a city of "
                                "a colour, and shows that colour first.")
        if city in out:
            raise IllegalAction("bad_option", f"{city} is named twice in {OPTION}.")
        out.append(city)
    return out


def placed(ctx: MapContext, options: dict[str, Any]) -> dict[str, tuple[str, ...]]:
    """City -> the colours its rotor turns through, for the cities that carry one."""
    cities = chosen(ctx, options)
    if cities is None:
        return dict(ctx.rotors)
    return {c: wheel_from(ctx, c) for c in cities}


def check(ctx: MapContext, options: dict[str, Any], rules: list[str]) -> None:
    """Option ``rotor_cities`` is refused where it cannot place rotors, and checked otherwise."""
    if OPTION not in options:
        return
    if is_transcon(ctx):
        raise IllegalAction("option_not_on_map", f"Option {OPTION} cannot be used in the "
                            "Transcontinental game: each of its boards places the City Rotors "
                            "its map file names.")
    if "city_rotors" not in rules:
        why = "city_rotors=false leaves City Rotors out" if options.get("city_rotors") is False \
            else f"the {ctx.mapdef.name} map plays without City Rotors unless city_rotors=true"
        raise IllegalAction("bad_option", f"Option {OPTION} says where City Rotors go, but {why}.")
    chosen(ctx, options)


def describe(ctx: MapContext, options: dict[str, Any]) -> str:
    """``/game info``: where the rotors go and the colour each shows after its first delivery."""
    shown = [f"{c} ({w[0]}, then {w[1]})" if len(w) > 1 else c
             for c, w in placed(ctx, options).items()]
    return "City Rotors on: " + (", ".join(shown) or "no city") + "."
