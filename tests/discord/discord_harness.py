"""Drive the real discord.py client offline: synthetic interaction payloads in, recorded HTTP out.

Interactions enter through ``ConnectionState.parse_interaction_create`` (the gateway's path), so
the real CommandTree, autocomplete and DynamicItem dispatch run. Every HTTP request discord.py
would make (the webhook adapter for interaction responses, the client's HTTPClient for channel
messages, threads and syncing) is recorded and answered with canned JSON.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord
from discord.app_commands import Command, Group

from bot.discord.client import RailBot, invite_permissions
from bot.storage import GameRow

APP_ID = 4242
BOT_USER = {"id": "4242", "username": "railbot", "discriminator": "0", "bot": True, "avatar": None}
GUILD = 10
CHANNEL = 100
STAMP = "2025-01-01T00:00:00+00:00"


@dataclass
class Call:
    kind: str
    """callback, edit_original, delete_original, followup, channel_message, thread, sync..."""
    method: str
    url: str
    token: str | None
    payload: Any
    files: list[str] = field(default_factory=list)
    ephemeral: bool = False
    message_id: int | None = None
    """The id of the message this call created or edited, when it returns one."""

    @property
    def content(self) -> str:
        if isinstance(self.payload, dict):
            return str(self.payload.get("content") or "")
        return ""

    @property
    def mentions(self) -> dict[str, Any] | None:
        return self.payload.get("allowed_mentions") if isinstance(self.payload, dict) else None

    @property
    def custom_ids(self) -> list[str]:
        rows = self.payload.get("components", []) if isinstance(self.payload, dict) else []
        return [c["custom_id"] for row in rows for c in row.get("components", [])]


def _user(uid: int, name: str) -> dict[str, Any]:
    return {
        "id": str(uid),
        "username": name,
        "discriminator": "0",
        "global_name": name,
        "avatar": None,
    }


def message_json(mid: int, channel_id: int, payload: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": str(mid),
        "channel_id": str(channel_id),
        "guild_id": str(GUILD),
        "type": 0,
        "content": payload.get("content") or "",
        "author": BOT_USER,
        "attachments": [],
        "embeds": [],
        "mentions": [],
        "mention_roles": [],
        "pinned": False,
        "mention_everyone": False,
        "tts": False,
        "timestamp": STAMP,
        "edited_timestamp": None,
        "flags": payload.get("flags", 0),
        "components": payload.get("components", []),
    }


def channel_json(cid: int, kind: int = 0, parent: int | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": str(cid),
        "type": kind,
        "guild_id": str(GUILD),
        "name": f"channel-{cid}",
        "position": 0,
        "permission_overwrites": [],
        "nsfw": False,
        "parent_id": str(parent) if parent else None,
    }
    if kind == 11:
        data.update(
            owner_id=BOT_USER["id"],
            message_count=0,
            member_count=1,
            thread_metadata={
                "archived": False,
                "auto_archive_duration": 10080,
                "archive_timestamp": STAMP,
                "locked": False,
            },
        )
    return data


class Recorder:
    """Stands in for Discord's HTTP API."""

    def __init__(self) -> None:
        self.calls: list[Call] = []
        self._ids = itertools.count(900_000)
        self.private_tokens: set[str] = set()
        self.channels: dict[str, int] = {}
        """interaction token -> channel id, to give returned messages the right channel."""
        self.failures: dict[str, Exception] = {}
        """kind of call -> the error Discord answers it with, once (see :meth:`fail_next`)."""

    def fail_next(self, kind: str, error: Exception) -> None:
        self.failures[kind] = error

    def _record(self, call: Call) -> None:
        self.calls.append(call)
        error = self.failures.pop(call.kind, None)
        if error is not None:
            call.kind += "_failed"
            raise error

    def _message(self, call: Call, channel_id: int, body: Any) -> dict[str, Any]:
        call.message_id = next(self._ids)
        return message_json(call.message_id, channel_id, body or {})

    def _split(
        self, payload: Any, multipart: list[dict[str, Any]] | None, files: Any
    ) -> tuple[Any, list[str]]:
        if multipart:
            part = next(p for p in multipart if p["name"] == "payload_json")
            payload = json.loads(part["value"])
        names = [f.filename for f in files or []]
        return payload, names

    async def webhook_request(
        self,
        route: Any,
        session: Any = None,
        *,
        payload: Any = None,
        multipart: list[dict[str, Any]] | None = None,
        files: Any = None,
        **_: Any,
    ) -> Any:
        body, names = self._split(payload, multipart, files)
        url: str = route.url
        m = re.search(r"/(interactions|webhooks)/(\d+)/([^/]+)", url)
        assert m, url
        token = m[3]
        if url.endswith("/callback"):
            data = body.get("data") or {}
            private = bool(data.get("flags", 0) & 64)
            if private:
                self.private_tokens.add(token)
            self._record(Call("callback", route.method, url, token, body, names, private))
            return {"interaction": {"id": m[2], "type": 2}}
        if url.endswith("@original") and route.method == "DELETE":
            self._record(Call("delete_original", "DELETE", url, token, None))
            return None
        if url.endswith("@original"):
            private = token in self.private_tokens
            call = Call("edit_original", route.method, url, token, body, names, private)
            self._record(call)
            return self._message(call, self.channels.get(token, CHANNEL), body)
        private = bool((body or {}).get("flags", 0) & 64)
        call = Call("followup", route.method, url, token, body, names, private)
        self._record(call)
        return self._message(call, self.channels.get(token, CHANNEL), body)

    async def http_request(
        self, route: Any, *, files: Any = None, form: Any = None, **kwargs: Any
    ) -> Any:
        url: str = route.url
        body = kwargs.get("json")
        if form:
            part = next(p for p in form if p["name"] == "payload_json")
            body = json.loads(part["value"])
        names = [f.filename for f in files or []]
        if m := re.search(r"/channels/(\d+)/messages$", url):
            call = Call("channel_message", route.method, url, None, body, names)
            self._record(call)
            return self._message(call, int(m[1]), body)
        if m := re.search(r"/channels/(\d+)/messages/(\d+)$", url):
            call = Call("message_edit", route.method, url, None, body, message_id=int(m[2]))
            self._record(call)
            return message_json(int(m[2]), int(m[1]), body or {})
        if m := re.search(r"/channels/(\d+)/threads$", url):
            self._record(Call("thread", route.method, url, None, body))
            return channel_json(next(self._ids), 11, int(m[1]))
        if m := re.search(r"/channels/(\d+)$", url):
            self.calls.append(
                Call("channel_" + route.method.lower(), route.method, url, None, body)
            )
            return channel_json(int(m[1]), 11, CHANNEL)
        if "/commands" in url:
            self.calls.append(Call("sync", route.method, url, None, body))
            return [
                {**c, "id": str(i + 1), "application_id": str(APP_ID)} for i, c in enumerate(body)
            ]
        raise AssertionError(f"unexpected request {route.method} {url}")

    # -- looking at what was sent ----------------------------------------------------------------

    def for_token(self, token: str) -> list[Call]:
        return [c for c in self.calls if c.token == token]

    def public(self) -> list[Call]:
        """Everything other people could see."""
        return [
            c
            for c in self.calls
            if c.kind in ("edit_original", "followup", "channel_message") and not c.ephemeral
        ]


