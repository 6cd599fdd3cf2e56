"""The focus picture a move posts, for each kind of move of each title, in seeded games played by
computer players: prints each one's size and drawing time, and with ``--write`` saves its phone
view (the picture beside a copy 400 px wide, as a phone shows it) in docs/board-checks.
Run: ``.venv/bin/python bench/focus_pictures.py [--write]``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import maps  # noqa: E402
import renderers  # noqa: E402
from bot.app import default_registry  # noqa: E402
from engine.computer import computer_game  # noqa: E402
from engine.core import Config  # noqa: E402
from renderers.kit.focus import phone_view  # noqa: E402

OUT = ROOT / "docs" / "board-checks"
GAMES: list[tuple[str, str | None, int, tuple[str, ...]]] = [
    ("rotw", "eastern-us", 220, ("build", "deliver", "urbanize", "card", "upgrade", "bid")),
    ("newengland", None, 120, ("bid", "pass", "pay", "wait", "ship", "loan")),
    ("ultimate", None, 80, ("place", "pick", "pass")),
]
"""(title, map, moves played, the kinds shown: the last move of each kind in those moves)."""


def last_of_each_kind(title_id: str, map_id: str | None, moves: int) -> dict[str, Any]:
    title = default_registry().get(title_id)
    names = ["Ann", "Bob", "Cy"]
    config: Config = {"title": title_id, "map": map_id, "options": {}, "seed": 11,
                      "rules_version": title.meta.rules_version,
                      "players": [{"seat": i, "name": n, "colour": title.meta.colours[i]}
                                  for i, n in enumerate(names)]}
    return {str(action["type"]): title.view(after, None)
            for _, action, after in computer_game(title, config, moves)}


def main() -> None:
    write = "--write" in sys.argv
    for title_id, map_id, moves, kinds in GAMES:
        board = maps.load(map_id) if map_id else None
        views = last_of_each_kind(title_id, map_id, moves)
        for kind in kinds:
            view = views.get(kind)
            if view is None:
                print(f"{title_id} {kind}: no such move in {moves} moves")
                continue
            t0 = time.perf_counter()
            img = renderers.compose_focus(title_id, view, board)
            ms = (time.perf_counter() - t0) * 1000
            assert img is not None
            print(f"{title_id} {kind}: {img.width}x{img.height}, {ms:.0f} ms: "
                  f"{view['news']['move']['text']}")
            if write:
                name = f"focus-{title_id}-{kind}-phone.png"
                phone_view(img).quantize(colors=256).save(OUT / name, optimize=True)


if __name__ == "__main__":
    main()
