"""The Advanced Game of Railways of England and Wales: the rulebook's examples and rules."""

from __future__ import annotations

import pytest
from adv_kit import AdvKit, adv_kit, adv_title
from rotw_kit import config, make_title, set_cubes

from engine.core.errors import IllegalAction
from engine.core.replay import new_game
from engine.rotw.advanced.dividends import price_change
from engine.rotw.advanced.turn import final_worth


def buy(kit: AdvKit, seat: int, company: str, amount: int | None = None) -> None:
    """``seat`` opens an auction for ``company`` and everyone else drops out."""
    assert kit.seat == seat
    opts = {"company": company} if amount is None else {"company": company, "amount": amount}
    kit.cmd(seat, "auction", **opts)
    while kit.state["adv"]["auction"] is not None:
        kit.cmd(kit.seat, "pass")


def end_setup(kit: AdvKit) -> None:
    while kit.state["phase"] == "share_setup":
        kit.cmd(kit.seat, "pass")


def started(n: int = 3, seed: int = 1) -> AdvKit:
    """Setup done: the first chooser holds Red, the next Blue, the third Black."""
    kit = adv_kit(n, seed)
    first = kit.seat
    buy(kit, first, "Red")
    buy(kit, kit.seat, "Blue")
    buy(kit, kit.seat, "Black")
    end_setup(kit)
    return kit


# --- setup ---------------------------------------------------------------------------------------

def test_starting_cash_by_player_count_and_shares_on_tile_and_box() -> None:
    assert all(p["money"] == 25000 for p in adv_kit(3).state["players"])
    kit = adv_kit(4)
    assert all(p["money"] == 20000 for p in kit.state["players"])
    for c in kit.adv["companies"]:
        assert (c["available"], c["tile"], c["issued"], c["cash"]) == (5, 5, 0, 0)
        assert c["price"] == c["start"]
    assert kit.state["phase"] == "share_setup"


def test_opening_bid_at_least_the_start_price_and_paid_to_the_company() -> None:
    kit = adv_kit(3)
    with pytest.raises(IllegalAction, match="at least its share price, \\$8,000"):
        kit.cmd(kit.seat, "auction", company="red", amount=7000)
    first = kit.seat
    buy(kit, first, "Red", 9000)
    red = kit.company("Red")
    assert red["cash"] == 9000 and red["available"] == 4 and red["controller"] == first
    assert kit.state["players"][first]["money"] == 25000 - 9000


def test_auctioneer_who_wins_hands_the_choice_on_else_chooses_again() -> None:
    kit = adv_kit(3)
    a = kit.seat
    buy(kit, a, "Red")
    b = kit.seat
    assert b == (a + 1) % 3
    kit.cmd(b, "auction", company="Blue")
    c = kit.seat
    kit.cmd(c, "bid", amount=8000)
    kit.cmd(kit.seat, "pass")  # the third player drops out
    kit.cmd(b, "pass")  # the auctioneer drops out: c wins, b chooses again
    assert kit.company("Blue")["controller"] == c
    assert kit.seat == b


def test_a_player_who_passes_takes_no_part_in_later_setup_auctions() -> None:
    kit = adv_kit(3)
    a = kit.seat
    kit.cmd(a, "pass")
    b = kit.seat
    kit.cmd(b, "auction", company="Red")
    assert a not in kit.title.to_act(kit.state)
    bidders = kit.state["adv"]["auction"]["order"]
    assert a not in bidders and b in bidders


def test_first_player_marker_goes_left_of_the_last_to_take_a_share() -> None:
    kit = adv_kit(3)
    a = kit.seat
    buy(kit, a, "Red")
    last = kit.seat
    buy(kit, last, "Blue")
    end_setup(kit)
    assert kit.state["first_player"] == (last + 1) % 3
    assert kit.state["phase"] == "company_rounds"


