"""`railbot backup`, `export`, `import` and `migrate`: the terminal side of bot.archive and
bot.migrate."""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from bot.archive import (
    backup,
    check_replays,
    export_game,
    import_game,
    read_export,
    write_export,
)
from bot.cli import arguments
from bot.migrate import migrate
from bot.replies import UserError
from bot.service import GameService
from bot.storage import StoreOpenError, connect_existing, connect_store, sqlite_path
from engine.core import Registry

COMMANDS = ("backup", "export", "import", "migrate")


def add_parsers(sub: Any, db_default: str, channel_default: int) -> None:
    """Add the three subcommands to the `railbot` parser's ``sub`` parsers."""
    p = sub.add_parser("backup", help="copy the database safely, even while the bot runs")
    arguments.add_db(p, db_default)
    p.add_argument("--out", required=True, help="the file to write the copy to")
    p = sub.add_parser("export", help="write one game (settings and every move) as JSON")
    arguments.add_db(p, db_default)
    arguments.add_channel(p, channel_default)
    p.add_argument("--out", required=True, help="the JSON file to write")
    p = sub.add_parser("import", help="restore a game written by `railbot export`")
    arguments.add_db(p, db_default)
    p.add_argument("--file", required=True, help="the JSON file to read")
    p.add_argument("--channel", type=int, default=None, help="restore it into this channel")
    p = sub.add_parser("migrate", help="copy every game to another database and check each")
    p.add_argument("--from", dest="source", required=True,
                   help="the database to copy: sqlite:PATH (or PATH), or postgresql://...")
    p.add_argument("--to", dest="target", required=True,
                   help="an empty database: postgresql://... (or sqlite:PATH)")


async def run(args: argparse.Namespace, registry: Registry, stdout: TextIO) -> int:
    """Run one of :data:`COMMANDS`; a game-level problem is one line on stderr and exit 1 (a
    database that cannot be opened raises StoreOpenError for the caller to report)."""
    try:
        if args.cmd == "backup":
            path = sqlite_path(args.db)
            if path is None:
                raise StoreOpenError(
                    "railbot backup copies a SQLite database; back up PostgreSQL with its own "
                    "tools (pg_dump), see docs/scaling.md."
                )
            size = backup(path, args.out)
            print(f"Backed up {args.db} to {args.out} ({size:,} bytes).", file=stdout)
            return 0
        if args.cmd == "export":
            return await _export(args, registry, stdout)
        if args.cmd == "migrate":
            return await _migrate(args, registry, stdout)
        return await _import(args, registry, stdout)
    except UserError as exc:
        print(f"railbot: {exc.message}", file=sys.stderr)
        return exc.exit_code


async def _export(args: argparse.Namespace, registry: Registry, stdout: TextIO) -> int:
    async with connect_existing(args.db) as store:
        data = await export_game(store, args.channel)
        write_export(args.out, data)
        moves = len(data["actions"])
        print(f"Exported {data['game']['name']} ({moves} moves) to {args.out}.", file=stdout)
        # Written all the same: the file is how a game is carried to a railbot that fits it.
        check_replays(GameService(store, registry), data)
    return 0


async def _import(args: argparse.Namespace, registry: Registry, stdout: TextIO) -> int:
    data = read_export(args.file)
    async with connect_store(args.db) as store:
        game = await import_game(GameService(store, registry), data, args.channel)
    print(
        f"Imported {game.name} ({game.seq} moves, {game.status}) into channel "
        f"{game.channel_id}.",
        file=stdout,
    )
    return 0


async def _migrate(args: argparse.Namespace, registry: Registry, stdout: TextIO) -> int:
    if args.source == args.target:
        raise UserError("--from and --to name the same database.")
    async with connect_existing(args.source) as source, connect_store(args.target) as target:
        done = await migrate(
            source, target, lambda store: GameService(store, registry),
            lambda line: print(line, file=stdout, flush=True),
        )
        print(
            f"Migrated {done} from {source.where} to "
            f"{target.where}; each replays identically there.",
            file=stdout,
        )
        if done.unplayable:
            print(f"{done.unplayable} of them no longer replay under these rules, as before "
                  "(they are reported to their players as on the old database).", file=stdout)
    return 0
