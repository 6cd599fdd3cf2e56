"""The picture a move posts, drawn and encoded, on every board of every title: CPU time of the
drawing and of the palette PNG the bot posts, with its size, and the same picture drawn and
encoded the way it was before (no picture blocks kept for reuse, the palette sampled from every
third pixel, Pillow's PNG writer with its row filters and zlib, a board without a place to frame
drawn whole and then copied under the header) with the ratio of the two, measured in the same
run. The posted encode is timed as a game meets it: right after the picture one move earlier
(the same view less its last track, encoded first, untimed), whose palette and unchanged bands
of rows it may reuse (see renderers.kit.palettes and kit.bands); "first" is the encode of the
game's first picture after its whole boards one move earlier were prepared (renderers.warm,
untimed: the bot does it off a move's path, after a restart and a start; see
bot.service.warmth), "cold" that of a picture with nothing kept (the first of its map in the
process, when nothing was prepared), and "new size" that of a picture right after the map's
picture of the other size one move earlier (the board alone and the board under the header
share a palette and bands: kit.palettes). The goal: drawing plus posted
encode under 100 ms CPU and under 1 MiB for every picture, Transcontinental included. The load
average is printed: the machine is shared. The process runs as the bot does, with huge pages
(see renderers.kit.memory), in both columns.
Run: ``.venv/bin/python bench/encoding.py [repeats] [board ...]`` (some boards only: their
Railways of the World pictures).
"""

from __future__ import annotations

import io
import os
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PIL import Image, _imaging  # noqa: E402

import maps  # noqa: E402
import renderers  # noqa: E402
from bot.app import default_registry  # noqa: E402
from engine.computer import computer_game  # noqa: E402
from engine.core import Config  # noqa: E402
from engine.rotw.mapdef import MapDef  # noqa: E402
from renderers.kit.focus import with_header  # noqa: E402
from renderers.kit.memory import BLOCKS_KEPT, restart_with_huge_pages  # noqa: E402
from renderers.kit.palettes import Palettes  # noqa: E402
from renderers.kit.png import PNG_LEVEL, encode_posted  # noqa: E402
from renderers.rotw import compose as rotw_compose  # noqa: E402
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
                      "rules_version": title.meta.rules_version,
                      "players": [{"seat": i, "name": n, "colour": title.meta.colours[i]}
                                  for i, n in enumerate(("Ann", "Bob", "Cy"))]}
    last = [after for _, _, after in computer_game(title, config, moves)][-1]
    return title.view(last, None)


