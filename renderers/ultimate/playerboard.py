"""One player board: the three routes with their track markers, locomotives and reach,
doublers and special spaces; the industry track; engineers, ideas, keys and supplies."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from engine.core.names import plural
from engine.ultimate.plugins.special_ideas.data import SPECIAL_IDEAS
from renderers.kit import RGB, contrast, fit_text, mix, put_text, text_width
from renderers.kit.access import colourblind, short_name
from renderers.kit.text import wrap
from renderers.ultimate import american, icons
from renderers.ultimate.pieces import Painter, piece
from renderers.ultimate.style import (
    BOARD_H,
    BOARD_W,
    EMPTY_SPACE,
    FAINT,
    HIGHLIGHT,
    INK,
    LABEL_W,
    LOCO,
    PANEL,
    SOFT_INK,
    SQUARE,
    SQUARE_GAP,
    STRIP,
    ordinal,
    player_rgb,
    track_rgb,
)

View = Mapping[str, Any]
Player = Mapping[str, Any]
Draw = ImageDraw.ImageDraw
HEAD_H = 44
STATS_H = 34
ROUTE_H = SQUARE + STRIP + 8
PURPLE_WRENCH: RGB = (138, 70, 194)
BEYOND_REACH = 0.62
"""How far a space beyond the locomotives' reach is washed out (it scores nothing)."""


def draw_player_base(img: Image.Image, colour: RGB, x: int, y: int) -> None:
    """The frame of a player board in the player's colour, with its name band."""
    d = ImageDraw.Draw(img)
    d.rounded_rectangle([x, y, x + BOARD_W, y + BOARD_H], radius=12, fill=PANEL,
                        outline=colour, width=6)
    d.rounded_rectangle([x, y, x + BOARD_W, y + HEAD_H], radius=12, fill=colour)
    d.rectangle([x, y + HEAD_H - 12, x + BOARD_W, y + HEAD_H], fill=colour)


INNER_W = BOARD_W - 20


def draw_player(img: Image.Image, view: View, p: Player, x: int, y: int) -> None:
    colour = player_rgb(p["colour"])
    seat = int(p["seat"])
    final = view.get("final")
    order = list(view["order"])
    head = (short_name(str(p["name"])), colour, _tags(view, p),
            order.index(seat) + 1 if seat in order else 0,
            int(final["scores"][seat]) if final else int(p["score"]))
    piece(img, x + 10, y + 2, INNER_W, HEAD_H - 4, colour, ("head", head),
          lambda sprite, d: _head(sprite, d, head))
    cy = y + HEAD_H + 4
    stats = {k: p.get(k) for k in ("coins", "workers", "owned_workers", "temp_workers",
                                   "wood_worker", "doublers", "keys", "medal", "income",
                                   "coal", "foundries")}
    if "coal" not in view.get("modules", []):
        stats.pop("coal")
        stats.pop("foundries")
    piece(img, x + 10, cy, INNER_W, STATS_H, PANEL, ("stats", stats),
          lambda sprite, d: _stats(sprite, d, stats, 4, 0))
    cy += STATS_H + 2
    now = p.get("round_points_now") or {}
    for route in p["routes"]:
        points = int(now.get(route["id"], 0))
        route = american.with_boulder(view, p, route)
        piece(img, x + 10, cy, INNER_W, ROUTE_H, PANEL, ("route", route, points),
              _route_painter(route, points))
        cy += ROUTE_H
    track = list(view["industry_track"])
    ind = {**p["industry"], **_shared_industry(view, seat)}
    if view.get("upper_industry_track"):
        dual = (list(view["upper_industry_track"]), american.boulder_at(view, p, "industry"))
        piece(img, x + 10, cy, INNER_W, ROUTE_H, PANEL, ("dual", track, ind, colour, dual),
              lambda sprite, d: american.dual_industry(sprite, d, track, ind, colour, dual,
                                                       industry_specials()))
    else:
        piece(img, x + 10, cy, INNER_W, ROUTE_H, PANEL, ("industry", track, ind, colour),
              lambda sprite, d: _industry(sprite, d, track, ind, 2, 0, colour))
    cy += ROUTE_H + 2
    extras = {k: p.get(k) for k in ("engineers", "ideas_placed", "ideas_left", "bonus_cards",
                                     "bonus_cards_face_down", "special_valuation",
                                     "special_cards", "freight")}
    extras["cars"] = ind.get("cars")
    piece(img, x + 10, cy, INNER_W, y + BOARD_H - 8 - cy, PANEL, ("extras", extras),
          lambda sprite, d: _extras(sprite, d, extras, 4, 0))