class Harness:
    """One bot, its recorder, and helpers to send it interactions as named users."""

    def __init__(self, bot: RailBot, recorder: Recorder) -> None:
        self.bot = bot
        self.rec = recorder
        self._ids = itertools.count(1)
        self.names: dict[int, str] = {}
        self.bot_permissions = invite_permissions()
        """What the bot may do in the channels of the next interactions (app_permissions)."""

    # -- payloads ------------------------------------------------------------------------------

    def _base(
        self,
        kind: int,
        user: tuple[int, str],
        channel: int,
        manage: bool,
        parent: int | None,
        dm: bool = False,
    ) -> tuple[dict[str, Any], str]:
        n = next(self._ids)
        token = f"tok{n}-{user[0]}"
        self.rec.channels[token] = channel
        perms = discord.Permissions(manage_guild=manage, send_messages=True).value
        payload = {
            "id": str(700_000 + n),
            "application_id": str(APP_ID),
            "type": kind,
            "token": token,
            "version": 1,
            "guild_id": str(GUILD),
            "channel_id": str(channel),
            "channel": channel_json(channel, 11 if parent else 0, parent),
            "member": {
                "user": _user(*user),
                "roles": [],
                "joined_at": STAMP,
                "deaf": False,
                "mute": False,
                "flags": 0,
                "permissions": str(perms),
            },
            "app_permissions": str(self.bot_permissions.value),
            "locale": "en-US",
            "attachment_size_limit": 10 * 1024 * 1024,
            "entitlements": [],
        }
        if dm:
            # A direct message: no guild, no member, a private channel.
            del payload["guild_id"], payload["member"]
            payload["user"] = _user(*user)
            payload["channel"] = {"id": str(channel), "type": 1, "recipients": [_user(*user)]}
            payload["context"] = 1
        return payload, token

    def _command(self, path: list[str]) -> Command[Any, ..., Any]:
        found = self.bot.tree.get_command(path[0])
        if isinstance(found, Group):
            found = found.get_command(path[1])
        assert isinstance(found, Command), path
        return found

    def _options(
        self, cmd: Command[Any, ..., Any], options: dict[str, Any], focused: str | None
    ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        params = {p.display_name: p for p in cmd.parameters}
        out: list[dict[str, Any]] = []
        resolved: dict[str, Any] = {"users": {}, "members": {}}
        for name, value in options.items():
            kind = params[name].type
            entry: dict[str, Any] = {"name": name, "type": kind.value}
            if kind is discord.AppCommandOptionType.user:
                uid, uname = value
                entry["value"] = str(uid)
                resolved["users"][str(uid)] = _user(uid, uname)
                resolved["members"][str(uid)] = {"roles": [], "joined_at": STAMP, "flags": 0}
            else:
                entry["value"] = value
            if name == focused:
                entry["focused"] = True
            out.append(entry)
        return out, resolved

    def command_payload(
        self,
        user: tuple[int, str],
        path: list[str],
        options: dict[str, Any] | None = None,
        *,
        channel: int = CHANNEL,
        manage: bool = False,
        focused: str | None = None,
        parent: int | None = None,
        dm: bool = False,
    ) -> tuple[dict[str, Any], str]:
        payload, token = self._base(4 if focused else 2, user, channel, manage, parent, dm)
        cmd = self._command(path)
        opts, resolved = self._options(cmd, options or {}, focused)
        data: dict[str, Any] = {"id": "1", "name": path[0], "type": 1, "resolved": resolved}
        if len(path) == 2:
            data["options"] = [{"type": 1, "name": path[1], "options": opts}]
        else:
            data["options"] = opts
        payload["data"] = data
        return payload, token

    def click_payload(
        self,
        user: tuple[int, str],
        message: Call,
        custom_id: str,
        value: str | None = None,
        *,
        channel: int = CHANNEL,
    ) -> tuple[dict[str, Any], str]:
        payload, token = self._base(3, user, channel, False, None)
        payload["message"] = message_json(123_456, channel, message.payload)
        kind = 3 if value is not None else 2
        payload["data"] = {"custom_id": custom_id, "component_type": kind}
        if value is not None:
            payload["data"]["values"] = [value]
        return payload, token

    # -- sending -------------------------------------------------------------------------------

    def feed(self, payload: dict[str, Any]) -> None:
        self.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]

    async def settle(self) -> None:
        """Wait until every task the interactions started has finished."""
        me = asyncio.current_task()
        for _ in range(200):
            # A view sent in an ephemeral followup gets discord.py's 15-minute expiry timer:
            # a timer, not work, so it does not count.
            pending = [
                t
                for t in asyncio.all_tasks()
                if t is not me and not t.done() and "timeout_task" not in repr(t.get_coro())
            ]
            if not pending:
                return
            await asyncio.wait(pending, timeout=10)
        raise AssertionError("tasks never settled")

    async def run(self, user: tuple[int, str], path: list[str], **options: Any) -> list[Call]:
        payload, token = self.command_payload(user, path, options, manage=False)
        self.feed(payload)
        await self.settle()
        return self.rec.for_token(token)

    async def run_as(
        self, user: tuple[int, str], path: list[str], *, manage: bool = False, **options: Any
    ) -> list[Call]:
        payload, token = self.command_payload(user, path, options, manage=manage)
        self.feed(payload)
        await self.settle()
        return self.rec.for_token(token)

    async def run_dm(self, user: tuple[int, str], path: list[str], **options: Any) -> list[Call]:
        """A command sent from a direct message with the bot."""
        payload, token = self.command_payload(user, path, options, channel=55, dm=True)
        self.feed(payload)
        await self.settle()
        return self.rec.for_token(token)

    async def click(
        self, user: tuple[int, str], message: Call, custom_id: str, value: str | None = None
    ) -> list[Call]:
        payload, token = self.click_payload(user, message, custom_id, value)
        self.feed(payload)
        await self.settle()
        return self.rec.for_token(token)

    async def autocomplete(
        self, user: tuple[int, str], path: list[str], focused: str, **options: Any
    ) -> list[dict[str, Any]]:
        payload, token = self.command_payload(user, path, options, focused=focused)
        self.feed(payload)
        await self.settle()
        (call,) = self.rec.for_token(token)
        assert call.payload["type"] == 8  # APPLICATION_COMMAND_AUTOCOMPLETE_RESULT
        return list(call.payload["data"]["choices"])


