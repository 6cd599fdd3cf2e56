"""How faithfully a stored game's replay file shows the frames it was made from, per frame kind.

Make a game first, e.g.
``.venv/bin/railbot play --bots 4 --system rotw --map eastern-us --level normal --db /tmp/g.db
--no-boards``, then run ``.venv/bin/python bench/replay_fidelity.py /tmp/g.db --from 40 --to 90``.

The replay is made as ``/game replay`` makes it (focus frames up to 200 moves, else the whole
board); the frames the film is given are kept, the file is played back, and each frame shown
at the end of its time on screen is compared with the frame drawn. Per frame kind (focus or
whole board; new, or drawn on the frame before): the mean difference (levels of 255), the
largest, the share of pixels off by more than ``filmcheck.OFF`` in some channel, and on flat
areas (``filmcheck.FLAT``) the largest difference and the share off by more than
``filmcheck.FLAT_OFF`` (a trace of taken-away text shows there: lossy coding alone stays near
a flat colour), over the whole frame and over its top rows (the caption band and a focus
frame's header). It prints the file's size and the CPU seconds of the replay too.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot import film, filmcheck  # noqa: E402
from bot.app import make_service  # noqa: E402
from bot.cli.main import LOCAL_CHANNEL  # noqa: E402
from bot.service import Where  # noqa: E402
from bot.storage import connect_store  # noqa: E402


async def replay(db: str, channel: int, first: int | None, last: int | None
                 ) -> tuple[bytes, list[filmcheck.Drawn], float]:
    """The replay's file, the frames it was made from and the CPU seconds it took (keeping
    the frames included)."""
    drawn: list[filmcheck.Drawn] = []
    animate = film.animate

    def spied(frames: Iterable[tuple[Image.Image, int]], fmt: str, method: int = film.METHOD,
              quality: int = film.QUALITY) -> bytes:
        return animate(filmcheck.recorded(frames, drawn), fmt, method, quality)

    film.animate = spied
    try:
        async with connect_store(db) as store:
            service = make_service(store)
            where = Where(None, channel)
            game = await service.game_here(where, ended=True)
            assert game is not None
            last = min(last or game.seq, game.seq)
            cpu0 = time.process_time()
            reply = await service.replay(where, first, last, "webp", limit=None, by="move")
            cpu = time.process_time() - cpu0
    finally:
        film.animate = animate
    assert reply.image is not None
    return reply.image, drawn, cpu


def report(data: bytes, drawn: list[filmcheck.Drawn]) -> None:
    by_kind: dict[str, list[tuple[filmcheck.Error, filmcheck.Error]]] = defaultdict(list)
    for kind, whole, top in filmcheck.errors(data, drawn):
        by_kind[kind].append((whole, top))
    head = f"{'mean':>5} {'worst':>5} {'off %':>6} {'flat worst':>10} {'flat off %':>10}"
    print(f"  {'kind':<11} {'frames':>6}  {head}   top {filmcheck.TOP} rows: {head}")
    for kind, rows in sorted(by_kind.items()):
        cells = []
        for part in (0, 1):
            errs = [r[part] for r in rows]
            cells.append(f"{sum(e.mean for e in errs) / len(errs):5.2f} "
                         f"{max(e.worst for e in errs):5d} "
                         f"{100 * sum(e.off for e in errs) / len(errs):6.3f} "
                         f"{max(e.flat_worst for e in errs):10d} "
                         f"{100 * sum(e.flat_off for e in errs) / len(errs):10.3f}")
        print(f"  {kind:<11} {len(rows):6d}  {cells[0]}   {'':>14}{cells[1]}", flush=True)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("dbs", nargs="+")
    p.add_argument("--channel", type=int, default=LOCAL_CHANNEL)
    p.add_argument("--from", dest="first", type=int, default=None, help="first move replayed")
    p.add_argument("--to", type=int, default=None, help="last move replayed")
    args = p.parse_args()
    for db in args.dbs:
        data, drawn, cpu = asyncio.run(replay(db, args.channel, args.first, args.to))
        print(f"{db}: {len(drawn)} frames, {len(data) / 2**20:.2f} MiB, {cpu:.1f} s CPU "
              f"(frames kept as PNG included)", flush=True)
        report(data, drawn)


if __name__ == "__main__":
    main()
