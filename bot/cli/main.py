"""`railbot`: run the Discord bot, or play, inspect and list commands from a terminal."""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import importlib
import io
import json
import logging
import os
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from bot.app import DEFAULT_DB
from bot.cli import archive, arguments, bots, replay, stats
from bot.commands import Dispatcher, split_line
from bot.commandtree import command_tree
from bot.replies import Reply, UserError
from bot.service import (
    BoardPainter,
    BoardRenderer,
    FocusPainter,
    FramePainter,
    GameService,
    User,
    Where,
    server_titles,
)
from bot.shards import Shards, shards
from bot.storage import StoreOpenError, connect_existing, connect_store
from bot.usertext import NOT_UTF8, clean, quote, shorten
from engine.core import OptionSpec, Registry

log = logging.getLogger("railbot.cli")
LOCAL_GUILD = 1
LOCAL_CHANNEL = 1
MAX_ECHO = 200
"""A script line is echoed back at most this long."""
MAX_LINE = 4000
"""Longer lines are refused unread (Discord itself takes at most 4,000 characters a message)."""


def user_id(name: str) -> int:
    """A stable id for a terminal user name (the same name is the same player across runs)."""
    return int.from_bytes(hashlib.sha256(name.lower().encode()).digest()[:6], "big")


def local_user(name: str) -> User:
    return User(user_id(name), name)


def coerce(spec: OptionSpec, raw: str) -> Any:
    """Turn a typed `name:value` into the option's type, with a clear sentence when it can't."""
    if spec.type == "integer":
        try:
            return int(raw.replace(",", "").replace("$", ""))
        except ValueError:
            raise UserError(f"{spec.name}: must be a whole number, not {quote(raw)}.") from None
    if spec.type == "boolean":
        low = raw.lower()
        if low in ("true", "yes", "y", "1"):
            return True
        if low in ("false", "no", "n", "0"):
            return False
        raise UserError(f"{spec.name}: must be true or false, not {quote(raw)}.")
    if spec.type == "user":
        return local_user(raw.lstrip("@"))
    return raw


class Terminal:
    """A hot-seat client: each line names the user who types it."""

    def __init__(
        self, dispatcher: Dispatcher, out_dir: Path, stream: TextIO, channel: int = LOCAL_CHANNEL
    ) -> None:
        self.dispatcher = dispatcher
        self.out_dir = out_dir
        self.stream = stream
        self.where = Where(LOCAL_GUILD, channel)
        self.images = 0
        self._names: dict[int, str] = {}

    def say(self, text: str) -> None:
        print(clean(text, keep_lines=True), file=self.stream, flush=True)

    async def line(self, line: str) -> Reply | None:
        line = line.strip()
        if not line or line.startswith("#"):
            return None
        if NOT_UTF8 in line:
            self.say("[error] That line holds bytes that are not UTF-8 text; nothing was done.")
            return None
        if len(line) > MAX_LINE:
            self.say(
                f"[error] That line is {len(line):,} characters long; a command is at most "
                f"{MAX_LINE:,}. Nothing was done."
            )
            return None
        try:
            name, path, raw = split_line(line)
            spec = self.dispatcher.spec(path)
            known = {o.name: o for o in spec.options}
            options = {k: coerce(known[k], v) if k in known else v for k, v in raw.items()}
        except UserError as exc:
            self.say(f"[error] {exc.message}")
            return None
        user = local_user(name)
        self._names[user.id] = name
        try:
            reply = await self.dispatcher.run(self.where, user, path, options)
        except Exception:  # a bug, not bad input: say so, keep the session alive, log it
            log.exception("command failed: %s", line)
            self.say(
                "[error] Sorry, that went wrong inside railbot; nothing was changed. "
                "The details are in the log."
            )
            return None
        if reply.game_id is not None:
            for seat in await self.dispatcher.service.store.seats(reply.game_id):
                self._names[seat.user_id] = seat.name
        self.show(user, reply)
        return reply

    def show(self, user: User, reply: Reply) -> None:
        tag = f"[to {user.name} only] " if reply.ephemeral else ""
        self.say(tag + reply.text)
        for note in reply.private:
            self.say(f"[to {self._name(note.user_id)} only] {note.text}")
        if reply.ping:
            news = "the game is over." if reply.over else "your move."
            self.say("-> " + " ".join(f"@{self._name(u)}" for u in reply.ping) + ", " + news)
        if reply.image is not None:
            self.out_dir.mkdir(parents=True, exist_ok=True)
            self.images += 1
            suffix = Path(reply.image_name).suffix or ".png"  # a replay is .webp or .gif
            name = f"game{reply.game_id or 0}-{reply.seq or 0:04d}-{self.images}{suffix}"
            path = self.out_dir / name
            path.write_bytes(reply.image)
            self.say(f"[board] {path}")
        if reply.chart is not None:
            self.out_dir.mkdir(parents=True, exist_ok=True)
            path = self.out_dir / f"game{reply.game_id or 0}-scores.png"
            path.write_bytes(reply.chart)
            self.say(f"[score chart] {path}")

    def _name(self, uid: int) -> str:
        return self._names.get(uid, str(uid))