def http_error(kind: type[discord.HTTPException], status: int, code: int) -> Exception:
    """What discord.py raises when Discord answers ``status`` with error ``code``."""
    response = SimpleNamespace(status=status, reason="refused")
    return kind(response, {"code": code, "message": "refused"})  # type: ignore[arg-type]


def final(calls: list[Call]) -> Call:
    """The message that answered an interaction (ignoring "Posted" and pings)."""
    shown = [c for c in calls if c.kind in ("edit_original", "followup")]
    board = [c for c in shown if c.files]
    if board:
        return board[-1]
    real = [c for c in shown if c.content and c.content != "Posted in the channel."]
    return real[0]


MakeHarness = Callable[[], Awaitable[Harness]]
"""Builds a bot over the same database each time it is called (a restart)."""


class Clock:
    def __init__(self) -> None:
        self.now = 2_000_000.0

    def __call__(self) -> float:
        return self.now


# -- the tiny game's players and steps -------------------------------------------------------

ALICE = (1, "alice")
BOB = (2, "bob")
EVE = (9, "eve")
USERS = {1: ALICE, 2: BOB, 9: EVE}


async def current_game(h: Harness) -> GameRow:
    game = await h.bot.service.store.last_game_in_channel(100)
    assert game is not None
    return game


async def to_act(h: Harness) -> tuple[int, str]:
    game = await current_game(h)
    seats = {s.seat: s.user_id for s in await h.bot.service.store.seats(game.id)}
    return USERS[seats[game.to_act[0]]]


async def open_and_start(h: Harness, target: int = 6) -> Call:
    await h.run(ALICE, ["game", "new"], system="tiny", options=f"target={target}")
    await h.run(BOB, ["game", "join"], colour="blue")
    calls = await h.run(ALICE, ["game", "start"])
    return final(calls)


async def open_and_ready(h: Harness, target: int = 30) -> Call:
    """A started game past the opening "ready": the board that asks the first turn's move."""
    await open_and_start(h, target=target)
    await h.run(ALICE, ["ready"])
    return final(await h.run(BOB, ["ready"]))


def lacking(h: Harness, permission: str) -> None:
    """The bot loses ``permission`` in the channel for the next interactions."""
    h.bot_permissions = invite_permissions()
    setattr(h.bot_permissions, permission, False)
