"""What players type for cities, colours and cards, read through the shared name resolver."""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.names import Named, find, listing, named, resolve
from engine.core.types import State
from engine.rotw.carddeck import baron, card_kind, operation, operation_ids
from engine.rotw.context import MapContext
from engine.rotw.mapdef import CUBE_COLOURS


def city(ctx: MapContext, text: Any) -> str:
    return resolve(text, named(ctx.mapdef.cities), "city",
                   missing=f"There is no city called {text} on this map.")


def colour(text: Any, choices: tuple[str, ...] = CUBE_COLOURS) -> str:
    return resolve(str(text).lower() if text is not None else text, named(choices), "colour")


def _operation(ctx: MapContext, cid: str) -> Named[str]:
    card = operation(ctx, cid)
    return Named(cid, str(card["name"]), (cid, card_kind(cid), str(card.get("short", ""))))


def card_label(ctx: MapContext, cid: str) -> str:
    """A card as players read it: its name, never its id."""
    return str(operation(ctx, cid)["name"])


def display_card(state: State, ctx: MapContext, text: Any) -> str:
    """A card of the Operations display, named by its name, id or a prefix of either."""
    shown = [_operation(ctx, c) for c in state["ops"]["display"]]
    if not str(text or "").strip():
        raise IllegalAction("need_card", "Name a card of the Operations display (the board "
                            "lists them), e.g. card:\"City Growth\".")
    if find(str(text), shown):
        return resolve(text, shown, "card")
    elsewhere = find(str(text), [_operation(ctx, c) for c in operation_ids(ctx)])
    on_show = listing(sorted({n.label for n in shown}), "or") or "nothing"
    what = elsewhere[0].label if len(elsewhere) == 1 else f"'{text}'"
    if not elsewhere:
        raise IllegalAction("unknown_card", f"There is no Railroad Operations card called "
                            f"'{text}'; the display shows {on_show}.")
    raise IllegalAction("card_not_shown", f"{what} is not in the Operations display; it shows "
                        f"{on_show}.")


def held_card(state: State, ctx: MapContext, seat: int, text: str,
              skip: tuple[str, ...] = ()) -> str:
    """One of the seat's own cards (hand or in play), named by name, id or prefix."""
    p = state["players"][seat]
    held = [_operation(ctx, c) for c in p["hand"] + p["cards"] if c not in skip]
    if not find(text, held):
        mine = listing(sorted({n.label for n in held})) or "no cards"
        raise IllegalAction("card_not_held", f"You hold no card called '{text}'; you hold "
                            f"{mine}.")
    return resolve(text, held, "card")


def baron_card(state: State, ctx: MapContext, seat: int, text: Any) -> str:
    """One of the two Rail Baron cards the seat was dealt, by name, id or prefix."""
    dealt = [Named(str(c), str(baron(ctx, c)["name"]), (str(c),))
             for c in state["players"][seat]["baron_choices"]]
    if not dealt:
        raise IllegalAction("no_baron_choice", "You have no Rail Baron card to choose now.")
    return resolve(text, dealt, "Rail Baron card",
                   missing=f"'{text}' is not one of the two Rail Baron cards you were dealt; "
                   f"choose {listing([n.label for n in dealt], 'or')} (see /game hand).")
