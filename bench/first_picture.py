"""The first picture of every map after a restart: a fresh process per map draws a crowded late
game's board and encodes it as posted, printing the CPU time of that first picture with no map
layer kept on disk (drawn) and again with it kept (loaded), and their ratio. Goal: < 0.5 s.
Run: ``.venv/bin/python bench/first_picture.py``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import maps  # noqa: E402

ONE = """
import sys, time
import maps, renderers
from renderers.kit.png import encode_posted
from renderers.rotw.demo import late_game_view
board = maps.load(sys.argv[1])
view = late_game_view(board)
t0 = time.process_time()
encode_posted(renderers.compose("rotw", view, board))
print(time.process_time() - t0)
"""


def first_picture(map_id: str, cache: str) -> float:
    """CPU seconds of the first picture of ``map_id`` in a new process keeping layers in
    ``cache``."""
    done = subprocess.run([sys.executable, "-c", ONE, map_id], capture_output=True, text=True,
                          check=True, cwd=ROOT, env={**os.environ, "RAILBOT_CACHE": cache})
    return float(done.stdout.split()[-1])


def main() -> None:
    worst = 0.0
    with tempfile.TemporaryDirectory() as cache:
        for map_id in maps.board_ids():
            drawn = first_picture(map_id, cache)
            loaded = first_picture(map_id, cache)
            worst = max(worst, loaded)
            print(f"{map_id:18} layer drawn {drawn * 1000:6.0f} ms, layer loaded from disk "
                  f"{loaded * 1000:5.0f} ms, ratio {drawn / loaded:4.1f}")
    print(f"slowest first picture with the layer on disk: {worst * 1000:.0f} ms CPU (goal < 500)")


if __name__ == "__main__":
    main()
