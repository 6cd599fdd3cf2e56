"""Time the Railways of the World board picture on the Eastern U.S. map in a crowded late game.

Prints the full render time (drawing + PNG encoding), the PNG encoding time of the same image,
their ratio and the PNG size, then the same board drawn for colour-blind play (letters and
track patterns). Run: ``.venv/bin/python bench/render.py [repeats]``.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import maps  # noqa: E402
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


if __name__ == "__main__":
    main()
