"""Ultimate Railroads: the core game on the Russian player boards (Russian Railroads)."""

from engine.ultimate.data import DATA
from engine.ultimate.title import UltimateTitle

__all__ = ["DATA", "UltimateTitle"]
