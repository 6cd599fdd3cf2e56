"""England and Wales Advanced Game: engine timings.

Plays seeded games of normal computer players (2-5 seats, default end of 16 empty cities), then
prints: apply() median and p99 over every move, suggest() (what the buttons and /game help
offer) median and p99, the computer player's move time, and the whole-game replay time.

Run: .venv/bin/python bench/england_wales_advanced.py [games]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import maps  # noqa: E402
from engine.computer import computer_move  # noqa: E402
from engine.core.replay import new_game, replay, step  # noqa: E402
from engine.core.types import Action, Config, State  # noqa: E402
from engine.rotw.title import RotwTitle  # noqa: E402

MAX_MOVES = 6000


def config(n: int, seed: int) -> Config:
    return {"title": "rotw", "map": "england-wales", "options": {"advanced": True},
            "seed": seed, "rules_version": RotwTitle.meta.rules_version,
            "players": [{"seat": i, "name": f"P{i}", "colour": c}
                        for i, c in enumerate(("black", "green", "yellow", "purple", "red")[:n])]}


def timed(figures: list[float], t0: float) -> None:
    figures.append(time.perf_counter() - t0)


def play(title: RotwTitle, n: int, seed: int, applies: list[float], suggests: list[float],
         thinks: list[float]) -> tuple[Config, list[Action], State]:
    cfg = config(n, seed)
    state = new_game(title, cfg)
    log: list[Action] = []
    for i in range(MAX_MOVES):
        if title.is_over(state):
            break
        seat = title.to_act(state)[0]
        t0 = time.perf_counter()
        title.suggest(state, seat)
        timed(suggests, t0)
        t0 = time.perf_counter()
        action = computer_move(title, state, seat, "normal", seed * 1000 + i)
        timed(thinks, t0)
        t0 = time.perf_counter()
        s = step(title, state, action)
        timed(applies, t0)
        log.append({**action, "chance": s.chance})
        state = s.state
    return cfg, log, state


def ms(values: list[float], q: float) -> str:
    ordered = sorted(values)
    return f"{ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000:.1f} ms"


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    title = RotwTitle(maps.load, maps.load_cards)
    applies: list[float] = []
    suggests: list[float] = []
    thinks: list[float] = []
    replays: list[float] = []
    moves = turns = 0
    for g in range(games):
        cfg, log, state = play(title, 2 + g % 4, 200 + g, applies, suggests, thinks)
        moves += len(log)
        turns += int(state["turn"])
        t0 = time.perf_counter()
        assert replay(title, cfg, log) == state, "a replay must give the same game"
        timed(replays, t0)
    print(f"{games} Advanced Games of normal computer players, {moves} moves, {turns} turns")
    for name, figures in (("apply", applies), ("suggest", suggests),
                          ("computer move", thinks)):
        print(f"{name}: median {ms(figures, 0.5)}, p99 {ms(figures, 0.99)}, "
              f"max {ms(figures, 1.0)}")
    print(f"replay of a whole game: median {statistics.median(replays) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
