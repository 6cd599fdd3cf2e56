"""The layer folder stays within its size, the least recently used files going first."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from PIL import Image

from renderers.rotw import cachesize
from renderers.rotw.layercache import layer_name, load_or_build


def noise(seed: int) -> Image.Image:
    """A picture that hardly compresses: about 150 KB in a layer file."""
    rng = random.Random(seed)
    return Image.frombytes("RGB", (250, 200), rng.randbytes(250 * 200 * 3))


def test_prune_removes_the_oldest_files_down_to_a_share_of_the_limit(tmp_path: Path) -> None:
    for i in range(10):
        path = tmp_path / f"f{i}.pix"
        path.write_bytes(b"x" * 1000)
        os.utime(path, (1000 + i, 1000 + i))
    removed = cachesize.prune(tmp_path, 5000)
    left = sorted(p.name for p in tmp_path.iterdir())
    assert removed == 7000
    assert left == ["f7.pix", "f8.pix", "f9.pix"]
    assert cachesize.prune(tmp_path, 5000) == 0, "under the limit nothing goes"


def test_a_layer_loaded_counts_as_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAILBOT_CACHE", str(tmp_path))
    load_or_build("old", lambda: noise(1))
    path = tmp_path / "layers" / layer_name("old")
    os.utime(path, (1000, 1000))
    load_or_build("old", lambda: noise(2))  # loaded from disk: touched
    assert path.stat().st_mtime > 1000


def test_writing_layers_keeps_the_folder_within_its_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RAILBOT_CACHE", str(tmp_path))
    monkeypatch.setenv("RAILBOT_CACHE_MB", "0.5")
    monkeypatch.setattr(cachesize, "CHECK_EVERY", 1)  # measure on every write
    folder = tmp_path / "layers"
    for i in range(8):
        load_or_build(("map", i), lambda i=i: noise(i))
        for n, path in enumerate(sorted(folder.iterdir(), key=lambda p: p.name)):
            os.utime(path, (1000 + n, 1000 + n))  # older than the next write
        os.utime(folder / layer_name(("map", i)))  # the one just made, newest
    total = sum(p.stat().st_size for p in folder.iterdir())
    assert total <= 0.5 * 1024 * 1024
    assert (folder / layer_name(("map", 7))).exists(), "the newest layer stays"
    assert len(list(folder.iterdir())) < 8


def test_a_bad_limit_keeps_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAILBOT_CACHE_MB", "lots")
    assert cachesize.limit_bytes() == cachesize.DEFAULT_MB * 1024 * 1024
    monkeypatch.setenv("RAILBOT_CACHE_MB", "-3")
    assert cachesize.limit_bytes() == cachesize.DEFAULT_MB * 1024 * 1024
    monkeypatch.setenv("RAILBOT_CACHE_MB", "2")
    assert cachesize.limit_bytes() == 2 * 1024 * 1024
