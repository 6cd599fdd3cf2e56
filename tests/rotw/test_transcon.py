"""The Transcontinental game (compendium pp. 8-9): the Eastern phase, between the phases, the
Western phase on the joined board, and the end, with the rulebook's own numbers."""

from __future__ import annotations

import json
from typing import Any

import pytest
from rotw_kit import Kit, config

import maps
from engine.core.errors import IllegalAction
from engine.core.replay import new_game
from engine.core.rng import Rng, new_rng_state
from engine.rotw.carddeck import baron, operation
from engine.rotw.cards import final_scores
from engine.rotw.context import CUBES_PER_COLOUR
from engine.rotw.economy import add_random_cubes, empty_check
from engine.rotw.mapdef import CUBE_COLOURS
from engine.rotw.title import RotwTitle
from engine.rotw.transcon import bonds_cost
from engine.rotw.tx import Tx

TITLE = RotwTitle(maps.load, maps.load_cards)


def kit(n: int = 3, seed: int = 4, **options: Any) -> Kit:
    k = Kit.__new__(Kit)
    k.title = TITLE
    k.config = config(n, seed, "transcontinental")
    k.config["options"] = dict(options)
    TITLE.validate_config(k.config)
    k.state = new_game(TITLE, k.config)
    k.log, k.events = [], []
    return k


def tx(k: Kit) -> Tx:
    return Tx(k.state, TITLE.context(k.state["map"]), Rng(new_rng_state(9)))


def end_eastern_phase(k: Kit, bonds: dict[int, int] | None = None) -> list[str]:
    """Place the last Eastern Empty City Marker in the action rounds, then pass to the turn's end;
    returns the texts of the moves from the marker on."""
    if k.state["phase"] == "baron":
        k.to_actions()
    for seat, count in (bonds or {}).items():
        k.state["players"][seat]["bonds"] = count
        k.state["players"][seat]["score"] = 30
    ecm = k.state["ecm"]
    ecm["placed"] = ecm["needed"] - 1
    for cube in k.state["cities"]["Dover"]["cubes"]:
        k.state["bag"][cube] += 1
    k.state["cities"]["Dover"]["cubes"] = []
    t = tx(k)
    empty_check(t, "Dover")
    texts = [e["text"] for e in t.events]
    while k.state["transcon"]["phase"] == "east":
        texts += [e["text"] for e in k.act({"type": "pass", "seat": k.seat})]
    return texts


def test_the_eastern_phase_is_played_on_the_eastern_board_as_the_text_sets_it_up() -> None:
    k = kit(3, gold_spike_bounties=True)
    st = k.state
    assert st["map"] == "transcontinental-east"
    assert st["transcon"]["phase"] == "east"
    east = maps.load("eastern-us")
    assert set(st["cities"]) == set(east.cities)
    # One LESS cube per city, at least one.
    for name, city in east.cities.items():
        assert len(st["cities"][name]["cubes"]) == max(1, city.cubes - 1)
    # No Western Link, New York - Kansas City is 15 points and needs none.
    assert "western_link" not in st["rules"] and not TITLE.context(st["map"]).western_hexes
    nyk = next(m for m in st["major_lines"] if {m["a"], m["b"]} == {"New York", "Kansas City"})
    assert nyk["points"] == 15 and nyk["requires"] is None
    # No Fuel Depots in the Eastern phase, though they come with the West.
    assert "fuel_depots" not in st["rules"] and all(p["depots"] == 0 for p in st["players"])
    # The Eastern deck only; Option 1 Rail Barons: two Gold Spike cards each.
    ctx = TITLE.context(st["map"])
    gold = ["bounty-buffalo", "bounty-little-rock", "bounty-elko", "bounty-dodge-city"]
    assert set(gold) <= set(st["ops"]["display"])
    assert all(operation(ctx, c)["deck"] == "east" for c in st["ops"]["display"] +
               st["ops"]["deck"] if c not in gold)
    for p in st["players"]:
        assert len(p["baron_choices"]) == 2
        assert all(baron(ctx, b)["deck"] == "gold_spike" for b in p["baron_choices"])
    assert st["ecm"]["needed"] == 12


@pytest.mark.parametrize("faster", [False, True])
def test_two_players_lose_one_cube_a_city_in_all_not_one_more_for_the_small_game(
        faster: bool) -> None:
    # Placing Cubes takes one cube off every city for any player count; the Faster Game's
    # reminder to reduce by one with 2 or 3 players is read as that same cube (house reading).
    k = kit(2, faster_game=faster)
    for name, city in maps.load("eastern-us").cities.items():
        assert len(k.state["cities"][name]["cubes"]) == max(1, city.cubes - 1), name
    end_eastern_phase(k)
    unstocked = set(k.state["transcon"].get("unstocked", ()))
    for name, city in maps.load("western-us").cities.items():
        if name not in unstocked:
            assert len(k.state["cities"][name]["cubes"]) == max(1, city.cubes - 1), name


