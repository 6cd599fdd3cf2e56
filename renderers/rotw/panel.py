"""The side panel of the full board picture and the header strip of a zoomed crop."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from PIL import Image, ImageDraw

from engine.rotw.mapdef import MapDef
from renderers.kit.access import colourblind, fitted_name, letter, name_lines, short_name
from renderers.kit.colours import contrast, mix
from renderers.kit.focus import move_lines
from renderers.kit.fonts import Weight
from renderers.kit.text import fit_text, put_text, text_width
from renderers.rotw import marks, minimarks, style
from renderers.rotw.board import player_tags, swatch
from renderers.rotw.layers import city_sprite, depot_sprite, trading_sprite
from renderers.rotw.panelpen import Pen, Section, track_sample

_Pen = Pen  # the name the company panel writes with

PHASES = {"baron": "Choosing Rail Barons", "auction": "Auction for first player",
          "actions": "Actions", "respond": "Inspector may stop a delivery",
          "bonds": "Returning bonds before the West opens", "finished": "Game over"}

# Right edges of the player table's number columns, from the panel's text margin.
COLUMNS = (("Cash", 268), ("Bonds", 335), ("Eng.", 390), ("Income", 482), ("Score", 566))


LEGEND_HEIGHT = 190
"""Room the key needs besides its player rows; it is left out when the panel is full."""


def money(amount: object) -> str:
    if isinstance(amount, bool) or not isinstance(amount, int | float):
        return "-"
    sign = "-" if amount < 0 else ""
    return f"{sign}${abs(int(amount)):,}"


def income_text(income: object) -> str:
    """Income as the view gives it: thousands on the track (``12``) or dollars (``12000``)."""
    if isinstance(income, int) and not isinstance(income, bool) and 0 <= income < 1000:
        return money(income * 1000)
    return money(income)


def status_line(view: Mapping[str, Any]) -> str:
    phase = PHASES.get(str(view.get("phase")), str(view.get("phase", "")).title())
    parts = []
    if view.get("round"):
        parts.append(f"Round {view['round']} of 3")
    if view.get("turn"):
        parts.append(f"Turn {view['turn']}")
    parts.append(phase)
    return " · ".join(parts)


def to_act(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    by_seat = {p["seat"]: p for p in view.get("players", [])}
    seats = list(view.get("to_act") or [])
    if not seats and view.get("current_seat") is not None and view.get("phase") != "finished":
        seats = [view["current_seat"]]
    return [by_seat[s] for s in seats if s in by_seat]


def draw_panel(img: Image.Image, x0: int, view: Mapping[str, Any], board: MapDef,
               k: float = 1.0, steady: bool = False, memo: dict[str, Section] | None = None,
               drawn: list[tuple[int, int]] | None = None) -> int:
    """Draw the side panel from ``x0`` to the right edge of ``img`` at scale ``k`` (``x0``
    and what is returned in full-size units); returns how far down its text reaches. The key
    is left out when ``img`` is too short for it. ``steady`` keeps room for two lines of the
    last move, so that a replay's panel does not jump up and down from move to move. With
    ``memo`` (empty for a fresh ``img``, then kept with it), ``img`` holds the panel drawn
    with the same memo before, and only the sections that changed are drawn again; their
    rows (full-size units) are added to ``drawn``."""
    d = ImageDraw.Draw(img)
    if not memo:
        d.rectangle((round(x0 * k), 0, img.width, img.height), fill=style.PANEL_BG)
    full_w, full_h = (img.width, img.height) if k == 1 else (round(img.width / k),
                                                            round(img.height / k))
    pad = 24
    pen = Pen(img, x0 + pad, pad, full_w - x0 - 2 * pad, k, memo, drawn)
    pen.d.line((x0, 0, x0, full_h), fill=style.PANEL_LINE, width=3)
    pen.left = round(x0 * k) + pen.d.thick(3)
    pen.section("head")
    players: list[Mapping[str, Any]] = list(view.get("players", []))
    by_seat = {p["seat"]: p for p in players}
    tags = player_tags(players)

    pen.line("Railways of the World", 34, "black", gap=0.15)
    transcon = view.get("transcontinental")
    era = f" · {transcon['phase_name']}" if transcon else ""
    pen.line(board.name.split(",")[0] + era, 24, "semibold", style.PANEL_MUTED, gap=0.5)
    pen.line(status_line(view), 27, "bold", gap=0.35)
    said = move_lines(view, 22, pen.width)
    for line in said:
        pen.line(line, 22, "semibold", gap=0.3)
    if steady:
        pen.y += round(22 * 1.3) * (2 - len(said))

    acting = to_act(view)
    if acting:
        y = pen.y
        start = pen.x + pen.put((pen.x, y), "To act:", 26) + 12
        x = start
        for p in acting:
            name = fitted_name(str(p["name"]), 26, 220, "bold")
            need = 36 + round(text_width(name, 26, "bold"))
            if x > start and x + need > pen.x + pen.width:
                x, y = start, y + 38
            pen.swatch((x, y + 3, x + 28, y + 31), str(p["colour"]), tags.get(p["seat"], "?"))
            pen.put((x + 36, y), name, 26, weight="bold")
            x += need + 18
        pen.y = y + 40
    auction = view.get("auction")
    if auction:
        high = by_seat.get(auction.get("high_seat"))
        pen.line(f"High bid {money(auction.get('high_bid'))} by {short_name(str(high['name']))}"
                 if high else "No bid yet", 23, "semibold")
        passed = ", ".join(short_name(str(by_seat[s]["name"])) for s in auction.get("passed", [])
                           if s in by_seat)
        if passed:
            pen.line(f"Passed: {passed}", 21, colour=style.PANEL_MUTED)

    pen.section("final")
    final = view.get("final")
    if final:
        _final(pen, final, by_seat, tags)
    pen.section("players")
    _players(pen, view, players, by_seat, tags, {p["seat"] for p in acting})

    pen.section("ops")
    ops = list(view.get("operations_display", []))
    if ops:
        pen.heading("Operations cards on display")
        per_row = 2 if len(ops) <= 8 else 3
        size, step = (22, 30) if per_row == 2 else (19, 26)
        col = pen.width // per_row
        for i, op in enumerate(ops):
            x = pen.x + (i % per_row) * col
            pen.put((x, pen.y), "• " + str(op.get("short") or op.get("name", "?")), size,
                    width=col - 8)
            if i % per_row == per_row - 1 or i == len(ops) - 1:
                pen.y += step
    pen.section("events")
    _events(pen, view)
    pen.section("major")
    _major_lines(pen, view, by_seat, tags)
    pen.section("end")
    _end_of_game(pen, view)
    entries = [e for e in _map_entries(board) if e != "city_rotor" or view.get("rotors")]
    entries += [e for e in game_entries(view) if e not in entries]
    extra = (34 if board.impassable else 0) + 34 * ((len(entries) + 1) // 2)
    extra += 34 if colourblind(view) else 0
    pen.section("key")
    if pen.y + LEGEND_HEIGHT + extra + 34 * ((len(players) + 1) // 2) < full_h:
        _legend(pen, players, tags, board, entries, colourblind(view))
    pen.section(None)
    return pen.y


def _final(pen: _Pen, final: Mapping[str, Any], by_seat: Mapping[Any, Mapping[str, Any]],
           tags: Mapping[int, str]) -> None:
    pen.heading("Final scores")
    for rank, s in enumerate(final.get("scores", []), start=1):
        rank = int(s.get("place", rank))  # players level on every tie-break share a place
        p = by_seat.get(s.get("seat"), {})
        y = pen.y
        pen.swatch((pen.x, y + 1, pen.x + 28, y + 29), str(p.get("colour", "")),
                   tags.get(s.get("seat", -1), "?"))
        win = s.get("seat") == final.get("winner")
        name = short_name(str(s.get("name", p.get("name", "?"))))
        weight: Weight = "bold" if win else "regular"
        pen.put((pen.x + 40, y), f"{rank}. {name}" + ("  (winner)" if win else ""), 26,
                weight=weight, width=pen.width - 140)
        pen.put((pen.x + pen.width, y), str(s.get("score", "-")), 26, weight=weight,
                anchor="rt")
        pen.y += 34
        parts = []
        if s.get("baron_points"):
            parts.append(f"Rail Baron +{s['baron_points']}")
        if s.get("time_line_points"):
            parts.append(f"Time Lines +{s['time_line_points']}")
        if s.get("bond_penalty"):
            parts.append(f"bonds -{s['bond_penalty']}")
        if parts:
            pen.put((pen.x + 40, pen.y - 4), ", ".join(parts), 18, style.PANEL_MUTED)
            pen.y += 22


def _players(pen: _Pen, view: Mapping[str, Any], players: Sequence[Mapping[str, Any]],
             by_seat: Mapping[Any, Mapping[str, Any]], tags: Mapping[int, str],
             acting: set[Any]) -> None:
    pen.heading("Players in turn order")
    depots = uses_depots(view)
    blind = colourblind(view)
    for name, cx in COLUMNS:
        pen.put((pen.x + cx, pen.y), name, 18, style.PANEL_MUTED, "bold", anchor="rt")
    pen.y += 28
    order = [s for s in view.get("turn_order", []) if s in by_seat]
    order += [p["seat"] for p in players if p["seat"] not in order]
    for seat in order:
        p = by_seat[seat]
        y = pen.y
        cards = [str(c) for c in p.get("cards", [])]
        if p.get("inspected"):  # the stopped player shows the Inspector card face up
            cards.insert(0, "stopped by Inspector")
        track = p.get("score", 0)
        wraps = int(p.get("wraps") or 0)
        score = track + 100 * wraps if isinstance(track, int) else track
        held = p.get("held_cube") if isinstance(p.get("held_cube"), Mapping) else None
        supply = minimarks.supply_text(view, p)
        delivered = [str(c) for c in p.get("colours_delivered") or []]
        first = view.get("first_player") == seat
        # The name takes the room its row leaves left of the cash; the rest of a long name
        # (a computer's "(bot)", later words) opens the row's second line.
        room = (COLUMNS[0][1] - text_width(money(p.get("money")), 24, "semibold") - 16
                - 40 - (30 if first else 0))
        name, more = name_lines(str(p["name"]), 25, room, "bold")
        row_h = 66 if cards or wraps or depots or held or supply or delivered or more else 42
        if seat in acting:
            pen.d.rounded_rectangle((pen.x - 8, y - 5, pen.x + pen.width + 8, y + row_h - 7),
                                    radius=6, fill=style.PANEL_HILITE)
        pen.swatch((pen.x, y, pen.x + 30, y + 30), str(p["colour"]), tags.get(seat, "?"))
        base = y + 24  # the text baseline of the row
        w = pen.put((pen.x + 40, base), name, 25, weight="bold", width=room, anchor="ls")
        if first:
            pen.put((pen.x + 44 + w, base), "1st", 16, style.PANEL_MUTED, "black", anchor="ls")
        values = [money(p.get("money")), str(p.get("bonds", 0)), str(p.get("engine", "-")),
                  income_text(p.get("income")), str(score)]
        for (_, cx), value in zip(COLUMNS, values, strict=True):
            pen.put((pen.x + cx, base), value, 24, weight="semibold", anchor="rs")
        if wraps:  # the marker went round the track: show where it stands now
            pen.put((pen.x + COLUMNS[-1][1], y + 36), f"track {track}, lap {wraps + 1}", 17,
                    style.PANEL_MUTED, "semibold", anchor="rt")
        x = pen.x + 40
        right = pen.x + pen.width - (150 if wraps else 0)
        if more:
            x += 12 + pen.put((x, y + 35), more, 19, style.INK, "semibold", width=right - x)
        if depots:
            pen.sprite(partial(depot_sprite, colour=str(p["colour"]),
                               count=int(p.get("depots") or 0)), 34.0, (x + 9, y + 46))
            x += 22 + pen.put((x + 22, y + 35), "depots left", 19, style.PANEL_MUTED)
        if supply:
            x += 12 if depots else 0
            x += 12 + pen.put((x, y + 35), supply, 19, style.PANEL_MUTED)
        if held:
            x += 12 if depots and not supply else 0
            cube = style.CUBE_FILL.get(str(held.get("colour")), style.CITY_FILL["gray"])
            pen.d.rectangle((x, y + 38, x + 16, y + 54), fill=cube, outline=style.INK)
            if blind:
                pen.text((x + 8.5, y + 46.5), letter(str(held.get("colour"))), 14,
                         contrast(cube), weight="black")
            x += 22 + pen.put((x + 22, y + 35), f"held at {held.get('city')}", 19, style.INK,
                              "semibold", width=right - x - 22)
        if delivered:  # toward the Passenger Line(s) card: one cube of each colour delivered
            x += 12 if x > pen.x + 40 else 0
            for colour in delivered:
                cube = style.CUBE_FILL.get(colour, style.CITY_FILL["gray"])
                pen.d.rectangle((x, y + 38, x + 14, y + 52), fill=cube, outline=style.INK)
                if blind:
                    pen.text((x + 7.5, y + 45.5), letter(colour), 12, contrast(cube),
                             weight="black")
                x += 18
            x += 4 + pen.put((x + 4, y + 35), "delivered", 19, style.PANEL_MUTED)
        if cards and x < right - 60:
            x += 12 if x > pen.x + 40 else 0
            pen.put((x, y + 35), "Cards: " + ", ".join(cards), 19, style.PANEL_MUTED,
                    width=right - x)
        pen.y = y + row_h


def uses_depots(view: Mapping[str, Any]) -> bool:
    """Whether the game is played with Fuel Depots: some are on the map or in a supply."""
    return bool(view.get("fuel_depots")) or any(
        isinstance(p.get("depots"), int) and p["depots"] > 0 for p in view.get("players", []))


def game_entries(view: Mapping[str, Any]) -> list[str]:
    """Key entries for the expansion pieces this game uses (City Rotors, depots)."""
    out = []
    if view.get("rotors"):
        out += ["city_rotor", "rotor_band", "rotor_next"]
    if uses_depots(view):
        out.append("fuel_depot")
    if view.get("trading_depots"):
        out.append("trading_depot")
    return out + minimarks.key_entries(view)


GAME_KEYS = {"rotor_band": "Rotor band: also takes now",
             "rotor_next": "Rotor's next colour",
             "fuel_depot": "Fuel Depots (how many)",
             "trading_depot": "Trading Depot (+1 income)", **minimarks.KEYS}


def _events(pen: _Pen, view: Mapping[str, Any]) -> None:
    """The Event Deck's Current and Future slots, each card with its whole text."""
    lines = minimarks.event_lines(view)
    if not lines:
        return
    pen.heading("Events")
    for label, text in lines:
        pen.put((pen.x, pen.y), label, 21, style.PANEL_MUTED, "bold")
        for row in minimarks.wrap(text, 21, pen.width - 90):
            pen.put((pen.x + 90, pen.y), row, 21)
            pen.y += 27
        pen.y += 4


