"""What each Rail Baron brings the normal Railways of the World computer player that keeps it,
measured by self-play (``bench/baron_odds.py``: 4-player games of normal players, each seat
keeping one of its two barons at random): the mean of its points at the end over the games it
was kept. The player keeps the baron of its two whose figure is highest.

A guess per kind of goal misled it: a share of each goal's points made links from a named city
look best whatever the city, and a Mobile baron kept in most games paid in few of them.
"""

from __future__ import annotations

KEPT_POINTS: dict[str, dict[str, float]] = {}
"""By map, each baron's mean points at the end per game kept."""


def kept_points(map_id: str, card: str) -> float | None:
    """The measured points of ``card`` on ``map_id`` (None where it was not measured)."""
    return KEPT_POINTS.get(map_id, {}).get(card)
