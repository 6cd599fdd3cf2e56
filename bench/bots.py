"""Computer players' strength and speed, per title, next to human play and the targets.

For each title, seeded 4-player games (Eastern U.S. for Railways of the World):
- a table of one level (normal, then strong): the winner's mean final score and the table's
  mean, next to what people score (Ultimate Railroads: winners at the World Boardgaming
  Championships' Russian Railroads tournament, 340-533; Railroad Tycoon on the Eastern U.S.:
  tournament winners 109-120), and for Railways of the World the most bonds a player ended with;
- one level against another (strong v normal, normal v easy), two seats each, the seats
  alternating from game to game: the share of games the stronger level's best seat outscores the
  other's (ties count half), with its 95 % Wilson interval;
- the time per move of each level, median and 99th percentile (processor time, so a busy
  machine does not inflate it);
- the gap to each target (strong beats normal in at least 75 % of games; strong 4-player
  Ultimate winners average at least 340 points; strong Eastern U.S. winners at least 110 with at
  most 6 bonds a player).

The strong level searches a fixed number of rollouts a move here (so a run is repeatable); the
bot gives it 1.5 s instead, which buys about as many on an idle machine. In Railways of the World
the count is of lines instead: the normal player's best first actions its lookahead follows to
its own next action (``engine.rotw.lookahead``; at most ``LINES`` whatever the count). A game
still running after MAX_MOVES moves is judged on the standing then; "ended" counts the games
that reached their end.

Run: nice .venv/bin/python bench/bots.py [games per line] [titles, comma-separated] [rollouts]
     [lines, comma-separated, of: normal, strong (tables), strong-normal, normal-easy (duels)]
     [first game] (to share one line's games among several processes: each prints every game)
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "players"))

from bot_games import config, titles

from engine.computer import Budget, computer_move
from engine.core import State, Title, new_game, step

MAPS = {"rotw": "eastern-us", "newengland": None, "ultimate": None}
PLAYERS = 4
MAX_MOVES = 3000
"""A game still running after this many moves is judged on the standing at that point."""
WANTED_GAMES = 50
"""Games per line the figures are meant for; fewer are printed with a note."""
HUMANS = {"ultimate": "tournament winners 340-533", "rotw": "tournament winners 109-120",
          "newengland": "no published figures"}
WIN_TARGET = 0.75
WINNER_TARGET = {"ultimate": 340.0, "rotw": 110.0}
BOND_TARGET = 6
LINES = ("normal", "strong", "strong-normal", "normal-easy")


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


@dataclass
class Times:
    """Processor seconds per move, by level."""

    by_level: dict[str, list[float]] = field(default_factory=dict)

    def add(self, level: str, seconds: float) -> None:
        self.by_level.setdefault(level, []).append(seconds)

    def line(self, level: str) -> str:
        got = sorted(self.by_level.get(level, []))
        if not got:
            return f"{level}: no moves"
        return (f"{level}: median {1000 * got[len(got) // 2]:.0f} ms, p99 "
                f"{1000 * got[min(len(got) - 1, int(len(got) * 0.99))]:.0f} ms "
                f"({len(got)} moves)")


def play(system: str, title: Title, levels: Sequence[str], seed: int, times: Times,
         rollouts: int) -> State:
    state = new_game(title, config(title, len(levels), seed, MAPS[system]))
    budget = Budget(rollouts=rollouts)
    for n in range(MAX_MOVES):
        if title.is_over(state):
            break
        seat = title.to_act(state)[0]
        t0 = time.process_time()
        action = computer_move(title, state, seat, levels[seat], seed * 100_003 + n, budget)
        times.add(levels[seat], time.process_time() - t0)
        state = step(title, state, action).state
    return state


def table(system: str, title: Title, level: str, games: range, times: Times,
          rollouts: int) -> tuple[float, int, str]:
    """A line for a table of one level; returns the winners' mean and the most bonds too."""
    winners: list[float] = []
    everyone: list[float] = []
    held: list[int] = []
    bonds = ended = 0
    for g in games:
        state = play(system, title, [level] * PLAYERS, 3000 + g, times, rollouts)
        ended += title.is_over(state)
        scores = final_scores(system, state)
        print(f"  game {g}: {level} table {scores}"
              + (f" bonds {[p['bonds'] for p in state['players']]}" if system == "rotw" else ""),
              flush=True)
        winners.append(max(scores))
        everyone += scores
        if system == "rotw":
            held += [int(p["bonds"]) for p in state["players"]]
            bonds = max(held)
    mean = statistics.mean(winners)
    extra = (f" bonds a seat {statistics.mean(held):.1f}, most {bonds}"
             if system == "rotw" else "")
    return mean, bonds, (f"{system:<11} 4 {level:<8} {len(games):>5} {ended:>5} "
                         f"winners {mean:7.1f} table {statistics.mean(everyone):7.1f}{extra}"
                         f"   people: {HUMANS[system]}")


