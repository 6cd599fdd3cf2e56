"""Turning replies into what Discord accepts."""

from __future__ import annotations

from pathlib import Path

import discord

from bot.discord import render
from bot.discord.buttons import decode_options, encode_options, move_id
from bot.discord.client import intents, invite_permissions
from bot.replies import Private, Reply
from engine.core import CommandSpec, OptionSpec


def test_long_text_is_clipped_to_discords_limit() -> None:
    text = render.clip("x" * 5000)
    assert len(text) == render.MAX_CONTENT and text.endswith("…")
    assert render.clip("short") == "short"


def test_mentions_name_exactly_the_users() -> None:
    allowed = render.mentions([5, 6, 5]).to_dict()
    assert allowed == {"parse": [], "users": [5, 6]}
    assert render.quiet().to_dict() == {"parse": []}


def test_notes_go_only_to_their_owner() -> None:
    reply = Reply("x", private=[Private(1, "Your card is 4."), Private(2, "Your card is 9.")])
    assert render.notes_for(reply, 1) == "Your card is 4."
    assert render.notes_for(reply, 3) is None


def test_board_files_are_fresh_each_time_and_the_score_chart_follows_the_board() -> None:
    reply = Reply("x", image=b"PNG")
    [first], [second] = render.board_files(reply), render.board_files(reply)
    assert first is not second
    assert first.filename == "board.png" and first.fp.read() == b"PNG"
    assert render.board_files(Reply("no board")) == []
    over = render.board_files(Reply("over", image=b"BOARD", chart=b"CHART"))
    assert [(f.filename, f.fp.read()) for f in over] == [
        ("board.png", b"BOARD"), ("scores.png", b"CHART")
    ]


def test_button_ids_round_trip_and_fit() -> None:
    spec = CommandSpec(
        "build",
        "Build",
        (
            OptionSpec("to", "Where", "string"),
            OptionSpec("cost", "How much", "integer"),
            OptionSpec("urban", "Urbanise", "boolean"),
        ),
    )
    options = {"to": "F12,a:b=c", "cost": 3, "urban": True}
    arg = encode_options(options)
    assert ":" not in arg
    assert decode_options(spec, arg) == options
    assert len(move_id(123456, 9999, ("build", options))) <= 100


def test_setup_guide_invites_with_exactly_the_needed_permissions() -> None:
    guide = (Path(__file__).parents[2] / "docs" / "discord-setup.md").read_text()
    assert f"permissions={invite_permissions().value}" in guide
    assert "scope=bot+applications.commands" in guide
    assert intents().value == discord.Intents(guilds=True).value
