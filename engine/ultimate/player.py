"""The Ultimate Railroads computer player: places workers where the scorings to come gain most.

A worker's action is judged once its choices are made (which track moves, where a locomotive
goes). A position is the score, what the next scoring pays for every scoring still to come,
track the locomotives do not reach yet (and reach no track fills yet) as a promise, the end bonus
cards at what they count now, and the engineer majority as it stands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.players import Candidate, ComputerPlayer, shuffled
from engine.core.rng import Rng
from engine.core.title import Title
from engine.core.types import Action, State
from engine.ultimate.board import Board
from engine.ultimate.rollout import rollout_move
from engine.ultimate.scoring import (
    bonus_card_points,
    engineer_count,
    round_breakdown,
    valuation,
)
from engine.ultimate.title import UltimateTitle
from engine.ultimate.tracks import lead, reach

STOCK_LEVEL = 3.0
"""What a level on the American stocks board is worth: its dividend and the final 20/10."""

INCOME_TILE = 3.0
"""What an income tile is worth to hold: a small action every round still to come."""

SPECIAL_CARD = 6.0
"""What a special idea card is worth to hold: most give their benefit in later rounds (also the
prior of the special idea token, whose card comes a choice later)."""

TRAIN = 3.0
"""The prior of the manufactory train: 3 actions for one worker, which show in the position only
once its token is chosen (a move later than the placing is judged)."""

ROLLOUT_LENGTH = 24
"""Moves (placements and choices, of all seats) a strong player's rollout makes at most: about
two laps of a four-player table."""

ROUNDS_AHEAD = 8.0
"""How many scorings a gain on the tracks is counted for at most while rounds remain (a track
moved up scores again in every later round)."""


@dataclass(frozen=True)
class Weights:
    """What a position's parts are worth, in points. Chosen by seeded self-play
    (bench/tune_players.py: 4-player games of normal players, two seats a side): from workers 2,
    coins 0.1, no end bonus cards and no majority, "bonus_cards=1,majority=0.5" won 6.5 of 8
    games and "coin=1,worker=4" 6 of 8, so both were taken; against those, majority 1 with bonus
    cards 1.5, coins 2, engineers 3 and any weight on unreached track won at most half."""

    rounds_ahead: float = ROUNDS_AHEAD
    worker: float = 4.0
    """Each worker owned (more actions every round to come)."""
    coin: float = 1.0
    engineer: float = 1.0
    unreached: float = 0.0
    """The share of what the track past the locomotives' reach would score, for each scoring
    to come (locomotives bought later make it pay)."""
    spare_reach: float = 0.0
    """Each space the locomotives reach past the track, for each scoring to come."""
    bonus_cards: float = 1.0
    """The share of its end bonus cards' points (as they count now) a position is given."""
    majority: float = 0.5
    """The share of the engineer majority's points (as it stands) a position is given."""


