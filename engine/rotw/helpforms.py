"""Each move command as /game help shows it: only the options this game and this moment can
use, in words true of this game (an ordinary game never reads Advanced Game notes, and the
Advanced Game never offers a Land Grant). The guide describes the rest."""

from __future__ import annotations

from dataclasses import replace

from engine.core.title import CommandSpec
from engine.core.types import State
from engine.rotw import flow, moves
from engine.rotw.cards import max_tiles
from engine.rotw.context import MapContext
from engine.rotw.optionvalues import option_values
from engine.rotw.suggest import CARD_NEEDS

SITUATIONAL = {
    "build": ("redirect", "grant", "switch", "cards", "depot", "depots"),
    "deliver": ("express", "stop"),
    "upgrade": ("cards",),
}
"""Options that only a card in hand, a mini-expansion or an unfinished link makes useful: shown
when they have a value to offer now."""

ADVANCED_OPTIONS = {"build": ("from", "to", "via", "path"), "deliver": ("city", "colour", "to")}
"""What a company's build and delivery read in the Advanced Game."""

ORDINARY_WORDS = {"build": "Build up to {tiles} tiles of one link", "bid": "Bid for first player",
                  "pass": "Give up this action, or drop out of the auction"}
ADVANCED_WORDS = {"build": "Build one whole link for the company", "bid":
                  "Bid for the share on auction", "pass": "Pass (the auction, your action or "
                  "the merger)"}


def _unfinished(state: State, seat: int) -> bool:
    return any(lk["owner"] == seat and not lk["complete"] for lk in state["links"])


def command_help(state: State, ctx: MapContext, seat: int, spec: CommandSpec) -> CommandSpec:
    if "adv" in state:
        keep = ADVANCED_OPTIONS.get(spec.name)
        options = spec.options if keep is None else \
            tuple(o for o in spec.options if o.name in keep)
        return replace(spec, options=options,
                       description=ADVANCED_WORDS.get(spec.name, spec.description))
    hide: set[str] = set()
    for name in SITUATIONAL.get(spec.name, ()):
        if not option_values(state, ctx, seat, spec.name, name, {}):
            hide.add(name)
    if spec.name == "build" and not _unfinished(state, seat):
        hide.add("exit")  # the side an open end faces: only for a link still being built
    if spec.name == "card" and seat in flow.to_act(state):
        asked = {k for a in moves.legal(state, ctx, seat) if a["type"] == "card"
                 for k in CARD_NEEDS if k in a}
        hide |= set(CARD_NEEDS) - asked
    # Perfect Engineering not yet used this turn raises the four tiles to five.
    words = ORDINARY_WORDS.get(spec.name, spec.description).replace(
        "{tiles}", str(max_tiles(state, ctx, seat)))
    return replace(spec, options=tuple(o for o in spec.options if o.name not in hide),
                   description=words)
