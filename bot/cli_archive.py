"""`railbot backup`, `railbot export` and `railbot import`: the terminal side of bot.archive."""

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
from bot.replies import UserError
from bot.service import GameService
from bot.store import Store, require_database
from engine.core import Registry

COMMANDS = ("backup", "export", "import")


def add_parsers(sub: Any, db_default: str, channel_default: int) -> None:
    """Add the three subcommands to the `railbot` parser's ``sub`` parsers."""
    p = sub.add_parser("backup", help="copy the database safely, even while the bot runs")
    p.add_argument("--db", default=db_default)
    p.add_argument("--out", required=True, help="the file to write the copy to")
    p = sub.add_parser("export", help="write one game (settings and every move) as JSON")
    p.add_argument("--db", default=db_default)
    p.add_argument("--channel", type=int, default=channel_default)
    p.add_argument("--out", required=True, help="the JSON file to write")
    p = sub.add_parser("import", help="restore a game written by `railbot export`")
    p.add_argument("--db", default=db_default)
    p.add_argument("--file", required=True, help="the JSON file to read")
    p.add_argument("--channel", type=int, default=None, help="restore it into this channel")


async def run(args: argparse.Namespace, registry: Registry, stdout: TextIO) -> int:
    """Run one of :data:`COMMANDS`; a game-level problem is one line on stderr and exit 1 (a
    database that cannot be opened raises StoreOpenError for the caller to report)."""
    try:
        if args.cmd == "backup":
            size = backup(args.db, args.out)
            print(f"Backed up {args.db} to {args.out} ({size:,} bytes).", file=stdout)
            return 0
        if args.cmd == "export":
            return await _export(args, registry, stdout)
        return await _import(args, registry, stdout)
    except UserError as exc:
        print(f"railbot: {exc.message}", file=sys.stderr)
        return 1


async def _export(args: argparse.Namespace, registry: Registry, stdout: TextIO) -> int:
    require_database(args.db)
    async with Store.connect(args.db) as store:
        data = await export_game(store, args.channel)
        write_export(args.out, data)
        moves = len(data["actions"])
        print(f"Exported {data['game']['name']} ({moves} moves) to {args.out}.", file=stdout)
        # Written all the same: the file is how a game is carried to a railbot that fits it.
        check_replays(GameService(store, registry), data)
    return 0


async def _import(args: argparse.Namespace, registry: Registry, stdout: TextIO) -> int:
    data = read_export(args.file)
    async with Store.connect(args.db) as store:
        game = await import_game(GameService(store, registry), data, args.channel)
    print(
        f"Imported {game.name} ({game.seq} moves, {game.status}) into channel "
        f"{game.channel_id}.",
        file=stdout,
    )
    return 0