def _route_painter(route: Mapping[str, Any], points: int) -> Painter:
    def paint(sprite: Image.Image, d: Draw) -> None:
        _route(sprite, d, route, 2, 0, points)

    return paint


def _tags(view: View, p: Player) -> list[str]:
    seat = int(p["seat"])
    final = view.get("final")
    # A colour-blind game names the board's colour beside the player's name.
    named = [str(p["colour"]).upper()] if colourblind(view) else []
    if final:
        return [*named, f"{ordinal(int(final['places'][seat]))} place"]
    if seat in view["to_act"]:
        return [*named, "TO ACT"]
    if p.get("passed") and view["phase"] == "actions":
        return [*named, "passed"]
    return named


BOILER: RGB = (168, 84, 32)
COAL_INK: RGB = (40, 40, 44)
"""A locomotive with a boilerman, and the coal count's square."""


NAME_MAX = 330
"""Widest a name may be in a board's band (longer ones end in an ellipsis)."""


def _head(img: Image.Image, d: Draw, head: tuple[str, RGB, list[str], int, int]) -> None:
    name, colour, tags, place, score = head
    ink = contrast(colour)
    mid = (HEAD_H - 4) / 2
    size = next((n for n in (32, 28, 24) if text_width(name, n, "black") <= NAME_MAX), 24)
    tx: float = 6 + put_text(img, (6, mid), fit_text(name, size, NAME_MAX, "black"), size, ink,
                             weight="black", anchor="lm")
    tx = max(tx + 20, 220)
    for tag in tags:
        fill = (255, 255, 255) if tag == "TO ACT" else mix(colour, (255, 255, 255), 0.5)
        tx = icons.chip(img, d, tx, mid - 12, tag, 16, fill, weight="bold") + 10
    if place:
        put_text(img, (tx + 4, mid), f"{ordinal(place)} in turn order", 15, ink, anchor="lm")
    put_text(img, (INNER_W - 6, mid), plural(score, "pt"), 32, ink, weight="black", anchor="rm")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _stats(img: Image.Image, d: Draw, p: Mapping[str, Any], x: int, y: int) -> None:
    cy = y + STATS_H / 2
    icons.coin(d, x + 10, cy, 10)
    tx = x + 26 + put_text(img, (x + 26, cy), _plural(int(p["coins"]), "coin"), 17, INK,
                           weight="semibold", anchor="lm")
    icons.pawn(d, tx + 22, cy, 24, (255, 255, 255))
    workers = f"{p['workers']} of {p['owned_workers']} workers"
    if p.get("temp_workers"):
        workers += f" + {p['temp_workers']} temp."
    if p.get("wood_worker") not in (None, "none"):
        workers += " + wood worker"
    tx = tx + 38 + put_text(img, (tx + 38, cy), workers, 17, INK, weight="semibold",
                            anchor="lm")
    icons.doubler(img, d, tx + 30, cy, 20)
    tx = tx + 48 + put_text(img, (tx + 48, cy), _plural(int(p["doublers"]), "doubler"), 17,
                            INK, weight="semibold", anchor="lm")
    icons.key(d, tx + 34, cy, 28)
    tx = tx + 54 + put_text(img, (tx + 54, cy), _plural(int(p["keys"]), "key"), 17, INK,
                            weight="semibold", anchor="lm")
    if p.get("medal"):
        icons.medal(img, d, tx + 32, cy + 4, 11)
        tx = tx + 48 + put_text(img, (tx + 48, cy), "medal", 17, INK, weight="semibold",
                                anchor="lm")
    if "coal" in p:  # only with the Coal module
        d.rounded_rectangle([tx + 20, cy - 8, tx + 36, cy + 8], radius=3, fill=COAL_INK)
        tx = tx + 42 + put_text(img, (tx + 42, cy), f"{p['coal']} coal", 17, INK,
                                weight="semibold", anchor="lm")
    for f in p.get("foundries") or ():  # a foundry: grey once used this round
        label = fit_text(f"foundry: {f['text']}", 13, max(40, INNER_W - tx - 30), "regular")
        tx = int(icons.chip(img, d, tx + 8, cy - 10, label, 13,
                            (200, 196, 188) if f["used"] else (240, 200, 160),
                            weight="regular")) - 2
    tx += 14
    for tile in p.get("income") or ():  # an oval income tile each, grey once used this round
        up = not tile["used"]
        icons.income(img, d, tx + 14, cy, 18, up)
        label = fit_text(str(tile["text"]), 13, max(40, INNER_W - tx - 40), "regular")
        tx = tx + 30 + put_text(img, (tx + 30, cy), label, 13, INK if up else SOFT_INK,
                                anchor="lm") + 4