class UltimatePlayer(ComputerPlayer):
    title: UltimateTitle

    # The strong search: every seat of a rollout is the quick player of ``rollout``, made on
    # the rollout's copy in place, so a rollout costs about a millisecond a move. Its rollouts
    # hardly differ from sample to sample, so it searches more of the normal player's moves.
    rollout_length = ROLLOUT_LENGTH
    rollout_in_place = True
    search_width = 8
    most_samples = 2

    def __init__(self, title: Title, weights: Weights | None = None) -> None:
        super().__init__(title)
        self.weights = weights or Weights()

    def board_of(self, state: State) -> Board:
        return self.title.board_of(state)

    def worth_searching(self, state: State, seat: int) -> bool:
        # Where a worker goes (and the starting bonus card) is searched; the choices of a
        # placed worker are left to the trial, which judges each by the position it leads to.
        return not self.mid_move(state, seat) or state["phase"] == "bonus"

    def rollout_choices(self, state: State, seat: int, rng: Rng) -> list[Action]:
        return rollout_move(self, state, seat, rng)

    def mid_move(self, state: State, seat: int) -> bool:
        # A placed worker's action is resolved in choices (which track, which locomotive).
        return bool(state.get("active") == seat)

    def hide(self, work: State, seat: int, rng: Rng) -> None:
        """The engineers still face down in the row are dealt among their places afresh, and
        the end bonus cards the others took face down are dealt afresh from those and the
        deck's."""
        super().hide(work, seat, rng)
        row = work["engineer_row"]
        shown = max(0, len(row) - 3)  # the last three are face up
        hidden = [e for e in row[:shown] if e is not None]
        shuffled(hidden, rng)
        work["engineer_row"] = [e if e is None else hidden.pop() for e in row[:shown]] + row[shown:]
        others = [p for p in work["players"] if p["seat"] != seat]
        cards = list(work["end_deck"]) + [c for p in others for c in p["bonus_cards"]]
        shuffled(cards, rng)
        for p in others:
            p["bonus_cards"] = [cards.pop() for _ in p["bonus_cards"]]
        work["end_deck"] = sorted(cards)

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        out: list[Candidate] = []
        for a in self.title.legal(state, seat):
            kind = a["type"]
            prior = {"pick": 1.0, "place": 1.0, "done": -4.0, "pass": -12.0}.get(kind, 0.0)
            if a.get("space") == "manufactory":
                prior = TRAIN
            elif a.get("choice") == "idea-special":
                prior = SPECIAL_CARD
            out.append(Candidate(a, prior))
        return out

    def value(self, state: State, seat: int) -> float:
        p = state["players"][seat]
        if state.get("finished"):
            return 10.0 * float(p["score"])
        w = self.weights
        board = self.title.board_of(state)
        upcoming = sum(round_breakdown(board, p).values())
        left = min(max(0, state["rounds"] - state["round"]) + 1, w.rounds_ahead)
        unreached = spare = 0
        values = valuation(board, p)
        for route in board.routes:
            r = p["routes"][route.id]
            far, built = reach(route, r), lead(r)
            if built > far:
                colours = route.colours_for(r)
                unreached += sum(_space_value(colours, r["tracks"], values, space)
                                 for space in range(far + 1, built + 1))
            spare += max(0, far - built)
        cards = sum(bonus_card_points(board, p, c) for c in p["bonus_cards"])
        return float(p["score"] + left * (upcoming + w.unreached * unreached
                                          + w.spare_reach * spare)
                     + w.worker * p["owned"] + w.coin * p["coins"]
                     + w.engineer * len(p["engineers"]) + w.bonus_cards * cards
                     + w.majority * _majority(board.data, state["players"], seat)
                     + INCOME_TILE * len(p.get("income", ())) + STOCK_LEVEL * _level(state, seat)
                     + SPECIAL_CARD * len(p.get("special_cards", ())))


def _space_value(colours: tuple[str, ...], tracks: dict[str, int], values: tuple[int, ...],
                 space: int) -> int:
    """What a route space scores by the best track on it, once a locomotive reaches it."""
    level = max((i for i, c in enumerate(colours) if tracks[c] >= space), default=None)
    return 0 if level is None else values[level]


def _majority(data: dict[str, Any], players: list[dict[str, Any]], seat: int) -> float:
    """The engineer majority's points the seat would get now (ties share)."""
    points = data["engineer_majority"]["points"]
    mine = engineer_count(players[seat])
    if not mine:
        return 0.0
    above = sum(1 for q in players if engineer_count(q) > mine)
    level = sum(1 for q in players if engineer_count(q) == mine)
    shares = [points[i] if i < len(points) else 0 for i in range(above, above + level)]
    return float(sum(shares)) / level


def _level(state: State, seat: int) -> int:
    """The seat's stock level on the American stocks board (0 on other boards)."""
    rows = state.get("stocks", {}).get("levels", [])
    return next((i for i, row in enumerate(rows) if seat in row), 0)
