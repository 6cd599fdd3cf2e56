"""Every map's Railroad Operations deck against the compendium's card appendix: each card's icon,
its yellow S and how many copies each map's deck holds."""

from __future__ import annotations

import re
from collections import Counter

import pytest

import maps

MAPS = ("eastern-us", "mexico", "europe", "western-us", "through-time", "great-britain",
        "north-america", "nippon")
"""The appendix's columns EUS, MEX, EUR, WUS, RTT, ROGB, RONA and RON."""

APPENDIX: dict[str, tuple[str, bool, dict[str, int]]] = {
    # card: (icon, yellow S, copies per map)
    "Boomtown": ("x", False, {"western-us": 1, "north-america": 1, "nippon": 2}),
    "Boost": ("hand", False, {"through-time": 2}),
    "Capital Charter": ("infinity", False, {"europe": 2}),
    "City Charter": ("infinity", False, {"europe": 3}),
    "City Growth": ("x", False, {"eastern-us": 4, "mexico": 3, "europe": 3, "western-us": 4,
                                 "through-time": 3, "great-britain": 3, "north-america": 4,
                                 "nippon": 4}),
    "Civil Engineers": ("hand", False, {"mexico": 2, "nippon": 2}),
    "Coal Fueled Engines": ("hand", False, {"western-us": 2, "north-america": 2, "nippon": 3}),
    "Diplomatic Relations": ("x", False, {"nippon": 2}),
    "Engine Upgrade": ("hand", False, {"mexico": 3}),
    "Express": ("hand", False, {"mexico": 3, "nippon": 2}),
    "Ferry Line": ("hand", True, {"north-america": 5}),
    "Foreign Trade Ports": ("x", False, {"nippon": 1}),
    "Golden Spike": ("green", True, {"western-us": 1}),
    "Government Land Grant": ("hand", False, {"eastern-us": 4, "mexico": 2, "western-us": 4,
                                              "through-time": 2, "great-britain": 2,
                                              "north-america": 4}),
    "Hot Springs": ("hand", False, {"nippon": 1}),
    "Hotel": ("infinity", False, {"eastern-us": 6, "mexico": 4, "europe": 6, "western-us": 6,
                                  "through-time": 8, "great-britain": 6, "north-america": 6,
                                  "nippon": 6}),
    "Local Campaign": ("hand", False, {"nippon": 6}),
    "Long Distance": ("green", True, {"nippon": 1}),
    "Mine": ("x", True, {"north-america": 5}),
    "New Industry": ("x", False, {"eastern-us": 4, "mexico": 4, "europe": 4, "western-us": 4,
                                  "through-time": 3, "great-britain": 4, "north-america": 4,
                                  "nippon": 5}),
    "New Train": ("green", True, {"western-us": 1, "north-america": 1}),
    "Operations Growth": ("x", False, {"mexico": 2}),
    "Passenger Lines": ("green", True, dict.fromkeys(MAPS[:-1], 1)),
    "Perfect Engineering": ("diamond", False, {"eastern-us": 2, "western-us": 2,
                                               "north-america": 2}),
    "Railroad Executive": ("x", False, {"eastern-us": 2, "mexico": 2}),
    "Railroad Inspector": ("hand", False, {"great-britain": 2}),
    "Service Bounty": ("green", True, {"eastern-us": 6, "mexico": 4, "europe": 5,
                                       "western-us": 6, "through-time": 8, "great-britain": 5,
                                       "north-america": 6, "nippon": 2}),
    "Shinbashi Station": ("green", True, {"nippon": 1}),
    "Speed Record": ("green", True, {"eastern-us": 1, "mexico": 1, "europe": 1,
                                     "through-time": 1, "great-britain": 1, "nippon": 1}),
    "Sutter's Mill": ("x", False, {"western-us": 1}),
    "The Railroad Era Begins": ("green", True, dict.fromkeys(MAPS, 1)),
    "Time Blazer": ("green", True, {"through-time": 1}),
    "Time Bounty": ("green", False, {"through-time": 8}),
    "Trading Depot": ("infinity", False, {"mexico": 3}),
    "Tunnel Engineer": ("hand", False, {"mexico": 3, "europe": 3, "western-us": 4,
                                        "through-time": 2, "great-britain": 2,
                                        "north-america": 4}),
}

TOTALS = {"eastern-us": 31, "mexico": 38, "europe": 29, "western-us": 38, "through-time": 40,
          "great-britain": 27, "north-america": 46, "nippon": 40}
"""The appendix's sums (North America: 50 with the 4 Gold Spike cards kept apart)."""


def _base(name: str) -> str:
    return re.sub(r"\s*\(.*\)$", "", name)


