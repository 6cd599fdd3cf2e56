"""How long suggested moves and option values take on Railways of the World (Eastern U.S.).

Plays seeded 6-player games with the engine benchmark's greedy policy and, at every action-round
position, times the seat's suggestions (drawn once per board posted) and the option values that
autocomplete asks for most (/build from:, /build to: with a from:, /deliver city:). Prints p50,
p99 and max in milliseconds. Goals: suggestions p99 < 300 ms (drawn off the event loop, once
per board), each autocomplete lookup p99 < 100 ms (Discord waits at most 3 s).

Run: .venv/bin/python bench/suggest.py [games]   (default 2)
"""

from __future__ import annotations

import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from rotw_engine import pct, play

import maps
from engine.core.replay import new_game, step
from engine.core.types import State
from engine.rotw.title import RotwTitle


def timed(fn: Callable[..., Any], *args: Any) -> tuple[float, Any]:
    start = time.perf_counter()
    out = fn(*args)
    return (time.perf_counter() - start) * 1000, out


def sample(title: RotwTitle, state: State, seat: int, ms: dict[str, list[float]]) -> None:
    t, _ = timed(title.suggest, state, seat)
    ms["suggest"].append(t)
    t, starts = timed(title.option_values, state, seat, "build", "from", {})
    ms["/build from:"].append(t)
    if starts:
        t, _ = timed(title.option_values, state, seat, "build", "to", {"from": starts[0].value})
        ms["/build to:"].append(t)
    t, _ = timed(title.option_values, state, seat, "deliver", "city", {})
    ms["/deliver city:"].append(t)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    title = RotwTitle(maps.load, maps.load_cards)
    ms: dict[str, list[float]] = defaultdict(list)
    for seed in range(1, games + 1):
        cfg, log, _ = play(title, 6, seed)
        state = new_game(title, cfg)
        for i, action in enumerate(log):
            acting = title.to_act(state)
            if acting and state["phase"] == "actions" and i % 3 == 0:
                sample(title, state, acting[0], ms)
            state = step(title, state, action).state
    print(f"{games} six-player games, {len(ms['suggest'])} action-round positions sampled")
    for name, values in ms.items():
        print(f"{name:16} p50 {pct(values, 0.5):6.1f} ms  p99 {pct(values, 0.99):6.1f} ms  "
              f"max {max(values):6.1f} ms")


if __name__ == "__main__":
    main()
