"""The main board: the header with the round track, every action space with its cost and the
workers or coins on it, the engineer row, the locomotive stacks and the factories on offer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.core.names import plural
from engine.ultimate import DATA
from engine.ultimate.plugins.special_ideas.data import SPECIAL_IDEAS
from renderers.kit import RGB, contrast, fit_text, mix, put_text, text_width
from renderers.kit.access import colourblind, letter, short_name
from renderers.kit.focus import move_lines, move_text
from renderers.kit.text import wrap
from renderers.ultimate import icons
from renderers.ultimate.effects import draw_effects, engineer_effects, space_effects
from renderers.ultimate.pieces import piece
from renderers.ultimate.style import (
    BACKGROUND,
    CARD_W,
    DOUBLER,
    EMPTY_SPACE,
    FAINT,
    HEADER_BG,
    HEADER_H,
    HEADER_INK,
    HIGHLIGHT,
    INK,
    LOCO,
    MAIN_TOP,
    PAD,
    PANEL,
    PANEL_EDGE,
    ROW_A_H,
    SECTION_TITLES,
    SOFT_INK,
    TAKEN_TINT,
    TILE_GAP,
    TILE_H,
    TILE_W,
    WIDTH,
    player_rgb,
)

View = Mapping[str, Any]
Draw = ImageDraw.ImageDraw
TITLE_H = 28
"""Height of a panel's title line."""


TRACK_W = 6 * TILE_W + 5 * TILE_GAP + 20
IND_W = 2 * TILE_W + TILE_GAP + 20
AUX_X = PAD + IND_W + PAD
AUX_W = 3 * TILE_W + 2 * TILE_GAP + 20
ENG_X = AUX_X + AUX_W + PAD
LOCO_X = PAD + TRACK_W + PAD
ROW_A_Y = MAIN_TOP + 8
ROW_B_Y = ROW_A_Y + ROW_A_H
PANEL_H = ROW_A_H - 8


def draw_main_base(img: Image.Image, board_name: str, players: int) -> None:
    """What never changes during a game: the header band and the panels with their titles."""
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, WIDTH, HEADER_H], fill=HEADER_BG)
    put_text(img, (PAD, 26), "Ultimate Railroads", 30, HEADER_INK, weight="black", anchor="lm")
    who = "solo game" if players == 1 else f"{players} players"
    put_text(img, (PAD, 58), f"{board_name} · {who}", 17, (215, 205, 185), anchor="lm")
    _panel(img, d, PAD, ROW_A_Y, TRACK_W, PANEL_H, SECTION_TITLES["track"])
    _panel(img, d, LOCO_X, ROW_A_Y, WIDTH - PAD - LOCO_X, PANEL_H,
           SECTION_TITLES["locomotives"])
    _panel(img, d, PAD, ROW_B_Y, IND_W, PANEL_H, SECTION_TITLES["industry"])
    _panel(img, d, AUX_X, ROW_B_Y, AUX_W, PANEL_H,
           f"{SECTION_TITLES['auxiliary']} / {SECTION_TITLES['turn order']}")
    _panel(img, d, ENG_X, ROW_B_Y, WIDTH - PAD - ENG_X, PANEL_H,
           "Engineers (they move right each round)")
    put_text(img, (LOCO_X + 12, _stacks_y() + 8), "Locomotive stacks (take the lowest number)",
             15, SOFT_INK, weight="semibold", anchor="lm")


def _stacks_y() -> int:
    return ROW_A_Y + TITLE_H + 6 + TILE_H + 12


