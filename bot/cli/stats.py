"""`railbot stats`: a server's results as CSV, or every result and rating worked out again from
the stored games."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

from bot.archive import writable_folder
from bot.cli import arguments
from bot.replies import UserError
from bot.service import GameService
from bot.storage import connect_existing, connect_store, sqlite_path
from engine.core import Registry


def add_parser(sub: Any, db_default: str) -> None:
    p = sub.add_parser("stats", help="export a server's results as CSV, or rebuild the ratings")
    arguments.add_db(p, db_default)
    p.add_argument("--guild", type=int, default=None, help="the server (its Discord id)")
    p.add_argument("--out", default=None, help="with --guild: the CSV file to write")
    p.add_argument("--rebuild", action="store_true",
                   help="work out every finished game's result and every rating again")


async def run(args: argparse.Namespace, registry: Registry, stdout: TextIO) -> int:
    try:
        if not args.rebuild and (args.guild is None or args.out is None):
            raise UserError("say --guild and --out (a CSV file), or --rebuild.")
        if args.out:
            writable_folder(args.out)
        connect = connect_store if args.rebuild else connect_existing  # the rebuild writes
        path = sqlite_path(args.db)
        if args.rebuild and path and not Path(path).is_file():
            raise UserError(f"there is no database at {path}.")
        async with connect(args.db) as store:
            service = GameService(store, registry)
            if args.rebuild:
                guilds = await service.rebuild()
                servers = "1 server" if len(guilds) == 1 else f"{len(guilds)} servers"
                print(f"Rebuilt the results and ratings of {servers}.", file=stdout)
            if args.guild is not None and args.out:
                text = await service.results_csv(args.guild)
                Path(args.out).write_text(text, encoding="utf-8")
                rows = len(text.splitlines()) - 1
                print(f"Wrote {args.out} ({rows} results).", file=stdout)
    except UserError as exc:
        print(f"railbot: {exc.message}", file=sys.stderr)
        return 1
    return 0
