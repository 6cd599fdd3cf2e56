"""Operations cards and Rail Baron goals of the expansion decks, each in a small scenario."""

from __future__ import annotations

import pytest
from expansion_kit import expansion_kit, give, op, show
from rotw_kit import connect, set_cubes

from engine.core.errors import IllegalAction
from engine.rotw.cards import baron_points
from engine.rotw.mapdef import CUBE_COLOURS


def cubes_total(kit) -> int:  # type: ignore[no-untyped-def]
    st = kit.state
    return sum(st["bag"].values()) + sum(len(c["cubes"]) for c in st["cities"].values())


def score(kit, seat: int) -> int:  # type: ignore[no-untyped-def]
    return int(kit.state["players"][seat]["score"])


def test_sutters_mill_and_foreign_trade_ports_add_cubes() -> None:
    kit = expansion_kit([
        op("sutters-mill", "x", {"type": "add_cubes", "city": "Mobile", "cubes": 3}),
        op("ports", "x", {"type": "add_cubes_each", "cities": ["Atlanta", "Baltimore"],
                          "cubes": 1})])
    show(kit, "sutters-mill")
    show(kit, "ports")
    before = {c: len(kit.state["cities"][c]["cubes"]) for c in ("Mobile", "Atlanta", "Baltimore")}
    kit.act({"type": "card", "seat": 0, "card": "sutters-mill"})
    kit.act({"type": "card", "seat": 1, "card": "ports"})
    after = {c: len(kit.state["cities"][c]["cubes"]) for c in before}
    assert after == {"Mobile": before["Mobile"] + 3, "Atlanta": before["Atlanta"] + 1,
                     "Baltimore": before["Baltimore"] + 1}
    assert cubes_total(kit) == 125


def test_mine_draws_until_a_colour_repeats_and_depletes_the_city() -> None:
    kit = expansion_kit([op("mine", "x", {"type": "mine", "cost": 10000, "max_draws": 5},
                            count=2)])
    show(kit, "mine#1")
    show(kit, "mine#2")
    with pytest.raises(IllegalAction, match="gray city"):
        kit.act({"type": "card", "seat": 0, "card": "mine#1", "city": "Mobile"})
    set_cubes(kit, "Cleveland", [])
    kit.state["players"][0]["money"] = 10000
    kit.act({"type": "card", "seat": 0, "card": "mine#1", "city": "Cleveland"})
    found = kit.state["cities"]["Cleveland"]["cubes"]
    assert 1 <= len(found) <= 5 and len(set(found)) == len(found)
    assert kit.state["players"][0]["money"] == 0
    assert cubes_total(kit) == 125
    with pytest.raises(IllegalAction, match="depleted"):
        kit.act({"type": "card", "seat": 1, "card": "mine#2", "city": "Cleveland"})


def test_mine_stops_at_five_draws_when_no_colour_repeats() -> None:
    kit = expansion_kit([op("mine", "x", {"type": "mine", "cost": 10000, "max_draws": 5})])
    show(kit, "mine")
    bag = kit.state["bag"]
    # Leave one cube of each colour in the bag: five draws, all different.
    for c in CUBE_COLOURS:
        for city in kit.state["cities"].values():
            while bag[c] > 1:
                city["cubes"].append(c)
                bag[c] -= 1
    kit.act({"type": "card", "seat": 0, "card": "mine", "city": "Kansas City"})
    assert sorted(kit.state["cities"]["Kansas City"]["cubes"][-5:]) == sorted(CUBE_COLOURS)


def test_trading_depot_scores_whenever_a_delivery_uses_its_link() -> None:
    kit = expansion_kit([op("trading-depot", "infinity", {"type": "trading_depot",
                                                          "points": 1})])
    show(kit, "trading-depot")
    lid = connect(kit, 1, "Cincinnati", "St. Louis")
    with pytest.raises(IllegalAction, match="another player"):
        kit.act({"type": "card", "seat": 0, "card": "trading-depot", "link": 99})
    kit.act({"type": "card", "seat": 0, "card": "trading-depot", "link": lid})
    set_cubes(kit, "Cincinnati", ["blue"])
    before = score(kit, 0)
    kit.act({"type": "deliver", "seat": 1, "city": "Cincinnati", "colour": "blue",
             "route": ["Cincinnati", "St. Louis"]})
    assert score(kit, 0) == before + 1  # the link's own point still goes to its owner
    assert kit.state["players"][1]["score"] >= 1