# -- routes ----------------------------------------------------------------------------------

def covering(route: Mapping[str, Any]) -> list[str | None]:
    """The colour each space of a route scores as: the last colour whose track is on or ahead
    of it (None: no track has reached it yet)."""
    tracks = route["tracks"]
    out: list[str | None] = []
    for space in range(1, int(route["length"]) + 1):
        colour = None
        for c in route["colours"]:
            if int(tracks.get(c, 0)) >= space:
                colour = c
        out.append(colour)
    return out


def _route(img: Image.Image, d: Draw, route: Mapping[str, Any], x: int, y: int,
           now: int) -> None:
    put_text(img, (x + 2, y + 10), str(route["name"]), 17, INK, weight="bold", anchor="lm")
    locos = [int(n) for n in route["locos"]]
    boilers = list(route.get("boilers") or [False] * len(locos))
    lx = x + 2
    for n, boiler in zip(locos, boilers, strict=True):
        # A boilerman (Coal module) tints the locomotive; its number already counts it.
        d.rounded_rectangle([lx, y + 22, lx + 38, y + 42], radius=4,
                            fill=BOILER if boiler else LOCO)
        icons.loco(d, lx + 3, y + 25, 14, 13, (255, 255, 255))
        put_text(img, (lx + 28, y + 32), str(n), 14, (255, 255, 255), weight="bold")
        lx += 42
    sites = int(route.get("sites", 0))
    free = int(route["loco_slots"]) - len(locos)
    for i in range(free):
        if i >= free - sites:  # a construction site token still blocks this place
            icons.site(img, d, lx, y + 22, 38, 20)
        else:
            d.rounded_rectangle([lx, y + 22, lx + 38, y + 42], radius=4, outline=FAINT, width=2)
        lx += 42
    reach = int(route["reach"])
    put_text(img, (x + 2, y + 56), f"reach {reach} · {plural(now, 'pt')} now", 13, SOFT_INK,
             anchor="lm")
    sx = x + LABEL_W
    cover = covering(route)
    heads = {int(v): c for c, v in route["tracks"].items() if int(v) > 0}
    doublers = int(route["doublers"])
    slots = int(route["doubler_spaces"])
    for i, c in enumerate(cover):
        space = i + 1
        qx = sx + i * (SQUARE + SQUARE_GAP)
        fill = EMPTY_SPACE if c is None else track_rgb(c)
        if space > reach:
            fill = mix(fill, EMPTY_SPACE, BEYOND_REACH)
        d.rectangle([qx, y, qx + SQUARE, y + SQUARE], fill=fill, outline=SOFT_INK)
        head = heads.get(space)
        if head is not None:
            icons.marker(d, head, qx + SQUARE / 2, y + SQUARE / 2 + 3, 12, width=3)
        else:
            put_text(img, (qx + SQUARE - 4, y + SQUARE - 4), str(space), 12,
                     contrast(fill, dark=SOFT_INK), anchor="rb")
        if space <= slots:
            icons.doubler(img, d, qx + 13, y + 9, 13, filled=space <= doublers)
    if reach > 0:
        # The rail under the spaces the locomotives reach, a buffer stop where they end.
        end = sx + reach * (SQUARE + SQUARE_GAP) - SQUARE_GAP
        d.line([(sx, y + SQUARE + 3), (end, y + SQUARE + 3)], fill=LOCO, width=4)
        d.rectangle([end - 1, y - 2, end + 2, y + SQUARE + 5], fill=LOCO)
        icons.loco(d, end - 17, y + 3, 14, 10, LOCO)
    if route.get("boulder"):
        at = int(route["boulder"])
        american.boulder(img, d, sx + (at - 1) * (SQUARE + SQUARE_GAP) + SQUARE / 2,
                         y + SQUARE / 2, SQUARE)
    _areas(img, d, route, sx, y)
    _fork(img, d, route, sx, y)
    _specials(img, d, route, sx, y + SQUARE + 6 + STRIP / 2)


