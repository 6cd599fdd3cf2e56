from __future__ import annotations

import pytest
from rotw_kit import Kit, actions_kit, connect, set_cubes

from engine.core.errors import IllegalAction
from engine.rotw.carddata import eastern_us_barons
from engine.rotw.cards import baron_points
from engine.rotw.network import longest_railroad


def show(kit: Kit, *cards: str) -> None:
    kit.state["ops"]["display"] = list(cards)


def test_goal_cards_cannot_be_taken() -> None:
    kit = actions_kit()
    show(kit, "speed-record")
    with pytest.raises(IllegalAction, match="cannot be taken"):
        kit.act({"type": "card", "seat": 0, "card": "speed-record"})


def test_taking_a_card_is_an_action_and_red_x_cards_act_at_once() -> None:
    kit = actions_kit()
    show(kit, "city-growth-1")
    before = len(kit.state["cities"]["Atlanta"]["cubes"])
    kit.act({"type": "card", "seat": 0, "card": "city-growth-1", "city": "Atlanta"})
    assert len(kit.state["cities"]["Atlanta"]["cubes"]) == before + 2
    assert kit.state["ops"]["discard"] == ["city-growth-1"] and kit.seat == 1


def test_new_industry_is_a_free_urbanize() -> None:
    kit = actions_kit()
    show(kit, "new-industry-1")
    kit.act({"type": "card", "seat": 0, "card": "new-industry-1", "city": "Cleveland",
             "colour": "black"})
    c = kit.state["cities"]["Cleveland"]
    assert c["colour"] == "black" and kit.state["players"][0]["money"] == 0
    assert kit.state["players"][0]["bonds"] == 0


def test_railroad_executive_gives_two_more_actions_but_not_another_executive() -> None:
    kit = actions_kit()
    show(kit, "railroad-executive-1", "railroad-executive-2")
    kit.act({"type": "card", "seat": 0, "card": "railroad-executive-1"})
    assert kit.seat == 0
    with pytest.raises(IllegalAction, match="another Railroad Executive"):
        kit.act({"type": "card", "seat": 0, "card": "railroad-executive-2"})
    kit.act({"type": "upgrade", "seat": 0})
    assert kit.seat == 0
    kit.act({"type": "upgrade", "seat": 0})
    assert kit.seat == 1 and kit.state["players"][0]["engine"] == 3


def test_infinity_and_hand_cards_are_kept() -> None:
    kit = actions_kit()
    show(kit, "hotel-new-york", "land-grant-1")
    kit.act({"type": "card", "seat": 0, "card": "hotel-new-york"})
    kit.act({"type": "card", "seat": 1, "card": "land-grant-1"})
    assert kit.state["players"][0]["cards"] == ["hotel-new-york"]
    assert kit.state["players"][1]["hand"] == ["land-grant-1"]
    view = kit.title.view(kit.state, None)
    assert view["players"][0]["cards"] == ["Hotel New York"]
    assert [c["id"] for c in kit.title.view(kit.state, 1)["you"]["hand"]] == ["land-grant-1"]


def test_hotel_scores_for_every_delivery_to_its_city() -> None:
    kit = actions_kit()
    show(kit)
    kit.state["players"][1]["cards"].append("hotel-new-york")
    connect(kit, 0, "Pittsburgh", "New York")
    set_cubes(kit, "Pittsburgh", ["red"])
    kit.act({"type": "deliver", "seat": 0, "city": "Pittsburgh", "colour": "red",
             "route": ["Pittsburgh", "New York"]})
    assert [p["score"] for p in kit.state["players"]] == [1, 1]


def deliver_kit() -> Kit:
    kit = actions_kit()
    connect(kit, 0, "Chicago", "Cleveland")
    connect(kit, 0, "Cleveland", "Pittsburgh", ["C6", "C7", "C8"])
    connect(kit, 0, "Pittsburgh", "Cincinnati")
    kit.state["players"][0]["engine"] = 4
    return kit


