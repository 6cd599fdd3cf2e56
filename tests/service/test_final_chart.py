"""Game over: the last move's message carries the final board and the score-over-time chart."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from service_support import ALICE, BOB, HERE, ready_tiny
from tinygame import TinyTitle

from bot.replies import Reply
from bot.service import GameService
from renderers.kit.chart import HEIGHT, WIDTH


async def play_to_the_end(service: GameService) -> Reply:
    await ready_tiny(service, 12, seed=5)
    return await play_to_the_end_from_here(service)


async def test_the_last_move_posts_the_board_and_a_chart_of_points_over_the_game(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The tiny game keeps one shared total: each seat's "points" here are its own rolls.
    def points(self: TinyTitle, state: dict[str, object]) -> dict[int, int]:
        return {0: int(str(state["total"])) // 2, 1: int(str(state["total"])) // 3}

    monkeypatch.setattr(TinyTitle, "points", points)
    reply = await play_to_the_end(service)
    assert "reaches 12 and wins" in reply.text
    assert reply.image is not None  # the final board
    assert reply.chart is not None
    with Image.open(io.BytesIO(reply.chart)) as chart:
        assert chart.format == "PNG" and chart.size == (WIDTH, HEIGHT)


async def test_a_title_without_a_running_score_ends_without_a_chart(
    service: GameService,
) -> None:
    reply = await play_to_the_end(service)
    assert reply.over and reply.image is not None and reply.chart is None


async def test_a_chart_that_fails_to_draw_costs_only_the_chart(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(TinyTitle, "points", lambda self, state: {0: 1})

    def broken(*args: object) -> None:
        raise RuntimeError("drawing bug")

    monkeypatch.setattr("bot.service.history.score_chart", broken)
    reply = await play_to_the_end(service)
    assert reply.over and reply.image is not None and reply.chart is None


async def test_moves_post_their_focus_picture_and_the_last_one_the_whole_board(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    focused: list[int] = []

    def focus(title: str, view: dict[str, object], map_id: object, whole: object) -> Image.Image:
        focused.append(int(str(view["total"])))
        return Image.new("RGB", (8, 6), (255, 214, 0))

    monkeypatch.setattr(service, "_focus", focus)
    await ready_tiny(service, 12, seed=5)
    reply = await roll(service)
    assert reply.focus and reply.image is not None
    with Image.open(io.BytesIO(reply.image)) as shown:
        assert shown.size == (8, 6)
    during = len(focused)
    last = await play_to_the_end_from_here(service)
    assert last.over and not last.focus and last.image is not None
    assert len(focused) > during, "every move before the last posted its focus picture"


async def play_to_the_end_from_here(service: GameService) -> Reply:
    while True:
        reply = await roll(service)
        if reply.over:
            return reply


async def roll(service: GameService) -> Reply:
    """Whoever must act rolls."""
    game = await service.store.game_in_channel(HERE.channel_id)
    assert game is not None
    seats = {s.seat: s for s in await service.store.seats(game.id)}
    who = ALICE if seats[game.to_act[0]].user_id == ALICE.id else BOB
    return await service.act(HERE, who, "roll", {})