AREA_EMPTY: RGB = (150, 140, 120)
AREA_LAID: RGB = (96, 62, 32)


def _dashed(d: Draw, box: tuple[float, float, float, float], fill: RGB) -> None:
    x0, y0, x1, y1 = box
    dash = 6
    for x in range(int(x0), int(x1), 2 * dash):
        e = min(x + dash, x1)
        d.line([(x, y0), (e, y0)], fill=fill, width=2)
        d.line([(x, y1), (e, y1)], fill=fill, width=2)
    for y in range(int(y0), int(y1), 2 * dash):
        e = min(y + dash, y1)
        d.line([(x0, y), (x0, e)], fill=fill, width=2)
        d.line([(x1, y), (x1, e)], fill=fill, width=2)


def _areas(img: Image.Image, d: Draw, route: Mapping[str, Any], sx: int, y: int) -> None:
    """The dashed areas of the route extensions: the station's name, and the tile once laid."""
    for area in route.get("areas", ()):
        x0 = sx + (int(area["at"]) - 1) * (SQUARE + SQUARE_GAP) - 2
        x1 = x0 + int(area["size"]) * (SQUARE + SQUARE_GAP) + 1
        box = (x0, y - 2, x1, y + SQUARE + 2)
        tile = area.get("tile")
        if tile:
            d.rectangle(box, outline=AREA_LAID, width=3)
            icons.chip(img, d, x0 + 3, y + 1, str(tile), 10, AREA_LAID, pad=3, weight="bold")
        else:
            _dashed(d, box, AREA_EMPTY)
            put_text(img, (x0 + 4, y + 8), str(area["station"])[:5], 10, AREA_LAID,
                     weight="bold", anchor="lm")


def _fork(img: Image.Image, d: Draw, route: Mapping[str, Any], sx: int, y: int) -> None:
    """Before the branch is chosen: where the route forks and where each way ends."""
    fork = route.get("fork")
    if not fork or fork.get("branch"):
        return
    after = int(fork["after"])
    fx = sx + after * (SQUARE + SQUARE_GAP) - 2
    d.rectangle([fx, y - 1, INNER_W, y + SQUARE + 1], fill=PANEL)
    d.line([(fx, y - 2), (fx, y + SQUARE + 2)], fill=INK, width=3)
    ways = " or ".join(f"{w['name']} (to {w['length']})" for w in fork["ways"])
    put_text(img, (fx + 8, y + SQUARE / 2 - 7), f"fork: {ways}", 12, INK, weight="bold",
             anchor="lm")


def _specials(img: Image.Image, d: Draw, route: Mapping[str, Any], sx: int, cy: float) -> None:
    by_space: dict[int, list[Mapping[str, Any]]] = {}
    for sp in route["specials"]:
        by_space.setdefault(int(sp["at"]), []).append(sp)
    for at, items in by_space.items():
        qx = sx + (at - 1) * (SQUARE + SQUARE_GAP)
        step = SQUARE / len(items)
        for j, sp in enumerate(items):
            special_icon(img, d, sp, qx + step * (j + 0.5), cy, len(items))