async def play(
    args: argparse.Namespace,
    registry: Registry,
    stdin: TextIO,
    stdout: TextIO,
    render: BoardRenderer | None = None,
    focus: FocusPainter | None = None,
) -> int:
    """Local play; with ``focus`` each move writes its focus picture (the part of the board
    where it happened) and /game board the whole board."""
    async with connect_store(args.db) as store:
        seeds = random.Random(args.seed) if args.seed is not None else None
        service = GameService(store, registry, render=render, focus=focus, seeds=seeds)
        term = Terminal(Dispatcher(service), Path(args.out), stdout, args.channel)
        if isinstance(stdin, io.TextIOWrapper):  # bytes that are not UTF-8 become U+FFFD
            stdin.reconfigure(errors="replace")
        interactive = stdin.isatty()
        if interactive:
            term.say(
                "railbot local play. Start each line with the player who types it: "
                "alice /game help, alice /game new system:rotw, bob /game join "
                "(Ctrl-D to quit)."
            )
        while True:
            if interactive:
                print("> ", end="", file=stdout, flush=True)
            raw = await asyncio.to_thread(stdin.readline)
            if not raw:
                break
            if not interactive and raw.strip() and not raw.lstrip().startswith("#"):
                term.say("> " + shorten(raw.rstrip(), MAX_ECHO))
            await term.line(raw)
    return 0


async def inspect(args: argparse.Namespace, registry: Registry, stdout: TextIO) -> int:
    async with connect_existing(args.db) as store:
        service = GameService(store, registry)
        try:
            view = await service.view(Where(LOCAL_GUILD, args.channel), None)
        except UserError as exc:
            print(f"railbot: {exc.message}", file=sys.stderr)
            return exc.exit_code
    print(json.dumps(view, indent=2, sort_keys=True), file=stdout)
    return 0


def list_maps(registry: Registry, stdout: TextIO) -> int:
    """Every map of every title: its player counts and which of its data is house data."""
    for title in sorted(registry, key=lambda t: t.meta.id):
        meta = title.meta
        choices = [(o.name, c) for o in meta.options for c in o.choices]
        if not meta.maps and choices:  # boards chosen by an option: each with its house data
            print(f"{meta.id}: {meta.name}, {meta.min_players}-{meta.max_players} players",
                  file=stdout)
            for name, choice in choices:
                listed = ", ".join(title.house_data(None, {name: choice})) or "none"
                print(f"  {name}={choice}: house data: {listed}",
                      file=stdout)
            # A switch (a module) names only the house data it adds.
            plain = set(title.house_data(None, {}))
            for o in meta.options:
                added = [h for h in title.house_data(None, {o.name: True}) if h not in plain]
                if o.type == "boolean" and added:
                    print(f"  {o.name}=true: adds house data: {', '.join(added)}", file=stdout)
        elif not meta.maps:
            print(f"{meta.id}: {meta.name} (one board), {meta.min_players}-{meta.max_players} "
                  "players", file=stdout)
            print(f"  house data: {', '.join(meta.house_data) or 'none'}", file=stdout)
        for m in meta.maps:
            print(f"{title.meta.id} {m.id}: {m.name}, {m.min_players}-{m.max_players} players",
                  file=stdout)
            house = ", ".join(m.house_data) if m.house_data else "none"
            print(f"  house data: {house}", file=stdout)
    return 0


def run_bot(db: str, sharding: Shards | None) -> int:
    token = os.environ.get("DISCORD_TOKEN")
    if not token:
        print(
            "DISCORD_TOKEN is not set. Create a bot application (docs/discord-setup.md), put its "
            "token in DISCORD_TOKEN and run `railbot sync` once; or play locally with "
            "`railbot play` (lines like: alice /game help).",
            file=sys.stderr,
        )
        return 2
    try:
        client = importlib.import_module("bot.discord.client")
    except ImportError:
        print(
            "This build has no Discord adapter; play locally with `railbot play`.", file=sys.stderr
        )
        return 2
    client.run(token, db, sharding)  # pragma: no cover - needs the network
    return 0


def sync_bot(registry: Registry, db: str, guild: int | None, *, clear: bool = False) -> int:
    token = os.environ.get("DISCORD_TOKEN")
    if not token:
        print("DISCORD_TOKEN is not set; `railbot sync` logs in as the bot.", file=sys.stderr)
        return 2
    try:
        client = importlib.import_module("bot.discord.client")
    except ImportError:
        print("This build has no Discord adapter, so there is nothing to sync.", file=sys.stderr)
        return 2
    client.sync(token, db, guild, registry, clear=clear)  # pragma: no cover - needs the network
    return 0


