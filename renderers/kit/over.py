"""Pieces laid over a picture by their own transparency: what every board does hundreds of
times a picture (track, cities, markers, names, text).

Pillow's ``Image.paste`` checks its arguments, loads both images and makes sure the target may
be written before it pastes: about 1.5 microseconds a piece, a quarter to a third of the cost of
pasting a small one (a millisecond of a Transcontinental board's 800 pieces and strings). A
piece drawn in memory over a picture drawn in memory needs none of those checks."""

from __future__ import annotations

from PIL import Image


def over(target: Image.Image, piece: Image.Image, x: int, y: int) -> None:
    """``piece`` over ``target`` with its top left corner at ``(x, y)``, blended by its alpha
    (the same pixels as ``target.paste(piece, (x, y), piece)``)."""
    if target.mode == "RGB" and piece.mode == "RGBA" and not target.readonly:
        target.im.paste(piece.im, (x, y, x + piece.width, y + piece.height), piece.im)
    else:
        target.paste(piece, (x, y), piece)
