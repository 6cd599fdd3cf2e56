"""Turning Operations cards face up from the deck, with the cards that act on being revealed."""

from __future__ import annotations

from engine.rotw.carddeck import effect, operation
from engine.rotw.tx import Tx


def _reveal(tx: Tx, setup: bool) -> bool:
    """Deal one card into the display; False when the deck is empty."""
    ops = tx.state["ops"]
    deck = ops["deck"]
    for _ in range(len(deck) + 1):
        if not deck:
            return False
        cid = deck.pop()
        e = effect(tx.ctx, cid)
        etype = e.get("type")
        name = operation(tx.ctx, cid)["name"]
        if setup and etype == "extra_actions":
            # A Railroad Executive dealt at setup goes back into the deck (appendix).
            deck.insert(tx.rng.below(len(deck) + 1), cid)
            continue
        if etype == "operations_growth":
            ops["discard"].append(cid)
            tx.say("new_card", f"{name} is turned up: it is discarded and two cards are dealt.")
            # Bounded: each growth card leaves the deck for good.
            for _ in range(int(e.get("deal", 2))):
                _reveal(tx, setup)
            return True
        city = e.get("city")
        if etype == "local_campaign" and isinstance(city, str) \
                and not tx.state["cities"][city]["cubes"]:
            ops["discard"].append(cid)
            tx.say("new_card", f"{name} is turned up while {city} is empty: it is discarded.")
            continue
        ops["display"].append(cid)
        tx.say("new_card", f"New Operations card: {name}.")
        return True
    return False


def reveal_setup(tx: Tx) -> bool:
    return _reveal(tx, True)


def reveal(tx: Tx) -> bool:
    return _reveal(tx, False)
