"""Do Railways of the World computer players sit games out passing? Seeded games on every map.

For every Railways of the World map (the Transcontinental game only when asked: one game takes
many minutes), seeded games of computers all at one level (3 and 4 players) are played to their
end. Each line prints, per map and level: the games played, the seats that ended with at most
``LOW_POINTS`` points (a seat stuck for the game ends there), the most actions one seat passed
in a game and the mean a seat, the winners' and the table's mean final points, and the most
bonds a seat ended with (the bond-spiral guard shows there).

Run: nice -n 10 .venv/bin/python bench/stuck_seats.py [--games N] [--levels normal,easy]
     [--players 3,4] [--only eastern-us,through-time] [--jobs N]
(N games per map, level and player count, seeds 0..N-1; --jobs plays that many at once in
separate processes, with the same figures.)
"""

from __future__ import annotations

import argparse
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "players"))

from bot_games import config, titles

from engine.computer import computer_move
from engine.core import new_game, step
from engine.rotw.title import RotwTitle

LOW_POINTS = 5
"""A seat ending with this many points or fewer took no real part in the game."""
CUT_OFF_MOVES = 6000
"""A game still running after this many moves is scored as it stands (real games take a few
hundred)."""
SLOW_MAPS = ("transcontinental",)
"""Maps left out unless named with --only: one game of them takes many minutes."""


@dataclass(frozen=True)
class Game:
    """One finished game's figures."""

    scores: list[int]
    passes: list[int]
    bonds: list[int]


def play(map_id: str, level: str, players: int, seed: int) -> Game:
    title = titles()["rotw"]
    assert isinstance(title, RotwTitle)
    state = new_game(title, config(title, players, seed, map_id))
    passes = [0] * players
    for n in range(CUT_OFF_MOVES):
        if title.is_over(state):
            break
        seat = title.to_act(state)[0]
        action = computer_move(title, state, seat, level, seed * 100_003 + n)
        if state["phase"] == "actions" and action["type"] == "pass":
            passes[seat] += 1
        state = step(title, state, action).state
    if state.get("final"):
        by_seat = {s["seat"]: int(s["score"]) for s in state["final"]["scores"]}
        scores = [by_seat[i] for i in range(players)]
    else:
        scores = [int(p["score"]) + 100 * int(p["wraps"]) - int(p["bonds"])
                  for p in state["players"]]
    return Game(scores, passes, [int(p["bonds"]) for p in state["players"]])


def line(map_id: str, level: str, games: list[Game]) -> str:
    scores = [s for g in games for s in g.scores]
    passes = [n for g in games for n in g.passes]
    low = sum(1 for s in scores if s <= LOW_POINTS)
    winners = statistics.mean(max(g.scores) for g in games)
    return (f"{map_id:<16} {level:<7} {len(games):>5} {low:>8} {max(passes):>10} "
            f"{statistics.mean(passes):>10.1f} {winners:>8.1f}"
            f" {statistics.mean(scores):>6.1f} {max(b for g in games for b in g.bonds):>5}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=1,
                    help="games per map, level and player count (seeds 0..N-1)")
    ap.add_argument("--levels", default="normal,easy")
    ap.add_argument("--players", default="3,4")
    ap.add_argument("--only", default="", help="maps to play (all but the slow ones if empty)")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    title = titles()["rotw"]
    maps = args.only.split(",") if args.only else [
        m.id for m in title.meta.maps if m.id not in SLOW_MAPS]
    counts = [int(x) for x in args.players.split(",")]
    levels = args.levels.split(",")
    print(f"{args.games} game(s) per map, level and player count ({args.players} players); "
          f"low: {LOW_POINTS} points or fewer", flush=True)
    print(f"{'map':<16} {'level':<7} {'games':>5} {'low seats':>8} {'most passes':>10} "
          f"{'passes/seat':>10} {'winners':>8} {'table':>6} {'bonds':>5}", flush=True)
    jobs = [(m, lv, n, seed) for m in maps for lv in levels for n in counts
            for seed in range(args.games)]
    by_line: dict[tuple[str, str], list[Game]] = {}
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for (m, lv, n, seed), game in zip(jobs, pool.map(play, *zip(*jobs, strict=True)),
                                           strict=True):
            print(f"  {m} {lv} {n} players, seed {seed}: points {game.scores}, "
                  f"passes {game.passes}, bonds {game.bonds}", file=sys.stderr, flush=True)
            by_line.setdefault((m, lv), []).append(game)
    for (m, lv), games in by_line.items():
        print(line(m, lv, games), flush=True)


if __name__ == "__main__":
    main()
