"""Railways of England and Wales, the basic game: each rule of the map's text as a scenario on the
real board, with the text's own numbers (terrain costs, the four-bond example, the half-price
Tunnel Engineer, the Empty City Marker table)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from expansion_kit import give, show
from rotw_kit import Kit, set_cubes

import maps
from engine.core.errors import IllegalAction
from engine.core.hexgrid import Hex
from engine.rotw.context import MapContext
from engine.rotw.inspector import holders
from engine.rotw.title import RotwTitle
from engine.rotw.track import cheapest_route, plan_build
from maps.tools import build_england_wales as board_tool

MAP = "england-wales"
TITLE = RotwTitle(maps.load, maps.load_cards)
CTX: MapContext = TITLE.context(MAP)
MD = CTX.mapdef
# Carmarthen eastwards into the Cambrian Mountains: four mountain hexes in a row.
FOUR_MOUNTAINS = {"start": "Carmarthen", "path": ["AD7", "AD8", "AD9", "AD10"]}


def kit(n: int = 2, seed: int = 3) -> Kit:
    k = Kit(n, seed, TITLE, MAP)
    k.to_actions()
    return k


def build_cost(k: Kit, seat: int, build: dict[str, object],
               cards: list[str] | None = None) -> int:
    return plan_build(k.state, CTX, seat, {**build, "cards": cards or []}).cost


def ids(prefix: str) -> list[str]:
    from engine.rotw.carddeck import operation_ids

    return [c for c in operation_ids(CTX) if c.split("#")[0] == prefix]


def free_route(k: Kit, seat: int, a: str, b: str) -> list[str]:
    path, _ = cheapest_route(k.state, CTX, seat, a, b)
    return list(path)


def add_link(k: Kit, seat: int, a: str, b: str) -> None:
    """A complete link ``a``-``b`` for ``seat``, built with the rules' own route check."""
    from rotw_kit import connect

    connect(k, seat, a, b, free_route(k, seat, a, b))


def hexes() -> Iterator[Hex]:
    return iter(sorted(MD.terrain))


def steps_round(a: Hex, b: Hex) -> int:
    """Hex steps from ``a`` to ``b`` over the board without crossing a barrier."""
    seen, frontier, steps = {a}, [a], 0
    while frontier:
        if b in frontier:
            return steps
        steps += 1
        nxt = []
        for h in frontier:
            for _, n in h.neighbours():
                if MD.playable(n) and n not in seen and frozenset((h, n)) not in MD.impassable:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return -1


# --- the board --------------------------------------------------------------------------------

def test_the_board_has_no_ridges_and_black_barriers_that_no_track_crosses() -> None:
    assert not MD.ridges
    assert len(MD.impassable) >= 10
    hull, grimsby = MD.cities["Hull"].hex, MD.cities["Grimsby"].hex
    for a, b in MD.impassable:
        assert MD.playable(a) and MD.playable(b) and a.distance(b) == 1
    # The Humber: two hexes apart as the crow flies, Hull and Grimsby are far apart by land.
    assert hull.distance(grimsby) <= 2
    assert steps_round(hull, grimsby) >= 6
    k = kit()
    seat = k.seat
    k.state["players"][seat]["money"] = 50_000
    across = next(h for _, h in hull.neighbours() if frozenset((hull, h)) in MD.impassable)
    with pytest.raises(IllegalAction) as err:
        plan_build(k.state, CTX, seat, {"start": "Hull", "path": [across.label]})
    # the barrier is named as the reason, not only the city's entry sides
    assert err.value.code == "impassable"
    assert err.value.message == (f"A barrier (impassable terrain) runs between {hull.label} and "
                                 f"{across.label}: no track may cross it.")
    # a path that steps across a barrier edge in open country is refused by name
    for edge in sorted(MD.impassable, key=lambda e: sorted(h.label for h in e)):
        a, b = sorted(edge)
        start = next((c for c in MD.cities.values() if c.hex.distance(a) == 1
                      and c.hex.direction_to(a) in c.entry and c.hex != b
                      and MD.city_at(a) is None and MD.city_at(b) is None), None)
        if start is None:
            continue
        with pytest.raises(IllegalAction) as err:
            plan_build(k.state, CTX, seat, {"start": start.name, "path": [a.label, b.label]})
        if err.value.code == "impassable":
            assert "barrier" in err.value.message and "no track may cross" in err.value.message
            break
    else:
        pytest.fail("no barrier edge could be tried")
    # ... and no link joins Hull and Grimsby directly: a line goes round by Goole
    with pytest.raises(IllegalAction, match="No legal link from Hull reaches Grimsby"):
        free_route(k, seat, "Hull", "Grimsby")
    assert free_route(k, seat, "Hull", "Goole") and free_route(k, seat, "Goole", "Lincoln")
    assert free_route(k, seat, "Lincoln", "Grimsby")


