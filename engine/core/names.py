"""Reading what a player typed for a card, city or colour: names, ids and prefixes, any case.

Every title resolves typed names through :func:`resolve`, so "pitts", "PITTSBURGH" and
"Government Land Grant" work the same everywhere, and a prefix that fits several things says so.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from engine.core.errors import IllegalAction

T = TypeVar("T")

_SEPARATORS = re.compile(r"[\s_\-.'()]+")


SPELLINGS = {"kiev": "kyiv", "odessa": "odesa", "kharkov": "kharkiv", "lvov": "lviv",
             "lwow": "lviv", "lemberg": "lviv", "peking": "beijing", "canton": "guangzhou",
             "bombay": "mumbai", "calcutta": "kolkata", "madras": "chennai"}
"""Older transliterations read as the current ones: a player may type either (names, ids and
choices alike); replies keep the spelling of the board."""

# normalise and modern are pure and asked for the same few labels again and again (a computer
# player's trials resolve every choice by its name): they keep what they found.


@functools.lru_cache(maxsize=4096)
def normalise(text: str) -> str:
    """Lower case, with spaces, hyphens, underscores, dots and brackets read alike."""
    return " ".join(_SEPARATORS.split(text.strip().lower())).strip()


@functools.lru_cache(maxsize=4096)
def modern(text: str) -> str:
    """Normalised text with older transliterations as today's ("wood kiev" -> "wood kyiv")."""
    return " ".join(SPELLINGS.get(w, w) for w in normalise(text).split(" "))


def respell(value: str) -> str:
    """An id as a player reads it: words in an older transliteration in today's spelling
    ("wood-kiev" -> "wood-kyiv"); :func:`normalise` reads both alike."""
    return "-".join(SPELLINGS.get(w, w) for w in value.split("-"))


@dataclass(frozen=True)
class Named(Generic[T]):
    """One thing a player may name: its ``value``, the ``label`` players read, other spellings."""

    value: T
    label: str
    aliases: tuple[str, ...] = ()

    def spellings(self) -> list[str]:
        """Every way to write it: its label and aliases as written, and in today's
        transliteration where that differs (so "Lem" still starts Lemberg, and "Lviv" names
        it too)."""
        found = [normalise(x) for x in (self.label, *self.aliases)]
        return list(dict.fromkeys(s for x in found for s in (x, modern(x)) if s))


def named(values: Iterable[str]) -> list[Named[str]]:
    """Things named by their own text (cities, colours)."""
    return [Named(v, v) for v in values]


def _distinct(found: list[Named[T]]) -> list[Named[T]]:
    """Copies with the same label (two Land Grants in a hand) count as one choice."""
    out: list[Named[T]] = []
    for n in found:
        if all(n.label != m.label for m in out):
            out.append(n)
    return out


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and the word for that many: "1 point", "2 points", "1 coal" with ``many``."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def listing(labels: Sequence[str], last: str = "and") -> str:
    """"a", "a and b", "a, b and c" (or "a, b or c")."""
    items = list(labels)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def find(text: str, options: Sequence[Named[T]]) -> list[Named[T]]:
    """The options ``text`` names: exact matches win, then prefixes of a whole spelling, then
    prefixes of a later word ("york" for New York). Identical copies count once."""
    keys = list(dict.fromkeys((normalise(text), modern(text))))
    if not keys[0]:
        return []
    exact = [n for n in options if any(k in n.spellings() for k in keys)]
    if exact:
        return _distinct(exact)
    whole = [n for n in options if any(s.startswith(k) for s in n.spellings() for k in keys)]
    if whole:
        return _distinct(whole)
    return _distinct([n for n in options if any(
        w.startswith(k) for s in n.spellings() for w in s.split(" ")[1:] for k in keys)])


def resolve(text: object, options: Sequence[Named[T]], what: str,
            missing: str | None = None) -> T:
    """The one option ``text`` names, or a refusal a player can act on.

    ``what`` names the kind of thing ("city", "card"); ``missing`` replaces the sentence said
    when nothing matches (by default it lists up to eight choices).
    """
    typed = str(text).strip() if isinstance(text, str | int) else ""
    if not typed:
        labels = [n.label for n in _distinct(list(options))]
        some = f": {listing(labels, 'or')}" if 0 < len(labels) <= 8 else ""
        raise IllegalAction(f"need_{what.replace(' ', '_')}", f"Name a {what}{some}.")
    found = find(typed, options)
    if len(found) == 1:
        return found[0].value
    if found:
        shown = [n.label for n in found]
        more = f" and {len(shown) - 8} more" if len(shown) > 8 else ""
        raise IllegalAction(f"ambiguous_{what.replace(' ', '_')}",
                            f"'{typed}' matches {listing(shown[:8])}{more}; type more of the "
                            f"{what}'s name.")
    if missing is None:
        labels = [n.label for n in _distinct(list(options))]
        if not labels:
            missing = f"There is no {what} called '{typed}'."
        elif len(labels) <= 8:
            missing = f"There is no {what} called '{typed}'; choose {listing(labels, 'or')}."
        else:
            missing = f"There is no {what} called '{typed}'."
    raise IllegalAction(f"unknown_{what.replace(' ', '_')}", missing)
