"""Which of the many city choices of a card (City Growth, New Industry) or of a New City the
Railways of the World computer player tries.

A City Growth card can go to any of some fifty cities and a New City tile to any gray city in any
of four colours: hundreds of moves in all, and two copies of a card in the display do the same.
The normal player tries only its best few moves on a copy of the game, and these, all of one
prior, used to fill the tries a build needed. Only the choices that could bring the player
points are kept, the best few of each kind.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.core.players import Candidate
from engine.core.types import State
from engine.rotw import delivery, network
from engine.rotw.carddeck import card_kind, operation
from engine.rotw.context import MapContext

CHOICES_TRIED = 2
"""Cities (or gray city and colour pairs) kept of each card or of the New City tiles."""


def narrowed(state: State, ctx: MapContext, seat: int,
             found: Sequence[Candidate]) -> list[Candidate]:
    """``found`` with the city choices of City Growth, New Industry and New City cut to the
    ``CHOICES_TRIED`` best of each (none that cannot bring the player points), and one of each
    set of copies of a card."""
    mine = {c for lk in network.complete_links(state, seat) for c in lk["cities"]}
    held = Counter(col for c in mine for col in state["cities"][c]["cubes"])
    growth: dict[str, float] = {}
    out: list[Candidate] = []
    copies: set[str] = set()
    groups: dict[str, list[tuple[float, Candidate]]] = {}
    for c in found:
        a = c.action
        effect = operation(ctx, str(a["card"])).get("effect", {}).get("type") \
            if a["type"] == "card" else None
        if a["type"] == "urbanize" or effect == "new_industry":
            city, colour = str(a["city"]), str(a["colour"])
            # A new colour on its network is a destination for the goods of that colour it
            # already reaches.
            worth = float(held[colour]) if city in mine else 0.0
        elif effect == "city_growth":
            city = str(a["city"])
            if city not in growth:
                growth[city] = _growth_worth(state, seat, city) if city in mine else 0.0
            worth = growth[city]
        else:
            if a["type"] == "card" and set(a) == {"type", "seat", "card"}:
                # Copies of a card with no choice to make (Land Grant #1 and #2) do the same.
                if card_kind(str(a["card"])) in copies:
                    continue
                copies.add(card_kind(str(a["card"])))
            out.append(c)
            continue
        if worth > 0:
            key = "urbanize" if a["type"] == "urbanize" else card_kind(str(a["card"]))
            groups.setdefault(key, []).append((worth, c))
    for key in sorted(groups):
        best = sorted(groups[key], key=lambda wc: -wc[0])
        seen: set[tuple[str, str]] = set()
        for _, c in best:
            # Copies of a card (City Growth #1 and #2) offer the same choices once.
            choice = (str(c.action.get("city")), str(c.action.get("colour")))
            if choice in seen:
                continue
            seen.add(choice)
            out.append(c)
            if len(seen) == CHOICES_TRIED:
                break
    return out


def _growth_worth(state: State, seat: int, city: str) -> float:
    """The points a cube drawn at random into ``city`` would bring the player in its best
    delivery now, on average over the colours (a cube no city on its reach takes brings none)."""
    colours = sorted({v["colour"] for v in state["cities"].values()} - {"gray"})
    if not colours:
        return 0.0
    trial = {**state, "cities": {**state["cities"],
                                 city: {**state["cities"][city], "cubes": colours}}}
    adj = delivery.adjacency(trial)
    total = 0
    for colour in colours:
        found = delivery.routes(trial, seat, city, colour, adj=adj)
        total += max((r.points.get(seat, 0) for r in found), default=0)
    return total / len(colours)
