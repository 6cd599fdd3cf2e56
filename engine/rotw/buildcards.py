"""The build cards a Railways of the World computer player holds, and when it plays them.

A build card (Government Land Grant, Tunnel Engineer, Ferry Line and the like, see
``buildterms``) is played once: on a build that saves little it is wasted, since a later link
may save far more with it. So a link is offered with the cards that make it cheapest only when
each card played saves enough on it, any saving at all in the last turns of the game. Taking
one is judged by a prior of its own (``take_prior``, or ``aimed``: by what it would save on the
builds offered now); holding one is valued in ``RotwPlayer.value``.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.players import Candidate
from engine.core.types import State
from engine.rotw import interest, track
from engine.rotw.buildterms import BUILD_CARDS, build_terms
from engine.rotw.carddeck import effect
from engine.rotw.context import MapContext
from engine.rotw.playervalue import Weights, progress
from engine.rotw.trackmap import board_of

SAVING_WANTED = {"land_grant": 6000, "hot_springs": 2000}
"""What a card must save on one build to be played on it, by kind (house values): a Land Grant
on a long link over open ground saves $8,000 or more; Hot Springs pays in points instead."""
OTHER_SAVING = 4000
"""As much for the other build cards (Tunnel Engineer: half of two mountains or ridges)."""
LAST_ACTIONS = 6
"""Actions left in the game (two turns) from which any saving is worth a card: no later build
will save more with it."""
POINT_MONEY = 3000
"""What a point a card earns on a build (Hot Springs) is reckoned worth in money, next to what
the other cards save."""
AIMED_BUILDS = 3
"""The builds of best prior on which a build card in the display is judged."""
AIM_MOST = 2.0
"""How many times what it must save a card's saving counts, at most."""


def in_hand(state: State, ctx: MapContext, seat: int) -> list[str]:
    """The build cards in the player's hand."""
    return [c for c in state["players"][seat]["hand"]
            if effect(ctx, c).get("type") in BUILD_CARDS]


def take_prior(state: State, ctx: MapContext, card: str, w: Weights) -> float | None:
    """The prior of taking ``card`` if it is a build card (None for any other card)."""
    if not w.build_cards or effect(ctx, card).get("type") not in BUILD_CARDS:
        return None
    return w.build_card_prior * (1.0 - progress(state))


def aimed(state: State, ctx: MapContext, seat: int, found: list[Candidate],
          w: Weights) -> list[Candidate]:
    """``found`` with the prior of taking each build card scaled by what it would save on the
    best builds offered now (``AIMED_BUILDS`` of them), next to what it must save to be played
    (``w.build_card_aim``; 0: ``found`` as it is)."""
    if not (w.build_cards and w.build_card_aim):
        return found
    builds = sorted((c for c in found if c.action["type"] == "build"),
                    key=lambda c: -c.prior)[:AIMED_BUILDS]
    out: list[Candidate] = []
    for c in found:
        a = c.action
        kind = effect(ctx, str(a["card"])).get("type") if a["type"] == "card" else None
        if kind in BUILD_CARDS:
            saving = max((_saving(state, ctx, seat, b.action, str(a["card"])) for b in builds),
                         default=0)
            wanted = SAVING_WANTED.get(str(kind), OTHER_SAVING)
            c = Candidate(a, c.prior * w.build_card_aim * min(AIM_MOST, saving / wanted))
        out.append(c)
    return out


def _saving(state: State, ctx: MapContext, seat: int, action: dict[str, Any], card: str) -> int:
    """What ``card``, were it held, would save on the build ``action`` (points at
    ``POINT_MONEY``)."""
    p = state["players"][seat]
    trial = {**state, "players": list(state["players"])}
    trial["players"][seat] = {**p, "hand": [*p["hand"], card]}
    used = list(action.get("cards", []))
    try:
        before = track.plan_build(trial, ctx, seat, action)
        after = track.plan_build(trial, ctx, seat, {**action, "cards": [*used, card]})
    except IllegalAction:
        return 0
    return before.cost - after.cost + POINT_MONEY * (after.points - before.points)


