"""Pictures prepared off a move's path: a started game's, and after a restart those of the games
moved last, one a map."""

from __future__ import annotations

import io
import logging
from typing import Any

import pytest
from PIL import Image
from service_support import ALICE, BOB, HERE, Clock, raw, tiny_board

from bot.service import GameService, Where
from bot.storage import Store
from engine.core import Registry

Warmed = list[tuple[str, dict[str, Any], str | None]]


def warming_service(store: Store, registry: Registry, clock: Clock, warmed: Warmed,
                    ) -> GameService:
    def warm(title: str, view: dict[str, Any], map_id: str | None, posted: object) -> int:
        warmed.append((title, view, map_id))
        return 2

    return GameService(store, registry, render=tiny_board, warm=warm, clock=clock)


async def started(service: GameService, where: Where, clock: Clock) -> int:
    clock.now += 60
    await service.new_game(where, ALICE, "tiny")
    await service.join(where, BOB)
    reply = await service.start(where, ALICE, seed=5)
    assert reply.game_id is not None
    return reply.game_id


async def test_a_started_game_has_its_pictures_prepared(store: Store, registry: Registry,
                                                        clock: Clock) -> None:
    warmed: Warmed = []
    service = warming_service(store, registry, clock, warmed)
    await started(service, HERE, clock)
    await service.warmed()
    assert [(title, view["total"]) for title, view, _ in warmed] == [("tiny", 0)]


async def test_a_failing_preparation_costs_only_the_saving(
        store: Store, registry: Registry, clock: Clock, caplog: pytest.LogCaptureFixture) -> None:
    def broken(title: str, view: dict[str, Any], map_id: str | None, posted: object) -> int:
        raise RuntimeError("no pictures today")

    service = GameService(store, registry, render=tiny_board, warm=broken, clock=clock)
    with caplog.at_level(logging.ERROR):
        gid = await started(service, HERE, clock)
        await service.warmed()
    assert "preparing the pictures of game" in caplog.text
    assert (await store.game(gid)) is not None


async def test_after_a_restart_the_games_moved_last_are_prepared_on_a_few_maps(
        store: Store, registry: Registry, clock: Clock) -> None:
    first = GameService(store, registry, clock=clock)
    games = [await started(first, Where(10, 100 + i), clock) for i in range(6)]
    maps = ["east", "west", "east", "north", "south", "west"]
    for gid, map_id in zip(games, maps, strict=True):
        await raw(store, "UPDATE games SET map = ? WHERE id = ?", map_id, gid)
    warmed: Warmed = []
    again = warming_service(store, registry, clock, warmed)  # a new process
    assert await again.warm_recent(most=4, maps_most=2) == 3
    # the games moved last on the two maps moved last (west: games 5 and 1, south: game 4);
    # game 3 (north) is on a third map; the latest last
    assert [(view["total"], map_id) for _, view, map_id in warmed] == [
        (0, "west"), (0, "south"), (0, "west")]
    warmed.clear()
    assert await again.warm_recent(most=2) == 2  # two games, on as many maps as they are
    assert [map_id for _, _, map_id in warmed] == ["south", "west"]
    warmed.clear()
    assert await again.warm_recent(lambda guild: guild != 10) == 0
    assert warmed == []


async def test_without_a_warmer_nothing_is_prepared(service: GameService) -> None:
    assert await service.warm_recent() == 0


async def test_a_start_hands_the_board_it_posted_to_the_preparation(
        store: Store, registry: Registry, clock: Clock) -> None:
    handed: list[object] = []

    def draw(title: str, view: dict[str, Any], map_id: str | None,
             zoom: str | None) -> Image.Image:
        return Image.new("RGB", (40 + view["total"], 30), (200, 10, 10))

    def warm(title: str, view: dict[str, Any], map_id: str | None, posted: object) -> int:
        handed.append(posted)
        return 1

    service = GameService(store, registry, render=tiny_board, draw=draw, warm=warm, clock=clock)
    clock.now += 60
    await service.new_game(HERE, ALICE, "tiny")
    await service.join(HERE, BOB)
    reply = await service.start(HERE, ALICE, seed=5)
    await service.warmed()
    assert reply.image is not None
    with Image.open(io.BytesIO(reply.image)) as shown:
        assert shown.size == (40, 30)  # the drawn picture was posted (as a PNG)
        posted = shown.convert("RGB")
    assert len(handed) == 1 and isinstance(handed[0], Image.Image)
    assert handed[0].tobytes() == posted.tobytes()  # and handed on, not drawn again
