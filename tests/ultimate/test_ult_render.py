"""The board picture: a PNG of the expected size at every stage, under 2 MiB, with the players'
colours where their pieces are, and the same picture whether pieces come from the cache or not."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from functools import lru_cache
from io import BytesIO
from typing import Any

import pytest
from PIL import Image, ImageChops
from ult_helpers import config, title

import renderers
from engine.core import State, new_game, step
from renderers.ultimate import compose, render, size_for
from renderers.ultimate.pieces import SPRITES
from renderers.ultimate.style import PLAYER, TRACK

LIMIT = 2 * 1024 * 1024


@lru_cache(maxsize=3)
def game(players: int) -> tuple[State, ...]:
    return tuple(states(players, 11))


def states(players: int, seed: int, board: str = "russian") -> Iterator[State]:
    """Every state of a seeded game played to its end by random legal moves."""
    t = title()
    state = new_game(t, config(players, seed, board))
    pick = random.Random(seed)
    yield state
    while not t.is_over(state):
        seat = t.to_act(state)[0]
        legal = t.legal(state, seat)
        places = [a for a in legal if a["type"] == "place"]
        picks = [a for a in legal if a["type"] == "pick"]
        if picks:
            action = pick.choice(picks)
        elif places and pick.random() < 0.9:
            action = pick.choice(places)
        else:
            action = pick.choice(legal)
        state = step(t, state, action).state
        yield state


def view_of(state: State) -> dict[str, Any]:
    return title().view(state, None)


def pixels(png: bytes) -> set[tuple[int, int, int]]:
    img = Image.open(BytesIO(png)).convert("RGB")
    return {c for _, c in img.getcolors(maxcolors=1 << 22) or []}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_and_end_of_game_pictures_fit(players: int) -> None:
    played = game(players)
    for view in (view_of(played[0]), view_of(played[-1])):
        png = render(view)
        img = Image.open(BytesIO(png))
        assert img.format == "PNG"
        assert img.size == size_for(players)
        assert len(png) < LIMIT
        colours = pixels(png)
        assert len(colours) > 200  # a drawn board, not a blank canvas
        for p in view["players"]:
            assert PLAYER[p["colour"]] in colours
        built = {c for p in view["players"] for r in p["routes"]
                 for c, at in r["tracks"].items() if 0 < at <= r["reach"]}
        assert "wood" in built
        for c in built:  # a track within the locomotives' reach shows its colour
            assert TRACK[c] in colours, c


def test_every_phase_and_an_open_choice_draw() -> None:
    seen: dict[str, int] = {}
    t = title()
    for state in game(3):
        phase = str(state["phase"])
        if phase == "actions" and state["active"] is not None:
            phase = "choosing"
        if phase not in seen:
            seen[phase] = len(render(t.view(state, None)))
    assert set(seen) == {"bonus", "actions", "choosing", "moves", "over"}


def test_a_taken_space_shows_its_holders_workers_in_their_colour() -> None:
    t = title()
    view = next(view_of(s) for s in game(4)
                if any(sp["holder"] is not None for sp in t.view(s, None)["spaces"]))
    space = next(sp for sp in view["spaces"] if sp["holder"] is not None)
    holder = view["players"][space["holder"]]["colour"]
    free = copy.deepcopy(view)
    for sp in free["spaces"]:
        if sp["id"] == space["id"]:
            sp.update(holder=None, placed_workers=0, placed_coins=0)
    taken_img, free_img = compose(view), compose(free)
    box = ImageChops.difference(taken_img, free_img).getbbox()
    assert box is not None  # the two pictures differ only around that space
    crop = taken_img.crop(box)
    assert PLAYER[holder] in {c for _, c in crop.getcolors(maxcolors=1 << 20) or []}
    assert box[2] - box[0] < 200 and box[3] - box[1] < 230  # one tile or engineer card


def test_cached_pieces_give_the_same_picture_as_a_fresh_drawing() -> None:
    views = [view_of(s) for s in game(2)[40:42]]
    warm = [render(v) for v in views]
    for v, png in zip(views, warm, strict=True):
        SPRITES.clear()
        assert render(v) == png


def test_zoom_is_refused_with_a_sentence() -> None:
    with pytest.raises(ValueError, match="leave out zoom"):
        renderers.render("ultimate", {}, None, zoom="Kyiv")


def test_the_solo_game_shows_emils_blocks_in_his_colour_and_the_blockade() -> None:
    played = list(states(1, 5))
    for view in (view_of(played[0]), view_of(played[-1])):
        png = render(view)
        assert Image.open(BytesIO(png)).size == size_for(1)
    view = view_of(played[0])
    space = next(sp for sp in view["spaces"] if sp["holder"] == 1)
    free = copy.deepcopy(view)
    for sp in free["spaces"]:
        if sp["id"] == space["id"]:
            sp.update(holder=None, placed_workers=0, placed_coins=0)
    taken_img = compose(view)
    box = ImageChops.difference(taken_img, compose(free)).getbbox()
    assert box is not None
    assert PLAYER[view["emil"]["colour"]] in {
        c for _, c in taken_img.crop(box).getcolors(maxcolors=1 << 20) or []}
    open_coins = copy.deepcopy(view)
    for sp in open_coins["spaces"]:
        sp.pop("blocked", None)
    assert ImageChops.difference(taken_img, compose(open_coins)).getbbox() is not None


def test_the_american_picture_adds_the_stocks_board_and_draws_boulders() -> None:
    from renderers.ultimate.american import ROCK

    t = title()
    start = new_game(t, config(3, 6, "american"))
    png = render(t.view(start, None))
    img = Image.open(BytesIO(png))
    assert img.size == size_for(3, stocks=True) and img.size[1] > size_for(3)[1]
    assert ROCK in pixels(png)  # both boulders on every board at the start
    last = list(states(3, 6, "american"))[-1]
    end = render(t.view(last, None))
    assert len(end) < LIMIT
    # Once every boulder is blasted no rock is drawn.
    assert not any(p["boulders"] for p in last["players"])
    assert ROCK not in pixels(end)