def draw_main(img: Image.Image, view: View) -> None:
    by_section: dict[str, list[Mapping[str, Any]]] = {}
    for s in view["spaces"]:
        by_section.setdefault(s["section"], []).append(s)
    colours, names = holders(view)
    # A colour-blind picture writes each player's colour letter on the workers of the
    # always-open space (the only space that shows workers without a name).
    people = [*view["players"], *([view["emil"]] if view.get("emil") else [])]
    letters = [letter(str(p["colour"])) for p in people] if colourblind(view) else []
    _header(img, view, colours, names)
    _tiles(img, PAD, ROW_A_Y, by_section.get("track", []), colours, names, cols=6,
           letters=letters)
    _loco_panel(img, view, by_section.get("locomotives", []), colours, names)
    _tiles(img, PAD, ROW_B_Y, by_section.get("industry", []), colours, names, cols=2)
    order = by_section.get("turn order", [])
    aux = by_section.get("auxiliary", [])
    if len(aux) + len(order) > 6:
        # The modules' spaces join this panel: smaller tiles, 4 by 3, keep them all in view.
        _compact_tiles(img, AUX_X, ROW_B_Y, [*aux, *order], colours, names)
        _engineer_row(img, view, by_section.get("engineers", []), colours, names)
        return
    rows = _tiles(img, AUX_X, ROW_B_Y, aux, colours, names, cols=3)
    if order:
        _tiles(img, AUX_X, ROW_B_Y + rows * (TILE_H + TILE_GAP), order, colours, names, cols=3)
    elif view["last_round"] and view.get("last_round_tile", True):
        ty = ROW_B_Y + TITLE_H + 6 + rows * (TILE_H + TILE_GAP)
        piece(img, AUX_X + 10, ty, 2 * TILE_W + TILE_GAP + 1, TILE_H + 1, PANEL,
              ("last-round-tile",), _last_round_block)
    _engineer_row(img, view, by_section.get("engineers", []), colours, names)


BLOCKADE: RGB = (150, 30, 30)


def holders(view: View) -> tuple[list[RGB], list[str]]:
    """Colours and names by holder index: the players, then Emil in the solo game."""
    people = [*view["players"], *([view["emil"]] if view.get("emil") else [])]
    return ([player_rgb(p["colour"]) for p in people],
            [short_name(str(p["name"])) for p in people])


def _panel(img: Image.Image, d: Draw, x: int, y: int, w: int, h: int, title: str) -> None:
    d.rounded_rectangle([x, y, x + w, y + h], radius=10, fill=PANEL, outline=PANEL_EDGE, width=2)
    put_text(img, (x + 12, y + 15), title, 18, INK, weight="bold", anchor="lm")


# -- header ----------------------------------------------------------------------------------

HEADER_X = 290


def _header(img: Image.Image, view: View, colours: Sequence[RGB], names: Sequence[str]) -> None:
    temp = view.get("temp_holder")
    key = ("header", view["round"], view["rounds"], view["phase"], _phase_line(view),
           view["order"], view["to_act"], names, colours, view["doublers_left"], temp,
           str(view.get("emil")), move_text(view))

    def paint(sprite: Image.Image, d: Draw) -> None:
        _paint_header(sprite, d, view, colours, names)

    piece(img, HEADER_X, 0, WIDTH - HEADER_X, HEADER_H, HEADER_BG, key, paint)


def _paint_header(img: Image.Image, d: Draw, view: View, colours: Sequence[RGB],
                  names: Sequence[str]) -> None:
    x = 10
    put_text(img, (x, 26), "Round", 17, HEADER_INK, weight="semibold", anchor="lm")
    x += 58
    rnd, rounds = int(view["round"]), int(view["rounds"])
    over = view["phase"] == "over"
    for n in range(1, rounds + 1):
        cx = x + (n - 1) * 40 + 16
        now = n == rnd and not over
        past = n < rnd or over
        fill = HIGHLIGHT if now else ((120, 108, 95) if past else (235, 225, 205))
        d.ellipse([cx - 16, 10, cx + 16, 42], fill=fill, outline=HEADER_INK, width=2)
        put_text(img, (cx, 26), str(n), 18, contrast(fill), weight="bold")
        if n == rounds and view.get("last_round_tile", True):
            _last_round_tile(d, cx, 58)
    put_text(img, (x + rounds * 40 - 6, 58), "last round", 14, (215, 205, 185), anchor="lm")
    x = 430
    put_text(img, (x, 26), _phase_line(view), 22, HEADER_INK, weight="bold", anchor="lm")
    # What the last move was, between the phase line and the doublers.
    start = x + round(text_width(_phase_line(view), 22, "bold")) + 40
    for line in move_lines(view, 17, WIDTH - HEADER_X - 215 - start, most=1):
        put_text(img, (start, 26), line, 17, HEADER_INK, anchor="lm")
    emil = view.get("emil")
    if emil:
        _emil_line(img, d, emil, colours[-1], x, 58)
    else:
        _order_line(img, d, view, colours, names, x, 58)
    dx = WIDTH - HEADER_X - 200
    icons.doubler(img, d, dx, 26, 24)
    put_text(img, (dx + 24, 26), f"{plural(view['doublers_left'], 'doubler')} left", 17, HEADER_INK,
             anchor="lm")
    temp = view.get("temp_holder")
    if temp is not None:
        icons.pawn(d, dx, 58, 20, colours[temp])
        put_text(img, (dx + 24, 58), fit_text(f"temp. workers: {names[temp]}", 15, 175), 15,
                 HEADER_INK, anchor="lm")


