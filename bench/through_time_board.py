"""Railways through Time's whole board as a game posts it, for 2 to 6 players (players + 1 period
boards) and the 8-period board: the picture's size, how wide a period board is when the picture
is shown 400 px wide (a phone), and the CPU ms of drawing it and of its posted encode right after
the same game's picture one move earlier (medians), with the posted file's size; alone and under
the header. Seeded computer games, 150 moves. Run with the main branch's checkout as the first
argument to measure that code instead (its root goes first on the module path).
Run: ``.venv/bin/python bench/through_time_board.py [root] [repeats]``.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import maps  # noqa: E402
from bot.app import default_registry  # noqa: E402
from engine.computer import computer_game  # noqa: E402
from engine.core import Config  # noqa: E402
from renderers.kit.memory import restart_with_huge_pages  # noqa: E402
from renderers.kit.palettes import Palettes  # noqa: E402
from renderers.kit.png import encode_posted  # noqa: E402
from renderers.rotw import compose  # noqa: E402

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")
EIGHT = "stone+egypt+greece+rome+medieval+napoleonic+industrial+future"
BOARD_PX = 499
"""A period board's width in the picture at the usual hex size (its piece of the strip)."""


def views(players: int, periods: str | None) -> tuple[dict[str, Any], dict[str, Any]]:
    """The public view after 150 moves of a seeded game, and the view one move earlier."""
    title = default_registry().get("rotw")
    config: Config = {"title": "rotw", "map": "through-time", "seed": 7,
                      "rules_version": title.meta.rules_version,
              "options": {"periods": periods} if periods else {},
              "players": [{"seat": i, "name": n, "colour": title.meta.colours[i]}
                          for i, n in enumerate(NAMES[:players])]}
    states = [after for _, _, after in computer_game(title, config, 150)]
    return title.view(states[-1], None), title.view(states[-2], None)


def main() -> None:
    restart_with_huge_pages(sys.orig_argv)  # as the bot runs
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 9
    print(f"code: {ROOT}")
    print(f"{'game':<20}{'picture':>10} {'size':>10} {'board@400':>10} {'draw':>6} "
          f"{'encode':>7} {'total':>6} {'file':>9}")
    games = [(f"{n} players", n, None) for n in range(2, 7)] + [("8 boards", 3, EIGHT)]
    for name, players, periods in games:
        view, earlier = views(players, periods)
        board = maps.load(str(view["map"]))
        for header in (False, True):
            draw, encode, posted, width, height = [], [], b"", 0, 0
            for _ in range(repeats):
                palettes = Palettes()
                encode_posted(compose(earlier, board, header=header), palettes)
                t0 = time.process_time()
                img = compose(view, board, header=header)
                t1 = time.process_time()
                posted = encode_posted(img, palettes)
                encode.append(time.process_time() - t1)
                draw.append(t1 - t0)
                width, height = img.size
            d, e = statistics.median(draw) * 1000, statistics.median(encode) * 1000
            print(f"{name:<20}{'header' if header else 'board':>10} {width:>5}x{height:<5}"
                  f"{BOARD_PX * 400 / width:>9.0f}px {d:>5.0f} {e:>7.0f} {d + e:>6.0f} "
                  f"{len(posted) / 1024:>5.0f} KiB")


if __name__ == "__main__":
    main()
