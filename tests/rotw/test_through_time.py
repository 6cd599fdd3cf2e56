"""Railways through Time: the rulebook's delivery examples, time warps, Time Lines, its auction,
deck and end-of-game chart, on the shipped period boards."""

from __future__ import annotations

import copy
from itertools import pairwise
from typing import Any

import pytest
from rotw_kit import Kit, config, set_cubes
from test_delivery import deliver, refused

import maps
from engine.core.errors import IllegalAction
from engine.core.hexgrid import hex_from_label
from engine.core.replay import new_game
from engine.rotw.carddeck import operation, operation_ids
from engine.rotw.title import RotwTitle
from engine.rotw.track import plan_build

TITLE = RotwTitle(maps.load, maps.load_cards)
SA, EG, NA = "Warp A", "Warp D", "Warp L"
"""A Stone Age, an Ancient Egypt and a Napoleonic Era time warp."""
SA2, EG2 = "Warp B", "Warp C"


def kit(n: int = 2, options: dict[str, Any] | None = None, seed: int = 3) -> Kit:
    """A game on the default boards for two (Stone Age, Egypt, Napoleonic), at the first action,
    with no goal cards showing so that points are only the links'."""
    k = Kit.__new__(Kit)
    k.title = TITLE
    k.config = config(n, seed, "through-time")
    k.config["options"] = dict(options or {})
    k.state = new_game(TITLE, k.config)
    k.log, k.events = [], []
    k.all_pass_auction()
    k.state["ops"]["display"] = []
    return k


def link(k: Kit, owner: int, a: str, b: str) -> int:
    return k.link(owner, a, b, [("A1", "E", "W")])


def example_1(k: Kit) -> int:
    """The first example's network for the seat to act: a purple Stone Age city through a warp
    to the red Napoleonic city, with a red cube waiting (returns the seat)."""
    me = k.seat
    link(k, me, "Cave Hollow", SA)
    link(k, me, NA, "Paris")
    set_cubes(k, "Cave Hollow", ["red"])
    return me


def test_default_boards_are_players_plus_one_with_a_red_city() -> None:
    k = kit()
    assert k.state["map"] == "through-time:stone-age+egypt+napoleonic"
    assert k.state["cities"]["Paris"]["colour"] == "red"
    base = maps.load("through-time")
    for n in range(2, 7):
        chosen = TITLE.game_map({"map": "through-time", "options": {},
                                 "players": [{}] * n}).split(":")[1].split("+")
        assert len(chosen) == n + 1
        assert any(c.colour == "red" for c in maps.load("through-time:" + "+".join(chosen))
                   .cities.values())
    assert len(base.tables["periods"].values["list"]) == 8


def test_example_1_purple_stone_age_city_to_red_napoleonic_city_is_one_link() -> None:
    k = kit()
    me = example_1(k)
    assert k.state["players"][me]["engine"] == 1
    before = k.state["players"][me]["score"]
    events = deliver(k, "Cave Hollow", "red", ["Cave Hollow", SA, NA, "Paris"])
    assert k.state["players"][me]["score"] == before + 1
    said = next(str(e["text"]) for e in events if e["type"] == "deliver")
    assert "Cave Hollow -> Paris through time (1 link: Alice +1)" in said \
        or "Cave Hollow -> Paris through time (1 link: Bob +1)" in said


def test_example_2_napoleonic_to_stone_age_blue_city_needs_a_level_2_engine() -> None:
    k = kit()
    me = k.seat
    link(k, me, "Paris", NA)
    link(k, me, SA, "Cave Hollow")
    link(k, me, "Cave Hollow", "Flint Ridge")
    set_cubes(k, "Paris", ["blue"])
    route = ["Paris", NA, SA, "Cave Hollow", "Flint Ridge"]
    assert "at most 1 link, not 2" in refused(k, "engine_too_small", "Paris", "blue", route)
    # Asked by destination, the refusal counts the hop's two half-links as one link too.
    assert f"Paris - {NA} - {SA} - Cave Hollow - Flint Ridge is 2 links while your engine is " \
        "level 1" in _refusal(k, "Paris", "blue", "Flint Ridge")
    k.state["players"][me]["engine"] = 2
    before = k.state["players"][me]["score"]
    deliver(k, "Paris", "blue", route)
    assert k.state["players"][me]["score"] == before + 2
    assert "blue" not in k.state["cities"]["Paris"]["cubes"]


