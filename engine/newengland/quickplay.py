"""The moves a strong New England Railways player's rollouts make for every seat: the normal
player's habits without its trials, so a rollout costs a few steps of the rules, not a copy of
the game for every move looked at.

It borrows only what the debt service forces and retires what it can, bids the least it may
while the link is worth more than the bid and its cash keeps the headroom, leaves a link short
of its roll to be finished next turn, and ships the cube that adds most to its own income and
least to its rivals'.
"""

from __future__ import annotations

from typing import Protocol

from engine.core.types import Action, State
from engine.newengland.title import NewEnglandTitle


class Habits(Protocol):
    """What the quick moves ask of the New England player."""

    title: NewEnglandTitle

    @property
    def bid_headroom(self) -> float: ...

    def link_worth(self, state: State, seat: int, lid: str) -> float: ...

    def shipment_gain(self, state: State, seat: int, route: list[str]) -> float: ...


def quick_moves(player: Habits, state: State, seat: int) -> list[Action]:
    """``seat``'s moves, best first (the first the rules accept is made)."""
    legal = player.title.legal(state, seat)
    if not legal:
        return []
    phase = state["phase"]
    if phase == "loans":
        return legal[:1]  # "done", or the least loan when the debt service forces one
    if phase == "retire":
        return [legal[-1]]  # the most it can retire
    if phase == "auction":
        bids = [a for a in legal if a["type"] == "bid"]
        keep = [a for a in legal if a["type"] != "bid"]
        if not bids:
            return keep
        cash = state["players"][seat]["cash"]
        least = bids[0]["amount"]
        worth = player.link_worth(state, seat, str(state["auction"]["link"]))
        if least < worth and cash - least >= player.bid_headroom:
            return [bids[0], *keep]
        return keep
    if phase == "build":
        return [a for a in legal if a["type"] == "wait"]
    if phase == "ship":
        ships = [a for a in legal if a["type"] == "ship"]
        if not ships:
            return legal
        gain, best = max(((player.shipment_gain(state, seat, a["route"]), i)
                          for i, a in enumerate(ships)), key=lambda x: (x[0], -x[1]))
        done = [a for a in legal if a["type"] == "done"]
        # A cube that pays only rivals is left where it is.
        return [ships[best], *done] if gain > 0 else [*done, ships[best]]
    return legal