def test_railroad_era_goes_to_the_first_delivery_only() -> None:
    kit = deliver_kit()
    show(kit, "railroad-era")
    set_cubes(kit, "Cleveland", ["blue", "blue"])
    events = kit.act({"type": "deliver", "seat": 0, "city": "Cleveland", "colour": "blue",
                      "route": ["Cleveland", "Pittsburgh"]})
    assert kit.state["players"][0]["score"] == 2
    assert any(e["text"].endswith("wins The Railroad Era Begins: +1 point.") for e in events)
    assert kit.state["ops"]["display"] == [] and "railroad-era" in kit.state["ops"]["discard"]


def test_speed_record_needs_exactly_three_links() -> None:
    kit = deliver_kit()
    show(kit, "speed-record")
    set_cubes(kit, "Chicago", ["blue", "yellow"])
    kit.act({"type": "deliver", "seat": 0, "city": "Chicago", "colour": "blue",
             "route": ["Chicago", "Cleveland", "Pittsburgh"]})
    assert kit.state["ops"]["display"] == ["speed-record"]
    kit.act({"type": "pass", "seat": 1})
    kit.act({"type": "deliver", "seat": 0, "city": "Chicago", "colour": "yellow",
             "route": ["Chicago", "Cleveland", "Pittsburgh", "Cincinnati"]})
    assert kit.state["ops"]["display"] == []
    assert kit.state["players"][0]["score"] == 2 + 3 + 3


def test_service_bounty_and_passenger_lines() -> None:
    kit = deliver_kit()
    show(kit, "bounty-mobile", "passenger-lines")
    kit.state["players"][0]["colours_delivered"] = ["red", "blue", "yellow"]
    connect(kit, 0, "Cincinnati", "Mobile")
    set_cubes(kit, "Cincinnati", ["black"])
    kit.act({"type": "deliver", "seat": 0, "city": "Cincinnati", "colour": "black",
             "route": ["Cincinnati", "Mobile"]})
    assert kit.state["players"][0]["score"] == 1 + 2 + 4
    assert kit.state["ops"]["display"] == []


def test_pullman_is_revealed_when_first_to_level_6() -> None:
    kit = actions_kit()
    kit.state["players"][0]["baron"] = "pullman"
    kit.state["players"][0]["engine"] = 5
    events = kit.act({"type": "upgrade", "seat": 0})
    assert any(e["type"] == "reveal" and "George Pullman" in e["text"] for e in events)
    assert kit.state["first_engine"] == {"6": 0}
    assert baron_points(kit.state, kit.title.context("mini"), 0) == 6


def test_baron_links_from_a_city_are_capped_and_ties_score_nothing() -> None:
    kit = actions_kit()
    ctx = kit.title.context("mini")
    for p in kit.state["players"]:
        p["baron"] = None
    kit.state["players"][0]["baron"] = "farnam"
    kit.state["players"][1]["baron"] = "taylor"
    for other in ("Cleveland", "St. Louis", "Kansas City", "Des Moines", "Pittsburgh"):
        kit.link(0, "Chicago", other, [("A0", "W", "E")])
    assert baron_points(kit.state, ctx, 0) == 8
    kit.state["players"][0]["money"] = kit.state["players"][1]["money"] = 4000
    assert baron_points(kit.state, ctx, 1) == 0
    kit.state["players"][1]["money"] = 5000
    assert baron_points(kit.state, ctx, 1) == 5


def test_longest_railroad_counts_links_without_reuse() -> None:
    kit = actions_kit()
    # St. Louis - Chicago - Cleveland - Pittsburgh - Chicago: a city may recur, a link may not.
    for a, b in [("Chicago", "Cleveland"), ("Cleveland", "Pittsburgh"), ("Pittsburgh", "Chicago"),
                 ("Chicago", "St. Louis")]:
        kit.link(0, a, b, [("A0", "W", "E")])
    assert longest_railroad(kit.state, 0) == 4
    kit.link(0, "Pittsburgh", "New York", [("A0", "W", "E")])
    assert longest_railroad(kit.state, 0) == 4  # the triangle cannot be run twice


