"""The title registry: which games exist, looked up by id."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.core.errors import IllegalAction
from engine.core.replay import replay
from engine.core.title import Title
from engine.core.types import Action, Config, State


class Registry:
    def __init__(self) -> None:
        self._titles: dict[str, Title] = {}

    def register(self, title: Title) -> None:
        self._titles[title.meta.id] = title

    def unregister(self, title_id: str) -> None:
        self._titles.pop(title_id, None)

    def get(self, title_id: str) -> Title:
        try:
            return self._titles[title_id]
        except KeyError:
            known = ", ".join(sorted(self._titles)) or "none"
            raise IllegalAction(
                "unknown_title", f"There is no game system '{title_id}'. Choose one of: {known}."
            ) from None

    def __contains__(self, title_id: object) -> bool:
        return title_id in self._titles

    def __iter__(self) -> Iterator[Title]:
        return iter(sorted(self._titles.values(), key=lambda t: t.meta.id))

    def replay(self, config: Config, actions: Sequence[Action]) -> State:
        """Rebuild a game from its config and its (undo-free) action log."""
        return replay(self.get(config["title"]), config, actions)
