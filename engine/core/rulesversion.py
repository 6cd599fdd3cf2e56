"""Which rules version a game plays under, read from its config (at set-up) or its state (on
every later move).

A title bumps ``TitleMeta.rules_version`` when a rules change would make stored moves play out
differently, and keeps the older behaviour for games recorded under the older version. A config
or state without a version comes from before versions were recorded: it reads as version 1. A
state carries its version only from version 2 on, so a version-1 game's state stays exactly as
the release that played it left it.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.types import Config, State

KEY = "rules_version"


def rules_version(source: Mapping[str, object]) -> int:
    """The rules version of a config or a state (none recorded: 1)."""
    version = source.get(KEY, 1)
    return version if isinstance(version, int) else 1


def rules_at_least(source: Mapping[str, object], version: int) -> bool:
    return rules_version(source) >= version


def keep_rules_version(state: State, config: Config) -> None:
    """Set-up: the state remembers its config's rules version, so later moves see it."""
    version = rules_version(config)
    if version > 1:
        state[KEY] = version