def test_the_real_places_are_where_they_belong() -> None:
    c = MD.cities
    assert len(c) >= 50
    for name in ("London", "Birmingham", "Manchester", "Liverpool", "Leeds", "Bristol", "Cardiff",
                 "Swansea", "Newcastle", "Carlisle", "Holyhead", "Penzance", "Norwich", "Dover",
                 "Hull", "Grimsby", "Goole", "York", "Derby"):
        assert name in c, name
    # north to south and west to east on the grid as on the ground
    assert c["Berwick"].hex.row < c["Newcastle"].hex.row < c["Leeds"].hex.row \
        < c["Birmingham"].hex.row < c["London"].hex.row < c["Plymouth"].hex.row
    assert c["Holyhead"].hex.col < c["Liverpool"].hex.col < c["Manchester"].hex.col \
        < c["Leeds"].hex.col < c["Hull"].hex.col
    # Welsh mountains, the Lake District and the Pennines are mountain country
    def mountains_near(city: str, reach: int) -> int:
        h = c[city].hex
        return sum(1 for x, t in MD.terrain.items() if t == "mountain" and h.distance(x) <= reach)
    assert mountains_near("Aberystwyth", 2) >= 5
    assert mountains_near("Whitehaven", 3) >= 4
    assert mountains_near("Leeds", 3) >= 4
    assert mountains_near("Norwich", 4) == 0   # East Anglia is flat


def test_empty_city_marker_table_2_to_5_players() -> None:
    assert MD.min_players == 2 and MD.max_players == 5
    for n, needed in ((2, 9), (3, 11), (4, 13), (5, 15)):
        k = Kit(n, 1, TITLE, MAP)
        assert k.state["ecm"]["needed"] == needed


def test_a_sixth_player_cannot_sit_down() -> None:
    from rotw_kit import config

    from engine.core.replay import new_game

    with pytest.raises(IllegalAction, match="needs 2-5 players, not 6"):
        new_game(TITLE, config(6, 1, MAP))


# --- terrain and track ------------------------------------------------------------------------

def test_open_2000_water_3000_mountain_4000() -> None:
    k = kit()
    seat = k.seat
    # London east: a river hex then open country
    assert MD.terrain[CTX.hex("AG23")] == "river" and MD.terrain[CTX.hex("AG24")] == "open"
    assert build_cost(k, seat, {"start": "London", "path": ["AG23", "AG24"]}) == 3000 + 2000
    assert build_cost(k, seat, FOUR_MOUNTAINS) == 4 * 4000
    for h, t in MD.terrain.items():
        if t in ("river", "lake"):
            assert CTX.tile_cost(h) == 3000
        elif t == "open":
            assert CTX.tile_cost(h) == 2000


def test_a_mountain_hex_with_water_is_still_a_mountain_hex() -> None:
    wet_mountains = [h for h in hexes() if MD.terrain[h] == "mountain"
                     and board_tool.holds_water(h.row, h.col)]
    assert len(wet_mountains) >= 5
    assert all(CTX.tile_cost(h) == 4000 for h in wet_mountains)
    # any water in a hex without a dot makes it a water hex
    for h in hexes():
        if MD.terrain[h] not in ("mountain", "city") and board_tool.holds_water(h.row, h.col):
            assert MD.terrain[h] in ("river", "lake"), h.label
            assert CTX.tile_cost(h) == 3000


def test_the_data_file_is_what_the_board_tool_draws() -> None:
    built = board_tool.build()
    on_disk = maps.load_data(MAP)
    assert json.loads(json.dumps(built)) == on_disk


def test_a_build_lays_at_most_four_tiles() -> None:
    k = kit()
    seat = k.seat
    k.state["players"][seat]["money"] = 50_000
    with pytest.raises(IllegalAction):
        k.act({"type": "build", "seat": seat, "start": "Carmarthen",
               "path": ["AD7", "AD8", "AD9", "AD10", "AD11"]})


# --- bonds ------------------------------------------------------------------------------------

def test_bonds_with_0_dollars_and_16000_to_build_four_bonds_and_no_more() -> None:
    k = kit()
    seat = k.seat
    p = k.state["players"][seat]
    p["money"], p["bonds"] = 0, 0
    events = k.act({"type": "build", "seat": seat, **FOUR_MOUNTAINS})
    p = k.state["players"][seat]
    assert p["bonds"] == 4 and p["money"] == 4 * 5000 - 16000
    assert any("4 bonds issued" in e["text"] for e in events)


