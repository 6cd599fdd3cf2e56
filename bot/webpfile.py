"""An animated WebP file written chunk by chunk: each frame a rectangle of the canvas, encoded
on its own by libwebp's still-picture encoder, laid over the frames before it.

libwebp's own animation encoder takes the whole canvas for every frame, compares it with the
one before and encodes the one rectangle round everything that changed. A replay knows better
where its frames change (a caption, a few lines of the side panel, a few hexes far from them),
so it hands over those places only, each as its own frame (the WebP container has one
rectangle a frame)."""

from __future__ import annotations

import struct
from dataclasses import dataclass

from PIL import Image, _webp


@dataclass(frozen=True)
class Part:
    """One frame of the file: a rectangle at ``x, y`` (even numbers, as the format wants),
    shown for ``ms``; ``blend``: its transparent pixels let the canvas under them show."""

    x: int
    y: int
    width: int
    height: int
    ms: int
    blend: bool
    data: bytes
    """The frame's image chunks (ALPH and VP8, or VP8L) as the encoder wrote them."""

    def lasting(self, ms: int) -> Part:
        return Part(self.x, self.y, self.width, self.height, ms, self.blend, self.data)


def encode(img: Image.Image, quality: int, method: int) -> tuple[bytes, bool]:
    """``img`` (RGB, or RGBA whose clear pixels keep what is under them) as a frame's image
    chunks, lossy at ``quality`` with encoder effort ``method``, and whether it kept an alpha
    channel (libwebp leaves out one that is opaque everywhere)."""
    data = _webp.WebPEncode(img.getim(), False, float(quality), 100.0, "", method, 0, b"", b"")
    if data is None:
        raise OSError("the WebP encoder gave no picture")
    chunks = [(tag, body) for tag, body in _chunks(bytes(data)) if tag in (b"ALPH", b"VP8 ",
                                                                           b"VP8L")]
    if not chunks:
        raise OSError("the WebP encoder gave no image chunk")
    return b"".join(_chunk(tag, body) for tag, body in chunks), chunks[0][0] == b"ALPH"


def _chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    if data[:4] != b"RIFF" or data[8:12] != b"WEBP":
        raise OSError("not a WebP file")
    out = []
    at = 12
    while at + 8 <= len(data):
        tag, size = data[at:at + 4], struct.unpack_from("<I", data, at + 4)[0]
        out.append((tag, data[at + 8:at + 8 + size]))
        at += 8 + size + (size & 1)
    return out


def _chunk(tag: bytes, body: bytes) -> bytes:
    return tag + struct.pack("<I", len(body)) + body + (b"\0" if len(body) & 1 else b"")


def _u24(n: int) -> bytes:
    return struct.pack("<I", n)[:3]


def assemble(size: tuple[int, int], parts: list[Part], loop: int = 0) -> bytes:
    """The animated WebP file of ``parts`` on a canvas of ``size``, played ``loop`` times
    (0: for ever)."""
    width, height = size
    alpha = any(p.blend for p in parts)
    head = _chunk(b"VP8X", bytes([0x02 | (0x10 if alpha else 0), 0, 0, 0])
                  + _u24(width - 1) + _u24(height - 1))
    anim = _chunk(b"ANIM", struct.pack("<IH", 0, loop))
    frames = [_chunk(b"ANMF", _u24(p.x // 2) + _u24(p.y // 2) + _u24(p.width - 1)
                     + _u24(p.height - 1) + _u24(p.ms) + bytes([0 if p.blend else 0x02])
                     + p.data) for p in parts]
    body = b"WEBP" + head + anim + b"".join(frames)
    return b"RIFF" + struct.pack("<I", len(body)) + body