def test_the_gold_spike_start_cards_are_an_option_off_unless_chosen() -> None:
    # "Optional: Use 4 Starting Cards ... These have a Gold Spike icon": an optional rule is
    # off unless chosen when the game is opened.
    gold = {"bounty-buffalo", "bounty-little-rock", "bounty-elko", "bounty-dodge-city"}
    assert not gold & set(kit(3).state["ops"]["display"])
    assert not kit(3).state["transcon"]["gold_spike_bounties"]
    assert gold <= set(kit(3, gold_spike_bounties=True).state["ops"]["display"])
    info = TITLE.settings("transcontinental", {})
    assert any(line.startswith("Gold Spike start cards") and line.endswith("no.")
               for line in info)


def test_transcontinental_options_are_checked_where_the_game_is_opened() -> None:
    with pytest.raises(IllegalAction, match="Transcontinental game"):
        TITLE.validate_options("eastern-us", {"faster_game": True})
    with pytest.raises(IllegalAction, match="barons must be one of"):
        TITLE.validate_options("transcontinental", {"barons": "all"})
    with pytest.raises(IllegalAction, match="late Rail Baron choice"):
        TITLE.validate_options("transcontinental", {"late_baron_choice": True})
    TITLE.validate_options("transcontinental", {"fuel_depots": True, "faster_game": True,
                                                "barons": "each_board"})
    info = TITLE.settings("transcontinental", {"barons": "each_board", "faster_game": True})
    assert any("Option 2:" in line for line in info)
    assert any(line.startswith("Faster Game: yes") for line in info)


def test_the_last_eastern_marker_ends_the_phase_with_that_turn_and_no_extra_turn() -> None:
    k = kit(3)
    texts = end_eastern_phase(k)
    turn = k.state["turn"]
    assert any("ends with this turn (no extra turn)" in t for t in texts)
    # Nobody held a bond: the West opened at once and the next turn's auction is on.
    assert k.state["transcon"]["phase"] == "west" and k.state["map"] == "transcontinental"
    assert k.state["phase"] == "auction"
    assert any(t.startswith("The West is open") for t in texts)
    assert any(t.startswith(f"Turn {turn}: the first-player auction") for t in texts)


def test_returning_four_bonds_costs_fourteen_points() -> None:
    # The rulebook's example: returning four bonds costs 2 + 3 + 4 + 5 = 14 VPs.
    assert [bonds_cost(k) for k in range(5)] == [0, 2, 5, 9, 14]
    k = kit(3)
    end_eastern_phase(k, {0: 4, 2: 1})
    st = k.state
    assert st["phase"] == "bonds" and st["transcon"]["phase"] == "between"
    assert TITLE.to_act(st) == [0, 2]
    labels = [s.label for s in TITLE.suggest(st, 0)]
    assert labels[0] == "Keep all 4 bonds"
    assert "Return 4 bonds for 14 points (then 0 left)" in labels
    with pytest.raises(IllegalAction, match="you cannot return 5"):
        k.act(TITLE.command_to_action(st, 0, "returnbonds", {"count": 5}))
    with pytest.raises(IllegalAction, match="/returnbonds"):
        k.act({"type": "pass", "seat": 0})
    k.act(TITLE.command_to_action(st, 0, "returnbonds", {"count": 4}))
    assert k.state["players"][0]["bonds"] == 0 and k.state["players"][0]["score"] == 16
    with pytest.raises(IllegalAction, match="not your move"):
        k.act({"type": "return_bonds", "seat": 0, "count": 0})
    assert k.state["transcon"]["phase"] == "between"
    k.act({"type": "return_bonds", "seat": 2, "count": 0})
    assert k.state["players"][2]["bonds"] == 1 and k.state["transcon"]["phase"] == "west"


def test_a_player_cannot_return_more_bonds_than_their_points_pay_for() -> None:
    k = kit(2)
    end_eastern_phase(k, {1: 3})
    k.state["players"][1]["score"] = 6
    with pytest.raises(IllegalAction, match=r"costs 9 points .* you can return at most 2"):
        k.act({"type": "return_bonds", "seat": 1, "count": 3})
    assert k.state["players"][1]["bonds"] == 3