def test_no_bond_is_issued_when_cash_covers_the_payment() -> None:
    k = kit()
    seat = k.seat
    p = k.state["players"][seat]
    p["money"], p["bonds"] = 16000, 0
    k.act({"type": "build", "seat": seat, **FOUR_MOUNTAINS})
    p = k.state["players"][seat]
    assert p["bonds"] == 0 and p["money"] == 0


def test_there_is_no_move_that_only_issues_bonds() -> None:
    k = kit()
    seat = k.seat
    assert all(a["type"] != "bond" for a in TITLE.legal(k.state, seat))
    with pytest.raises(IllegalAction):
        k.act({"type": "bond", "seat": seat})
    assert all(c.name != "bond" for c in TITLE.meta.commands)


def test_a_bid_is_paid_with_only_the_bonds_it_needs() -> None:
    k = Kit(2, 3, TITLE, MAP)
    k.skip_barons()
    first = k.seat
    k.state["players"][first]["money"] = 1000
    k.act({"type": "bid", "seat": first, "amount": 7000})
    k.act({"type": "pass", "seat": k.seat})
    p = k.state["players"][first]
    assert p["bonds"] == 2 and p["money"] == 1000 + 10000 - 7000


# --- Operations cards -------------------------------------------------------------------------

def test_the_deck_holds_the_three_cards_of_the_text() -> None:
    names = {c["name"] for c in CTX.cards["operations"]}
    assert {"Passenger Line", "Tunnel Engineer", "Railway Inspector"} <= names
    assert len(ids("tunnel-engineer")) >= 1 and len(ids("railway-inspector")) >= 1
    total = sum(int(c.get("count", 1)) for c in CTX.cards["operations"])
    assert total == MD.table("card_counts")["operations"]
    assert len(CTX.cards["barons"]) == MD.table("card_counts")["barons"]


def test_tunnel_engineer_makes_every_mountain_2000_for_one_build() -> None:
    k = kit()
    seat = k.seat
    card = ids("tunnel-engineer")[0]
    give(k, seat, card)
    assert build_cost(k, seat, FOUR_MOUNTAINS) == 16000
    assert build_cost(k, seat, FOUR_MOUNTAINS, [card]) == 4 * 2000
    # water and open hexes keep their price
    assert build_cost(k, seat, {"start": "London", "path": ["AG23", "AG24"]}, [card]) == 5000
    # as typed in the guide
    typed = TITLE.command_to_action(k.state, seat, "build", {
        "from": "Carmarthen", "to": "Merthyr", "cards": "Tunnel Engineer"})
    assert typed["cards"] == [card]
    k.state["players"][seat]["money"] = 8000
    k.act({"type": "build", "seat": seat, **FOUR_MOUNTAINS, "cards": [card]})
    p = k.state["players"][seat]
    assert p["money"] == 0 and p["bonds"] == 0
    assert card not in p["hand"] and card in k.state["ops"]["discard"]


def test_tunnel_engineer_is_kept_in_hand_when_taken() -> None:
    k = kit()
    seat = k.seat
    card = ids("tunnel-engineer")[0]
    if card not in k.state["ops"]["display"]:
        show(k, card)
    k.act({"type": "card", "seat": seat, "card": card})
    assert card in k.state["players"][seat]["hand"]
    assert card not in k.state["ops"]["display"]


def _deliver_kit() -> tuple[Kit, int]:
    """The mover owns Manchester - Liverpool; Manchester holds one cube of each colour."""
    k = kit()
    seat = k.seat
    add_link(k, seat, "Manchester", "Liverpool")
    set_cubes(k, "Manchester", ["blue"])
    return k, seat


