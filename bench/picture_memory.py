"""Memory of the pictures one process draws: RSS after drawing the full board, the focus picture
and a close-up of every board of every title, then after every 10 of ``games`` rounds that each
draw one title's pictures in turn, Railways of the World maps in rotation (the map layers are the
memory: the cache of them is bounded by bytes). Goal: < 250 MB and no growth.
Run: ``.venv/bin/python bench/picture_memory.py [games]`` (default 100).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from encoding import played_view  # noqa: E402

import maps  # noqa: E402
import renderers  # noqa: E402
from renderers.kit.png import encode_posted  # noqa: E402
from renderers.rotw.demo import late_game_view  # noqa: E402


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def post(title: str, view: dict[str, Any], board: object | None) -> None:
    """Every picture a game of ``title`` posts: its board and focus picture, encoded."""
    for img in (renderers.compose(title, view, board),
                renderers.compose_focus(title, view, board)):
        assert img is not None
        encode_posted(img)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    print(f"start: {rss_mb():.0f} MB")
    t0 = time.process_time()
    rotw = [(map_id, maps.load(map_id)) for map_id in maps.board_ids()]
    views = {map_id: late_game_view(board) for map_id, board in rotw}
    others = [("newengland", played_view("newengland", 120)),
              ("ultimate", played_view("ultimate", 80))]
    for map_id, board in rotw:
        post("rotw", views[map_id], board)
        city = next(iter(board.cities))
        renderers.compose("rotw", views[map_id], board, zoom=city)
        print(f"after {map_id}: {rss_mb():.0f} MB")
    for title, view in others:
        post(title, view, None)
        print(f"after {title}: {rss_mb():.0f} MB")
    peak = rss_mb()
    for game in range(1, games + 1):
        map_id, board = rotw[game % len(rotw)]
        post("rotw", views[map_id], board)
        title, view = others[game % len(others)]
        post(title, view, None)
        peak = max(peak, rss_mb())
        if game % 10 == 0:
            print(f"after {game} games: {rss_mb():.0f} MB")
    print(f"highest: {peak:.0f} MB (goal < 250), {time.process_time() - t0:.0f} s CPU")


if __name__ == "__main__":
    main()