CHARTERS = [op("capital-charter-cin", "infinity", {"type": "capital_charter",
                                                   "city": "Cincinnati", "points": 1}),
            op("capital-charter-mob", "infinity", {"type": "capital_charter",
                                                   "city": "Mobile", "points": 1}),
            op("city-charter-atl", "infinity", {"type": "city_charter", "city": "Atlanta"})]


def test_capital_charter_pays_for_each_new_link_into_its_city_one_per_player() -> None:
    kit = expansion_kit(CHARTERS)
    connect(kit, 1, "Cincinnati", "St. Louis")  # before the charter: earns nothing
    show(kit, "capital-charter-cin")
    show(kit, "capital-charter-mob")
    kit.act({"type": "card", "seat": 0, "card": "capital-charter-cin"})
    assert not any(a.get("card") == "capital-charter-mob"
                   for a in kit.title.legal(kit.state, 0) if a["type"] == "card")
    kit.act({"type": "pass", "seat": 1})
    with pytest.raises(IllegalAction, match="only one Capital Charter"):
        kit.act({"type": "card", "seat": 0, "card": "capital-charter-mob"})
    kit.act({"type": "build", "seat": 0, "start": "Cincinnati", "path": ["G8", "G9", "G10"]})
    assert score(kit, 0) == 1
    kit.act({"type": "build", "seat": 1, "start": "Cincinnati", "path": ["F7", "E7", "D7",
                                                                         "C8"]})
    assert score(kit, 0) == 2  # a rival's new link into the city counts too


def _begin_atlanta_links(kit) -> None:  # type: ignore[no-untyped-def]
    """Seat 0 lays track out of Atlanta (link 1) and track from Mobile that stops one hex
    short of Atlanta (link 2); then seat 1 takes the City Charter of Atlanta."""
    kit.act({"type": "build", "seat": 0, "start": "Atlanta", "path": ["I9"]})
    kit.act({"type": "pass", "seat": 1})
    kit.act({"type": "build", "seat": 0, "start": "Mobile", "path": ["J7"], "exit": "E"})
    show(kit, "city-charter-atl")
    kit.act({"type": "card", "seat": 1, "card": "city-charter-atl"})


def test_city_charter_spares_only_track_already_built_into_the_city() -> None:
    """Appendix, City Charter: nobody else may build a link into the city; the note spares the
    track already built into it when the charter was chosen, nothing else."""
    kit = expansion_kit(CHARTERS)
    _begin_atlanta_links(kit)
    # Link 2 was begun before the charter but its last tile would run into Atlanta now.
    with pytest.raises(IllegalAction, match=r"City Charter of Atlanta.*begun elsewhere"):
        kit.act({"type": "build", "seat": 0, "start": "link:2", "path": ["J8", "J9"]})
    # Link 1's track was in Atlanta already: it may still be finished elsewhere.
    kit.act({"type": "build", "seat": 0, "start": "link:1", "path": ["H8", "G8", "G7"]})
    assert kit.state["links"][0]["cities"] == ["Atlanta", "Cincinnati"]
    kit.act({"type": "pass", "seat": 1})
    kit.all_pass_auction()  # the next turn: a new link out of Atlanta is barred too
    if kit.seat != 0:
        kit.act({"type": "pass", "seat": kit.seat})
    with pytest.raises(IllegalAction, match="City Charter"):
        kit.act({"type": "build", "seat": 0, "start": "Atlanta", "path": ["J10"]})


def test_city_charter_under_version_2_spares_a_link_begun_before_it() -> None:
    kit = expansion_kit(CHARTERS)
    kit.state["rules_version"] = 2
    _begin_atlanta_links(kit)
    kit.act({"type": "build", "seat": 0, "start": "link:2", "path": ["J8", "J9"]})
    assert kit.state["links"][1]["cities"] == ["Mobile", "Atlanta"]


