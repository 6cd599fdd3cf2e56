"""An animated replay: board pictures stacked into one animated WebP or GIF, each frame with a
caption band saying which move it shows."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from renderers.kit.fonts import font

FORMATS = ("webp", "gif")

FRAME_WIDTH = 900
"""Frames are scaled to this width (house value): boards stay readable and a long game stays
well under Discord's 10 MiB upload limit."""

FRAME_MS = 900
"""How long each move stays on screen (house value); the last frame stays three times as long."""

BAND = 28
"""Height of the caption band above each frame, in pixels."""


def frame(png: bytes, caption: str, width: int = FRAME_WIDTH) -> Image.Image:
    """One board picture scaled to ``width`` under a caption band."""
    with Image.open(io.BytesIO(png)) as picture:
        board = picture.convert("RGB")
    height = round(board.height * width / board.width)
    scaled = board.resize((width, height), Image.Resampling.LANCZOS)
    out = Image.new("RGB", (width, height + BAND), (40, 36, 32))
    out.paste(scaled, (0, BAND))
    ImageDraw.Draw(out).text((8, 4), caption, fill=(250, 245, 235), font=font(17, "bold"))
    return out


def _same_size(frames: list[Image.Image]) -> list[Image.Image]:
    """Frames padded at the bottom to the tallest one: a game can change boards (the
    Transcontinental game's Western phase is wider, so its frames are shorter)."""
    width = max(f.width for f in frames)
    height = max(f.height for f in frames)
    out = []
    for f in frames:
        if f.size != (width, height):
            canvas = Image.new("RGB", (width, height), (40, 36, 32))
            canvas.paste(f, (0, 0))
            f = canvas
        out.append(f)
    return out


def animate(frames: list[Image.Image], fmt: str) -> bytes:
    """The frames as one looping animation in ``fmt`` (webp or gif)."""
    if fmt not in FORMATS:
        raise ValueError(f"an animated replay is a .webp or a .gif file, not .{fmt}")
    frames = _same_size(frames)
    durations = [FRAME_MS] * len(frames)
    durations[-1] = FRAME_MS * 3
    buf = io.BytesIO()
    first, rest = frames[0], frames[1:]
    if fmt == "gif":
        first = first.quantize(colors=255)
        rest = [f.quantize(colors=255) for f in rest]
        first.save(buf, "GIF", save_all=True, append_images=rest, duration=durations, loop=0,
                   optimize=False)
    else:
        first.save(buf, "WEBP", save_all=True, append_images=rest, duration=durations, loop=0,
                   quality=70, method=4)
    return buf.getvalue()