def test_the_west_opens_with_its_cubes_deck_markers_and_closed_eastern_cities() -> None:
    k = kit(3, gold_spike_bounties=True)
    k.state["cities"]["Boston"]["ecm"] = True  # an Eastern marker, removed when the West opens
    end_eastern_phase(k)
    st = k.state
    ctx = TITLE.context(st["map"])
    west = maps.load("western-us")
    for name, city in west.cities.items():
        assert len(st["cities"][name]["cubes"]) == max(1, city.cubes - 1), name
    assert not any(c["ecm"] for c in st["cities"].values())
    # 6 + 2 per player markers, only on Western cities that start with more than one cube.
    assert st["ecm"]["needed"] == 12 and st["ecm"]["placed"] == 0
    assert "Casper" in st["ecm"]["only"]  # a gray city with two cubes
    assert "Elko" not in st["ecm"]["only"] and "Boston" not in st["ecm"]["only"]
    # The Western deck without its start cards, after the four Gold Spike start cards.
    display = st["ops"]["display"]
    assert display[:4] == ["bounty-buffalo", "bounty-little-rock", "bounty-elko",
                           "bounty-dodge-city"]
    rest = display[4:] + st["ops"]["deck"]
    assert len(display) == 4 + 6
    assert all(operation(ctx, c)["deck"] == "west" and not operation(ctx, c).get("start")
               for c in rest)
    assert "w-golden-spike" not in rest
    # Fuel Depots and City Rotors come with the Western board (its standard mini-expansions).
    assert {"fuel_depots", "city_rotors"} <= set(st["rules"])
    assert all(p["depots"] == 4 for p in st["players"])
    assert "Denver" in st["rotors"] and "Chicago" not in st["rotors"]
    # Major Lines of both boards and the four Transcontinental ones.
    lines = {(m["a"], m["b"]): m["points"] for m in st["major_lines"]}
    assert lines[("Albuquerque", "Memphis")] == 5
    assert lines[("Fort Worth", "New Orleans")] == lines[("Billings", "Chicago")] == \
        lines[("Denver", "St. Louis")] == 4


def test_eastern_cities_no_longer_urbanize_or_grow_in_the_west() -> None:
    k = kit(3)
    end_eastern_phase(k)
    k.all_pass_auction()
    seat = k.seat
    with pytest.raises(IllegalAction, match="Eastern board: in the Western phase"):
        k.act({"type": "urbanize", "seat": seat, "city": "Dover", "colour": "blue"})
    before = list(k.state["cities"]["Boston"]["cubes"])
    assert add_random_cubes(tx(k), "Boston", 2) == [] and \
        k.state["cities"]["Boston"]["cubes"] == before
    urbanizable = {a["city"] for a in TITLE.legal(k.state, seat) if a["type"] == "urbanize"}
    assert "Elko" in urbanizable and "Dover" not in urbanizable


def test_a_growth_event_in_the_west_passes_over_the_eastern_cities() -> None:
    from engine.rotw import events

    k = kit(3, event_deck=True)
    end_eastern_phase(k)
    t = tx(k)
    red = {"name": "Factory Expansion",
           "effect": {"type": "add_cubes", "colour": "red", "cubes": 1, "limit": 2}}
    before = {c: len(v["cubes"]) for c, v in k.state["cities"].items()}
    events.fire(t, red)
    grown = [c for c, v in k.state["cities"].items() if len(v["cubes"]) > before[c]]
    assert len(grown) == 2 and not any(c in k.state["transcon"]["frozen"] for c in grown)
    assert "bag is empty" not in t.events[-1]["text"]


def test_western_markers_fall_only_on_cities_that_start_with_two_cubes_or_more() -> None:
    k = kit(2)
    end_eastern_phase(k)
    st = k.state
    for name in ("Elko", "Casper", "Boston"):
        st["cities"][name]["cubes"] = []
        empty_check(tx(k), name)
    assert [n for n, c in st["cities"].items() if c["ecm"]] == ["Casper"]
    st["ecm"]["placed"] = st["ecm"]["needed"] - 1
    st["cities"]["Denver"]["cubes"] = []
    t = tx(k)
    empty_check(t, "Denver")
    # The game's end: that turn and one more full turn, as usual.
    assert st["ecm"]["last_turn"] == st["turn"] + 1
    assert "this turn and one more full turn remain" in t.events[-1]["text"]


def test_the_faster_game_clears_unlinked_and_gray_eastern_cities() -> None:
    k = kit(2, faster_game=True)
    k.to_actions()
    k.link(0, "Boston", "Providence", [])
    end_eastern_phase(k)
    st = k.state
    assert st["cities"]["Boston"]["cubes"]  # linked and coloured: keeps its cubes
    assert not st["cities"]["Providence"]["cubes"]  # gray
    assert not st["cities"]["New York"]["cubes"]  # no link reaches it
    assert "added_cubes" not in st["transcon"]
    total = sum(st["bag"].values()) + sum(len(c["cubes"]) for c in st["cities"].values())
    assert total == 125