def _emil_line(img: Image.Image, d: Draw, emil: Mapping[str, Any], colour: RGB, x: int,
               y: int) -> None:
    """The solo game: Emil's workers left, his cards left and what he has collected."""
    icons.pawn(d, x + 10, y, 20, colour)
    got = [f"locomotive #{n}" for n in emil["locos"]]
    got += [f"factory #{n}" for n in emil["factories"]]
    got += [f"engineer #{n}" for n in emil["engineers"]]
    passed = ", passed" if emil["passed"] else ""
    text = (f"{emil['name']}: {emil['workers']} of {emil['owned']} workers, "
            f"{plural(emil['cards_left'], 'card')} left{passed}; has {', '.join(got) or 'nothing'}")
    put_text(img, (x + 26, y), fit_text(text, 15, 900), 15, HEADER_INK, anchor="lm")


def _order_line(img: Image.Image, d: Draw, view: View, colours: Sequence[RGB],
                names: Sequence[str], x: int, y: int) -> None:
    put_text(img, (x, y), "Turn order:", 16, (215, 205, 185), anchor="lm")
    ox = x + 92
    acting = set(view["to_act"])
    for i, seat in enumerate(view["order"]):
        colour = colours[seat]
        if seat in acting:
            d.rounded_rectangle([ox - 3, 45, ox + 25, 71], radius=6, outline=(255, 255, 255),
                                width=2)
        d.ellipse([ox, 48, ox + 22, 70], fill=colour, outline=HEADER_INK)
        put_text(img, (ox + 11, 59), str(i + 1), 14, contrast(colour), weight="bold")
        ox += 32 + put_text(img, (ox + 27, 59), fit_text(names[seat], 15, 130), 15, HEADER_INK,
                            anchor="lm")
        ox += 10


def _last_round_tile(d: Draw, cx: float, cy: float) -> None:
    """The last-round tile: a chequered flag."""
    d.line([(cx - 9, cy - 9), (cx - 9, cy + 10)], fill=HEADER_INK, width=2)
    for i in range(3):
        for j in range(2):
            fill = (20, 20, 20) if (i + j) % 2 else (250, 250, 250)
            d.rectangle([cx - 8 + i * 6, cy - 9 + j * 6, cx - 2 + i * 6, cy - 3 + j * 6],
                        fill=fill)


def _last_round_block(img: Image.Image, d: Draw) -> None:
    """Where the turn order spaces were: the last-round tile covers them."""
    d.rounded_rectangle([0, 0, 2 * TILE_W + TILE_GAP, TILE_H], radius=8, fill=(60, 60, 60))
    _last_round_tile(d, 26, TILE_H / 2)
    put_text(img, (48, TILE_H / 2 - 12), "Last round:", 17, (250, 250, 250), weight="bold",
             anchor="lm")
    put_text(img, (48, TILE_H / 2 + 12), "no turn order spaces", 16, (250, 250, 250),
             anchor="lm")


def _phase_line(view: View) -> str:
    names = holders(view)[1]
    acting = [names[s] for s in view["to_act"]]
    who = acting[0] if acting else ""
    phase = view["phase"]
    if phase == "over":
        final = view.get("final") or {}
        winners = [names[s] for s in final.get("winners", [])]
        if not winners:
            return "Game over"
        return f"Game over: {' and '.join(winners)} win{'s' if len(winners) == 1 else ''}"
    if phase == "bonus":
        return f"Starting bonus cards: {who} chooses"
    if phase == "moves":
        return f"Turn order workers: {who} may move one"
    busy = bool(acting) and bool(view["players"][view["to_act"][0]].get("pending"))
    return f"{who} is finishing an action" if busy else f"{who} to place workers"


