"""A move command several titles share gets words that fit every one of them."""

from __future__ import annotations

from tinygame import TinyTitle

from bot.app import default_registry
from bot.commandtree import MAX_DESCRIPTION, move_commands
from engine.core import CommandSpec, Registry, TitleMeta


def one_title(tid: str, pass_text: str) -> TinyTitle:
    title = TinyTitle()
    title.meta = TitleMeta(
        id=tid,
        name=tid,
        min_players=2,
        max_players=4,
        colours=("red", "blue"),
        commands=(CommandSpec("pass", pass_text), CommandSpec("ready", "Say you are ready")),
    )
    return title


def described(registry: Registry) -> dict[str, str]:
    return {c.name: c.description for c in move_commands(registry)}


def test_shared_commands_say_what_they_do_in_each_title() -> None:
    registry = Registry()
    registry.register(one_title("a", "Drop out of the auction"))
    registry.register(one_title("b", "Give up this action"))
    words = described(registry)
    assert words["pass"] == "Drop out of the auction / Give up this action"
    assert words["ready"] == "Say you are ready", "the same words are not repeated"


def test_too_long_a_union_points_at_game_help() -> None:
    registry = Registry()
    registry.register(one_title("a", "x" * 60))
    registry.register(one_title("b", "y" * 60))
    words = described(registry)
    assert words["pass"].startswith("Pass: ") and "/game help" in words["pass"]
    assert len(words["pass"]) <= MAX_DESCRIPTION


def test_shipped_titles_pass_and_bid_fit_every_title() -> None:
    registry = default_registry()
    words = described(registry)
    for name in ("pass", "bid"):
        own = [c.description for t in registry for c in t.meta.commands if c.name == name]
        assert len(own) > 1, f"/{name} is shared"
        assert all(text in words[name] for text in own) or "/game help" in words[name]
        assert len(words[name]) <= MAX_DESCRIPTION
