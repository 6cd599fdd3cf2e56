"""Typing wrong moves through the dispatcher: each must be refused with a sentence that names a
rule, in a player's words, and leave the game exactly as it was (stored log, sequence, view)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from bot.commands import Dispatcher
from bot.service import User, Where

INTERNAL = [
    (re.compile(r"\b[a-z]+_[a-z_]+\b"), "an internal name (snake_case)"),
    (re.compile(r"#\d"), "a raw card id"),
    (re.compile(r"\bseat\s*-?\d", re.I), "a seat number"),
    (re.compile(r"\bNone\b|\bTrue\b|\bFalse\b"), "a Python value"),
    (re.compile(r"[{\[]'|<\w[\w.]* object|Traceback|IllegalAction|KeyError|ValueError"),
     "a Python repr"),
]

VAGUE = ("illegal", "not allowed", "invalid", "something went wrong")


@dataclass
class Probe:
    """One wrong move: who types it, the command, its options and a fragment the reply must
    contain (the rule it names); an empty fragment checks only the general qualities."""

    user: User
    command: str
    options: dict[str, Any] = field(default_factory=dict)
    expect: str = ""


def leaks(text: str) -> list[str]:
    return [what for pattern, what in INTERNAL if pattern.search(text)]


async def refused_without_change(d: Dispatcher, where: Where, probe: Probe) -> str:
    """Make the probe and check the reply and that nothing changed; returns the reply text."""
    service = d.service
    game = await service.store.game_in_channel(where.channel_id)
    assert game is not None
    log = await service.store.actions(game.id)
    view = await service.view(where, None)
    reply = await d.run(where, probe.user, [probe.command], dict(probe.options))
    said = f"/{probe.command} {probe.options} by {probe.user.name}: {reply.text!r}"
    assert reply.error, said
    text = reply.text
    assert probe.expect in text, said
    assert not leaks(text), (leaks(text), said)
    assert not any(v in text.lower() for v in VAGUE), said
    assert len(text) >= 20 and text.rstrip().endswith((".", ")", "?")), said
    after = await service.store.game_in_channel(where.channel_id)
    assert after is not None and after.seq == game.seq, said
    assert await service.store.actions(game.id) == log, said
    assert await service.view(where, None) == view, said
    return text
