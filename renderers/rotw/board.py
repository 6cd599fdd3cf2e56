"""The changing parts of the map: track, cities with their goods, markers, Western Links."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.core.hexgrid import DIRECTIONS, Direction, Hex, hex_from_label
from engine.rotw.mapdef import MapDef
from renderers.kit.access import colourblind, letter
from renderers.kit.colours import contrast
from renderers.kit.hexgeom import HexLayout
from renderers.kit.over import over
from renderers.kit.text import put_text
from renderers.rotw import marks, minimarks, style
from renderers.rotw.geometry import Frame, lowered, overlap, place_labels
from renderers.rotw.layercache import load_or_place
from renderers.rotw.layers import (
    Sprite,
    city_sprite,
    depot_sprite,
    goods_tray,
    marker_sprite,
    name_plate,
    paste,
    plate_size,
    track_sprite,
    trading_sprite,
)
from renderers.rotw.timewarp import draw_warps, is_warp
from renderers.rotw.trackstyle import pattern_for


def player_tags(players: Sequence[Mapping[str, Any]]) -> dict[int, str]:
    """A short tag per seat for owner markers: its own ``tag`` if it has one, else the initial,
    or two letters where initials clash, or the seat number when names give nothing usable."""
    names = {int(p["seat"]): "".join(ch for ch in str(p.get("name", "")) if ch.isalnum())
             for p in players}
    tags: dict[int, str] = {int(p["seat"]): str(p["tag"]) for p in players if p.get("tag")}
    for seat, name in names.items():
        if seat in tags:
            continue  # an owner that brings its own tag (a company of the Advanced Game)
        first = name[:1].upper()
        clash = [s for s, n in names.items() if n[:1].upper() == first]
        if first and len(clash) == 1:
            tags[seat] = first
        elif len(name) >= 2 and sum(1 for n in names.values()
                                    if n[:2].upper() == name[:2].upper()) == 1:
            tags[seat] = name[0].upper() + name[1].lower()
        else:
            tags[seat] = str(seat + 1)
    return tags


def _hex(text: object) -> Hex | None:
    return _parse_hex(text) if isinstance(text, str) else None


@lru_cache(maxsize=8192)
def _parse_hex(text: str) -> Hex | None:
    try:
        return hex_from_label(text)
    except ValueError:
        return None


_PLATES: dict[tuple[str, float, int, int, float, float], dict[str, tuple[float, float, float,
                                                                           float]]] = {}


def _plates(board: MapDef, frame: Frame) -> dict[str, tuple[float, float, float, float]]:
    lay = frame.layout
    key = (board.id, lay.size, frame.width, frame.height, round(lay.ox, 2), round(lay.oy, 2))
    hit = _PLATES.get(key)
    if hit is None:
        sizes = {name: plate_size(lay.size, name) for name in board.cities}
        hit = load_or_place(("plates", board, key, sizes),
                            lambda: place_labels(board, frame, sizes))
        if len(_PLATES) > 32:
            _PLATES.clear()
        _PLATES[key] = hit
    return hit


Marker = tuple[float, float, object, bool]
"""Where an owner marker goes (x, y), whose it is (a seat, or ("depot", seat) for a Trading
Depot) and whether it is drawn over the names."""


def marker_places(board: MapDef, frame: Frame, view: Mapping[str, Any],
                  names_from: Frame | None = None) -> list[Marker]:
    """Every owner marker's and Trading Depot's place in ``frame``, in or out of its view (see
    :func:`draw_map`): each one depends on those placed before it anywhere on the map."""
    plates = _plates(board, frame) if names_from is None \
        else _plates_from(board, names_from, frame)
    return owner_markers(board, frame, view, plates)


def owner_markers(board: MapDef, frame: Frame, view: Mapping[str, Any],
                  plates: Mapping[str, tuple[float, float, float, float]]) -> list[Marker]:
    """Owner markers, one per link, near its middle: on a tile's centre or where two of its
    tiles meet, clear of name plates, crossings and other markers where possible; then the
    Trading Depots, each on the link it taxes beside its owner marker."""
    lay = frame.layout
    size = lay.size
    out: list[Marker] = []
    links = list(view.get("links", []))
    placed: list[tuple[float, float]] = []
    crossings = {t.get("hex") for link in links for t in link.get("tiles", [])
                 if t.get("crossing")}
    crossings |= {s.hex.label for s in board.specials}  # keep their icons in sight
    icon_at = {lay.centre(s.hex) for s in board.specials}
    pad = size * 0.42
    reach = size * 0.85  # markers closer than this overlap
    boxes = [(x0 - pad, y0 - pad, x1 + pad, y1 + pad) for x0, y0, x1, y1 in plates.values()]
    for link in links:
        spots = _marker_spots(link, lay, crossings)
        if not spots:
            continue
        mid = (len(spots) - 1) / 2
        order = sorted(range(len(spots)), key=lambda i: (abs(i - mid), i))
        # Only the markers, boxes and plates near the link can be in the way of its spots.
        lo_x, hi_x = min(x for x, _, _ in spots), max(x for x, _, _ in spots)
        lo_y, hi_y = min(y for _, y, _ in spots), max(y for _, y, _ in spots)
        near = [(px, py) for px, py in placed
                if lo_x - reach < px < hi_x + reach and lo_y - reach < py < hi_y + reach]
        in_boxes = [b for b in boxes if b[0] < hi_x and b[2] > lo_x and b[1] < hi_y
                    and b[3] > lo_y]
        under = [p for p in plates.values() if p[0] < hi_x + pad and p[2] > lo_x - pad
                 and p[1] < hi_y + pad and p[3] > lo_y - pad]

        def free(i: int, strict: bool, spots: list[tuple[float, float, bool]] = spots,
                 near: list[tuple[float, float]] = near,
                 in_boxes: list[tuple[float, float, float, float]] = in_boxes) -> bool:
            x, y, ok = spots[i]
            if any(abs(x - px) < reach and abs(y - py) < reach for px, py in near):
                return False
            return not strict or (ok and not any(b[0] < x < b[2] and b[1] < y < b[3]
                                                 for b in in_boxes))

        def hidden(i: int, spots: list[tuple[float, float, bool]] = spots,
                   under: list[tuple[float, float, float, float]] = under) -> float:
            x, y, _ = spots[i]
            disc = (x - pad, y - pad, x + pad, y + pad)
            return sum(overlap(disc, p) for p in under)

        pick = next((i for i in order if free(i, True)), None)
        on_top = False
        if pick is None:  # every good spot is under a name: take the least hidden one
            pick = min((i for i in order if free(i, False)),
                       key=lambda i: (spots[i][:2] in icon_at, hidden(i)), default=order[0])
            on_top = hidden(pick) > 0  # and draw it over the names rather than lose it
        mx, my, _ = spots[pick]
        placed.append((mx, my))
        out.append((mx, my, link.get("owner"), on_top))

    by_id = {str(link.get("id")): link for link in links}
    for td in view.get("trading_depots") or []:
        link = by_id.get(str(td.get("link")))
        if link is None:
            continue
        road = _marker_spots(link, lay, crossings)
        if not road:
            continue
        centre = (len(road) - 1) / 2
        spot = min(road, key=lambda p: (
            any(abs(p[0] - x) < size * 0.8 and abs(p[1] - y) < size * 0.8 for x, y in placed),
            not p[2], abs(road.index(p) - centre)))
        placed.append(spot[:2])
        out.append((spot[0], spot[1], ("depot", td.get("seat")), True))
    return out


def draw_map(img: Image.Image, board: MapDef, frame: Frame, view: Mapping[str, Any],
             names_from: Frame | None = None, placement: Sequence[Marker] | None = None,
             ) -> None:
    """Draw the view's state over the base layer already in ``img``. ``names_from`` is another
    frame of the same map (a bigger one ``frame`` is a window on, or the same at another hex
    size) whose city name placement ``frame`` keeps: names stay where that picture has them.
    ``placement`` is :func:`marker_places` for ``frame`` when known already."""
    lay = frame.layout
    size = lay.size
    players = {int(p["seat"]): p for p in view.get("players", [])}
    tags = player_tags(list(players.values()))

    def colour_of(seat: object) -> str:
        p = players.get(seat) if isinstance(seat, int) else None
        return str(p["colour"]) if p else "gray"

    margin = size * 1.2
    # A colour-blind board writes the owner's tag beside every piece shown in owner colour.
    labels: list[tuple[str, tuple[float, float]]] = []
    tag_of = {str(p["colour"]): tags.get(seat, "?") for seat, p in players.items()}

    def visible_point(x: float, y: float) -> bool:
        return -margin < x < frame.width + margin and -margin < y < frame.height + margin

    def visible(h: Hex) -> bool:
        return visible_point(*lay.centre(h))

    d = ImageDraw.Draw(img)
    # Western Links: a thick band from the special hex to its city.
    for wl in view.get("western_links", []):
        h = _hex(wl.get("hex"))
        city = board.cities.get(str(wl.get("city")))
        if h is None or city is None:
            continue
        p, q = lay.centre(h), lay.centre(city.hex)
        if max(p[0], q[0]) < -margin or min(p[0], q[0]) > frame.width + margin \
                or max(p[1], q[1]) < -margin or min(p[1], q[1]) > frame.height + margin:
            continue  # the band misses the frame (it may cross it with both ends outside)
        colour = colour_of(wl.get("owner"))
        d.line([p, q], fill=style.casing_for(colour), width=round(size * 0.5))
        d.line([p, q], fill=style.player_fill(colour), width=round(size * 0.32))

    # Track: plain pieces first, then crossing pieces over them.
    crossing_pieces = []
    blind = colourblind(view)
    for link in view.get("links", []):
        colour = colour_of(link.get("owner"))
        fill, casing = style.player_fill(colour), style.casing_for(colour)
        pattern = pattern_for(colour, blind)
        dashed = not link.get("complete", True)
        for tile in link.get("tiles", []):
            h = _hex(tile.get("hex"))
            sides = tile.get("sides") or []
            if h is None or len(sides) != 2 or not visible(h):
                continue
            a, b = sides
            if a not in DIRECTIONS or b not in DIRECTIONS or a == b:
                continue
            if tile.get("crossing"):
                crossing_pieces.append((lay.centre(h), a, b, fill, casing, dashed, pattern))
            else:
                paste(img, track_sprite(size, a, b, fill, casing, dashed, False, pattern),
                      lay.centre(h))
    for at, a, b, fill, casing, dashed, pattern in crossing_pieces:
        paste(img, track_sprite(size, a, b, fill, casing, dashed, True, pattern), at)

    rotors = _rotors(view)
    plates = _plates(board, frame) if names_from is None \
        else _plates_from(board, names_from, frame)
    badges = _badges(board, frame, plates, rotors)

    # Cities, their goods and markers.
    cube = round(size * 0.36)
    gap = max(1, round(size * 0.07))
    badge = round(size * 0.34)
    for c in view.get("cities", []):
        city = board.cities.get(str(c.get("name")))
        h = city.hex if city else _hex(c.get("hex"))
        if h is None or not visible(h):
            continue
        entry: frozenset[Direction] = city.entry if city else frozenset()
        name = city.name if city else str(c.get("name"))
        if is_warp(board, name):
            continue  # drawn by draw_warps: no cubes, markers or track stubs

        rotor_now = rotors.get(name, (None, None))[1]
        city_colour = str(c.get("colour", "gray"))
        paste(img, city_sprite(size, city_colour, entry, rotor_now), lay.centre(h))
        cx, cy = lay.centre(h)
        cubes = [str(x) for x in c.get("cubes", [])]
        # With letters, the city's own letter sits at the foot of the hex under the goods
        city_letter = letter(city_colour) if blind else ""
        if city_letter and rotor_now and rotor_now != city_colour:  # takes both colours now
            city_letter += "+" + letter(rotor_now)
        # ... unless a small Empty City Marker takes the foot (goods came back under it): then
        # the letter goes to the top.
        letter_on_top = bool(cubes and c.get("ecm"))
        lift = size * 0.16 if city_letter and not letter_on_top else 0.0
        if cubes:
            shown = cubes if len(cubes) <= 9 else cubes[:8]
            rows = [shown[i:i + 3] for i in range(0, len(shown), 3)]
            tray_w = min(3, len(shown)) * (cube + gap) + gap
            tray_h = len(rows) * (cube + gap) + gap
            x0, y0 = round(cx - tray_w / 2), round(cy - tray_h / 2 + size * 0.06 - lift)
            # Where each row starts in the tray (the rows are centred on the hex centre).
            starts = tuple(round(cx - (len(row) * (cube + gap) - gap) / 2) - x0 for row in rows)
            over(img, goods_tray(tuple(tuple(row) for row in rows), starts, cube, gap), x0, y0)
            for ri, row in enumerate(rows if blind else []):
                ry = y0 + gap + ri * (cube + gap)
                for ci, colour in enumerate(row):
                    x = x0 + starts[ri] + ci * (cube + gap)
                    fill = style.CUBE_FILL.get(colour, style.CITY_FILL["gray"])
                    put_text(img, (x + cube / 2, ry + cube / 2 + 0.5), letter(colour),
                             cube - 2, contrast(fill), weight="black")
            if len(cubes) > len(shown):
                put_text(img, (cx + tray_w / 2 + 2, cy), f"+{len(cubes) - len(shown)}", badge,
                         style.INK, weight="black", anchor="lm", outline=style.TRAY, stroke=2)
        if c.get("ecm"):
            # A marker stays counted when goods come back under it: then a small one below.
            k, my = (1.0, cy) if not cubes else (0.55, cy + size * 0.62)
            w, hh = size * 0.72 * k, size * 0.34 * k
            d.rounded_rectangle((cx - w, my - hh, cx + w, my + hh), radius=round(hh),
                                fill=style.TRAY, outline=style.INK,
                                width=max(1, round(size * 0.05)))
            put_text(img, (cx, my), "EMPTY", round(size * 0.3 * k), style.INK, weight="black")
        if city_letter:
            fill = style.CITY_FILL.get(city_colour, style.CITY_FILL["gray"])
            lx = cx + (size * 0.42 if letter_on_top and c.get("urbanized") else 0.0)
            put_text(img, (lx, cy + size * (-0.7 if letter_on_top else 0.66)), city_letter,
                     round(size * 0.36), contrast(fill), weight="black", outline=fill, stroke=1)
        if c.get("urbanized"):
            br = size * 0.22
            bx, by = cx, cy - size * 0.58
            d.ellipse((bx - br, by - br, bx + br, by + br), fill=style.INK)
            put_text(img, (bx, by), "U", badge, style.TRAY, weight="black")
        depots = _depots(view.get("fuel_depots"), name)
        pieces = minimarks.city_pieces(view, name, colour_of)
        if depots or pieces:
            own = plates.get(name)
            taken = len(badges.get(h, []))
            sprites = [depot_sprite(size, colour_of(seat), count) for seat, count in depots]
            sprites += [minimarks.piece_sprite(kind, owner, size) for kind, owner in pieces]
            owners = [colour_of(seat) for seat, _ in depots] + [owner for _, owner in pieces]
            corners = _badge_spots((cx, cy), size, size * 0.7, own, taken + len(sprites))[taken:]
            for sprite, at, owner in zip(sprites, corners, owners, strict=False):
                paste(img, sprite, at)
                if blind and owner in tag_of:
                    labels.append((tag_of[owner], at))

    draw_warps(img, board, frame, view, colour_of, tags)

    # Western Link markers on their special hexes.
    for wl in view.get("western_links", []):
        h = _hex(wl.get("hex"))
        if h is None or not visible(h):
            continue
        owner = wl.get("owner")
        paste(img, marker_sprite(size, colour_of(owner),
                                 tags.get(owner, "?") if isinstance(owner, int) else "?"),
              lay.centre(h))

    # Owner markers and Trading Depots, where :func:`owner_markers` places them; those over
    # the names later.
    late: list[tuple[Sprite, tuple[float, float]]] = []
    for mx, my, whose, on_top in (owner_markers(board, frame, view, plates)
                                   if placement is None else placement):
        if not visible_point(mx, my):
            continue
        if isinstance(whose, tuple):  # a Trading Depot: ("depot", its owner's seat)
            depot_colour = colour_of(whose[1])
            late.append((trading_sprite(size, depot_colour), (mx, my)))
            if blind:
                labels.append((tag_of.get(depot_colour, "?"), (mx, my)))
            continue
        tag = tags.get(whose, "?") if isinstance(whose, int) else "?"
        sprite = marker_sprite(size, colour_of(whose), tag)
        if on_top:
            late.append((sprite, (mx, my)))
        else:
            paste(img, sprite, (mx, my))

    # Switch Tracks: the stub from the track to the branch's first tile, and a marker on it.
    for sw in view.get("switches") or []:
        h = _hex(sw.get("hex"))
        if h is None or not visible(h) or sw.get("side") not in DIRECTIONS:
            continue
        colour = colour_of(sw.get("seat"))
        start, end = lay.centre(h), lay.side_mid(h, sw["side"])
        d.line([start, end], fill=style.casing_for(colour), width=round(size * 0.34))
        d.line([start, end], fill=style.player_fill(colour), width=round(size * 0.2))
        late.append((minimarks.switch_sprite(size, colour), start))  # over names: it must show
        if blind:
            labels.append((tag_of.get(colour, "?"), start))

    # Badges of cities with a special role, on a corner of the city clear of its name; a City
    # Rotor's badge carries a dot of the colour the rotor shows next.
    badge_d = size * 0.7
    for h, spots_kinds in badges.items():
        if not visible(h):
            continue
        city = board.city_at(h)
        for at, kind in spots_kinds:
            rotor = rotors.get(city.name) if city and kind == "city_rotor" else None
            if rotor is not None:
                upcoming = marks.rotor_next(board, city.name, *rotor) if city else None
                paste(img, marks.rotor_badge(badge_d, upcoming), at)
                if blind and upcoming:  # the next colour's letter in its dot
                    fill = style.CITY_FILL.get(upcoming, style.CITY_FILL["gray"])
                    put_text(img, (at[0] + badge_d * 0.36, at[1] + badge_d * 0.37),
                             letter(upcoming), max(8, round(badge_d * 0.34)), contrast(fill),
                             weight="black")
            else:
                paste(img, marks.icon_sprite(kind, badge_d), at)

    # City names last, so that they stay readable whatever runs under them.
    for name, (left, top, right, bottom) in plates.items():
        if right < 0 or bottom < 0 or left > frame.width or top > frame.height:
            continue  # out of the picture (a window on the map)
        plate = name_plate(size, name)
        over(img, plate, round(left), round(top))
    for sprite, at in late:
        paste(img, sprite, at)
    for tag, (lx, ly) in labels:  # at the piece's lower right, clear of its own mark
        put_text(img, (lx + size * 0.3, ly + size * 0.3), tag, round(size * 0.34), style.INK,
                 weight="black", outline=style.TRAY, stroke=2)


def _plates_from(board: MapDef, placed: Frame, frame: Frame,
                 ) -> dict[str, tuple[float, float, float, float]]:
    """The name plates as ``placed`` has them, moved into ``frame``: each round the same spot
    of the map, at ``frame``'s hex size. All of them, those outside ``frame`` too, as owner
    markers keep clear of every plate."""
    by = round(frame.layout.oy - placed.layout.oy)
    if by and frame == lowered(placed, by):  # the same picture under a header: moved exactly
        return {name: (x0, y0 + by, x1, y1 + by)
                for name, (x0, y0, x1, y1) in _plates(board, placed).items()}
    k = frame.layout.size / placed.layout.size
    out: dict[str, tuple[float, float, float, float]] = {}
    for name, (x0, y0, x1, y1) in _plates(board, placed).items():
        if k == 1:  # a window: moved by whole pixels, drawn where the bigger picture has it
            left = round(x0) + round(frame.layout.ox - placed.layout.ox)
            top = round(y0) + round(frame.layout.oy - placed.layout.oy)
            out[name] = (left, top, left + x1 - x0, top + y1 - y0)
            continue
        cx = frame.layout.ox + ((x0 + x1) / 2 - placed.layout.ox) * k
        cy = frame.layout.oy + ((y0 + y1) / 2 - placed.layout.oy) * k
        w, h = plate_size(frame.layout.size, name)
        out[name] = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
    return out


def _rotor_city(board: MapDef, h: Hex, rotors: Mapping[str, tuple[str, str]]) -> bool:
    city = board.city_at(h)
    return city is not None and city.name in rotors


def _rotors(view: Mapping[str, Any]) -> dict[str, tuple[str, str]]:
    """City Rotors in the view: city -> (base colour, colour shown now)."""
    out: dict[str, tuple[str, str]] = {}
    raw = view.get("rotors")
    if not isinstance(raw, Mapping):
        return out
    for city, r in raw.items():
        if isinstance(r, Mapping) and r.get("shown"):
            shown = str(r["shown"])
            out[str(city)] = (str(r.get("base") or shown), shown)
    return out


def _depots(raw: object, city: str) -> list[tuple[int, int]]:
    """The Fuel Depots on ``city`` as (owner seat, how many), for owners with any left there."""
    if not isinstance(raw, Mapping):
        return []
    here = raw.get(city)
    if not isinstance(here, Mapping):
        return []
    out = []
    for seat, count in sorted(here.items(), key=lambda kv: str(kv[0])):
        try:
            s, n = int(seat), int(count)
        except (TypeError, ValueError):
            continue
        if n > 0:
            out.append((s, n))
    return out


_BADGES: dict[tuple[object, ...], dict[Hex, list[tuple[tuple[float, float], str]]]] = {}


def _badges(board: MapDef, frame: Frame, plates: Mapping[str, tuple[float, float, float, float]],
            rotors: Mapping[str, tuple[str, str]],
            ) -> dict[Hex, list[tuple[tuple[float, float], str]]]:
    """Where each city's role badges go: (spot, kind) per city hex. A rotor city of the view
    gets a City Rotor badge even when the map does not flag it."""
    lay = frame.layout
    key = (board.id, lay.size, round(lay.ox, 2), round(lay.oy, 2), frame.width, frame.height,
           tuple(sorted(rotors)))
    hit = _BADGES.get(key)
    if hit is not None:
        return hit
    # A map's rotor cities carry their badge only while the game plays with City Rotors (the
    # view lists the rotors in play); a game without them shows plain cities.
    kinds_at = {h: [k for k in ks if k != "city_rotor" or _rotor_city(board, h, rotors)]
                for h, ks in marks.city_marks(board).items()}
    kinds_at = {h: ks for h, ks in kinds_at.items() if ks}
    for name in rotors:
        city = board.cities.get(name)
        if city is not None and "city_rotor" not in kinds_at.get(city.hex, []):
            kinds_at.setdefault(city.hex, []).append("city_rotor")
    out: dict[Hex, list[tuple[tuple[float, float], str]]] = {}
    for h, kinds in kinds_at.items():
        city = board.city_at(h)
        own = plates.get(city.name) if city else None
        spots = _badge_spots(lay.centre(h), lay.size, lay.size * 0.7, own, len(kinds))
        out[h] = list(zip(spots, kinds, strict=False))
    if len(_BADGES) > 32:
        _BADGES.clear()
    _BADGES[key] = out
    return out


_CORNERS = (210, 330, 150, 30, 270, 90)
"""Screen angles of a city's corners, in the order badges take them."""