def test_city_charter_holder_builds_into_the_city_freely() -> None:
    kit = expansion_kit(CHARTERS)
    show(kit, "city-charter-atl")
    kit.act({"type": "card", "seat": 0, "card": "city-charter-atl"})
    kit.act({"type": "pass", "seat": 1})
    kit.act({"type": "build", "seat": 0, "start": "Atlanta", "path": ["I9", "H9", "G10"]})
    assert kit.state["links"][-1]["complete"]


SWITCH_BRANCH = ["D6", "E7", "F7", "G7"]
"""From a Switch Track in C6 (on Cleveland - Pittsburgh) down to Cincinnati."""


def _switch_charter_kit(holder: int, card: str):  # type: ignore[no-untyped-def]
    kit = expansion_kit([*CHARTERS,
                         op("capital-charter-cle", "infinity", {"type": "capital_charter",
                                                                "city": "Cleveland", "points": 1}),
                         op("capital-charter-pit", "infinity", {"type": "capital_charter",
                                                                "city": "Pittsburgh",
                                                                "points": 1}),
                         op("city-charter-cle", "infinity", {"type": "city_charter",
                                                             "city": "Cleveland"})],
                        options={"switch_tracks": True})
    connect(kit, 0, "Cleveland", "Pittsburgh")
    give(kit, holder, card)
    kit.state["order_pos"] = kit.state["turn_order"].index(0)
    return kit


@pytest.mark.parametrize("card", ["capital-charter-cle", "capital-charter-pit"])
def test_a_switch_branch_earns_a_capital_charter_only_at_its_own_end(card: str) -> None:
    """The branch's track runs into Cincinnati alone: neither end of the track it leaves is a
    city it was built into (version 3; before, the first of them counted)."""
    kit = _switch_charter_kit(1, card)
    kit.act({"type": "build", "seat": 0, "start": "switch:C6", "path": SWITCH_BRANCH})
    assert kit.state["links"][-1]["complete"] and score(kit, 1) == 0


def test_under_version_2_a_switch_branch_earned_the_charter_of_its_first_end() -> None:
    kit = _switch_charter_kit(1, "capital-charter-cle")
    kit.state["rules_version"] = 2
    kit.act({"type": "build", "seat": 0, "start": "switch:C6", "path": SWITCH_BRANCH})
    assert score(kit, 1) == 1


def test_a_city_charter_leaves_a_switch_branch_off_track_already_in_the_city() -> None:
    kit = _switch_charter_kit(1, "city-charter-cle")
    kit.act({"type": "build", "seat": 0, "start": "switch:C6", "path": SWITCH_BRANCH})
    assert kit.state["links"][-1]["cities"] == ["Cleveland", "Cincinnati"]


def test_golden_spike_needs_a_route_through_the_named_city() -> None:
    kit = expansion_kit([op("golden-spike", "green", {"type": "connect_via",
                                                      "cities": ["Chicago", "Pittsburgh"],
                                                      "via": "Cleveland", "points": 6},
                            start=True)], major_lines=[])
    assert "golden-spike" in kit.state["ops"]["display"]
    connect(kit, 0, "Chicago", "St. Louis")
    connect(kit, 0, "St. Louis", "Cincinnati")
    connect(kit, 0, "Chicago", "Cleveland")
    # Chicago - Pittsburgh joined, but not through Cleveland: no bonus.
    kit.act({"type": "build", "seat": 0, "start": "Cincinnati", "path": ["F7", "E7", "D7",
                                                                         "C8"]})
    assert score(kit, 0) == 0 and "golden-spike" in kit.state["ops"]["display"]
    kit.act({"type": "pass", "seat": 1})
    kit.act({"type": "build", "seat": 0, "start": "Cleveland", "path": ["C6", "C7", "C8"]})
    assert score(kit, 0) == 6 and "golden-spike" not in kit.state["ops"]["display"]


