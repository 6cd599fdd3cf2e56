"""The Advanced Game's company turn and small dividends, as players read them.

England and Wales, Pay Dividends: "Divide the dividend by the number of issued shares (round
down). Each share gets that amount of money ... If the money does not divide evenly among the
shares, the bank gets the remainder." A dividend below $1,000 a share is therefore all remainder:
legal, moving the share price by its size, but paying no shareholder; it is never offered or
told as if it paid anyone.
"""

from __future__ import annotations

from typing import Any

from adv_kit import AdvKit
from test_advanced_game import started, to_dividends

from engine.rotw.advanced.companies import issued_shares
from engine.rotw.commands import COMMANDS


def test_after_a_first_link_the_waiting_line_offers_only_a_second_link_or_stop() -> None:
    """"A company may build one or two links during the Build Track action.\""""
    kit = started()
    assert kit.title.waiting_for(kit.state, kit.seat) == \
        "for the Red company: build, move a cube or pass"
    kit.cmd(kit.seat, "build", **{"from": "Chicago", "to": "Cleveland"})
    assert kit.title.waiting_for(kit.state, kit.seat) == \
        "for the Red company: build a second link or stop (pass)"
    kit.cmd(kit.seat, "pass")
    assert kit.title.waiting_for(kit.state, kit.seat) == \
        "for the Blue company: build, move a cube or pass"


def test_command_descriptions_carry_no_advanced_game_notes() -> None:
    """An ordinary game's players read the command words too: no Advanced Game asides."""
    for spec in COMMANDS:
        if spec.name in ("build", "bid", "pass", "deliver"):
            assert "Advanced Game" not in spec.description and "merger" not in spec.description


def small_red(cash: int, issued: int) -> tuple[AdvKit, dict[str, Any]]:
    """At Pay Dividends, the Red company (price 8) with ``issued`` shares in the box besides the
    one its controller holds."""
    kit = started()
    red = kit.company("Red")
    red["issued"], red["tile"] = issued, 4 - issued
    to_dividends(kit)
    red = kit.company("Red")
    red["cash"] = cash
    return kit, red


def test_a_dividend_too_small_for_any_share_is_told_as_all_to_the_bank() -> None:
    kit, red = small_red(8000, 9)
    assert issued_shares(red) == 10
    boss = red["controller"]
    money = kit.state["players"][boss]["money"]
    question = kit.title.confirmation(kit.state, {"type": "dividend", "seat": boss,
                                                  "amount": 8000})
    assert question == ("A $8,000 dividend is less than $1,000 for each of 10 issued shares, so "
                        "no shareholder gets anything: the bank takes it all (share price 8 -> "
                        "9).")
    events = kit.cmd(boss, "dividend", amount=8000)
    said = next(e["text"] for e in events if e["type"] == "dividend")
    assert "$0 on each" not in said
    assert said == ("The Red company pays a $8,000 dividend: less than $1,000 for each of 10 "
                    "issued shares, so no shareholder gets anything: the bank takes it all. "
                    "Share price 8 -> 9.")
    assert kit.state["players"][boss]["money"] == money
    assert kit.company("Red")["price"] == 9  # the price moves by the dividend's size


def test_a_dividend_that_pays_asks_nothing_and_names_each_shares_money() -> None:
    kit, red = small_red(20000, 1)
    boss = red["controller"]
    assert kit.title.confirmation(kit.state, {"type": "dividend", "seat": boss,
                                              "amount": 9000}) is None
    events = kit.cmd(boss, "dividend", amount=9000)
    said = next(e["text"] for e in events if e["type"] == "dividend")
    assert "$4,000 on each of 2 issued shares; the bank keeps $5,000" in said


def test_no_dividend_reads_as_none() -> None:
    kit, red = small_red(8000, 0)
    said = next(e["text"] for e in kit.cmd(red["controller"], "dividend", amount=0)
                if e["type"] == "dividend")
    assert said == "The Red company pays no dividend. Share price 8 -> 6."


def dividend_offers(kit: AdvKit, seat: int) -> list[tuple[str, int]]:
    found = kit.title.suggest(kit.state, seat)
    return [(s.label, int(s.options["amount"])) for s in found
            if s.command == "dividend" and "amount" in s.options and "repay" not in s.options]


def test_offered_dividends_say_who_gets_the_money_and_waste_no_remainder() -> None:
    kit, red = small_red(10000, 2)  # 3 issued shares
    offers = dividend_offers(kit, red["controller"])
    # $10,000 would raise the price as $9,000 does: the extra $1,000 would only go to the bank.
    assert ("Red: dividend $9,000 ($3,000 a share)", 9000) in offers
    # $8,000 (the price: +1) keeps its remainder, as $6,000 would not raise the price; half the
    # price, $4,000, loses 1 as $3,000 does.
    assert [amount for _, amount in offers] == [9000, 8000, 3000, 0]
    assert ("Red: no dividend", 0) in offers
    kit, red = small_red(8000, 9)  # 10 issued shares: any dividend here pays no share
    offers = dividend_offers(kit, red["controller"])
    paying = [label for label, amount in offers if amount]
    assert paying and all(label.endswith("to the bank as a dividend (no share gets anything)")
                          for label in paying)
    menu = kit.title.option_values(kit.state, red["controller"], "dividend", "amount", {})
    assert menu[0].label == "$8,000 (share price 8 -> 9; no share gets anything)"
