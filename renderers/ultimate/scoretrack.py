"""The score track: one lane per player, a bar as long as the score, the number at its end."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from renderers.kit import RGB, fit_text, put_text
from renderers.kit.access import short_name
from renderers.ultimate.pieces import piece
from renderers.ultimate.style import (
    BACKGROUND,
    FAINT,
    INK,
    LANE_H,
    PAD,
    PANEL,
    PANEL_EDGE,
    SCORE_HEAD,
    SOFT_INK,
    WIDTH,
    player_rgb,
)

NAME_W = 150
Lane = tuple[str, RGB, int, str]


def score_height(players: int) -> int:
    return SCORE_HEAD + players * LANE_H + 16


def scale_top(scores: list[int]) -> int:
    """The end of the track: the next 50 above the best score, at least 100."""
    best = max(scores, default=0)
    return max(100, (best // 50 + 1) * 50)


def draw_scores(img: Image.Image, view: Mapping[str, Any], y: int) -> None:
    final = view.get("final")
    lanes = [(short_name(str(p["name"])), player_rgb(p["colour"]),
              int(final["scores"][p["seat"]]) if final else int(p["score"]),
              _final_note(final, int(p["seat"])) if final else "")
             for p in view["players"]]
    h = score_height(len(lanes)) - 8
    piece(img, PAD, y, WIDTH - 2 * PAD + 1, h + 1, BACKGROUND, ("scores", lanes),
          lambda sprite, d: _track(sprite, d, lanes, h))


def _final_note(final: Mapping[str, Any], seat: int) -> str:
    """What the final scoring added: end bonus cards and the engineer majority."""
    parts = []
    cards = (final.get("bonus") or {}).get(str(seat)) or {}
    if cards:
        parts.append(f"end bonus cards +{sum(int(v) for v in cards.values())}")
    majority = (final.get("majority") or {}).get(str(seat))
    if majority:
        parts.append(f"engineer majority +{majority}")
    return f"(incl. {', '.join(parts)})" if parts else ""


def _track(img: Image.Image, d: ImageDraw.ImageDraw, lanes: list[Lane], h: int) -> None:
    w = WIDTH - 2 * PAD
    d.rounded_rectangle([0, 0, w, h], radius=10, fill=PANEL, outline=PANEL_EDGE, width=2)
    put_text(img, (12, 18), "Score track", 18, INK, weight="bold", anchor="lm")
    scores = [lane[2] for lane in lanes]
    top = scale_top(scores)
    x0, x1 = 12 + NAME_W, w - (340 if any(lane[3] for lane in lanes) else 70)
    step = 10 if top <= 200 else 25
    lanes_top = SCORE_HEAD
    lanes_bottom = lanes_top + len(lanes) * LANE_H
    for v in range(0, top + 1, step):
        tx = x0 + (x1 - x0) * v / top
        major = v % 50 == 0
        d.line([(tx, lanes_top - 4), (tx, lanes_bottom)], fill=SOFT_INK if major else FAINT)
        if major:
            put_text(img, (tx, 18), str(v), 14, SOFT_INK)
    for i, (name, colour, score, note) in enumerate(lanes):
        ly = lanes_top + i * LANE_H
        put_text(img, (12, ly + LANE_H / 2), fit_text(name, 17, NAME_W - 16, "semibold"), 17,
                 INK, weight="semibold", anchor="lm")
        end = x0 + (x1 - x0) * score / top
        d.rectangle([x0, ly + 5, max(x0 + 3, end), ly + LANE_H - 5], fill=colour, outline=INK)
        nx = end + 12 + put_text(img, (end + 8, ly + LANE_H / 2), str(score), 18, INK,
                                 weight="black", anchor="lm")
        put_text(img, (nx, ly + LANE_H / 2), note, 15, SOFT_INK, anchor="lm", outline=PANEL,
                 stroke=3)