def test_long_distance_goes_to_the_first_link_long_enough() -> None:
    kit = expansion_kit([op("long-distance", "green", {"type": "link_length", "tiles": 3,
                                                       "points": 2}, start=True)])
    kit.act({"type": "build", "seat": 0, "start": "Cincinnati", "path": ["H7", "I7", "J6"]})
    assert score(kit, 0) == 0
    kit.act({"type": "build", "seat": 1, "start": "Chicago", "path": ["C3", "D3", "D4", "C5"]})
    assert score(kit, 1) == 2 and "long-distance" not in kit.state["ops"]["display"]


def test_shinbashi_station_setup_and_bonus() -> None:
    shinbashi = op("shinbashi", "green", {
        "type": "delivery_between", "from": "Cincinnati", "to": "St. Louis", "colour": "blue",
        "points": 1, "setup_cube": {"city": "Cincinnati", "colour": "blue"},
        "replaces": "railroad-era"}, start=True)
    kit = expansion_kit([shinbashi], rules=["shinbashi_station"], to_actions=False)
    display = kit.state["ops"]["display"]
    assert "shinbashi" in display and "railroad-era" not in display
    assert "railroad-era" not in kit.state["ops"]["deck"]
    assert "blue" in kit.state["cities"]["Cincinnati"]["cubes"]
    kit.to_actions()
    connect(kit, 0, "Cincinnati", "St. Louis")
    set_cubes(kit, "Cincinnati", ["blue", "blue"])
    kit.act({"type": "deliver", "seat": 0, "city": "Cincinnati", "colour": "blue",
             "route": ["Cincinnati", "St. Louis"]})
    assert score(kit, 0) == 2 and "shinbashi" not in kit.state["ops"]["display"]


def test_local_campaign_scores_when_its_city_empties() -> None:
    kit = expansion_kit([op("campaign", "hand", {"type": "local_campaign", "city": "Cincinnati",
                                                  "points": 3})])
    give(kit, 1, "campaign")
    connect(kit, 0, "Cincinnati", "St. Louis")
    set_cubes(kit, "Cincinnati", ["blue"])
    kit.act({"type": "deliver", "seat": 0, "city": "Cincinnati", "colour": "blue",
             "route": ["Cincinnati", "St. Louis"]})
    assert score(kit, 1) == 3 and not kit.state["players"][1]["hand"]
    assert "campaign" in kit.state["ops"]["discard"]


def test_local_campaign_turned_up_for_an_empty_city_is_discarded() -> None:
    kit = expansion_kit([op("campaign", "hand", {"type": "local_campaign", "city": "Cincinnati",
                                                  "points": 3})])
    from engine.rotw.reveal import reveal
    from engine.rotw.tx import Tx

    set_cubes(kit, "Cincinnati", [])
    deck = kit.state["ops"]["deck"]
    deck.remove("campaign")
    deck.append("campaign")
    from engine.core.rng import Rng, new_rng_state

    tx = Tx(kit.state, kit.title.context("mini"), Rng(new_rng_state(1)))
    top = deck[-2]
    reveal(tx)
    assert "campaign" in kit.state["ops"]["discard"]
    assert top in kit.state["ops"]["display"]


def test_operations_growth_is_discarded_and_deals_two() -> None:
    kit = expansion_kit([op("growth", "x", {"type": "operations_growth", "deal": 2})])
    from engine.core.rng import Rng, new_rng_state
    from engine.rotw.reveal import reveal
    from engine.rotw.tx import Tx

    deck = kit.state["ops"]["deck"]
    if "growth" in deck:
        deck.remove("growth")
    else:
        kit.state["ops"]["display"].remove("growth")
    deck.append("growth")
    shown = len(kit.state["ops"]["display"])
    reveal(Tx(kit.state, kit.title.context("mini"), Rng(new_rng_state(1))))
    assert "growth" in kit.state["ops"]["discard"]
    assert len(kit.state["ops"]["display"]) == shown + 2


def test_boomtown_urbanizes_without_cubes() -> None:
    kit = expansion_kit([op("boomtown", "x", {"type": "new_industry", "cubes": 0})])
    show(kit, "boomtown")
    before = list(kit.state["cities"]["Cleveland"]["cubes"])
    kit.act({"type": "card", "seat": 0, "card": "boomtown", "city": "Cleveland",
             "colour": "purple"})
    c = kit.state["cities"]["Cleveland"]
    assert c["colour"] == "purple" and c["urbanized"] and c["cubes"] == before