# -- action spaces ---------------------------------------------------------------------------

def _tiles(img: Image.Image, x: int, y: int, spaces: Sequence[Mapping[str, Any]],
           colours: Sequence[RGB], names: Sequence[str], *, cols: int,
           letters: Sequence[str] = ()) -> int:
    """The tiles of ``spaces`` in rows of ``cols`` inside the panel at ``(x, y)``; returns the
    number of rows."""
    for i, space in enumerate(spaces):
        row, col = divmod(i, cols)
        tile(img, x + 10 + col * (TILE_W + TILE_GAP), y + TITLE_H + 6 + row * (TILE_H + TILE_GAP),
             space, colours, names, letters)
    return (len(spaces) + cols - 1) // cols


COMPACT_COLS = 4
COMPACT_W = (AUX_W - 20 - (COMPACT_COLS - 1) * TILE_GAP) // COMPACT_COLS
COMPACT_H = (PANEL_H - TITLE_H - 12 - 2 * TILE_GAP) // 3


def _compact_tiles(img: Image.Image, x: int, y: int, spaces: Sequence[Mapping[str, Any]],
                   colours: Sequence[RGB], names: Sequence[str]) -> None:
    for i, space in enumerate(spaces):
        row, col = divmod(i, COMPACT_COLS)
        holder = space.get("holder")
        who = None if holder is None else (colours[holder], names[holder])
        key = ("compact", space, who, [colours[s] for s in space.get("users", [])])

        def paint(sprite: Image.Image, d: Draw, space: Mapping[str, Any] = space) -> None:
            space_tile(sprite, d, space, 0, 0, colours, names, COMPACT_W, COMPACT_H,
                       compact=True)

        piece(img, x + 10 + col * (COMPACT_W + TILE_GAP),
              y + TITLE_H + 6 + row * (COMPACT_H + TILE_GAP), COMPACT_W + 1, COMPACT_H + 1,
              PANEL, key, paint)


def tile(img: Image.Image, x: int, y: int, space: Mapping[str, Any], colours: Sequence[RGB],
         names: Sequence[str], letters: Sequence[str] = ()) -> None:
    holder = space.get("holder")
    users = [colours[s] for s in space.get("users", [])]
    marks = [letters[s] for s in space.get("users", [])] if letters else []
    who = None if holder is None else (colours[holder], names[holder])
    key = ("tile", space, who, users, marks)

    def paint(sprite: Image.Image, d: Draw) -> None:
        space_tile(sprite, d, space, 0, 0, colours, names, letters=letters)

    piece(img, x, y, TILE_W + 1, TILE_H + 1, PANEL, key, paint)


def space_tile(img: Image.Image, d: Draw, space: Mapping[str, Any], x: int, y: int,
               colours: Sequence[RGB], names: Sequence[str], w: int = TILE_W,
               h: int = TILE_H, compact: bool = False, letters: Sequence[str] = ()) -> None:
    """One action space: what it does, its name, its cost; if taken, the holder's workers or
    coins on it in their colour and the tile washed in that colour."""
    holder = space.get("holder")
    users = list(space.get("users", []))
    fill = EMPTY_SPACE if holder is None else mix(EMPTY_SPACE, colours[holder], TAKEN_TINT)
    edge = PANEL_EDGE if holder is None else colours[holder]
    d.rounded_rectangle([x, y, x + w, y + h], radius=8, fill=fill, outline=edge,
                        width=2 if holder is None else 4)
    effects = space_effects(str(space["id"]))
    if effects:
        draw_effects(img, effects, x + w / 2, y + (14 if compact else 22), 20 if compact else 30)
    text_colour = INK if holder is None else contrast(fill)
    size, top = (12, 33) if compact else (14, 50)
    for i, line in enumerate(wrap(str(space["name"]), size, w - 10, lines=1 if compact else 2)):
        put_text(img, (x + w / 2, y + top + i * 16), line, size, text_colour)
    _cost(img, d, space, x + 8, y + h - 16, colours)
    if holder is not None:
        put_text(img, (x + w - 6, y + h - 15), fit_text(names[holder], 13, 70, "bold"), 13,
                 text_colour, weight="bold", anchor="rm")
    for i, seat in enumerate(users[:6]):
        icons.pawn(d, x + w - 12 - i * 15, y + h - 16, 18, colours[seat])
        if letters:
            put_text(img, (x + w - 12 - i * 15, y + h - 13), letters[seat], 9,
                     contrast(colours[seat]), weight="black")
    if space.get("blocked"):  # the solo game's blockade: the space is closed for the game
        d.line([(x + 6, y + 6), (x + w - 6, y + h - 6)], fill=BLOCKADE, width=5)
        d.line([(x + w - 6, y + 6), (x + 6, y + h - 6)], fill=BLOCKADE, width=5)
        put_text(img, (x + w - 6, y + h - 15), "blocked", 13, BLOCKADE, weight="bold",
                 anchor="rm")