def _major_lines(pen: _Pen, view: Mapping[str, Any], by_seat: Mapping[Any, Mapping[str, Any]],
                 tags: Mapping[int, str]) -> None:
    lines = list(view.get("major_lines", []))
    if not lines:
        return
    pen.heading("Major lines")
    right = pen.x + pen.width
    size, step = (22, 32) if len(lines) <= 6 else (20, 27)
    for m in lines:
        y = pen.y
        owner = by_seat.get(m.get("claimed_by"))
        base = y + size - 2
        pen.put((pen.x, base), f"{m.get('a')} \N{EN DASH} {m.get('b')}", size,
                weight="semibold", width=pen.width - 230, anchor="ls")
        pen.put((right - 160, base), f"{m.get('points')} pts", size, anchor="rs")
        if owner:
            box = step - 6
            pen.swatch((right - 148, y, right - 148 + box, y + box), str(owner["colour"]),
                       tags.get(owner["seat"], "?"))
            pen.put((right - 114, base), short_name(str(owner["name"])), size, weight="bold",
                    width=114, anchor="ls")
        else:
            pen.put((right - 148, base), "open", size, style.PANEL_MUTED, anchor="ls")
        pen.y += step


def ecm_line(view: Mapping[str, Any], east: bool = False, this_turn: bool = False) -> str:
    """The markers against the number that ends the game (or the Eastern phase), and how much
    play is left once that number is reached. ``this_turn``: the end comes with the turn the
    number is reached in (the Advanced Game, the Eastern phase), not one full turn later."""
    ecm = view.get("ecm") or {}
    placed, needed = int(ecm.get("placed", 0) or 0), int(ecm.get("needed", 0) or 0)
    over = view.get("phase") == "finished"
    ends = f"{'ended' if over else 'end'} {'the Eastern phase' if east else 'the game'}"
    count = f"{placed} of {needed}" if placed <= needed else f"{placed} ({needed} {ends})"
    head = f"Empty city markers: {count}"
    if over:
        return head  # the heading already says the game is over
    if placed < needed and not ecm.get("end_triggered"):
        return head
    last = ecm.get("last_turn")
    if east or this_turn or last is None or last == view.get("turn"):
        return f"{head} \N{EM DASH} last turn!"
    return f"{head} \N{EM DASH} one more turn after this"


