"""Drawn pieces kept by bytes: the least recently used go first once the budget is passed."""

from __future__ import annotations

from PIL import Image

from renderers.kit.spritecache import ByteCapped, kept, pixel_bytes


def test_pixels_are_counted_as_pillow_holds_them() -> None:
    assert pixel_bytes(Image.new("RGB", (10, 5))) == 200
    assert pixel_bytes((Image.new("RGBA", (10, 5)), 3, 4)) == 200
    assert pixel_bytes(Image.new("L", (10, 5))) == 50


def test_the_least_recently_used_go_first() -> None:
    cache = ByteCapped(budget=1000)
    for name in "abc":
        cache.put(name, Image.new("RGB", (10, 10)))  # 400 bytes each
    assert cache.get("a") is None, "three pieces pass the budget: the oldest went"
    assert cache.held == 800
    assert cache.get("b") is not None
    cache.put("d", Image.new("RGB", (10, 10)))
    assert cache.get("c") is None and cache.get("b") is not None


def test_a_kept_function_draws_each_piece_once() -> None:
    calls: list[int] = []

    @kept(10_000)
    def square(side: int) -> Image.Image:
        calls.append(side)
        return Image.new("RGB", (side, side))

    assert square(4) is square(4)
    square(5)
    assert calls == [4, 5]
    square(60)  # 14,400 bytes: more than the budget, kept alone
    square(4)
    assert calls == [4, 5, 60, 4]
