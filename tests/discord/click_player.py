"""A player who only clicks: suggested buttons and menus under the boards, their follow-up menus
and Confirm buttons, and the private buttons under `/game hand`. Never a typed move command."""

from __future__ import annotations

import random
from typing import Any

import discord
from discord_harness import BOT_USER, Call, Clock, Harness, Recorder, final

from bot.discord.buttons import MORE, decode_options, find
from bot.discord.client import RailBot
from bot.service import GameService, User, Where
from bot.storage import Store
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
        self.longest = 0
        """The most values one follow-up menu offered (over all its pages)."""

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

    async def reach_all(self, user: tuple[int, str], menu: Call) -> None:
        """Page through a follow-up menu by its "More" entries: every legal value of the
        option it asks for must be reachable by clicks, none cut off."""
        (picker,) = menus(menu)
        key, need, arg = picker["custom_id"].split(":")[3:]
        where, who = Where(10, 100), User(*user)
        suggestion = find(await self.h.bot.service.suggestions(where, who), key)
        assert suggestion is not None
        spec = self.h.bot.dispatcher.spec([suggestion.command])
        options = {**suggestion.options, **decode_options(spec, arg)}
        legal = await self.h.bot.service.option_values(
            where, who, suggestion.command, need, options)
        expected = {str(v.value).lower() if isinstance(v.value, bool) else str(v.value)
                    for v in legal}
        reached: list[str] = []
        for _ in range(len(expected) + 1):
            entries = [o["value"] for o in menus(menu)[0]["options"]]
            assert len(entries) <= 25
            reached += [v for v in entries if not v.startswith(MORE)]
            more = [v for v in entries if v.startswith(MORE)]
            if not more or more[0] == f"{MORE}0":
                break
            self.clicks += 1
            menu = final(await self.h.click(user, menu, picker["custom_id"], more[0]))
            assert menu.ephemeral and menus(menu), menu.content
            picker = menus(menu)[0]
        assert len(reached) == len(set(reached)), "a value shown twice"
        assert set(reached) == {v for v in expected if len(v) <= 100}, (
            suggestion.label, need, sorted(set(expected) - set(reached))[:5])
        self.longest = max(self.longest, len(reached))

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
                await self.reach_all(user, answer)
                cid, value = follow[0]["custom_id"], follow[0]["options"][0]["value"]
            else:
                cid, value = confirm[0]["custom_id"], None
        raise AssertionError(f"'{label}' never finished")