def special_icon(img: Image.Image, d: Draw, sp: Mapping[str, Any], cx: float, cy: float,
                 crowd: int = 1) -> None:
    """What a special space gives; a small locomotive marks one that also needs a locomotive
    to reach it, a tick one already reached."""
    s = 16 if crowd == 1 else 13
    kind = sp["kind"]
    lx = cx
    if sp.get("loco") and crowd == 1:
        icons.loco(d, cx - 21, cy - 4, 12, 9, LOCO)
        cx += 5
    if kind == "unlock":
        icons.marker(d, str(sp.get("colour")), cx, cy, s * 0.42, width=1)
        d.line([(cx - s * 0.5, cy + s * 0.5), (cx + s * 0.5, cy + s * 0.5)], fill=INK, width=2)
    elif kind == "worker":
        icons.pawn(d, cx, cy, s + 2, (255, 255, 255))
    elif kind == "coins":
        icons.coin(d, cx, cy, s * 0.45)
    elif kind == "doubler":
        icons.doubler(img, d, cx, cy, s * 0.75)
    elif kind == "idea":
        icons.bulb(d, cx, cy, s + 2)
    elif kind == "medal":
        icons.medal(img, d, cx, cy + 2, s * 0.42)
    elif kind == "route_double":
        d.rounded_rectangle([cx - 14, cy - 8, cx + 14, cy + 8], radius=4, fill=HIGHLIGHT)
        put_text(img, (cx, cy), "R x2", 11, (255, 255, 255), weight="bold")
    elif kind == "bonus":
        icons.star(img, d, cx, cy, s * 0.58, int(sp.get("points", 0)))
    elif kind == "key":
        icons.key(d, cx, cy, s + 4)
    elif kind == "income":
        icons.income(img, d, cx, cy, s)
    elif kind == "wrench":
        icons.wrench(d, cx, cy, s + 2, (255, 255, 255))
        put_text(img, (cx + 9, cy + 5), "+", 12, INK, weight="black")
    elif kind == "industry":
        icons.wrench(d, cx - 4, cy, s + 4, (255, 255, 255))
        put_text(img, (cx + 10, cy + 2), f"+{sp.get('n', '')}", 12, INK, weight="black")
    elif american.special(img, d, sp, cx, cy, s):
        pass
    elif kind == "site":
        icons.site(img, d, cx - 10, cy - 7, 20, 14)
    elif kind == "take_loco":
        icons.loco(d, cx - 9, cy - 6, 16, 12, LOCO)
        put_text(img, (cx + 10, cy + 2), "+", 12, INK, weight="black")
    else:  # a kind of a later board: marked, the guide and the log say what it gives
        d.ellipse([cx - 7, cy - 7, cx + 7, cy + 7], fill=(255, 255, 255), outline=INK)
        put_text(img, (cx, cy), "?", 12, INK, weight="bold")
    if sp.get("reached"):
        icons.check(d, lx + (SQUARE / 2 - 7 if crowd == 1 else 4), cy - 3, 12)


# -- industry --------------------------------------------------------------------------------

def _industry(img: Image.Image, d: Draw, track: list[Any], ind: Mapping[str, Any], x: int,
              y: int, colour: RGB) -> None:
    put_text(img, (x + 2, y + 10), "Industry", 17, INK, weight="bold", anchor="lm")
    put_text(img, (x + 2, y + 32), f"{plural(ind['points'], 'pt')} each scoring", 13, SOFT_INK,
             anchor="lm")
    factories = iter(ind["factories"])
    wrenches = [int(w) for w in ind["wrenches"]]
    sx = x + LABEL_W
    cell = (BOARD_W - LABEL_W - 28) // len(track)
    specials = ind.get("specials") or industry_specials()
    shared = {int(f["at"]): f for f in ind.get("board_factories", ())}
    for i, value in enumerate(track):
        qx = sx + i * cell
        box = [qx, y, qx + cell - SQUARE_GAP, y + SQUARE]
        if i in shared:
            _shared_factory(img, d, shared[i], qx, y, cell - SQUARE_GAP, colour)
        elif value == "gap":
            f = next(factories, None)
            if f is None:
                d.rectangle(box, fill=(205, 198, 186), outline=SOFT_INK)
                icons.factory(d, qx + 6, y + 10, cell - 16, 22, (226, 220, 210))
            else:
                d.rectangle(box, fill=(226, 226, 232), outline=INK, width=2)
                icons.factory(d, qx + 4, y + 4, 20, 14, (150, 150, 160))
                label = {"sf": "spec.", "cf": "coal"}.get(f["tile"], f"#{f['number']}") + (
                    "+" if f.get("boiler") else "")  # special and coal factories, boilerman
                put_text(img, (qx + (cell - SQUARE_GAP) / 2 + 6, y + 28), label,
                         15, INK, weight="black")
        else:
            here = i in wrenches
            reached = any(w >= i for w in wrenches)
            fill = colour if here else (mix(EMPTY_SPACE, colour, 0.25) if reached
                                        else EMPTY_SPACE)
            d.rectangle(box, fill=fill, outline=INK if here else SOFT_INK, width=2 if here else 1)
            put_text(img, (qx + (cell - SQUARE_GAP) / 2, y + SQUARE / 2 + (6 if here else 0)),
                     str(value), 17, contrast(fill), weight="bold")
        for j, w in enumerate(wrenches):
            if w == i:  # the third wrench is the purple one
                icons.wrench(d, qx + 14 + 12 * j, y + 12, 20,
                             PURPLE_WRENCH if j == 2 else (255, 255, 255))
        kind = specials.get(i)
        if kind is not None:
            special_icon(img, d, {"kind": kind, "loco": False,
                                  "reached": any(w >= i for w in wrenches)},
                         qx + (cell - SQUARE_GAP) / 2, y + SQUARE + 6 + STRIP / 2)


