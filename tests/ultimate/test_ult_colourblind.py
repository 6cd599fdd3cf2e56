"""A colour-blind Ultimate Railroads picture: the main board differs from the plain one only by
the colour letters on the always-open space's workers, and each player board names its colour."""

from __future__ import annotations

import random

from PIL import ImageChops
from ult_helpers import config, title

from engine.core import new_game, step
from renderers.ultimate import compose
from renderers.ultimate.style import BOARDS_TOP


def _view_with_open_space_users() -> dict:
    t = title()
    state = new_game(t, config(4, 11))
    pick = random.Random(11)
    for _ in range(400):
        view = t.view(state, None)
        if any(s.get("users") for s in view["spaces"]):
            return view
        seat = t.to_act(state)[0]
        legal = t.legal(state, seat)
        places = [a for a in legal if a["type"] == "place"]
        state = step(t, state, pick.choice(places or legal)).state
    raise AssertionError("no one used the always-open space")


def test_letters_on_the_open_space_workers_and_colour_names_on_the_boards() -> None:
    view = _view_with_open_space_users()
    plain, blind = compose(view), compose({**view, "colourblind": True})
    main = (0, 0, plain.width, BOARDS_TOP)
    changed = ImageChops.difference(plain.crop(main), blind.crop(main)).getbbox()
    assert changed is not None
    users = next(s for s in view["spaces"] if s.get("users"))
    assert users["id"] == "again"  # the only space showing workers without a name
    boards = (0, BOARDS_TOP, plain.width, plain.height)
    assert ImageChops.difference(plain.crop(boards), blind.crop(boards)).getbbox() is not None
    # Without users on the open space the main board is the same pixel for pixel.
    bare = {**view, "spaces": [{**s, "users": []} for s in view["spaces"]]}
    a, b = compose(bare), compose({**bare, "colourblind": True})
    assert ImageChops.difference(a.crop(main), b.crop(main)).getbbox() is None
