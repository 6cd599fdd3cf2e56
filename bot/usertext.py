"""Text that crosses the bot's edge: cleaning what people type, fitting what they read.

Typed text may hold terminal escape codes, control characters, text-direction overrides, bytes
that were not UTF-8, or be megabytes long. None of that may reach a game or be echoed back
whole: values are cleaned, quoted short, and every reply fits one Discord message.
"""

from __future__ import annotations

import re
import unicodedata

MAX_MESSAGE = 2000
"""Discord refuses message content longer than this; every reply is fitted to it."""

MAX_QUOTE = 40
"""A value echoed back in a refusal shows at most this many characters."""

MAX_WHOLE_NUMBER = 1_000_000
"""No option of any game needs a larger number (money, counts, hours): beyond it is refused."""

MAX_TEXT = 100
"""The longest text option value (a game name, a city, a card) that is read at all."""

MAX_TEXT_FOR = {"options": 400}
"""Option values allowed to be longer: `/game new options:` lists several key=value pairs."""

MAX_USER_NAME = 32
"""Discord's own limit for a display name; terminal user names follow it."""

NOT_UTF8 = "\ufffd"
"""What bytes that were not UTF-8 decode to (errors="replace")."""

_ESCAPE = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"  # CSI: colours, cursor moves
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"  # OSC: window titles, links
    r"|\x1b[@-_]?"  # any other escape
    r"|\x9b[0-?]*[ -/]*[@-~]"  # the 8-bit CSI
)
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def clean(text: str, *, keep_lines: bool = False) -> str:
    """``text`` without escape sequences, control characters or direction overrides; characters
    that could not be decoded become U+FFFD. With ``keep_lines``, line breaks stay."""
    text = _ESCAPE.sub("", text)
    out = []
    for ch in text:
        cat = unicodedata.category(ch)
        if ch == "\n" and keep_lines:
            out.append(ch)
        elif ch == "\t":
            out.append(" ")
        elif cat == "Cs":  # a lone surrogate: an undecodable byte
            out.append(NOT_UTF8)
        elif cat != "Cc" and ch not in _BIDI:
            out.append(ch)
    return "".join(out)


def shorten(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters, marked with an ellipsis when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def echo(value: object, limit: int = MAX_QUOTE) -> str:
    """A typed value as it may be echoed in a refusal: cleaned and short."""
    return shorten(clean(str(value)), limit)


def quote(value: object, limit: int = MAX_QUOTE) -> str:
    """:func:`echo` in quotes."""
    return f"'{echo(value, limit)}'"


def fit(text: str, limit: int = MAX_MESSAGE) -> str:
    """``text`` fitted to one message: its first line (what it is) and the newest lines that
    fit, with a note of how many lines in between were left out."""
    if len(text) <= limit:
        return text
    head, *lines = text.split("\n")
    used = len(head) + _NOTE_ROOM
    if not lines or used + 2 > limit:
        return shorten(text, limit)
    kept: list[str] = []
    for line in reversed(lines):
        if used + 1 + len(line) > limit:
            break
        kept.append(line)
        used += 1 + len(line)
    if not kept:  # the newest line alone is too long: show its start
        kept.append(shorten(lines[-1], limit - used - 1))
    note = f"… ({len(lines) - len(kept)} earlier lines not shown)"
    return "\n".join([head, note, *reversed(kept)])


_NOTE_ROOM = 48
"""Room kept for the "… (N earlier lines not shown)" line."""
