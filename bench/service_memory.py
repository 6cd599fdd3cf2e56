"""Memory of one bot process serving many games of every title and map: the service as the bot
runs it (make_service: boards, focus pictures), a SQLite store in a fresh folder, map layers kept
on disk in a fresh folder.

First every board of every title is drawn (the full board, the focus picture and a close-up of
each Railways of the World board, New England Railways and Ultimate Railroads). Then ``games``
games of easy computer players (three seats, two for Railways of the World maps that seat two),
the titles and maps in rotation: each posts its focus picture every ``every`` moves (as a channel
whose players move at that pace) and the whole board at the end; a game still running after
``moves`` moves is abandoned (keeps the run bounded; the game is forgotten as one that ended).
RSS is printed after every 10 games, with the highest and the growth over the last half of the
run next to the goal (< 250 MB, no growth), and the load average (the machine is shared).

Run: ``nice .venv/bin/python bench/service_memory.py [games] [moves] [every]``
(defaults 100, 120, 20).
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import maps  # noqa: E402
import renderers  # noqa: E402
from bot.app import make_service  # noqa: E402
from bot.service import GameService, Where  # noqa: E402
from bot.service.bots import bot_user  # noqa: E402
from bot.storage import connect_store  # noqa: E402
from renderers.kit.memory import restart_with_huge_pages  # noqa: E402
from renderers.kit.png import encode_posted  # noqa: E402
from renderers.rotw.demo import late_game_view  # noqa: E402

GUILD = 1
LEVEL = "easy"

TABLES: list[tuple[str, str | None, dict[str, Any], int]] = [
    ("rotw", "eastern-us", {}, 3),
    ("newengland", None, {}, 3),
    ("rotw", "transcontinental", {}, 3),
    ("ultimate", None, {}, 3),
    ("rotw", "mexico", {}, 3),
    ("rotw", "europe", {}, 3),
    ("newengland", None, {}, 3),
    ("rotw", "western-us", {}, 3),
    ("rotw", "great-britain", {}, 3),
    ("ultimate", None, {}, 2),
    ("rotw", "north-america", {}, 3),
    ("rotw", "nippon", {}, 2),
    ("rotw", "through-time", {}, 3),
    ("rotw", "england-wales", {}, 3),
]
"""The tables in rotation: (title, map, options, seats)."""


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def draw_every_board() -> None:
    """The full board, the focus picture and a close-up of every board of every title."""
    for map_id in maps.board_ids():
        board = maps.load(map_id)
        view = late_game_view(board)
        for img in (renderers.compose("rotw", view, board),
                    renderers.compose_focus("rotw", view, board),
                    renderers.compose("rotw", view, board, zoom=next(iter(board.cities)))):
            assert img is not None
            encode_posted(img)


async def one_game(service: GameService, channel: int, table: tuple[str, str | None,
                   dict[str, Any], int], moves: int, every: int) -> tuple[int, bool]:
    """Play one game of computer players; the moves made and whether it reached its end."""
    system, map_id, options, seats = table
    where, host = Where(GUILD, channel), bot_user(0, LEVEL)
    await service.new_game(where, host, system, map_id, dict(options))
    for _ in range(seats - 1):
        await service.add_bot(where, host, LEVEL)
    await service.start(where, host, seed=channel)
    made = 0
    while made < moves:
        replies = await service.play_bots(where, limit=every)  # the last move's picture
        if not replies:
            break
        made += len(replies)
    game = await service.game_here(where, ended=True)
    ended = game is not None and game.status != "active"
    if not ended:
        await service.abandon(where, host, confirm=True)
    return made, ended


async def run(games: int, moves: int, every: int, folder: str) -> None:
    print(f"start: {rss_mb():.0f} MB; load average {os.getloadavg()[0]:.1f} on "
          f"{os.cpu_count()} cores; GLIBC_TUNABLES={os.environ.get('GLIBC_TUNABLES')}")
    t0 = time.process_time()
    draw_every_board()
    drawn = rss_mb()
    print(f"every board of every title drawn: {drawn:.0f} MB")
    figures: list[float] = []
    async with connect_store(f"{folder}/bench.db") as store:
        service = make_service(store)
        try:
            total, ended = 0, 0
            for game in range(1, games + 1):
                made, done = await one_game(service, 100 + game,
                                            TABLES[(game - 1) % len(TABLES)], moves, every)
                total, ended = total + made, ended + done
                if game % 10 == 0:
                    figures.append(rss_mb())
                    print(f"after {game} games ({total} moves, {ended} played to the end): "
                          f"{figures[-1]:.0f} MB")
        finally:
            service.thinker.close()
    half = figures[len(figures) // 2:] or [drawn]
    print(f"highest: {max([drawn, *figures]):.0f} MB (goal < 250); growth over the last half "
          f"of the run: {half[-1] - half[0]:+.0f} MB (goal: none); "
          f"{time.process_time() - t0:.0f} s CPU; load average {os.getloadavg()[0]:.1f}")


def main() -> None:
    restart_with_huge_pages(sys.orig_argv)  # as the bot runs (railbot run)
    args = [int(a) for a in sys.argv[1:4]]
    games, moves, every = (args + [100, 120, 20][len(args):])[:3]
    with tempfile.TemporaryDirectory() as folder:
        os.environ["RAILBOT_CACHE"] = folder
        asyncio.run(run(games, moves, every, folder))


if __name__ == "__main__":
    main()
