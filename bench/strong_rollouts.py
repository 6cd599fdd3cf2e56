"""How many rollouts a strong move makes in the time the bot gives it, per title whose strong
level searches by rollouts (Ultimate Railroads, New England Railways; the Railways of the World
one looks ahead instead, and ``bench/bots.py`` times it).

A seeded 4-player game of normal players is stopped every few moves; there a strong player
searches on a processor-time clock of the bot's thinking time (less the handover), and the
rollouts it made are counted. Printed: the count's median and range over those moves, the
processor time of a rollout and of the whole move (a title that asks for few samples stops
before its time). Processor time, so a busy machine does not shorten the count much.

Run: nice .venv/bin/python bench/strong_rollouts.py [titles, comma-separated] [moves looked at]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "players"))

from bot_games import config, titles

from bot.service.thinking import HANDOVER, STRONG_ROLLOUTS, STRONG_SECONDS
from engine.computer import Budget, computer_move
from engine.core import Action, State, Title, new_game, step
from engine.core import search as search_module
from engine.core.rng import Rng

SEARCHING = ("ultimate", "newengland")
"""The titles whose strong level searches by rollouts."""
EVERY = 7
"""Moves of the game between two looked at."""


class Clock:
    """True once the processor time reaches ``deadline``."""

    def __init__(self, deadline: float) -> None:
        self.deadline = deadline

    def __call__(self) -> bool:
        return time.process_time() >= self.deadline


def main() -> None:
    chosen = sys.argv[1].split(",") if len(sys.argv) > 1 else list(SEARCHING)
    if unknown := [c for c in chosen if c not in SEARCHING]:
        sys.exit(f"no rollouts to count in {', '.join(unknown)}: the titles whose strong level "
                 f"makes rollouts are {', '.join(SEARCHING)}")
    wanted = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    made: list[int] = []
    original = search_module._rollout

    def counted(title: Title, player: search_module.Searcher, world: State, seat: int,
                action: Action, rng: Rng, budget: Budget) -> float | None:
        made[-1] += 1
        return original(title, player, world, seat, action, rng, budget)

    search_module._rollout = counted
    for system in chosen:
        title = titles()[system]
        state = new_game(title, config(title, 4, 77))
        counts: list[int] = []
        seconds: list[float] = []
        moves: list[float] = []
        n = 0
        while not title.is_over(state) and len(counts) < wanted:
            seat = title.to_act(state)[0]
            if n % EVERY == 0:
                made.append(0)
                start = time.process_time()
                budget = Budget(STRONG_ROLLOUTS, Clock(start + STRONG_SECONDS - HANDOVER))
                computer_move(title, state, seat, "strong", n, budget)
                if made[-1]:  # a move with one sensible choice is not searched
                    counts.append(made[-1])
                    moves.append(time.process_time() - start)
                    seconds.append(moves[-1] / made[-1])
            state = step(title, state, computer_move(title, state, seat, "normal", n)).state
            n += 1
        if counts:
            print(f"{system:<11} rollouts in {STRONG_SECONDS - HANDOVER:.1f} s: median "
                  f"{statistics.median(counts):.0f}, {min(counts)}-{max(counts)} over "
                  f"{len(counts)} moves; {1000 * statistics.median(seconds):.1f} ms a rollout, "
                  f"{statistics.median(moves):.2f} s a move (at most {max(moves):.2f} s)",
                  flush=True)


if __name__ == "__main__":
    main()
