"""The rules version a new game of each title starts on. Configs that tests make for new games
name it, since a config without one reads as version 1 (the rules of games stored before
versions were recorded)."""

from __future__ import annotations

from engine.rotw import versions as rotw_versions
from engine.ultimate import versions as ultimate_versions

CURRENT = {"rotw": rotw_versions.VERSION, "ultimate": ultimate_versions.VERSION}
"""Titles still on their first rules (New England) are not listed."""


def current(title_id: str) -> int:
    return CURRENT.get(title_id, 1)
