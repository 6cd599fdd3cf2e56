"""Map layers kept on disk and the palette PNG posted after a move."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw

from renderers.kit.png import encode, encode_posted
from renderers.rotw.layercache import canonical, layer_name, load_or_build, load_or_place


def drawn() -> Image.Image:
    img = Image.new("RGB", (120, 80), (230, 232, 198))
    d = ImageDraw.Draw(img)
    d.ellipse((10, 10, 70, 70), fill=(200, 30, 40), outline=(20, 20, 20), width=3)
    d.line((0, 79, 119, 0), fill=(30, 90, 200), width=5)
    return img


def test_a_layer_is_drawn_once_then_loaded_from_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RAILBOT_CACHE", str(tmp_path))
    calls: list[int] = []

    def build() -> Image.Image:
        calls.append(1)
        return drawn()

    first = load_or_build(("map", 1), build)
    again = load_or_build(("map", 1), build)
    other = load_or_build(("map", 2), build)
    assert len(calls) == 2, "the second picture of map 1 loads its layer"
    assert ImageChops.difference(first, again).getbbox() is None
    assert other.size == first.size
    assert len(list((tmp_path / "layers").glob("*.pix"))) == 2


def test_off_keeps_nothing_and_an_unwritable_folder_still_draws(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RAILBOT_CACHE", "off")
    assert load_or_build("x", drawn).size == (120, 80)
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("RAILBOT_CACHE", str(blocker))
    assert load_or_build("x", drawn).size == (120, 80)
    assert load_or_place("y", lambda: {"Boston": (1.0, 2.0, 3.0, 4.0)}) == {
        "Boston": (1.0, 2.0, 3.0, 4.0)}


def test_plates_come_back_from_disk_as_placed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RAILBOT_CACHE", str(tmp_path))
    placed = {"Boston": (1.5, 2.0, 30.0, 12.0), "Albany": (40.0, 2.0, 70.0, 12.0)}
    load_or_place("plates", lambda: placed)
    assert load_or_place("plates", lambda: {}) == placed


def test_names_do_not_depend_on_set_order() -> None:
    a = {"hexes": {"C3", "B2", "A1"}, "size": 24}
    b = {"size": 24, "hexes": {"A1", "B2", "C3"}}
    assert canonical(a) == canonical(b)
    assert layer_name(a) == layer_name(b) != layer_name({**a, "size": 25})


def test_the_posted_png_is_a_palette_picture_close_to_the_drawing() -> None:
    img = drawn().resize((600, 400), Image.Resampling.LANCZOS)  # many edge shades
    posted = Image.open(io.BytesIO(encode_posted(img)))
    assert posted.mode == "P"
    diff = ImageChops.difference(img, posted.convert("RGB")).convert("L").histogram()
    assert max(i for i, n in enumerate(diff) if n) <= 40
    assert sum(i * n for i, n in enumerate(diff)) / (600 * 400) < 2
    exact = Image.open(io.BytesIO(encode(img)))
    assert ImageChops.difference(img, exact.convert("RGB")).getbbox() is None


def test_a_damaged_layer_file_is_drawn_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RAILBOT_CACHE", str(tmp_path))
    load_or_build("x", drawn)
    (kept,) = (tmp_path / "layers").glob("*.pix")
    kept.write_bytes(kept.read_bytes()[:40])
    again = load_or_build("x", drawn)
    assert ImageChops.difference(again, drawn()).getbbox() is None