def _cost(img: Image.Image, d: Draw, space: Mapping[str, Any], x: float, cy: float,
          colours: Sequence[RGB]) -> None:
    """The cost as hollow workers and coins; on a taken space, what its holder put there."""
    holder = space.get("holder")
    if holder is None:
        workers, coins = int(space["workers"]), int(space["coins"])
        pawn_fill: RGB = (255, 255, 255)
    else:
        workers, coins = int(space["placed_workers"]), int(space["placed_coins"])
        pawn_fill = colours[holder]
    for _ in range(workers):
        icons.pawn(d, x + 8, cy, 22, pawn_fill)
        x += 17
    for _ in range(coins):
        if holder is None:
            icons.coin(d, x + 9, cy, 8)
        else:
            icons.coin(d, x + 9, cy, 9, edge=colours[holder])
        x += 19


# -- locomotives -----------------------------------------------------------------------------

STACK_W = 78


def _loco_panel(img: Image.Image, view: View, spaces: Sequence[Mapping[str, Any]],
                colours: Sequence[RGB], names: Sequence[str]) -> None:
    x, y = LOCO_X, ROW_A_Y
    w = WIDTH - PAD - LOCO_X
    ty = y + TITLE_H + 6
    for i, space in enumerate(spaces):
        tile(img, x + 10 + i * (TILE_W + TILE_GAP), ty, space, colours, names)
    fx = x + 10 + 3 * (TILE_W + TILE_GAP) + 12
    pool = list(view["factory_pool"])
    starts = [start_card_text(c) for c in view.get("start_cards") or []]

    def paint_pool(sprite: Image.Image, d: Draw) -> None:
        if starts:
            # While the starting bonus cards are chosen the pool is still empty: show them.
            put_text(sprite, (0, 8), "Starting bonus cards left", 15, SOFT_INK,
                     weight="semibold", anchor="lm")
            cx, cy = 0.0, 24
            for text in starts:
                if cx + text_width(text, 15, "semibold") + 12 > sprite.width:
                    cx, cy = 0.0, cy + 32
                cx = icons.chip(sprite, d, cx, cy, text, 15, (255, 255, 255)) + 8
            return
        put_text(sprite, (0, 8), "Factories turned over", 15, SOFT_INK, weight="semibold",
                 anchor="lm")
        if not pool:
            put_text(sprite, (0, 34), "none", 15, SOFT_INK, anchor="lm")
        kinds: dict[str, tuple[Mapping[str, Any], int]] = {}
        for f in pool:
            kinds[f["tile"]] = (f, kinds.get(f["tile"], (f, 0))[1] + 1)
        for i, (f, count) in enumerate(list(kinds.values())[:POOL_SHOWN]):
            row, col = divmod(i, POOL_COLS)
            _factory_tile(sprite, d, col * (POOL_W + 4), 18 + row * 44, f, count)

    piece(img, fx, ty, WIDTH - PAD - 10 - fx, TILE_H, PANEL, ("pool", pool, starts),
          paint_pool)
    stacks = dict(view["stacks"])

    def paint_stacks(sprite: Image.Image, d: Draw) -> None:
        for i, (name, count) in enumerate(stacks.items()):
            _stack(sprite, d, i * (STACK_W + 6), 0, str(name), int(count))

    piece(img, x + 10, _stacks_y() + 20, len(stacks) * (STACK_W + 6), 52, PANEL,
          ("stacks", stacks), paint_stacks)
    cards = "; ".join(c["text"] for c in view["idea_cards"]) or "none left"
    if "special_ideas" in view.get("modules", []):
        short = {c["id"]: c["short"] for c in SPECIAL_IDEAS["cards"]["list"]}
        left = "; ".join(short[c["id"]] for c in view.get("special_cards") or []) or "none left"
        cards = f"(special: {left}) {cards}"
    supply = _board_supply(view)
    # Three lines fit under the stacks only in a smaller type.
    size, step = (13, 14) if len(supply) < 2 else (12, 11)

    def paint_cards(sprite: Image.Image, d: Draw) -> None:
        lines = wrap(f"Idea cards: {cards}", size, w - 24, lines=1 if supply else 2)
        lines += [wrap(line, size, w - 24, lines=1)[0] for line in supply]
        for i, line in enumerate(lines):
            put_text(sprite, (0, 7 + i * step), line, size, SOFT_INK, anchor="lm")

    piece(img, x + 12, _stacks_y() + 74, w - 24, 30 + step * min(len(supply), 2), PANEL,
          ("idea-cards", cards, supply, w), paint_cards)


