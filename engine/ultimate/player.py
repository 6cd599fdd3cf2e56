"""The Ultimate Railroads computer player: places workers where the next scoring gains most."""

from __future__ import annotations

from engine.core.players import Candidate, ComputerPlayer, shuffled
from engine.core.rng import Rng
from engine.core.types import State
from engine.ultimate.scoring import round_breakdown
from engine.ultimate.title import UltimateTitle

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

ROUNDS_AHEAD = 8.0
"""How many scorings a gain on the tracks is counted for at most while rounds remain (a track
moved up scores again in every later round)."""


class UltimatePlayer(ComputerPlayer):
    title: UltimateTitle

    def hide(self, work: State, seat: int, rng: Rng) -> None:
        """The engineers still face down in the row are dealt among their places afresh."""
        super().hide(work, seat, rng)
        row = work["engineer_row"]
        shown = max(0, len(row) - 3)  # the last three are face up
        hidden = [e for e in row[:shown] if e is not None]
        shuffled(hidden, rng)
        work["engineer_row"] = [e if e is None else hidden.pop() for e in row[:shown]] + row[shown:]

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
        board = self.title.board_of(state)
        upcoming = sum(round_breakdown(board, p).values())
        left = max(0, state["rounds"] - state["round"]) + 1
        return float(p["score"] + min(left, ROUNDS_AHEAD) * upcoming + 2.0 * p["owned"]
                + 0.1 * p["coins"] + 1.0 * len(p["engineers"])
                + INCOME_TILE * len(p.get("income", ())) + STOCK_LEVEL * _level(state, seat)
                + SPECIAL_CARD * len(p.get("special_cards", ())))


def _level(state: State, seat: int) -> int:
    """The seat's stock level on the American stocks board (0 on other boards)."""
    rows = state.get("stocks", {}).get("levels", [])
    return next((i for i, row in enumerate(rows) if seat in row), 0)
