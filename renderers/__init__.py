"""Board images: one renderer per title, chosen by title id."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, get_args

from PIL import Image

from renderers.kit.focus import PHONE_TEXT, with_header
from renderers.kit.memory import return_big_blocks
from renderers.kit.palettes import PALETTES, Palettes
from renderers.kit.png import encode, prepare

return_big_blocks()  # a process that draws boards gives their memory back (see kit.memory)


def render(
    title: str, view: Mapping[str, Any], board: object | None, *, zoom: str | None = None
) -> bytes | None:
    """PNG bytes of :func:`compose`'s picture, or None for a title that has no board yet."""
    img = compose(title, view, board, zoom=zoom)
    return None if img is None else encode(img)


def compose(
    title: str, view: Mapping[str, Any], board: object | None, *, zoom: str | None = None
) -> Image.Image | None:
    """The picture of the public view, or None for a title that has no board picture yet.
    Callers drawing many pictures (a replay) use it to skip the PNG round trip.

    ``board`` is the game's parsed map where the title has several (Railways of the World).
    ``zoom`` (a city name or hex label) asks for a close-up around that place; an unknown place
    raises ValueError with a sentence to show the player. New England Railways has one small
    board that is always shown whole (a zoom there is refused the same way), and so is the
    Ultimate Railroads picture of the main board and every player board.
    """
    if title == "rotw":
        from engine.rotw.mapdef import MapDef
        from renderers import rotw

        if not isinstance(board, MapDef):
            raise TypeError("the Railways of the World renderer needs the game's parsed map")
        return rotw.compose(view, board, zoom)
    if title == "newengland":
        from renderers import newengland

        if zoom is not None:
            raise ValueError("The New England board is small enough to read whole; leave out zoom.")
        return newengland.compose(view)
    if title == "ultimate":
        from renderers import ultimate

        if zoom is not None:
            raise ValueError("The Ultimate Railroads picture always shows every board whole; "
                             "leave out zoom.")
        return ultimate.compose(view)
    return None


def render_focus(title: str, view: Mapping[str, Any], board: object | None) -> bytes | None:
    """PNG bytes of :func:`compose_focus`'s picture."""
    img = compose_focus(title, view, board)
    return None if img is None else encode(img)


def compose_focus(title: str, view: Mapping[str, Any], board: object | None,
                  whole: Image.Image | None = None) -> Image.Image | None:
    """The picture posted after a move: the part of the board where the last move happened,
    framed to read on a phone, under a header naming the move, who acts now and the scores.
    A title or a moment without a place to frame gives the whole board under that header.

    With ``whole`` (the full picture of the same view, already drawn) the focus is cut from it
    instead of drawn afresh: cheaper, a little less sharp (replays, which draw every board)."""
    img: Image.Image | None = None
    if title == "rotw":
        from engine.rotw.mapdef import MapDef
        from renderers import rotw
        from renderers.rotw import focus as rotw_focus

        if not isinstance(board, MapDef):
            raise TypeError("the Railways of the World renderer needs the game's parsed map")
        if whole is not None:
            img = rotw_focus.cut_focus(view, board, whole)
        else:  # without a place, the board is drawn under the header rather than copied there
            img = rotw_focus.compose_focus(view, board) \
                or rotw.compose(view, board, header=True)
    elif title == "newengland":
        from renderers.newengland.focus import compose_focus as ne_focus

        img = ne_focus(view, whole)
    elif title == "ultimate":
        from renderers import ultimate
        from renderers.ultimate.focus import compose_focus as ultimate_focus

        whole = whole or ultimate.compose(view)
        img = ultimate_focus(view, whole)
    if img is not None:
        return img
    whole = whole or compose(title, view, board)
    return None if whole is None else with_header(whole, view)


