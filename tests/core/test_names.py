"""The shared reading of typed names: exact names and ids, any case, unambiguous prefixes."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.names import Named, find, named, plural, resolve, respell

CITIES = named(["New York", "New Orleans", "New Haven", "Pittsburgh", "Newark"])


def test_a_name_in_any_case_or_a_unique_prefix_resolves() -> None:
    assert resolve("pittsburgh", CITIES, "city") == "Pittsburgh"
    assert resolve("  PITTS ", CITIES, "city") == "Pittsburgh"
    assert resolve("new york", CITIES, "city") == "New York"
    assert resolve("orleans", CITIES, "city") == "New Orleans"  # a later word's prefix


def test_an_exact_name_wins_over_longer_names_it_begins() -> None:
    assert resolve("Newark", CITIES, "city") == "Newark"


def test_an_ambiguous_prefix_says_what_it_matches() -> None:
    with pytest.raises(IllegalAction) as err:
        resolve("New", CITIES, "city")
    assert err.value.code == "ambiguous_city"
    assert err.value.message == ("'New' matches New York, New Orleans, New Haven and Newark; "
                                 "type more of the city's name.")


def test_nothing_matching_lists_the_choices_and_empty_text_asks_for_one() -> None:
    with pytest.raises(IllegalAction, match="no colour called 'green'; choose red or blue"):
        resolve("green", named(["red", "blue"]), "colour")
    with pytest.raises(IllegalAction, match="Name a city"):
        resolve(" ", CITIES, "city")


def test_copies_of_one_card_count_as_one_choice() -> None:
    cards = [Named("land-grant#1", "Government Land Grant", ("land-grant#1", "land-grant")),
             Named("land-grant#2", "Government Land Grant", ("land-grant#2", "land-grant")),
             Named("tunnel#1", "Tunnel Engineer", ("tunnel#1", "tunnel"))]
    assert resolve("land-grant", cards, "card") == "land-grant#1"
    assert resolve("government land grant", cards, "card") == "land-grant#1"
    assert resolve("Land Grant", cards, "card") == "land-grant#1"
    assert resolve("land-grant#2", cards, "card") == "land-grant#2"


def test_older_transliterations_name_the_same_place() -> None:
    # The Ultimate Railroads board says Kyiv, its choice ids say kiev; the Europe map says Kiev.
    for typed in ("Kyiv", "kiev", "KIEV", "wood-kyiv"):
        board = [Named("wood-kiev", "wood-kiev", ("wood track on Kyiv to space 2",))]
        assert [n.value for n in find(typed, board)] == ["wood-kiev"], typed
    assert resolve("Kyiv", named(["Kiev", "Minsk"]), "city") == "Kiev"
    assert resolve("Lem", named(["Lemberg", "Minsk"]), "city") == "Lemberg"  # prefixes too
    assert resolve("Lviv", named(["Lemberg", "Minsk"]), "city") == "Lemberg"
    assert respell("loco-kiev-r1") == "loco-kyiv-r1"
    assert respell("wood-ts") == "wood-ts"


def test_plural_counts_in_words() -> None:
    assert plural(1, "point") == "1 point"
    assert plural(0, "point") == "0 points"
    assert plural(2, "city", "cities") == "2 cities"
