"""The game cache: bounded, least recently used out, good only at the version it was loaded."""

from __future__ import annotations

from bot.service.cache import GameCache, Loaded


def test_the_least_recently_used_game_leaves_first() -> None:
    cache = GameCache(limit=2)
    for gid in (1, 2):
        cache.put(gid, Loaded(0, 1, {"game": gid}))
    assert cache.get(1, 1) is not None  # 1 is now the most recently used
    cache.put(3, Loaded(0, 1, {"game": 3}))
    assert len(cache) == 2
    assert cache.get(2, 1) is None and cache.get(1, 1) is not None and cache.get(3, 1) is not None


def test_a_state_is_good_only_at_its_version() -> None:
    cache = GameCache()
    cache.put(1, Loaded(5, 7, {}))
    assert cache.get(1, 8) is None, "another process changed the game"
    cache.bumped(1, 7, 9)  # two changes since: someone else wrote in between
    assert cache.get(1, 9) is None
    cache.bumped(1, 7, 8)  # exactly this process's own change of the row
    assert cache.get(1, 8) is not None