def test_example_3_through_egypt_to_napoleonic_red_city_is_three_links() -> None:
    k = kit()
    me = k.seat
    link(k, me, "Flint Ridge", "Cave Hollow")
    link(k, me, "Cave Hollow", SA)
    link(k, me, EG, "Giza")
    link(k, me, "Giza", EG2)
    link(k, me, NA, "Paris")
    set_cubes(k, "Flint Ridge", ["red"])
    k.state["players"][me]["engine"] = 3
    before = k.state["players"][me]["score"]
    deliver(k, "Flint Ridge", "red",
            ["Flint Ridge", "Cave Hollow", SA, EG, "Giza", EG2, NA, "Paris"])
    assert k.state["players"][me]["score"] == before + 3


def test_the_best_delivery_listed_goes_through_time_with_the_examples_points() -> None:
    k = kit()
    me = example_1(k)
    moves = [a for a in TITLE.legal(k.state, me) if a["type"] == "deliver"]
    assert [(a["route"], a["points"]) for a in moves] == [
        (["Cave Hollow", SA, NA, "Paris"], {str(me): 1})]
    labels = [s.label for s in TITLE.suggest(k.state, me) if s.command == "deliver"]
    assert labels and labels[0].startswith("Deliver red Cave Hollow -> Paris, 1 link, +1")


def round_trip(k: Kit) -> None:
    """A black cube in Cave Hollow and track that leaves the Stone Age, crosses Egypt and comes
    back to the Stone Age's Bone Ford, with an engine long enough for it."""
    me = k.seat
    k.state["players"][me]["engine"] = 4
    link(k, me, "Cave Hollow", SA)
    link(k, me, EG, "Giza")
    link(k, me, "Giza", EG2)
    link(k, me, SA2, "Bone Ford")
    set_cubes(k, "Cave Hollow", ["black"])


def test_a_cube_never_reenters_a_period_it_left() -> None:
    k = kit()
    me = k.seat
    round_trip(k)
    msg = refused(k, "warp_period", "Cave Hollow", "black",
                  ["Cave Hollow", SA, EG, "Giza", EG2, SA2, "Bone Ford"])
    assert "never re-enters a period" in msg
    assert not [a for a in TITLE.legal(k.state, me)
                if a["type"] == "deliver" and a["city"] == "Cave Hollow"]


def test_no_warp_hop_within_one_period() -> None:
    k = kit()
    me = k.seat
    link(k, me, "Cave Hollow", SA)
    link(k, me, SA, "Bone Ford")
    set_cubes(k, "Cave Hollow", ["black"])
    k.state["players"][me]["engine"] = 2
    assert "only join different periods" in refused(
        k, "warp_same_period", "Cave Hollow", "black", ["Cave Hollow", SA, "Bone Ford"])
    assert not [a for a in TITLE.legal(k.state, me) if a["type"] == "deliver"]


def test_only_your_own_track_carries_cubes() -> None:
    k = kit()
    me = k.seat
    other = 1 - me
    link(k, me, "Cave Hollow", SA)
    link(k, other, NA, "Paris")
    set_cubes(k, "Cave Hollow", ["red"])
    assert "own track only" in refused(k, "own_track_only", "Cave Hollow", "red",
                                       ["Cave Hollow", SA, NA, "Paris"])
    link(k, me, "Marengo", "Paris")
    link(k, other, "Cave Hollow", "Flint Ridge")
    set_cubes(k, "Cave Hollow", ["blue"])
    refused(k, "first_link", "Cave Hollow", "blue", ["Cave Hollow", "Flint Ridge"])
    assert not [a for a in TITLE.legal(k.state, me)
                if a["type"] == "deliver" and a["city"] == "Cave Hollow"]


