"""The compendium's Variants as game options: each one changes play as its option promises."""

from __future__ import annotations

from typing import Any

import pytest
from rotw_kit import Kit, config, connect, make_title, set_cubes, small_map_data, walk

from engine.core.errors import IllegalAction
from engine.core.replay import new_game
from engine.core.rng import Rng, new_rng_state
from engine.rotw.commands import META
from engine.rotw.economy import add_points, empty_check
from engine.rotw.mapdef import parse_map
from engine.rotw.title import RotwTitle
from engine.rotw.tx import Tx


def vkit(n: int, options: dict[str, Any], title: RotwTitle | None = None,
         map_id: str = "mini", seed: int = 1) -> Kit:
    kit = Kit.__new__(Kit)
    kit.title = title or make_title()
    kit.config = config(n, seed, map_id)
    kit.config["options"] = dict(options)
    kit.state = new_game(kit.title, kit.config)
    kit.log, kit.events = [], []
    return kit


def tx_of(kit: Kit) -> Tx:
    return Tx(kit.state, kit.title.context(kit.state["map"]), Rng(new_rng_state(5)))


def texts(events: list[Any]) -> str:
    return " | ".join(str(e["text"]) for e in events)


def pass_actions(kit: Kit, count: int) -> None:
    for _ in range(count):
        assert kit.state["phase"] == "actions"
        kit.act({"type": "pass", "seat": kit.seat})


def test_every_variant_is_a_declared_game_option() -> None:
    specs = {o.name: o for o in META.options}
    for key in ("cut_throat", "shorter_game", "glenn_drover", "late_baron_choice"):
        assert specs[key].type == "boolean" and specs[key].default is None
    auction = specs["auction_variant"]
    assert auction.type == "string" and auction.default == "standard"
    assert auction.choices == ("standard", "first_turn_paid", "half_price_dropouts")
    with pytest.raises(IllegalAction, match="auction_variant must be one of"):
        vkit(2, {"auction_variant": "silent"})


# --- Cut Throat -------------------------------------------------------------------------------

def _open_link(kit: Kit) -> None:
    kit.skip_barons()
    kit.all_pass_auction()
    kit.act({"type": "build", "seat": 0, "start": "Kansas City", "path": ["G2"], "exit": "NE"})
    kit.act({"type": "pass", "seat": 1})


def test_cut_throat_refuses_to_redirect_the_last_tile() -> None:
    kit = vkit(2, {"cut_throat": True})
    _open_link(kit)
    with pytest.raises(IllegalAction) as err:
        kit.act({"type": "build", "seat": 0, "start": "link:1", "path": ["G3", "G4"],
                 "redirect": True})
    assert err.value.code == "cut_throat"
    assert "Cut Throat" in err.value.message and "cannot be redirected" in err.value.message
    # Going on the way the tile points is still allowed.
    kit.act({"type": "build", "seat": 0, "start": "link:1", "path": walk("G2", ["NE"])})
    assert len(kit.state["links"][0]["tiles"]) == 2


def test_without_cut_throat_the_same_redirect_is_allowed() -> None:
    kit = vkit(2, {})
    _open_link(kit)
    kit.act({"type": "build", "seat": 0, "start": "link:1", "path": ["G3", "G4"],
             "redirect": True})
    assert kit.state["links"][0]["complete"]


# --- Shorter Games ----------------------------------------------------------------------------

@pytest.mark.parametrize("shorter", [False, True])
def test_shorter_game_ends_two_markers_sooner(shorter: bool) -> None:
    kit = vkit(2, {"shorter_game": True} if shorter else {})
    standard = 3 + 2 // 2  # the mini map's table for 2 players
    assert kit.state["ecm"]["needed"] == (standard - 2 if shorter else standard)
    tx = tx_of(kit)
    for city in ("Chicago", "New York"):
        set_cubes(kit, city, [])
        empty_check(tx, city)
    assert kit.state["ecm"]["end_triggered"] is shorter


# --- First Player Auction Variant 1 -----------------------------------------------------------

def test_auction_variant_1_pays_later_seats_and_skips_the_first_auction() -> None:
    kit = vkit(3, {"auction_variant": "first_turn_paid"})
    kit.skip_barons()
    assert kit.state["phase"] == "actions" and kit.state["turn_order"] == [0, 1, 2]
    assert [p["money"] for p in kit.state["players"]] == [0, 1000, 2000]
    said = texts(kit.events)
    assert "Bob goes 2nd and receives $1,000" in said
    assert "Cara goes 3rd and receives $2,000" in said
    pass_actions(kit, 9)
    # Turn 2: the normal auction, opened by the player who went first.
    assert kit.state["phase"] == "auction" and kit.state["auction"]["order"][0] == 0
    kit.all_pass_auction()
    assert kit.state["turn_order"] == [1, 2, 0]
    assert [p["money"] for p in kit.state["players"]] == [0, 1000, 2000]


