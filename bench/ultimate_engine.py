"""Ultimate Railroads engine timings, on the Russian boards or another (``german``, ``american``,
``asian``).

Plays seeded 4-player games with a random policy over the legal moves, then reports apply()
median and p99 per action type (apply on a fresh copy of the state, as the service does; the best
of 3 runs of each move, so that another process taking the CPU is not counted), the
legal-move listing, and the replay of a whole 4-player game from its log.
Targets: apply p99 < 2 ms, a whole 4-player game replays in < 0.3 s.

Run: .venv/bin/python bench/ultimate_engine.py [games] [board] [module=true ...]
(e.g. ``5 russian manufactory_train=true``)
"""

from __future__ import annotations

import copy
import statistics
import sys
import time
from collections import defaultdict

from engine.core.replay import new_game, replay, step
from engine.core.rng import Rng, new_rng_state
from engine.core.types import Action, Config, State
from engine.ultimate import DATA, UltimateTitle
from engine.ultimate.versions import VERSION as RULES_VERSION


def config(n: int, seed: int, board: str, modules: dict[str, bool]) -> Config:
    colours = ["red", "blue", "yellow", "purple"]
    return {"title": "ultimate", "map": None, "options": {"board": board, **modules},
            "seed": seed, "rules_version": RULES_VERSION,
            "players": [{"seat": i, "name": f"P{i}", "colour": colours[i]} for i in range(n)]}


def choose(title: UltimateTitle, state: State, rng: Rng) -> Action:
    seat = title.to_act(state)[0]
    legal = title.legal(state, seat)
    places = [a for a in legal if a["type"] == "place"]
    picks = [a for a in legal if a["type"] == "pick"]
    if picks:
        return picks[rng.below(len(picks))]
    if places and rng.below(10):
        return places[rng.below(len(places))]
    ends = [a for a in legal if a["type"] in ("pass", "done")]
    return ends[0] if ends else legal[rng.below(len(legal))]


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    board = sys.argv[2] if len(sys.argv) > 2 else "russian"
    modules = {arg.split("=")[0]: arg.endswith("=true") for arg in sys.argv[3:]}
    title = UltimateTitle(DATA)
    applies: dict[str, list[float]] = defaultdict(list)
    listing: list[float] = []
    suggesting: list[float] = []
    replays: list[float] = []
    moves: list[int] = []
    for g in range(games):
        cfg = config(4, 100 + g, board, modules)
        state = new_game(title, cfg)
        rng = Rng(new_rng_state(100 + g))
        log: list[Action] = []
        while not state["finished"]:
            seat = title.to_act(state)[0]
            t0 = time.perf_counter()
            title.legal(state, seat)
            listing.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            title.suggest(state, seat)
            suggesting.append(time.perf_counter() - t0)
            action = choose(title, state, rng)
            # Best of 3 runs: the machine is shared, and a preempted run says nothing of the code.
            took = []
            for _ in range(3):
                work = copy.deepcopy(state)
                t0 = time.perf_counter()
                s = step(title, work, action, in_place=True)
                took.append(time.perf_counter() - t0)
            applies[action["type"]].append(min(took))
            log.append({**action, "chance": s.chance} if s.chance else action)
            state = s.state
        moves.append(len(log))
        t0 = time.perf_counter()
        again = replay(title, cfg, log)
        replays.append(time.perf_counter() - t0)
        assert again == state
    everything = [v for vals in applies.values() for v in vals]
    with_modules = f" with {', '.join(m for m, on in modules.items() if on)}" if modules else ""
    print(f"{games} four-player games on the {board} boards{with_modules}, "
          f"{statistics.mean(moves):.0f} moves each on average")
    for kind, vals in sorted(applies.items()):
        print(f"apply {kind:6} n={len(vals):5}  p50 {statistics.median(vals) * 1e3:.3f} ms  "
              f"p99 {pct(vals, 0.99) * 1e3:.3f} ms")
    print(f"apply all    n={len(everything):5}  p50 {statistics.median(everything) * 1e3:.3f} ms"
          f"  p99 {pct(everything, 0.99) * 1e3:.3f} ms   (goal < 2 ms)")
    print(f"legal moves  p50 {statistics.median(listing) * 1e3:.3f} ms  "
          f"p99 {pct(listing, 0.99) * 1e3:.3f} ms")
    print(f"suggestions  p50 {statistics.median(suggesting) * 1e3:.3f} ms  "
          f"p99 {pct(suggesting, 0.99) * 1e3:.3f} ms")
    print(f"replay of a whole game  median {statistics.median(replays):.3f} s  "
          f"max {max(replays):.3f} s   (goal < 0.3 s)")


if __name__ == "__main__":
    main()
