"""New England Railways: auctioned rail links between New England cities."""

from engine.newengland.data import DATA
from engine.newengland.title import NewEnglandTitle

__all__ = ["DATA", "NewEnglandTitle"]
