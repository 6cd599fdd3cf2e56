"""Tuning a computer player's value weights by self-play.

Each variant (some weights changed from the current ones) plays seeded 4-player games of normal
players against the current weights, two seats each; every deal is played twice, the sides
swapping seats (games 2k and 2k+1 share deal 2000+k), so a variant equal to the current weights
wins exactly half. It wins a game when its best seat scores more than the other side's (a tie
counts half). Printed per variant: its win share with the 95 % interval, both sides' mean
scores, and the mean over deals of how many points a seat more the variant's seats scored in
the deal's two games, with its 95 % margin (the paired measure, the more sensitive). A variant
worth keeping wins clearly more than half; its weights then become the defaults.

(Before the deals were played twice, each game had its own deal with the sides in alternate
seats: a variant equal to the current weights won 36.5 % of games 0-47, so results near a
third there meant nothing either way.)

Run: .venv/bin/python bench/tune_players.py ultimate|newengland|rotw [games] [variant ...]
  a variant is name=value[,name=value] over the title's Weights, e.g. coin=0.5,worker=3;
  games may be first:count (e.g. 8:8, games 8-15) to share a variant's games among processes
"""

from __future__ import annotations

import dataclasses
import math
import statistics
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "players"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bot_games import config, titles
from bots import final_scores, interval

from engine.core import Action, Config, State, Title, new_game, step
from engine.core.players import ComputerPlayer, choose
from engine.newengland.player import NewEnglandPlayer
from engine.newengland.player import Weights as NewEnglandWeights
from engine.rotw.player import RotwPlayer
from engine.rotw.playervalue import DEFAULT_WEIGHTS as ROTW_WEIGHTS
from engine.rotw.title import RotwTitle
from engine.ultimate.player import UltimatePlayer
from engine.ultimate.player import Weights as UltimateWeights

MAX_MOVES = 3000


def player(system: str, title: Title, changes: dict[str, float]) -> ComputerPlayer:
    if system == "ultimate":
        return UltimatePlayer(title, dataclasses.replace(UltimateWeights(), **changes))
    if isinstance(title, RotwTitle):  # Railways of the World: on its default map, Eastern U.S.
        return RotwPlayer(title, dataclasses.replace(ROTW_WEIGHTS, **changes))
    return NewEnglandPlayer(title, dataclasses.replace(NewEnglandWeights(), **changes))


def parse(text: str) -> dict[str, float]:
    return {k: float(v) for k, v in (part.split("=") for part in text.split(",") if part)}


Watch = Callable[[int, Action, State, State], None]
"""Told of every move: the seat, its action, the state before and the state after."""


def play_sides(title: Title, sides: Sequence[ComputerPlayer], cfg: Config, seed: int,
               watch: Watch | None = None) -> State:
    """A seeded game of normal computers, seat i played by ``sides[i]``, to its end."""
    state = new_game(title, cfg)
    for n in range(MAX_MOVES):
        if title.is_over(state):
            break
        seat = title.to_act(state)[0]
        action = choose(title, sides[seat], state, seat, "normal", seed * 100_003 + n)
        after = step(title, state, action).state
        if watch is not None:
            watch(seat, action, state, after)
        state = after
    return state


def game(system: str, title: Title, sides: list[ComputerPlayer], seed: int) -> State:
    return play_sides(title, sides, config(title, len(sides), seed), seed)


def compare(system: str, title: Title, changes: dict[str, float], games: int,
            first: int = 0) -> dict[str, Any]:
    base, variant = player(system, title, {}), player(system, title, changes)
    wins = 0.0
    mine: list[float] = []
    theirs: list[float] = []
    per_deal: dict[int, float] = {}
    for g in range(first, first + games):
        # Each deal is played twice, the variant in the other seats the second time, so that
        # neither the deal nor the seats favour a side (two equal players win half exactly).
        sides = [variant if (i + g) % 2 == 0 else base for i in range(4)]
        scores = final_scores(system, game(system, title, sides, 2000 + g // 2))
        a = [s for s, side in zip(scores, sides, strict=True) if side is variant]
        b = [s for s, side in zip(scores, sides, strict=True) if side is base]
        wins += 1.0 if max(a) > max(b) else 0.5 if max(a) == max(b) else 0.0
        mine += a
        theirs += b
        # (A deal's two games each count half.)
        per_deal[g // 2] = per_deal.get(g // 2, 0.0) \
            + (statistics.mean(a) - statistics.mean(b)) / 2
    low, high = interval(wins, games)
    gaps = list(per_deal.values())
    spread = statistics.stdev(gaps) / math.sqrt(len(gaps)) if len(gaps) > 1 else math.inf
    return {"win": wins / games, "low": low, "high": high,
            "mine": statistics.mean(mine), "theirs": statistics.mean(theirs),
            "gap": statistics.mean(gaps), "spread": spread}


def main() -> None:
    system = sys.argv[1]
    first, _, count = sys.argv[2].rpartition(":") if len(sys.argv) > 2 else ("", "", "10")
    games = int(count)
    title = titles()[system]
    print(f"{'variant':<40} {'games':>5} {'win %':>6} {'95 % interval':>13} {'mean':>7} "
          f"{'base':>7} {'a deal: gap':>12}", flush=True)
    for text in sys.argv[3:]:
        r = compare(system, title, parse(text), games, int(first or 0))
        print(f"{text:<40} {games:>5} {100 * r['win']:>6.1f} "
              f"{100 * r['low']:>6.1f}-{100 * r['high']:<6.1f} {r['mine']:>7.1f} "
              f"{r['theirs']:>7.1f} {r['gap']:>+6.1f} ±{1.96 * r['spread']:<4.1f}", flush=True)


if __name__ == "__main__":
    main()
