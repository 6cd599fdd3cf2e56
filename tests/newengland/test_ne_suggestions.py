"""New England suggests every step's moves in words, and each offered option value is legal;
a whole game is played from suggestions alone."""

from __future__ import annotations

from suggest_kit import config, play, values_make_moves

from engine.newengland import DATA, NewEnglandTitle

TITLE = NewEnglandTitle(DATA)
STEP_COMMANDS = {
    "loans": [("loan", "amount")],
    "retire": [("retire", "amount")],
    "auction": [("bid", "amount")],
    "ship": [("ship", "from"), ("ship", "to"), ("ship", "cube"), ("ship", "route")],
}


def test_a_game_of_suggested_moves_ends_and_every_offered_value_is_a_legal_move() -> None:
    seen: dict[tuple[str, str], int] = {}
    labels: set[str] = set()
    last = None
    for i, (state, seat, offered) in enumerate(play(TITLE, config("newengland", None, 3, 8), 3)):
        last = state
        labels |= {s.label.split(" ")[0] for s in offered}
        assert all("seat" not in s.label for s in offered)
        if i % 3:
            continue
        for command, option in STEP_COMMANDS.get(state["phase"], []):
            # A route is a whole move; a city or a cube needs the other end chosen too.
            fill = tuple(o for o in ("from", "to") if o != option) \
                if command == "ship" and option != "route" else ()
            n = values_make_moves(TITLE, state, seat, command, option, {}, limit=4, fill=fill)
            seen[(command, option)] = seen.get((command, option), 0) + n
    assert last is not None
    for key in [("loan", "amount"), ("bid", "amount"), ("ship", "from"), ("ship", "to"),
                ("ship", "cube"), ("ship", "route")]:
        assert seen.get(key), f"/{key[0]} {key[1]} never offered a value"
    assert {"Borrow", "Bid", "Pass", "Ship"} <= labels


def test_the_pay_or_wait_step_is_offered_as_two_clear_choices() -> None:
    for state, _seat, offered in play(TITLE, config("newengland", None, 3, 8), 3):
        if state["phase"] == "build":
            pay, wait = offered
            assert pay.command == "pay" and pay.label.startswith("Pay $")
            assert wait.command == "wait" and wait.style == "secondary"
            return
    raise AssertionError("no link was ever short of its roll")


def test_a_bid_names_the_link_without_nested_brackets() -> None:
    for state, _seat, offered in play(TITLE, config("newengland", None, 3, 8), 3):
        if state["phase"] == "auction":
            bid = next(s for s in offered if s.command == "bid" and s.options)
            link = TITLE.board.links[state["auction"]["link"]]
            assert bid.detail == f"{link.a} - {link.b}, build {link.build}, value {link.value}"
            return
    raise AssertionError("no auction was reached")