def test_passenger_line_goes_to_the_first_to_deliver_four_colours() -> None:
    k, seat = _deliver_kit()
    card = "passenger-line"
    assert card in k.state["ops"]["display"]  # a start card, face up from the beginning
    k.state["ops"]["display"] = [card]
    other = 1 - seat
    k.state["players"][seat]["colours_delivered"] = ["red", "yellow", "black"]
    k.state["players"][other]["colours_delivered"] = ["red", "yellow", "black"]
    before = k.state["players"][seat]["score"]
    # the cubes kept in front of each player: public while the card is to be won
    shown = TITLE.view(k.state, None)["players"]
    assert shown[seat]["colours_delivered"] == ["red", "yellow", "black"]
    k.act({"type": "deliver", "seat": seat, "city": "Manchester", "colour": "blue",
           "route": ["Manchester", "Liverpool"]})
    p = k.state["players"][seat]
    assert p["score"] == before + 1 + 4  # one link, then the card's 4 points
    assert card not in k.state["ops"]["display"]
    # ... and once it is won, every player's cubes go back to the bag
    assert all(q["colours_delivered"] == [] for q in TITLE.view(k.state, None)["players"])
    # the other player's fourth colour later earns nothing more
    k.state["phase"], k.state["players"][other]["score"] = "actions", 0
    add_link(k, other, "Leeds", "York")
    set_cubes(k, "Leeds", ["red", "blue"])
    while k.seat != other:
        k.act({"type": "pass", "seat": k.seat})
    k.act({"type": "deliver", "seat": other, "city": "Leeds", "colour": "red",
           "route": ["Leeds", "York"]})
    assert k.state["players"][other]["score"] == 1


def test_railway_inspector_stops_a_delivery_once_per_victim() -> None:
    k, mover = _deliver_kit()
    holder = 1 - mover
    first, second = ids("railway-inspector")[:2]
    give(k, holder, first)
    give(k, holder, second)
    before = (k.state["round"], k.state["order_pos"])
    k.act({"type": "deliver", "seat": mover, "city": "Manchester", "colour": "blue",
           "route": ["Manchester", "Liverpool"]})
    assert k.state["phase"] == "respond" and TITLE.to_act(k.state) == [holder]
    events = k.act(TITLE.command_to_action(k.state, holder, "inspect", {}))
    st = k.state
    assert st["cities"]["Manchester"]["cubes"] == ["blue"]      # the cube stays
    assert st["players"][mover]["score"] == 0                  # no delivery, no points
    assert (st["round"], st["order_pos"]) != before            # and the action is spent
    assert first not in st["players"][holder]["hand"] and first in st["ops"]["discard"]
    assert any("Railway Inspector" in e["text"] for e in events)
    assert TITLE.view(st, None)["players"][mover]["inspected"] is True  # shown face up
    # no player is stopped twice: the second card cannot touch this mover again
    assert holders(st, CTX, mover) == []
    while k.seat != mover:
        k.act({"type": "pass", "seat": k.seat})
    k.act({"type": "deliver", "seat": mover, "city": "Manchester", "colour": "blue",
           "route": ["Manchester", "Liverpool"]})
    assert k.state["phase"] == "actions" and k.state["cities"]["Manchester"]["cubes"] == []
    assert second in k.state["players"][holder]["hand"]


def test_the_inspector_holder_is_asked_in_the_cards_own_name() -> None:
    k, mover = _deliver_kit()
    holder = 1 - mover
    give(k, holder, ids("railway-inspector")[0])
    events = k.act({"type": "deliver", "seat": mover, "city": "Manchester", "colour": "blue",
                    "route": ["Manchester", "Liverpool"]})
    assert any("Railway Inspector (/inspect)" in e["text"] for e in events)
    labels = [s.label for s in TITLE.suggest(k.state, holder)]
    assert "Stop it with your Railway Inspector" in labels


# --- Rail Barons, Major Lines, the end --------------------------------------------------------

def test_each_player_keeps_one_of_two_secret_rail_barons() -> None:
    k = Kit(3, 2, TITLE, MAP)
    own = {b["id"] for b in CTX.cards["barons"]}
    public = json.dumps(TITLE.view(k.state, None))
    for p in k.state["players"]:
        assert len(p["baron_choices"]) == 2 and set(p["baron_choices"]) <= own
        assert all(c not in public for c in p["baron_choices"])
    k.skip_barons()
    for p in k.state["players"]:
        assert p["baron"] in own
    assert all(p["baron"] not in json.dumps(TITLE.view(k.state, None))
               for p in k.state["players"])


def test_a_major_line_scores_once_for_the_first_to_complete_it() -> None:
    line = next(m for m in MD.major_lines if {m.a, m.b} == {"Newcastle", "Carlisle"})
    k = kit()
    seat = k.seat
    other = 1 - seat
    k.state["players"][seat]["money"] = 60_000
    path = free_route(k, seat, "Carlisle", "Newcastle")
    assert path[-1] == MD.cities["Newcastle"].label and len(path) <= 5  # four tiles at most
    k.act({"type": "build", "seat": seat, "start": "Carlisle", "path": path})
    ml = next(m for m in k.state["major_lines"] if {m["a"], m["b"]} == {line.a, line.b})
    assert ml["claimed_by"] == seat
    assert k.state["players"][seat]["score"] == line.points
    # another player whose network joins the same two cities later scores nothing for it
    k.link(other, "Carlisle", "Newcastle", [])
    k.state["players"][other]["money"] = 60_000
    while k.seat != other:
        k.act({"type": "pass", "seat": k.seat})
    k.act({"type": "build", "seat": other, "start": "Newcastle",
           "path": free_route(k, other, "Newcastle", "Darlington")})
    assert ml["claimed_by"] == seat
    assert k.state["players"][other]["score"] == 0