def test_option_2_deals_western_barons_when_the_west_opens_and_scores_both() -> None:
    k = kit(3, barons="each_board")
    ctx = TITLE.context(k.state["map"])
    assert all(baron(ctx, b)["deck"] == "east" for p in k.state["players"]
               for b in p["baron_choices"])
    end_eastern_phase(k)
    st = k.state
    assert st["phase"] == "baron"
    ctx = TITLE.context(st["map"])
    eastern = [p["baron"] for p in st["players"]]
    for p in st["players"]:
        assert all(baron(ctx, b)["deck"] == "west" for b in p["baron_choices"])
    public = json.dumps(TITLE.view(st, None))
    assert not any(f'"{b}"' in public for b in eastern)
    for p in list(st["players"]):
        k.act({"type": "choose_baron", "seat": p["seat"], "card": p["baron_choices"][1]})
    st = k.state
    assert st["phase"] == "auction"
    assert [p["baron"] for p in st["players"]] == eastern
    kept = [p["more_barons"][0] for p in st["players"]]
    assert not any(f'"{b}"' in json.dumps(TITLE.view(st, None)) for b in kept)
    mine = TITLE.view(st, 0)["you"]
    assert mine["baron"]["id"] == eastern[0] and mine["more_barons"][0]["id"] == kept[0]
    scores = final_scores(st, TITLE.context(st["map"]))
    assert [b for b, _ in scores[0]["barons"]] == [eastern[0], kept[0]]


def test_option_2_variant_deals_both_pairs_at_the_start() -> None:
    k = kit(2, barons="both_at_setup")
    ctx = TITLE.context(k.state["map"])
    p = k.state["players"][0]
    assert baron(ctx, p["baron_choices"][0])["deck"] == "east"
    assert baron(ctx, p["baron_next"][0])["deck"] == "west"
    k.act({"type": "choose_baron", "seat": 0, "card": p["baron_choices"][0]})
    assert 0 in TITLE.to_act(k.state)
    k.act({"type": "choose_baron", "seat": 0, "card": k.state["players"][0]["baron_choices"][0]})
    assert TITLE.to_act(k.state) == [1]


def test_links_cross_the_seam_only_once_the_west_is_open() -> None:
    k = kit(2)
    if k.state["phase"] == "baron":
        k.to_actions()
    with pytest.raises(IllegalAction, match="no city called Topeka"):
        TITLE.cheapest_route(k.state, k.seat, "Kansas City", "Topeka")
    end_eastern_phase(k)
    k.all_pass_auction()
    me = k.seat
    k.state["players"][me]["money"] = 50_000
    path, cost = TITLE.cheapest_route(k.state, me, "Kansas City", "Topeka")
    k.act({"type": "build", "seat": me, "start": "Kansas City", "path": path})
    lk = k.state["links"][-1]
    assert lk["complete"] and lk["cities"] == ["Kansas City", "Topeka"] and lk["owner"] == me
    assert k.state["players"][me]["money"] == 50_000 - cost


def test_gold_spike_barons_count_major_lines_by_board_and_holliday_crosses_the_seam() -> None:
    k = kit(2)
    end_eastern_phase(k)
    st = k.state
    ctx = TITLE.context(st["map"])
    lines = {(m["a"], m["b"]): m for m in st["major_lines"]}
    for key in (("Chicago", "New Orleans"), ("Tacoma", "Billings")):
        lines[key]["claimed_by"] = 0
    st["players"][0]["baron"] = "gs-cooke"  # three or more, at least one on each map
    assert final_scores(st, ctx)[0]["baron_points"] == 0
    lines[("San Francisco", "Salt Lake City")]["claimed_by"] = 0
    assert final_scores(st, ctx)[0]["baron_points"] == 9
    st["players"][0]["baron"] = "gs-villard"  # two or more Western lines
    assert final_scores(st, ctx)[0]["baron_points"] == 8
    lines[("San Francisco", "Salt Lake City")]["claimed_by"] = 1
    assert final_scores(st, ctx)[0]["baron_points"] == 0
    # Eastern Cyrus Holliday (a Western Link) is met by a link of one's own across the seam.
    st["players"][1]["baron"] = "holliday"
    assert final_scores(st, ctx)[1]["baron_points"] == 0
    k.link(1, "Kansas City", "Topeka", [])
    assert final_scores(st, ctx)[1]["baron_points"] == 5


