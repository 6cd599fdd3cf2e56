"""Railways of the World suggests legal moves in words, and offers legal values for every option
of every move command; a game is played from suggestions alone."""

from __future__ import annotations

import re
from typing import Any

import pytest
from suggest_kit import Position, complete, config, move, play, values_make_moves

import maps
from engine.core import State, Suggestion, step
from engine.rotw.title import RotwTitle

RAW = re.compile(r"#\d|link:\d|\bseat\b|choose_baron|western_link")
TITLE = RotwTitle(maps.load, maps.load_cards)


def words_only(texts: list[str]) -> None:
    for text in texts:
        assert not RAW.search(text), text


def check_position(state: State, seat: int, offered: list[Suggestion],
                   seen: dict[tuple[str, str], int]) -> None:
    """Every offered value of the main options makes a legal move here."""
    t = TITLE
    words_only([s.label for s in offered] + [s.detail for s in offered])
    phase = state["phase"]

    def count(command: str, option: str, chosen: dict[str, Any]) -> None:
        fill = tuple(n for n in ("city", "colour", "link", "route") if n != option) \
            if command == "card" else ()
        n = values_make_moves(t, state, seat, command, option, chosen, limit=3, fill=fill)
        seen[(command, option)] = seen.get((command, option), 0) + n
        words_only([v.label for v in t.option_values(state, seat, command, option, chosen)])

    if phase == "baron":
        count("baron", "card", {})
    elif phase == "auction":
        count("bid", "amount", {})
    elif phase == "actions" and not state["players"][seat].get("held_cube"):
        deliveries = [s for s in offered if s.command == "deliver"]
        if deliveries:
            best = deliveries[0].options
            count("deliver", "to", {"city": best["city"], "colour": best["colour"]})
            count("deliver", "city", {"colour": best["colour"], "to": best["to"]})
        starts = t.option_values(state, seat, "build", "from", {})
        assert starts, "somewhere to build from"
        for start in starts[:3]:
            # A start alone is no move: each offered start has somewhere to build to.
            count("build", "to", {"from": start.value})
            seen[("build", "from")] = seen.get(("build", "from"), 0) + 1
        count("urbanize", "city", {"colour": "blue"})
        count("card", "card", {})
        for s in offered:
            if s.command == "card" and s.needs:
                count("card", s.needs[0], dict(s.options))
        for option in ("via", "path"):
            chosen = {"from": starts[0].value}
            ends = t.option_values(state, seat, "build", "to", chosen)
            if ends:
                count("build", option, {**chosen, "to": ends[0].value})
        count("westernlink", "city", {})
        count("upgrade", "cards", {})


Positions = list[Position]


@pytest.fixture(scope="module")
def positions() -> Positions:
    """The first positions of a three-player game played from suggestions alone."""
    out = []
    for position in play(TITLE, config("rotw", "eastern-us", 3, seed=4), seed=2):
        out.append(position)
        if len(out) > 45:
            break
    return out


def test_a_game_of_suggested_moves_offers_legal_values_for_every_option(
    positions: Positions,
) -> None:
    seen: dict[tuple[str, str], int] = {}
    for i, (state, seat, offered) in enumerate(positions):
        if i % 5 == 0 or state["phase"] != "actions":
            check_position(state, seat, offered, seen)
    for key in [("baron", "card"), ("bid", "amount"), ("deliver", "to"), ("deliver", "city"),
                ("build", "from"), ("build", "to"), ("build", "via"), ("build", "path"),
                ("urbanize", "city"), ("card", "card"), ("card", "city")]:
        assert seen.get(key), f"/{key[0]} {key[1]}: never offered anything"


def test_suggested_delivery_says_route_and_points(positions: Positions) -> None:
    for state, seat, offered in positions:
        offered = [s for s in offered if s.command == "deliver"]
        if not offered:
            continue
        best = offered[0]
        m = re.fullmatch(r"Deliver (\w+) (.+) -> (.+), (\d+) links?, \+(\d+)", best.label)
        assert m, best.label
        colour, start, dest, links, points = m.groups()
        assert best.options == {"city": start, "colour": colour, "to": dest}
        action = TITLE.command_to_action(state, seat, "deliver", dict(best.options))
        action["seat"] = seat
        events = " ".join(ev["text"] for ev in step(TITLE, state, action).events)
        name = state["players"][seat]["name"]
        assert f"{start} -> {dest} ({links} link" in events
        assert f"{name} +{points}" in events, events
        assert best.detail.startswith(f"{start} - ") and dest in best.detail
        return
    raise AssertionError("no delivery was ever suggested")


def test_pass_is_grey_and_asks_when_it_throws_an_action_away(positions: Positions) -> None:
    for state, _seat, offered in positions:
        if state["phase"] != "actions":
            continue
        (passing,) = [s for s in offered if s.command == "pass"]
        assert passing.style == "secondary" and passing.confirm
        assert "throws away this action" in passing.confirm
        assert min(offered, key=lambda s: s.rank) is passing
        return
    raise AssertionError("no action round")


def test_baron_choice_is_secret_and_named(positions: Positions) -> None:
    state = positions[0][0]
    offered = TITLE.suggest(state, 0)
    assert offered and all(s.secret and s.command == "baron" for s in offered)
    assert all(s.label.startswith("Keep Rail Baron ") for s in offered)
    # The card can be named as players read it.
    name = offered[0].label.removeprefix("Keep Rail Baron ")
    after = move(TITLE, state, 0, "baron", {"card": name})
    assert after["players"][0]["baron"] == offered[0].options["card"]
    opts = complete(TITLE, state, 0, offered[1])
    assert opts["card"] != offered[0].options["card"]


def test_an_open_bid_reads_another_only_after_bids_in_cash(positions: Positions) -> None:
    seen: set[bool] = set()
    for state, _seat, offered in positions:
        if state["phase"] != "auction":
            continue
        open_bid = next(s for s in offered if s.command == "bid" and not s.options)
        in_cash = any(s.command == "bid" and s.options for s in offered)
        assert open_bid.label == ("Bid another amount" if in_cash else "Bid an amount")
        seen.add(in_cash)
    assert False in seen, "an auction where nobody has cash was reached"
