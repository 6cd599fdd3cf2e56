"""What an action space or engineer does, drawn as a row of icons (tracks as their markers,
locomotives, wrenches, doublers, coins...) so a space reads before its name is read."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.ultimate import DATA
from engine.ultimate.data import LEVELS
from engine.ultimate.plugins.additional_engineers.data import ADDITIONAL_ENGINEERS
from engine.ultimate.plugins.coal.data import COAL
from engine.ultimate.plugins.manufactory_train.data import MANUFACTORY
from renderers.kit import put_text, text_width
from renderers.ultimate import icons
from renderers.ultimate.style import INK, PANEL, track_rgb

Effect = Mapping[str, Any]


@lru_cache(maxsize=1)
def _space_effects() -> dict[str, tuple[Effect, ...]]:
    spaces = [*DATA["spaces"]["list"], MANUFACTORY["space"], *COAL["spaces"]]
    return {s["id"]: tuple(s["effects"]) for s in spaces}


@lru_cache(maxsize=1)
def _engineer_effects() -> dict[int, tuple[Effect, ...]]:
    every = [*DATA["engineers"]["list"], *ADDITIONAL_ENGINEERS["list"], COAL["engineer"]]
    return {int(e.get("key", e["number"])): tuple(e["effects"]) for e in every}


def space_effects(space_id: str) -> tuple[Effect, ...]:
    return _space_effects().get(space_id, ())


def engineer_effects(number: int) -> tuple[Effect, ...]:
    return _engineer_effects().get(number, ())


def _width(e: Effect, h: float) -> float:
    k = e["k"]
    if k == "track":
        n = int(e.get("n", 1))
        colours = str(e["c"]).split("|")
        return (min(n, 3) * h * 0.86 if len(colours) == 1 else 2 * h * 0.86 + h * 0.3) + (
            h * 0.6 if n > 3 else 0)
    if k == "loco":
        return h * (1.35 if e.get("mode") != "either" else 2.9)
    if k in ("industry", "coins", "points", "doubler", "temp", "order"):
        return h * 1.4
    return text_width(_text(e), round(h * 0.5), "semibold") + 4


def _text(e: Effect) -> str:
    k = str(e["k"])
    return {
        "each_route": "1 step x 3 routes",
        "catchup": "catch up",
        "idea_pair": "idea",
        "hire": "hire",
        "train": "3 tokens",
        "coal": "coal",
        "foundry_take": "foundry",
        "boilerman": "2 coal: +1",
        "reuse": "again",
        "random_start": "2 random",
        "start_twice": "bonus x2",
        "borrow": "their engineer",
        "bonus_or_10": "end bonus / 10",
        "factory_action": "a factory",
    }.get(k, k)


def draw_effects(img: Image.Image, effects: Sequence[Effect], cx: float, cy: float,
                 h: float) -> None:
    """The icons of ``effects`` in one row centred on ``(cx, cy)``, ``h`` pixels tall."""
    d = ImageDraw.Draw(img)
    gap = h * 0.3
    widths = [_width(e, h) for e in effects]
    x = cx - (sum(widths) + gap * (len(widths) - 1)) / 2
    for e, w in zip(effects, widths, strict=True):
        _draw(img, d, e, x, cy, h)
        x += w + gap


def _draw(img: Image.Image, d: ImageDraw.ImageDraw, e: Effect, x: float, cy: float,
          h: float) -> None:
    k = e["k"]
    r = h * 0.34
    n = int(e.get("n", 1))
    if k == "track":
        colours = str(e["c"]).split("|")
        if len(colours) > 1:
            icons.marker(d, colours[0], x + h * 0.43, cy, r)
            put_text(img, (x + h * 0.86 + h * 0.15, cy), "/", round(h * 0.6), INK, weight="bold")
            icons.marker(d, colours[1], x + h * 1.16 + h * 0.43, cy, r)
            return
        shown = min(n, 3)
        if n > 3:
            put_text(img, (x + h * 0.3, cy), f"{n}x", round(h * 0.5), INK, weight="bold")
            x += h * 0.6
        for i in range(shown):
            mx = x + h * 0.43 + i * h * 0.86
            if colours[0] == "any":
                _any_marker(d, mx, cy, r)
            else:
                icons.marker(d, colours[0], mx, cy, r)
        return
    if k == "loco":
        mode = e.get("mode", "either")
        if mode in ("loco", "either"):
            icons.loco(d, x, cy - h * 0.35, h * 1.3, h * 0.7)
            x += h * 1.35
        if mode == "either":
            put_text(img, (x + h * 0.1, cy), "/", round(h * 0.6), INK, weight="bold")
            x += h * 0.25
        if mode in ("factory", "either"):
            icons.factory(d, x, cy - h * 0.38, h * 1.25, h * 0.76, (150, 150, 160))
        return
    if k == "industry":
        icons.wrench(d, x + h * 0.4, cy, h * 0.8, (150, 150, 160))
        put_text(img, (x + h * 0.85, cy), f"+{n}", round(h * 0.55), INK, weight="bold",
                 anchor="lm")
        return
    if k == "coins":
        icons.coin(d, x + h * 0.7, cy, r * 1.15)
        put_text(img, (x + h * 0.7, cy), str(n), round(h * 0.5), INK, weight="bold")
        return
    if k == "points":
        # Points counted from the board (locomotives, engineers...) read as a sum.
        icons.star(img, d, x + h * 0.7, cy, h * 0.48, "Σ" if "counts" in e else n)
        return
    if k == "doubler":
        icons.doubler(img, d, x + h * 0.7, cy, h * 0.55)
        if n > 1:
            put_text(img, (x + h * 1.3, cy), str(n), round(h * 0.45), INK, weight="bold")
        return
    if k == "temp":
        for i in range(2):
            icons.pawn(d, x + h * 0.4 + i * h * 0.6, cy, h * 0.8, PANEL, outline=INK)
        return
    if k == "order":
        label = {1: "1st", 2: "2nd"}.get(n, str(n))
        put_text(img, (x + h * 0.7, cy), label, round(h * 0.62), INK, weight="black")
        return
    put_text(img, (x, cy), _text(e), round(h * 0.5), INK, weight="semibold", anchor="lm")


def _any_marker(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """A marker for a step of any colour: a disc split among the five colours."""
    box = [cx - r, cy - r, cx + r, cy + r]
    for i, colour in enumerate(LEVELS):
        d.pieslice(box, -90 + 72 * i, -90 + 72 * (i + 1), fill=track_rgb(colour))
    d.ellipse(box, outline=INK, width=2)
