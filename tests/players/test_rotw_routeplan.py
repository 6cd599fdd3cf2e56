"""The Railways of the World computer's delivery plans: a cube, a city of its colour and the
links still to build from its network toward it, followed over several moves."""

from __future__ import annotations

import dataclasses

from bot_games import easy_until_actions

from engine.rotw import delivery, network
from engine.rotw.player import RotwPlayer
from engine.rotw.routeplan import LONGEST, MAJOR_NEW, MOST_NEW, major_plans, next_links, plans


def test_a_plan_is_a_delivery_the_rules_would_allow_once_its_links_are_built() -> None:
    title, state = easy_until_actions(4)
    ctx = title.context(state["map"])
    seen = 0
    for seat in range(3):
        mine = {c for lk in network.complete_links(state, seat) for c in lk["cities"]}
        engine = int(state["players"][seat]["engine"])
        found = plans(state, ctx, seat, mine)
        assert found == plans(state, ctx, seat, mine)  # a function of the board alone
        worths = [pl.worth for pl in found]
        assert worths == sorted(worths, reverse=True)
        own = {frozenset(c) for lk in network.complete_links(state, seat)
               for c in [lk["cities"]]}
        for pl in found:
            seen += 1
            assert pl.colour in state["cities"][pl.cube]["cubes"]
            assert pl.route[0] == pl.cube and len(set(pl.route)) == len(pl.route)
            assert 1 <= len(pl.route) - 1 <= LONGEST and len(pl.new) <= MOST_NEW
            # Only its last city takes the cube's colour (a cube stops at the first); the city
            # it starts in may be of its colour too (cubes drawn onto a city of their colour).
            assert delivery.takes(state, pl.route[-1], pl.colour)
            assert not any(delivery.takes(state, c, pl.colour) for c in pl.route[1:-1])
            assert pl.new or pl.upgrades
            assert pl.upgrades == max(0, len(pl.route) - 1 - engine)
            # Its own links and the new ones score for it; the first link is its own.
            hops = [frozenset(h) for h in zip(pl.route, pl.route[1:], strict=False)]
            new = {frozenset(x) for x in pl.new}
            assert pl.points == sum(1 for h in hops if h in new or h in own)
            assert hops[0] in new or hops[0] in own
            if mine:
                assert set(pl.route) & mine
                assert all(set(x) & set(pl.route) for x in next_links(pl, mine))
    assert seen


def test_the_link_next_on_a_plan_is_pulled_toward() -> None:
    title, state = easy_until_actions(4)
    seat = title.to_act(state)[0]
    state["players"][seat]["money"] = 40_000
    planning = RotwPlayer(title)
    plain = RotwPlayer(title, dataclasses.replace(planning.weights, plan_pull=0.0))
    followed = planning._plans(state, seat, planning.bond_cap(state, seat))
    assert followed
    mine = {c for lk in network.complete_links(state, seat) for c in lk["cities"]}
    wanted = {frozenset(x) for _, pl in followed for x in next_links(pl, mine)}

    ctx = title.context(state["map"])
    at = {ctx.city(n).hex.label: n for n in state["cities"]}

    def rated(player: RotwPlayer) -> dict[str, tuple[float, frozenset[str]]]:
        # Each build offered: its prior, and the cities it links (its start, its path's end).
        return {repr(c.action): (c.prior, frozenset((c.action["start"],
                                                      at.get(c.action["path"][-1], ""))))
                for c in player.candidates(state, seat) if c.action["type"] == "build"}

    with_plans, without = rated(planning), rated(plain)
    pulled = [a for a, (_, cities) in with_plans.items() if cities in wanted]
    assert pulled
    for a in pulled:
        assert a not in without or with_plans[a][0] > without[a][0]


def test_a_major_line_plan_is_a_chain_of_its_own_links_and_links_to_build() -> None:
    seen = 0
    for turn in (1, 4):
        title, state = easy_until_actions(turn)
        ctx = title.context(state["map"])
        linked = {frozenset(c) for lk in network.complete_links(state) for c in [lk["cities"]]}
        for seat in range(3):
            mine = {c for lk in network.complete_links(state, seat) for c in lk["cities"]}
            own = {frozenset(c) for lk in network.complete_links(state, seat)
                   for c in [lk["cities"]]}
            found = major_plans(state, ctx, seat, mine, 5)
            assert found == major_plans(state, ctx, seat, mine, 5)
            lines = {(ml["a"], ml["b"]): ml for ml in state["major_lines"]}
            for pl in found:
                seen += 1
                line = lines[pl.route[0], pl.route[-1]]
                assert line["claimed_by"] is None and pl.points == line["points"]
                assert 1 <= len(pl.new) <= MAJOR_NEW and not pl.upgrades
                if mine:
                    assert set(pl.route) & mine
                new = {frozenset(x) for x in pl.new}
                for a, b in zip(pl.route, pl.route[1:], strict=False):
                    hop = frozenset((a, b))
                    # Its own link, or a pair nobody has linked, one build apart.
                    assert hop in own or (hop in new and hop not in linked
                                          and ctx.city(a).hex.distance(ctx.city(b).hex) <= 5)
                assert new.isdisjoint(own)
    assert seen
