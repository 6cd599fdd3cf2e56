"""What each Rail Baron brings the normal Railways of the World computer player that keeps it,
measured by self-play (``bench/baron_odds.py``: 4-player games of normal players, each seat
keeping one of its two barons at random): the mean of its points at the end over the games it
was kept. The player keeps the baron of its two whose figure is highest.

A guess per kind of goal misled it: a share of each goal's points made links from a named city
look best whatever the city, and a Mobile baron kept in most games paid in few of them.
"""

from __future__ import annotations

KEPT_POINTS: dict[str, dict[str, float]] = {
    "eastern-us": {"farnam": 3.1, "hopkins": 2.8, "gould": 2.5, "judah": 2.5, "taylor": 2.2,
                   "pullman": 1.7, "wh-vanderbilt": 1.7, "morgan": 1.4, "harriman": 1.3,
                   "c-vanderbilt": 1.3, "fisk": 0.4, "holliday": 0.0},
}
"""By map, each baron's mean points at the end per game kept: Eastern U.S. from
``bench/baron_odds.py 96 eastern-us 0`` (96 games, each baron kept 26-42 times)."""


def kept_points(map_id: str, card: str) -> float | None:
    """The measured points of ``card`` on ``map_id`` (None where it was not measured)."""
    return KEPT_POINTS.get(map_id, {}).get(card)
