from hypothesis import given
from hypothesis import strategies as st

from engine.core.hexgrid import (
    DIRECTIONS,
    Hex,
    from_offset,
    hex_from_label,
    label,
    opposite,
    parse_label,
    side_gap,
)

rows = st.integers(min_value=0, max_value=200)
cols = st.integers(min_value=-50, max_value=200)
hexes = st.builds(Hex, st.integers(-100, 100), st.integers(-100, 100))


@given(rows, cols)
def test_offset_round_trip(row: int, col: int) -> None:
    h = from_offset(row, col)
    assert (h.row, h.col) == (row, col)


@given(rows, st.integers(min_value=0, max_value=200))
def test_label_round_trip(row: int, col: int) -> None:
    assert parse_label(label(row, col)) == (row, col)
    assert hex_from_label(label(row, col)) == from_offset(row, col)


@given(hexes)
def test_neighbours_are_symmetric_and_at_distance_one(h: Hex) -> None:
    for d, n in h.neighbours():
        assert h.distance(n) == 1
        assert n.neighbour(opposite(d)) == h
        assert h.direction_to(n) == d
    assert len({n for _, n in h.neighbours()}) == 6


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    assert a.distance(b) == b.distance(a)
    assert (a.distance(b) == 0) == (a == b)
    assert a.distance(c) <= a.distance(b) + b.distance(c)


def test_odd_rows_are_shifted_right() -> None:
    # Matches the board data: on an even row NE is (row-1, col); on an odd row (row-1, col+1).
    even, odd = from_offset(4, 10), from_offset(5, 10)
    assert (even.neighbour("NE").row, even.neighbour("NE").col) == (3, 10)
    assert (odd.neighbour("NE").row, odd.neighbour("NE").col) == (4, 11)
    assert (odd.neighbour("SW").row, odd.neighbour("SW").col) == (6, 10)
    assert (even.neighbour("SW").row, even.neighbour("SW").col) == (5, 9)


def test_labels_for_people() -> None:
    assert label(5, 12) == "F12"
    assert label(25, 3) == "Z3"
    assert label(26, 3) == "AA3"
    assert parse_label(" f12 ") == (5, 12)


def test_bad_label_says_what_a_label_is() -> None:
    try:
        parse_label("12F")
    except ValueError as exc:
        assert "F12" in str(exc)
    else:
        raise AssertionError("12F was accepted")


def test_side_gaps() -> None:
    assert side_gap("E", "W") == 3
    assert side_gap("E", "SW") == 2
    assert side_gap("E", "SE") == 1
    assert all(side_gap(d, opposite(d)) == 3 for d in DIRECTIONS)
