"""The Railways of the World computer player: deliveries, builds toward cubes, upgrades, bids.

It reads the public board (cities, cubes, links, scores) and its own hand and baron only; the
bag's contents, the card deck's order and other seats' barons are never looked at.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.players import Candidate, ComputerPlayer, clean
from engine.core.replay import step
from engine.core.rng import Rng, new_rng_state
from engine.core.search import Budget
from engine.core.types import Action, State
from engine.rotw import delivery, flow, interest, network, track, transcon, wayout
from engine.rotw.advanced import computer as advanced
from engine.rotw.baronodds import kept_points
from engine.rotw.buildcards import LinkOffers, aimed, in_hand, take_prior
from engine.rotw.buildterms import build_terms
from engine.rotw.cardchoices import narrowed
from engine.rotw.cards import baron, baron_points
from engine.rotw.cardworth import card_prior
from engine.rotw.context import BOND_VALUE, MAX_ENGINE
from engine.rotw.economy import bonds_needed, income_of, total_score
from engine.rotw.lastresort import last_resort
from engine.rotw.lookahead import lookahead_order
from engine.rotw.playervalue import (
    DEFAULT_WEIGHTS,
    SPARE_CASH,
    Weights,
    delivery_points,
    longer_engine_gain,
    major_ends,
    major_progress,
    progress,
)
from engine.rotw.routeplan import Plan, major_plans, next_links, plans
from engine.rotw.title import RotwTitle
from engine.rotw.trackmap import Board, board_of

GLANCE_REACH = 4
"""Hexes from a city of its network within which an easy player looks for a city to build to (a
normal player's reach is ``Weights.reach``)."""
HUBS_SEARCHED = 6
"""Start cities searched for links per move (one path search each, for all its goals)."""
HUBS_GLANCED = 3
"""As many for an easy player, which looks at the most promising only."""
MORE_HUBS = 12
"""Start cities searched further, one by one, while the first ones gave no link to build. The
normal and easy players search on past them while they have found none and have nothing to
deliver: with the near ones built up, an easy Transcontinental table with $100,000s each passed
for fifty turns while links were there to build."""
GLANCE_LINE_DOUBT = 1.5
"""How much less an easy player thinks a link between two cities off its network is worth (a
normal player doubts it by ``Weights.new_line_doubt``): it starts lines all over the map."""
GLANCE_BOND_SHARE = 0.4
"""The share of its income an easy player lets interest take (a normal player's is
``Weights.bond_share``): it borrows warily, and its first links come later."""
GLANCE_DELIVER_PRIOR = 4.0
"""An easy player's prior for a delivery, each point it brings (a normal player's is
``Weights.deliver_prior``): it delivers what it can at once. At the normal player's 2, an easy
Western U.S. seat (seed 16 of ``bench/game_end.py``) never got going and ran up 39 bonds."""
CHEAP_BID = 2000
"""A bid for first place the player will still make (it is paid with bonds)."""
BOND_DREAD = 2.0
"""How much a move's prior drops for each bond it would issue."""
BOND_INTEREST = 1000
"""What a bond costs each turn (R12)."""
STUCK_BONDS = 2
"""Bonds more a player without income and with nothing to deliver will carry to build (or
upgrade) its way to a first delivery: without one its interest sinks it anyway."""
POINTS_AHEAD = 30
"""Points a player may still score: the income track falls past its middle, so the bonds it
carries must be paid by the income it will have that many points on, not by today's."""
OVER_BOND_CAP = math.inf
"""The dread of a move that would carry more bonds than income pays for: it is not offered at
all (not even to the strong level's search), since interest past income is paid with more
bonds at the end of the turn, and a player sinks from there."""
BOND_CEILING = 6
"""The most bonds the player carries whatever its income: good players borrow for a few builds
that pay back early, and every bond costs a point at the end."""
PLAN_FIT = {"links_from": 0.6, "most_links": 0.5, "most_cities": 0.5, "longest_railroad": 0.4,
            "most_tiles": 0.5, "connect": 0.6, "fewest_bonds": 0.3, "most_money": 0.3,
            "highest_engine": 0.2, "first_engine": 0.2, "western_link": 0.3}
"""The share of a Rail Baron's points this player's way of playing tends to earn, by goal."""
READY_PULL = 1.0
"""How much more each cube is worth that a link lets the player deliver over that link alone
(a player whose first link carries nothing has no income to pay for a second)."""
BARON_PULL = 2.0
"""How much more a link to a city its Rail Baron names is worth to the player."""
RETURN_WORTH = 5
"""Points a bond is worth returning for before the West opens (Transcontinental): about
fifteen Western turns of $1,000 interest and the point it costs at the end."""
FINISH_TOWARD = 3
"""Cities nearest the open end of its unfinished link a player tries to finish it at."""
OTHER_MOVES = {"card": 0.0, "urbanize": -1.0, "western_link": 1.0, "mine": -1.0}
"""Priors of the moves the trial alone judges (a card, a new city, a Western Link)."""

SPENDING = ("build", "upgrade", "urbanize", "western_link", "mine")
"""Moves that put money into the network (a stuck seat allowed one is not at its last resort)."""
LAST_RESORT_PRIOR = 4.0
"""The prior of a sinking seat's last resort: above any card's, whatever an easy player's whim."""

PLANS_FOLLOWED = 3
"""Delivery plans a normal player pulls its builds and engine toward at once (the best ones)."""
MAJORS_CHECKED = 4
"""Major lines, best first, whose next links are checked for one the board still allows."""
MOST_REPEATS = 3
"""Cubes of one colour in one city a plan counts on carrying over its route, at most."""

WARP_WORTH = 2.0
"""What a computer player sees in a link into a time warp (Railways through Time)."""


class RotwPlayer(ComputerPlayer):
    title: RotwTitle
    hidden_piles = (("ops", "deck"),)
    secret_keys = ("baron", "baron_choices", "baron_next")

    def __init__(self, title: RotwTitle, weights: Weights = DEFAULT_WEIGHTS) -> None:
        super().__init__(title)
        self.weights = weights
        self.prior_weight = weights.prior
        self.tries = int(weights.tries)

    def worth_searching(self, state: State, seat: int) -> bool:
        """The lookahead searches actions; bids, Rail Barons and the Advanced Game are the
        normal player's."""
        return state["phase"] == "actions" and "adv" not in state

    def strong_order(self, state: State, seat: int, found: Sequence[Candidate], rng: Rng,
                     budget: Budget) -> list[Action]:
        """A lookahead over its own next action (``lookahead``), not rollouts."""
        return lookahead_order(self, self, state, seat, found, rng, budget)

    def bond_cap(self, state: State, seat: int, stuck: bool = False) -> int:
        return self._bond_cap(state, seat, stuck)

    def affordable(self, state: State, seat: int, cost: int, cap: int) -> bool:
        """Whether paying ``cost`` keeps the player's bonds within ``cap``."""
        return self._dread(state, seat, cost, cap) < OVER_BOND_CAP

    def quick_builds(self, state: State, seat: int, cap: int, hubs: int,
                     stuck: bool) -> list[Candidate]:
        doubt = GLANCE_LINE_DOUBT if stuck else self.weights.new_line_doubt
        return self._builds(state, seat, cap, True, doubt, searched=hubs)

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        return self._moves(state, seat, plan=True)

    def glance(self, state: State, seat: int) -> list[Candidate]:
        """An easy player keeps whichever Rail Baron it fancies, builds for goods only and
        looks at fewer places to build from while its income pays its interest. Once it does
        not, it weighs its moves as the normal player does (still on a whim, and without trying
        them on a copy): at a glance it sank, passing turn after turn while each turn's
        interest took one more bond (200 easy Western U.S. games had ten seats end past 10
        bonds, one with 27)."""
        ctx = self.title.context(state["map"])
        return self._moves(state, seat, plan=wayout.net_income(state, ctx, seat) < 0)

    def _moves(self, state: State, seat: int, plan: bool) -> list[Candidate]:
        if "adv" in state:
            return advanced.candidates(self.title, state, seat)
        phase = state["phase"]
        legal = self.title.legal(state, seat)
        if phase == "auction":
            return self._auction(state, seat, plan)
        if phase == "baron":
            return [Candidate(clean(a), self._baron_fit(state, seat, str(a["card"])) if plan
                              else 0.0)
                    for a in legal if a["type"] == "choose_baron"]
        if phase == "bonds":
            return [Candidate(clean(a), self._returning(state, seat, int(a["count"])))
                    for a in legal]
        if phase != "actions":
            # The inspector's question and the like: every move is complete.
            return [Candidate(clean(a), 1.0 if a["type"] == "allow" else 0.0) for a in legal]
        out: list[Candidate] = []
        engine = state["players"][seat]["engine"]
        stuck = not any(a["type"] == "deliver" for a in legal)
        cap = self._bond_cap(state, seat, stuck=stuck, plan=plan)
        priced: dict[str, int] = {}
        longer: int | None = None
        way_outs: list[Candidate] = []
        followed = self._plans(state, seat, cap) if plan and self.weights.plan_pull else []
        ctx = self.title.context(state["map"])
        best_now = max((int(a.get("points", {}).get(str(seat), 0)) for a in legal
                        if a["type"] == "deliver"), default=0)
        for a in legal:
            kind = a["type"]
            if kind == "deliver":
                points = {int(k): int(v) for k, v in a.get("points", {}).items()}
                gain = points.get(seat, 0) - self.weights.rival_share * sum(
                    v for k, v in points.items() if k != seat)
                prior = self.weights.deliver_prior if plan else GLANCE_DELIVER_PRIOR
                out.append(Candidate(clean(a), prior * gain
                                     + (0.5 if a.get("stop") else 0)))
            elif kind == "upgrade":
                worth = (self.weights.upgrade_prior if engine < 4 else 0.5) \
                    + (1.0 if "cards" in a else 0.0)
                if self.weights.upgrade_pull:
                    if longer is None:
                        longer = longer_engine_gain(state, seat, int(self.weights.potential_moves))
                    worth += self.weights.upgrade_pull * longer
                # An engine a followed plan's route is too long for.
                worth += max((pull for pull, pl in followed if pl.upgrades), default=0.0)
                price = int(a.get("cost", 0))
                relief = self._upgrade_relief(state, seat) \
                    if interest.sinks(state, self.title.context(state["map"]), seat, price) else 0
                dread = self._dread(state, seat, price, cap, relief)
                if dread == OVER_BOND_CAP and stuck:
                    dread = self._way_out(state, seat, price, cap,
                                          relief or self._upgrade_relief(state, seat))
                    if dread < OVER_BOND_CAP:
                        way_outs.append(Candidate(clean(a), worth - dread))
                if dread < OVER_BOND_CAP:
                    out.append(Candidate(clean(a), worth - dread))
            elif kind == "pass":
                out.append(Candidate(clean(a), -4.0))
            elif kind in OTHER_MOVES:
                price = a["cost"] if "cost" in a else self._price(state, seat, clean(a), priced)
                cost = self._dread(state, seat, price, cap)
                seen = card_prior(state, ctx, seat, str(a["card"]), self.weights.deliver_prior,
                                  best_now, self.weights.card_worth) if kind == "card" and plan \
                    and self.weights.card_worth else None
                if seen is None and kind == "card" and plan:
                    seen = take_prior(state, ctx, str(a["card"]), self.weights)
                if cost < OVER_BOND_CAP:
                    out.append(Candidate(clean(a), (OTHER_MOVES[kind] if seen is None else seen)
                                         - cost))
        # A network with no goods left within a link's reach no longer holds a normal player:
        # a second line where goods wait is its way back to income (else its interest sinks it).
        doubt = self.weights.new_line_doubt if plan and not self._dry(state, seat) \
            else GLANCE_LINE_DOUBT
        out.extend(self._builds(state, seat, cap, plan, doubt, followed=followed,
                                way_outs=way_outs if stuck else None))
        if plan:
            out = aimed(state, ctx, seat, out, self.weights)
        if plan and self.weights.narrow_choices:
            out = narrowed(state, self.title.context(state["map"]), seat, out)
        if way_outs:
            # A card costs the stuck player the action its way out needs, and what it seems to
            # add (goods on its network nobody there takes) does not pay its interest.
            out = [c for c in out if c.action["type"] != "card"]
        elif stuck and not any(c.action["type"] in SPENDING for c in out):
            # Sinking with nothing allowed but cards and passing: see ``lastresort``.
            last = last_resort(state, ctx, seat, legal, int(self.weights.reach),
                               lambda a: self._tried(state, a))
            if last:
                out = [Candidate(a, LAST_RESORT_PRIOR) for a in last] \
                    + [c for c in out if c.action["type"] != "card"]
        return out

    def _plans(self, state: State, seat: int, cap: int) -> list[tuple[float, Plan]]:
        """The delivery plans the player follows now, with the pull of each on its next moves:
        the best few it can still finish in the actions the game has left and pay for within
        its bonds, pulling by how many more points an action they bring than the deliveries
        open now (``Weights.plan_baseline`` of them) and the more the more cubes of that colour
        wait at the start (``Weights.plan_repeat`` a cube beyond the first); and the open major
        line it could complete with fewest links for most points (``Weights.major_plan``)."""
        ctx = self.title.context(state["map"])
        w = self.weights
        p = state["players"][seat]
        mine = {c for lk in network.complete_links(state, seat) for c in lk["cities"]}
        left = interest.actions_left(state)
        purse = int(p["money"]) + BOND_VALUE * max(0, cap - int(p["bonds"]))
        open_now = delivery_points(state, seat)[:flow.ROUNDS] if w.plan_baseline else []
        baseline = w.plan_baseline * sum(open_now) / flow.ROUNDS
        out: list[tuple[float, Plan]] = []
        linkable: dict[frozenset[str], bool] = {}
        board = board_of(state, ctx)

        def blocked(pl: Plan) -> bool:
            # Its next links all refused by the board as it is (track in the way, a city's
            # sides used up): a plan that pulls toward nothing buildable is no plan.
            nxt = next_links(pl, mine)
            return bool(w.check_plans) and bool(nxt) and not any(
                self._linkable(state, seat, a, b, linkable, board) for a, b in nxt)

        for pl in plans(state, ctx, seat, mine, int(w.reach)):
            if (left is not None and pl.actions > left) or pl.price > purse or blocked(pl):
                continue
            more = min(MOST_REPEATS, state["cities"][pl.cube]["cubes"].count(pl.colour)) - 1
            pull = w.plan_pull * (pl.worth * (1 + w.plan_repeat * more) - baseline)
            if pull > 0:
                out.append((pull, pl))
            if len(out) == PLANS_FOLLOWED:
                break
        if w.major_plan:
            majors = major_plans(state, ctx, seat, mine, int(w.reach),
                                 self._baron_pairs(state, seat))
            open_majors = [m for m in majors[:MAJORS_CHECKED] if not blocked(m)]
            for pl in open_majors[:int(w.majors_followed)]:
                # Built over several turns from its income: only the next link need be paid.
                if (left is None or pl.actions <= left) and pl.price <= purse * len(pl.new):
                    out.append((w.plan_pull * w.major_plan * pl.worth, pl))
        return out

    def _linkable(self, state: State, seat: int, a: str, b: str,
                  memo: dict[frozenset[str], bool], board: Board | None = None) -> bool:
        """Whether one build could join ``a`` and ``b`` now, from either end."""
        key = frozenset((a, b))
        if key not in memo:
            ctx = self.title.context(state["map"])
            terms = build_terms(state, ctx, seat, [])
            memo[key] = any(end in track.routes_from(state, ctx, seat, start, [end], terms,
                                                     board=board)
                            for start, end in ((a, b), (b, a)))
        return memo[key]

    def _upgrade_relief(self, state: State, seat: int) -> int:
        """The income a delivery the next engine opens would add (see ``interest.sinks``)."""
        p = state["players"][seat]
        trial = {**state, "players": list(state["players"])}
        trial["players"][seat] = {**p, "engine": int(p["engine"]) + 1}
        best = delivery_points(trial, seat)
        return interest.income_gain(state, self.title.context(state["map"]), seat,
                                    best[0] if best else 0)

    def _returning(self, state: State, seat: int, count: int) -> float:
        """Between the Transcontinental phases: return the bonds whose price in points is below
        what each costs over the Western phase (its interest every turn, a point at the end),
        unless the points lost lower the income below the interest still owed."""
        p = state["players"][seat]
        cost = transcon.bonds_cost(count)
        worth = RETURN_WORTH * count - cost
        after = self.title.context(state["map"]).income_at(max(0, int(p["score"]) - cost),
                                                           int(p["wraps"]))
        short = (int(p["bonds"]) - count) * BOND_INTEREST - after
        return float(worth - BOND_DREAD * max(0, short) / BOND_INTEREST)

    def _baron_fit(self, state: State, seat: int, card: str) -> float:
        """What a Rail Baron is worth to this player: the points its goal would give now, and
        what the normal player who keeps it earns by the end (measured, ``baronodds``; else a
        share of its points the player's way of playing tends to earn, ``PLAN_FIT``)."""
        ctx = self.title.context(state["map"])
        goal = baron(ctx, card)["goal"]
        trial = {**state, "players": list(state["players"])}
        trial["players"][seat] = {**state["players"][seat], "baron": card}
        now = baron_points(trial, ctx, seat)
        share = PLAN_FIT.get(str(goal.get("type")), 0.3)
        measured = kept_points(state["map"], card) if self.weights.baron_odds else None
        expect = share * int(goal.get("points", goal.get("max", 4))) if measured is None \
            else measured
        cities = self._baron_cities(state, seat, card)
        mine = {c for lk in network.complete_links(state, seat) for c in lk["cities"]}
        if cities and mine:
            # The further its network from the cities named, the less of it the player earns.
            near = min(ctx.city(c).hex.distance(ctx.city(m).hex) for c in cities for m in mine)
            expect *= max(0.1, share - 0.05 * near) / share
        return float(now + expect)

    def _baron_pairs(self, state: State, seat: int) -> dict[tuple[str, str], int]:
        """The pairs of cities its Rail Baron pays for joining (not yet joined), with the points
        (none unless ``Weights.baron_plan``): a major line between them is worth that much more,
        and one not on the chart is planned like one."""
        card = state["players"][seat]["baron"]
        if not card or not self.weights.baron_plan:
            return {}
        ctx = self.title.context(state["map"])
        goal = baron(ctx, card)["goal"]
        if goal.get("type") != "connect" or baron_points(state, ctx, seat):
            return {}
        first, *rest = (str(c) for c in goal["cities"])
        return {(first, c): int(goal.get("points", 0)) for c in rest
                if c in ctx.mapdef.cities and first in ctx.mapdef.cities}

    def _baron_cities(self, state: State, seat: int, card: str | None = None) -> set[str]:
        """Cities the player's own Rail Baron asks it to link (none for the other goals)."""
        card = card or state["players"][seat]["baron"]
        if not card:
            return set()
        ctx = self.title.context(state["map"])
        goal = baron(ctx, card)["goal"]
        named = [goal["city"]] if "city" in goal else goal.get("cities", [])
        # Only cities on the board in play: a Transcontinental baron may name a Western city
        # while the game is still on the Eastern board.
        return {str(c) for c in named if str(c) in ctx.mapdef.cities}

    def _auction(self, state: State, seat: int, plan: bool = True) -> list[Candidate]:
        least = flow.min_bid(state)
        out = [Candidate({"type": "pass", "seat": seat}, 0.0)]
        p = state["players"][seat]
        spare = self.weights.spare_bid * (int(p["money"]) - SPARE_CASH)
        ctx = self.title.context(state["map"])
        cap = self._bond_cap(state, seat, plan=plan)
        if least <= max(CHEAP_BID, spare) and p["bonds"] + bonds_needed(p["money"], least) \
                <= cap \
                and not interest.sinks(state, ctx, seat, least) \
                and not interest.borrows_unpaid(state, ctx, seat, least) \
                and not wayout.keeps_for_link(state, ctx, seat, least, cap):
            out.append(Candidate({"type": "bid", "seat": seat, "amount": least}, 0.5))
        return out

    def _dry(self, state: State, seat: int) -> bool:
        """Whether no city within a link's reach of the player's network holds goods (a player
        without a network is not: it starts where it likes)."""
        ctx = self.title.context(state["map"])
        mine = [ctx.city(c).hex for lk in network.complete_links(state, seat)
                for c in lk["cities"]]
        return bool(mine) and not any(
            c["cubes"] and min(ctx.city(name).hex.distance(h) for h in mine) <= self.weights.reach
            for name, c in state["cities"].items())

    def _builds(self, state: State, seat: int, cap: int, plan: bool,
                doubt: float, searched: int | None = None,
                followed: Sequence[tuple[float, Plan]] | None = None,
                way_outs: list[Candidate] | None = None) -> list[Candidate]:
        """Links to build, each with its prior; ``searched`` caps the start cities searched (and as
        many more while nothing is found); a link next on a ``followed`` plan is pulled toward.
        Given ``way_outs`` (the player has nothing to deliver), a link its bond cap refuses that
        opens a delivery may be its way out (see ``wayout``): such links are added there too."""
        ctx = self.title.context(state["map"])
        cubes = {name: c["cubes"] for name, c in state["cities"].items()}
        mine = {c for lk in network.complete_links(state, seat) for c in lk["cities"]}
        own_open = [lk for lk in state["links"] if lk["owner"] == seat and not lk["complete"]]
        pairs: list[tuple[float, str, str]] = []
        # From its own network, and from any city with goods: a player whose corner of the map
        # is built up starts a new line elsewhere rather than pass for the rest of the game.
        wanted = self._baron_cities(state, seat) if plan else set()
        ends = major_ends(state, ctx, seat) if plan and self.weights.major_pull else {}
        hubs = sorted(mine | wanted | {c for c, k in cubes.items() if k})
        # Goods already on its network, by colour: a city that takes them is a destination.
        held = Counter(col for c in mine for col in cubes[c])
        dest: dict[str, int] = {}
        pull: dict[frozenset[str], float] = {}
        for plan_pull, pl in followed or []:
            for a, b in next_links(pl, mine):
                key = frozenset((a, b))
                pull[key] = max(pull.get(key, 0.0), plan_pull)
        opens: dict[tuple[str, str], bool] = {}
        reach = int(self.weights.reach) if plan else GLANCE_REACH
        # A planning player with nothing to deliver and no bond left to borrow counts the cubes
        # a link lets it carry on over its network too: it pays each link from its income, and
        # the one that opens a delivery is its way back to more.
        further = wayout.onward(state, seat) if plan and way_outs is not None \
            and state["players"][seat]["bonds"] >= cap else {}
        for hub in hubs:
            here = ctx.city(hub).hex
            for name, d in ctx.cities_near(hub, reach):
                board = state["cities"][name].get("period"), state["cities"][hub].get("period")
                if (name in mine and hub in mine) or board[0] != board[1]:
                    continue  # (Railways through Time: track stays on its period's board)
                # Cubes the new link itself lets the player deliver count the more.
                carried = further.get(hub, set())
                ready = sum(1 for c in cubes[name]
                            if c in carried or delivery.takes(state, hub, c)) \
                    + sum(1 for c in cubes[hub] if delivery.takes(state, name, c))
                worth = len(cubes[name]) + 0.5 * len(cubes[hub]) + READY_PULL * ready - 0.4 * d
                worth += pull.get(frozenset((hub, name)), 0.0)
                opens[hub, name] = ready > 0
                if self.weights.dest_pull and hub in mine:
                    if name not in dest:
                        dest[name] = sum(n for col, n in held.items()
                                         if delivery.takes(state, name, col))
                    worth += self.weights.dest_pull * dest[name]
                if mine and hub not in mine and name not in mine:
                    worth -= doubt
                if {hub, name} & wanted:
                    worth += BARON_PULL
                for far, points in ends.items() if hub in mine else ():
                    there = ctx.city(far).hex
                    if ctx.city(name).hex.distance(there) < here.distance(there):
                        worth += self.weights.major_pull * points
                if state["cities"][name].get("warp"):
                    worth += WARP_WORTH  # holds no cubes, but opens deliveries through time
                pairs.append((worth, hub, name))
        for lk in own_open:
            # Finish a started link first: it is lost if left unfinished (toward the nearest
            # cities to its open end: the one it was begun for among them).
            end = ctx.hex(lk["tiles"][-1]["hex"])
            nearest = sorted((c for c in ctx.mapdef.cities if c != lk["cities"][0]),
                             key=lambda c: (ctx.city(c).hex.distance(end), c))
            for n, near in enumerate(nearest[:FINISH_TOWARD]):
                pairs.append((10.0 - n, f"link:{lk['id']}", near))
        pairs.sort(key=lambda p: (-p[0], p[1], p[2]))
        # The start cities of the best-looking pairs, each searched once for all its goals.
        goals_of: dict[str, list[tuple[float, str]]] = {}
        for worth, start, goal in pairs:
            goals_of.setdefault(start, []).append((worth, goal))
        offers = LinkOffers(state, ctx, seat, self.weights if plan else None)
        out: list[Candidate] = []
        uncarded = False
        first = searched or (HUBS_SEARCHED if plan else HUBS_GLANCED)
        more = MORE_HUBS if searched is None else searched
        # (A player's own move with nothing to deliver searches every start city before it
        # passes; the quick player's rollouts stop after ``more``.)
        last = math.inf if searched is None and way_outs is not None else first + more
        for n, (start, goals) in enumerate(goals_of.items()):
            # Past the first few, searched only while nothing was found: the best-looking
            # places may all be built up, and a player with money must not pass for ever.
            # A stuck player whose links found so far all need a build card searches on: its
            # way out may lie further.
            if n >= first and ((out and (way_outs is None or uncarded or way_outs
                                         or n >= first + more)) or n >= last):
                break
            # Whole links only: a link one action cannot finish is removed at the end of
            # the turn unless a later action reaches its city, which the route finder
            # cannot promise; the money spent on it would be lost.
            found = offers.links(start, [g for _, g in goals])
            for worth, goal in goals:
                if goal not in found:
                    continue
                action, cost = found[goal]
                # A link that lets a cube be delivered at once lifts the income by a point's worth.
                relief = interest.income_gain(state, ctx, seat, 1) if opens.get((start, goal)) \
                    else 0
                dread = self._dread(state, seat, cost, cap, relief)
                if dread == OVER_BOND_CAP and way_outs is not None and relief:
                    dread = self._way_out(state, seat, cost, cap, relief)
                    if dread < OVER_BOND_CAP:
                        way_outs.append(Candidate(action, 1.0 + worth - dread))
                if dread < OVER_BOND_CAP:
                    out.append(Candidate(action, 1.0 + worth - dread))
                    uncarded = uncarded or "cards" not in action
        return out

    def _bond_cap(self, state: State, seat: int, stuck: bool = False, plan: bool = True) -> int:
        """The most bonds the player will carry: what a share of its income pays the interest of,
        now and after the points it may still score (a floor to start, two more while it has no
        income and nothing to deliver). Interest beyond income is paid with more bonds, whose
        interest needs more bonds: a spiral no player leaves."""
        ctx = self.title.context(state["map"])
        p = state["players"][seat]
        share = self.weights.bond_share if plan else GLANCE_BOND_SHARE
        floor = int(self.weights.bond_floor)
        later = int(share * ctx.income_at(int(p["score"]) + POINTS_AHEAD, int(p["wraps"]))
                    // BOND_INTEREST)
        now = int(share * income_of(state, ctx, seat) // BOND_INTEREST)
        cap = max(floor, min(now, later))
        cap = min(cap + STUCK_BONDS, later) if stuck and now < floor else cap
        return min(cap, BOND_CEILING)

    def _way_out(self, state: State, seat: int, cost: int, cap: int, relief: int) -> float:
        """The dread of a move its bond cap refused, for a player with nothing to deliver: the
        move opens a delivery lifting its income by ``relief``, so a stuck player may borrow a
        little past its cap for it (``wayout.relief_cap``), never past ``BOND_CEILING``, unless it
        sinks anyway and the delivery shrinks its spiral (``wayout.shrinks_spiral``)."""
        ctx = self.title.context(state["map"])
        if wayout.shrinks_spiral(state, ctx, seat, cost, relief):
            # Sinking anyway: the ceiling and the interest left unpaid are no reason to wait.
            return BOND_DREAD * bonds_needed(state["players"][seat]["money"], cost)
        wider = min(BOND_CEILING, wayout.relief_cap(state, ctx, seat, cap, cost, relief))
        return OVER_BOND_CAP if wider <= cap else self._dread(state, seat, cost, wider, relief)

    def _tried(self, state: State, action: Action, chance: int = 0) -> State | None:
        """The game after ``action``, made on a copy as the player may know it, with the bot's
        own ``chance`` (None if the rules refuse it)."""
        work = self.blind(state, Rng(new_rng_state(chance)))
        try:
            return step(self.title, work, action, in_place=True).state
        except IllegalAction:
            return None

    def _price(self, state: State, seat: int, action: dict[str, Any],
               priced: dict[str, int]) -> int:
        """What a move whose price the legal list does not give (a Mine card) takes from the
        player's money, found by making it on a copy with the bot's own chance (once per card
        or kind of move: the cities it names do not change the price)."""
        key = str(action.get("card", action["type"]))
        if key not in priced:
            had = state["players"][seat]
            money, bonds, turn = int(had["money"]), int(had["bonds"]), state["turn"]
            after = self._tried(state, action, len(priced))
            if after is None:
                priced[key] = 0
                return 0
            p = after["players"][seat]
            issued = int(p["bonds"]) - bonds
            # A move that ends the turn also collects income and pays interest: only the bonds
            # it issued tell then.
            spent = money + BOND_VALUE * issued - int(p["money"]) if after["turn"] == turn \
                else money + BOND_VALUE * (issued - 1) + 1 if issued else 0
            priced[key] = max(0, spent)
        return priced[key]

    def _dread(self, state: State, seat: int, cost: int, cap: int, relief: int = 0) -> float:
        # A bond costs its interest every turn: past what income covers, each one more is feared
        # the more (a player whose interest beats its income sinks further every turn). A move
        # that would leave interest unpaid (the bank then lends more bonds) is not made at all,
        # unless the delivery it opens (``relief``: the income it adds) pays it.
        p = state["players"][seat]
        ctx = self.title.context(state["map"])
        if interest.sinks(state, ctx, seat, cost, relief, interest.action_after(state)):
            return OVER_BOND_CAP
        issued = bonds_needed(p["money"], cost)
        if not issued:
            return 0.0
        if p["bonds"] + issued > cap:
            return OVER_BOND_CAP
        short = p["bonds"] * BOND_INTEREST - income_of(state, ctx, seat)
        return float(BOND_DREAD * issued * (1 + max(0, short) / BOND_INTEREST))

    def value(self, state: State, seat: int) -> float:
        """A position's worth in the same units at any point: ``w.score`` a point of final
        score. Its Rail Baron's points and its bonds weigh the more the nearer the end (a goal
        met now may be lost or beaten, a bond's interest is still to pay), until at the end
        they count as the points they are; what only pays later (links, engine, the deliveries
        open) counts for nothing once the game is over."""
        if "adv" in state:
            return advanced.value(state, seat)
        w = self.weights
        p: dict[str, Any] = state["players"][seat]
        if state.get("finished"):
            final = next(f for f in state["final"]["scores"] if f["seat"] == seat)
            return w.score * float(final["score"])
        ctx = self.title.context(state["map"])
        score = float(total_score(p))
        done = progress(state)
        left = 1.0 - done
        found = delivery_points(state, seat)
        best = found[0] if found else 0
        # In its last turn, track, engine and goods waiting pay only through the deliveries its
        # actions left can make: those of ``ahead``.
        last = interest.actions_left(state) if w.endgame else None
        later = 0.0 if last is not None and last <= flow.ROUNDS else 1.0
        moves = int(w.potential_moves) if later else min(int(w.potential_moves), last or 0)
        ahead = sum(found[:moves])
        short = longer_engine_gain(state, seat, int(w.potential_moves), found) \
            if w.engine_short and left and p["engine"] < MAX_ENGINE else 0
        own = network.complete_links(state, seat)
        # Goods waiting in the cities of its network are deliveries to come.
        waiting = sum(len(state["cities"][c]["cubes"]) for c in {c for lk in own
                                                                   for c in lk["cities"]})
        baron_now = baron_points(state, ctx, seat) if p["baron"] else 0
        # Money buys track and engines while there are turns to use them; at the end it only
        # breaks ties. A bond costs its interest every turn left and a point at the end.
        baron_weight = w.baron + (w.score - w.baron) * done
        bond_weight = w.bond + (w.score - w.bond) * done + w.bond_interest * left
        return float(w.score * score + w.best * best + w.potential * ahead
                     + baron_weight * baron_now
                     + later * (w.link * len(own) + w.waiting * waiting
                                + w.engine * min(p["engine"], 4)
                                + w.engine_high * max(0, min(p["engine"], 6) - 4)
                                + w.major * major_progress(state, ctx, seat))
                     + w.income * left * income_of(state, ctx, seat) / 1000
                     + w.money * left * p["money"] / 1000
                     - w.deficit * left * interest.deficit(state, ctx, seat) / 1000
                     - w.engine_short * left * short
                     - bond_weight * p["bonds"]
                     + w.build_cards * w.build_card * left * len(in_hand(state, ctx, seat))
                     - (1.0 if p.get("held_cube") else 0.0))
