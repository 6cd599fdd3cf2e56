"""Pieces of the Optional Mini Expansions on the board: depleted Mines, Hotels, Switch Tracks,
and the Event Deck's two slots in the side panel."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderers.kit.colours import contrast, rgb
from renderers.kit.fonts import Weight, font
from renderers.kit.supersample import canvas, shrunk
from renderers.kit.text import draw_text, text_width
from renderers.rotw import style
from renderers.rotw.layers import SUPERSAMPLE

Sprite = tuple[Image.Image, int, int]

MINE_FILL = rgb("#5d4037")
"""Earth brown: a depleted mine's shaft."""
MINE_KEY = "Depleted Mine"
HOTEL_KEY = "Hotel (owner's colour)"
SWITCH_KEY = "Switch Track"


def _canvas(extent: float) -> tuple[Image.Image, ImageDraw.ImageDraw, int, int]:
    """A supersampled transparent square reaching ``extent`` pixels from its centre: the image,
    its pen, the centre in supersampled pixels, and the half width in final pixels."""
    half = math.ceil(extent + 2)
    big = canvas(2 * half * SUPERSAMPLE, 2 * half * SUPERSAMPLE)
    return big, ImageDraw.Draw(big), half * SUPERSAMPLE, half


@lru_cache(maxsize=32)
def mine_sprite(size: float) -> Sprite:
    """A depleted Mine: a brown disc with a crossed pick and shovel."""
    k = SUPERSAMPLE
    big, d, c, half = _canvas(size * 0.33)
    r = size * 0.33 * k
    d.ellipse((c - r, c - r, c + r, c + r), fill=style.INK)
    inner = r - max(2, size * 0.06) * k
    d.ellipse((c - inner, c - inner, c + inner, c + inner), fill=MINE_FILL)
    w = max(2, round(size * 0.08 * k))
    a = inner * 0.62
    d.line([(c - a, c + a), (c + a, c - a)], fill=style.TRAY, width=w)
    d.line([(c - a, c - a), (c + a, c + a)], fill=style.TRAY, width=w)
    d.arc((c - a * 1.3, c - a * 1.55, c + a * 0.2, c - a * 0.05), 200, 340, fill=style.TRAY,
          width=w)
    return shrunk(big, k), half, half


@lru_cache(maxsize=64)
def hotel_sprite(size: float, colour: str) -> Sprite:
    """A Hotel: a small house in its owner's colour marked H."""
    k = SUPERSAMPLE
    w = size * 0.5
    big, d, c, half = _canvas(w * 0.75)
    fill = style.player_fill(colour)
    ring = style.casing_for(colour)
    x0, x1 = c - w / 2 * k, c + w / 2 * k
    top, eave, bottom = c - w * 0.7 * k, c - w * 0.15 * k, c + w * 0.55 * k
    body = [(x0, eave), (c, top), (x1, eave), (x1, bottom), (x0, bottom)]
    d.polygon(body, fill=fill, outline=ring, width=max(2, round(size * 0.06 * k)))
    img = shrunk(big, k)
    draw_text(ImageDraw.Draw(img), (half, half + size * 0.06), "H",
              font(round(size * 0.32), "black"), contrast(fill))
    return img, half, half


@lru_cache(maxsize=64)
def switch_sprite(size: float, colour: str) -> Sprite:
    """A Switch Track marker: a rounded square (owner markers are discs) in its owner's colour
    with a forking line."""
    k = SUPERSAMPLE
    big, d, c, half = _canvas(size * 0.3)
    r = size * 0.3 * k
    fill = style.player_fill(colour)
    d.rounded_rectangle((c - r, c - r, c + r, c + r), radius=r * 0.3,
                        fill=style.casing_for(colour))
    inner = r - max(2, size * 0.06) * k
    d.rounded_rectangle((c - inner, c - inner, c + inner, c + inner), radius=inner * 0.3,
                        fill=fill)
    ink = contrast(fill)
    w = max(2, round(size * 0.07 * k))
    a = inner * 0.6
    d.line([(c, c + a), (c, c - a * 0.1)], fill=ink, width=w)
    d.line([(c, c - a * 0.1), (c - a * 0.8, c - a)], fill=ink, width=w)
    d.line([(c, c - a * 0.1), (c + a * 0.8, c - a)], fill=ink, width=w)
    return shrunk(big, k), half, half


def city_pieces(view: Mapping[str, Any], city: str,
                colour_of: Callable[[object], str]) -> list[tuple[str, str]]:
    """What stands on ``city`` from the mini-expansions: its depleted Mine, then its Hotels,
    as (kind, owner colour)."""
    out: list[tuple[str, str]] = []
    if city in (view.get("mines") or []):
        out.append(("mine", ""))
    for h in view.get("hotels") or []:
        if isinstance(h, Mapping) and h.get("city") == city:
            out.append(("hotel", str(colour_of(h.get("seat")))))
    return out


def piece_sprite(kind: str, colour: str, size: float) -> Sprite:
    return mine_sprite(size) if kind == "mine" else hotel_sprite(size, colour)


def supply_text(view: Mapping[str, Any], player: Mapping[str, Any]) -> str:
    """A player's Mines and Switch Tracks still to place, in games that use them."""
    minis = set(view.get("mini_expansions") or [])
    parts = []
    if "Mines" in minis:
        parts.append(f"{int(player.get('mines') or 0)} mines")
    if "Switch Tracks" in minis:
        parts.append(f"{int(player.get('switches') or 0)} switches")
    return ", ".join(parts) + " left" if parts else ""


def key_entries(view: Mapping[str, Any]) -> list[str]:
    """Key entries for the mini-expansion pieces this game uses."""
    minis = set(view.get("mini_expansions") or [])
    out = []
    if "Mines" in minis or view.get("mines"):
        out.append("mine")
    if "Hotels" in minis:
        out.append("hotel")
    if "Switch Tracks" in minis or view.get("switches"):
        out.append("switch")
    return out


KEYS = {"mine": MINE_KEY, "hotel": HOTEL_KEY, "switch": SWITCH_KEY}


def key_sprite(kind: str, size: float) -> Sprite:
    if kind == "switch":
        return switch_sprite(size, "gray")
    return piece_sprite(kind, "gray", size)


def wrap(text: str, size: int, width: float, weight: Weight = "regular") -> list[str]:
    """``text`` in lines no wider than ``width`` (words are never cut)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and text_width(trial, size, weight) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


def event_lines(view: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The Event Deck's slots for the panel: (slot, "name: text") for each filled slot."""
    ev = view.get("events")
    if not isinstance(ev, Mapping):
        return []
    out = []
    for slot, label in (("current", "Current"), ("future", "Future")):
        card = ev.get(slot)
        if isinstance(card, Mapping) and slot == "current" and card.get("future"):
            out.append((label, f"{card.get('name')}: a Future Event that acted when drawn; "
                               "no event this turn."))
        elif isinstance(card, Mapping):
            out.append((label, f"{card.get('name')}: {card.get('text')}"))
        else:
            out.append((label, "none"))
    return out
