"""Held cards played on a Build Track or Upgrade Engine action (expansion decks)."""

from __future__ import annotations

import pytest
from expansion_kit import expansion_kit, give, op

from engine.core.errors import IllegalAction
from engine.rotw.track import plan_build

CARDS = [
    op("tunnel-engineer", "hand", {"type": "tunnel_engineer", "factor": 0.5}),
    op("civil-engineers", "hand", {"type": "water_cost", "cost": 1000}),
    op("hot-springs", "hand", {"type": "hot_springs", "points_per_mountain": 1}),
    op("coal-fueled-engines", "hand", {"type": "upgrade_discount", "factor": 0.5}),
    op("engine-upgrade", "hand", {"type": "free_upgrade"}),
]
MOUNTAIN = {"start": "Cincinnati", "path": ["F6", "E6"]}      # open + mountain
RIDGE = {"start": "St. Louis", "path": ["F3", "E3", "D3"]}     # three open, one ridge
WATER = {"start": "Baltimore", "path": ["F9", "E9"]}           # open + river


def cost(kit, seat: int, build: dict, cards: list[str] | None = None) -> int:  # type: ignore[no-untyped-def]
    ctx = kit.title.context("mini")
    return plan_build(kit.state, ctx, seat, {**build, "cards": cards or []}).cost


def test_tunnel_engineer_halves_mountains_and_ridges_for_one_build() -> None:
    kit = expansion_kit(CARDS)
    give(kit, 0, "tunnel-engineer")
    assert cost(kit, 0, MOUNTAIN) == 6000
    assert cost(kit, 0, MOUNTAIN, ["tunnel-engineer"]) == 4000
    assert cost(kit, 0, RIDGE) == 10000
    assert cost(kit, 0, RIDGE, ["tunnel-engineer"]) == 8000
    assert cost(kit, 0, WATER, ["tunnel-engineer"]) == 5000  # water is not its business
    kit.act({"type": "build", "seat": 0, **MOUNTAIN, "cards": ["tunnel-engineer"]})
    p = kit.state["players"][0]
    assert "tunnel-engineer" not in p["hand"] and "tunnel-engineer" in kit.state["ops"]["discard"]


def test_civil_engineers_make_every_water_hex_cost_1000() -> None:
    kit = expansion_kit(CARDS)
    give(kit, 0, "civil-engineers")
    assert cost(kit, 0, WATER) == 5000
    assert cost(kit, 0, WATER, ["civil-engineers"]) == 3000


def test_hot_springs_pays_a_point_per_mountain_tile() -> None:
    kit = expansion_kit(CARDS)
    give(kit, 0, "hot-springs")
    before = kit.state["players"][0]["score"]
    kit.act({"type": "build", "seat": 0, **MOUNTAIN, "cards": ["hot-springs"]})
    assert kit.state["players"][0]["score"] == before + 1


def test_a_card_must_be_held_to_be_played() -> None:
    kit = expansion_kit(CARDS)
    with pytest.raises(IllegalAction, match="Tunnel Engineer is not a build card in your hand"):
        kit.act({"type": "build", "seat": 0, **MOUNTAIN, "cards": ["tunnel-engineer"]})


def test_coal_fueled_engines_half_price_rounded_up_and_engine_upgrade_free() -> None:
    kit = expansion_kit(CARDS, tables={"engine_costs": {"source": "house", "by_level": {
        "2": 5000, "3": 10000, "4": 10000, "5": 15000, "6": 15000, "7": 20000, "8": 20000}}})
    give(kit, 0, "coal-fueled-engines")
    give(kit, 1, "engine-upgrade")
    kit.state["players"][0]["money"] = 10000
    kit.act({"type": "upgrade", "seat": 0, "cards": ["coal-fueled-engines"]})
    assert kit.state["players"][0]["money"] == 10000 - 3000  # half of $5,000 rounded up
    kit.state["players"][1]["money"] = 0
    kit.act({"type": "upgrade", "seat": 1, "cards": ["engine-upgrade"]})
    p1 = kit.state["players"][1]
    assert p1["engine"] == 2 and p1["money"] == 0 and p1["bonds"] == 0
    assert not p1["hand"]
    with pytest.raises(IllegalAction, match="held"):
        kit.act({"type": "upgrade", "seat": 0, "cards": ["engine-upgrade"]})


def test_the_upgrade_command_names_a_card_by_its_plain_id() -> None:
    kit = expansion_kit(CARDS)
    give(kit, 0, "coal-fueled-engines")
    act = kit.title.command_to_action(kit.state, 0, "upgrade", {"cards": "coal-fueled-engines"})
    assert act["cards"] == ["coal-fueled-engines"]
    legal = kit.title.legal(kit.state, 0)
    assert {"type": "upgrade", "seat": 0, "cards": ["coal-fueled-engines"], "cost": 3000} in legal
