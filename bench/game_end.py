"""Does every game of computer players end? Seeded games per title, board and level.

For every Railways of the World map (the Transcontinental game and the Advanced Game of England
and Wales among them), every Ultimate Railroads player board and New England Railways, seeded
games of computers all at one level are played to their end or to a cut-off far past any real
game. Each line prints the share of games that ended, the median and longest game in turns
(rounds for Ultimate Railroads) next to the map's usual length and its house turn limit (the
``turn_limit`` table of each Railways of the World map), and the most bonds a seat held at
the end (a bond spiral shows there first).

Run: nice -n 10 .venv/bin/python bench/game_end.py [--games N] [--levels easy,normal]
     [--only eastern-us,ultimate:russian,newengland] [--players 4] [--jobs N] [--first SEED]
(--jobs plays that many games at once, in separate processes: the figures are the same.)
Below a line, the seeds of its games that only the house turn limit ended, and of those in
which a seat ended with more than ``BONDS_FLAGGED`` bonds, are named.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "players"))

from bot_games import config, titles

from engine.computer import Budget, computer_move
from engine.core import State, Title, new_game, step
from engine.newengland.title import NewEnglandTitle
from engine.rotw.title import RotwTitle
from engine.rotw.turnlimit import turn_limit

BONDS_FLAGGED = 10
"""Bonds past which a seat's game is named: a few more than the six a computer plans to carry,
as the bank's interest bonds may add."""
CUT_OFF_MOVES = 6000
"""A game still running after this many moves has not ended (real games take a few hundred)."""
STRONG_ROLLOUTS = 12
"""A strong player's rollouts per move here: a bench of many whole games cannot give it its
full budget; this line checks that its games end, not how well it plays."""


@dataclass(frozen=True)
class Line:
    system: str
    label: str
    map_id: str | None
    options: dict[str, Any] = field(default_factory=dict)


def lines(all_titles: dict[str, Title]) -> list[Line]:
    out: list[Line] = []
    for m in all_titles["rotw"].meta.maps:
        out.append(Line("rotw", m.id, m.id))
        if m.id == "england-wales":
            out.append(Line("rotw", "england-wales:advanced", m.id, {"advanced": True}))
    board = next(o for o in all_titles["ultimate"].meta.options if o.name == "board")
    out += [Line("ultimate", f"ultimate:{b}", None, {"board": b}) for b in board.choices]
    out.append(Line("newengland", "newengland", None))
    return out


def turns_of(system: str, state: State) -> int:
    return int(state["round"] if system == "ultimate" else state["turn"] or 0)