def _badge_spots(centre: tuple[float, float], size: float, diameter: float,
                 plate: tuple[float, float, float, float] | None, n: int,
                 ) -> list[tuple[float, float]]:
    """Where ``n`` badges go on a city: its corners, those clear of its name plate first."""
    cx, cy = centre
    spots = [(cx + size * math.cos(math.radians(a)), cy + size * math.sin(math.radians(a)))
             for a in _CORNERS]
    rad = diameter / 2

    def hidden(p: tuple[float, float]) -> float:
        return overlap((p[0] - rad, p[1] - rad, p[0] + rad, p[1] + rad), plate) if plate else 0.0

    spots.sort(key=lambda p: hidden(p) > 0)
    return spots[:n]


def _marker_spots(link: Mapping[str, Any], lay: HexLayout, crossings: set[Any],
                  ) -> list[tuple[float, float, bool]]:
    """Points along a link where its marker may sit, in order, with whether each is a good
    place (not the centre of a crossing, not the very ends beside the cities)."""
    spots: list[tuple[float, float, bool]] = []
    tiles = [t for t in link.get("tiles", []) if _hex(t.get("hex")) is not None
             and len(t.get("sides") or []) == 2 and all(x in DIRECTIONS for x in t["sides"])]
    for i, t in enumerate(tiles):
        h = _hex(t["hex"])
        assert h is not None
        spots.append((*lay.side_mid(h, t["sides"][0]), i > 0))
        spots.append((*lay.centre(h), t["hex"] not in crossings))
    if tiles:
        last = _hex(tiles[-1]["hex"])
        assert last is not None
        spots.append((*lay.side_mid(last, tiles[-1]["sides"][1]), False))
    return spots


def swatch(img: Image.Image, box: tuple[float, float, float, float], colour: str,
           tag: str) -> None:
    """A player's colour square with their tag on it (used in the panel and legends)."""
    fill = style.player_fill(colour)
    ImageDraw.Draw(img).rounded_rectangle(box, radius=4, fill=fill,
                                          outline=style.casing_for(colour), width=2)
    size = box[3] - box[1]
    put_text(img, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), tag,
             round(size * (0.72 if len(tag) == 1 else 0.56)), contrast(fill), weight="black")