def test_standard_auction_pays_nobody_on_the_first_turn() -> None:
    kit = vkit(3, {"auction_variant": "standard"})
    kit.skip_barons()
    assert kit.state["phase"] == "auction"
    kit.all_pass_auction()
    assert [p["money"] for p in kit.state["players"]] == [0, 0, 0]


# --- First Player Auction Variant 2 -----------------------------------------------------------

def test_auction_variant_2_dropouts_pay_half_and_fix_the_turn_order() -> None:
    kit = vkit(3, {"auction_variant": "half_price_dropouts"})
    kit.skip_barons()
    kit.act({"type": "bid", "seat": 0, "amount": 3000})
    kit.act({"type": "bid", "seat": 1, "amount": 5000})
    kit.act({"type": "pass", "seat": 2})  # never bid: pays nothing, goes last
    assert kit.state["players"][2]["money"] == 0 and kit.state["players"][2]["bonds"] == 0
    assert "passes in the auction" in texts(kit.events)
    kit.act({"type": "pass", "seat": 0})
    said = texts(kit.events)
    assert "Alice drops out of the auction and pays $2,000 (half of their $3,000 bid, " \
        "rounded up); 1 bond issued" in said
    assert "Bob wins the auction for $5,000" in said
    p0, p1 = kit.state["players"][0], kit.state["players"][1]
    assert (p0["bonds"], p0["money"]) == (1, 3000)  # exactly one $5,000 bond for $2,000
    assert (p1["bonds"], p1["money"]) == (1, 0)
    assert kit.state["turn_order"] == [1, 0, 2]
    assert kit.state["first_player"] == 1
    pass_actions(kit, 9)
    # The next auction keeps that order.
    assert kit.state["auction"]["order"] == [1, 0, 2]
    assert kit.seat == 1


def test_auction_variant_2_rounds_half_of_an_odd_bid_up() -> None:
    kit = vkit(2, {"auction_variant": "half_price_dropouts"})
    kit.skip_barons()
    kit.act({"type": "bid", "seat": 0, "amount": 1000})
    kit.act({"type": "bid", "seat": 1, "amount": 2000})
    kit.act({"type": "pass", "seat": 0})
    assert "pays $1,000 (half of their $1,000 bid" in texts(kit.events)
    assert kit.state["players"][0]["bonds"] == 1 and kit.state["players"][0]["money"] == 4000


def test_auction_variant_2_with_no_bids_the_last_to_pass_goes_first() -> None:
    kit = vkit(3, {"auction_variant": "half_price_dropouts"})
    kit.skip_barons()
    kit.all_pass_auction()
    assert kit.state["turn_order"] == [2, 1, 0]
    assert all(p["bonds"] == 0 for p in kit.state["players"])


def test_standard_auction_dropouts_pay_nothing() -> None:
    kit = vkit(2, {})
    kit.skip_barons()
    kit.act({"type": "bid", "seat": 0, "amount": 3000})
    kit.act({"type": "bid", "seat": 1, "amount": 4000})
    kit.act({"type": "pass", "seat": 0})
    assert kit.state["players"][0]["bonds"] == 0


# --- Glenn Drover -----------------------------------------------------------------------------

GLENN = {"source": "house", "points": 30,
         "west_of_column": {chr(65 + r): 4 for r in range(11)}}


def glenn_title() -> RotwTitle:
    return make_title(parse_map(small_map_data(glenn_drover=GLENN)))


def test_glenn_drover_is_refused_without_its_table_or_with_more_players() -> None:
    with pytest.raises(IllegalAction, match=r"Eastern U\.S\. map only") as err:
        vkit(2, {"glenn_drover": True})
    assert err.value.code == "option_not_on_map"
    with pytest.raises(IllegalAction, match="for a 2-player game; this game has 3 players"):
        vkit(3, {"glenn_drover": True}, glenn_title())


def test_glenn_drover_closes_the_west_until_someone_has_30_points() -> None:
    kit = vkit(2, {"glenn_drover": True}, glenn_title())
    kit.to_actions()
    seat = kit.seat
    with pytest.raises(IllegalAction) as err:
        kit.act({"type": "build", "seat": seat, "start": "Kansas City", "path": ["G2", "G3",
                                                                                   "G4"]})
    assert err.value.code == "glenn_drover" and "west of the mountains" in err.value.message
    with pytest.raises(IllegalAction, match="No legal track"):
        kit.title.command_to_action(kit.state, seat, "build", {"from": "Chicago",
                                                                "to": "Cleveland"})
    # East of the boundary building goes on.
    kit.act({"type": "build", "seat": seat, "start": "St. Louis", "path": ["G5", "G6", "G7"]})
    tx = tx_of(kit)
    add_points(tx, 1 - seat, 29)
    assert not kit.state.get("glenn_open")
    add_points(tx, 1 - seat, 1)
    assert kit.state["glenn_open"] and "building west of the mountains is open" in texts(
        tx.events)
    kit.act({"type": "build", "seat": kit.seat, "start": "Kansas City",
             "path": ["G2", "G3", "G4"]})
    assert kit.state["links"][-1]["complete"]


