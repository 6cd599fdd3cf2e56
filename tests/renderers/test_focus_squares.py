"""A replay's focus frames drawn at the size they are shown: the move's places inside the
square at the biggest hex size that holds them, a camera that stays while the next move fits
its view, and a square drawn on the last one that is the square drawn whole."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

import maps
import renderers
from engine.computer import computer_game
from engine.core import Config
from engine.rotw.title import RotwTitle
from renderers.kit.focus import header_height
from renderers.rotw import focusreel, highlight
from renderers.rotw.focus import compose_focus, pick_frame
from renderers.rotw.style import player_fill

SIDE = 720


def _config(title: RotwTitle, map_id: str, seed: int, players: int,
            options: dict[str, Any] | None = None) -> Config:
    return {"title": "rotw", "map": map_id, "options": options or {}, "seed": seed,
            "rules_version": title.meta.rules_version,
            "players": [{"seat": i, "name": n, "colour": title.meta.colours[i]}
                        for i, n in enumerate(["ann", "bob", "cy", "dee"][:players])]}


def _twin(camera: focusreel.Camera) -> focusreel.Camera:
    """A camera looking where ``camera`` looks, with no picture kept."""
    twin = focusreel.Camera()
    twin.size, twin.left, twin.top = camera.size, camera.left, camera.top
    twin.header, twin.side = camera.header, camera.side
    return twin


@pytest.mark.parametrize(("map_id", "seed", "players", "options"), [
    ("mexico", 1, 2, {}),
    ("western-us", 5, 4, {"mines": True, "hotels": True}),
])
def test_a_square_drawn_on_the_last_one_is_the_square_drawn_whole(
        map_id: str, seed: int, players: int, options: dict[str, Any]) -> None:
    """A square whose camera stays is drawn on the last one where the move changed it (and
    where the header shrank): it is the square drawn from nothing there, pixel for pixel."""
    title = RotwTitle(maps.load, maps.load_cards)
    board = maps.load(map_id)
    keep: dict[str, Any] = {}
    stayed = 0
    for n, (_, _, after) in enumerate(computer_game(title, _config(title, map_id, seed,
                                                                    players, options), 60)):
        view = title.view(after, None)
        camera = keep.get("rotw focus")
        twin = _twin(camera) if camera is not None else focusreel.Camera()
        kept = renderers.compose_frame("rotw", view, board, SIDE, focus=True, keep=keep)
        assert kept is not None
        if focusreel.CHANGED not in kept.info:
            continue
        assert focusreel.AGAIN not in kept.info  # only a square drawn whole goes back
        stayed += 1
        whole = focusreel.focus_square(view, board, SIDE, twin)
        assert whole is not None and focusreel.CHANGED not in whole.info
        assert ImageChops.difference(kept, whole).getbbox() is None, f"move {n + 1}"
    assert stayed >= 5


def test_the_square_holds_the_moves_places_at_the_biggest_size_that_fits() -> None:
    title = RotwTitle(maps.load, maps.load_cards)
    board = maps.load("mexico")
    sizes = set()
    for _, _, after in computer_game(title, _config(title, "mexico", 1, 2), 50):
        view = title.view(after, None)
        camera = focusreel.Camera()
        img = focusreel.focus_square(view, board, SIDE, camera)
        hexes = highlight.marks(board, view, carried=True).every
        if img is None:
            assert not hexes
            continue
        assert img.size == (SIDE, SIDE)
        sizes.add(camera.size)
        lay = focusreel.map_layout(board, camera.size)
        head = camera.header
        for h in hexes:  # every place in view, under the header
            x, y = lay.centre(h)
            assert 0 < x - camera.left < SIDE and head < y - camera.top < SIDE
        bigger = [s for s in focusreel.HEX_SIZES if s > camera.size]
        if bigger:  # the next size up would not hold them with the focus picture's room
            fits = focusreel.fit(board, hexes, SIDE, SIDE - head)
            assert fits[0] == camera.size
    assert max(sizes) == focusreel.HEX_SIZES[0]


def test_the_camera_stays_while_the_next_move_fits_and_moves_when_not() -> None:
    title = RotwTitle(maps.load, maps.load_cards)
    board = maps.load("mexico")
    camera = focusreel.Camera()
    stayed = moved = 0
    for _, _, after in computer_game(title, _config(title, "mexico", 1, 2), 60):
        view = title.view(after, None)
        was = (camera.size, camera.left, camera.top)
        img = focusreel.focus_square(view, board, SIDE, camera)
        if img is None or not was[0]:
            continue
        now = (camera.size, camera.left, camera.top)
        if focusreel.CHANGED in img.info:
            assert now == was
            stayed += 1
        else:
            assert now != was
            moved += 1
    assert stayed and moved


def test_the_square_draws_the_map_as_the_posted_focus_picture_does() -> None:
    """Round the move's last place, the square at the posted focus picture's hex size looks
    like that picture (name plates may sit a little apart), far closer than a spot beside."""
    title = RotwTitle(maps.load, maps.load_cards)
    board = maps.load("mexico")
    compared = 0
    for _, _, after in computer_game(title, _config(title, "mexico", 1, 2), 40):
        view = title.view(after, None)
        camera = focusreel.Camera()
        square = focusreel.focus_square(view, board, SIDE, camera)
        hexes = highlight.marks(board, view, carried=True).every
        if square is None or pick_frame(board, hexes).size != camera.size:
            continue
        posted = compose_focus(view, board)
        assert posted is not None
        h = hexes[-1]
        px, py = pick_frame(board, hexes).layout.centre(h)
        py += header_height(posted.width, view)
        qx, qy = focusreel.map_layout(board, camera.size).centre(h)
        qx, qy = qx - camera.left, qy - camera.top

        def near(img: Image.Image, x: float, y: float) -> Image.Image:
            return img.crop((round(x) - 100, round(y) - 70, round(x) + 100, round(y) + 70))

        same = difference(near(posted, px, py), near(square, qx, qy))
        beside = difference(near(posted, px, py), near(square, qx + 130, qy))
        assert same < 30 and same * 3 < beside
        compared += 1
    assert compared >= 10


def difference(a: Image.Image, b: Image.Image) -> float:
    """Mean difference per channel, 0 to 255."""
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


@pytest.mark.parametrize("map_id", ["eastern-us", "europe", "great-britain", "north-america",
                                    "nippon", "transcontinental", "through-time"])
def test_every_map_draws_its_moves_in_squares(map_id: str) -> None:
    """On every map, a short game's builds show in their squares: the new track in its
    owner's colour, under the header. The map drawn is the one the view names, as for every
    picture of a game (a Through Time game plays its chosen period boards side by side: its
    places are hexes of that map, not of the file holding all eight boards)."""
    title = RotwTitle(maps.load, maps.load_cards)
    camera = focusreel.Camera()
    built = 0
    for _, action, after in computer_game(title, _config(title, map_id, 2, 3), 25):
        view = title.view(after, None)
        board = maps.load(view["map"])
        img = focusreel.focus_square(view, board, SIDE, camera)
        if action.get("type") != "build" or img is None:
            continue
        owner = next(p["colour"] for p in view["players"] if p["seat"] == action.get("seat"))
        below = img.crop((0, camera.header + 1, SIDE, SIDE))
        assert sum(n for n, c in below.getcolors(1 << 20) or [] if c == player_fill(owner)) > 100
        built += 1
    assert built


def test_a_camera_goes_back_to_a_view_it_left_lately(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a 2-player game the players build apart: a move whose places lie in a view left a
    few moves ago looks there again (the same hex size and corner), says so, and is the
    square drawn there afresh (when cameras keep views to go back to: off by default)."""
    monkeypatch.setattr(focusreel, "RECENT", 3)
    title = RotwTitle(maps.load, maps.load_cards)
    board = maps.load("mexico")
    keep: dict[str, Any] = {}
    seen: list[object] = []  # the views shown, in turn
    back = 0
    for _, _, after in computer_game(title, _config(title, "mexico", 1, 2), 60):
        view = title.view(after, None)
        square = renderers.compose_frame("rotw", view, board, SIDE, focus=True, keep=keep)
        assert square is not None
        where = square.info.get(focusreel.VIEW)
        if focusreel.AGAIN in square.info:
            back += 1
            assert square.info[focusreel.AGAIN] == where
            assert where in seen[:-1] and where != seen[-1]  # not the last view: one before
            camera = keep["rotw focus"]
            whole = focusreel.focus_square(view, board, SIDE, _twin(camera))
            assert whole is not None
            assert ImageChops.difference(square, whole).getbbox() is None
        if where is not None and (not seen or seen[-1] != where):
            seen.append(where)
    assert back >= 3



