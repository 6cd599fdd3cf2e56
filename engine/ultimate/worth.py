"""A rough worth of each action space, so that /game help and the buttons offer the spaces
that give most for the workers and coins they cost first (passing comes last)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.ultimate.board import Space

TRACK_STEP = {"wood": 1.0, "green": 1.5, "bronze": 2.5, "silver": 3.0, "gold": 3.5,
              "any": 2.0, "wood|green": 1.0}
"""A step of a track, by colour: the dearer tracks score more per step."""
EFFECT = {"loco": 3.0, "industry": 2.0, "doubler": 2.0, "coins": 0.75, "temp": 1.5,
          "order": 1.0, "hire": 3.0, "points": 1.0}
"""What one unit of each other effect is worth (per step, coin or point where it counts)."""
OTHER = 1.5
"""An effect not listed above (a module's space): an ordinary action."""


Usable = Callable[[dict[str, Any]], bool]


def space_worth(space: Space, usable: Usable) -> float:
    """What the space gives for each worker or coin it costs (effects that can do nothing for
    the seat now count nothing)."""
    total = 0.0
    for eff in space.effects:
        if not usable(eff):
            continue
        n = float(eff.get("n", 1))
        if eff["k"] == "track":
            total += n * TRACK_STEP.get(str(eff["c"]), 1.0)
        elif eff["k"] in ("coins", "points", "industry", "doubler"):
            total += n * EFFECT[eff["k"]]
        else:
            total += EFFECT.get(eff["k"], OTHER)
    return total / max(1, space.workers + space.coins)


def rank(space: Space, usable: Usable) -> int:
    """A suggestion's rank for the space: above passing (rank -1000) whatever it gives."""
    return int(100 * space_worth(space, usable))