def duel(system: str, title: Title, strong: str, weak: str, games: range, times: Times,
         rollouts: int) -> tuple[float, str]:
    """A line for ``strong`` against ``weak``; returns the win share too."""
    wins = 0.0
    ended = 0
    tops: dict[str, list[float]] = {strong: [], weak: []}
    held: list[int] = []
    for g in games:
        levels = [strong if (i + g) % 2 == 0 else weak for i in range(PLAYERS)]
        state = play(system, title, levels, 1000 + g, times, rollouts)
        ended += title.is_over(state)
        scores = final_scores(system, state)
        best = {lv: max(s for s, x in zip(scores, levels, strict=True) if x == lv)
                for lv in (strong, weak)}
        tops[strong].append(best[strong])
        tops[weak].append(best[weak])
        note = ""
        if system == "rotw":
            bonds = [int(p["bonds"]) for p, x in zip(state["players"], levels, strict=True)
                     if x == strong]
            held += bonds
            note = f" ({strong} seats' bonds {bonds})"
        print(f"  game {g}: {strong} {best[strong]} v {weak} {best[weak]}{note}", flush=True)
        wins += 1.0 if best[strong] > best[weak] else 0.5 if best[strong] == best[weak] else 0
    low, high = interval(wins, len(games))
    share = wins / max(1, len(games))
    extra = (f"; {strong} seats' bonds {statistics.mean(held):.1f}, most {max(held)}"
             if held else "")
    return share, (f"{system:<11} {strong + ' v ' + weak:<16} {len(games):>5} {ended:>5} "
                   f"wins {100 * share:5.1f} % (95 %: {100 * low:.1f}-{100 * high:.1f} %); "
                   f"best seat's mean {strong} {statistics.mean(tops[strong]):.1f}, "
                   f"{weak} {statistics.mean(tops[weak]):.1f}{extra}")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    chosen = sys.argv[2].split(",") if len(sys.argv) > 2 else list(MAPS)
    rollouts = int(sys.argv[3]) if len(sys.argv) > 3 else Budget().rollouts
    lines = sys.argv[4].split(",") if len(sys.argv) > 4 else list(LINES)
    first = int(sys.argv[5]) if len(sys.argv) > 5 else 0
    played = range(first, first + games)
    if games < WANTED_GAMES:
        print(f"note: {games} games per line, fewer than the {WANTED_GAMES} the figures are meant "
              "for: the intervals are wide", flush=True)
    print(f"strong level: {rollouts} rollouts a move", flush=True)
    all_titles = titles()
    gaps: list[str] = []
    for system in chosen:
        title = all_titles[system]
        times = Times()
        for level in (x for x in ("normal", "strong") if x in lines):
            winners, bonds, line = table(system, title, level, played, times, rollouts)
            print(line, flush=True)
            if level == "strong" and bonds > BOND_TARGET:
                gaps.append(f"{system}: a strong player ended with {bonds} bonds, "
                            f"{bonds - BOND_TARGET} over {BOND_TARGET}")
            if level == "strong" and system in WINNER_TARGET and winners < WINNER_TARGET[system]:
                gaps.append(f"{system}: strong winners average {winners:.1f}, "
                            f"{WINNER_TARGET[system] - winners:.1f} short of "
                            f"{WINNER_TARGET[system]:.0f}")
        for strong, weak in (("strong", "normal"), ("normal", "easy")):
            if f"{strong}-{weak}" not in lines:
                continue
            share, line = duel(system, title, strong, weak, played, times, rollouts)
            print(line, flush=True)
            if strong == "strong" and share < WIN_TARGET:
                gaps.append(f"{system}: strong beats normal in {100 * share:.1f} % of games, "
                            f"{100 * (WIN_TARGET - share):.1f} points short of "
                            f"{100 * WIN_TARGET:.0f} %")
        for timed in ("easy", "normal", "strong"):
            print(f"{system:<11} time per move, {times.line(timed)}", flush=True)
    print("targets, of the lines run: " + ("met" if not gaps else "; ".join(gaps)), flush=True)


if __name__ == "__main__":
    main()