def test_building_into_a_warp_adds_1000_and_completes_the_link() -> None:
    k = kit()
    me = k.seat
    ctx = TITLE.context(k.state["map"])
    k.state["players"][me]["money"] = 20_000
    path, cost = TITLE.cheapest_route(k.state, me, "Cave Hollow", SA)
    plan = plan_build(k.state, ctx, me, {"start": "Cave Hollow", "path": path})
    tiles = sum(ctx.tile_cost(ctx.hex(h)) for h in path[:-1])
    assert plan.end_city == SA and plan.cost == tiles + 1000 == cost
    money = k.state["players"][me]["money"]
    k.act({"type": "build", "seat": me, "start": "Cave Hollow", "path": path})
    lk = k.state["links"][-1]
    assert lk["complete"] and lk["cities"] == ["Cave Hollow", SA]
    assert k.state["players"][me]["money"] == money - cost
    assert k.seat != me  # the build ended the action


def test_track_out_of_a_warp_pays_the_warp_and_must_reach_a_city() -> None:
    k = kit()
    me = k.seat
    ctx = TITLE.context(k.state["map"])
    path, cost = TITLE.cheapest_route(k.state, me, SA, "Cave Hollow")
    plan = plan_build(k.state, ctx, me, {"start": SA, "path": path})
    assert plan.end_city == "Cave Hollow"
    assert plan.cost == cost == sum(ctx.tile_cost(ctx.hex(h)) for h in path[:-1]) + 1000
    with pytest.raises(IllegalAction) as err:
        TITLE.cheapest_route(k.state, me, SA, SA2)
    assert err.value.code == "warp_to_warp" and "must connect to a city" in err.value.message
    with pytest.raises(IllegalAction) as err:
        TITLE.cheapest_route(k.state, me, "Paris", "Cave Hollow")
    assert err.value.code == "other_period" and "another time period board" in err.value.message


def test_joining_a_link_that_left_a_warp_does_not_pay_the_warp_again() -> None:
    k = kit()
    me = k.seat
    ctx = TITLE.context(k.state["map"])
    k.state["players"][me]["money"] = 50_000
    money = k.state["players"][me]["money"]
    k.act({"type": "build", "seat": me, "start": SA, "path": ["A4", "A5"]})
    paid = money - k.state["players"][me]["money"]
    assert paid == ctx.tile_cost(ctx.hex("A4")) + ctx.tile_cost(ctx.hex("A5")) + 1000
    # Flint Ridge's track meets the open end in A5: the link is Flint Ridge - Warp A, whose
    # $1,000 went with its first tiles.
    plan = plan_build(k.state, ctx, me, {"start": "Flint Ridge", "path": ["A6", "A5"]})
    assert plan.join_id is not None and plan.end_city == SA
    assert plan.cost == ctx.tile_cost(ctx.hex("A6"))


def test_a_warp_to_warp_link_is_refused_in_words() -> None:
    from engine.rotw.timetravel import check_warp_link

    ctx = TITLE.context("through-time:stone-age+egypt+napoleonic")
    with pytest.raises(IllegalAction) as err:
        check_warp_link(ctx, SA, SA2)
    assert err.value.code == "warp_to_warp" and "must connect to a city" in err.value.message
    check_warp_link(ctx, SA, "Cave Hollow")


def test_time_lines_first_claims_freely_later_ones_must_connect_to_the_first() -> None:
    k = kit()
    me = k.seat
    def claimed(a: str, b: str) -> int | None:
        line = next(t for t in k.state["time_lines"] if (t["a"], t["b"]) == (a, b))
        return None if line["claimed_by"] is None else int(line["claimed_by"])

    assert {(t["a"], t["b"]) for t in k.state["time_lines"]} == {
        ("Cave Hollow", "Bone Ford"), ("Memphis", "Thebes"), ("Alexandria", "Aswan"),
        ("Paris", "Austerlitz"), ("Waterloo", "Toulon")}
    # Through a warp does not complete a Time Line.
    link(k, me, "Cave Hollow", SA)
    link(k, me, SA2, "Bone Ford")
    _build_last(k, me, "Paris", "Austerlitz")
    assert claimed("Paris", "Austerlitz") == me
    assert claimed("Cave Hollow", "Bone Ford") is None
    # A second line not joined to the first stays open...
    link(k, me, "Memphis", "Aswan")
    _build_last(k, me, "Aswan", "Thebes")
    assert claimed("Memphis", "Thebes") is None
    # ...until it connects (through the warps) to the first one.
    link(k, me, "Paris", NA)
    link(k, me, EG, "Memphis")
    _build_last(k, me, "Alexandria", "Memphis")
    assert claimed("Memphis", "Thebes") == me
    assert claimed("Alexandria", "Aswan") == me  # joined to the first through Memphis too


