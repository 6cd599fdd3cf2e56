"""Map data files (one JSON file per map, ``maps/<map-id>.json``) and their loaders.

The files are found next to this module, so they travel inside the wheel. ``schema.json`` is the
JSON Schema of the map format, not a map; ``cards/<map-id>.json`` holds a map's card decks.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.rotw.mapdef import MapDef, parse_map
from engine.rotw.timemap import compose, split_id
from maps import transcontinental

HERE = Path(__file__).resolve().parent
CARDS = HERE / "cards"
EVENT_DECK = HERE / "decks" / "event-deck.json"
SCHEMA = HERE / "schema.json"


class UnknownMap(KeyError):
    """No data file for the map id asked for; the message lists the ids that exist."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown map"


def map_ids() -> list[str]:
    """Every map id players can choose, sorted: the names of ``maps/*.json`` except the schema,
    and the Transcontinental game's joined board (composed from two of them)."""
    files = [p.stem for p in HERE.glob("*.json") if p.resolve() != SCHEMA]
    return sorted([*files, transcontinental.JOINED])


def board_ids() -> list[str]:
    """Every board a game may be played on: the maps and the Transcontinental Eastern phase."""
    return sorted([*map_ids(), transcontinental.EAST_BOARD])


def _read(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{path.name}: the top level must be a JSON object")
    return data


def load_data(map_id: str) -> dict[str, Any]:
    """The decoded JSON of one map; :class:`UnknownMap` names the known ids for an unknown id."""
    if map_id not in board_ids():
        known = ", ".join(map_ids()) or "none"
        raise UnknownMap(f"no map '{map_id}'; known maps: {known}")
    if map_id in transcontinental.BOARDS:
        return transcontinental.compose(map_id, load_data("eastern-us"), load_data("western-us"))
    return _read(HERE / f"{map_id}.json")


@lru_cache(maxsize=32)
def load(map_id: str) -> MapDef:
    """The parsed map (cached: a MapDef is immutable). A Railways through Time id that names
    its periods (``through-time:stone-age+egypt``) gives those period boards side by side."""
    base, chosen = split_id(map_id)
    if chosen:
        return compose(load(base), chosen)
    return parse_map(load_data(map_id))


def load_schema() -> dict[str, Any]:
    """The JSON Schema of the map format."""
    return _read(SCHEMA)


def card_map_ids() -> list[str]:
    """The maps that have cards: a card file, or the Transcontinental decks composed from three."""
    return sorted([p.stem for p in CARDS.glob("*.json")] + [transcontinental.JOINED])


@lru_cache(maxsize=32)
def load_cards(map_id: str) -> dict[str, Any]:
    """The map's Rail Baron and Railroad Operations cards (``maps/cards/<map>.json``), with the
    Event Deck under ``event_deck``.

    The shape is described in ``maps/CARDS.md``. Callers must not mutate the result (it is cached).
    """
    if map_id in transcontinental.BOARDS:
        cards = transcontinental.compose_cards(*(_read(CARDS / f"{m}.json") for m in (
            "eastern-us", "western-us", "north-america")))
        return {**cards, "event_deck": load_event_deck()}
    if map_id not in card_map_ids():
        known = ", ".join(card_map_ids()) or "none"
        raise UnknownMap(f"no card data for map '{map_id}'; maps with cards: {known}")
    return {**_read(CARDS / f"{map_id}.json"), "event_deck": load_event_deck()}


@lru_cache(maxsize=1)
def load_event_deck() -> dict[str, Any]:
    """The Event Deck mini-expansion's cards (``decks/event-deck.json``), shared by every map."""
    return _read(EVENT_DECK)