def _board_supply(view: View) -> list[str]:
    """The German boards' shared supply beside the board: route extensions by size (first
    come, first served) and the income tiles left."""
    exts = view.get("extensions_left") or []
    out = _module_lines(view)
    if not exts and not view.get("income_tiles_left"):
        return out
    sizes: dict[int, list[str]] = {}
    for e in exts:
        sizes.setdefault(int(e["size"]), []).append(str(e["id"]))
    ext = "; ".join(f"size {k}: {len(v)}" for k, v in sorted(sizes.items())) or "none"
    income = ", ".join(t["text"] for t in view.get("income_tiles_left") or []) or "none"
    return [f"Route extensions left: {ext}. Income tiles left: {income}", *out]


def _module_lines(view: View) -> list[str]:
    """The modules' pieces beside the board: the face-up foundries (Coal), the manufactory
    train, behind its locomotive first, with the tokens beside it."""
    board = view.get("coal_board")
    out = [f"Foundries: {', '.join(f['text'] for f in board['foundries']) or 'none face up'}; "
           f"{board['face_down']} face down"] if board else []
    t = view.get("train")
    if not t:
        return out
    riding = " | ".join("(empty)" if s is None else s["text"] for s in t["slots"])
    offer = ", ".join(x["text"] for x in t["offer"])
    return [*out, f"Manufactory train: {riding}. Face up: {offer}; {t['face_down']} face down"]


def start_card_text(card: str) -> str:
    for c in DATA["start_bonus"]["list"]:
        if c["id"] == card:
            return str(c["text"])
    return card


POOL_W, POOL_COLS, POOL_SHOWN = 89, 4, 8


def _factory_tile(img: Image.Image, d: Draw, x: float, y: float, f: Mapping[str, Any],
                  count: int) -> None:
    """A factory on offer: its number, how many of that kind, its action in short."""
    d.rounded_rectangle([x, y, x + POOL_W, y + 40], radius=6, fill=(226, 226, 232), outline=INK)
    icons.factory(d, x + 5, y + 4, 20, 14, (150, 150, 160))
    label = f"#{f['number']}" + (f" x{count}" if count > 1 else "")
    put_text(img, (x + 30, y + 12), label, 15, INK, weight="bold", anchor="lm")
    text = wrap(str(f["text"]), 11, POOL_W - 8, lines=1)[0]
    put_text(img, (x + POOL_W / 2, y + 31), text, 11, INK)


def _stack(img: Image.Image, d: Draw, x: float, y: float, name: str, count: int) -> None:
    empty = count == 0
    fill = LOCO if not empty else FAINT
    d.rounded_rectangle([x, y, x + STACK_W, y + 50], radius=6, fill=fill if not empty else
                        BACKGROUND, outline=fill, width=2)
    icons.loco(d, x + 6, y + 8, 26, 16, (255, 255, 255) if not empty else FAINT)
    put_text(img, (x + 52, y + 17), name, 20, (255, 255, 255) if not empty else SOFT_INK,
             weight="black")
    put_text(img, (x + STACK_W / 2, y + 39), "empty" if empty else f"{count} left", 14,
             (230, 230, 230) if not empty else SOFT_INK, weight="semibold")


# -- engineers -------------------------------------------------------------------------------