def test_a_claimed_time_line_is_nobody_elses_and_points_come_only_at_the_end() -> None:
    k = kit()
    me = k.seat
    other = 1 - me
    score = k.state["players"][me]["score"]
    _build_last(k, me, "Paris", "Austerlitz")
    line = next(t for t in k.state["time_lines"] if (t["a"], t["b"]) == ("Paris", "Austerlitz"))
    assert line["claimed_by"] == me
    assert k.state["players"][me]["score"] == score  # no points when claimed
    _build_last(k, other, "Paris", "Austerlitz")
    assert line["claimed_by"] == me
    assert not any(t["claimed_by"] == other for t in k.state["time_lines"])


def test_a_build_is_suggested_for_a_time_line_only_when_it_would_claim_it() -> None:
    from engine.rotw.timesuggest import link_value

    k = kit()
    me = k.seat
    _build_last(k, me, "Paris", "Austerlitz")  # the first Time Line
    link(k, me, "Memphis", "Aswan")
    # Aswan - Thebes completes Memphis - Thebes, which is not joined to the first line.
    _, why = link_value(k.state, me, "Aswan", "Thebes")
    assert not any("Time Line" in w for w in why)
    link(k, me, "Paris", NA)
    link(k, me, EG, "Memphis")
    _, why = link_value(k.state, me, "Aswan", "Thebes")
    assert "claims the Memphis - Thebes Time Line" in why


def _build_last(k: Kit, seat: int, a: str, b: str) -> None:
    """Complete a link a-b of ``seat`` through the build rules (Time Lines are checked)."""
    ctx = TITLE.context(k.state["map"])
    k.state["order_pos"] = k.state["turn_order"].index(seat)
    k.state["players"][seat]["money"] = 50_000
    path, _ = TITLE.cheapest_route(k.state, seat, a, b)
    plan = plan_build(k.state, ctx, seat, {"start": a, "path": path})
    assert plan.end_city == b
    k.act({"type": "build", "seat": seat, "start": a, "path": path})


def test_end_of_game_scores_time_lines_by_the_chart() -> None:
    from engine.rotw.cards import final_scores

    k = kit()
    ctx = TITLE.context(k.state["map"])
    for tl in k.state["time_lines"][:3]:
        tl["claimed_by"] = 0
    k.state["time_lines"][3]["claimed_by"] = 1
    scores = {s["seat"]: s for s in final_scores(k.state, ctx)}
    assert scores[0]["time_lines"] == 3 and scores[0]["time_line_points"] == 15
    assert scores[1]["time_line_points"] == 4
    assert scores[0]["score"] == k.state["players"][0]["score"] + 15


RULEBOOK_ECM = {2: 9, 3: 11, 4: 13, 5: 15, 6: 19}
"""Railways through Time, Ending the Game: "2 Players: 9 Empty City Markers" ... "6 Players: 19
Empty City Markers"."""


@pytest.mark.parametrize("players", sorted(RULEBOOK_ECM))
def test_the_game_ends_with_the_rulebooks_empty_city_markers(players: int) -> None:
    k = kit(players)
    assert k.state["ecm"]["needed"] == RULEBOOK_ECM[players]
    table = maps.load("through-time").tables["ecm_to_end"]
    assert table.source == "rulebook"
    info = TITLE.settings("through-time", {}, players)
    assert f"Game end: {RULEBOOK_ECM[players]} Empty City Markers" in info[-1]
    assert "Empty City Markers" not in " ".join(TITLE.house_data("through-time", {}))


