"""Tuning the Railways of the World computer player's weights by seeded self-play.

Each named set of weights below plays seeded 4-player games at the normal level against the
weights in use (two seats each, alternating), and the comparison is printed: the share of games
its best seat beats the other side's best (ties half, with the 95 % Wilson interval), the mean
final score of each side, the bonds and unspent money each side ends with, and the major lines
each side completes per game. A set that wins clearly becomes ``DEFAULT_WEIGHTS`` in
``engine/rotw/playervalue.py``.

Run: nice -n 10 .venv/bin/python bench/rotw_weights.py [games] [set,set...] [map]
"""

from __future__ import annotations

import statistics
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "players"))

from bot_games import config, titles
from bots import interval

from engine.core import State, new_game, step
from engine.core.players import choose
from engine.rotw.player import RotwPlayer
from engine.rotw.playervalue import DEFAULT_WEIGHTS, Weights
from engine.rotw.title import RotwTitle

SETS: dict[str, Weights] = {
    # Major lines: a network part-way to an open line's far end is worth part of its points,
    # and builds that come nearer to it are looked at first.
    "major": replace(DEFAULT_WEIGHTS, major=1.0, major_pull=0.15),
    # Bonds: each weighed by the interest left to pay as well as the point at the end.
    "bonds": replace(DEFAULT_WEIGHTS, bond=1.5, bond_interest=2.0),
    # Spare money bid for first place.
    "bids": replace(DEFAULT_WEIGHTS, spare_bid=0.3),
    "all": replace(DEFAULT_WEIGHTS, major=1.0, major_pull=0.15, bond=1.5, bond_interest=2.0,
                   spare_bid=0.3),
    "baseline": DEFAULT_WEIGHTS,
}
PLAYERS = 4


def play(title: RotwTitle, sides: list[RotwPlayer], seed: int, map_id: str) -> State:
    state = new_game(title, config(title, PLAYERS, seed, map_id))
    for n in range(4000):
        if title.is_over(state):
            break
        seat = title.to_act(state)[0]
        action = choose(title, sides[seat], state, seat, "normal", seed * 100_003 + n)
        state = step(title, state, action).state
    return state


def compare(title: RotwTitle, trial: Weights, games: int, map_id: str) -> dict[str, float]:
    wins = 0.0
    score: dict[bool, list[float]] = {True: [], False: []}
    bonds: dict[bool, list[float]] = {True: [], False: []}
    money: dict[bool, list[float]] = {True: [], False: []}
    majors: dict[bool, int] = {True: 0, False: 0}
    new, old = RotwPlayer(title, trial), RotwPlayer(title)
    for g in range(games):
        mine = [(i + g) % 2 == 0 for i in range(PLAYERS)]
        state = play(title, [new if m else old for m in mine], 500 + g, map_id)
        final = {s["seat"]: float(s["score"]) for s in state["final"]["scores"]} \
            if state.get("final") else {i: 0.0 for i in range(PLAYERS)}
        best_new = max(final[i] for i in range(PLAYERS) if mine[i])
        best_old = max(final[i] for i in range(PLAYERS) if not mine[i])
        wins += 1.0 if best_new > best_old else 0.5 if best_new == best_old else 0.0
        for i, p in enumerate(state["players"]):
            score[mine[i]].append(final[i])
            bonds[mine[i]].append(float(p["bonds"]))
            money[mine[i]].append(float(p["money"]))
        for line in state["major_lines"]:
            if line["claimed_by"] is not None:
                majors[mine[int(line["claimed_by"])]] += 1
    low, high = interval(wins, games)
    return {"win": wins / games, "low": low, "high": high,
            "score_new": statistics.mean(score[True]), "score_old": statistics.mean(score[False]),
            "bonds_new": statistics.mean(bonds[True]), "bonds_old": statistics.mean(bonds[False]),
            "money_new": statistics.mean(money[True]), "money_old": statistics.mean(money[False]),
            "major_new": majors[True] / games, "major_old": majors[False] / games}


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    chosen = sys.argv[2].split(",") if len(sys.argv) > 2 else [k for k in SETS if k != "baseline"]
    map_id = sys.argv[3] if len(sys.argv) > 3 else "eastern-us"
    title = titles()["rotw"]
    assert isinstance(title, RotwTitle)
    print(f"{map_id}, {PLAYERS} players, normal level: each set against the weights in use "
          "(two seats each)", flush=True)
    print(f"{'set':<9} {'games':>5} {'win %':>6} {'95 % interval':>13} {'score':>11} "
          f"{'bonds':>9} {'money $k':>11} {'major lines':>11}", flush=True)
    for name in chosen:
        r = compare(title, SETS[name], games, map_id)
        print(f"{name:<9} {games:>5} {100 * r['win']:>6.1f} "
              f"{100 * r['low']:>6.1f}-{100 * r['high']:<6.1f} "
              f"{r['score_new']:>5.1f}/{r['score_old']:<5.1f} "
              f"{r['bonds_new']:>4.1f}/{r['bonds_old']:<4.1f} "
              f"{r['money_new'] / 1000:>5.0f}/{r['money_old'] / 1000:<5.0f} "
              f"{r['major_new']:>5.1f}/{r['major_old']:<5.1f}", flush=True)


if __name__ == "__main__":
    main()
