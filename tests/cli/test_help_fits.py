"""/game help keeps its commands and best suggestions when the whole list is too long, and
detail lines are cut between words."""

from __future__ import annotations

from bot.commands import FIRST_PAGE_TOP, MAX_HELP_SUGGESTIONS, help_order, help_text
from bot.usertext import MAX_MESSAGE
from engine.core import Suggestion
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
    assert lines[-1] == f"… {15 - len(shown)} more suggested moves: /game help page:2"
    assert 0 < len(shown) < 15
    # The second page goes on where the first stopped, without the commands.
    second = help_text(commands, suggested, page=2).split("\n")
    assert second[0] == "More suggested moves (page 2):"
    assert second[1] == suggested[len(shown)]
    assert not any(line in commands for line in second)


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
    assert lines[-1] == f"… {40 - MAX_HELP_SUGGESTIONS} more suggested moves: /game help page:2"
    last = help_text(["/pass — Pass"], suggested, page=2).split("\n")
    assert last[1:] == suggested[MAX_HELP_SUGGESTIONS:]
    # A page past the last says how many there are and shows the last.
    beyond = help_text(["/pass — Pass"], suggested, page=9).split("\n")
    assert beyond[0] == "/game help has 2 pages now; this is page 2."
    assert beyond[2:] == suggested[MAX_HELP_SUGGESTIONS:]


def test_the_best_of_every_kind_of_move_is_on_the_first_page() -> None:
    builds = [Suggestion(f"Build {i}", "build", group="Build", rank=600 - i) for i in range(12)]
    urbanize = Suggestion("Urbanize", "urbanize", group="Urbanize", rank=200)
    passing = Suggestion("Pass", "pass", group="Pass", rank=-1000)
    order = help_order([*builds, urbanize, passing])
    assert order[:FIRST_PAGE_TOP] == builds[:FIRST_PAGE_TOP]
    assert order[FIRST_PAGE_TOP:FIRST_PAGE_TOP + 2] == [urbanize, passing]
    assert order[FIRST_PAGE_TOP + 2:] == builds[FIRST_PAGE_TOP:]
