"""Map data files (one JSON file per map) and their loader."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from engine.rotw.mapdef import MapDef, parse_map

HERE = Path(__file__).parent


def map_ids() -> list[str]:
    return sorted(p.stem for p in HERE.glob("*.json") if p.stem != "schema")


def load_data(map_id: str) -> dict[str, Any]:
    path = HERE / f"{map_id}.json"
    if not path.is_file():
        raise KeyError(f"no map '{map_id}'; known maps: {', '.join(map_ids()) or 'none'}")
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@cache
def load(map_id: str) -> MapDef:
    return parse_map(load_data(map_id))


@cache
def load_cards(map_id: str) -> dict[str, Any]:
    """The map's Rail Baron and Railroad Operations cards (``maps/cards/<map>.json``)."""
    path = HERE / "cards" / f"{map_id}.json"
    if not path.is_file():
        raise KeyError(f"no card data for map '{map_id}'")
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data
