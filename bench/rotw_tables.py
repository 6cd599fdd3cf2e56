"""What a table of four Railways of the World computers with changed weights scores.

`bench/tune_players.py` pits a variant against the weights in use; this seats it at all four
places, as `bench/bots.py`'s table of one level does (its seeds: game g is deal 3000 + g), and
prints what such a table reaches and how it plays: the winners' and the table's mean final
score, the points a delivery brings its mover, deliveries a game, the engine, bonds and money
a seat ends with, and the turns a game lasts. A variant can lift what every seat scores
without beating the weights in use head to head (cubes left for longer routes empty the
cities later, so the game lasts longer): read both benches.

Run: nice .venv/bin/python bench/rotw_tables.py [first:]count [--map MAP] [variant ...]
  a variant is name=value[,name=value] over the Weights of ``engine.rotw.playervalue``;
  "-" is the weights in use
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "players"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bot_games import config, titles
from bots import final_scores
from tune_players import parse, play_sides

from engine.core import Action, State
from engine.rotw.context import TRACK_TOP
from engine.rotw.player import RotwPlayer
from engine.rotw.playervalue import DEFAULT_WEIGHTS
from engine.rotw.title import RotwTitle

SEATS = 4


@dataclasses.dataclass
class Tally:
    """What the games of one variant came to."""

    winners: list[float] = dataclasses.field(default_factory=list)
    scores: list[float] = dataclasses.field(default_factory=list)
    deliveries: list[int] = dataclasses.field(default_factory=list)
    """Points each delivery brought the player who made it."""
    engines: list[int] = dataclasses.field(default_factory=list)
    bonds: list[int] = dataclasses.field(default_factory=list)
    money: list[int] = dataclasses.field(default_factory=list)
    turns: list[int] = dataclasses.field(default_factory=list)


def delivered(state: State, seat: int) -> int:
    p = state["players"][seat]
    return int(p.get("points_from", {}).get("deliveries", 0)) + TRACK_TOP * int(p["wraps"])


def play(player: RotwPlayer, seed: int, map_id: str, tally: Tally) -> list[float]:
    title = player.title

    def watch(seat: int, action: Action, before: State, after: State) -> None:
        if action["type"] == "deliver":
            tally.deliveries.append(delivered(after, seat) - delivered(before, seat))

    state = play_sides(title, [player] * SEATS, config(title, SEATS, seed, map_id), seed, watch)
    scores = final_scores("rotw", state)
    tally.winners.append(max(scores))
    tally.scores += scores
    tally.turns.append(int(state["turn"]))
    for p in state["players"]:
        tally.engines.append(int(p["engine"]))
        tally.bonds.append(int(p["bonds"]))
        tally.money.append(int(p["money"]))
    return scores


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", help="count, or first:count")
    parser.add_argument("--map", default="eastern-us")
    parser.add_argument("variants", nargs="*", default=["-"])
    args = parser.parse_intermixed_args()
    first, _, count = str(args.games).rpartition(":")
    games = range(int(first or 0), int(first or 0) + int(count))
    title = titles()["rotw"]
    assert isinstance(title, RotwTitle)
    for text in args.variants:
        changes = {} if text == "-" else parse(text)
        player = RotwPlayer(title, dataclasses.replace(DEFAULT_WEIGHTS, **changes))
        tally = Tally()
        start = time.process_time()
        for g in games:
            scores = play(player, 3000 + g, args.map, tally)
            print(f"  {text} game {g}: {scores} turn {tally.turns[-1]}", flush=True)
        n = len(games)
        print(f"{text} ({args.map}, games {games.start}-{games.stop - 1}): winners "
              f"{statistics.mean(tally.winners):.1f}, table {statistics.mean(tally.scores):.1f}; "
              f"a delivery {statistics.mean(tally.deliveries):.2f} points, "
              f"{len(tally.deliveries) / n:.1f} a game; turns {statistics.mean(tally.turns):.1f}; "
              f"a seat ends with engine {statistics.mean(tally.engines):.2f}, "
              f"{statistics.mean(tally.bonds):.2f} bonds, "
              f"${statistics.mean(tally.money) / 1000:.1f}k; "
              f"{time.process_time() - start:.0f} s of processor time", flush=True)


if __name__ == "__main__":
    main()