def test_longest_railroad_baron_scores_nothing_on_a_tie() -> None:
    """Rail Barons that ask for the longest railroad do not score on a tie (Scoring, p. 6)."""
    kit = actions_kit()
    ctx = kit.title.context("mini")
    kit.state["players"][0]["baron"] = "judah"
    kit.state["players"][1]["baron"] = None
    kit.link(0, "Chicago", "Cleveland", [("A0", "W", "E")])
    kit.link(1, "St. Louis", "Kansas City", [("A0", "W", "E")])
    assert baron_points(kit.state, ctx, 0) == 0
    kit.link(0, "Cleveland", "Pittsburgh", [("A0", "W", "E")])
    assert baron_points(kit.state, ctx, 0) == 8


def test_every_longest_railroad_card_says_a_tie_scores_nothing() -> None:
    """Each map's longest-railroad baron, and the built-in Eastern U.S. one, is worded as a
    strict lead, the way it is scored."""
    maps = pytest.importorskip("maps")
    decks = [maps.load_cards(m)["barons"] for m in maps.card_map_ids()]
    decks.append(eastern_us_barons())
    texts = [b["text"] for deck in decks for b in deck
             if b["goal"].get("type") == "longest_railroad"]
    assert len(texts) >= 8
    for text in texts:
        assert "longer than every other player's" in text, text


def test_passenger_lines_cubes_stay_in_front_of_the_players_until_the_card_is_won() -> None:
    """Passenger Lines (appendix note): one delivered cube of each colour stays in front of its
    deliverer; when someone delivers a fourth colour all of them go back to the bag."""
    kit = deliver_kit()
    show(kit, "passenger-lines")
    set_cubes(kit, "Cleveland", ["blue", "blue"])
    bag = dict(kit.state["bag"])
    kit.act({"type": "deliver", "seat": 0, "city": "Cleveland", "colour": "blue",
             "route": ["Cleveland", "Pittsburgh"]})
    assert (kit.state["players"][0]["kept_cubes"], kit.state["bag"]) == (["blue"], bag)
    assert kit.state["players"][0]["colours_delivered"] == ["blue"]
    kit.act({"type": "pass", "seat": 1})
    kit.act({"type": "deliver", "seat": 0, "city": "Cleveland", "colour": "blue",
             "route": ["Cleveland", "Pittsburgh"]})
    assert kit.state["bag"]["blue"] == bag["blue"] + 1  # a second blue is not kept
    kit.act({"type": "pass", "seat": 1})
    for colour in ("red", "yellow"):  # two more colours kept earlier
        kit.state["bag"][colour] -= 1
        kit.state["players"][0]["colours_delivered"].append(colour)
        kit.state["players"][0]["kept_cubes"].append(colour)
    connect(kit, 0, "Cincinnati", "Mobile")
    set_cubes(kit, "Cincinnati", ["black"])
    bag = dict(kit.state["bag"])
    events = kit.act({"type": "deliver", "seat": 0, "city": "Cincinnati", "colour": "black",
                      "route": ["Cincinnati", "Mobile"]})
    assert kit.state["ops"]["display"] == [] and kit.state["players"][0]["colours_delivered"] == []
    for colour in ("blue", "red", "yellow", "black"):
        assert kit.state["bag"][colour] == bag[colour] + 1, colour
    assert any(e["text"] == "The 4 cubes the players kept for the colours they delivered go "
               "back to the bag." for e in events)


def test_a_game_begun_before_cubes_were_kept_counts_no_cube_twice() -> None:
    """Its colours were recorded while their cubes went back to the bag: winning the card then
    returns only the cube kept since."""
    kit = deliver_kit()
    show(kit, "passenger-lines")
    me = kit.state["players"][0]
    del me["kept_cubes"]
    me["colours_delivered"] = ["red", "blue", "yellow"]
    connect(kit, 0, "Cincinnati", "Mobile")
    set_cubes(kit, "Cincinnati", ["black"])
    bag = dict(kit.state["bag"])
    kit.act({"type": "deliver", "seat": 0, "city": "Cincinnati", "colour": "black",
             "route": ["Cincinnati", "Mobile"]})
    assert kit.state["ops"]["display"] == []
    assert kit.state["bag"] == {**bag, "black": bag["black"] + 1}