@pytest.mark.parametrize("map_id", MAPS)
def test_each_card_has_the_appendix_icon_start_mark_and_count(map_id: str) -> None:
    counts: Counter[str] = Counter()
    for card in maps.load_cards(map_id)["operations"]:
        base = _base(card["name"])
        icon, start, _ = APPENDIX[base]
        assert (card["kind"], bool(card.get("start"))) == (icon, start), card["id"]
        counts[base] += int(card.get("count", 1))
    expected = {name: per[map_id] for name, (_, _, per) in APPENDIX.items() if map_id in per}
    assert dict(counts) == expected
    assert sum(counts.values()) == TOTALS[map_id]


def test_the_four_gold_spike_bounties_of_north_america() -> None:
    """Service Bounty, Transcontinental Variant: green circle with the Gold Spike, RONA-4, each
    4 points for the first delivery to its city."""
    gold = maps.load_cards("north-america")["transcontinental_operations"]
    assert len(gold) == 4 and sum(int(c.get("count", 1)) for c in gold) == 4
    for card in gold:
        assert _base(card["name"]) == "Service Bounty" and card["kind"] == "green"
        assert card["effect"]["type"] == "service_bounty" and card["effect"]["points"] == 4


PRINTED: dict[str, dict[str, object]] = {
    # card: the numbers its appendix text gives, as the card file's effect holds them
    "Boomtown": {"type": "new_industry", "cubes": 0},
    "Boost": {"type": "upgrade_reduction", "amount": 5000},
    "Capital Charter": {"type": "capital_charter", "points": 1, "limit_per_player": 1},
    "City Charter": {"type": "city_charter"},
    "City Growth": {"type": "city_growth", "cubes": 2},
    "Civil Engineers": {"type": "water_cost", "cost": 1000},
    "Coal Fueled Engines": {"type": "upgrade_discount"},
    "Diplomatic Relations": {"type": "diplomatic_relations", "min_owners": 2, "points": 1},
    "Engine Upgrade": {"type": "free_upgrade"},
    "Express": {"type": "express", "cities": 1},
    "Ferry Line": {"type": "ferry_line"},
    "Foreign Trade Ports": {"type": "add_cubes_each", "cubes": 1},
    "Golden Spike": {"type": "connect_via", "cities": ["San Francisco", "Omaha"],
                     "via": "Promontory", "points": 6},
    "Government Land Grant": {"type": "land_grant"},
    "Hot Springs": {"type": "hot_springs", "points_per_mountain": 1},
    "Hotel": {"type": "hotel", "points": 1},
    "Local Campaign": {"type": "local_campaign", "points": 3},
    "Long Distance": {"type": "link_length", "tiles": 4, "points": 2},
    "Mine": {"type": "mine", "cost": 10000, "max_draws": 5},
    "New Industry": {"type": "new_industry", "cubes": 2},
    "New Train": {"type": "first_engine", "level": 4, "points": 4},
    "Operations Growth": {"type": "operations_growth", "deal": 2},
    "Passenger Lines": {"type": "colours_delivered", "colours": 4, "points": 4},
    "Perfect Engineering": {"type": "max_tiles", "tiles": 5},
    "Railroad Executive": {"type": "extra_actions", "actions": 2},
    "Railroad Inspector": {"type": "railroad_inspector", "once_per_victim": True},
    "Service Bounty": {"type": "service_bounty"},
    "Shinbashi Station": {"type": "delivery_between", "from": "Tokyo", "to": "Yokohama",
                          "colour": "blue", "points": 1,
                          "setup_cube": {"city": "Tokyo", "colour": "blue"},
                          "replaces": "railroad-era"},
    "Speed Record": {"type": "delivery_length", "links": 3, "points": 3},
    "Sutter's Mill": {"type": "add_cubes", "city": "Sacramento", "cubes": 3},
    "The Railroad Era Begins": {"type": "first_delivery", "points": 1},
    "Time Blazer": {"type": "through_time", "points": 2},
    "Time Bounty": {"type": "time_bounty", "points": 1},
    "Trading Depot": {"type": "trading_depot", "points": 1},
    "Tunnel Engineer": {"type": "tunnel_engineer"},
}


@pytest.mark.parametrize("map_id", MAPS)
def test_each_card_file_effect_holds_the_numbers_its_text_prints(map_id: str) -> None:
    m = maps.load(map_id)
    for card in maps.load_cards(map_id)["operations"]:
        e = card.get("effect") or card.get("goal") or {}
        printed = PRINTED[_base(card["name"])]
        assert {k: e.get(k) for k in printed} == printed, card["id"]
        named = e.get("cities") if isinstance(e.get("cities"), list) else []
        for city in [e.get("city"), *named]:
            assert city is None or city in m.cities, (card["id"], city)
