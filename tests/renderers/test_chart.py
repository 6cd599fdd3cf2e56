"""The score-over-time chart: one line per player in the player's colour, inside the axes."""

from __future__ import annotations

from PIL import Image

from renderers.kit.chart import BOTTOM, HEIGHT, LEFT, RIGHT, TOP, WIDTH, Line, score_chart


def _columns_with(img: Image.Image, colour: tuple[int, int, int]) -> list[int]:
    rgb = img.convert("RGB")
    return sorted({x for x in range(LEFT, WIDTH - RIGHT) for y in range(TOP, HEIGHT)
                   if rgb.getpixel((x, y)) == colour})


def test_each_player_is_a_line_across_the_plot_in_their_colour() -> None:
    red, blue = (200, 30, 30), (30, 60, 200)
    lines = [Line("alice", red, [0, 3, 3, 9, 12]), Line("bob", blue, [0, 1, 5, 5, -4])]
    img = score_chart("Test game: points over the game", lines, [(0, "Turn 1"), (3, "Turn 2")])
    assert img.size == (WIDTH, HEIGHT)
    for colour in (red, blue):
        xs = _columns_with(img, colour)
        # The line runs from the y axis to the last sample at the right edge of the plot.
        assert xs and xs[0] <= LEFT + 4 and xs[-1] >= WIDTH - RIGHT - 4
    # The names column shows each player's swatch (in their colour) right of the plot.
    swatches = img.crop((WIDTH - RIGHT, TOP, WIDTH, HEIGHT)).convert("RGB").getcolors(1 << 16)
    assert swatches is not None
    found = {c for _, c in swatches}
    assert red in found and blue in found


def test_a_negative_final_score_stays_inside_the_plot() -> None:
    colour = (20, 140, 60)
    img = score_chart("x", [Line("carol", colour, [0, 2, -17])], [])
    ys = [y for x in range(LEFT, WIDTH - RIGHT) for y in range(0, HEIGHT)
          if img.getpixel((x, y)) == colour]
    assert ys and max(ys) <= HEIGHT - BOTTOM + 3  # the lowest point sits on the x axis at most
