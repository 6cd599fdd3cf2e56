"""The side panel: turn and step, the players, the link display and the income track."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from renderers.kit import contrast, put_text, text_width
from renderers.kit.access import colourblind, fitted_name, letter, short_name
from renderers.kit.focus import move_lines
from renderers.kit.patterns import draw_pattern
from renderers.newengland.board import dashed_line
from renderers.newengland.style import (
    BACKGROUND,
    FAINT,
    HEIGHT,
    HIGHLIGHT,
    INK,
    PANEL_X,
    UNOWNED,
    WIDTH,
    cube_rgb,
    link_pattern,
    player_rgb,
)

CELL = 24
TRACK_ROW = 20


def draw_panel(img: Image.Image, view: Mapping[str, Any]) -> None:
    d = ImageDraw.Draw(img)
    d.rectangle([PANEL_X - 12, 0, WIDTH, HEIGHT], fill=BACKGROUND)
    x = PANEL_X
    last = "  (last turn)" if view.get("last_turn") else ""
    put_text(img, (x, 18), "New England Railways", 28, INK, weight="black", anchor="lt")
    step = str(view.get("step", view["phase"]))
    put_text(img, (x, 54), f"Turn {view['turn']}: {step}{last}", 19, INK, weight="semibold",
             anchor="lt")
    y = 88
    for line in move_lines(view, 16, WIDTH - x - 14):
        put_text(img, (x, y - 6), line, 16, INK, weight="semibold", anchor="lt")
        y += 21
    y = _players(img, d, view, x, y)
    y = _display(img, d, view, x, y + 14)
    y = _track(img, d, view, x, y + 14)
    y = _footer(img, view, x, y + 10)
    _legend(img, d, view, x, y + 18)


def _dollars(amount: int) -> str:
    return f"-${-amount}" if amount < 0 else f"${amount}"


def _players(img: Image.Image, d: ImageDraw.ImageDraw, view: Mapping[str, Any], x: int,
             y: int) -> int:
    heads = [("Player", 0), ("Cash", 190), ("Loans", 260), ("Income", 335), ("Links", 420)]
    for text, dx in heads:
        put_text(img, (x + dx, y), text, 15, UNOWNED, weight="bold", anchor="lt")
    y += 22
    acting = set(view["to_act"])
    final = view.get("final")
    for p in view["players"]:
        if p["seat"] in acting:
            d.rounded_rectangle([x - 6, y - 3, WIDTH - 14, y + 25], radius=6,
                                outline=HIGHLIGHT, width=2)
        colour = player_rgb(p["colour"])
        d.ellipse([x, y + 3, x + 18, y + 21], fill=colour, outline=INK, width=2)
        first = "  (1st)" if p["seat"] == view["first_player"] else ""
        room = heads[1][1] - 26 - 12 - text_width(first, 17, "semibold")
        name = fitted_name(str(p["name"]), 17, room, "semibold") + first
        put_text(img, (x + 26, y + 12), name, 17, INK, weight="semibold", anchor="lm")
        cells = [(f"${p['cash']}", 190), (f"${p['loans']}", 260), (str(p["income"]), 335),
                 (str(len(p["links"])), 420)]
        if final:
            cells.append((f"= {_dollars(final['money'][p['seat']])}", 460))
        for text, dx in cells:
            put_text(img, (x + dx, y + 12), text, 17, INK, anchor="lm")
        y += 30
    return y


def _display(img: Image.Image, d: ImageDraw.ImageDraw, view: Mapping[str, Any], x: int,
             y: int) -> int:
    links = {k["id"]: k for k in view["links"]}
    names = [short_name(str(p["name"])) for p in view["players"]]
    auction = view.get("auction")
    display = view["display"]
    put_text(img, (x, y), "Rail Links this turn (build number/value)", 17, INK, weight="bold",
             anchor="lt")
    y += 24
    this_turn = display.get("this_turn", display["current"])
    if not this_turn:
        put_text(img, (x + 8, y), "none", 16, UNOWNED, anchor="lt")
        y += 22
    for lid in this_turn:
        link = links[lid]
        note, colour = "", INK
        if auction and auction["link"] == lid:
            bid = (f"${auction['high']} by {names[auction['bidder']]}"
                   if auction["bidder"] is not None else "no bid yet")
            note, colour = f"up for auction: {bid}", HIGHLIGHT
        elif link["owner"] is not None:
            note = f"{names[link['owner']]} ({link['status']})"
        elif link["status"] == "removed":
            note = "unsold, removed"
        text = f"{lid}  {link['build']}/{link['value']}"
        put_text(img, (x + 8, y), text, 16, colour, weight="semibold", anchor="lt")
        put_text(img, (x + 290, y), note, 15, colour, anchor="lt")
        y += 22
    put_text(img, (x, y + 4), "Next turn", 17, INK, weight="bold", anchor="lt")
    y += 28
    for lid in display.get("next_turn", display["future"]) or ["none"]:
        link = links.get(lid)
        text = f"{lid}  {link['build']}/{link['value']}" if link else lid
        put_text(img, (x + 8, y), text, 16, UNOWNED, anchor="lt")
        y += 22
    return y


def _track(img: Image.Image, d: ImageDraw.ImageDraw, view: Mapping[str, Any], x: int,
           y: int) -> int:
    top = int(view["income_track"]["max"])
    put_text(img, (x, y), "Income track", 17, INK, weight="bold", anchor="lt")
    y += 24
    by_cell: dict[int, list[str]] = {}
    for p in view["players"]:
        by_cell.setdefault(int(p["income"]), []).append(p["colour"])
    for value in range(top + 1):
        row, col = divmod(value, TRACK_ROW)
        cx, cy = x + col * CELL, y + row * CELL
        d.rectangle([cx, cy, cx + CELL - 2, cy + CELL - 2], fill=(255, 255, 255),
                    outline=UNOWNED)
        markers = by_cell.get(value, [])
        if not markers:
            if value % 5 == 0:
                put_text(img, (cx + CELL / 2 - 1, cy + CELL / 2 - 1), str(value), 11, UNOWNED)
            continue
        size = 16 if len(markers) == 1 else 9
        for i, colour in enumerate(markers[:4]):
            ox = 3 + (i % 2) * 10 if len(markers) > 1 else 3
            oy = 3 + (i // 2) * 10 if len(markers) > 1 else 3
            d.ellipse([cx + ox, cy + oy, cx + ox + size, cy + oy + size],
                      fill=player_rgb(colour), outline=INK)
    rows = top // TRACK_ROW + 1
    return y + rows * CELL


def _footer(img: Image.Image, view: Mapping[str, Any], x: int, y: int) -> int:
    put_text(img, (x, y), f"Link deck: {view['deck_left']} cards", 16, INK, anchor="lt")
    market = (view.get("recent") or {}).get("market")
    if market:
        put_text(img, (x + 200, y), f"Last Market Loss: {market['loss']}", 16, INK, anchor="lt")
    y += 26
    put_text(img, (x, y), "Cup:", 16, INK, anchor="lt")
    cx = x + 44
    for colour, count in view["cup"].items():
        ImageDraw.Draw(img).rectangle([cx, y + 2, cx + 14, y + 16], fill=cube_rgb(colour),
                                      outline=INK)
        if colourblind(view):
            put_text(img, (cx + 7.5, y + 10), letter(colour), 12, contrast(cube_rgb(colour)),
                     weight="black")
        put_text(img, (cx + 20, y), str(count), 16, INK, anchor="lt")
        cx += 60
    return y + 26


def _legend(img: Image.Image, d: ImageDraw.ImageDraw, view: Mapping[str, Any], x: int,
            y: int) -> None:
    final = view.get("final")
    if final:
        names = " and ".join(short_name(str(view["players"][s]["name"]))
                             for s in final["winners"])
        put_text(img, (x, y), f"Winner: {names}", 22, HIGHLIGHT, weight="bold", anchor="lt")
        y += 36
    blind = colourblind(view)
    for i, demand in enumerate(("red", "yellow")):  # two cities: a white dot and a black one
        cx = x + 10 + i * 26
        fill = cube_rgb(demand)
        d.ellipse([cx - 10, y, cx + 10, y + 20], fill=fill, outline=INK, width=2)
        if blind:
            put_text(img, (cx, y + 11), letter(demand), 13, contrast(fill), weight="black")
        else:
            d.ellipse([cx - 4, y + 6, cx + 4, y + 14], fill=contrast(fill))
    put_text(img, (x + 62, y + 10), "Cities: the colour" + (" and letter" if blind else "")
             + " of the goods each takes", 15, INK, anchor="lm")
    y += 24
    if blind:
        put_text(img, (x + 62, y + 10), LETTER_KEY, 15, INK, anchor="lm")
    else:
        put_text(img, (x + 62, y + 10), "The black or white dot marks the city's centre", 15,
                 INK, anchor="lm")
    y += 26
    samples = [("unfinished", "Unfinished link (dashed)"),
               ("current", "On display: build number / value"),
               ("deck", "Not yet drawn, or unsold")]
    for status, label in samples:
        a, b = (x, y + 10), (x + 44, y + 10)
        if status == "unfinished":
            _dashed_sample(d, a, b)
        elif status == "current":
            dashed_line(d, a, b, UNOWNED, 3, dash=10, gap=6)
        else:
            dashed_line(d, a, b, FAINT, 2, dash=5, gap=7)
        put_text(img, (x + 54, y + 10), label, 15, INK, anchor="lm")
        y += 24
    # Each player's built links as the map draws them.
    half = (WIDTH - x - 20) // 2
    for i, p in enumerate(view["players"]):
        bx, by = x + (i % 2) * half, y + 4 + (i // 2) * 24
        colour = str(p["colour"])
        fill, pattern = player_rgb(colour), link_pattern(colour, blind)
        width = 8 if pattern != "plain" else 6
        pts: list[tuple[float, float]] = [(bx, by + 10), (bx + 44, by + 10)]
        d.line(pts, fill=INK, width=width + 4)
        d.line(pts, fill=fill, width=width)
        draw_pattern(d, pts, pattern, fill, width)
        put_text(img, (bx + 54, by + 10), fitted_name(str(p["name"]), 15, half - 60), 15, INK,
                 anchor="lm")


LETTER_KEY = "Letters: R red, Y yellow, B blue, P purple"


def _dashed_sample(d: ImageDraw.ImageDraw, a: tuple[float, float],
                   b: tuple[float, float]) -> None:
    dashed_line(d, a, b, INK, 9)
    dashed_line(d, a, b, player_rgb("green"), 5)