def test_a_camera_keeps_its_last_tiles_and_draws_with_them_what_it_drew_without(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(focusreel, "RUN_TILES", 12)
    fetched: list[tuple[int, int]] = []
    fetch = focusreel._tile

    def counted(board: Any, lay: Any, tx: int, ty: int) -> Image.Image | None:
        fetched.append((tx, ty))
        return fetch(board, lay, tx, ty)

    monkeypatch.setattr(focusreel, "_tile", counted)
    title = RotwTitle(maps.load, maps.load_cards)
    board = maps.load("mexico")
    camera = focusreel.Camera()
    new = 0
    for n, (_, _, after) in enumerate(computer_game(title, _config(title, "mexico", 3, 2), 40)):
        view = title.view(after, None)
        square = focusreel.focus_square(view, board, SIDE, camera)
        if square is None or focusreel.CHANGED in square.info:
            continue
        new += 1
        assert 0 < len(camera.tiles) <= 12
        # Looking there again, the camera takes the tiles it kept: none fetched anew, and
        # the square is the one drawn with tiles from the shared cache.
        square = square.copy()
        fetched.clear()
        again = _twin(camera)
        again.tiles = camera.tiles
        again.size = 0  # looking afresh
        redrawn = focusreel.focus_square(view, board, SIDE, again)
        assert redrawn is not None and fetched == []
        fresh = focusreel.focus_square(view, board, SIDE, None)
        assert fresh is not None and fetched
        assert ImageChops.difference(redrawn, square).getbbox() is None, f"move {n + 1}"
        assert ImageChops.difference(fresh, square).getbbox() is None, f"move {n + 1}"
    assert new >= 10
