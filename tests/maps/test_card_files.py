"""The Eastern U.S. card file: the appendix's deck, and every effect documented in CARDS.md."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import maps

CARDS_MD = Path(maps.__file__).parent / "CARDS.md"
KINDS = {"green", "diamond", "x", "hand", "infinity"}

# The compendium's appendix: card name -> (icon, EUS count, start card).
APPENDIX: dict[str, tuple[str, int, bool]] = {
    "City Growth": ("x", 4, False),
    "Government Land Grant": ("hand", 4, False),
    "Hotel": ("infinity", 6, False),
    "New Industry": ("x", 4, False),
    "Passenger Lines": ("green", 1, True),
    "Perfect Engineering": ("diamond", 2, False),
    "Railroad Executive": ("x", 2, False),
    "Service Bounty": ("green", 6, True),
    "Speed Record": ("green", 1, True),
    "The Railroad Era Begins": ("green", 1, True),
}


@pytest.fixture(scope="module")
def cards() -> dict[str, Any]:
    return maps.load_cards("eastern-us")


def _documented(section: str) -> set[str]:
    text = CARDS_MD.read_text(encoding="utf-8")
    part = text.split(f"## {section}", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^- `([a-z_]+)` \{", part, flags=re.M))


def _base_name(name: str) -> str:
    return re.sub(r"\s*\(.*\)$", "", name)


def test_operations_deck_is_the_appendix(cards: dict[str, Any]) -> None:
    counts: Counter[str] = Counter()
    for card in cards["operations"]:
        base = _base_name(card["name"])
        kind, _, start = APPENDIX[base]
        assert card["kind"] == kind, card["id"]
        assert card["start"] is start, card["id"]
        counts[base] += card["count"]
    assert dict(counts) == {name: n for name, (_, n, _) in APPENDIX.items()}
    assert sum(counts.values()) == 31


def test_twelve_barons_with_unique_ids(cards: dict[str, Any]) -> None:
    ids = [b["id"] for b in cards["barons"]]
    assert len(ids) == 12 == len(set(ids))
    names = {b["name"] for b in cards["barons"]}
    assert {"Henry Farnam", "George Pullman", "Cornelius Vanderbilt"} <= names


def test_operation_fields(cards: dict[str, Any]) -> None:
    ids = [c["id"] for c in cards["operations"]]
    assert len(ids) == len(set(ids))
    for card in cards["operations"]:
        assert card["kind"] in KINDS
        assert 1 <= len(card["short"]) <= 14, card["short"]
        assert isinstance(card["count"], int) and card["count"] >= 1
        assert card["source"] in {"rulebook", "house"}
        assert card["text"] and card["effect"]["type"]
        if card["kind"] == "green":
            assert card["effect"]["points"] > 0


def test_city_named_cards_name_map_cities(cards: dict[str, Any]) -> None:
    m = maps.load("eastern-us")
    named = [c["effect"] for c in cards["operations"] if "city" in c["effect"]]
    named += [b["goal"] for b in cards["barons"] if "city" in b["goal"]]
    assert named
    for params in named:
        assert params["city"] in m.cities
    for b in cards["barons"]:
        for city in b["goal"].get("cities", []):
            assert city in m.cities


def test_hotels_and_bounties_are_house_cities(cards: dict[str, Any]) -> None:
    for card in cards["operations"]:
        base = _base_name(card["name"])
        if base in {"Hotel", "Service Bounty"}:
            assert card["source"] == "house"
            assert card["effect"]["city"] in card["name"]
            assert card["count"] == 1
    hotels = [c["effect"]["city"] for c in cards["operations"] if c["effect"]["type"] == "hotel"]
    assert len(set(hotels)) == 6
    m = maps.load("eastern-us")
    assert all(m.cities[h].colour != "gray" for h in hotels)
    bounties = [c["effect"] for c in cards["operations"]
                if c["effect"]["type"] == "service_bounty"]
    assert len({b["city"] for b in bounties}) == 6
    assert all(2 <= b["points"] <= 4 for b in bounties)


def test_every_effect_and_goal_is_documented(cards: dict[str, Any]) -> None:
    effects = {c["effect"]["type"] for c in cards["operations"]}
    goals = {b["goal"]["type"] for b in cards["barons"]}
    assert effects <= _documented("Operations effects")
    assert goals <= _documented("Rail Baron goals")


def test_documented_params_are_the_ones_used(cards: dict[str, Any]) -> None:
    text = CARDS_MD.read_text(encoding="utf-8")
    params = dict(re.findall(r"^- `([a-z_]+)` \{([a-z_, ]*)\}", text, flags=re.M))
    for obj in [c["effect"] for c in cards["operations"]] + [b["goal"] for b in cards["barons"]]:
        expected = {p.strip() for p in params[obj["type"]].split(",") if p.strip()}
        assert set(obj) - {"type"} == expected, obj