def test_the_ninth_marker_of_a_two_player_game_sets_off_the_end() -> None:
    """The compendium: "The game will end at the completion of the next full turn after
    placing the last ECM."."""
    from engine.rotw.economy import empty_check
    from engine.rotw.tx import Tx

    k = kit()
    tx = Tx(k.state, TITLE.context(k.state["map"]), None)  # type: ignore[arg-type]
    cities = [c for c, v in k.state["cities"].items() if v["cubes"]][:9]
    for city in cities:
        k.state["cities"][city]["cubes"] = []
        empty_check(tx, city)
        assert k.state["ecm"]["end_triggered"] == (city == cities[-1])
    assert k.state["ecm"]["last_turn"] == k.state["turn"] + 1


def test_drop_outs_pay_half_rounded_down_and_take_the_last_free_place() -> None:
    k = Kit.__new__(Kit)
    k.title = TITLE
    k.config = {"title": "rotw", "map": "through-time", "options": {}, "seed": 5,
                "rules_version": TITLE.meta.rules_version,
                "players": [{"seat": i, "name": nm, "colour": c} for i, (nm, c) in
                            enumerate([("A", "black"), ("B", "green"), ("C", "red")])]}
    k.state = new_game(TITLE, k.config)
    k.log, k.events = [], []
    assert k.state["phase"] == "auction"  # no Rail Baron cards on this map
    for p in k.state["players"]:
        p["money"] = 20_000
    order = list(k.state["auction"]["order"])
    first, second, third = order
    k.act({"type": "bid", "seat": first, "amount": 3000})
    k.act({"type": "bid", "seat": second, "amount": 5000})
    k.act({"type": "bid", "seat": third, "amount": 7000})
    k.act({"type": "pass", "seat": first})  # half of $3,000 rounded down
    k.act({"type": "pass", "seat": second})  # half of $5,000 rounded down
    money = {p["seat"]: p["money"] for p in k.state["players"]}
    assert money == {first: 19_000, second: 18_000, third: 13_000}
    assert k.state["turn_order"] == [third, second, first]


def test_when_nobody_bids_the_drop_outs_fill_the_places_and_the_last_to_pass_goes_first() -> None:
    # The chapter places each drop-out in the last free place and says nothing of a turn
    # without bids: the places fill all the same, and the last to pass takes the first.
    k = Kit.__new__(Kit)
    k.title = TITLE
    k.config = config(3, 5, "through-time")
    k.state = new_game(TITLE, k.config)
    k.log, k.events = [], []
    money = [p["money"] for p in k.state["players"]]
    order = list(k.state["auction"]["order"])
    said = []
    for seat in order:
        said += [e["text"] for e in k.act({"type": "pass", "seat": seat})]
    assert k.state["turn_order"] == order[::-1]
    assert [p["money"] for p in k.state["players"]] == money
    assert any("the last to pass, goes first" in t for t in said)


def test_the_display_opens_with_the_four_start_cards_and_two_more_per_player() -> None:
    k = Kit.__new__(Kit)
    k.title = TITLE
    k.config = config(3, 8, "through-time")
    k.state = new_game(TITLE, k.config)
    ctx = TITLE.context(k.state["map"])
    shown = k.state["ops"]["display"]
    start = [operation(ctx, c)["name"] for c in shown if operation(ctx, c).get("start")]
    named = [n for n in start if not n.startswith("Service Bounty")]
    assert sorted(named) == [
        "Passenger Lines", "Speed Record", "The Railroad Era Begins", "Time Blazer"]
    # Three players play four boards: their four Service Bounties are the four laid out.
    assert len(start) == 4 + 4
    assert len(shown) == 4 + 4 + 2 * 3


def bounties(ctx: Any, ids: list[str]) -> list[str]:
    return [c for c in ids if operation(ctx, c)["name"].startswith("Service Bounty")]


@pytest.mark.parametrize(("players", "seed"), [(4, 1), (4, 2), (5, 3)])
def test_four_service_bounties_are_laid_out_at_the_start_and_the_rest_leave_the_game(
        players: int, seed: int) -> None:
    # Appendix, Service Bounty: a yellow-S card on every map, Through Time's eight included;
    # four of them are laid out at the start and the others go back to the box.
    state = new_game(TITLE, config(players, seed, "through-time"))
    ctx = TITLE.context(state["map"])
    assert len(bounties(ctx, operation_ids(ctx))) == players + 1  # one per board in play
    assert len(bounties(ctx, state["ops"]["display"])) == 4
    assert not bounties(ctx, state["ops"]["deck"])  # never drawn later in the game


