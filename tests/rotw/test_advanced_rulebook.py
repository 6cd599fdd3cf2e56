"""The Advanced Game's rules that the other files do not walk through: cube moves of any length
that stop at the first city of their colour, links longer than a basic build, the order of the
Pay Dividends and Merger phases, interest paid with new bonds, dividends only from cash, the
Shares Phase (its order, the Shares Issued box, the first player marker) and a restarted
company."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest
from adv_kit import AdvKit, adv_kit
from rotw_kit import set_cubes
from test_advanced_game import buy, merger_table, started, to_dividends

import maps
from engine.core.errors import IllegalAction
from engine.rotw.advanced.companies import BOND_INTEREST
from engine.rotw.context import BOND_VALUE
from engine.rotw.title import RotwTitle

RED, BLUE, BLACK = 0, 1, 2


def chain(kit: AdvKit, owner: int, cities: list[str]) -> list[int]:
    """Complete links of ``owner`` joining ``cities`` in a row (test set-up)."""
    return [kit.link(owner, a, b, []) for a, b in pairwise(cities)]


def shares_phase(kit: AdvKit) -> None:
    """From the Company Rounds of ``started()`` to the Shares Phase, all passing."""
    to_dividends(kit)
    while kit.state["phase"] == "dividends":
        kit.cmd(kit.seat, "dividend", amount=0)
    while kit.state["phase"] == "mergers":
        kit.cmd(kit.seat, "pass")
    assert kit.state["phase"] == "shares"


# --- Move Cube ------------------------------------------------------------------------------------

def test_a_cube_moves_any_number_of_links_there_is_no_engine_level() -> None:
    kit = started()
    # Red: Chicago - Cleveland - Pittsburgh - Baltimore - Cincinnati - Mobile, five links.
    ids = chain(kit, RED, ["Chicago", "Cleveland", "Pittsburgh", "Baltimore", "Cincinnati",
                           "Mobile"])
    set_cubes(kit, "Chicago", ["black"])
    kit.cmd(kit.seat, "deliver", city="Chicago", colour="black", to="Mobile")
    assert kit.company("Red")["income"] == len(ids) == 5
    assert kit.state["cities"]["Chicago"]["cubes"] == []


def test_a_cube_stops_at_the_first_city_of_its_colour() -> None:
    kit = started()
    ids = chain(kit, RED, ["Chicago", "Cleveland", "Pittsburgh", "St. Louis"])
    set_cubes(kit, "Chicago", ["blue"])
    with pytest.raises(IllegalAction, match="stops at the first blue city it reaches: "
                       "Pittsburgh"):
        kit.act({"type": "deliver", "seat": kit.seat, "city": "Chicago", "colour": "blue",
                 "route": ["Chicago", "Cleveland", "Pittsburgh", "St. Louis"], "links": ids})
    # Typed with only a destination, the blue cube is taken to Pittsburgh.
    with pytest.raises(IllegalAction, match="no legal way to move the blue cube"):
        kit.cmd(kit.seat, "deliver", city="Chicago", colour="blue", to="St. Louis")
    kit.cmd(kit.seat, "deliver", city="Chicago", colour="blue", to="Pittsburgh")
    assert kit.company("Red")["income"] == 2


def test_no_cube_goes_to_a_light_grey_city() -> None:
    kit = started()
    ids = chain(kit, RED, ["Chicago", "Cleveland"])
    set_cubes(kit, "Chicago", ["blue"])
    with pytest.raises(IllegalAction, match="Cleveland is not a blue city"):
        kit.act({"type": "deliver", "seat": kit.seat, "city": "Chicago", "colour": "blue",
                 "route": ["Chicago", "Cleveland"], "links": ids})


# --- Build Track ----------------------------------------------------------------------------------

def test_a_link_may_be_longer_than_a_basic_build_of_four_tiles() -> None:
    kit = started()
    kit.company("Red")["cash"] = 30000
    kit.cmd(kit.seat, "build", **{"from": "New York", "to": "Kansas City"})
    link = kit.state["links"][-1]
    assert link["owner"] == RED and link["complete"] and len(link["tiles"]) > 4


def test_the_first_build_starts_in_any_city_and_later_ones_touch_the_network() -> None:
    kit = started()
    kit.cmd(kit.seat, "build", **{"from": "Atlanta", "to": "Mobile"})  # far from anything
    kit.cmd(kit.seat, "build", **{"from": "Mobile", "to": "Cincinnati"})  # the second link
    assert [lk["cities"] for lk in kit.state["links"]] == [["Atlanta", "Mobile"],
                                                           ["Mobile", "Cincinnati"]]


def test_a_second_link_away_from_the_first_is_refused() -> None:
    kit = started()
    kit.cmd(kit.seat, "build", **{"from": "Atlanta", "to": "Mobile"})
    with pytest.raises(IllegalAction, match="must touch its own track"):
        kit.cmd(kit.seat, "build", **{"from": "Chicago", "to": "Cleveland"})


# --- Pay Dividends --------------------------------------------------------------------------------

def test_dividends_go_from_the_highest_share_price_to_the_lowest() -> None:
    kit = started()
    kit.company("Black")["price"] = 9  # now above Red (8) and Blue (7)
    to_dividends(kit)
    asked = []
    while kit.state["phase"] == "dividends":
        asked.append(kit.title.waiting_for(kit.state, kit.seat))
        kit.cmd(kit.seat, "dividend", amount=0)
    assert asked == [f"for the {name} company: choose the dividend"
                     for name in ("Black", "Red", "Blue")]


def test_interest_the_cash_cannot_cover_takes_only_the_bonds_it_needs() -> None:
    kit = started()
    chain(kit, RED, ["Chicago", "Cleveland", "Pittsburgh"])  # two links: room for two bonds
    red = kit.company("Red")
    red["bonds"], red["cash"], red["tile"] = 1, 0, 0
    to_dividends(kit)
    red = kit.company("Red")
    # $1,000 due, none in hand: one more bond ($5,000), the interest paid out of it.
    assert red["bonds"] == 2 and red["cash"] == BOND_VALUE - BOND_INTEREST
    # The new bond pays no interest this turn, and what is left may go out as a dividend.
    kit.cmd(kit.seat, "dividend", amount=4000)
    assert kit.company("Red")["cash"] == 0


def test_a_dividend_comes_only_from_the_company_s_cash() -> None:
    kit = started()
    to_dividends(kit)
    red = kit.company("Red")
    assert red["tile"] == 5 and red["cash"] == 8000
    with pytest.raises(IllegalAction, match="may not issue shares or bonds to pay a dividend"):
        kit.cmd(kit.seat, "dividend", amount=9000)
    assert kit.company("Red")["tile"] == 5


# --- Mergers --------------------------------------------------------------------------------------

def test_mergers_go_from_the_lowest_share_price_up_and_need_connected_track() -> None:
    kit = started()
    chain(kit, RED, ["Chicago", "Cleveland"])
    chain(kit, BLUE, ["Cleveland", "Pittsburgh"])
    chain(kit, BLACK, ["Atlanta", "Mobile"])
    to_dividends(kit)
    for _ in range(3):
        kit.cmd(kit.seat, "dividend", amount=0)  # Red 6, Blue 5, Black 4
    assert kit.state["phase"] == "mergers"
    # Black (4) is connected to nobody: its turn is skipped; Blue (5) comes next.
    assert kit.title.waiting_for(kit.state, kit.seat) == \
        "for the Blue company: propose a merger or pass"
    with pytest.raises(IllegalAction, match="only if their track is connected"):
        kit.cmd(kit.seat, "merge", **{"with": "Black"})
    kit.cmd(kit.seat, "pass")
    assert kit.title.waiting_for(kit.state, kit.seat) == \
        "for the Red company: propose a merger or pass"


def test_a_merger_buys_the_shares_issued_box_from_the_bank_issuing_shares_to_pay() -> None:
    kit, a, b, c = merger_table()
    red, blue = kit.company("Red"), kit.company("Blue")
    red["issued"], red["tile"] = 2, 3  # two Red shares sit in the Shares Issued box
    blue["cash"] = 0
    bank, red_cash = kit.adv["bank_out"], red["cash"]
    kit.cmd(b, "merge", **{"with": "Red"})
    for seat in (b, c, a):
        kit.cmd(seat, "vote", choice="yes")
    # Three Red shares (one held, two in the box) at 6 + 1: $21,000; Blue's price is 5.
    blue = kit.company("Blue")
    assert blue["issued"] == 5 and blue["tile"] == 0  # $25,000 raised, only as needed
    assert blue["cash"] == 25000 - 21000 + red_cash  # Red's cash came along (house)
    # The bank paid $25,000 for Blue's shares and took $14,000 for the box's two Red shares.
    assert kit.adv["bank_out"] == bank + 25000 - 14000
    assert kit.company("Red")["issued"] == 0


# --- Shares Phase ---------------------------------------------------------------------------------

def test_the_shares_phase_goes_clockwise_from_the_first_player_one_auction_each() -> None:
    kit = started()
    shares_phase(kit)
    first = kit.state["first_player"]
    n = len(kit.state["players"])
    order = []
    while kit.state["phase"] == "shares":
        order.append(kit.seat)
        kit.cmd(kit.seat, "pass")
    assert order == [(first + k) % n for k in range(n)]
    assert kit.state["first_player"] == first  # nobody won an auction: the marker stays


def test_a_share_from_the_shares_issued_box_is_paid_to_the_bank_at_the_current_price() -> None:
    kit = started()
    red = kit.company("Red")
    red["issued"], red["tile"], red["price"] = 1, 4, 10
    shares_phase(kit)
    seat = kit.seat
    price = kit.company("Red")["price"] * 1000
    with pytest.raises(IllegalAction, match="at least its share price"):
        kit.cmd(seat, "auction", company="Red", box="issued", amount=price - 1000)
    cash, company_cash = kit.company("Red")["cash"], kit.state["players"][seat]["money"]
    kit.cmd(seat, "auction", company="Red", box="issued", amount=price)
    while kit.adv["auction"] is not None:
        kit.cmd(kit.seat, "pass")
    red = kit.company("Red")
    assert red["issued"] == 0 and red["holders"][str(seat)] >= 1
    assert red["cash"] == cash  # the company already had its money for that share
    assert kit.state["players"][seat]["money"] == company_cash - price
    assert red["price"] * 1000 == price  # the price paid does not move the share price
    # The first player marker goes to the left of the last winner.
    while kit.state["phase"] == "shares":
        kit.cmd(kit.seat, "pass")
    assert kit.state["first_player"] == (seat + 1) % len(kit.state["players"])


def test_the_setup_auction_draws_the_first_player_at_random() -> None:
    firsts = {adv_kit(4, seed).state["first_player"] for seed in range(1, 13)}
    assert len(firsts) > 1


def test_a_restarted_company_is_new_at_its_starting_price_and_builds_anywhere() -> None:
    kit, a, b, c = merger_table()
    kit.cmd(b, "merge", **{"with": "Red"})
    for seat in (b, c, a):
        kit.cmd(seat, "vote", choice="yes")
    assert kit.state["phase"] == "shares"
    chooser = kit.seat
    with pytest.raises(IllegalAction, match="at least its share price, \\$8,000"):
        kit.cmd(chooser, "auction", company="Red", amount=7000)
    buy(kit, chooser, "Red")
    while kit.state["phase"] == "shares":
        kit.cmd(kit.seat, "pass")
    red = kit.company("Red")
    assert red["controller"] == chooser and red["cash"] == 8000 and red["price"] == 8
    # Its old track is Blue's now: its first build may start in any city.
    assert kit.title.waiting_for(kit.state, chooser) == \
        "for the Red company: build, move a cube or pass"
    kit.cmd(chooser, "build", **{"from": "Atlanta", "to": "Mobile"})
    assert kit.state["links"][-1]["owner"] == RED


def test_interest_it_cannot_pay_near_the_floor_tells_the_price_truly() -> None:
    kit = started()
    red = kit.company("Red")
    red["bonds"], red["cash"], red["tile"], red["price"] = 1, 0, 0, 2  # no link: no new bond
    kit.company("Blue")["price"] = 1
    kit.company("Blue").update(bonds=1, cash=0, tile=0)
    events = to_dividends_events(kit)
    texts = " ".join(e["text"] for e in events)
    assert kit.company("Red")["price"] == 1 and kit.company("Blue")["price"] == 1
    assert "its share price falls to 1, the lowest a share price goes" in texts
    assert "its share price stays at 1, the lowest a share price goes" in texts
    assert "falls by 2" not in texts


def to_dividends_events(kit: AdvKit) -> list[Any]:
    """Every event from the Company Rounds (all passing) to the end of Pay Dividends."""
    events = []
    for _ in range(9):
        events += kit.cmd(kit.seat, "pass")
    while kit.state["phase"] == "dividends":
        events += kit.cmd(kit.seat, "dividend", amount=0)
    return events


def test_a_cube_typed_to_a_city_finds_its_route_through_a_dense_network() -> None:
    kit = started()
    mesh = ["Cleveland", "Pittsburgh", "New York", "Kansas City", "St. Louis", "Cincinnati",
            "Baltimore", "Des Moines"]
    chain(kit, RED, ["Chicago", "Cleveland"])
    # Two Red links between every two of eight cities; the way on to Atlanta leaves from
    # Pittsburgh by its last link. Searched in link order, the cube wanders through the mesh
    # (thousands of routes) before it tries that link.
    for i, a in enumerate(mesh):
        for b in mesh[i + 1:]:
            kit.link(RED, a, b, [])
            kit.link(RED, a, b, [])
    chain(kit, RED, ["Pittsburgh", "Mobile", "Atlanta"])
    for city in mesh:
        set_cubes(kit, city, [])
    set_cubes(kit, "Chicago", ["purple"])
    kit.cmd(kit.seat, "deliver", city="Chicago", colour="purple", to="Atlanta")
    assert kit.company("Red")["income"] >= 4  # every link Red's
    assert kit.state["cities"]["Chicago"]["cubes"] == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_advanced_game_ends_at_16_empty_cities_whatever_the_player_count(players: int) -> None:
    """"The default value is 16" (Ending the Game); the cubes are placed as in the basic game on
    this map (one fewer a city with two or three players, never fewer than one: house reading,
    the Advanced Game's set-up says nothing of them)."""
    title = RotwTitle(maps.load, maps.load_cards)
    kit = AdvKit(players, seed=2, title=title, map_id="england-wales")
    assert kit.state["ecm"]["needed"] == 16
    less = 1 if players <= 3 else 0
    for city in title.context("england-wales").mapdef.cities.values():
        assert len(kit.state["cities"][city.name]["cubes"]) == max(1, city.cubes - less)
