"""The picture a move posts, drawn and encoded, on every board of every title: CPU time of the
drawing, of the exact true-colour PNG and of the palette PNG the bot posts, with their sizes and
the ratio of the two encodes measured in the same run. The goal: drawing plus posted encode under
100 ms CPU and under 1 MiB for every picture, Transcontinental included.
Run: ``.venv/bin/python bench/encoding.py [repeats]``.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import maps  # noqa: E402
import renderers  # noqa: E402
from bot.app import default_registry  # noqa: E402
from engine.computer import computer_game  # noqa: E402
from engine.core import Config  # noqa: E402
from renderers.kit.png import encode, encode_posted  # noqa: E402
from renderers.rotw.demo import late_game_view  # noqa: E402

T = TypeVar("T")


def cpu_ms(work: Callable[[], T], repeats: int) -> tuple[float, T]:
    """The median CPU time of ``work`` in ms (the machine is shared: wall time swings) and its
    last result."""
    spent, result = [], None
    for _ in range(repeats):
        t0 = time.process_time()
        result = work()
        spent.append(time.process_time() - t0)
    assert result is not None
    return statistics.median(spent) * 1000, result


def played_view(title_id: str, moves: int) -> dict[str, Any]:
    """The public view after ``moves`` moves of a seeded 3-player game of computer players."""
    title = default_registry().get(title_id)
    config: Config = {"title": title_id, "map": None, "options": {}, "seed": 11,
                      "players": [{"seat": i, "name": n, "colour": title.meta.colours[i]}
                                  for i, n in enumerate(("Ann", "Bob", "Cy"))]}
    last = [after for _, _, after in computer_game(title, config, moves)][-1]
    return title.view(last, None)


def pictures() -> list[tuple[str, str, dict[str, Any], object | None]]:
    """(name, title, view, board): a crowded late game on every map, and a played game of the
    other titles."""
    out: list[tuple[str, str, dict[str, Any], object | None]] = []
    for map_id in maps.map_ids():
        board = maps.load(map_id)
        out.append((map_id, "rotw", late_game_view(board), board))
    out.append(("new england", "newengland", played_view("newengland", 120), None))
    out.append(("ultimate", "ultimate", played_view("ultimate", 80), None))
    return out


def measure(name: str, draw: Callable[[], Any], repeats: int) -> tuple[float, int]:
    """Print one picture's figures; its posted CPU time (drawing and encoding) and bytes."""
    draw_ms, img = cpu_ms(draw, repeats)
    exact_ms, exact = cpu_ms(partial(encode, img), repeats)
    posted_ms, posted = cpu_ms(partial(encode_posted, img), repeats)
    total = draw_ms + posted_ms
    print(f"{name:28} {img.width:>5}x{img.height:<4} {draw_ms:6.0f} "
          f"{exact_ms:6.0f} ms {len(exact) / 1024:5.0f} KiB "
          f"{posted_ms:6.0f} ms {len(posted) / 1024:5.0f} KiB {total:6.0f} "
          f"{exact_ms / posted_ms:5.2f}")
    return total, len(posted)


def main() -> None:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    print(f"{'picture (CPU ms)':28} {'size':>10} {'draw':>6} {'exact PNG':>16} "
          f"{'posted PNG':>16} {'total':>6} {'ratio':>5}")
    figures = []
    for name, title, view, board in pictures():
        renderers.compose(title, view, board)  # the map layer is built once per process
        figures.append(measure(f"{name} board", partial(renderers.compose, title, view, board),
                               repeats))
        figures.append(measure(f"{name} focus",
                               partial(renderers.compose_focus, title, view, board), repeats))
    print(f"slowest picture posted: {max(t for t, _ in figures):.0f} ms CPU (goal < 100); "
          f"largest: {max(b for _, b in figures) / 1024:.0f} KiB (goal < 1024)")


if __name__ == "__main__":
    main()
