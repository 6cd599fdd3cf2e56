"""Great Britain (England and Wales basic game): the Humber, terrain costs, bonds, Tunnel
Engineer."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.rotw.buildterms import BuildTerms

maps = pytest.importorskip("maps")


def test_no_track_crosses_the_humber() -> None:
    from rotw_kit import Kit

    from engine.rotw.title import RotwTitle

    title = RotwTitle(maps.load, maps.load_cards)
    kit = Kit(3, 5, title, "great-britain")
    kit.to_actions()
    ctx = title.context("great-britain")
    assert ctx.mapdef.impassable
    a, b = sorted(next(iter(ctx.mapdef.impassable)), key=lambda h: h.label)
    assert ctx.is_blocked(a, b)
    from engine.rotw.track import plan_build

    # Any build stepping across a Humber edge is refused, whatever else it does.
    for edge in ctx.mapdef.impassable:
        x, y = sorted(edge, key=lambda h: h.label)
        start = next((c for c in ctx.mapdef.cities.values() if c.hex.distance(x) == 1), None)
        if start is None or start.hex.direction_to(x) not in start.entry:
            continue
        with pytest.raises(IllegalAction) as err:
            plan_build(kit.state, ctx, kit.seat, {"start": start.name, "path": [x.label,
                                                                               y.label]})
        assert err.value.code in ("impassable", "city_entry", "through_city", "sharp_curve")


def test_water_3000_mountain_4000_and_tunnel_engineer_halves_mountains() -> None:
    from engine.rotw.context import MapContext

    md = maps.load("great-britain")
    ctx = MapContext(md, maps.load_cards("great-britain"))
    kinds = {t: h for h, t in md.terrain.items()}
    assert ctx.tile_cost(kinds["river"]) == 3000 or ctx.tile_cost(kinds.get("lake",
                                                                            kinds["river"])) == 3000
    assert ctx.tile_cost(kinds["mountain"]) == 4000
    assert BuildTerms(tunnel=True).hex_cost(ctx, kinds["mountain"]) == 2000
    assert not md.ridges


def test_bonds_only_as_many_as_a_payment_needs() -> None:
    from rotw_kit import actions_kit

    kit = actions_kit()
    kit.state["players"][0]["money"] = 0
    kit.act({"type": "build", "seat": 0, "start": "Cincinnati", "path": ["F6", "E6"]})
    p = kit.state["players"][0]
    # $6,000 with no cash: exactly two $5,000 bonds, $4,000 left over.
    assert p["bonds"] == 2 and p["money"] == 4000