def _engineer_row(img: Image.Image, view: View, spaces: Sequence[Mapping[str, Any]],
                  colours: Sequence[RGB], names: Sequence[str]) -> None:
    x, y, w, h = ENG_X, ROW_B_Y, WIDTH - PAD - ENG_X, PANEL_H
    by_id = {s["id"]: s for s in spaces}
    action_ids = iter(("left-engineer", "right-engineer"))
    row = list(view["engineer_row"])
    cw = min(CARD_W, (w - 20 - 6 * (len(row) - 1)) // max(1, len(row)))
    ch = h - TITLE_H - 16
    for i, eng in enumerate(row):
        space = None
        if eng is not None and eng["role"] == "action":
            space = by_id.get(next(action_ids, ""))
        elif i == len(row) - 1:
            space = by_id.get("hire")  # the hire space, also once its engineer is hired
        holder = None if space is None else space.get("holder")
        who = None if holder is None else (colours[holder], names[holder])

        def paint(sprite: Image.Image, d: Draw, eng: Any = eng, space: Any = space) -> None:
            if eng is not None:
                _engineer_card(sprite, d, eng, space, 0, 0, cw, ch, colours, names)
                return
            d.rounded_rectangle([0, 0, cw, ch], radius=8, outline=FAINT, width=2)
            taker = None if space is None else space.get("holder")
            if taker is None:
                put_text(sprite, (cw / 2, ch / 2), "empty", 15, FAINT)
                return
            put_text(sprite, (cw / 2, ch / 2 - 12), "hired by", 15, SOFT_INK)
            put_text(sprite, (cw / 2, ch / 2 + 10), fit_text(names[taker], 16, cw - 10, "bold"),
                     16, INK, weight="bold")
            _cost(sprite, d, space, 8, ch - 16, colours)

        piece(img, x + 10 + i * (cw + 6), y + TITLE_H + 6, cw + 1, ch + 1, PANEL,
              ("engineer", eng, space, who, cw, ch), paint)


ROLE_LABEL = {"hidden": "waiting", "action": "use: action", "hire": "hire: 1 coin"}


def _engineer_card(img: Image.Image, d: Draw, eng: Mapping[str, Any],
                   space: Mapping[str, Any] | None, x: int, y: int, w: int, h: int,
                   colours: Sequence[RGB], names: Sequence[str]) -> None:
    role = eng["role"]
    holder = None if space is None else space.get("holder")
    base = (214, 208, 196) if role == "hidden" else EMPTY_SPACE
    fill = base if holder is None else mix(base, colours[holder], TAKEN_TINT)
    edge = PANEL_EDGE if holder is None else colours[holder]
    d.rounded_rectangle([x, y, x + w, y + h], radius=8, fill=fill, outline=edge,
                        width=2 if holder is None else 4)
    band = (120, 108, 95) if role == "hidden" else (LOCO if role == "action" else DOUBLER)
    d.rounded_rectangle([x + 3, y + 3, x + w - 3, y + 24], radius=6, fill=band)
    put_text(img, (x + w / 2, y + 14), ROLE_LABEL.get(role, role), 14, (255, 255, 255),
             weight="bold")
    d.ellipse([x + 8, y + 32, x + 40, y + 64], fill=(255, 255, 255), outline=INK, width=2)
    put_text(img, (x + 24, y + 48), str(eng["number"]), 18, INK, weight="black")
    effects = engineer_effects(int(eng.get("id", eng["number"])))
    draw_effects(img, effects, x + 40 + (w - 40) / 2, y + 48, 24)
    ink = INK if holder is None else contrast(fill)
    for i, line in enumerate(wrap(str(eng["text"]), 13, w - 10, lines=4)):
        put_text(img, (x + w / 2, y + 82 + i * 15), line, 13, ink)
    cost_space = space or {"workers": eng["workers"], "coins": 0, "holder": None}
    if role == "hidden":
        cost_space = {"workers": eng["workers"], "coins": 0, "holder": None}
    _cost(img, d, cost_space, x + 8, y + h - 16, colours)
    if holder is not None:
        put_text(img, (x + w - 6, y + h - 15), fit_text(names[holder], 13, 70, "bold"), 13, ink,
                 weight="bold", anchor="rm")
