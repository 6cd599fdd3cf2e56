"""The first whole boards a new game posts, as the bot posts them: a seeded 3-player game of
computer players on one Railways of the World map is started (the start posts the board alone),
then the pictures of its first moves are posted (the opening auction's bids: the whole board
under the header). Each whole-board picture's posted encode is timed (CPU ms, median of the
repeats, each repeat in a process-like state of its own: nothing kept but the start's picture)
twice: as the service does it now, the started game's whole boards prepared after the start
(renderers.warm, untimed: it runs while the start is posted), and without that preparation.
The start's own encode, from nothing, is printed too.
Run: ``.venv/bin/python bench/first_moves.py [map] [pictures] [repeats]`` (default
transcontinental, 4 whole boards, 3 repeats).
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
from posted_game import three_players  # noqa: E402  (a bench beside this one)

import maps  # noqa: E402
import renderers  # noqa: E402
from engine.computer import computer_game  # noqa: E402
from renderers.kit.memory import restart_with_huge_pages  # noqa: E402
from renderers.kit.palettes import Palettes  # noqa: E402
from renderers.kit.png import KEPT_FROM, encode_posted  # noqa: E402


def ms(spent: list[float]) -> str:
    return f"{statistics.median(spent) * 1000:4.0f}"


def main() -> None:
    restart_with_huge_pages(sys.orig_argv)  # as the bot runs
    map_id = sys.argv[1] if len(sys.argv) > 1 else "transcontinental"
    wanted = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    title, config = three_players(map_id, 5)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    start: tuple[dict[str, object], Image.Image] | None = None
    boards: list[Image.Image] = []
    for before, _, after in computer_game(title, config, 200):
        if start is None:
            view = title.view(before, None)
            start_board = renderers.compose("rotw", view, maps.load(str(view.get("map"))))
            assert start_board is not None
            start = (view, start_board)
        view = title.view(after, None)
        img = renderers.compose_focus("rotw", view, maps.load(str(view.get("map"))))
        assert img is not None
        if img.width * img.height >= KEPT_FROM:
            boards.append(img)
            if len(boards) == wanted:
                break
    assert start is not None
    start_view, start_img = start
    board = maps.load(str(start_view.get("map")))
    first: list[float] = []
    timed: dict[bool, list[list[float]]] = {False: [], True: []}
    for _ in range(repeats):
        for prepared in (False, True):
            palettes = Palettes()
            t0 = time.process_time()
            encode_posted(start_img, palettes)
            first.append(time.process_time() - t0)
            if prepared:
                renderers.warm("rotw", start_view, board, palettes)
            spent = []
            for img in boards:
                t0 = time.process_time()
                encode_posted(img, palettes)
                spent.append(time.process_time() - t0)
            timed[prepared].append(spent)
    print(f"{map_id}: the start's board alone {start_img.width}x{start_img.height}, encoded "
          f"from nothing: {ms(first)} ms CPU")
    for prepared in (False, True):
        per_picture = [ms([run[i] for run in timed[prepared]]) for i in range(len(boards))]
        print(f"the first {len(boards)} whole boards posted (under the header, "
              f"{boards[0].width}x{boards[0].height}), encode, "
              f"{'start prepared' if prepared else 'not prepared  '}: {' '.join(per_picture)} ms")
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