def test_with_fewer_than_four_boards_every_service_bounty_in_play_is_laid_out() -> None:
    state = new_game(TITLE, config(2, 3, "through-time"))
    ctx = TITLE.context(state["map"])
    shown = bounties(ctx, state["ops"]["display"])
    assert len(shown) == 3 and sorted(shown) == sorted(bounties(ctx, operation_ids(ctx)))
    assert not bounties(ctx, state["ops"]["deck"])


def test_the_next_auction_is_bid_in_the_turn_order_just_played() -> None:
    k = kit(3)
    order = list(k.state["turn_order"])
    while k.state["phase"] != "auction":
        k.act({"type": "pass", "seat": k.seat})
    assert k.state["auction"]["order"] == order


def test_the_deck_has_40_cards_and_drops_those_of_periods_not_in_play() -> None:
    full = TITLE.context("through-time:" + "+".join(
        p["id"] for p in maps.load("through-time").tables["periods"].values["list"]))
    assert len(operation_ids(full)) == 40
    k = kit()
    ctx = TITLE.context(k.state["map"])
    ids = operation_ids(ctx)
    bounties = sorted(operation(ctx, c)["name"] for c in ids if c.startswith("time-bounty"))
    assert bounties == ["Time Bounty (Ancient Egypt)", "Time Bounty (Napoleonic Era)",
                        "Time Bounty (Stone Age)"]
    assert len(ids) == 40 - 5 * 3  # five boards out: a hotel, a bounty, a Time Bounty each
    start = [operation(ctx, c)["name"] for c in ids if operation(ctx, c).get("start")]
    assert sorted(start) == ["Passenger Lines", "Service Bounty (Aswan)",
                             "Service Bounty (Flint Ridge)", "Service Bounty (Toulon)",
                             "Speed Record", "The Railroad Era Begins", "Time Blazer"]


def test_time_blazer_and_time_bounty_go_to_the_first_delivery_through_time() -> None:
    k = kit()
    me = k.seat
    k.state["ops"]["display"] = ["time-blazer", "time-bounty-napoleonic",
                                 "time-bounty-stone-age"]
    example_1(k)
    before = k.state["players"][me]["score"]
    deliver(k, "Cave Hollow", "red", ["Cave Hollow", SA, NA, "Paris"])
    assert k.state["players"][me]["score"] == before + 1 + 2 + 1
    assert k.state["ops"]["display"] == ["time-bounty-stone-age"]


def test_boost_takes_5000_off_an_upgrade_down_to_nothing() -> None:
    k = kit()
    me = k.seat
    k.state["players"][me]["hand"] = ["boost#1"]
    money = k.state["players"][me]["money"]
    k.act({"type": "upgrade", "seat": me, "cards": ["boost#1"]})
    assert k.state["players"][me]["engine"] == 2
    assert k.state["players"][me]["money"] == money  # $5,000 level, $5,000 off
    assert "boost#1" not in k.state["players"][me]["hand"]


def test_no_cube_reduction_with_two_players() -> None:
    k = kit()
    ctx = TITLE.context(k.state["map"])
    for name, c in ctx.mapdef.cities.items():
        assert len(k.state["cities"][name]["cubes"]) == c.cubes


def test_warps_take_no_new_city_tile_or_city_growth() -> None:
    k = kit()
    me = k.seat
    k.state["players"][me]["money"] = 50_000
    with pytest.raises(IllegalAction) as err:
        k.act({"type": "urbanize", "seat": me, "city": SA, "colour": "blue"})
    assert err.value.code == "time_warp"
    assert not any(a.get("city") in (SA, SA2, EG, EG2, NA) for a in TITLE.legal(k.state, me)
                   if a["type"] in ("urbanize", "card"))


