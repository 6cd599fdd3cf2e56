"""The New England Railways strong player's reckoning: each link's traffic, each seat's money to
come, and the quick moves its rollouts make."""

from __future__ import annotations

import pytest

from engine.core import Config, State, new_game
from engine.core.rng import Rng, new_rng_state
from engine.newengland import DATA, NewEnglandTitle
from engine.newengland.outlook import Outlook, market_keep
from engine.newengland.player import NewEnglandPlayer

TITLE = NewEnglandTitle(DATA)


def fresh(players: int = 4) -> State:
    cfg: Config = {"title": "newengland", "map": None, "options": {}, "seed": 4,
           "players": [{"seat": i, "name": f"P{i}", "colour": TITLE.meta.colours[i]}
                       for i in range(players)]}
    return new_game(TITLE, cfg)


def test_the_market_loss_keeps_what_the_dice_leave_on_average() -> None:
    # 2d6 + 1 is 3 to 13, so a Market Loss takes between a third and a thirteenth.
    keep = market_keep(TITLE.board)
    assert 1 - 1 / 3 < keep < 1 - 1 / 13
    assert keep == pytest.approx(0.86, abs=0.01)


def test_a_waiting_cube_is_counted_on_the_links_it_will_cross() -> None:
    state = fresh()
    for city in state["cities"]:
        state["cities"][city] = []
    for lid in ("Boston-Providence", "Boston-Worcester"):
        state["links"][lid] = {"owner": 0, "status": "built"}
    # Worcester demands purple: a purple cube in Providence goes there in one link if that link
    # is built, else by way of Boston in two.
    state["cities"]["Providence"] = ["purple"]
    outlook = Outlook(TITLE.board)
    _, waiting = outlook.traffic(state)
    assert waiting == {"Boston-Providence": 1.0, "Boston-Worcester": 1.0}
    state["links"]["Providence-Worcester"] = {"owner": 1, "status": "built"}
    _, waiting = outlook.traffic(state)
    assert waiting == {"Providence-Worcester": 1.0}


def test_a_seat_whose_links_carry_cubes_expects_more_money() -> None:
    state = fresh()
    for lid in ("Boston-Providence", "Boston-Worcester"):
        state["links"][lid] = {"owner": 0, "status": "built"}
        state["players"][0]["links"].append(lid)
    for lid in ("Rutland-Burlington", "Portsmouth-Portland"):
        state["links"][lid] = {"owner": 1, "status": "built"}
        state["players"][1]["links"].append(lid)
    outlook = Outlook(TITLE.board)
    money = outlook.everyone(state, 8)
    # Both hold $10 and two links of printed value 10; seat 0's lie where the cubes go.
    assert money[0] > money[1] > 20
    assert money[2] == money[3] == 10
    # No turns left: money now only.
    assert outlook.everyone(state, 0)[:2] == [20.0, 20.0]


def test_income_to_come_shrinks_with_each_market_loss_and_stops_at_the_track_end() -> None:
    outlook = Outlook(TITLE.board)
    keep = outlook.keep
    assert outlook.income_to_come(10, 0, 0, 2) == pytest.approx(10 * keep + 10 * keep * keep)
    assert outlook.income_to_come(100, 50, 0, 1) == pytest.approx(100 * keep)


def test_rollout_moves_borrow_only_what_the_service_forces_and_bid_within_worth() -> None:
    player = NewEnglandPlayer(TITLE)
    rng = Rng(new_rng_state(1))
    state = fresh()
    seat = state["pending"][0]
    assert player.rollout_choices(state, seat, rng) == [{"type": "done", "seat": seat}]
    state["players"][seat]["loans"] = 50
    state["players"][seat]["cash"] = 0
    first = player.rollout_choices(state, seat, rng)[0]
    assert first["type"] == "loan" and first["amount"] == 20  # $10 of service: two notes
