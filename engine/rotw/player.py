"""The Railways of the World computer player: deliveries, builds toward cubes, upgrades, bids.

It reads the public board (cities, cubes, links, scores) and its own hand and baron only; the
bag's contents, the card deck's order and other seats' barons are never looked at.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.players import Candidate, ComputerPlayer, clean
from engine.core.types import State
from engine.rotw import delivery, flow, network, track
from engine.rotw.advanced import computer as advanced
from engine.rotw.economy import bonds_needed, income_of
from engine.rotw.timetravel import timed
from engine.rotw.title import RotwTitle
from engine.rotw.transconrules import WEST, phase

BUILD_REACH = 4
"""Hexes from a city of its network within which the player looks for a city to build to."""
BUILD_TRIES = 10
"""Route searches per turn at most (each is a path search over the map)."""
CHEAP_BID = 2000
"""A bid for first place the player will still make (it is paid with bonds)."""
BOND_DREAD = 2.0
BOND_INTEREST = 1000
"""What a bond costs each turn (R12)."""
"""How much a move's prior drops for each bond it would issue."""
OTHER_MOVES = {"card": 0.0, "urbanize": -1.0, "western_link": 1.0, "mine": -1.0}
"""Priors of the moves the trial alone judges (a card, a new city, a Western Link)."""


WARP_WORTH = 2.0
"""What a computer player sees in a link into a time warp (Railways through Time)."""


class RotwPlayer(ComputerPlayer):
    title: RotwTitle
    hidden_piles = (("ops", "deck"),)

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        if "adv" in state:
            return advanced.candidates(self.title, state, seat)
        phase = state["phase"]
        legal = self.title.legal(state, seat)
        if phase == "auction":
            return self._auction(state, seat)
        if phase != "actions":
            # Baron choice, the inspector's question and the like: every move is complete.
            return [Candidate(clean(a), 1.0 if a["type"] == "allow" else 0.0) for a in legal]
        out: list[Candidate] = []
        engine = state["players"][seat]["engine"]
        for a in legal:
            kind = a["type"]
            if kind == "deliver":
                gain = a.get("points", {}).get(str(seat), 0)
                out.append(Candidate(clean(a), 4.0 * gain + (0.5 if a.get("stop") else 0)))
            elif kind == "upgrade":
                worth = (3.0 if engine < 4 else 0.5) + (1.0 if "cards" in a else 0.0)
                out.append(Candidate(clean(a), worth - self._dread(state, seat, a.get("cost", 0))))
            elif kind == "pass":
                out.append(Candidate(clean(a), -4.0))
            elif kind in OTHER_MOVES:
                cost = self._dread(state, seat, a.get("cost", 0))
                out.append(Candidate(clean(a), OTHER_MOVES[kind] - cost))
        out.extend(self._builds(state, seat))
        return out

    def _auction(self, state: State, seat: int) -> list[Candidate]:
        least = flow.min_bid(state)
        out = [Candidate({"type": "pass", "seat": seat}, 0.0)]
        if least <= CHEAP_BID and state["players"][seat]["bonds"] < 3:
            out.append(Candidate({"type": "bid", "seat": seat, "amount": least}, 0.5))
        return out

    def _builds(self, state: State, seat: int) -> list[Candidate]:
        ctx = self.title.context(state["map"])
        cubes = {name: c["cubes"] for name, c in state["cities"].items()}
        mine = {c for lk in network.complete_links(state, seat) for c in lk["cities"]}
        own_open = [lk for lk in state["links"] if lk["owner"] == seat and not lk["complete"]]
        pairs: list[tuple[float, str, str]] = []
        hubs = sorted(mine) or sorted(c for c, k in cubes.items() if k)
        if phase(state) == WEST:
            # Transcontinental race west: stocked Western cities are starting points too (links
            # need not join the network already built in the East).
            hubs += sorted(c for c in state["ecm"]["only"] if cubes[c] and c not in mine)
        if mine and timed(state):
            # Railways through Time: a board without own track is reached from its own cities.
            boards = {state["cities"][c].get("period") for c in mine}
            hubs += sorted(c for c, k in cubes.items()
                           if k and state["cities"][c].get("period") not in boards)
        for hub in hubs:
            here = ctx.city(hub).hex
            for name in ctx.mapdef.cities:
                board = state["cities"][name].get("period"), state["cities"][hub].get("period")
                if name == hub or (name in mine and hub in mine) or board[0] != board[1]:
                    continue  # (Railways through Time: track stays on its period's board)
                d = here.distance(ctx.city(name).hex)
                if not 1 <= d <= BUILD_REACH:
                    continue
                worth = len(cubes[name]) + 0.5 * len(cubes[hub]) - 0.4 * d
                if state["cities"][name].get("warp"):
                    worth += WARP_WORTH  # holds no cubes, but opens deliveries through time
                pairs.append((worth, hub, name))
        for lk in own_open:
            # Finish a started link first: it is lost if left unfinished.
            end = lk["tiles"][-1]["hex"]
            near = min(ctx.mapdef.cities,
                       key=lambda c: (ctx.city(c).hex.distance(ctx.hex(end)), c))
            pairs.append((10.0, f"link:{lk['id']}", near))
        pairs.sort(key=lambda p: (-p[0], p[1], p[2]))
        out: list[Candidate] = []
        for worth, start, goal in pairs[:BUILD_TRIES]:
            try:
                action = self.title.command_to_action(state, seat, "build",
                                                      {"from": start, "to": goal})
            except IllegalAction:
                continue
            cost = track.plan_build(state, ctx, seat, action).cost
            out.append(Candidate(action, 1.0 + worth - self._dread(state, seat, cost)))
        return out

    def _dread(self, state: State, seat: int, cost: int) -> float:
        # A bond costs its interest every turn: past what income covers, each one more is feared
        # the more (a player whose interest beats its income sinks further every turn).
        p = state["players"][seat]
        ctx = self.title.context(state["map"])
        short = p["bonds"] * BOND_INTEREST - income_of(state, ctx, seat)
        return float(BOND_DREAD * bonds_needed(p["money"], cost)
                     * (1 + max(0, short) / BOND_INTEREST))

    def value(self, state: State, seat: int) -> float:
        if "adv" in state:
            return advanced.value(state, seat)
        p: dict[str, Any] = state["players"][seat]
        ctx = self.title.context(state["map"])
        score = float(p["score"])
        if state.get("finished"):
            return 10.0 * score - 10.0 * float(p["bonds"])
        best = max((r.points.get(seat, 0) for r in delivery.all_deliveries(state, seat)),
                   default=0)
        links = len(network.complete_links(state, seat))
        return float(3.0 * score + 1.5 * best + 0.6 * links + 0.8 * min(p["engine"], 6)
                + 0.4 * income_of(state, ctx, seat) / 1000 + 0.2 * p["money"] / 1000
                - 2.5 * p["bonds"] - (1.0 if p.get("held_cube") else 0.0))