def usual_and_limit(title: Title, line: Line, state: State) -> tuple[str, str]:
    """The map's usual length and its turn limit, as the data files give them."""
    if line.system == "ultimate":
        return str(state["rounds"]), "-"
    if isinstance(title, NewEnglandTitle):
        # A turn auctions as many links as the players started with on display; the game
        # ends with the turn that sells the last (later when a last link is left unfinished).
        start = len(title.board.start_links[len(state["players"])])
        return str(1 + -(-(len(title.board.links) - start) // start)), "-"
    if not isinstance(title, RotwTitle) or line.map_id is None:
        return "-", "-"
    ctx = title.context(state["map"])
    table = ctx.mapdef.tables.get("turn_limit")
    key = "advanced_usual" if "adv" in state else "usual"
    usual = table.values.get(key, "-") if table is not None else "-"
    limit = turn_limit(state, ctx)
    return str(usual), str(limit) if limit is not None else "-"


def play(title: Title, line: Line, level: str, players: int, seed: int) -> State:
    cfg = config(title, players, seed, line.map_id, line.options)
    state = new_game(title, cfg)
    budget = Budget(rollouts=STRONG_ROLLOUTS)
    for n in range(CUT_OFF_MOVES):
        if title.is_over(state):
            break
        seat = title.to_act(state)[0]
        action = computer_move(title, state, seat, level, seed * 100_003 + n, budget)
        state = step(title, state, action).state
    return state


def most_bonds(system: str, state: State) -> int | None:
    """The most bonds a seat ended with; None where the game has no bonds."""
    if system != "rotw" or "adv" in state:
        return None
    return max(int(p["bonds"]) for p in state["players"])


_TITLES: dict[str, Title] = {}


def one_game(line: Line, level: str, players: int, seed: int
             ) -> tuple[bool, int, int | None, str, str]:
    """One seeded game: whether it ended, its turns, the most bonds, the usual length and the
    turn limit (a task of its own, so several processes can share a line's games)."""
    if not _TITLES:
        _TITLES.update(titles())
    title = _TITLES[line.system]
    state = play(title, line, level, players, seed)
    usual, limit = usual_and_limit(title, line, state)
    return (title.is_over(state), turns_of(line.system, state), most_bonds(line.system, state),
            usual, limit)


def flagged(seeds: range, results: list[tuple[bool, int, int | None, str, str]]
            ) -> list[str]:
    """Lines naming the seeds of games that only the house turn limit ended, and of games in
    which a seat ended with more than ``BONDS_FLAGGED`` bonds (a bond spiral shows there)."""
    at_limit = [s for s, (over, turns, _, _, limit) in zip(seeds, results, strict=True)
                if over and limit != "-" and turns >= int(limit)]
    sunk = [f"{s} ({most})" for s, (_, _, most, _, _) in zip(seeds, results, strict=True)
            if most is not None and most > BONDS_FLAGGED]
    out = []
    if at_limit:
        out.append(f"ended by the turn limit: seeds {at_limit}")
    if sunk:
        out.append(f"a seat over {BONDS_FLAGGED} bonds: seeds (bonds) {', '.join(sunk)}")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per line (default 200)")
    ap.add_argument("--levels", default="easy,normal", help="levels, comma-separated")
    ap.add_argument("--only", default="", help="lines to play (labels, comma-separated; "
                    "'rotw' or 'ultimate' for all of a title)")
    ap.add_argument("--players", type=int, default=4, help="players per game (the map's most "
                    "if fewer)")
    ap.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    ap.add_argument("--first", type=int, default=1, help="the first game's seed (default 1; "
                    "a long line's 200 games may be played in parts: --first 101 --games 100)")
    args = ap.parse_args()
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    all_titles = titles()
    chosen = [x for x in args.only.split(",") if x]
    print(f"seeds {args.first}-{args.first + args.games - 1} of each line", flush=True)
    print(f"{'line':<24} {'level':<7} {'games':>5} {'ended':>6} {'median':>6} {'longest':>7} "
          f"{'usual':>5} {'limit':>5} {'bonds':>5} {'s/game':>6}", flush=True)
    for line in lines(all_titles):
        if chosen and not {line.label, line.system} & set(chosen):
            continue
        title = all_titles[line.system]
        meta_map = title.meta.map(line.map_id) if line.map_id else None
        high = meta_map.max_players if meta_map else title.meta.max_players
        players = min(args.players, high)
        for level in args.levels.split(","):
            turns: list[int] = []
            ended = 0
            bonds: int | None = None
            usual = limit = "-"
            t0 = time.perf_counter()
            seeds = range(args.first, args.first + args.games)
            n = len(seeds)
            results = list(pool.map(one_game, [line] * n, [level] * n, [players] * n, seeds)
                           if pool else (one_game(line, level, players, g) for g in seeds))
            stalled: list[int] = []
            for seed, (over, length, most, *sizes) in zip(seeds, results, strict=True):
                usual, limit = sizes
                ended += over
                if not over:
                    stalled.append(seed)
                turns.append(length)
                if most is not None:
                    bonds = most if bonds is None else max(bonds, most)
            per_game = (time.perf_counter() - t0) / max(1, args.games)
            print(f"{line.label:<24} {level:<7} {args.games:>5} "
                  f"{100 * ended / max(1, args.games):>5.0f}% "
                  f"{statistics.median(turns or [0]):>6.0f} {max(turns or [0]):>7} {usual:>5} "
                  f"{limit:>5} {'-' if bonds is None else bonds:>5} {per_game:>6.1f}", flush=True)
            if stalled:
                print(f"  not ended: {line.label} {level}, seeds {stalled}", flush=True)
            for note in flagged(seeds, results):
                print(f"  {line.label} {level}: {note}", flush=True)
    if pool:
        pool.shutdown()


if __name__ == "__main__":
    main()
