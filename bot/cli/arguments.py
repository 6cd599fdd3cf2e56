"""The options several ``railbot`` commands share, so that each reads the same in ``--help``."""

from __future__ import annotations

import argparse


def add_db(parser: argparse.ArgumentParser, default: str) -> None:
    parser.add_argument(
        "--db", default=default,
        help=f"the games' database: a SQLite file, or postgresql://user:password@host/database "
             f"(default: {default}; the RAILBOT_DB environment variable sets it)")


def add_channel(parser: argparse.ArgumentParser, default: int) -> None:
    parser.add_argument(
        "--channel", type=int, default=default,
        help=f"the channel whose game to use: a Discord channel id, or {default} for the "
             f"terminal's own (default: {default})")