def _end_of_game(pen: _Pen, view: Mapping[str, Any]) -> None:
    ecm = view.get("ecm") or {}
    bag = view.get("bag") or {}
    east = (view.get("transcontinental") or {}).get("phase") == "east"
    pen.heading("End of the Eastern phase" if east else "End of game")
    placed, needed = int(ecm.get("placed", 0) or 0), int(ecm.get("needed", 0) or 0)
    pen.line(ecm_line(view, east), 24, "semibold", gap=0.3)
    if needed:
        y = pen.y
        pen.d.rounded_rectangle((pen.x, y, pen.x + pen.width, y + 16), radius=8,
                                fill=style.TRAY, outline=style.PANEL_LINE, width=2)
        done = round(pen.width * min(1.0, placed / needed))
        if done >= 16:
            pen.d.rounded_rectangle((pen.x, y, pen.x + done, y + 16), radius=8, fill=style.INK)
        pen.y += 28
    if "count" in bag:
        pen.line(f"Goods cubes left in the bag: {bag['count']}", 22)


def _costs(board: MapDef) -> dict[str, int]:
    """Building costs per terrain for the key: the map's own table, else the rulebook's."""
    costs = {"open": 2000, "water": 3000, "mountain": 4000, "ridge": 4000}
    table = board.tables.get("terrain_costs")
    if table is not None:
        for k in costs:
            value = table.values.get(k)
            if isinstance(value, int) and not isinstance(value, bool):
                costs[k] = value
    return costs