def test_control_needs_more_shares_a_tie_keeps_it() -> None:
    kit = adv_kit(3)
    a = kit.seat
    buy(kit, a, "Green")
    b = kit.seat
    buy(kit, b, "Green")  # one each: a keeps control
    assert kit.company("Green")["controller"] == a
    buy(kit, kit.seat, "Yellow")  # the third player
    buy(kit, kit.seat, "Green")  # a again chooses... whoever it is, count decides
    holders = kit.company("Green")["holders"]
    boss = kit.company("Green")["controller"]
    assert holders[str(boss)] == max(holders.values())


# --- Company Rounds ------------------------------------------------------------------------------

def test_company_order_by_price_and_the_controller_is_named() -> None:
    kit = started()
    assert [kit.adv["companies"][i]["name"] for i in kit.adv["order"]] == ["Red", "Blue",
                                                                           "Black"]
    red = kit.company("Red")
    assert kit.seat == red["controller"]
    who = kit.state["players"][kit.seat]["name"]
    assert kit.title.waiting_for(kit.state, kit.seat) == \
        "for the Red company: build, move a cube or pass"
    assert who


def test_a_tie_on_price_goes_to_the_last_to_arrive() -> None:
    kit = started()
    kit.company("Black")["price"] = 8
    kit.adv["clock"] += 1
    kit.company("Black")["arrived"] = kit.adv["clock"]
    from engine.rotw.advanced.companies import by_price

    assert [kit.adv["companies"][i]["name"] for i in by_price(kit.state)][:2] == ["Black", "Red"]


