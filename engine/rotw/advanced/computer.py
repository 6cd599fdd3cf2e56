"""How the computer player plays the Advanced Game: the offered moves with quick priors, and a
position's worth as the seat's money plus its shares at their final value, with a little for
the companies it runs (their track and cash make later dividends)."""

from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.core.players import Candidate
from engine.core.title import Title
from engine.core.types import State
from engine.rotw.advanced.building import links_of
from engine.rotw.advanced.companies import THOUSAND, companies
from engine.rotw.advanced.turn import share_value

PRIORS = {"Deliver": 3.0, "Build": 1.5, "Merge": 0.5, "Auction": 0.5, "Bid": 0.3,
          "Dividend": 0.5, "Vote": 0.0, "Pass": -1.0}
"""A move's kind as the suggestions group it -> its prior before any trial."""
RUN_BONUS = 1.0
LINK_WORTH = 0.4
CASH_WORTH = 0.1


def candidates(title: Title, state: State, seat: int) -> list[Candidate]:
    out = []
    for s in title.suggest(state, seat):
        if s.needs:
            continue
        try:
            action = title.command_to_action(state, seat, s.command, dict(s.options))
        except IllegalAction:
            continue
        prior = PRIORS.get(s.group, 0.0) + 0.01 * s.rank
        if s.group == "Vote" and s.options.get("choice") == "yes":
            prior += 0.5
        out.append(Candidate(action, prior))
    return out


def value(state: State, seat: int) -> float:
    worth = float(state["players"][seat]["money"]) / THOUSAND
    for ci, c in enumerate(companies(state)):
        worth += int(c["holders"].get(str(seat), 0)) * share_value(c)
        if c["controller"] == seat:
            worth += RUN_BONUS + LINK_WORTH * links_of(state, ci) \
                + CASH_WORTH * int(c["cash"]) / THOUSAND
    return worth