def _map_entries(board: MapDef) -> list[str]:
    """The map's own marks for the key: the snow line, special places, city roles."""
    return (["snow_line"] if marks.snow_hexes(board) else []) + marks.map_marks(board)


def _map_swatch(pen: Pen, kind: str, box: tuple[int, int, int, int]) -> None:
    d = pen.d
    x0, y0, x1, y1 = box
    centre = ((x0 + x1) / 2, (y0 + y1) / 2)
    side = float(y1 - y0)
    if kind == "snow_line":
        d.rectangle(box, fill=marks.snow_fill(style.TERRAIN_FILL["open"]),
                    outline=style.HEX_LINE, width=2)
        for k in range(3):
            d.line((x0 + k * 10, y1 - 2, x0 + k * 10 + 6, y1 - 2), fill=marks.SNOW_LINE, width=5)
    elif kind == "western_link":
        d.rectangle(box, fill=mix(style.OFFBOARD, style.TRAY, 0.25), outline=style.TRAY, width=2)
    elif kind == "rotor_band":
        pen.sprite(lambda s: city_sprite(s, "red", frozenset(), "yellow"), side / 1.7, centre)
    elif kind == "rotor_next":
        pen.sprite(lambda s: marks.rotor_badge(s, "blue"), side * 0.8,
                   (centre[0] - 3, centre[1] - 3))
    elif kind == "fuel_depot":
        pen.sprite(lambda s: depot_sprite(s, "gray", 2), side * 1.3, centre)
    elif kind == "trading_depot":
        pen.sprite(lambda s: trading_sprite(s, "gray"), side * 1.2, centre)
    elif kind in minimarks.KEYS:
        pen.sprite(lambda s: minimarks.key_sprite(kind, s), side * 1.4, centre)
    else:
        pen.sprite(lambda s: marks.icon_sprite(kind, s), side, centre)