def test_second_link_costs_2000_a_hex_more_and_issues_shares_only_as_needed() -> None:
    kit = started()
    assert kit.company("Red")["cash"] == 8000
    kit.cmd(kit.seat, "build", **{"from": "Chicago", "to": "Cleveland"})
    tiles = len(kit.state["links"][-1]["tiles"])
    red = kit.company("Red")
    assert red["cash"] == 8000 - 2000 * tiles and red["issued"] == 0  # paid from its cash
    cash = red["cash"]
    kit.cmd(kit.seat, "build", **{"from": "Cleveland", "to": "Pittsburgh"})
    second = len(kit.state["links"][-1]["tiles"])
    cost = (2000 + 2000) * second  # open terrain plus $2,000 a hex for the second link
    red = kit.company("Red")
    shares = -(-(cost - cash) // 8000)
    assert red["issued"] == shares and red["tile"] == 5 - shares
    assert red["cash"] == cash + 8000 * shares - cost
    assert kit.company("Blue")["controller"] == kit.seat  # the Blue company is next


def test_no_incomplete_links_and_later_builds_touch_the_network() -> None:
    kit = started()
    with pytest.raises(IllegalAction, match="end the path in a city"):
        kit.cmd(kit.seat, "build", **{"from": "Chicago", "path": "C3"})
    kit.cmd(kit.seat, "build", **{"from": "Chicago", "to": "Cleveland"})
    kit.cmd(kit.seat, "pass")
    kit.cmd(kit.seat, "pass")  # Blue
    kit.cmd(kit.seat, "pass")  # Black
    with pytest.raises(IllegalAction, match="must touch its own track"):
        kit.cmd(kit.seat, "build", **{"from": "Baltimore", "to": "Atlanta"})


def test_bonds_only_after_every_share_is_issued_and_one_per_complete_link() -> None:
    kit = started()
    red = kit.company("Red")
    red["cash"], red["tile"] = 0, 0
    with pytest.raises(IllegalAction, match="room for 0 more bonds"):
        kit.cmd(kit.seat, "build", **{"from": "Chicago", "to": "Cleveland"})
    red["tile"] = 5
    action = kit.title.command_to_action(kit.state, kit.seat, "build",
                                         {"from": "Chicago", "to": "Cleveland"})
    assert "issues 1 share at $8,000" in (kit.title.confirmation(kit.state, action) or "")


def chicago_to_new_york() -> AdvKit:
    """Round 2 begins: Red owns Chicago - Cleveland (link 1), Blue Cleveland - Pittsburgh and
    Pittsburgh - New York (links 2, 3)."""
    kit = started()
    kit.cmd(kit.seat, "build", **{"from": "Chicago", "to": "Cleveland"})
    kit.cmd(kit.seat, "pass")
    kit.cmd(kit.seat, "build", **{"from": "Cleveland", "to": "Pittsburgh"})  # Blue
    kit.cmd(kit.seat, "build", **{"from": "Pittsburgh", "to": "New York"})
    kit.cmd(kit.seat, "pass")  # Black
    return kit


def test_moving_a_cube_needs_own_links_at_least_all_others_and_moves_income_markers() -> None:
    kit = chicago_to_new_york()
    set_cubes(kit, "Chicago", ["blue"])
    set_cubes(kit, "Pittsburgh", ["red"])
    # Red: Chicago - Cleveland (Red) - Pittsburgh (Blue): one own link against one.
    kit.cmd(kit.seat, "deliver", city="Chicago", colour="blue", to="Pittsburgh")
    assert (kit.company("Red")["income"], kit.company("Blue")["income"]) == (1, 1)
    # Blue: a red cube from Pittsburgh to New York, over its own link.
    kit.cmd(kit.seat, "deliver", city="Pittsburgh", colour="red", to="New York")
    assert kit.company("Blue")["income"] == 2
    kit.cmd(kit.seat, "pass")  # Black
    set_cubes(kit, "New York", ["red", "red"])
    with pytest.raises(IllegalAction, match="first link a cube uses must belong"):
        kit.act({"type": "deliver", "seat": kit.seat, "city": "New York", "colour": "red",
                 "route": ["New York", "Pittsburgh", "Cleveland", "Chicago"],
                 "links": [3, 2, 1]})


def test_own_links_must_match_all_others() -> None:
    kit = chicago_to_new_york()
    set_cubes(kit, "Chicago", ["red"])
    set_cubes(kit, "New York", ["yellow"])
    with pytest.raises(IllegalAction, match="1 of its own against 2"):
        kit.act({"type": "deliver", "seat": kit.seat, "city": "Chicago", "colour": "red",
                 "route": ["Chicago", "Cleveland", "Pittsburgh", "New York"],
                 "links": [1, 2, 3]})


def test_income_after_three_rounds_then_markers_reset() -> None:
    kit = started()
    kit.company("Red")["income"] = 3
    for _ in range(9):
        kit.cmd(kit.seat, "pass")
    assert kit.state["phase"] == "dividends"
    ctx = kit.title.context("mini")
    assert kit.company("Red")["cash"] == 8000 + ctx.income_at(3, 0)
    assert kit.company("Red")["income"] == 0


# --- dividends ------------------------------------------------------------------------------------

def test_the_rulebook_dividend_example_price_6_and_17000_gives_8() -> None:
    assert 6 + price_change(6, 17000) == 8
    assert price_change(6, 0) == -2
    assert price_change(6, 3000) == -1  # half or less
    assert price_change(6, 5000) == 0  # more than half, less than the price
    assert price_change(6, 6000) == 1


def to_dividends(kit: AdvKit) -> None:
    for _ in range(9):
        kit.cmd(kit.seat, "pass")


def test_black_company_pays_17000_at_price_6_through_the_game() -> None:
    kit = started()
    to_dividends(kit)
    black = kit.company("Black")
    black["price"], black["cash"] = 6, 20000
    boss = black["controller"]
    while kit.title.waiting_for(kit.state, kit.seat) != "for the Black company: choose the " \
            "dividend":
        kit.cmd(kit.seat, "dividend", amount=0)
    before = kit.state["players"][boss]["money"]
    with pytest.raises(IllegalAction, match="at most 3 times the share price: \\$18,000"):
        kit.cmd(boss, "dividend", amount=19000)
    kit.cmd(boss, "dividend", amount=17000)
    black = kit.company("Black")
    assert black["price"] == 8
    # One share held: $17,000 over one issued share, all to its holder.
    assert kit.state["players"][boss]["money"] == before + 17000 + 5000  # and the $5,000
    assert black["cash"] == 3000


def test_dividend_split_per_issued_share_the_remainder_to_the_bank() -> None:
    kit = started()
    red = kit.company("Red")
    red["issued"], red["tile"] = 2, 3  # two shares in the Shares Issued box, one held
    to_dividends(kit)
    red = kit.company("Red")
    red["cash"] = 10000
    boss = red["controller"]
    before = kit.state["players"][boss]["money"]
    kit.cmd(boss, "dividend", amount=10000)
    # $10,000 over 3 issued shares: $3,000 each (in $1,000 notes); the bank keeps $7,000.
    assert kit.state["players"][boss]["money"] == before + 3000
    assert kit.company("Red")["price"] == 9


def test_no_dividend_drops_two_and_price_never_below_one() -> None:
    kit = started()
    to_dividends(kit)
    kit.company("Red")["price"] = 2
    kit.cmd(kit.seat, "dividend", amount=0)
    assert kit.company("Red")["price"] == 1


def test_interest_is_paid_and_bonds_repaid_before_the_dividend() -> None:
    kit = started()
    red = kit.company("Red")
    red["bonds"], red["tile"] = 2, 0
    to_dividends(kit)
    assert kit.company("Red")["cash"] == 8000 - 2000
    kit.cmd(kit.seat, "dividend", amount=1000, repay=1)
    assert kit.company("Red")["bonds"] == 1 and kit.company("Red")["cash"] == 0


def test_an_uncontrolled_company_pays_nothing_and_keeps_its_price() -> None:
    kit = started()
    to_dividends(kit)
    while kit.state["phase"] == "dividends":
        kit.cmd(kit.seat, "dividend", amount=0)
    assert kit.company("Green")["price"] == 5


# --- the end --------------------------------------------------------------------------------------

def test_seans_69000_example() -> None:
    kit = started()
    st = kit.state
    blue, yellow = kit.company("Blue"), kit.company("Yellow")
    blue.update(price=14, bonds=2, holders={"0": 4})
    yellow.update(price=9, bonds=0, holders={"0": 1})
    for c in kit.adv["companies"]:
        if c not in (blue, yellow):
            c["holders"].pop("0", None)
    st["players"][0]["money"] = 12000
    worth = final_worth(st, 0)
    assert worth["total"] == 69000
    assert {(s["company"], s["value"]) for s in worth["shares"]} == {("Blue", 48000),
                                                                      ("Yellow", 9000)}


def test_the_game_ends_at_the_end_of_the_turn_with_enough_empty_cities() -> None:
    kit = adv_kit(3, end_empty=1)
    assert kit.state["ecm"]["needed"] == 1
    kit.cmd(kit.seat, "pass")
    kit.cmd(kit.seat, "pass")
    kit.cmd(kit.seat, "pass")
    # No company is in play: the turn goes straight on to the Shares Phase.
    assert kit.state["phase"] == "shares" and kit.state["turn"] == 1
    kit.state["ecm"]["placed"] = 1
    while not kit.title.is_over(kit.state):
        kit.cmd(kit.seat, "pass")
    assert kit.state["final"]["tied"] == [0, 1, 2]
    assert "Final standings" in kit.title.summary(kit.state)


# --- options ------------------------------------------------------------------------------------

def test_advanced_only_on_a_map_with_companies() -> None:
    title = make_title()
    with pytest.raises(IllegalAction, match="England and Wales map only"):
        title.validate_options("mini", {"advanced": True})
    with pytest.raises(IllegalAction, match="use it with advanced:true"):
        adv_title().validate_options("mini", {"end_empty": 12})
    with pytest.raises(IllegalAction, match="whole number from 1 to"):
        adv_title().validate_options("mini", {"advanced": True, "end_empty": 99})
    adv_title().validate_options("mini", {"advanced": True, "end_empty": 5})
    basic = new_game(adv_title(), config(3))
    assert "adv" not in basic and basic["phase"] == "baron"


# --- mergers ------------------------------------------------------------------------------------

def merger_table() -> tuple[AdvKit, int, int, int]:
    """Red (a) and Blue (b, with c holding as many shares) joined at Cleveland, at the Merger
    Phase after no dividends (Red 6, Blue 5)."""
    kit = adv_kit(3)
    a = kit.seat
    buy(kit, a, "Red")
    b = kit.seat
    buy(kit, b, "Blue")
    c = kit.seat
    buy(kit, c, "Blue")
    end_setup(kit)
    assert kit.company("Blue")["controller"] == b  # a tie keeps control
    kit.cmd(a, "build", **{"from": "Chicago", "to": "Cleveland"})
    kit.cmd(a, "pass")
    kit.cmd(b, "build", **{"from": "Cleveland", "to": "Pittsburgh"})
    kit.cmd(b, "pass")
    for _ in range(4):
        kit.cmd(kit.seat, "pass")
    kit.cmd(a, "dividend", amount=0)
    kit.cmd(b, "dividend", amount=0)
    assert kit.state["phase"] == "mergers"
    assert kit.title.waiting_for(kit.state, b) == "for the Blue company: propose a merger or pass"
    return kit, a, b, c


def test_merger_votes_are_secret_until_all_are_in_and_a_tie_goes_to_the_controller() -> None:
    kit, a, b, c = merger_table()
    kit.cmd(b, "merge", **{"with": "red"})
    assert sorted(kit.title.to_act(kit.state)) == sorted([b, c])
    votes = kit.title.legal(kit.state, b)
    assert votes and all(kit.title.is_secret_move(v) for v in votes)
    assert all(s.secret for s in kit.title.suggest(kit.state, b))
    events = kit.cmd(b, "vote", choice="yes")
    public = [e["text"] for e in events if e["visibility"] == "public"]
    assert public and not any("yes" in t for t in public)
    assert "yes" not in str(kit.title.view(kit.state, None)["advanced"]["merger"])
    assert kit.title.view(kit.state, b)["you"] == {"seat": b, "merger_vote": "yes"}
    assert kit.title.view(kit.state, c)["you"] == {"seat": c}
    events = kit.cmd(c, "vote", choice="no")
    revealed = " ".join(e["text"] for e in events if e["visibility"] == "public")
    assert "1 for, 1 against - a tie, decided by the controller" in revealed
    assert kit.title.to_act(kit.state) == [a]  # now the Red shareholders vote


def test_an_approved_merger_buys_the_shares_at_price_plus_1000_and_takes_the_track() -> None:
    kit, a, b, c = merger_table()
    kit.cmd(b, "merge", **{"with": "Red"})
    kit.cmd(b, "vote", choice="yes")
    kit.cmd(c, "vote", choice="yes")
    before = kit.state["players"][a]["money"]
    kit.cmd(a, "vote", choice="yes")
    assert kit.state["players"][a]["money"] == before + (6 + 1) * 1000
    red = kit.company("Red")
    assert red["controller"] is None and red["holders"] == {}
    assert (red["price"], red["available"], red["tile"], red["issued"]) == (8, 5, 5, 0)
    assert {lk["owner"] for lk in kit.state["links"]} == {1}  # all Blue now
    assert kit.state["phase"] == "shares"
    # The merged company is restarted by buying a share from its Available box.
    chooser = kit.seat
    buy(kit, chooser, "Red")
    assert kit.company("Red")["controller"] == chooser


def test_a_rejected_merger_changes_nothing() -> None:
    kit, a, b, c = merger_table()
    kit.cmd(b, "merge", **{"with": "Red"})
    kit.cmd(b, "vote", choice="no")
    kit.cmd(c, "vote", choice="yes")  # a tie: the controller (b) voted no
    assert kit.company("Red")["controller"] == a
    assert kit.state["phase"] == "mergers"  # Red's turn to propose now
    with pytest.raises(IllegalAction, match="cannot merge with itself"):
        kit.cmd(a, "merge", **{"with": "Red"})
    with pytest.raises(IllegalAction, match="not in play"):
        kit.cmd(a, "merge", **{"with": "Green"})


def test_advanced_moves_in_a_basic_game_say_where_they_belong() -> None:
    basic = new_game(make_title(), config(2))
    with pytest.raises(IllegalAction, match="move of the Advanced Game"):
        make_title().command_to_action(basic, 0, "dividend", {"amount": 1000})


def test_menus_offer_companies_amounts_and_dividends_with_their_price_moves() -> None:
    kit = adv_kit(3)
    seat = kit.seat
    names = [v.value for v in kit.title.option_values(kit.state, seat, "auction", "company", {})]
    assert names == ["Red", "Blue", "Black", "Green", "Yellow", "Purple"]
    amounts = kit.title.option_values(kit.state, seat, "auction", "amount", {"company": "Green"})
    assert amounts[0].value == 5 and amounts[-1].value == 25  # $5,000 up to all $25,000
    kit.cmd(seat, "auction", company="Green")
    bids = kit.title.option_values(kit.state, kit.seat, "bid", "amount", {})
    assert bids[0].label == "$6,000"
    kit = started()
    to_dividends(kit)
    values = kit.title.option_values(kit.state, kit.seat, "dividend", "amount", {})
    assert values[0].label == "$8,000 (share price 8 -> 9; $8,000 a share)"
    assert values[-1].label == "$0 (share price 8 -> 6)"


def test_the_vote_that_completes_the_count_reveals_the_others() -> None:
    kit, _, b, c = merger_table()
    kit.cmd(b, "merge", **{"with": "Red"})
    first = kit.cmd(b, "vote", choice="yes")
    assert not kit.title.is_reveal({}, first)
    last = kit.cmd(c, "vote", choice="yes")
    assert kit.title.is_reveal({}, last)


def test_interest_it_cannot_pay_takes_bonds_else_all_its_money_goes_and_price_drops_2() -> None:
    kit = started()
    kit.cmd(kit.seat, "build", **{"from": "Chicago", "to": "Cleveland"})
    kit.cmd(kit.seat, "pass")
    for _ in range(7):
        kit.cmd(kit.seat, "pass")
    red = kit.company("Red")
    # One complete link: room for one bond; two held already would need a third.
    red["bonds"], red["cash"], red["income"], red["tile"] = 1, 0, 0, 0
    kit.cmd(kit.seat, "pass")  # Black's last action: income, then Red's interest
    red = kit.company("Red")
    assert (red["bonds"], red["cash"]) == (1, 0)  # $1,000 due and no room for a bond
    assert red["price"] == 6  # 8 - 2: no dividend
    assert kit.title.waiting_for(kit.state, kit.seat) == \
        "for the Blue company: choose the dividend"


def test_the_header_counts_each_players_worth_in_money() -> None:
    # What the final count would give now: cash plus shares at their value.
    kit = adv_kit(3)
    news = kit.title.view(kit.state, None)["news"]
    worth = {p["name"]: final_worth(kit.state, p["seat"])["total"] for p in kit.state["players"]}
    assert all(f"{name} ${total:,}" in news["scores"] for name, total in worth.items())
    assert kit.title.points(kit.state) == {
        p["seat"]: final_worth(kit.state, p["seat"])["total"] for p in kit.state["players"]}


def test_the_merger_message_says_the_targets_cash_and_bonds_move_with_its_track() -> None:
    kit, a, b, c = merger_table()
    red = kit.company("Red")
    red["cash"], red["bonds"] = 3000, 1
    blue_cash = kit.company("Blue")["cash"]
    kit.cmd(b, "merge", **{"with": "Red"})
    kit.cmd(b, "vote", choice="yes")
    kit.cmd(c, "vote", choice="yes")
    events = kit.cmd(a, "vote", choice="yes")
    text = " ".join(e["text"] for e in events if e["visibility"] == "public")
    assert "its 1 link, its cash of $3,000 and its 1 bond pass to the Blue company" in text
    blue = kit.company("Blue")
    assert (blue["cash"], blue["bonds"]) == (blue_cash + 3000 - (6 + 1) * 1000, 1)