BARONS = [
    {"id": "madero", "name": "Madero", "text": "",
     "goal": {"type": "hotels_held", "by_count": {"2": 3, "3": 4, "4": 5}}},
    {"id": "young", "name": "Young", "text": "",
     "goal": {"type": "connected_to", "cities": ["Mobile", "Atlanta", "Chicago"], "per_city": 2}},
    {"id": "hill", "name": "Hill", "text": "",
     "goal": {"type": "connected_urbanized", "cities": ["Cleveland", "Kansas City"],
              "per_city": 3}},
    {"id": "kobayashi", "name": "Kobayashi", "text": "",
     "goal": {"type": "connected_colour", "colour": "gray", "per_city": 1, "max": 1}},
    {"id": "goto", "name": "Goto", "text": "",
     "goal": {"type": "connected_colour", "colour": "blue", "per_city": 1}},
    {"id": "tanaka", "name": "Tanaka", "text": "",
     "goal": {"type": "highest_engine", "points": 7, "ties_score_at": 8}},
]


def with_baron(kit, seat: int, bid: str) -> int:  # type: ignore[no-untyped-def]
    kit.state["players"][seat]["baron"] = bid
    return baron_points(kit.state, kit.title.context("mini"), seat)


def test_expansion_baron_goals() -> None:
    kit = expansion_kit(barons=BARONS)
    for h in ("hotel-new-york", "hotel-chicago", "hotel-boston"):
        give(kit, 0, h)
    assert with_baron(kit, 0, "madero") == 4
    connect(kit, 0, "Cincinnati", "Mobile")
    connect(kit, 0, "Mobile", "Atlanta")
    connect(kit, 0, "Chicago", "Cleveland")
    connect(kit, 0, "St. Louis", "Cincinnati")
    assert with_baron(kit, 0, "young") == 6
    assert with_baron(kit, 0, "hill") == 0  # Cleveland reached but still gray
    kit.state["cities"]["Cleveland"].update(colour="blue", urbanized=True)
    assert with_baron(kit, 0, "hill") == 3
    assert with_baron(kit, 0, "goto") == 2  # St. Louis and Cleveland, now blue
    connect(kit, 0, "Kansas City", "St. Louis")
    connect(kit, 0, "Des Moines", "Mobile")
    assert with_baron(kit, 0, "kobayashi") == 1  # two gray cities, capped at 1


def test_highest_engine_ties_score_only_at_the_named_level() -> None:
    kit = expansion_kit(barons=BARONS)
    players = kit.state["players"]
    players[0]["engine"] = players[1]["engine"] = 7
    assert with_baron(kit, 0, "tanaka") == 0
    players[0]["engine"] = players[1]["engine"] = 8
    assert with_baron(kit, 0, "tanaka") == 7


def test_diplomatic_relations_delivers_over_two_railroads_and_pays_both() -> None:
    kit = expansion_kit([op("diplomatic", "x", {"type": "diplomatic_relations",
                                                "min_owners": 2, "points": 1})])
    kit.state["ops"]["display"] = ["diplomatic"]
    connect(kit, 0, "Mobile", "Cincinnati")
    connect(kit, 1, "Cincinnati", "St. Louis")
    connect(kit, 0, "Mobile", "Atlanta")
    kit.state["players"][0]["engine"] = 2
    set_cubes(kit, "Mobile", ["blue", "purple"])
    with pytest.raises(IllegalAction, match="two players"):
        kit.act({"type": "card", "seat": 0, "card": "diplomatic", "city": "Mobile",
                 "colour": "purple", "route": ["Mobile", "Atlanta"]})
    act = kit.title.command_to_action(kit.state, 0, "card", {
        "card": "diplomatic", "city": "Mobile", "colour": "blue",
        "route": "Mobile, Cincinnati, St. Louis"})
    kit.act(act)
    assert score(kit, 0) == 2 and score(kit, 1) == 2  # one link each, plus one each