def test_urbanize_costs_10000_and_adds_two_cubes() -> None:
    k = kit()
    seat = k.seat
    k.state["players"][seat]["money"] = 10_000
    k.act({"type": "urbanize", "seat": seat, "city": "Oxford", "colour": "blue"})
    assert k.state["players"][seat]["money"] == 0
    assert k.state["cities"]["Oxford"]["colour"] == "blue"
    assert len(k.state["cities"]["Oxford"]["cubes"]) == 1 + 2


def test_two_or_three_players_place_one_cube_fewer_per_city() -> None:
    for n, less in ((2, 1), (3, 1), (4, 0), (5, 0)):
        k = Kit(n, 1, TITLE, MAP)
        for name, c in MD.cities.items():
            assert len(k.state["cities"][name]["cubes"]) == max(1, c.cubes - less), (n, name)


def test_the_ninth_empty_city_ends_a_two_player_game() -> None:
    k, seat = _deliver_kit()
    emptied = 0
    for name in MD.cities:
        if name in ("Manchester", "Liverpool") or emptied == 8:
            continue
        set_cubes(k, name, [])
        k.state["cities"][name]["ecm"] = True
        k.state["ecm"]["placed"] += 1
        emptied += 1
    assert not k.state["ecm"]["end_triggered"]
    events = k.act({"type": "deliver", "seat": seat, "city": "Manchester", "colour": "blue",
                    "route": ["Manchester", "Liverpool"]})
    assert k.state["ecm"]["placed"] == 9 and k.state["ecm"]["end_triggered"]
    assert any(e["type"] == "end_triggered" for e in events)


def test_upgrading_is_one_level_at_a_time_at_the_engine_cost() -> None:
    k = kit()
    seat = k.seat
    k.state["players"][seat]["money"] = 5000
    k.act({"type": "upgrade", "seat": seat})
    p = k.state["players"][seat]
    assert p["engine"] == 2 and p["money"] == 5000 - MD.table("engine_costs")["by_level"]["2"]


def test_the_map_s_barons_score_what_their_cards_say() -> None:
    from engine.rotw.cards import baron_points

    k = kit()
    seat = k.seat
    other = 1 - seat
    k.state["players"][seat]["baron"] = "allport"   # 2 points a Derby link, at most 8
    k.state["players"][other]["baron"] = "watkin"   # Manchester, Sheffield and London joined
    for city in ("Nottingham", "Leicester", "Stoke", "Sheffield", "Birmingham"):
        add_link(k, seat, "Derby", city)
    assert baron_points(k.state, CTX, seat) == 8
    add_link(k, other, "Manchester", "Sheffield")
    assert baron_points(k.state, CTX, other) == 0
    k.link(other, "Sheffield", "London", [])
    assert baron_points(k.state, CTX, other) == 6


def test_a_held_tunnel_engineer_is_offered_on_the_build_it_saves_most_on() -> None:
    k = kit()
    seat = k.seat
    card = ids("tunnel-engineer")[0]
    labels = [s.label for s in TITLE.suggest(k.state, seat)]
    assert not any("Tunnel Engineer" in lb and lb.startswith("Build") for lb in labels)
    add_link(k, seat, "Carmarthen", "Swansea")
    set_cubes(k, "Merthyr Tydfil", ["black", "black"])
    give(k, seat, card)
    offer = next(s for s in TITLE.suggest(k.state, seat) if "with your Tunnel Engineer" in s.label)
    assert offer.command == "build" and offer.options["cards"] == "Tunnel Engineer"
    assert "saves" in offer.detail
    act = TITLE.command_to_action(k.state, seat, "build", offer.options)
    assert act["cards"] == [card]
    plan = plan_build(k.state, CTX, seat, act)
    assert f"${plan.cost:,}" in offer.label
    without = plan_build(k.state, CTX, seat, {**act, "cards": []})
    assert plan.cost < without.cost
    k.state["players"][seat]["money"] = 50_000
    k.act(act)
    assert card not in k.state["players"][seat]["hand"]
