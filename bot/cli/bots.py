"""`railbot play --bots N`: a whole game of computer players, for demos and soak tests.

The game is opened, filled and played through the same service as any other, so it stays in
the database afterwards for `railbot inspect` and `railbot export`.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from bot.replies import UserError
from bot.service import BoardRenderer, GameService, Where
from bot.service.bots import bot_user, check_level
from bot.storage import connect_store
from engine.core import IllegalAction, Registry

LOCAL_GUILD = 1


def add_arguments(p_play: argparse.ArgumentParser) -> None:
    p_play.add_argument("--bots", type=int, default=0,
                        help="play a whole game of this many computer players, then stop")
    p_play.add_argument("--system", default="rotw", help="with --bots: which game")
    p_play.add_argument("--map", default=None, help="with --bots: which map")
    p_play.add_argument("--options", default=None,
                        help="with --bots: game options as key=value pairs, separated by commas")
    p_play.add_argument("--level", default=None,
                        help="with --bots: easy, normal (the default) or strong")
    p_play.add_argument("--think", type=float, default=None,
                        help="with --level strong: seconds each move is thought about (1.5)")


def check_count(service: GameService, system: str, map_id: str | None,
                options: dict[str, object], count: int) -> None:
    """Refuse a table the game cannot seat before anything is stored."""
    title, chosen_map, _ = service.check_new_game(system, map_id, dict(options))
    meta = title.meta
    m = meta.map(chosen_map)
    low, high = (m.min_players, m.max_players) if m else (meta.min_players, meta.max_players)
    if not low <= count <= high:
        where = f"{meta.name} on {m.name}" if m else meta.name
        raise UserError(f"--bots {count}: {where} seats {low}-{high} players; nothing was "
                        "stored.")


async def play_bots(args: argparse.Namespace, registry: Registry, stdout: TextIO,
                    render: BoardRenderer | None = None) -> int:
    from bot.commands import parse_options

    def say(text: str) -> None:
        print(text, file=stdout, flush=True)

    where = Where(LOCAL_GUILD, args.channel)
    async with connect_store(args.db) as store:
        seeds = random.Random(args.seed) if args.seed is not None else None
        service = GameService(store, registry, render=render, seeds=seeds)
        if args.think is not None:
            if not args.think > 0:
                say(f"[error] --think {args.think}: give the seconds a move may take, more "
                    "than 0.")
                return 2
            service.think_seconds(args.think)
        try:
            level = check_level(args.level)
            opts = parse_options(args.options) if args.options else {}
            check_count(service, args.system, args.map, opts, args.bots)
            host = bot_user(0, level)
            say((await service.new_game(where, host, args.system, args.map, opts)).text)
            # The opener holds the first seat; the others are added as in /game addbot.
            for _ in range(args.bots - 1):
                say((await service.add_bot(where, host, level)).text)
            say((await service.start(where, host)).text)
        except (UserError, IllegalAction) as exc:
            say(f"[error] {exc}")
            return 2
        try:
            await _play_through(service, where, args, say)
        finally:
            service.thinker.close()
    return 0


async def _play_through(service: GameService, where: Where, args: argparse.Namespace,
                        say: Callable[[str], None]) -> None:
    while replies := await service.play_bots(where, limit=50):
        for reply in replies:
            say(reply.text)
            if reply.image is not None:
                out = Path(args.out) / f"game{reply.game_id}-{reply.seq or 0:04d}.png"
                out.parent.mkdir(parents=True, exist_ok=True)
                out.write_bytes(reply.image)
            if reply.chart is not None:
                out = Path(args.out) / f"game{reply.game_id}-scores.png"
                out.parent.mkdir(parents=True, exist_ok=True)
                out.write_bytes(reply.chart)
                say(f"[score chart] {out}")
    say((await service.status(where)).text)
