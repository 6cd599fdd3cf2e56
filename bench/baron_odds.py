"""What each Rail Baron brings the normal Railways of the World computer that keeps it.

Seeded 4-player games of normal computers, each seat keeping one of its two Rail Barons at
random (by a hash of the game, the seat and the card, so a run is repeatable), everything else
played as usual. Printed per baron: how often it was kept, how often it paid, and its mean
points at the end per game kept; then the table ``engine.rotw.baronodds`` holds, ready to
paste. The normal player keeps the baron whose figure is highest.

Run: nice .venv/bin/python bench/baron_odds.py [games] [map] [first game]
"""

from __future__ import annotations

import hashlib
import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "players"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bot_games import config, titles
from tune_players import play_sides

from engine.core import State
from engine.rotw.player import RotwPlayer
from engine.rotw.title import RotwTitle

PLAYERS = 4


class RandomBaron(RotwPlayer):
    """The normal player, keeping a Rail Baron at random."""

    def __init__(self, title: RotwTitle, game: int) -> None:
        super().__init__(title)
        self.game = game

    def _baron_fit(self, state: State, seat: int, card: str) -> float:
        digest = hashlib.sha256(f"{self.game}/{seat}/{card}".encode()).digest()
        return int.from_bytes(digest[:4], "big") / 2**32


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 96
    map_id = sys.argv[2] if len(sys.argv) > 2 else "eastern-us"
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    title = titles()["rotw"]
    assert isinstance(title, RotwTitle)
    points: dict[str, list[int]] = defaultdict(list)
    for game in range(first, first + games):
        player = RandomBaron(title, game)
        state = play_sides(title, [player] * PLAYERS, config(title, PLAYERS, game, map_id), game)
        for row in state["final"]["scores"]:
            points[str(row["baron"])].append(int(row["baron_points"]))
        print(f"game {game}: " + ", ".join(f"{r['baron']} {r['baron_points']}"
                                           for r in state["final"]["scores"]), flush=True)
    print(f"\n{map_id}, {games} games (from game {first}), a random Rail Baron kept by each seat")
    print(f"{'baron':16} {'kept':>5} {'paid':>5} {'points a game kept':>19}")
    ranked = sorted(points.items(), key=lambda kv: -statistics.fmean(kv[1]))
    for card, got in ranked:
        paid = sum(1 for p in got if p > 0)
        print(f"{card:16} {len(got):5} {paid:5} {statistics.fmean(got):19.2f}")
    print("\n" + repr({card: round(statistics.fmean(got), 1) for card, got in ranked}))


if __name__ == "__main__":
    main()