def _legend(pen: _Pen, players: Sequence[Mapping[str, Any]], tags: Mapping[int, str],
            board: MapDef, entries: Sequence[str], blind: bool = False) -> None:
    pen.heading("Key")
    d = pen.d
    x, y = pen.x, pen.y
    s = 26
    half = pen.width // 2
    c = _costs(board)
    items = [("open", f"Open {money(c['open'])}"), ("river", f"River {money(c['water'])}"),
             ("lake", f"Lake {money(c['water'])}"), ("mountain", f"Hills {money(c['mountain'])}")]
    for i, (kind, text) in enumerate(items):
        bx, by = x + (i % 2) * half, y + (i // 2) * 34
        d.rectangle((bx, by, bx + s, by + s), fill=style.TERRAIN_FILL[kind],
                    outline=style.HEX_LINE, width=2)
        pen.put((bx + s + 10, by + 1), text, 21)
    y += 68
    if board.ridges:  # some maps have none (England and Wales says so)
        d.line((x, y + 13, x + s, y + 13), fill=style.RIDGE, width=6)
        pen.put((x + s + 10, y + 1), f"Ridge: +{money(c['ridge'])}", 21)
    for k in range(3):  # dashes of track in no one's colour: any owner's unfinished link
        ux = x + half + k * 15
        d.line((ux, y + 13, ux + 10, y + 13), fill=style.DARK_CASING, width=11)
        d.line((ux + 1, y + 13, ux + 9, y + 13), fill=style.FALLBACK_PLAYER, width=7)
    pen.put((x + half + s + 24, y + 1), "Unfinished link", 21)
    y += 34
    d.ellipse((x, y, x + s, y + s), fill=style.INK)
    pen.text((x + s / 2, y + s / 2), "U", 18, style.TRAY, weight="black")
    pen.put((x + s + 10, y + 1), "Urbanized", 21)
    d.rounded_rectangle((x + half, y + 3, x + half + 56, y + s - 3), radius=10,
                        fill=style.TRAY, outline=style.INK, width=2)
    pen.text((x + half + 28, y + s / 2), "EMPTY", 13, style.INK, weight="black")
    pen.put((x + half + 66, y + 1), "Empty city marker", 21)
    y += 40
    if board.impassable:
        d.line((x, y + 13, x + s, y + 13), fill=style.IMPASSABLE, width=6)
        pen.put((x + s + 10, y + 1), "No track may cross", 21)
        y += 34
    for i, kind in enumerate(entries):
        bx, by = x + (i % 2) * half, y + (i // 2) * 34
        _map_swatch(pen, kind, (bx, by, bx + s, by + s))
        label = GAME_KEYS.get(kind) or marks.special_label(board, kind)
        pen.put((bx + s + 10, by + 1), label, 21, width=half - s - 16)
    y += 34 * ((len(entries) + 1) // 2)
    if blind:  # what the letters on cubes and cities stand for
        pen.put((x, y + 1), LETTER_KEY, 21, width=pen.width)
        y += 34
    # Each player: marker, a piece of their track as the map draws it, name.
    for i, p in enumerate(players):
        bx, by = x + (i % 2) * half, y + (i // 2) * 34
        colour = str(p["colour"])
        pen.swatch((bx, by, bx + s, by + s), colour, tags.get(p["seat"], "?"))
        pen.track((bx + s + 6, by + s / 2), 44, colour, blind)
        pen.put((bx + s + 58, by + 1), fitted_name(str(p["name"]), 21, half - s - 64), 21)
    pen.y = y + ((len(players) + 1) // 2) * 34


LETTER_KEY = "Letters: R red, Y yellow, B blue, K black, P purple (gray: none)"


def draw_strip(img: Image.Image, height: int, view: Mapping[str, Any], place: str) -> None:
    """The header of a zoomed crop: the place, the game's status and the players' colours."""
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, img.width, height), fill=style.PANEL_BG)
    d.line((0, height, img.width, height), fill=style.PANEL_LINE, width=3)
    players: list[Mapping[str, Any]] = list(view.get("players", []))
    tags = player_tags(players)
    size = round(height * 0.3)
    acting = str(view.get("acting_names")
                 or ", ".join(short_name(str(p["name"])) for p in to_act(view)))
    line1 = f"{place}  ·  {status_line(view)}" + (f"  ·  to act: {acting}" if acting else "")
    put_text(img, (16, height * 0.28), fit_text(line1, size, img.width - 32, "bold"), size,
             style.INK, weight="bold", anchor="lm")
    x = 16
    s = round(height * 0.32)
    y = round(height * 0.56)
    blind = colourblind(view)
    for p in players:
        swatch(img, (x, y, x + s, y + s), str(p["colour"]), tags.get(p["seat"], "?"))
        if blind:  # each player's track pattern, as in the key
            track_sample(img, (x + s + 6, y + s / 2), s * 1.3, str(p["colour"]), True)
            x += round(s * 1.3) + 10
        x += s + 22 + put_text(img, (x + s + 6, y + s / 2), short_name(str(p["name"])),
                               round(s * 0.85), style.INK, weight="semibold", anchor="lm")
        if x > img.width - 60:
            break