@pytest.mark.parametrize("map_id", ["eastern-us", "transcontinental"])
def test_six_players_choose_rail_barons_though_the_deal_empties_the_deck(map_id: str) -> None:
    # Twelve Rail Barons for six players: every card is dealt, and the choice still comes first.
    st = new_game(TITLE, config(6, 3, map_id))
    assert st["phase"] == "baron"
    assert all(len(p["baron_choices"]) == 2 for p in st["players"])


def test_a_computer_moves_in_the_east_holding_a_baron_that_names_western_cities() -> None:
    # Rail Barons of the Western deck and the Gold Spike ones name cities that are not on the
    # board until the West opens: a computer player holding one still plays the Eastern phase.
    from engine.computer import computer_move

    k = kit()
    k.to_actions()
    ctx = TITLE.context(k.state["map"])
    assert "Denver" not in ctx.mapdef.cities
    seat = k.seat
    for card in ("gs-moffat", "w-huntington"):
        k.state["players"][seat]["baron"] = card
        for level in ("easy", "normal"):
            move = computer_move(TITLE, k.state, seat, level, 7)
            assert move["seat"] == seat and move["type"] in {
                a["type"] for a in TITLE.legal(k.state, seat)}


def test_a_depot_in_the_eastern_phase_is_refused_as_coming_with_the_west() -> None:
    """"Fuel Depots are only available in the Western Phase" (the map's Transcontinental
    sentence): the refusal says so rather than that the game has none."""
    from engine.rotw.depots import check_depot

    k = kit(3)
    k.to_actions()
    ctx = TITLE.context(k.state["map"])
    with pytest.raises(IllegalAction) as err:
        check_depot(k.state, ctx, k.seat, "Boston", 1)
    assert err.value.code == "no_fuel_depots"
    assert "only available in the Western Phase" in err.value.message
    assert "Fuel Depots (standard on the Western board, from the Western phase)" in \
        TITLE.settings("transcontinental", {}, 3)[0]
    # Switched off for the whole game: then there are none, and it says that.
    off = kit(3, fuel_depots=False)
    off.to_actions()
    with pytest.raises(IllegalAction, match="played without Fuel Depots"):
        check_depot(off.state, TITLE.context(off.state["map"]), off.seat, "Boston", 1)
    # In the West the depots are in play: the refusal is now about the city, not the rule.
    end_eastern_phase(k)
    k.all_pass_auction()
    with pytest.raises(IllegalAction) as west:
        check_depot(k.state, TITLE.context(k.state["map"]), k.seat, "Denver", 1)
    assert west.value.code == "depot_not_connected"


def test_every_picture_of_a_view_past_the_west_opening_draws_the_joined_board() -> None:
    import io

    from PIL import Image

    import renderers
    from bot.app import draw_board, render_board

    k = kit(3)
    end_eastern_phase(k)
    view = TITLE.view(k.state, None)
    assert view["map"] == "transcontinental"
    # The game was opened on the Eastern board: replays and posted boards alike follow the view.
    frame = draw_board("rotw", view, "transcontinental-east", None)
    posted = render_board("rotw", view, "transcontinental-east", None)
    joined = renderers.compose("rotw", view, maps.load("transcontinental"))
    assert frame is not None and posted is not None and joined is not None
    assert frame.tobytes() == joined.tobytes()
    east = renderers.compose("rotw", view, maps.load("transcontinental-east"))
    assert east is not None and east.size != joined.size
    assert Image.open(io.BytesIO(posted)).size == frame.size  # posted boards are compressed


def test_cubes_kept_for_an_unclaimed_passenger_lines_go_back_when_the_east_closes() -> None:
    k = kit(3)
    assert "passenger-lines" in k.state["ops"]["display"]
    for seat, colours in ((0, ["red", "blue"]), (1, ["black"])):
        for colour in colours:  # delivered earlier: kept in front of the player, not in the bag
            k.state["bag"][colour] -= 1
            k.state["players"][seat]["colours_delivered"].append(colour)
            k.state["players"][seat]["kept_cubes"].append(colour)
    texts = end_eastern_phase(k)
    st = k.state
    assert "passenger-lines" not in st["ops"]["display"]
    assert all(p["colours_delivered"] == [] for p in st["players"])
    assert "The 3 cubes the players kept for the colours they delivered go back to the " \
        "bag." in texts
    cubes = sum(st["bag"].values()) + sum(len(c["cubes"]) for c in st["cities"].values())
    assert cubes == CUBES_PER_COLOUR * len(CUBE_COLOURS) + st["transcon"]["added_cubes"]