def _shared_industry(view: View, seat: int) -> dict[str, Any]:
    """On the Asian boards every player's row shows the shared industry board: its factory
    spaces (built-over layers, this player's cars beside them) and its special spaces."""
    board = view.get("industry_board")
    if not board:
        return {}
    facts = [{"at": f["at"], "number": f["number"],
              "top": _layer_label(f["layers"][-1]) if f["layers"] else None,
              "layers": len(f["layers"]),
              "cars": [{"purple": c["purple"], "active": c["active"]} for c in f["cars"]
                       if c["seat"] == seat]} for f in board["factories"]]
    specials = {int(b["at"]): BENEFIT_ICONS.get(b["text"], "coins") for b in board["benefits"]}
    specials[int(board["idea_or_key_at"])] = "idea"
    placed = [c for f in facts for c in f["cars"]]
    return {"board_factories": facts, "specials": specials,
            "cars": {"supply": board["cars_left"][seat], "workshop": board["workshop"][seat],
                     "placed": len(placed), "active": sum(1 for c in placed if c["active"])}}


def _layer_label(layer: Mapping[str, Any]) -> str:
    """The top factory's number, or 'coal' for the coal factory, which has none."""
    return "coal" if str(layer.get("name", "")).startswith("coal") else f"#{layer['number']}"


BENEFIT_ICONS = {"1 coin": "coins", "1 doubler": "doubler", "5 points": "bonus"}


def _shared_factory(img: Image.Image, d: Draw, f: Mapping[str, Any], qx: float, y: float,
                    w: float, colour: RGB) -> None:
    """A factory space of the shared board: X while only the printed factory is there, else
    the top factory's number and how many are stacked; the player's cars as small wagons."""
    box = [qx, y, qx + w, y + SQUARE]
    if f["top"] is None:
        d.rectangle(box, fill=(205, 198, 186), outline=SOFT_INK)
        icons.factory(d, qx + 2, y + 4, w - 4, 14, (226, 220, 210))
        d.line([(qx + 3, y + 22), (qx + w - 3, y + SQUARE - 3)], fill=INK, width=2)
        d.line([(qx + w - 3, y + 22), (qx + 3, y + SQUARE - 3)], fill=INK, width=2)
    else:
        d.rectangle(box, fill=(226, 226, 232), outline=INK, width=2)
        icons.factory(d, qx + 2, y + 3, w - 4, 12, (150, 150, 160))
        if f["top"] == "coal":  # the coal factory has no number: the coal square instead
            cx = qx + w / 2
            d.rounded_rectangle([cx - 6, y + 19, cx + 6, y + 31], radius=2, fill=COAL_INK)
        else:
            put_text(img, (qx + w / 2, y + 25), str(f["top"]), 12, INK, weight="black")
        if f["layers"] > 1:
            put_text(img, (qx + w / 2, y + 37), f"x{f['layers']}", 10, SOFT_INK, weight="bold")
    for j, car in enumerate(f["cars"]):
        icons.car(d, qx + 2 + j * 9, y + SQUARE + 2, PURPLE_WRENCH if car["purple"] else colour,
                  bool(car["active"]))


