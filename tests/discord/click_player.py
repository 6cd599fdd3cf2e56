"""A player who only clicks: suggested buttons and menus under the boards, their follow-up menus
and Confirm buttons, and the private buttons under `/game hand`. Never a typed move command."""

from __future__ import annotations

import random
from typing import Any

import discord
from discord_harness import BOT_USER, Call, Clock, Harness, Recorder, final

from bot.discord.client import RailBot
from bot.service import GameService
from bot.store import Store
from engine.core import Registry

CAROL = (3, "carol")


def tiny_png(title: str, view: dict[str, Any], map_id: str | None, zoom: str | None) -> bytes:
    return b"PNG"


async def shipped_bot(
    store: Store, registry: Registry, rec: Recorder, clock: Clock
) -> Harness:
    """A bot with the shipped titles over an open ``store`` (the caller closes it)."""
    service = GameService(store, registry, render=tiny_png, clock=clock, seeds=random.Random(3))
    bot = RailBot(service, reminders=False, clock=clock)
    bot.http.request = rec.http_request  # type: ignore[method-assign]
    bot._connection.user = discord.ClientUser(state=bot._connection, data=BOT_USER)
    bot._connection.application_id = 4242
    await bot._async_setup_hook()
    await bot.setup_hook()
    return Harness(bot, rec)


def components(message: Call) -> list[dict[str, Any]]:
    rows = message.payload.get("components", []) if isinstance(message.payload, dict) else []
    return [c for row in rows for c in row.get("components", [])]


HAND = "rbh:"
"""The "My hand" button's custom_id prefix: it opens a private menu, it makes no move."""


def buttons(message: Call) -> list[dict[str, Any]]:
    return [
        c for c in components(message) if c["type"] == 2 and not c["custom_id"].startswith(HAND)
    ]


def hand_button(message: Call) -> str | None:
    found = [c["custom_id"] for c in components(message) if c["custom_id"].startswith(HAND)]
    return found[0] if found else None


def menus(message: Call) -> list[dict[str, Any]]:
    return [c for c in components(message) if c["type"] == 3]


class ClickPlayer:
    """Chooses among what a message offers: mostly the best button, sometimes a menu entry."""

    def __init__(self, h: Harness, seed: int) -> None:
        self.h = h
        self.rng = random.Random(seed)
        self.clicks = 0
        self.follow_ups = 0
        self.labels: list[str] = []

    def choose(self, message: Call) -> tuple[str, str | None, str]:
        """(custom_id, menu value or None, what was chosen) for one click."""
        offered = buttons(message)
        loud = [b for b in offered if b.get("style") != 2]
        quiet = [b for b in offered if b.get("style") == 2]
        roll = self.rng.random()
        out = [b for b in quiet if "auction" in b["label"]]
        if out and roll < 0.6:
            # Players mostly let an auction go: first player is not worth any price.
            return out[0]["custom_id"], None, out[0]["label"]
        entries = [(m, o) for m in menus(message) for o in m["options"]]
        if entries and (roll < 0.35 or not loud):
            menu, option = self.rng.choice(entries)
            return menu["custom_id"], option["value"], option["label"]
        if loud and (roll < 0.97 or not quiet):
            # The best offers come first; deliveries and builds are worth taking.
            pick = loud[0] if self.rng.random() < 0.7 else self.rng.choice(loud)
            return pick["custom_id"], None, pick["label"]
        pick = self.rng.choice(quiet)
        return pick["custom_id"], None, pick["label"]

    async def play(self, user: tuple[int, str], message: Call) -> Call:
        """Click one suggestion on ``message`` and follow its private questions (a menu per
        missing option, a Confirm) until the move is made; returns the posted board."""
        cid, value, label = self.choose(message)
        self.labels.append(label)
        for _ in range(6):
            self.clicks += 1
            before = len(self.h.rec.calls)
            answer = final(await self.h.click(user, message, cid, value))
            # The new board: the answer itself, or a plain channel message after a secret move.
            boards = [c for c in self.h.rec.calls[before:] if c.files and not c.ephemeral]
            if boards:
                return boards[-1]
            assert answer.ephemeral, answer.content
            follow = menus(answer)
            confirm = [b for b in buttons(answer) if b["label"] == "Confirm"]
            assert follow or confirm, f"'{label}' was refused: {answer.content}"
            self.follow_ups += 1
            message = answer
            if follow:
                cid, value = follow[0]["custom_id"], follow[0]["options"][0]["value"]
            else:
                cid, value = confirm[0]["custom_id"], None
        raise AssertionError(f"'{label}' never finished")
