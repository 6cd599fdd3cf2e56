"""The last move's record: a sentence in words per kind of move, where it happened, and nothing
a secret move chose; each title's view carries it with who acts now and the scores."""

from __future__ import annotations

import re

import pytest
from move_kinds import Seen, first_of_each_kind, played

import maps
from engine.newengland import DATA, NewEnglandTitle
from engine.rotw.carddeck import baron
from engine.rotw.title import RotwTitle
from engine.ultimate import DATA as ULTIMATE_DATA
from engine.ultimate import UltimateTitle


@pytest.fixture(scope="module")
def rotw() -> tuple[RotwTitle, Seen]:
    title = RotwTitle(maps.load, maps.load_cards)
    return title, first_of_each_kind(
        title, "eastern-us", 130,
        frozenset({"build", "deliver", "urbanize", "bid", "choose_baron"}))


def test_a_build_names_its_link_and_marks_the_new_track(rotw: tuple[RotwTitle, Seen]) -> None:
    _, seen = rotw
    before, action, after = seen["build"]
    move = after["last_move"]
    who = after["players"][action["seat"]]["name"]
    assert re.fullmatch(rf"{who} built .+ - .+ \(\d+ tiles?, \$[\d,]+.*\)", move["text"])
    old = {t["hex"] for lk in before["links"] for t in lk["tiles"]}
    new = {t["hex"] for lk in after["links"] for t in lk["tiles"]} - old
    board = maps.load("eastern-us")
    city_hexes = {board.cities[c].hex.label for c in move["cities"]}
    assert new and new <= set(move["hexes"]) <= new | city_hexes
    assert not move.get("carried")


def test_a_delivery_reads_origin_destination_links_and_points(
        rotw: tuple[RotwTitle, Seen]) -> None:
    _, seen = rotw
    _, action, after = seen["deliver"]
    move = after["last_move"]
    who = after["players"][action["seat"]]["name"]
    origin, dest = move["cities"][0], move["cities"][-1]
    links = len(move["cities"]) - 1
    assert re.fullmatch(rf"{who} delivered {action['colour']} {origin} -> {dest}, {links} "
                        rf"links?, \+\d+( \(.+\))?", move["text"]), move["text"]
    board = maps.load("eastern-us")
    # The route runs from the origin's hex to the destination's, through the links' track.
    assert move["route"][0] == board.cities[origin].hex.label
    assert move["route"][-1] == board.cities[dest].hex.label
    assert len(move["route"]) > links


def test_an_urbanized_city_is_its_place(rotw: tuple[RotwTitle, Seen]) -> None:
    _, seen = rotw
    _, action, after = seen["urbanize"]
    move = after["last_move"]
    assert move["text"].startswith(f"{after['players'][action['seat']]['name']} urbanized "
                                   f"{action['city']} as {action['colour']}")
    assert move["cities"] == [action["city"]]
    assert move["hexes"] == [maps.load("eastern-us").cities[action["city"]].hex.label]


def test_a_bid_has_no_place_of_its_own(rotw: tuple[RotwTitle, Seen]) -> None:
    _, seen = rotw
    before, action, after = seen["bid"]
    move = after["last_move"]
    assert re.fullmatch(rf"{after['players'][action['seat']]['name']} bids \$[\d,]+ for first "
                        "player", move["text"])
    earlier = before.get("last_move") or {}
    places = [k for k in ("hexes", "route", "cities") if move.get(k)]
    # Only the places of the move before (the last place of play) are kept, marked carried.
    assert all(move[k] == earlier.get(k) for k in places)
    assert move.get("carried") is (True if places else None)


def test_a_secret_move_says_nothing_of_the_card_kept(rotw: tuple[RotwTitle, Seen]) -> None:
    title, seen = rotw
    _, action, after = seen["choose_baron"]
    move = after["last_move"]
    kept = baron(title.context(after["map"]), str(action["card"]))["name"]
    assert "Rail Baron" in move["text"] and kept not in move["text"]
    assert str(action["card"]) not in str(move)


def test_every_view_carries_the_move_who_acts_and_the_scores(
        rotw: tuple[RotwTitle, Seen]) -> None:
    title, seen = rotw
    _, _, after = seen["deliver"]
    news = title.view(after, None)["news"]
    assert news["move"] == after["last_move"]
    names = {p["seat"]: p["name"] for p in after["players"]}
    assert news["next"] == "Now: " + ", ".join(names[s] for s in title.to_act(after))
    points = title.points(after)
    best = max(points, key=lambda s: (points[s], -s))
    assert news["scores"].startswith(f"{names[best]} {points[best]}")
    assert all(f"{names[s]} {p}" in news["scores"] for s, p in points.items())


def test_new_england_moves_name_their_link_or_route() -> None:
    title = NewEnglandTitle(DATA)
    seen = first_of_each_kind(title, None, 120)
    _, action, after = seen["bid"]
    move = after["last_move"]
    (link,) = move["links"]
    assert move["text"] == f"{after['players'][action['seat']]['name']} bids ${action['amount']} " \
                           f"for {link}"
    assert set(move["cities"]) == {title.board.links[link].a, title.board.links[link].b}
    _, action, after = seen["ship"]
    move = after["last_move"]
    assert move["cities"] == action["route"]
    assert len(move["links"]) == len(action["route"]) - 1
    assert move["text"].startswith(f"{after['players'][action['seat']]['name']} ships a ")
    assert title.view(after, None)["news"]["scores"].count("$") == len(after["players"])


def test_ultimate_moves_name_the_board_and_the_space_taken() -> None:
    title = UltimateTitle(ULTIMATE_DATA)
    moves = played(title, None, 90)
    # A place whose turn goes on with a choice of the same player.
    i, (_, action, after) = next(
        (i, m) for i, m in enumerate(moves[:-1]) if m[1]["type"] == "place"
        and moves[i + 1][1]["seat"] == m[1]["seat"] and moves[i + 1][1]["type"] != "place")
    move = after["last_move"]
    assert move["board"] == action["seat"] and move["space"] == action["space"]
    assert move["text"].startswith(f"{after['players'][action['seat']]['name']} takes '")
    # A choice later in the same turn keeps the space the turn took.
    _, _, later = moves[i + 1]
    assert later["last_move"]["space"] == action["space"]
    assert later["last_move"]["board"] == action["seat"]
