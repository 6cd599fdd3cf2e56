"""What the Railways of the World computer sees in a Hotel and in the Railroad Executive."""

from __future__ import annotations

import copy

from bot_games import easy_until_actions

from engine.core.players import Candidate
from engine.rotw.cardworth import HOTEL_MOST, card_prior, hotel_points
from engine.rotw.player import RotwPlayer
from engine.rotw.playervalue import Weights


def test_a_hotel_is_worth_the_more_goods_wait_near_its_city_for_it() -> None:
    title, state = easy_until_actions(3)
    ctx = title.context(state["map"])
    colour = state["cities"]["Baltimore"]["colour"]
    other = next(c for c in ("red", "yellow", "blue", "purple", "black") if c != colour)
    bare = copy.deepcopy(state)
    bare["ecm"]["placed"] = 0
    for city in bare["cities"].values():
        city["cubes"] = []
    assert hotel_points(bare, ctx, "Baltimore") == 0
    rich = copy.deepcopy(bare)
    rich["cities"]["Philadelphia"]["cubes"] = [colour] * 3
    rich["cities"]["Washington D.C."]["cubes"] = [colour, other]
    assert hotel_points(rich, ctx, "Baltimore") == 0.5 * 4
    # Nearer the end, fewer deliveries are left to come.
    rich["ecm"]["placed"] = rich["ecm"]["needed"] // 2
    assert 0 < hotel_points(rich, ctx, "Baltimore") < 0.5 * 4
    rich["cities"]["Philadelphia"]["cubes"] = [colour] * 100
    assert hotel_points(rich, ctx, "Baltimore") == HOTEL_MOST


def test_the_railroad_executive_comes_just_before_the_best_delivery() -> None:
    title, state = easy_until_actions(3)
    ctx = title.context(state["map"])
    assert card_prior(state, ctx, 0, "railroad-executive#1", 4.0, 3) == 4.0 * 3 + 1
    # With nothing to deliver, its two actions bring nothing this prior can see.
    assert card_prior(state, ctx, 0, "railroad-executive#1", 4.0, 0) is None
    assert card_prior(state, ctx, 0, "city-growth#1", 4.0, 3) is None


def test_the_player_weighs_a_hotel_only_with_the_switch_on() -> None:
    title, state = easy_until_actions(3)
    seat = title.to_act(state)[0]
    ctx = title.context(state["map"])
    state["ops"]["display"] = ["hotel-baltimore"]
    colour = state["cities"]["Baltimore"]["colour"]
    state["cities"]["Philadelphia"]["cubes"] = [colour] * 4
    expected = Weights().deliver_prior * hotel_points(state, ctx, "Baltimore")
    assert expected > 0

    def hotel(player: RotwPlayer) -> Candidate:
        return next(c for c in player.candidates(state, seat) if c.action["type"] == "card")

    on = hotel(RotwPlayer(title, Weights(card_worth=1.0)))
    off = hotel(RotwPlayer(title, Weights(card_worth=0.0)))
    assert hotel(RotwPlayer(title)).prior == on.prior  # (on by default)
    assert on.prior - off.prior == expected