def main(
    argv: Sequence[str] | None = None,
    registry: Registry | None = None,
    render: BoardRenderer | None = None,
) -> int:
    db_default = os.environ.get("RAILBOT_DB", DEFAULT_DB)

    parser = argparse.ArgumentParser(prog="railbot", description=__doc__)
    parser.add_argument("--log-level", default=os.environ.get("RAILBOT_LOG", "WARNING"))
    sub = parser.add_subparsers(dest="cmd", required=True)
    p_run = sub.add_parser("run", help="run the Discord bot (needs DISCORD_TOKEN)")
    p_run.set_defaults(cmd="run")
    arguments.add_db(p_run, db_default)
    p_run.add_argument("--shard-ids", default=None,
                       help="the gateway shards this process runs, e.g. 0-3 (with --shard-count)")
    p_run.add_argument("--shard-count", type=int, default=None,
                       help="how many shards all processes run together")
    p_sync = sub.add_parser("sync", help="register the slash commands with Discord, then exit")
    arguments.add_db(p_sync, db_default)
    p_sync.add_argument("--guild", type=int, default=None, help="copy them to this server now")
    p_sync.add_argument(
        "--clear", action="store_true", help="with --guild: remove that server's copies instead"
    )
    p_play = sub.add_parser("play", help="play in the terminal; reads a script from stdin")
    arguments.add_db(p_play, db_default)
    p_play.add_argument("--out", default="out", help="folder for board images")
    p_play.add_argument("--seed", type=int, default=None, help="fix seating and dice")
    arguments.add_channel(p_play, LOCAL_CHANNEL)
    p_play.add_argument(
        "--no-boards", action="store_true", help="skip drawing boards (fast scripted replays)"
    )
    bots.add_arguments(p_play)
    p_ins = sub.add_parser("inspect", help="print a game's public view as JSON")
    arguments.add_db(p_ins, db_default)
    arguments.add_channel(p_ins, LOCAL_CHANNEL)
    archive.add_parsers(sub, db_default, LOCAL_CHANNEL)
    replay.add_parser(sub, db_default, LOCAL_CHANNEL)
    stats.add_parser(sub, db_default)
    p_cmds = sub.add_parser("commands", help="print the command tree as JSON")
    p_cmds.add_argument("--titles", default=None,
                        help="instead list the commands a server playing these games sees "
                             "(e.g. rotw,newengland or all)")
    sub.add_parser("maps", help="list every map with its player counts and house data")
    args = parser.parse_args(argv)
    if args.cmd == "sync" and args.clear and args.guild is None:
        parser.error("--clear needs --guild: it removes the copies in one server")
    if args.cmd == "run":
        try:
            args.shards = shards(args.shard_ids, args.shard_count)
        except ValueError as exc:
            parser.error(str(exc))
        if argv is None:  # the bot itself, started from the command line
            from renderers.kit.memory import restart_with_huge_pages

            restart_with_huge_pages(sys.orig_argv)
    logging.basicConfig(
        level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    draw: BoardPainter | None = None
    focus: FocusPainter | None = None
    frames: FramePainter | None = None
    if registry is None:
        from bot.app import default_registry, draw_board, draw_focus, draw_frame, render_board

        registry, render, draw = default_registry(), render_board, draw_board
        focus, frames = draw_focus, draw_frame
    try:
        return _run(args, registry, render, draw, focus, frames)
    except StoreOpenError as exc:  # one line and out: no traceback, no thread left behind
        print(f"railbot: {exc}", file=sys.stderr)
        return 2


def _run(
    args: argparse.Namespace,
    reg: Registry,
    render: BoardRenderer | None,
    draw: BoardPainter | None = None,
    focus: FocusPainter | None = None,
    frames: FramePainter | None = None,
) -> int:
    if args.cmd == "run":
        return run_bot(args.db, args.shards)
    if args.cmd == "sync":
        return sync_bot(reg, args.db, args.guild, clear=args.clear)
    if args.cmd == "commands":
        if args.titles is None:
            print(json.dumps(command_tree(reg), indent=2))
            return 0
        try:
            print(server_titles.listing(reg, server_titles.parse_titles(reg, args.titles)))
        except UserError as exc:
            print(exc.message, file=sys.stderr)
            return 2
        return 0
    if args.cmd == "maps":
        return list_maps(reg, sys.stdout)
    if args.cmd == "inspect":
        return asyncio.run(inspect(args, reg, sys.stdout))
    if args.cmd in archive.COMMANDS:
        return asyncio.run(archive.run(args, reg, sys.stdout))
    if args.cmd == "replay":
        return asyncio.run(replay.run(args, reg, render, sys.stdout, draw, focus, frames))
    if args.cmd == "stats":
        return asyncio.run(stats.run(args, reg, sys.stdout))
    board = None if args.no_boards else render
    if args.bots:
        return asyncio.run(bots.play_bots(args, reg, sys.stdout, board))
    return asyncio.run(play(args, reg, sys.stdin, sys.stdout, board,
                            None if args.no_boards else focus))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