def with_last_move(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` with its last link as the move just made: the focus picture frames it (without
    one, the focus picture is the whole board under a header)."""
    link = view["links"][-1]
    move = {"text": "Ann built track", "hexes": [t["hex"] for t in link["tiles"]]}
    return {**view, "news": {"move": move}}


Picture = tuple[str, str, dict[str, Any], object | None, dict[str, Any]]
"""A picture's name, title, view and board, and the view one move earlier."""


def pictures(only: list[str]) -> list[Picture]:
    """A crowded late game on every board (or the ``only`` ones) just after a build, the same
    with no move yet (its focus picture is the whole board), and a played game of the other
    titles (all boards only)."""
    out: list[Picture] = []
    for map_id in only or maps.board_ids():
        board = maps.load(map_id)
        view = late_game_view(board)
        earlier = {**view, "links": view["links"][:-1]}
        out.append((map_id, "rotw", with_last_move(view), board, with_last_move(earlier)))
        out.append((f"{map_id} (no move)", "rotw", view, board, earlier))
    if not only:
        out.append(("new england", "newengland", played_view("newengland", 120), None,
                    played_view("newengland", 119)))
        out.append(("ultimate", "ultimate", played_view("ultimate", 80), None,
                    played_view("ultimate", 79)))
    return out


Warm = Callable[[Palettes], object]
"""Prepares a game's pictures one move before (renderers.warm) in the palettes given."""


def posted_ms(img: Image.Image, earlier: Image.Image, other: Image.Image | None, warm: Warm,
              repeats: int) -> tuple[float, float, float, float, bytes]:
    """The median CPU ms of the posted encode of ``img`` right after ``earlier`` (the picture
    one move before), of ``img`` as the first picture after ``warm`` (the game's whole boards
    one move before prepared, untimed, as the bot does after a restart or a start), of
    ``earlier`` with nothing kept ("cold"), and of ``img`` right after ``other`` (the map's
    picture of the other size one move before; 0 without), and the posted bytes of ``img``."""
    after, warmed, cold, new_size, posted = [], [], [], [], b""
    for _ in range(repeats):
        palettes = Palettes()
        t0 = time.process_time()
        encode_posted(earlier, palettes)
        t1 = time.process_time()
        posted = encode_posted(img, palettes)
        after.append(time.process_time() - t1)
        cold.append(t1 - t0)
        palettes = Palettes()
        warm(palettes)
        t0 = time.process_time()
        encode_posted(img, palettes)
        warmed.append(time.process_time() - t0)
        if other is not None:
            palettes = Palettes()
            encode_posted(other, palettes)
            t0 = time.process_time()
            encode_posted(img, palettes)
            new_size.append(time.process_time() - t0)
    return (statistics.median(after) * 1000, statistics.median(warmed) * 1000,
            statistics.median(cold) * 1000, statistics.median(new_size or [0]) * 1000, posted)


def encode_before(img: Image.Image) -> bytes:
    """The posted PNG as it was encoded before: palette from every third pixel, Pillow's writer."""
    sample = img.resize((img.width // 3, img.height // 3), Image.Resampling.NEAREST)
    palette = sample.quantize(256, method=Image.Quantize.FASTOCTREE)
    buf = io.BytesIO()
    img.quantize(palette=palette, dither=Image.Dither.NONE).save(buf, "PNG",
                                                                 compress_level=PNG_LEVEL)
    return buf.getvalue()


def header_copied(title: str, view: dict[str, Any], board: object | None) -> Image.Image:
    """The whole board under the header as it was made before: drawn, then copied under it."""
    whole = renderers.compose(title, view, board)
    assert whole is not None
    return with_header(whole, view)


def measure(name: str, draw: Callable[[], Any], earlier: Image.Image, other: Image.Image | None,
            warm: Warm, repeats: int, draw_before: Callable[[], Any] | None = None,
            ) -> tuple[float, int, float, float, float, float]:
    """Print one picture's figures; its posted CPU time (drawing and encoding), bytes, the
    ratio of the CPU time before to now (``draw_before`` drew it before, if not as now), and
    the CPU time of a first picture after the game's pictures were prepared, of a cold first
    picture and of a new size. ``earlier`` is the picture one move before, ``other`` the map's
    picture of the other size then, ``warm`` prepares the game's pictures then."""
    draw_ms, img = cpu_ms(draw, repeats)
    encode_ms, first_ms, cold_ms, new_ms, posted = posted_ms(img, earlier, other, warm, repeats)
    _imaging.set_blocks_max(0)
    try:
        before_draw_ms, _ = cpu_ms(draw_before or draw, repeats)
    finally:
        _imaging.set_blocks_max(BLOCKS_KEPT)
    before_ms, before = cpu_ms(partial(encode_before, img), repeats)
    total, total_before = draw_ms + encode_ms, before_draw_ms + before_ms
    print(f"{name:34} {img.width:>5}x{img.height:<4} {draw_ms:6.0f} {encode_ms:6.0f} "
          f"{total:6.0f} ms {len(posted) / 1024:5.0f} KiB {draw_ms + first_ms:5.0f} "
          f"{draw_ms + cold_ms:5.0f} "
          f"{draw_ms + new_ms if other is not None else 0:5.0f} | {before_draw_ms:6.0f} "
          f"{before_ms:6.0f} {total_before:6.0f} ms {len(before) / 1024:5.0f} KiB "
          f"{total_before / total:5.2f}")
    return (total, len(posted), total_before / total, draw_ms + first_ms,
            draw_ms + new_ms if other is not None else 0.0, draw_ms + cold_ms)


def main() -> None:
    restart_with_huge_pages(sys.orig_argv)  # as the bot runs (railbot run)
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; GLIBC_TUNABLES="
          f"{os.environ.get('GLIBC_TUNABLES')}")
    print(f"{'picture (CPU ms)':34} {'size':>10} {'draw':>6} {'encode':>6} {'total':>9} "
          f"{'posted':>9} {'first':>5} {'cold':>5} {'new size':>5} | {'before: draw':>6} "
          f"{'encode':>6} "
          f"{'total':>9} {'size':>9} {'ratio':>5}")
    figures = []
    for name, title, view, board, before_move in pictures(sys.argv[2:]):
        renderers.compose(title, view, board)  # the map layer is built once per process
        warm = partial(renderers.warm, title, before_move, board)
        if "(no move)" not in name:
            earlier = renderers.compose(title, before_move, board)
            assert earlier is not None
            # The map's other picture one move earlier: the board under the header.
            other = rotw_compose(before_move, board, header=True) \
                if isinstance(board, MapDef) else None
            figures.append(measure(f"{name} board",
                                   partial(renderers.compose, title, view, board), earlier,
                                   other, warm, repeats))
        # Before, a board without a place to frame was drawn whole, then copied under the header.
        before = partial(header_copied, title, view, board) if "(no move)" in name else None
        earlier = renderers.compose_focus(title, before_move, board)
        assert earlier is not None
        other = renderers.compose(title, before_move, board) if "(no move)" in name else None
        figures.append(measure(f"{name} focus",
                               partial(renderers.compose_focus, title, view, board), earlier,
                               other, warm, repeats, before))
    print(f"slowest picture posted: {max(f[0] for f in figures):.0f} ms CPU (goal < 100; "
          f"the first of a game after its pictures were prepared: "
          f"{max(f[3] for f in figures):.0f}, cold, the first of its map in the process: "
          f"{max(f[5] for f in figures):.0f}, the first of a new size: "
          f"{max(f[4] for f in figures):.0f}); "
          f"largest: {max(f[1] for f in figures) / 1024:.0f} KiB (goal < 1024); "
          f"before / now: {min(f[2] for f in figures):.2f}-{max(f[2] for f in figures):.2f}")
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
