"""Every card file's effect and goal types: documented in CARDS.md, and known to the engine."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import maps
from engine.core.replay import new_game
from engine.rotw.carddeck import GOAL_ALIASES
from engine.rotw.cards import baron_points
from engine.rotw.title import RotwTitle

CARDS_MD = Path(maps.__file__).parent / "CARDS.md"
CARD_FILES = sorted((Path(maps.__file__).parent / "cards").glob("*.json"))
ENGINE = Path(__file__).resolve().parents[2] / "engine" / "rotw"
BARON_KEYS = {"id", "name", "text", "goal", "source", "note", "black_star"}


def _files() -> dict[str, dict[str, Any]]:
    return {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in CARD_FILES}


def _section(title: str) -> str:
    text = CARDS_MD.read_text(encoding="utf-8")
    return text.split(f"## {title}", 1)[1].split("\n## ", 1)[0]


def _params(title: str) -> dict[str, set[str]]:
    """Type -> documented params, from "- `type` {a, b}" and "- `type` also takes {c}" lines."""
    out: dict[str, set[str]] = {}
    for kind, params in re.findall(r"^- `([a-z_]+)` (?:also takes )?\{([a-z_, ]*)\}",
                                   _section(title), flags=re.M):
        out.setdefault(kind, set()).update(p.strip() for p in params.split(",") if p.strip())
    return out


def _operation_rules() -> list[tuple[str, dict[str, Any]]]:
    return [(m, c.get("effect") or c["goal"]) for m, f in _files().items()
            for c in f["operations"]]


def _baron_goals() -> list[tuple[str, dict[str, Any]]]:
    return [(m, b["goal"]) for m, f in _files().items() for b in f["barons"]]


def _engine_source() -> str:
    # The built-in Eastern U.S. data names types too; it is data, not a handler.
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(ENGINE.glob("*.py"))
                     if p.name != "carddata.py")


def test_there_is_a_card_file_for_every_map() -> None:
    # The Transcontinental decks are composed from the Eastern, Western and North America files.
    assert {p.stem for p in CARD_FILES} | {"transcontinental"} == set(maps.map_ids())
    assert maps.load_cards("transcontinental")["barons"]


def test_every_operations_type_is_documented_with_its_params() -> None:
    documented = _params("Operations effects")
    for map_id, rule in _operation_rules():
        assert rule["type"] in documented, (map_id, rule["type"])
        assert set(rule) - {"type"} <= documented[rule["type"]], (map_id, rule)


def test_every_baron_goal_type_is_documented_with_its_params() -> None:
    documented = _params("Rail Baron goals")
    for map_id, goal in _baron_goals():
        assert goal["type"] in documented, (map_id, goal["type"])
        assert set(goal) - {"type"} <= documented[goal["type"]], (map_id, goal)
    extra = {k for f in _files().values() for b in f["barons"] for k in b} - BARON_KEYS
    assert not extra, extra
    assert "`black_star: true`" in _section("Rail Baron goals")


def test_every_type_has_a_handler_in_the_engine() -> None:
    source = _engine_source()
    types = {r["type"] for _, r in _operation_rules()} | {g["type"] for _, g in _baron_goals()}
    for kind in sorted(types):
        handled = GOAL_ALIASES.get(kind, kind)
        assert f'"{handled}"' in source, f"no engine code names {kind}"


@pytest.mark.parametrize("map_id", [p.stem for p in CARD_FILES])
def test_every_baron_scores_on_a_fresh_game_and_an_unknown_goal_scores_nothing(
        map_id: str) -> None:
    cards = maps.load_cards(map_id)
    cards = {**cards, "barons": [*cards["barons"], {
        "id": "mystery", "name": "Mystery", "text": "", "goal": {"type": "no_such_goal"}}]}
    title = RotwTitle(maps.load, lambda _m: cards)
    config = {"title": "rotw", "map": map_id, "options": {}, "seed": 3,
              "rules_version": title.meta.rules_version,
              "players": [{"seat": i, "name": f"P{i}", "colour": c}
                          for i, c in enumerate(("black", "green"))]}
    state = new_game(title, config)
    ctx = title.context(map_id)
    for b in cards["barons"]:
        state["players"][0]["baron"] = b["id"]
        points = baron_points(state, ctx, 0)
        assert isinstance(points, int) and points >= 0, b["id"]
        if b["id"] == "mystery":
            assert points == 0