def whole_boards(title: str, view: Mapping[str, Any], board: object | None,
                 ) -> list[Image.Image]:
    """The whole-board pictures a move of the view's game may post: for Railways of the World
    the board alone (the last move, ``/game board``) and under the header (a move without a
    place on the map: a bid, a pass, a bond), the latter last, as the likelier next; for the
    other titles their one picture."""
    if title == "rotw":
        from engine.rotw.mapdef import MapDef
        from renderers import rotw

        if not isinstance(board, MapDef):
            raise TypeError("the Railways of the World renderer needs the game's parsed map")
        return [rotw.compose(view, board), rotw.compose(view, board, header=True)]
    img = compose(title, view, board)
    return [] if img is None else [img]


def warm(title: str, view: Mapping[str, Any], board: object | None,
         palettes: Palettes = PALETTES, posted: Image.Image | None = None) -> int:
    """Draw the view's whole-board pictures and leave what their posted encode keeps (see
    kit.png.prepare), so that the game's next whole board posted is encoded as a game's next
    picture rather than from nothing; how many pictures keep something. CPU work (about 0.3 s
    for a Transcontinental game), for a worker thread off any move's path. ``posted``: the
    view's board alone, drawn and posted already (a game's start), which kept what it keeps:
    only the board under the header is prepared, made from it rather than drawn."""
    if posted is None:
        return sum(prepare(img, palettes) for img in whole_boards(title, view, board))
    if title != "rotw":
        return 0  # the one whole board there is was posted
    from renderers.rotw.render import under_header

    return int(prepare(under_header(posted, view), palettes))


def warm_up() -> None:
    """Import every title's renderer and read the board fonts: done as the bot starts (in
    bot.app), so that the first picture after a restart costs only its own drawing; a cold
    process spends 0.15-0.2 s on these."""
    import renderers.newengland.focus
    import renderers.rotw.focus
    import renderers.ultimate.focus  # noqa: F401
    from renderers.kit.fonts import Weight, font

    for weight in get_args(Weight):
        font(PHONE_TEXT, weight)


def player_colour(title: str, colour: str) -> tuple[int, int, int]:
    """A player colour name as the title's board draws it (a score chart uses the same)."""
    if title == "rotw":
        from renderers.rotw.style import player_fill

        return player_fill(colour)
    if title == "newengland":
        from renderers.newengland.style import player_rgb

        return player_rgb(colour)
    from renderers.ultimate.style import player_rgb as ultimate_rgb

    return ultimate_rgb(colour)


def compose_frame(title: str, view: Mapping[str, Any], board: object | None, width: int, *,
                  focus: bool = False, keep: dict[str, Any] | None = None,
                  ) -> Image.Image | None:
    """A replay frame's picture, drawn no bigger than it needs to be shown ``width`` pixels
    wide: with ``focus`` the focus picture, else the whole picture. Railways of the World
    draws its whole board straight at ``width`` and its focus picture as a square ``width``
    wide (see :mod:`renderers.rotw.focusreel`); the other titles' pictures come at their own
    size, for the caller to scale. ``keep`` is a replay's memo from one frame to the next:
    with it, a whole Railways of the World board, or a focus square whose view stays, draws
    only what changed since the last frame, on the picture it returned then (so that picture
    must not be kept by the caller)."""
    if title == "rotw":
        from engine.rotw.mapdef import MapDef
        from renderers.rotw import focusreel, frames

        if not isinstance(board, MapDef):
            raise TypeError("the Railways of the World renderer needs the game's parsed map")
        if not focus:
            reel = None if keep is None else keep.setdefault("rotw", frames.Reel())
            return frames.board_at(view, board, width, reel)
        # A move without a place on the map: the whole board under the header.
        camera = None if keep is None else keep.setdefault("rotw focus", focusreel.Camera())
        square = focusreel.focus_square(view, board, width, camera)
        if square is not None:
            return square
        # Such moves come in runs (the bids of a turn): each board drawn on the one before.
        reel = None if keep is None else keep.setdefault("rotw focus board", frames.Reel())
        return with_header(frames.board_at(view, board, width, reel), view)
    if focus:
        return compose_focus(title, view, board)
    return compose(title, view, board)
