"""Every shipped map is registered with its player counts, and the game options fit the maps."""

from __future__ import annotations

import pytest
from rotw_kit import config

from engine.core.errors import IllegalAction
from engine.core.replay import new_game
from engine.rotw.commands import META
from engine.rotw.title import RotwTitle

maps = pytest.importorskip("maps")


def title() -> RotwTitle:
    return RotwTitle(maps.load, maps.load_cards)


@pytest.mark.parametrize("map_id", [m for m in maps.map_ids()])
def test_every_map_file_is_registered_with_its_player_counts(map_id: str) -> None:
    meta = META.map(map_id)
    assert meta is not None, f"{map_id} has no MapMeta"
    md = maps.load(map_id)
    assert (meta.min_players, meta.max_players) == (md.min_players, md.max_players)
    assert meta.name == md.name
    if md.house_parts():
        assert meta.house_data


def test_player_counts_are_enforced_per_map() -> None:
    t = title()
    with pytest.raises(IllegalAction, match="2-4 players"):
        t.validate_config(config(5, map_id="nippon"))
    t.validate_config(config(4, map_id="nippon"))


def test_an_option_must_mean_something_on_the_chosen_map() -> None:
    t = title()
    cfg = config(3, map_id="europe")
    cfg["options"] = {"black_stars": True}
    with pytest.raises(IllegalAction, match="no meaning"):
        t.validate_config(cfg)
    cfg = config(3, map_id="mexico")
    cfg["options"] = {"black_stars": True}
    t.validate_config(cfg)


def test_black_star_barons_are_out_unless_chosen() -> None:
    t = title()
    ctx = t.context("mexico")
    stars = {b["id"] for b in ctx.cards["barons"] if b.get("black_star")}
    assert len(stars) == 4
    for seed in range(8):
        st = new_game(t, config(4, seed, "mexico"))
        dealt = {c for p in st["players"] for c in p["baron_choices"]}
        assert not dealt & stars
        assert "black_star_cards" not in st["rules"]
    seen: set[str] = set()
    for seed in range(12):
        cfg = config(4, seed, "mexico")
        cfg["options"] = {"black_stars": True}
        st = new_game(t, cfg)
        assert "black_star_cards" in st["rules"]
        seen |= {c for p in st["players"] for c in p["baron_choices"]}
    assert seen & stars


def test_western_optional_rules_default_on_and_can_be_switched_off() -> None:
    t = title()
    st = new_game(t, config(3, 1, "western-us"))
    assert {"city_rotors", "fuel_depots"} <= set(st["rules"])
    assert all(p["depots"] == 4 for p in st["players"])
    cfg = config(3, 1, "western-us")
    cfg["options"] = {"city_rotors": False, "fuel_depots": False}
    st = new_game(t, cfg)
    assert not {"city_rotors", "fuel_depots"} & set(st["rules"])
    assert all(p["depots"] == 0 for p in st["players"]) and st["rotors"] == {}
