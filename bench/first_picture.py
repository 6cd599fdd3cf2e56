"""The first picture of every board after a restart: a fresh process per board warms up as the
bot does when it starts (renderers imported, fonts read: printed apart), then draws a crowded
late game's board and encodes it as posted, then the focus picture of its last move. Printed:
the CPU time of that first board with no map layer kept on disk (drawn) and again with it kept
(loaded), their ratio, the first board of a game whose whole boards one move earlier were
prepared (as the bot does for the games moved last once it is connected: bot.service.warmth),
and the first focus picture. Goal: < 0.5 s. The load average is printed:
the machine is shared.
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
sys.path.insert(0, "bench")
import maps, renderers
from encoding import with_last_move
from renderers.kit.png import encode_posted
from renderers.rotw.demo import late_game_view
board = maps.load(sys.argv[1])
view = late_game_view(board)
t0 = time.process_time()
renderers.warm_up()
if sys.argv[2] == "prepared":  # the bot prepares the games moved last once it is connected
    renderers.warm("rotw", {**view, "links": view["links"][:-1]}, board)
t1 = time.process_time()
encode_posted(renderers.compose("rotw", view, board))
t2 = time.process_time()
encode_posted(renderers.compose_focus("rotw", with_last_move(view), board))
print(t1 - t0, t2 - t1, time.process_time() - t2)
"""


def first_picture(map_id: str, cache: str, prepared: bool = False,
                  ) -> tuple[float, float, float]:
    """CPU seconds of the warm-up, the first board and the first focus picture of ``map_id``
    in a new process keeping layers in ``cache``; with ``prepared``, the game's whole boards
    one move earlier prepared first, untimed (see bot.service.warmth)."""
    done = subprocess.run([sys.executable, "-c", ONE, map_id,
                           "prepared" if prepared else "cold"], capture_output=True, text=True,
                          check=True, cwd=ROOT, env={**os.environ, "RAILBOT_CACHE": cache})
    warm, board, focus = (float(x) for x in done.stdout.split()[-3:])
    return warm, board, focus


def main() -> None:
    worst = 0.0
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as cache:
        for map_id in maps.board_ids():
            _, drawn, _ = first_picture(map_id, cache)
            warm, loaded, focus = first_picture(map_id, cache)
            _, prepared, _ = first_picture(map_id, cache, prepared=True)
            worst = max(worst, loaded, focus)
            print(f"{map_id:22} warm-up {warm * 1000:4.0f} ms; first board: layer drawn "
                  f"{drawn * 1000:5.0f} ms, loaded from disk {loaded * 1000:4.0f} ms, ratio "
                  f"{drawn / loaded:4.1f}, the game's boards prepared {prepared * 1000:4.0f} ms; "
                  f"first focus picture {focus * 1000:4.0f} ms")
    print(f"slowest first picture with the layer on disk: {worst * 1000:.0f} ms CPU (goal < 500); "
          f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
