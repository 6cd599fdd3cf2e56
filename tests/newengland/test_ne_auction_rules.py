"""The Auction & Build step's rules that the rulebook's worked example does not reach: who opens
the bidding on each link, who drops out, and what the buyer's roll does."""

from __future__ import annotations

import pytest
from ne_helpers import config, ctx, title

from engine.core import IllegalAction, State, new_game, step
from engine.newengland.turn import advance

DAVE, PETE, JOHN, VINCE = 0, 1, 2, 3
FIRST, SECOND = "Boston-Providence", "Boston-Worcester"  # build numbers 5 and 5


def two_links(first: int = PETE) -> State:
    """A 4-player turn at its auctions, with two links left to sell and $20 each."""
    state = new_game(title(), config(4, 7))
    state.update(phase="auction", auction=None, auction_pos=0, pending=[], first=first,
                 current=[FIRST, SECOND], future=[], deck=["Boston-Lowell"])
    for lid in state["current"]:
        state["links"][lid]["status"] = "current"
    for p in state["players"]:
        p["cash"] = 20
    advance(ctx(title(), state))
    return state


def test_every_link_opens_its_bidding_with_the_first_player() -> None:
    t = title()
    state = two_links()
    assert state["auction"]["link"] == FIRST and t.to_act(state) == [PETE]
    state = step(t, state, {"type": "pass", "seat": PETE}).state
    state = step(t, state, {"type": "bid", "seat": JOHN, "amount": 3}).state
    state = step(t, state, {"type": "pass", "seat": VINCE}).state
    # Dave passes: John buys and rolls 6+6, so the link is built and the next auction opens.
    state = step(t, state, {"type": "pass", "seat": DAVE, "chance": [5, 5]}).state
    assert state["auction"]["link"] == SECOND
    # Not Vince, who sits after the last buyer: the First Player again, then clockwise
    # past John, who has bought his link for this turn.
    assert t.to_act(state) == [PETE]
    state = step(t, state, {"type": "pass", "seat": PETE}).state
    assert t.to_act(state) == [VINCE]
    state = step(t, state, {"type": "bid", "seat": VINCE, "amount": 1}).state
    assert t.to_act(state) == [DAVE]


def test_a_player_who_cannot_pay_the_least_bid_drops_out() -> None:
    t = title()
    state = two_links()
    state["players"][JOHN]["cash"] = 4
    result = step(t, state, {"type": "bid", "seat": PETE, "amount": 5})
    state = result.state
    assert JOHN in state["auction"]["out"] and t.to_act(state) == [VINCE]
    assert [e["text"] for e in result.events if e["type"] == "drop"] == [
        "John can't bid $6 and drops out."]
    state = step(t, state, {"type": "pass", "seat": VINCE}).state
    # John may not come back in once Dave has passed: Pete buys at $5.
    state = step(t, state, {"type": "pass", "seat": DAVE, "chance": [5, 5]}).state
    assert state["links"][FIRST]["owner"] == PETE and state["players"][PETE]["cash"] == 15


def buy_first_link(cash: int, dice: list[int]) -> tuple[State, list[str]]:
    """Pete bids all his cash but ``cash`` for the first link, and the others pass; the dice
    are the recorded outcomes (a face less one)."""
    t = title()
    state = two_links()
    state = step(t, state, {"type": "bid", "seat": PETE, "amount": 20 - cash}).state
    for seat in (JOHN, VINCE):
        state = step(t, state, {"type": "pass", "seat": seat}).state
    result = step(t, state, {"type": "pass", "seat": DAVE, "chance": dice})
    return result.state, [e["text"] for e in result.events if e["type"] == "bought"]


def test_a_roll_equal_to_the_build_number_builds_the_link_at_once() -> None:
    state, said = buy_first_link(10, [1, 2])  # 2+3 = 5, the build number
    assert state["links"][FIRST]["status"] == "built"
    assert state["phase"] == "auction" and state["auction"]["link"] == SECOND
    assert said == ["Pete buys Boston-Providence for $10 and rolls 2+3=5: built at once."]


def test_a_buyer_short_of_the_difference_has_the_link_finished_next_turn() -> None:
    state, said = buy_first_link(2, [0, 0])  # 1+1 = 2: $3 short, and Pete has $2 left
    assert state["links"][FIRST]["status"] == "unfinished"
    assert state["phase"] == "auction" and state["build"] is None
    assert state["players"][PETE]["cash"] == 2
    assert "without $3 to make it up: it is finished next turn" in said[0]


def test_a_buyer_with_the_difference_chooses_and_pays_exactly_it() -> None:
    t = title()
    state, _ = buy_first_link(3, [0, 0])  # $3 short, and Pete has exactly $3 left
    assert state["phase"] == "build" and t.to_act(state) == [PETE]
    state = step(t, state, {"type": "pay", "seat": PETE}).state
    assert state["players"][PETE]["cash"] == 0
    assert state["links"][FIRST]["status"] == "built"


def refusal(state: State, action: dict[str, object]) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        step(title(), state, action)
    return info.value


def test_the_first_bid_is_refused_below_the_house_minimum_without_naming_a_bid() -> None:
    state = two_links()
    assert refusal(state, {"type": "bid", "seat": PETE, "amount": 0}).message == (
        "A bid must be at least $1 (the house minimum bid).")
    state = step(title(), state, {"type": "bid", "seat": PETE, "amount": 4}).state
    assert refusal(state, {"type": "bid", "seat": JOHN, "amount": 4}).message == (
        "A bid must be at least $5, more than the current bid of $4.")


def only_vince_may_bid() -> State:
    """The first link's auction when Dave, Pete and John have each bought a link this turn."""
    state = new_game(title(), config(4, 7))
    state.update(phase="auction", auction=None, auction_pos=0, pending=[], first=PETE,
                 current=[FIRST], future=[], deck=["Boston-Lowell"])
    state["links"][FIRST]["status"] = "current"
    for p in state["players"]:
        p["cash"], p["bought"] = 20, p["seat"] != VINCE
    advance(ctx(title(), state))
    return state


def test_a_lone_bidder_still_bids_and_pays_at_least_the_house_minimum() -> None:
    # "When all but one player has dropped out ... that player pays the money": with nobody
    # else allowed to bid, the one player left still names a bid, and the least is $1 (house).
    t = title()
    state = only_vince_may_bid()
    assert t.to_act(state) == [VINCE]
    with pytest.raises(IllegalAction, match=r"at least \$1 \(the house minimum bid\)"):
        step(t, state, {"type": "bid", "seat": VINCE, "amount": 0})
    # Then the roll 6+6 builds it; the market dice and a die for the First Player card follow.
    state = step(t, state, {"type": "bid", "seat": VINCE, "amount": 1,
                            "chance": [5, 5, 0, 0, 0]}).state
    assert state["links"][FIRST]["owner"] == VINCE and state["players"][VINCE]["cash"] == 19


def test_a_lone_bidder_who_passes_leaves_the_link_unbought() -> None:
    state = step(title(), only_vince_may_bid(), {"type": "pass", "seat": VINCE}).state
    assert state["links"][FIRST]["status"] == "removed" and state["links"][FIRST]["owner"] is None
