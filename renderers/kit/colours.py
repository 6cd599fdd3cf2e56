"""Colour values and small colour arithmetic."""

from __future__ import annotations

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]


def rgb(code: str) -> RGB:
    """``"#1f5fd6"`` -> ``(31, 95, 214)``."""
    code = code.lstrip("#")
    if len(code) != 6:
        raise ValueError(f"'{code}' is not a six-digit colour code")
    return int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour ``t`` of the way from ``a`` to ``b`` (0 gives ``a``, 1 gives ``b``)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def luminance(c: RGB) -> float:
    """Relative luminance (0 black .. 1 white), sRGB weights."""

    def lin(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.04045 else float(((s + 0.055) / 1.055) ** 2.4)

    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def contrast(background: RGB, dark: RGB = (17, 17, 17), light: RGB = (255, 255, 255)) -> RGB:
    """Whichever of ``dark``/``light`` reads better on ``background``."""
    lum = luminance(background)
    on_dark = (lum + 0.05) / (luminance(dark) + 0.05)
    on_light = (luminance(light) + 0.05) / (lum + 0.05)
    return dark if on_dark >= on_light else light
