"""The New England Railways computer player: values links by what they earn and shipments by
the income they bring, borrows only what it must."""

from __future__ import annotations

from engine.core.players import Candidate, ComputerPlayer
from engine.core.types import State
from engine.newengland.title import NewEnglandTitle
from engine.newengland.turn import final_parts

BID_HEADROOM = 3
"""Cash the player keeps in hand after a bid (in the game's money units)."""
INCOME_TURNS = 3.0
"""How many turns of income a point of income is worth while the game runs."""


class NewEnglandPlayer(ComputerPlayer):
    title: NewEnglandTitle
    hidden_piles = (("deck",), ("growth_deck",))

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        legal = self.title.legal(state, seat)
        cash = state["players"][seat]["cash"]
        out: list[Candidate] = []
        bids = [a for a in legal if a["type"] == "bid"]
        for a in legal:
            kind = a["type"]
            if kind == "bid":
                continue
            if kind == "ship":
                out.append(Candidate(a, 2.0 + len(a.get("route", ()))))
            elif kind == "loan":
                out.append(Candidate(a, -1.0 - a["amount"] / 10))
            elif kind == "retire":
                out.append(Candidate(a, a["amount"] / 10))
            elif kind == "pay":
                out.append(Candidate(a, 1.0))
            else:
                out.append(Candidate(a, 0.0))
        for a in bids[:3]:
            room = cash - a["amount"] - BID_HEADROOM
            out.append(Candidate(a, 1.5 - 0.2 * (a["amount"] - bids[0]["amount"])
                                 if room >= 0 else -1.0))
        return out

    def value(self, state: State, seat: int) -> float:
        if state.get("finished") and state.get("final"):
            return 10.0 * float(state["final"]["money"][seat])
        p = state["players"][seat]
        cash, links, debt = final_parts(self.title.board, p)
        return float(cash + links - debt + INCOME_TURNS * p["income"] + 0.5 * len(p["links"]))