@dataclass
class LinkOffers:
    """The links a player's build action can make from a start city, each priced with the build
    cards worth playing on it (``w``: the player's weights; None, or ``build_cards`` 0, to price
    every link without cards, as an easy player does)."""

    state: State
    ctx: MapContext
    seat: int
    w: Weights | None = None

    def __post_init__(self) -> None:
        w = self.w
        hand = in_hand(self.state, self.ctx, self.seat) if w is not None and w.build_cards \
            else []
        # What a card must save shrinks as the game goes on: fewer builds are left to use it on.
        self.share = 0.0 if w is None else \
            w.build_card_saving * (1.0 - w.build_card_fade * progress(self.state))
        # One copy of each kind: a second copy of a card on one build adds nothing.
        kinds: dict[str, str] = {}
        for cid in hand:
            kinds.setdefault(str(effect(self.ctx, cid)["type"]), cid)
        self.cards = sorted(kinds.values())
        self.kinds = {cid: kind for kind, cid in kinds.items()}
        left = interest.actions_left(self.state)
        self.late = left is not None and left <= LAST_ACTIONS
        self.plain = build_terms(self.state, self.ctx, self.seat, [])
        self.board = board_of(self.state, self.ctx)
        self.carded = build_terms(self.state, self.ctx, self.seat, self.cards) \
            if self.cards else None

    def links(self, start: str, goals: list[str]) -> dict[str, tuple[dict[str, Any], int]]:
        """Each goal's build action from ``start`` (one complete link) and its cost."""
        found = track.routes_from(self.state, self.ctx, self.seat, start, goals, self.plain,
                                  board=self.board)
        carded = track.routes_from(self.state, self.ctx, self.seat, start, goals, self.carded,
                                   board=self.board) if self.carded is not None else {}
        out: dict[str, tuple[dict[str, Any], int]] = {}
        for goal in goals:
            routes = [r for r in (found.get(goal), carded.get(goal)) if r is not None]
            priced = self._priced(start, routes)
            if priced:
                cards = self._cards(priced)
                action, cost, _ = priced[cards]
                out[goal] = (action, cost)
        return out

    def _priced(self, start: str, routes: list[track.Route]
                ) -> dict[tuple[str, ...], tuple[dict[str, Any], int, int]]:
        """Each set of held cards (none included) with the cheapest of ``routes`` under it:
        the build action, its cost, and its worth to the player (the cost less what the
        points it earns are reckoned worth)."""
        out: dict[tuple[str, ...], tuple[dict[str, Any], int, int]] = {}
        for n in range(len(self.cards) + 1):
            for used in combinations(self.cards, n):
                for route in routes:
                    action: dict[str, Any] = {"type": "build", "seat": self.seat,
                                              "start": start, "path": route.path}
                    if route.exit is not None:
                        action["exit"] = route.exit
                    if used:
                        action["cards"] = list(used)
                    try:
                        plan = track.plan_build(self.state, self.ctx, self.seat, action)
                    except IllegalAction:
                        continue
                    worth = plan.cost - POINT_MONEY * plan.points
                    if used not in out or worth < out[used][2]:
                        out[used] = (action, plan.cost, worth)
        return out

    def _cards(self, priced: dict[tuple[str, ...], tuple[dict[str, Any], int, int]]
               ) -> tuple[str, ...]:
        """The cards to play: the set of lowest price each of whose cards saves enough on its
        own (the same build without it costs that much more)."""
        best: tuple[str, ...] | None = None
        for used, (_, _, worth) in priced.items():
            if used and not all(self._saves(priced, used, cid) for cid in used):
                continue
            if best is None or (worth, len(used)) < (priced[best][2], len(best)):
                best = used
        return best if best is not None else ()

    def _saves(self, priced: dict[tuple[str, ...], tuple[dict[str, Any], int, int]],
               used: tuple[str, ...], cid: str) -> bool:
        rest = tuple(c for c in used if c != cid)
        without = priced[rest][2] if rest in priced else None
        if without is None:
            return True  # the link cannot be built without it (a ferry crossing)
        wanted = 1 if self.late else \
            max(1.0, self.share * SAVING_WANTED.get(self.kinds[cid], OTHER_SAVING))
        return without - priced[used][2] >= wanted
