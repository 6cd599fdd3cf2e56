"""A move's public line in /game log reads as sentences, without '.;' between them."""

from __future__ import annotations

from bot.service.core import public_text
from engine.core import Event
from engine.core.types import event


def test_sentences_follow_each_other_and_secrets_stay_out() -> None:
    events: list[Event] = [
        event("baron", "carol has chosen a Rail Baron card."),
        event("baron", "You keep Rail Baron Theodore D. Judah.", 2),
        event("phase", "Turn 1: the first-player auction opens with bob."),
        event("pay", "bob pays $2,000"),
        event("order", "carol goes first"),
    ]
    assert public_text(events) == (
        "carol has chosen a Rail Baron card. Turn 1: the first-player auction opens with bob. "
        "bob pays $2,000; carol goes first")


def test_one_move_is_singular() -> None:
    from bot.service.queries import moves_text

    assert (moves_text(1), moves_text(0), moves_text(7)) == ("1 move", "0 moves", "7 moves")


def test_cards_in_a_hand_are_one_a_line() -> None:
    from bot.service.queries import Queries

    cards = [{"id": "a", "name": "J.P. Morgan", "text": "6 points for links."},
             {"id": "b", "name": "Jay Gould", "text": "7 points for bonds."}]
    assert Queries._describe(cards) == (
        "\n- J.P. Morgan: 6 points for links.\n- Jay Gould: 7 points for bonds.")
    assert Queries._describe(["wood", "coal"]) == "wood; coal"
    assert Queries._describe([]) == "none"