def industry_specials() -> dict[int, str]:
    """Spaces of the industry track that give an idea token or a key when a wrench gets there
    (from the title's data: the public view lists the track, not what it gives)."""
    from engine.ultimate import DATA

    out: dict[int, str] = {}
    for board in DATA["boards"].values():
        ind = board["industry"]
        if "idea_at" in ind:
            out[int(ind["idea_at"])] = "idea"
        if "key_at" in ind:
            out[int(ind["key_at"])] = "key"
        break
    return out


# -- engineers, ideas, bonus cards -----------------------------------------------------------

IDEA_NAMES = {"bonus": "bonus card", "revalue": "revalue", "medal": "medal", "keys": "2 keys",
              "wrench": "2nd wrench", "special": "special idea"}

SPECIAL_CARD_NAMES = {c["id"]: c["short"] for c in SPECIAL_IDEAS["cards"]["list"]}
"""The special idea cards a player took, as short chips on the board."""


def _extras(img: Image.Image, d: Draw, p: Mapping[str, Any], x: int, y: int) -> None:
    put_text(img, (x, y + 11), "Engineers", 15, INK, weight="bold", anchor="lm")
    ex: float = x + 84
    if not p["engineers"]:
        put_text(img, (ex, y + 11), "none", 14, SOFT_INK, anchor="lm")
    for e in p["engineers"]:
        used = bool(e["used"])
        label = f"#{e['number']} {wrap(str(e['text']), 13, 150, lines=1)[0]}"
        ex = icons.chip(img, d, ex, y + 1, label, 13, (200, 196, 188) if used else
                        (255, 255, 255), outline=FAINT if used else INK, weight="regular") + 6
        if ex > x + BOARD_W - 120:
            break
    y += 26
    put_text(img, (x, y + 11), "Ideas", 15, INK, weight="bold", anchor="lm")
    ix: float = x + 84
    placed = [str(i["token"]) for i in p["ideas_placed"]]
    for token in placed:
        ix = icons.chip(img, d, ix, y + 1, IDEA_NAMES.get(token, token), 13, (255, 216, 74),
                        weight="bold") + 6
    for token in p["ideas_left"]:
        ix = icons.chip(img, d, ix, y + 1, IDEA_NAMES.get(token, token), 13, (240, 236, 226),
                        outline=FAINT, weight="regular") + 6
    if p.get("special_valuation"):
        ix = icons.chip(img, d, ix, y + 1, "special valuation 0/2/3/7/8", 13, (255, 216, 74),
                        weight="bold") + 6
    for card in p.get("special_cards") or []:
        name = SPECIAL_CARD_NAMES.get(card["id"], card["id"])
        if card["id"] == "freight" and p.get("freight"):
            name = f"freight car: {p['freight']}"
        ix = icons.chip(img, d, ix, y + 1, name, 13, (255, 216, 74), weight="bold") + 6
    put_text(img, (ix + 4, y + 11), "(yellow: placed)", 13, SOFT_INK, anchor="lm")
    y += 26
    cars = p.get("cars")
    if cars:
        text = (f"{cars['supply']} in supply, {cars['placed']} beside factories "
                f"({cars['active']} active), {cars['workshop']} in the workshop")
        put_text(img, (x, y + 11), "Cars", 15, INK, weight="bold", anchor="lm")
        put_text(img, (x + 84, y + 11), text, 14, INK, anchor="lm")
        y += 26

    hidden = int(p.get("bonus_cards_face_down") or 0)
    if p["bonus_cards"] or hidden:
        # face down until the final scoring: only how many
        text = "End bonus: " + ("; ".join(c["text"] for c in p["bonus_cards"]) if
                                p["bonus_cards"] else
                                f"{hidden} card{'s' if hidden > 1 else ''} face down")
        put_text(img, (x, y + 11), wrap(text, 14, BOARD_W - 40, lines=1)[0], 14, INK,
                  anchor="lm")
