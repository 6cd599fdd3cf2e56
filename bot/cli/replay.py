"""`railbot replay`: a stored game's animated replay written to a file (.webp or .gif)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

from bot.archive import writable_folder
from bot.cli import arguments
from bot.film import FORMATS
from bot.replies import UserError
from bot.service import (
    BoardPainter,
    BoardRenderer,
    FocusPainter,
    FramePainter,
    GameService,
    Where,
)
from bot.service.history import BY
from bot.storage import connect_existing
from engine.core import Registry


def add_parser(sub: Any, db_default: str, channel_default: int) -> None:
    p = sub.add_parser("replay", help="write a game's animated replay (.webp or .gif)")
    arguments.add_db(p, db_default)
    arguments.add_channel(p, channel_default)
    p.add_argument("--out", required=True, help="the file to write; its extension picks the format")
    p.add_argument("--from", dest="start", type=int, default=None, help="first move to show")
    p.add_argument("--to", dest="end", type=int, default=None, help="last move to show")
    p.add_argument("--by", choices=BY, default="move",
                   help="one frame a move (the default) or one a turn")


async def run(
    args: argparse.Namespace,
    registry: Registry,
    render: BoardRenderer | None,
    stdout: TextIO,
    draw: BoardPainter | None = None,
    focus: FocusPainter | None = None,
    frames: FramePainter | None = None,
) -> int:
    fmt = Path(args.out).suffix.lower().lstrip(".")
    try:
        if fmt not in FORMATS:
            raise UserError(f"--out must end in .webp or .gif, not '{Path(args.out).name}'.")
        writable_folder(args.out)
        async with connect_existing(args.db) as store:
            service = GameService(store, registry, render=render, draw=draw, focus=focus,
                                  frames=frames)
            where = Where(None, args.channel)
            reply = await service.replay(where, args.start, args.end, fmt, limit=None, by=args.by)
    except UserError as exc:
        print(f"railbot: {exc.message}", file=sys.stderr)
        return exc.exit_code
    assert reply.image is not None
    Path(args.out).write_bytes(reply.image)
    print(f"{reply.text} Wrote {args.out} ({len(reply.image):,} bytes).", file=stdout)
    return 0
