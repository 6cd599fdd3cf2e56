"""Drawing helpers shared by the title renderers: fonts, colours, hex geometry, text."""

from renderers.kit.colours import RGB, RGBA, contrast, mix, rgb
from renderers.kit.fonts import font
from renderers.kit.hexgeom import SIDE_ANGLE, HexLayout
from renderers.kit.text import draw_text, fit_text, put_text, text_box, text_width

__all__ = [
    "RGB",
    "RGBA",
    "SIDE_ANGLE",
    "HexLayout",
    "contrast",
    "draw_text",
    "fit_text",
    "font",
    "mix",
    "put_text",
    "rgb",
    "text_box",
    "text_width",
]
