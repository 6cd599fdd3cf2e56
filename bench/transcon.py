"""Figures for the Transcontinental game: apply, whole-game replay and the joined board picture.

Plays one whole 3-player game (both phases) with computer players at the normal level, then
prints the median time of one applied move in each phase, the time to replay the whole log from
its config, and the full and zoomed render times (PNG encoding included) of the joined board.
Run: ``.venv/bin/python bench/transcon.py [seed]``.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import maps  # noqa: E402
import renderers  # noqa: E402
from engine.core.players import choose  # noqa: E402
from engine.core.replay import new_game, replay, step  # noqa: E402
from engine.core.types import Action, Config  # noqa: E402
from engine.rotw.player import RotwPlayer  # noqa: E402
from engine.rotw.title import RotwTitle  # noqa: E402

MAX_MOVES = 3000
LEVEL = "normal"


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    title = RotwTitle(maps.load, maps.load_cards)
    player = RotwPlayer(title)
    config: Config = {"title": "rotw", "map": "transcontinental", "options": {}, "seed": seed,
                      "rules_version": title.meta.rules_version,
              "players": [{"seat": i, "name": n, "colour": c} for i, (n, c) in
                          enumerate((("Ada", "red"), ("Ben", "blue"), ("Cy", "green")))]}
    state = new_game(title, config)
    log: list[Action] = []
    times: dict[str, list[float]] = {"east": [], "west": []}
    for i in range(MAX_MOVES):
        if state["finished"]:
            break
        seat = title.to_act(state)[0]
        action = choose(title, player, state, seat, LEVEL, seed * 100_003 + i)
        phase = "west" if state["transcon"]["phase"] == "west" else "east"
        t0 = time.perf_counter()
        done = step(title, state, action)
        times[phase].append(time.perf_counter() - t0)
        state = done.state
        log.append({**action, "chance": done.chance})
    print(f"game: {len(log)} moves ({len(times['east'])} Eastern phase, {len(times['west'])} "
          f"Western), {state['turn']} turns, finished={state['finished']}")
    for phase, spent in times.items():
        if spent:
            print(f"apply, {phase}: median {statistics.median(spent) * 1000:.2f} ms, "
                  f"p95 {sorted(spent)[int(0.95 * len(spent))] * 1000:.2f} ms")
    t0 = time.perf_counter()
    again = replay(title, config, log)
    print(f"replay of the whole game: {(time.perf_counter() - t0) * 1000:.0f} ms "
          f"(same state: {again == state})")
    view = title.view(state, None)
    board = maps.load(state["map"])
    for zoom in (None, None, "Kansas City"):
        t0 = time.perf_counter()
        png = renderers.render("rotw", view, board, zoom=zoom)
        assert png is not None, "Railways of the World always has a board picture"
        print(f"render {'full board' if zoom is None else 'zoom ' + zoom}: "
              f"{(time.perf_counter() - t0) * 1000:.0f} ms, {len(png) / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
