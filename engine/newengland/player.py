"""The New England Railways computer player: values links by what they earn and shipments by
the income they bring, borrows only what it must.

A link is worth its printed value plus the income shipments across it will bring in the turns
left (more when it joins the player's own links, or cities holding cubes); the player bids up
to that worth. A shipment is worth the income it adds to the player's own links, less what it
hands its rivals. A position is the player's money at the end if the game ended now, plus its
income for the turns left, measured against its strongest rival.

At the strong level its rollouts make the quick moves of ``quickplay`` for every seat and judge
where they end by each seat's money to come (``outlook``), against the best rival's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.players import Candidate, ComputerPlayer
from engine.core.rng import Rng
from engine.core.title import Title
from engine.core.types import Action, State
from engine.newengland.outlook import Outlook
from engine.newengland.quickplay import quick_moves
from engine.newengland.shipping import route_links
from engine.newengland.title import NewEnglandTitle
from engine.newengland.turn import final_parts

BID_HEADROOM = 3
"""Cash the player keeps in hand after a bid (in the game's money units)."""
INCOME_KEPT = 0.8
"""The share of income a turn's Market Loss leaves, on average."""
LINK_TRAFFIC = 0.35
"""Income a link is expected to gain each turn left from shipments across it."""
JOINED_TRAFFIC = 0.35
"""More of it for a link touching the player's own links (its shipments favour its own)."""
CUBE_TRAFFIC = 0.05
"""More of it for each cube waiting at the link's two cities."""
RIVAL = 0.5
"""How much the strongest rival's position counts against the player's own."""
BIDS_TRIED = 1
"""Bids looked at: the least one (a higher one only pays more, normal players bidding each up to
its own limit), so a strong player's search weighs it against passing."""
LEAF_RIVAL = 0.5
"""How much the best rival's outlook counts against the player's own at a rollout's end."""


@dataclass(frozen=True)
class Weights:
    """The numbers above, as one set a player is built with. Checked by seeded self-play
    (bench/tune_players.py, 30 4-player games of normal players each): rival 0.25 or 0.8,
    link and joined traffic 0.5, bid headroom 1, income kept 1.0 and cube traffic 0.15 won
    50-67 % against these, every interval reaching below half, so these stay."""

    bid_headroom: float = BID_HEADROOM
    income_kept: float = INCOME_KEPT
    link_traffic: float = LINK_TRAFFIC
    joined_traffic: float = JOINED_TRAFFIC
    cube_traffic: float = CUBE_TRAFFIC
    rival: float = RIVAL


class NewEnglandPlayer(ComputerPlayer):
    title: NewEnglandTitle
    hidden_piles = (("deck",), ("growth_deck",))
    # A strong player's rollouts play the rest of the turn (its shipping included) with the
    # quick moves, and judge its end by the outlook: its money to come against the best rival's.
    rollout_length = 64
    search_width = 3  # pass or the least bids; the best shipments: more samples of each
    rival_weight = LEAF_RIVAL

    def __init__(self, title: Title, weights: Weights | None = None) -> None:
        super().__init__(title)
        self.weights = weights or Weights()
        self.outlook = Outlook(self.title.board)

    @property
    def bid_headroom(self) -> float:
        return self.weights.bid_headroom

    def rollout_choices(self, state: State, seat: int, rng: Rng) -> list[Action]:
        return quick_moves(self, state, seat)

    def standing(self, state: State, seat: int) -> float:
        if state.get("finished") and state.get("final"):
            money = [float(m) for m in state["final"]["money"]]
        else:
            money = self.outlook.everyone(state, self.outlook.payments(state))
        rival = max((m for s, m in enumerate(money) if s != seat), default=0.0)
        return money[seat] - self.rival_weight * rival

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
                out.append(Candidate(a, 2.0 + self.shipment_gain(state, seat, a["route"])))
            elif kind == "loan":
                out.append(Candidate(a, -1.0 - a["amount"] / 10))
            elif kind == "retire":
                out.append(Candidate(a, a["amount"] / 10))
            elif kind == "pay":
                out.append(Candidate(a, 1.0))
            else:
                out.append(Candidate(a, 0.0))
        if bids:
            worth = self.link_worth(state, seat, str(state["auction"]["link"]))
            for a in bids[:BIDS_TRIED]:
                room = cash - a["amount"] - self.weights.bid_headroom
                margin = worth - a["amount"]
                good = room >= 0 and margin > 0
                out.append(Candidate(a, 1.0 + margin / 4 if good else -2.0))
        return out

    def glance(self, state: State, seat: int) -> list[Candidate]:
        """At a glance a link is worth bidding on while cash lasts: the cheapest bids first."""
        out = [c for c in self.candidates(state, seat) if c.action["type"] != "bid"]
        bids = [a for a in self.title.legal(state, seat) if a["type"] == "bid"]
        cash = state["players"][seat]["cash"]
        for a in bids[:3]:
            room = cash - a["amount"] - self.weights.bid_headroom
            out.append(Candidate(a, 1.5 - 0.2 * (a["amount"] - bids[0]["amount"])
                                 if room >= 0 else -1.0))
        return out

    def turns_left(self, state: State) -> float:
        """Turns the game still runs, from the links yet to be auctioned (a public count)."""
        per_turn = max(1, len(state["future"]) or len(state["current"]))
        waiting = len(state["deck"]) + len(state["current"]) + len(state["future"])
        return max(1.0, waiting / per_turn)

    def link_worth(self, state: State, seat: int, lid: str) -> float:
        board = self.title.board
        link = board.links[lid]
        mine = {c for own in state["players"][seat]["links"]
                for c in (board.links[own].a, board.links[own].b)}
        w = self.weights
        traffic = w.link_traffic + w.cube_traffic * (len(state["cities"][link.a])
                                                 + len(state["cities"][link.b]))
        if link.a in mine or link.b in mine:
            traffic += w.joined_traffic
        left = self.turns_left(state)
        # Income gained in turn k is paid in every later turn: about half the turns left each.
        return float(link.value + w.income_kept * traffic * left * left / 2)

    def shipment_gain(self, state: State, seat: int, route: list[str]) -> float:
        links = route_links(self.title.board, state, route) or []
        own = sum(1 for lk in links if state["links"][lk.id]["owner"] == seat)
        return 2.0 * own - 0.5 * (len(links) - own)

    def _standing(self, state: State, p: dict[str, Any], left: float) -> float:
        cash, links, debt = final_parts(self.title.board, p)
        # Income now is paid every turn left; each link also draws more shipments to come.
        w = self.weights
        coming = w.income_kept * (p["income"] * (left - 1) + w.link_traffic * len(p["links"])
                                * left * left / 2)
        return float(cash + links - debt + coming)

    def value(self, state: State, seat: int) -> float:
        players = state["players"]
        if state.get("finished") and state.get("final"):
            money = state["final"]["money"]
            rival = max((m for s, m in enumerate(money) if s != seat), default=0)
            return 10.0 * float(money[seat] - self.weights.rival * rival)
        left = self.turns_left(state)
        rival = max((self._standing(state, p, left) for s, p in enumerate(players) if s != seat),
                    default=0.0)
        return self._standing(state, players[seat], left) - self.weights.rival * rival
