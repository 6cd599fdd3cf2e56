"""Railways of the World computers never borrow into interest their income cannot pay: what is
left unpaid at a turn's end the bank lends as more bonds, whose interest needs more bonds."""

from __future__ import annotations

from bot_games import easy_until_actions

from engine.core import State, step
from engine.core.players import choose
from engine.rotw import interest
from engine.rotw.economy import bonds_needed, income_of
from engine.rotw.player import RotwPlayer
from engine.rotw.playervalue import delivery_points
from engine.rotw.title import RotwTitle


def last_action(score: int, bonds: int, money: int) -> tuple[RotwTitle, State, int]:
    """A 3-player Eastern U.S. game at a seat's last action of turn 3, with the score, bonds
    and money asked for (nothing the seat does after this move comes before the interest)."""
    title, state = easy_until_actions(3)
    seat = title.to_act(state)[0]
    state["round"] = 3
    p = state["players"][seat]
    p["score"], p["bonds"], p["money"] = score, bonds, money
    return title, state, seat


def left_unpaid(title: RotwTitle, state: State, seat: int) -> int:
    """Dollars of the turn's interest the seat's income and money leave unpaid."""
    p = state["players"][seat]
    ctx = title.context(state["map"])
    return max(0, interest.interest(state, ctx, int(p["bonds"])) - income_of(state, ctx, seat)
               - int(p["money"]))


def test_no_income_no_money_no_bond_whose_interest_goes_unpaid() -> None:
    # No income yet, no money, no bonds: a move paid with a bond now leaves its interest
    # unpaid at the turn's end (no delivery can come first), and the bank lends another.
    title, state, seat = last_action(0, 0, 0)
    player = RotwPlayer(title)
    ctx = title.context(state["map"])
    priced = [a for a in title.legal(state, seat) if a.get("cost")]
    # Moves the bond cap alone allows were there to make.
    cap = player.bond_cap(state, seat, stuck=True)
    assert any(bonds_needed(0, int(a["cost"])) <= cap for a in priced)
    assert all(interest.sinks(state, ctx, seat, int(a["cost"])) for a in priced)
    # The player offers none of them, builds included, and the move it makes leaves the
    # interest paid.
    for c in player.candidates(state, seat):
        after = step(title, state, c.action).state
        assert after["players"][seat]["bonds"] == 0 or left_unpaid(title, after, seat) == 0
    action = choose(title, player, state, seat, "normal", 1)
    assert left_unpaid(title, step(title, state, action).state, seat) == 0


def test_money_kept_for_the_interest_is_not_spent() -> None:
    # $3,000 pays two bonds' interest on no income: whatever the player offers to build leaves
    # that much at the turn's end (or opens a delivery that lifts the income).
    title, state, seat = last_action(0, 2, 3000)
    player = RotwPlayer(title)
    for c in player.candidates(state, seat):
        if c.action["type"] == "build":
            after = step(title, state, c.action).state
            assert left_unpaid(title, after, seat) == 0 or delivery_points(after, seat) \
                > delivery_points(state, seat)
    # With the money to pay the interest and build, builds it could not afford are offered.
    few = {repr(c.action) for c in player.candidates(state, seat)}
    state["players"][seat]["money"] = 30_000
    more = [c for c in player.candidates(state, seat)
            if c.action["type"] == "build" and repr(c.action) not in few]
    assert more


def test_a_seat_whose_interest_outgrows_its_income_is_worth_less() -> None:
    # The same position with interest past income is worth less by more than the bonds' own
    # weight: its money will run out and the bank lend the rest.
    title, state, seat = last_action(1, 2, 20_000)
    player = RotwPlayer(title)
    base = player.value(state, seat)
    state["players"][seat]["bonds"] = 5
    ctx = title.context(state["map"])
    assert interest.deficit(state, ctx, seat) == 2000
    w = player.weights
    assert player.value(state, seat) < base - 3 * w.bond


def test_no_bid_paid_with_a_bond_whose_interest_goes_unpaid() -> None:
    # The cheapest first bid, with no money: a bond pays it. On no income its interest would
    # go unpaid, so the player passes; $18,000 of income pays it, and the player bids.
    title, state, seat = last_action(0, 0, 0)
    player = RotwPlayer(title)
    state["auction"] = {"high_bid": 0, "high_seat": None}

    def bids() -> list[int]:
        return [int(c.action["amount"]) for c in player._auction(state, seat)
                if c.action["type"] == "bid"]

    assert bids() == []
    state["players"][seat]["score"] = 20
    assert bids() and bonds_needed(0, bids()[0]) == 1
