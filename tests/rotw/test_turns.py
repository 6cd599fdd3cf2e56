from __future__ import annotations

import pytest
from rotw_kit import INCOME, Kit, actions_kit, walk

from engine.core.errors import IllegalAction


def auction_kit(n: int = 3) -> Kit:
    kit = Kit(n)
    kit.skip_barons()
    return kit


def test_minimum_first_bid_is_1000_and_bids_must_rise() -> None:
    kit = auction_kit()
    with pytest.raises(IllegalAction, match=r"\$1,000"):
        kit.act({"type": "bid", "seat": 0, "amount": 500})
    kit.act({"type": "bid", "seat": 0, "amount": 2000})
    with pytest.raises(IllegalAction, match=r"\$3,000"):
        kit.act({"type": "bid", "seat": 1, "amount": 2000})


def test_winner_pays_with_exactly_the_bonds_needed_and_goes_first() -> None:
    kit = auction_kit(3)
    kit.act({"type": "bid", "seat": 0, "amount": 2000})
    kit.act({"type": "bid", "seat": 1, "amount": 7000})
    kit.act({"type": "pass", "seat": 2})
    assert kit.title.to_act(kit.state) == [0]
    events = kit.act({"type": "pass", "seat": 0})
    p = kit.state["players"][1]
    assert (p["bonds"], p["money"]) == (2, 3000)
    assert "2 bonds issued" in events[-1]["text"]
    assert kit.state["turn_order"] == [1, 2, 0]
    assert kit.state["phase"] == "actions" and kit.state["round"] == 1


def test_a_pass_is_for_good() -> None:
    kit = auction_kit(3)
    kit.act({"type": "pass", "seat": 0})
    kit.act({"type": "bid", "seat": 1, "amount": 1000})
    # Seat 0 has passed: after seat 2 the turn goes straight back to seat 1.
    kit.act({"type": "bid", "seat": 2, "amount": 2000})
    assert kit.title.to_act(kit.state) == [1]


def test_all_pass_turn_one_opening_bidder_then_left_of_previous_first() -> None:
    kit = auction_kit(3)
    kit.all_pass_auction()
    assert kit.state["first_player"] == 0
    for _ in range(9):
        kit.act({"type": "pass", "seat": kit.seat})
    assert kit.state["turn"] == 2 and kit.state["phase"] == "auction"
    assert kit.title.to_act(kit.state) == [0]  # the previous first player opens
    kit.all_pass_auction()
    assert kit.state["first_player"] == 1
    assert kit.state["turn_order"] == [1, 2, 0]


def test_income_dividends_and_forced_bonds() -> None:
    kit = actions_kit(2)
    a, b = kit.state["players"]
    a["score"], a["bonds"], a["money"] = 10, 2, 0
    b["score"], b["bonds"], b["money"] = 0, 3, 1000
    kit.state["round"] = 3
    kit.act({"type": "pass", "seat": 0})
    events = kit.act({"type": "pass", "seat": 1})
    a, b = kit.state["players"]
    assert a["money"] == INCOME[10] * 1000 - 2000 and a["bonds"] == 2
    # Owes $3,000 with $1,000: one new bond, no dividend on it until next time.
    assert (b["money"], b["bonds"]) == (1000 + 5000 - 3000, 4)
    assert any("1 bond issued" in e["text"] for e in events)


def test_end_of_turn_removes_incomplete_links_and_turns_up_a_card() -> None:
    kit = actions_kit(2)
    display, deck = len(kit.state["ops"]["display"]), len(kit.state["ops"]["deck"])
    kit.act({"type": "build", "seat": 0, "start": "Kansas City", "path": walk("G1", ["E"])})
    assert len(kit.state["links"]) == 1
    for _ in range(5):
        kit.act({"type": "pass", "seat": kit.seat})
    assert kit.state["links"] == []
    assert len(kit.state["ops"]["display"]) == display + 1
    assert len(kit.state["ops"]["deck"]) == deck - 1


def test_only_the_seat_to_act_may_move() -> None:
    kit = actions_kit(2)
    with pytest.raises(IllegalAction) as err:
        kit.act({"type": "pass", "seat": 1})
    assert err.value.code == "not_your_turn"


def test_score_track_wraps_and_income_stays_at_the_last_space() -> None:
    kit = actions_kit(2)
    kit.state["players"][0]["score"] = 98
    kit.state["ops"]["display"] = []  # no goal card bonuses in this count
    from rotw_kit import connect, set_cubes
    connect(kit, 0, "Chicago", "Cleveland")
    connect(kit, 0, "Cleveland", "Pittsburgh")
    kit.state["players"][0]["engine"] = 2
    set_cubes(kit, "Chicago", ["blue", "red"])
    kit.act({"type": "deliver", "seat": 0, "city": "Chicago", "colour": "blue",
             "route": ["Chicago", "Cleveland", "Pittsburgh"]})
    p = kit.state["players"][0]
    assert (p["score"], p["wraps"]) == (0, 1)
    view = kit.title.view(kit.state, None)["players"][0]
    assert view["wraps"] == 1 and view["income"] == INCOME[-1] * 1000
