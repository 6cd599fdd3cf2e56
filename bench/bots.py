"""Computer players' strength and speed, per title.

For each title, seeded 2-4 player games where one level faces another (seats alternate, so
neither always moves first): the share of games the stronger level wins (ties count half) and the
average final score of each level. "random" is uniformly random legal play (a pass when the
random choice is refused). Then the time per move of a normal player on the largest map, and
the time of a 4-player game of normal computers on the Eastern U.S. map.

A game still running after MAX_MOVES moves (uniformly random play may never end one) is judged
on the standing then; "ended" counts the games that reached their end. Each win share comes
with its 95 % Wilson interval, which says how far the figure can be trusted for the games played.

Run: .venv/bin/python bench/bots.py [games per pairing] [titles, comma-separated]
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "players"))

from bot_games import config, titles

from engine.computer import computer_move
from engine.core import Action, State, Title, new_game, step
from engine.core.players import clean, fallback
from engine.core.rng import Rng, new_rng_state

MAPS = {"rotw": "eastern-us", "newengland": None, "ultimate": None}
LOW = {"rotw": 2, "newengland": 3, "ultimate": 2}
MAX_MOVES = 1500
"""A game still running after this many moves (random play may never end one) is judged on
the standing at that point."""
LARGEST_MAP = "europe"
"""The map with the most cities: where the time per move is measured."""


def final_scores(system: str, state: State) -> list[float]:
    """Final scores, or the standing so far in a game cut off at MAX_MOVES."""
    if system == "rotw":
        if not state.get("final"):
            return [float(p["score"] + 100 * p["wraps"] - p["bonds"]) for p in state["players"]]
        by_seat = {s["seat"]: s["score"] for s in state["final"]["scores"]}
        return [float(by_seat[i]) for i in range(len(state["players"]))]
    if system == "newengland":
        if not state.get("final"):
            return [float(p["cash"]) for p in state["players"]]
        return [float(m) for m in state["final"]["money"]]
    return [float(p["score"]) for p in state["players"]]


def interval(wins: float, games: int) -> tuple[float, float]:
    """The 95 % Wilson interval of a win share."""
    if games == 0:
        return 0.0, 1.0
    z, p = 1.96, wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def random_move(title: Title, state: State, seat: int, seed: int) -> Action:
    legal = [clean(a) for a in title.legal(state, seat) if "template" not in a]
    if legal:
        action = Rng(new_rng_state(seed)).choice(legal)
        try:
            step(title, state, action)
            return action
        except Exception:  # any refusal: fall back like the players do
            pass
    return fallback(title, state, seat)


def play(system: str, title: Title, levels: list[str], seed: int,
         times: list[float] | None = None, map_id: str | None = None) -> State:
    cfg = config(title, len(levels), seed, map_id or MAPS[system])
    state = new_game(title, cfg)
    for n in range(MAX_MOVES):
        if title.is_over(state):
            break
        seat = title.to_act(state)[0]
        t0 = time.perf_counter()
        level = levels[seat]
        if level == "random":
            action = random_move(title, state, seat, seed * 7919 + n)
        else:
            action = computer_move(title, state, seat, level, seed * 100_003 + n)
        if times is not None:
            times.append(time.perf_counter() - t0)
        state = step(title, state, action).state
    return state


def duel(system: str, title: Title, strong: str, weak: str, games: int) -> dict[str, Any]:
    wins = 0.0
    points: dict[str, list[float]] = {strong: [], weak: []}
    finished = 0
    for g in range(games):
        players = LOW[system] + g % 3 if system != "newengland" else 3 + g % 2
        levels = [strong if (i + g) % 2 == 0 else weak for i in range(players)]
        state = play(system, title, levels, 1000 + g)
        finished += title.is_over(state)
        scores = final_scores(system, state)
        best_strong = max(s for s, lv in zip(scores, levels, strict=True) if lv == strong)
        best_weak = max(s for s, lv in zip(scores, levels, strict=True) if lv == weak)
        wins += 1.0 if best_strong > best_weak else 0.5 if best_strong == best_weak else 0.0
        for s, lv in zip(scores, levels, strict=True):
            points[lv].append(s)
    low, high = interval(wins, games)
    return {"games": games, "finished": finished, "win": wins / max(1, games), "low": low,
            "high": high,
            "strong": statistics.mean(points[strong] or [0]),
            "weak": statistics.mean(points[weak] or [0])}


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    chosen = sys.argv[2].split(",") if len(sys.argv) > 2 else list(MAPS)
    all_titles = titles()
    print(f"{'title':<11} {'pairing':<17} {'games':>5} {'ended':>5} {'win %':>6} "
          f"{'95 % interval':>13} {'avg strong':>10} {'avg weak':>9}", flush=True)
    for system in chosen:
        title = all_titles[system]
        for strong, weak in (("normal", "random"), ("normal", "easy")):
            r = duel(system, title, strong, weak, games)
            print(f"{system:<11} {strong + ' v ' + weak:<17} {r['games']:>5} {r['finished']:>5} "
                  f"{100 * r['win']:>6.1f} {100 * r['low']:>6.1f}-{100 * r['high']:<6.1f} "
                  f"{r['strong']:>10.1f} {r['weak']:>9.1f}", flush=True)
    if "rotw" in chosen:
        title = all_titles["rotw"]
        for map_id in (MAPS["rotw"], LARGEST_MAP):
            times: list[float] = []
            t0 = time.perf_counter()
            state = play("rotw", title, ["normal"] * 4, 77, times, map_id)
            whole = time.perf_counter() - t0
            times.sort()
            print(f"rotw {map_id}, 4 normal computers: {len(times)} moves in {whole:.1f} s "
                  f"(ended: {title.is_over(state)}); per move median "
                  f"{1000 * times[len(times) // 2]:.0f} ms, p99 "
                  f"{1000 * times[int(len(times) * 0.99)]:.0f} ms", flush=True)


if __name__ == "__main__":
    main()
