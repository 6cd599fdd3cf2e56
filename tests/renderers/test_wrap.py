"""Text broken into lines: the quick way (each line's words and the last line's cut found by
halving, the last line taking every word left at once) gives the lines the word-by-word,
letter-by-letter way gives."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from renderers.kit.fonts import Weight
from renderers.kit.text import text_width, wrap


def one_by_one(text: str, size: int, width: float, lines: int, weight: Weight) -> list[str]:
    """Every line filled word by word, those past ``lines`` joined to the last, which loses a
    letter at a time until it fits with an ellipsis."""
    out: list[str] = []
    line = ""
    for w in text.split():
        trial = f"{line} {w}".strip()
        if text_width(trial, size, weight) <= width or not line:
            line = trial
        else:
            out.append(line)
            line = w
    if line:
        out.append(line)
    if len(out) > lines:
        out = [*out[: lines - 1], " ".join(out[lines - 1:])]
    last = out[-1] if out else ""
    while out and text_width(last, size, weight) > width and len(last) > 1:
        last = last[:-2] + "…"
    if out:
        out[-1] = last
    return out


WORDS = ["Alice", "built", "track", "Monterrey", "-", "Saltillo", "(3", "tiles,", "$8,000)",
         "delivered", "a", "red", "good", "over", "links", "Turn", "6", "·", "Scores:", "12,",
         "WAVE", "Tampico", "urbanized", "Ciudad", "Victoria", "fi", "ff", "T.", "AV", "y,",
         "Stephenson", "(computer)", "—", "Ñuñoa"]

MOVES = [
    "Stephenson (computer) built Puebla - Oaxaca - Tehuantepec - Villahermosa - Campeche "
    "(9 tiles, $24,000) and took the Major Line Mexico City - Merida",
    "Ada delivered a blue good from Monterrey to Tampico over 3 links (Ada 2, Bob 1)",
    "Next: Bob (computer), then Ada",
    "Scores: Ada 14 · Bob (computer) 11",
    "x",
    "",
]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=40), st.sampled_from([9, 13, 22, 26]),
       st.integers(20, 700), st.integers(1, 4),
       st.sampled_from(["regular", "semibold", "bold", "black"]))
def test_lines_are_those_filled_word_by_word(words: list[str], size: int, width: int,
                                             lines: int, weight: Weight) -> None:
    text = " ".join(words)
    assert wrap(text, size, width, lines, weight) == one_by_one(text, size, width, lines, weight)


def test_move_lines_are_those_filled_word_by_word() -> None:
    cut = 0
    for text in MOVES:
        for size, width in [(26, 694), (22, 694), (9, 120), (13, 60)]:
            for lines in (1, 2, 3):
                got = wrap(text, size, width, lines, "bold")
                assert got == one_by_one(text, size, width, lines, "bold")
                cut += bool(got) and got[-1].endswith("…")
    assert cut > 10  # the cut was put to the test
