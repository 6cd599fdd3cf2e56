"""England and Wales map: engine and board timings.

Plays seeded games of normal computer players (2-5 seats), then prints: apply() median and p99
over every move, the suggestions for the mover (every tenth move), the whole-game replay time,
and the board picture's render time (first render, which draws the terrain layer, and the median
of later ones) on the final board of the last game.

Run: .venv/bin/python bench/england_wales.py [games]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import maps  # noqa: E402
import renderers  # noqa: E402
from engine.computer import computer_move  # noqa: E402
from engine.core.replay import new_game, replay, step  # noqa: E402
from engine.core.types import Action, Config, State  # noqa: E402
from engine.rotw.title import RotwTitle  # noqa: E402

MAP = "england-wales"
MAX_MOVES = 4000


def config(n: int, seed: int) -> Config:
    colours = ["black", "green", "yellow", "purple", "red", "blue"]
    return {"title": "rotw", "map": MAP, "options": {}, "seed": seed,
            "rules_version": RotwTitle.meta.rules_version,
            "players": [{"seat": i, "name": f"P{i}", "colour": colours[i]} for i in range(n)]}


def play(title: RotwTitle, n: int, seed: int, applies: list[float],
         suggests: list[float]) -> tuple[Config, list[Action], State]:
    cfg = config(n, seed)
    state = new_game(title, cfg)
    log: list[Action] = []
    for i in range(MAX_MOVES):
        if title.is_over(state):
            break
        seat = title.to_act(state)[0]
        if i % 10 == 0:
            t0 = time.perf_counter()
            title.suggest(state, seat)
            suggests.append(time.perf_counter() - t0)
        action = computer_move(title, state, seat, "normal", seed * 1000 + i)
        t0 = time.perf_counter()
        s = step(title, state, action)
        applies.append(time.perf_counter() - t0)
        log.append({**action, "chance": s.chance})
        state = s.state
    return cfg, log, state


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    title = RotwTitle(maps.load, maps.load_cards)
    applies: list[float] = []
    suggests: list[float] = []
    replays: list[float] = []
    moves = 0
    state: State | None = None
    for g in range(games):
        n = 2 + g % 4
        cfg, log, state = play(title, n, 100 + g, applies, suggests)
        moves += len(log)
        t0 = time.perf_counter()
        again = replay(title, cfg, log)
        replays.append(time.perf_counter() - t0)
        assert again == state, "a replay must give the same game"
    assert state is not None
    print(f"{games} games of 2-5 normal computer players, {moves} moves")
    print(f"apply: median {statistics.median(applies) * 1000:.2f} ms, "
          f"p99 {pct(applies, 0.99) * 1000:.2f} ms")
    print(f"suggestions: median {statistics.median(suggests) * 1000:.0f} ms, "
          f"p99 {pct(suggests, 0.99) * 1000:.0f} ms")
    print(f"replay of a whole game: median {statistics.median(replays) * 1000:.0f} ms, "
          f"max {max(replays) * 1000:.0f} ms")
    board = maps.load(MAP)
    view = title.view(state, None)
    t0 = time.perf_counter()
    data = renderers.render("rotw", view, board)
    first = time.perf_counter() - t0
    later = []
    for _ in range(5):
        t0 = time.perf_counter()
        data = renderers.render("rotw", view, board)
        later.append(time.perf_counter() - t0)
    size = len(data or b"")
    print(f"render of the final board: first {first * 1000:.0f} ms, then median "
          f"{statistics.median(later) * 1000:.0f} ms, PNG {size // 1024} KiB")


if __name__ == "__main__":
    main()
