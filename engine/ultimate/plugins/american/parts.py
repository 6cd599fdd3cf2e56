"""The American player boards' own printed parts, read from a game's board data once per board:
the boulders, the stocks board with its dividend tokens, the steelworks and the golden spike."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.ultimate.board import Board


@dataclass(frozen=True)
class Parts:
    boulders: dict[str, Any]
    industry_boulder: bool
    """'only place the boulder tile on the player board' unless its own track is used."""
    stocks: dict[str, Any]
    dividends: dict[str, dict[str, Any]]
    steelworks: dict[str, Any]
    spike: dict[str, Any]


@cache
def of(board: Board) -> Parts:
    """The parts of ``board`` (all empty on the other boxes' player boards)."""
    b = board.data["boards"][board.board_id]
    boulders = dict(b.get("boulders", {}))
    stocks = dict(b.get("stocks", {}))
    return Parts(
        boulders=boulders,
        industry_boulder=bool(boulders) and bool(board.upper),
        stocks=stocks,
        dividends={t["id"]: t for t in stocks.get("tokens", {}).get("list", ())},
        steelworks=dict(b.get("steelworks", {})),
        spike=dict(b.get("golden_spike", {})))
