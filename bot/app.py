"""The composition root: which titles are shipped, where maps come from, how boards are drawn."""

from __future__ import annotations

from typing import Any

from PIL import Image

import maps
import renderers
from bot.commands import Dispatcher
from bot.service import GameService
from bot.storage import Store
from engine.core import Registry, Title
from engine.newengland import DATA, NewEnglandTitle
from engine.rotw.title import RotwTitle
from engine.ultimate import DATA as ULTIMATE_DATA
from engine.ultimate import UltimateTitle
from renderers.kit.png import encode_posted

DEFAULT_DB = "./railbot.sqlite3"


def default_registry() -> Registry:
    registry = Registry()
    for title in shipped_titles():
        registry.register(title)
    return registry


def shipped_titles() -> list[Title]:
    """The titles players can choose (test-only titles live in tests/, never here)."""
    return [
        RotwTitle(maps.load, maps.load_cards),
        NewEnglandTitle(DATA),
        UltimateTitle(ULTIMATE_DATA),
    ]


def render_board(
    title: str, view: dict[str, Any], map_id: str | None, zoom: str | None
) -> bytes | None:
    img = renderers.compose(title, view, _shown_map(title, view, map_id), zoom=zoom)
    return None if img is None else encode_posted(img)


def _shown_map(title: str, view: dict[str, Any], map_id: str | None) -> Any:
    # Every picture (board, focus, replay frame) draws the board through here, so they agree.
    # A game's own map can differ from the one it was opened with (Railways through Time plays
    # the periods chosen at the start; the Transcontinental game moves to the joined board when
    # the West opens): the view names it.
    shown = view.get("map") if title == "rotw" else None
    return maps.load(str(shown or map_id)) if (shown or map_id) else None


def draw_focus(
    title: str, view: dict[str, Any], map_id: str | None, whole: Image.Image | None
) -> Image.Image | None:
    """The focus picture of the last move, cut from ``whole`` when it is drawn already."""
    return renderers.compose_focus(title, view, _shown_map(title, view, map_id), whole)


def draw_board(
    title: str, view: dict[str, Any], map_id: str | None, zoom: str | None
) -> Image.Image | None:
    return renderers.compose(title, view, _shown_map(title, view, map_id), zoom=zoom)


def draw_frame(
    title: str, view: dict[str, Any], map_id: str | None, width: int, focus: bool,
    keep: dict[str, Any] | None = None,
) -> Image.Image | None:
    """A replay frame's picture, drawn only as big as it is shown (with ``keep``, a replay's
    memo, only what changed since its last frame)."""
    return renderers.compose_frame(title, view, _shown_map(title, view, map_id), width,
                                   focus=focus, keep=keep)


def warm_boards(title: str, view: dict[str, Any], map_id: str | None,
                posted: Image.Image | None = None) -> int:
    """Prepare the game's whole-board pictures without posting them (see renderers.warm)."""
    return renderers.warm(title, view, _shown_map(title, view, map_id), posted=posted)


def make_service(store: Store, registry: Registry | None = None, **kwargs: Any) -> GameService:
    renderers.warm_up()  # the first picture after a restart draws only itself
    return GameService(
        store, registry or default_registry(), render=render_board, draw=draw_board,
        focus=draw_focus, frames=draw_frame, warm=warm_boards, **kwargs
    )


def make_dispatcher(service: GameService) -> Dispatcher:
    return Dispatcher(service)
