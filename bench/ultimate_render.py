"""Time the Ultimate Railroads board picture of a 4-player game, move after move.

A seeded game is played by random legal moves; the pictures of 60 consecutive moves of its second
half are drawn in order, as the bot draws them (pieces unchanged since the previous move come from
the cache). Prints the drawing and PNG encoding times of the same pictures, the full render time
(drawing + encoding) against the encoding alone, a drawing with an empty cache (the first picture
of a game after a restart), the PNG sizes, and the time of the focus picture a move posts (the
space taken and the acting player's board) next to the full render's.
Run: ``.venv/bin/python bench/ultimate_render.py [moves] [board] [module=true ...]`` (board:
russian, german, american, asian; modules: coal, manufactory_train, special_ideas,
additional_engineers).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import renderers  # noqa: E402
from engine.core import State, new_game, step  # noqa: E402
from engine.ultimate import DATA, UltimateTitle  # noqa: E402
from renderers.ultimate import compose, encode  # noqa: E402
from renderers.ultimate.pieces import SPRITES  # noqa: E402


def game(players: int, seed: int, board: str = "russian",
         modules: dict[str, bool] | None = None) -> list[State]:
    title = UltimateTitle(DATA)
    names = ["Anna", "Boris", "Clara", "Dmitri"]
    colours = ["red", "blue", "yellow", "purple"]
    options = {"board": board, **(modules or {})}
    state = new_game(title, {"title": "ultimate", "map": None, "options": options,
                             "seed": seed, "rules_version": title.meta.rules_version,
                             "players": [{"seat": i, "name": names[i], "colour": colours[i]}
                                         for i in range(players)]})
    pick = random.Random(seed)
    out = [state]
    while not title.is_over(state):
        seat = title.to_act(state)[0]
        legal = title.legal(state, seat)
        places = [a for a in legal if a["type"] == "place"]
        picks = [a for a in legal if a["type"] == "pick"]
        action = (pick.choice(picks) if picks else
                  pick.choice(places) if places and pick.random() < 0.9 else pick.choice(legal))
        state = step(title, state, action).state
        out.append(state)
    return out


def main() -> None:
    moves = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    board = sys.argv[2] if len(sys.argv) > 2 else "russian"
    modules = {arg.split("=")[0]: arg.endswith("=true") for arg in sys.argv[3:]}
    title = UltimateTitle(DATA)
    states = game(4, 7, board, modules)
    start = len(states) // 2
    views = [title.view(s, None) for s in states[start:start + moves]]
    t0 = time.perf_counter()
    compose(views[0])
    cold = time.perf_counter() - t0
    draw, enc, sizes = [], [], []
    for view in views:
        t0 = time.perf_counter()
        img = compose(view)
        t1 = time.perf_counter()
        data = encode(img)
        t2 = time.perf_counter()
        draw.append(t1 - t0)
        enc.append(t2 - t1)
        sizes.append(len(data))
    hits, misses = SPRITES.hits, SPRITES.misses
    SPRITES.clear()
    t0 = time.perf_counter()
    img = compose(views[-1])
    empty = time.perf_counter() - t0
    d, e = statistics.median(draw) * 1000, statistics.median(enc) * 1000
    full = statistics.median(a + b for a, b in zip(draw, enc, strict=True)) * 1000
    print(f"4-player game, {len(views)} consecutive moves from move {start} of {len(states)}, "
          f"image {img.width}x{img.height}")
    print(f"first picture (empty cache, fonts loaded): {cold * 1000:.0f} ms drawing")
    print(f"drawing:      {d:.1f} ms median per move (p90 "
          f"{sorted(draw)[int(0.9 * len(draw))] * 1000:.1f} ms)")
    print(f"PNG encode:   {e:.1f} ms median")
    print(f"full render:  {full:.1f} ms median (drawing + encode)")
    print(f"ratio:        {full / e:.2f} (full render / encode; goal <= 1.25)")
    print(f"empty cache:  {empty * 1000:.0f} ms drawing the last picture with every piece drawn "
          "again (text and frame still cached)")
    print(f"PNG size:     {statistics.median(sizes) / 1024:.0f} KiB median, "
          f"{max(sizes) / 1024:.0f} KiB largest (limit 2048)")
    print(f"piece cache:  {hits} pieces pasted again, {misses} drawn over the {len(views)} moves")
    focus = []
    for view in views:
        t0 = time.perf_counter()
        renderers.render_focus("ultimate", view, None)
        focus.append(time.perf_counter() - t0)
    p = statistics.median(focus) * 1000
    print(f"focus picture: {p:.1f} ms median (drawing + encode; the picture a move posts), "
          f"{p / full:.2f} of the full render's time")


if __name__ == "__main__":
    main()