def test_glenn_drover_closes_a_western_city_to_links_from_the_east() -> None:
    """A city west of the boundary is closed too: no link ends in it or leaves it, even one
    whose tiles all lie east of the line (row G's boundary here puts St. Louis, G4, west and
    G5 east)."""
    bound = {**GLENN["west_of_column"], "G": 5}
    kit = vkit(2, {"glenn_drover": True},
               make_title(parse_map(small_map_data(glenn_drover={**GLENN,
                                                                 "west_of_column": bound}))))
    kit.to_actions()
    seat = kit.seat
    for start, path in (("Cincinnati", ["G6", "G5", "G4"]), ("St. Louis", ["G5", "G6", "G7"])):
        with pytest.raises(IllegalAction, match=r"St\. Louis is west of the mountains") as err:
            kit.act({"type": "build", "seat": seat, "start": start, "path": path})
        assert err.value.code == "glenn_drover"
    for a, b in (("Cincinnati", "St. Louis"), ("St. Louis", "Cincinnati")):
        with pytest.raises(IllegalAction, match="No legal track"):
            kit.title.command_to_action(kit.state, seat, "build", {"from": a, "to": b})
    add_points(tx_of(kit), seat, 30)
    kit.act({"type": "build", "seat": seat, "start": "Cincinnati", "path": ["G6", "G5", "G4"]})
    assert kit.state["links"][-1]["complete"]


def test_without_glenn_drover_the_west_is_open() -> None:
    kit = vkit(2, {}, glenn_title())
    kit.to_actions()
    kit.act({"type": "build", "seat": kit.seat, "start": "Kansas City",
             "path": ["G2", "G3", "G4"]})
    assert kit.state["links"][-1]["complete"]


def test_eastern_us_table_puts_the_midwest_west_and_the_coast_east() -> None:
    maps = pytest.importorskip("maps")
    title = RotwTitle(maps.load, maps.load_cards)
    ctx = title.context("eastern-us")
    west = {ctx.city(c).hex for c in ctx.mapdef.cities if ctx.city(c).hex in ctx.glenn_west}
    names = {c for c in ctx.mapdef.cities if ctx.city(c).hex in west}
    assert {"Chicago", "St. Louis", "Kansas City", "Cleveland", "Memphis"} <= names
    assert not {"New York", "Boston", "Philadelphia", "Baltimore", "Atlanta", "Albany",
                "Charleston"} & names
    kit = vkit(2, {"glenn_drover": True}, title, "eastern-us")
    assert "glenn_drover" in kit.state["rules"]


# --- late Rail Baron choice -------------------------------------------------------------------

def test_late_baron_choice_waits_for_the_first_major_line() -> None:
    kit = vkit(2, {"late_baron_choice": True})
    assert kit.state["phase"] == "auction"
    assert all(p["baron"] is None and len(p["baron_choices"]) == 2
               for p in kit.state["players"])
    kit.all_pass_auction()
    first = kit.seat
    connect(kit, first, "Chicago", "Cleveland")
    kit.act({"type": "build", "seat": first, "start": "Cleveland", "path": ["C6", "C7", "C8"]})
    assert kit.state["phase"] == "baron"
    assert "every player now chooses" in texts(kit.events)
    assert sorted(kit.title.to_act(kit.state)) == [0, 1]
    with pytest.raises(IllegalAction):
        kit.act({"type": "pass", "seat": 1 - first})
    for p in kit.state["players"]:
        kit.act({"type": "choose_baron", "seat": p["seat"], "card": p["baron_choices"][1]})
    assert kit.state["phase"] == "actions" and kit.seat == 1 - first
    assert all(p["baron"] for p in kit.state["players"])


def test_late_baron_choice_without_a_major_line_comes_before_scoring() -> None:
    kit = vkit(2, {"late_baron_choice": True})
    kit.all_pass_auction()
    kit.state["ecm"].update(end_triggered=True, last_turn=1)
    pass_actions(kit, 6)
    assert kit.state["phase"] == "baron" and not kit.state["finished"]
    for p in kit.state["players"]:
        kit.act({"type": "choose_baron", "seat": p["seat"], "card": p["baron_choices"][0]})
    assert kit.state["finished"]
    assert [s["baron"] for s in kit.state["final"]["scores"]] == \
        [p["baron"] for p in kit.state["players"]]


def test_standard_game_chooses_barons_first() -> None:
    kit = vkit(2, {})
    assert kit.state["phase"] == "baron"
