"""The pictures a played game posts, move after move: a seeded 3-player game of computer players
on one Railways of the World map, the picture posted after each move drawn as the bot draws it
(the part of the board where the move happened, or the whole board under the header for a move
without a place) and encoded as the bot posts it, one process for the whole game as the bot
runs. For the whole-board pictures: how many there were, how many picked a new palette (their
rows encoded afresh), and the CPU ms of drawing plus encoding (median, 90th percentile,
largest), with the encode as it was before (a palette picked for every picture, the rows
deflated whole) timed on the same pictures in the same run.
Run: ``.venv/bin/python bench/posted_game.py [map] [moves] [seed]`` (default western-us, 400
moves, seed 5).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402

import maps  # noqa: E402
import renderers  # noqa: E402
from bot.app import default_registry  # noqa: E402
from engine.computer import computer_game  # noqa: E402
from engine.core import Config, Title  # noqa: E402
from renderers.kit.memory import restart_with_huge_pages  # noqa: E402
from renderers.kit.palettes import PALETTES, key_of  # noqa: E402
from renderers.kit.png import KEPT_FROM, encode_posted, palette_of, palette_png  # noqa: E402


def encode_before(img: Image.Image) -> bytes:
    """The posted PNG as encoded before palettes and bands were kept."""
    return palette_png(img.quantize(palette=palette_of(img), dither=Image.Dither.NONE))


def spread(name: str, spent: list[float]) -> str:
    ordered = sorted(spent)
    return (f"{name}: median {statistics.median(ordered):.0f}, 90% "
            f"{ordered[int(0.9 * (len(ordered) - 1))]:.0f}, largest {ordered[-1]:.0f} ms")


def three_players(map_id: str, seed: int) -> tuple[Title, Config]:
    """Railways of the World and a seeded 3-player game's set-up on ``map_id``."""
    title = default_registry().get("rotw")
    config: Config = {"title": "rotw", "map": map_id, "options": {}, "seed": seed,
                      "rules_version": title.meta.rules_version,
                      "players": [{"seat": i, "name": n, "colour": title.meta.colours[i]}
                                  for i, n in enumerate(("Ann", "Bob", "Cy"))]}
    return title, config


def main() -> None:
    restart_with_huge_pages(sys.orig_argv)  # as the bot runs
    map_id = sys.argv[1] if len(sys.argv) > 1 else "western-us"
    moves = int(sys.argv[2]) if len(sys.argv) > 2 else 400
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    title, config = three_players(map_id, seed)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    now: list[float] = []
    before: list[float] = []
    small = repicked = 0
    for _, _, after in computer_game(title, config, moves):
        view = title.view(after, None)
        board = maps.load(str(view.get("map") or map_id))
        t0 = time.process_time()
        img = renderers.compose_focus("rotw", view, board)
        assert img is not None
        drawn = time.process_time() - t0
        if img.width * img.height < KEPT_FROM:
            small += 1
            continue
        kept = PALETTES.latest(key_of(img))
        t0 = time.process_time()
        encode_posted(img)
        now.append((drawn + time.process_time() - t0) * 1000)
        repicked += PALETTES.latest(key_of(img)) is not kept
        t0 = time.process_time()
        encode_before(img)
        before.append((drawn + time.process_time() - t0) * 1000)
    print(f"{map_id}, seed {seed}: {small + len(now)} pictures posted, {small} of a place, "
          f"{len(now)} whole boards under the header ({repicked} with a new palette)")
    if now:
        print(spread("now, drawing and encode", now))
        print(spread("before", before))
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
