"""A city's neighbours as the players weigh links to them: every other city within the reach
asked, with its distance, in the map's order, whatever was asked before."""

from __future__ import annotations

from bot_games import titles

from engine.rotw.title import RotwTitle


def test_the_cities_near_a_city_are_those_within_reach_with_their_distances() -> None:
    title = titles()["rotw"]
    assert isinstance(title, RotwTitle)
    ctx = title.context("eastern-us")
    names = list(ctx.mapdef.cities)
    for name in names[::7]:
        here = ctx.city(name).hex
        for reach in (4, 2):
            near = ctx.cities_near(name, reach)
            assert near == [(c, here.distance(ctx.city(c).hex)) for c in names
                            if c != name and here.distance(ctx.city(c).hex) <= reach]
            assert all(1 <= d <= reach for _, d in near)
        # Asked again, the same answer (kept, not worked out afresh wrongly).
        assert ctx.cities_near(name, 4) == ctx.cities_near(name, 4)
    # The map's cities have neighbours to build to (the lists are not all empty).
    assert all(ctx.cities_near(name, 4) for name in names[::7])
