"""/game help keeps its commands and best suggestions when the whole list is too long, and
detail lines are cut between words."""

from __future__ import annotations

from bot.commands import MAX_HELP_SUGGESTIONS, help_text
from bot.usertext import MAX_MESSAGE
from engine.core.title import detail_text


def test_long_help_drops_the_last_suggestions_not_the_commands() -> None:
    commands = ["/build from:... to:... — Build track", "/pass — Pass"]
    suggested = [f"{i}. Build somewhere far away {'x' * 150}: /build" for i in range(1, 16)]
    text = help_text(commands, suggested)
    assert len(text) <= MAX_MESSAGE
    lines = text.split("\n")
    assert lines[:4] == ["You can now:", *commands, "Suggested moves (best first):"]
    assert lines[4].startswith("1. ")
    shown = [line for line in lines if line[:1].isdigit()]
    assert lines[-1] == f"… {15 - len(shown)} more suggested moves not shown."
    assert 0 < len(shown) < 15


def test_short_help_is_whole() -> None:
    assert help_text(["/pass — Pass"], ["1. Pass: /pass"]) == (
        "You can now:\n/pass — Pass\nSuggested moves (best first):\n1. Pass: /pass")


def test_detail_is_cut_between_words() -> None:
    text = ("Keep this card. During one later Build Track action, every tile you lay on open "
            "terrain costs nothing at all.")
    cut = detail_text(text)
    assert len(cut) <= 100 and cut.endswith("…")
    assert text.startswith(cut[:-1]) and text[len(cut) - 1] == " "
    assert detail_text("Short text.") == "Short text."


def test_a_long_list_is_cut_at_the_limit_with_a_note() -> None:
    suggested = [f"{i}. Pass: /pass" for i in range(1, 41)]
    lines = help_text(["/pass — Pass"], suggested).split("\n")
    shown = [line for line in lines if line[:1].isdigit()]
    assert shown == suggested[:MAX_HELP_SUGGESTIONS]
    assert lines[-1] == f"… {40 - MAX_HELP_SUGGESTIONS} more suggested moves not shown."
