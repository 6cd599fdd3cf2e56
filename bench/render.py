"""Time the Railways of the World board picture on the Eastern U.S. map in a crowded late game.

Prints the full render time (drawing + PNG encoding), the PNG encoding time of the same image,
their ratio and the PNG size, then the same board drawn for colour-blind play (letters and
track patterns). Then, move after move of a seeded 3-player game played by computer players,
the picture a move posts (the focus picture of the part of the board where it happened, a new
frame nearly every move) next to the full board of the same move: the focus picture must not
make a move slower to post. Run: ``.venv/bin/python bench/render.py [repeats] [moves]``.
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
from bot.app import default_registry  # noqa: E402
from engine.computer import computer_game  # noqa: E402
from engine.core import Config, State  # noqa: E402
from renderers.kit.png import encode  # noqa: E402
from renderers.rotw.demo import late_game_view  # noqa: E402
from renderers.rotw.render import compose, render  # noqa: E402


def main() -> None:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    board = maps.load("eastern-us")
    view = late_game_view(board)
    t0 = time.perf_counter()
    render(view, board)
    first = time.perf_counter() - t0
    full, enc = [], []
    size = 0
    for _ in range(repeats):
        t0 = time.perf_counter()
        data = render(view, board)
        full.append(time.perf_counter() - t0)
        img = compose(view, board)
        t0 = time.perf_counter()
        encode(img)
        enc.append(time.perf_counter() - t0)
        size = len(data)
    r, e = statistics.median(full) * 1000, statistics.median(enc) * 1000
    links = len(view["links"])
    tiles = sum(len(x["tiles"]) for x in view["links"])
    print(f"map {board.id}: {len(board.terrain)} hexes, {links} links, {tiles} track tiles, "
          f"image {img.width}x{img.height}")
    print(f"first render (builds the cached map layer): {first * 1000:.0f} ms")
    print(f"full render:  {r:.1f} ms (median of {repeats})")
    print(f"PNG encode:   {e:.1f} ms")
    print(f"ratio:        {r / e:.2f}")
    print(f"PNG size:     {size / 1024:.0f} KiB")
    blind = {**view, "colourblind": True}
    render(blind, board)  # its track patterns are new sprites: drawn once, then cached
    marked = []
    for _ in range(max(3, repeats // 3)):
        t0 = time.perf_counter()
        bsize = len(render(blind, board))
        marked.append(time.perf_counter() - t0)
    print(f"colour-blind: {statistics.median(marked) * 1000:.1f} ms ({bsize / 1024:.0f} KiB)")
    zooms = []
    for place in ("Pittsburgh", "Pittsburgh", "Pittsburgh"):
        t0 = time.perf_counter()
        zsize = len(render(view, board, zoom=place))
        zooms.append(time.perf_counter() - t0)
    print(f"zoom render:  {zooms[0] * 1000:.0f} ms first, {min(zooms[1:]) * 1000:.0f} ms "
          f"again ({zsize / 1024:.0f} KiB)")
    moves = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    after_moves(board, moves)


def played(moves: int, skip: int = 120) -> list[State]:
    """The states after ``moves`` consecutive moves of a seeded game, from move ``skip`` on."""
    title = default_registry().get("rotw")
    names = [("Ann", "red"), ("Bob", "blue"), ("Cy", "green")]
    config: Config = {"title": "rotw", "map": "eastern-us", "options": {}, "seed": 3,
                      "rules_version": title.meta.rules_version,
                      "players": [{"seat": i, "name": n, "colour": c}
                                  for i, (n, c) in enumerate(names)]}
    return [after for _, _, after in computer_game(title, config, skip + moves)][skip:]


def after_moves(board: object, moves: int) -> None:
    title = default_registry().get("rotw")
    views = [title.view(s, None) for s in played(moves)]
    full, focus = [], []
    sizes = (0, 0)
    for view in views:
        t0 = time.perf_counter()
        whole = renderers.render("rotw", view, board)
        t1 = time.perf_counter()
        part = renderers.render_focus("rotw", view, board)
        t2 = time.perf_counter()
        full.append(t1 - t0)
        focus.append(t2 - t1)
        sizes = (len(whole or b""), len(part or b""))
    f, p = statistics.median(full) * 1000, statistics.median(focus) * 1000
    print(f"after each of {len(views)} moves of a seeded game (drawing + PNG encode):")
    print(f"  full board:    {f:.1f} ms median, {max(full) * 1000:.0f} ms slowest "
          f"({sizes[0] / 1024:.0f} KiB)")
    print(f"  focus picture: {p:.1f} ms median, {max(focus) * 1000:.0f} ms slowest "
          f"({sizes[1] / 1024:.0f} KiB): {p / f:.2f} of the full board's time")


if __name__ == "__main__":
    main()