def test_periods_option_is_checked_when_the_game_is_opened() -> None:
    TITLE.validate_options("through-time", {"periods": "stone+egypt+napol"})
    for bad, words in (("stone-age", "at least two"), ("stone-age+atlantis", "matches no"),
                       ("egypt+egypt", "twice")):
        with pytest.raises(IllegalAction) as err:
            TITLE.validate_options("through-time", {"periods": bad})
        assert words in err.value.message
    with pytest.raises(IllegalAction) as err:
        TITLE.validate_options("eastern-us", {"periods": "egypt+rome"})
    assert "no meaning" in err.value.message
    with pytest.raises(IllegalAction) as err:
        TITLE.validate_options("through-time", {"auction_variant": "first_turn_paid"})
    assert "its own auction" in err.value.message


def test_info_names_the_chosen_periods() -> None:
    lines = TITLE.settings("through-time", {"periods": "rome+future"}, 3)
    assert any(ln.startswith("Time periods (chosen when the game was opened): Roman Empire")
               for ln in lines)
    assert any("recommends 4 boards" in ln for ln in lines)
    lines = TITLE.settings("through-time", {}, 2)
    assert any("Stone Age" in ln and "Napoleonic Era" in ln and "default for 2" in ln
               for ln in lines)


def test_autocomplete_offers_warps_on_the_board_and_deliveries_through_time() -> None:
    k = kit()
    me = example_1(k)
    values = [v.value for v in TITLE.option_values(k.state, me, "build", "to",
                                                   {"from": "Mammoth Plain"})]
    assert "Warp A" in values and "Warp B" in values
    assert all(k.state["cities"][v]["period"] == "stone-age" for v in values)
    k.state["players"][me]["money"] = 20_000
    builds = [s.label for s in TITLE.suggest(k.state, me) if s.command == "build"]
    assert any("Warp" in label for label in builds)
    goals = [v.value for v in TITLE.option_values(k.state, me, "deliver", "to",
                                                  {"city": "Cave Hollow", "colour": "red"})]
    assert goals == ["Paris"]


def test_a_land_grant_still_pays_the_warps_1000() -> None:
    k = kit()
    me = k.seat
    ctx = TITLE.context(k.state["map"])
    k.state["players"][me]["hand"] = ["land-grant#1"]
    path, _ = TITLE.cheapest_route(k.state, me, "Cave Hollow", SA)
    plan = plan_build(k.state, ctx, me, {"start": "Cave Hollow", "path": path,
                                         "cards": ["land-grant#1"]})
    open_free = sum(ctx.tile_cost(ctx.hex(h)) for h in path[:-1]
                    if ctx.mapdef.terrain[ctx.hex(h)] != "open")
    assert any(ctx.mapdef.terrain[ctx.hex(h)] == "open" for h in path[:-1])  # the grant counts
    assert plan.end_city == SA and plan.cost == open_free + 1000


def _refusal(k: Kit, city: str, colour: str, to: str) -> str:
    with pytest.raises(IllegalAction) as err:
        TITLE.command_to_action(k.state, k.seat, "deliver", {"city": city, "colour": colour,
                                                              "to": to})
    assert err.value.code == "no_delivery"
    return err.value.message


def test_a_delivery_the_time_rules_refuse_names_the_time_rule_not_missing_links() -> None:
    """"Players may NOT use time warps to deliver cubes to cities that reside in the same time
    period." and "Once a Good leaves a time period, it may NEVER re-enter that same time
    period." The links exist, so the refusal names these rules."""
    k = kit()
    round_trip(k)
    msg = _refusal(k, "Cave Hollow", "black", "Bone Ford")
    assert "no chain of complete links" not in msg
    assert "Bone Ford is in the Stone Age period like Cave Hollow" in msg
    assert "never carry a cube to a city of the period it is in" in msg
    assert "never re-enter" in msg


def test_a_delivery_over_a_rivals_time_track_names_the_own_track_rule() -> None:
    """"Important: In Railways Through Time, players may no longer use another player's tracks
    to deliver cubes.\""""
    k = kit()
    me = k.seat
    link(k, me, "Cave Hollow", SA)
    link(k, 1 - me, NA, "Paris")
    set_cubes(k, "Cave Hollow", ["red"])
    msg = _refusal(k, "Cave Hollow", "red", "Paris")
    rival = k.state["players"][1 - me]["name"]
    assert "a cube moves over your own track only" in msg
    assert f"the link {NA} - Paris is {rival}'s" in msg
    assert f"build your own link {NA} - Paris" in msg


