"""Map layers (and where the city name plates go) kept on disk, so that the first picture of a
map after a restart loads its layer (a fraction of a second) instead of drawing it (seconds for
Transcontinental).

A layer file holds the picture's raw pixels deflated by ISA-L: a quarter of the time to load that
a PNG takes (a Transcontinental layer is 29 MB of pixels). It is named by a digest of the map's
parsed data, the frame it fills and the source of every renderer module, so that a changed map,
a changed frame or changed drawing code never reads a stale layer. The folder is
``$RAILBOT_CACHE`` (``$XDG_CACHE_HOME/railbot`` or ``~/.cache/railbot`` when unset);
``RAILBOT_CACHE=off`` keeps nothing on disk. The folder is kept within a size (cachesize). A
folder that cannot be written only costs the saving: the layer is drawn as before."""

from __future__ import annotations

import hashlib
import json
import logging
import os
import struct
from collections.abc import Callable, Mapping
from dataclasses import fields, is_dataclass
from functools import cache
from pathlib import Path

from isal import isal_zlib
from PIL import Image

from renderers.rotw import cachesize

log = logging.getLogger(__name__)

RENDERERS = Path(__file__).resolve().parents[1]


def folder() -> Path | None:
    """Where layers are kept, or None when keeping them is switched off."""
    chosen = os.environ.get("RAILBOT_CACHE")
    if chosen == "off":
        return None
    if chosen:
        return Path(chosen) / "layers"
    home = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(home) / "railbot" / "layers"


@cache
def code_digest() -> str:
    """A digest of every renderer source file: drawing code or colours changed, layers redrawn."""
    h = hashlib.sha256()
    for path in sorted(RENDERERS.rglob("*.py")):
        h.update(path.relative_to(RENDERERS).as_posix().encode())
        h.update(path.read_bytes())
    return h.hexdigest()


_SEEN: dict[int, tuple[object, object]] = {}


def canonical(what: object) -> object:
    """``what`` with every set and mapping in sorted order, so that its repr is the same in
    every process (string hashes, hence set orders, differ from one process to the next)."""
    if is_dataclass(what) and not isinstance(what, type):
        # A parsed map is large and asked for once per layer (a replay's focus squares load
        # dozens of tiles): remembered by identity, holding the map itself so that its id is
        # never reused while remembered, and as a digest, whose repr is short.
        known = _SEEN.get(id(what))
        if known is not None and known[0] is what:
            return known[1]
        whole = (type(what).__name__,
                 tuple((f.name, canonical(getattr(what, f.name))) for f in fields(what)))
        done = (type(what).__name__, hashlib.sha256(repr(whole).encode()).hexdigest())
        if len(_SEEN) >= 64:
            _SEEN.clear()
        _SEEN[id(what)] = (what, done)
        return done
    if isinstance(what, Mapping):
        return tuple(sorted((repr(canonical(k)), canonical(v)) for k, v in what.items()))
    if isinstance(what, (set, frozenset)):
        return tuple(sorted(repr(canonical(v)) for v in what))
    if isinstance(what, (list, tuple)):
        return tuple(canonical(v) for v in what)
    return what


LAYER_SUFFIX = ".pix"


def layer_name(what: object, suffix: str = LAYER_SUFFIX) -> str:
    """The file name of the layer showing ``what`` (the parsed map and its frame)."""
    h = hashlib.sha256(code_digest().encode())
    h.update(repr(canonical(what)).encode())
    return h.hexdigest()[:32] + suffix


def load_or_build(what: object, build: Callable[[], Image.Image]) -> Image.Image:
    """The layer showing ``what`` from disk, or drawn by ``build`` and saved for next time."""
    where = folder()
    path = where / layer_name(what) if where is not None else None
    if path is not None and path.exists():
        try:
            img = unpack(path.read_bytes())
            cachesize.touch(path)
            return img
        except (OSError, ValueError):
            log.warning("map layer %s unreadable; drawing it again", path)
    img = build()
    if path is not None:
        _save(img, path)
    return img


Rects = dict[str, tuple[float, float, float, float]]


def load_or_place(what: object, place: Callable[[], Rects]) -> Rects:
    """The name plate rectangles for ``what`` from disk, or placed by ``place`` and saved."""
    where = folder()
    path = where / layer_name(what, ".json") if where is not None else None
    if path is not None and path.exists():
        try:
            kept = json.loads(path.read_text())
            cachesize.touch(path)
            return {name: (r[0], r[1], r[2], r[3]) for name, r in kept.items()}
        except (OSError, ValueError, KeyError, IndexError, TypeError, AttributeError):
            log.warning("name plates %s unreadable; placing them again", path)
    rects = place()
    if path is not None:
        _write(json.dumps(rects).encode(), path)
    return rects


MAGIC = b"RBPX"
HEAD = struct.Struct(">4s4sII")
"""A layer file's head: the magic, the picture's mode (padded) and size; its pixels follow."""


def pack(img: Image.Image) -> bytes:
    """The picture as a layer file's bytes."""
    head = HEAD.pack(MAGIC, img.mode.encode().ljust(4), img.width, img.height)
    return head + isal_zlib.compress(img.tobytes(), 1)


def unpack(data: bytes) -> Image.Image:
    """The picture a layer file holds; ValueError for a file that is not one."""
    if len(data) < HEAD.size:
        raise ValueError("a layer file too short")
    magic, mode, width, height = HEAD.unpack_from(data)
    if magic != MAGIC:
        raise ValueError("not a layer file")
    try:
        pixels = isal_zlib.decompress(data[HEAD.size:])
    except Exception as err:  # ISA-L's error type is not exported as such
        raise ValueError(f"a layer file's pixels unreadable: {err}") from err
    return Image.frombytes(mode.decode().strip(), (width, height), pixels)


def _save(img: Image.Image, path: Path) -> None:
    _write(pack(img), path)


def _write(data: bytes, path: Path) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        spare = path.with_suffix(f".{os.getpid()}.part")
        spare.write_bytes(data)
        os.replace(spare, path)  # whole or absent: a second process never reads half a file
        cachesize.wrote(path.parent, len(data))
    except OSError as err:
        log.warning("map layer not kept on disk: %s", err)
