"""The side panel of an Advanced Game board: the share price track, each company's cash, shares
and bonds and controller, and the shares every player holds."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.rotw.mapdef import MapDef
from renderers.kit.access import colourblind, short_name
from renderers.kit.colours import contrast
from renderers.kit.focus import move_lines
from renderers.kit.text import put_text, text_width
from renderers.rotw import style
from renderers.rotw.board import player_tags, swatch
from renderers.rotw.panel import LETTER_KEY, _Pen, ecm_line, money
from renderers.rotw.panelpen import track_sample

TRACK_TOP = 20
"""Share prices shown on the track (a higher price stands on the last space, marked)."""
COMPANY_COLUMNS = (("Price", 160), ("Cash", 250), ("Held", 300), ("Box", 358), ("Tile", 400),
                   ("Bonds", 458), ("Inc.", 496))
CONTROLLER_X = 508
TAGS = {"black": "K"}
"""A company's one-letter tag on its track: its initial, but K for Black (Blue has the B)."""
"""Right edges of the company table's number columns, from the panel's text margin."""


def company_players(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The companies as the board draws owners: track and markers in company colours."""
    return [{"seat": c["index"], "name": c["name"], "tag": tag(c), "colour": c["colour"]}
            for c in view["advanced"]["companies"]]


def strip_view(view: Mapping[str, Any], players: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The zoomed crop's header: the phase in words, who acts (players, not companies) and the
    companies' colours as the key."""
    adv = view["advanced"]
    names = {int(p["seat"]): short_name(str(p["name"])) for p in players}
    acting = ", ".join(names.get(int(s), "?") for s in view.get("to_act") or [])
    if acting and adv.get("acting_company") is not None:
        acting += f" (for the {adv['companies'][adv['acting_company']]['name']} company)"
    return {**view, "phase": str(adv["phase"]), "round": adv.get("round"),
            "acting_names": acting}


def tag(c: Mapping[str, Any]) -> str:
    return TAGS.get(str(c["colour"]), str(c["name"])[:1].upper())


def draw_company_panel(img: Image.Image, x0: int, view: Mapping[str, Any],
                       board: MapDef, top: int = 0) -> None:
    """The Advanced Game's side panel from ``x0`` to the right edge of ``img``, from ``top``
    down."""
    d = ImageDraw.Draw(img)
    d.rectangle((x0, top, img.width, img.height), fill=style.PANEL_BG)
    d.line((x0, top, x0, img.height), fill=style.PANEL_LINE, width=3)
    pad = 24
    pen = _Pen(img, x0 + pad, top + pad, img.width - x0 - 2 * pad)
    adv = view["advanced"]
    players: list[Mapping[str, Any]] = list(view.get("players", []))
    names = {int(p["seat"]): short_name(str(p["name"])) for p in players}
    firms: list[Mapping[str, Any]] = list(adv["companies"])
    pen.line("Railways of the World", 34, "black", gap=0.15)
    pen.line(f"{board.name} · Advanced Game", 24, "semibold", style.PANEL_MUTED, gap=0.5)
    status = [f"Turn {view.get('turn')}", str(adv["phase"])]
    if adv.get("round"):
        status.insert(1, f"Company Round {adv['round']} of 3")
    pen.line(" · ".join(status), 27, "bold", gap=0.35)
    for line in move_lines(view, 22, pen.width):
        pen.line(line, 22, "semibold", gap=0.3)
    _acting(pen, view, names, firms)
    _track(pen, firms)
    _companies(pen, firms, names)
    _holdings(pen, players, firms)
    pen.heading("The end")
    # The game ends with the turn in which the last marker needed is placed.
    pen.line(ecm_line({**view, "ecm": {**(view.get("ecm") or {}), "needed": adv["end_empty"]}},
                      this_turn=True), 21)
    pen.line("Final value of a share: its price less 1 per unpaid bond.", 21,
             colour=style.PANEL_MUTED)
    final = view.get("final")
    if final:
        _final(pen, final, names)
    if colourblind(view):
        _blind_key(pen, firms)


def _blind_key(pen: _Pen, firms: Sequence[Mapping[str, Any]]) -> None:
    """A colour-blind board's key: the cube letters and each company's track pattern."""
    pen.heading("Key")
    pen.put((pen.x, pen.y), LETTER_KEY, 21, width=pen.width)
    pen.y += 34
    half = pen.width // 2
    for i, c in enumerate(firms):
        x, y = pen.x + (i % 2) * half, pen.y + (i // 2) * 34
        swatch(pen.img, (x, y, x + 26, y + 26), str(c["colour"]), tag(c))
        track_sample(pen.img, (x + 32, y + 13), 44, str(c["colour"]), True)
        pen.put((x + 84, y + 1), str(c["name"]), 21, width=half - 90)
    pen.y += 34 * ((len(firms) + 1) // 2)


def _acting(pen: _Pen, view: Mapping[str, Any], names: dict[int, str],
            firms: Sequence[Mapping[str, Any]]) -> None:
    adv = view["advanced"]
    acting = [names.get(int(s), "?") for s in view.get("to_act") or []]
    ci = adv.get("acting_company")
    if acting and adv.get("auction") is None:
        what = f" for the {firms[ci]['name']} company" if ci is not None else ""
        pen.line("To act: " + ", ".join(acting) + what, 24, "semibold")
    auction = adv.get("auction")
    if auction:
        c = firms[int(auction["company"])]
        box = "Available box" if auction["box"] == "available" else "Shares Issued box"
        pen.line(f"Auction: a {c['name']} share ({box})", 24, "semibold")
        who = names.get(int(auction["high_seat"]), "?")
        pen.line(f"High bid {money(auction['high_bid'])} by {who}; to bid: "
                 + ", ".join(acting), 21)
    merger = adv.get("merger")
    if merger:
        a, t = firms[int(merger["company"])], firms[int(merger["target"])]
        stage = firms[int(merger["stage"])]
        voted = ", ".join(names.get(int(s), "?") for s in merger["voted"]) or "nobody yet"
        pen.line(f"Merger: {a['name']} takes over {t['name']}?", 24, "semibold")
        pen.line(f"{stage['name']} shareholders vote in secret; voted: {voted}", 21)


def _marker(img: Image.Image, box: tuple[float, float, float, float], colour: str,
            text: str) -> None:
    fill = style.player_fill(colour)
    ImageDraw.Draw(img).ellipse(box, fill=fill, outline=style.casing_for(colour), width=2)
    size = box[3] - box[1]
    put_text(img, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), text, round(size * 0.6),
             contrast(fill), weight="black")


def _track(pen: _Pen, firms: Sequence[Mapping[str, Any]]) -> None:
    """Spaces 1-20 in two rows of ten; each company's marker on its price, the last to arrive
    on top (drawn last, listed first in the Company Rounds)."""
    pen.heading("Share prices (thousands)")
    cell = pen.width // 10
    by_price: dict[int, list[Mapping[str, Any]]] = {}
    for c in firms:
        by_price.setdefault(min(int(c["price"]), TRACK_TOP), []).append(c)
    for space in range(1, TRACK_TOP + 1):
        row, col = divmod(space - 1, 10)
        x, y = pen.x + col * cell, pen.y + row * (cell + 6)
        pen.d.rectangle((x + 2, y, x + cell - 2, y + cell), outline=style.PANEL_LINE, width=2)
        label = f"{space}+" if space == TRACK_TOP else str(space)
        pen.put((x + 6, y + 3), label, 16, style.PANEL_MUTED, "semibold")
        here = by_price.get(space, [])
        r = 9
        for k, c in enumerate(here):
            cx = x + cell - 6 - r - (k % 3) * (2 * r + 1)
            cy = y + cell - 4 - r - (k // 3) * (2 * r + 1)
            _marker(pen.img, (cx - r, cy - r, cx + r, cy + r), str(c["colour"]), tag(c))
    pen.y += 2 * (cell + 6) + 4


def _companies(pen: _Pen, firms: Sequence[Mapping[str, Any]], names: dict[int, str]) -> None:
    pen.heading("Companies")
    y = pen.y
    pen.put((pen.x, y), "Company", 18, style.PANEL_MUTED, "semibold")
    for label, right in COMPANY_COLUMNS:
        pen.put((pen.x + right, y), label, 18, style.PANEL_MUTED, "semibold", anchor="rt")
    pen.put((pen.x + CONTROLLER_X, y), "Boss", 18, style.PANEL_MUTED, "semibold")
    pen.y += 28
    for c in firms:
        y = pen.y
        swatch(pen.img, (pen.x, y + 2, pen.x + 26, y + 28), str(c["colour"]), tag(c))
        pen.put((pen.x + 34, y + 2), str(c["name"]), 21, weight="bold", width=80)
        values = (str(c["price"]), money(c["cash"]), str(c["held"]),
                  str(c["available"]) + ("" if not c["issued"] else f"+{c['issued']}"),
                  str(c["tile"]), str(c["bonds"]), str(c["income"]))
        for (_, right), text in zip(COMPANY_COLUMNS, values, strict=True):
            pen.put((pen.x + right, y + 2), text, 21, anchor="rt")
        boss = c.get("controller")
        pen.put((pen.x + CONTROLLER_X, y + 2),
                names.get(int(boss), "?") if boss is not None else "-", 19, weight="semibold",
                width=pen.width - CONTROLLER_X)
        pen.y += 34
    pen.line("Held: by players. Box: for sale in the Available box (+ in the Shares Issued", 17,
             colour=style.PANEL_MUTED, gap=0.2)
    pen.line("box). Tile: not yet issued. Inc.: income marker. Boss: the controller.", 17,
             colour=style.PANEL_MUTED)


def _holdings(pen: _Pen, players: Sequence[Mapping[str, Any]],
              firms: Sequence[Mapping[str, Any]]) -> None:
    pen.heading("Players: cash and shares")
    tags = player_tags(players)
    for p in players:
        y = pen.y
        swatch(pen.img, (pen.x, y + 2, pen.x + 26, y + 28), str(p["colour"]),
               tags.get(int(p["seat"]), "?"))
        room = 290 - text_width(money(p["money"]), 21) - 12 - 34
        pen.put((pen.x + 34, y + 2), short_name(str(p["name"])), 21, weight="bold", width=room)
        pen.put((pen.x + 290, y + 2), money(p["money"]), 21, anchor="rt")
        x = pen.x + 310
        for c in firms:
            n = int((p.get("holdings") or {}).get(c["name"], 0))
            if not n:
                continue
            swatch(pen.img, (x, y + 4, x + 22, y + 26), str(c["colour"]), str(n))
            x += 30
        pen.y += 34


def _final(pen: _Pen, final: Mapping[str, Any], names: dict[int, str]) -> None:
    pen.heading("Final standings")
    for s in sorted(final.get("scores", []), key=lambda s: -int(s["total"])):
        pen.line(f"{names.get(int(s['seat']), '?')}: {money(s['total'])} (cash "
                 f"{money(s['cash'])})", 22, "semibold")