def test_a_build_between_a_city_and_its_neighbouring_warp_is_refused_and_costs_nothing() -> None:
    # "Cities merely adjacent to the Time Warps are not already connected to them", and no hex
    # lies between them for a tile: a build from such a city straight into the warp would be
    # paid for (the warp's $1,000) and join nothing, so it is refused and changes nothing.
    k = kit(options={"periods": "stone-age+napoleonic+industrial"})  # Sheffield
    me = k.seat
    ctx = TITLE.context(k.state["map"])
    pairs = [(c.name, w.name, w.hex.label) for w in ctx.mapdef.cities.values()
             if "time_warp" in w.flags for c in ctx.mapdef.cities.values()
             if c.hex.distance(w.hex) == 1 and c.hex.direction_to(w.hex) in c.entry
             and "time_warp" not in c.flags]
    assert pairs, "no city next to a time warp on these boards"
    city, warp, warp_hex = pairs[0]
    k.state["players"][me]["money"] = 20_000
    before = copy.deepcopy(k.state)
    with pytest.raises(IllegalAction, match="no hex between them") as err:
        k.act({"type": "build", "seat": me, "start": city, "path": [warp_hex]})
    assert f"{city} and {warp} are neighbours" in str(err.value)
    assert k.state == before
    assert not any(a["type"] == "build" and a.get("start") == city
                   and a.get("path") == [warp_hex] for a in TITLE.legal(k.state, me))


def test_the_route_to_a_neighbouring_warp_goes_round_through_hexes() -> None:
    # The straight step from Sheffield into its neighbour Warp P is no link; the route finder
    # must not stop at it but find a way round that the build rules accept.
    k = kit(options={"periods": "stone-age+napoleonic+industrial"})
    me = k.seat
    ctx = TITLE.context(k.state["map"])
    assert ctx.city("Sheffield").hex.distance(ctx.city("Warp P").hex) == 1
    k.state["players"][me]["money"] = 50_000
    path, cost = TITLE.cheapest_route(k.state, me, "Sheffield", "Warp P")
    assert len(path) > 1
    plan = plan_build(k.state, ctx, me, {"start": "Sheffield", "path": path})
    assert plan.end_city == "Warp P" and plan.cost == cost
    assert cost >= sum(ctx.tile_cost(ctx.hex(h)) for h in path[:-1]) + 1000


def built_example(k: Kit) -> tuple[int, list[str]]:
    """Example 1 on track laid by the build rules, from Flint Ridge into the Stone Age's warp
    and from Austerlitz into the Napoleonic one (built from the city, so that the link's tiles
    run towards the warp), with a purple cube waiting in Flint Ridge: the seat and the route."""
    me = k.seat
    _build_last(k, me, "Flint Ridge", SA)
    _build_last(k, me, "Austerlitz", NA)
    k.state["order_pos"] = k.state["turn_order"].index(me)
    set_cubes(k, "Flint Ridge", ["purple"])
    return me, ["Flint Ridge", SA, NA, "Austerlitz"]


def test_a_delivery_through_time_is_traced_over_its_track_on_each_board() -> None:
    k = kit()
    _, route = built_example(k)
    deliver(k, route[0], "purple", route)
    board = maps.load(k.state["map"])
    at = {name: board.cities[name].hex for name in route}
    traced = [hex_from_label(h) for h in k.state["last_move"]["route"]]
    assert traced[0] == at["Flint Ridge"] and traced[-1] == at["Austerlitz"]
    tiles = {hex_from_label(str(t["hex"])) for lk in k.state["links"] for t in lk["tiles"]}
    assert set(traced) == tiles | set(at.values()) and len(traced) == len(set(traced))
    # Hex by hex along the track, but for the one hop from warp to warp.
    jumps = [(a, b) for a, b in pairwise(traced) if a.distance(b) != 1]
    assert jumps == [(at[SA], at[NA])]
