"""The end of a game: every player's standing, everyone at the table told, status shows it."""

from __future__ import annotations

import pytest
from discord_harness import EVE, Harness, current_game, final, open_and_ready, to_act
from tinygame import TinyTitle

from bot import takeover
from bot.discord.reminders import send_takeovers
from bot.replies import Reply


async def test_game_over_gives_the_standings_and_pings_the_players(harness: Harness) -> None:
    h = harness
    await open_and_ready(h, target=6)
    first = await to_act(h)
    await h.run(first, ["add"], amount=3)
    winner = await to_act(h)
    calls = await h.run(winner, ["add"], amount=3)
    over = final(calls)
    assert "wins" in over.content and "Final standings: 1. " + winner[1] in over.content
    ping = next(c for c in calls if "see the final standings" in c.content)
    assert ping.mentions is not None and ping.mentions["users"] == [first[0]]
    assert (await current_game(h)).status == "finished"
    status = final(await h.run(EVE, ["game", "status"]))
    assert status.ephemeral and "Final standings: 1. " + winner[1] in status.content


async def test_game_over_posts_the_final_board_and_the_score_chart(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(TinyTitle, "points", lambda self, state: {0: state["total"], 1: 1})
    h = harness
    await open_and_ready(h, target=6)
    await h.run(await to_act(h), ["add"], amount=3)
    over = final(await h.run(await to_act(h), ["add"], amount=3))
    assert not over.ephemeral and over.files == ["board.png", "scores.png"]


async def test_a_game_the_computers_finish_after_a_takeover_posts_board_and_chart(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = harness
    await open_and_ready(h)
    game = await current_game(h)
    ended = Reply("Game over.", image=b"BOARD", chart=b"CHART", over=True, game_id=game.id)
    going = Reply("bob (computer) takes over.", image=b"BOARD", game_id=game.id)

    async def take_over(service: object, now: float, moves: int = 0) -> list[Reply]:
        return [going, ended]

    monkeypatch.setattr(takeover, "take_over", take_over)
    await send_takeovers(h.bot, 0.0)
    sent = [c for c in h.rec.calls if c.kind == "channel_message"][-2:]
    assert [c.files for c in sent] == [[], ["board.png", "scores.png"]]


async def test_a_move_after_the_end_says_the_game_is_over_and_where_to_look(
    harness: Harness,
) -> None:
    h = harness
    await open_and_ready(h, target=6)
    await h.run(await to_act(h), ["add"], amount=3)
    player = await to_act(h)
    await h.run(player, ["add"], amount=3)
    name = (await current_game(h)).name
    late = final(await h.run(player, ["add"], amount=1))
    assert late.ephemeral
    assert f"{name} is over" in late.content
    assert "/game board" in late.content and "/game new" in late.content
    assert "There is no game" not in late.content
    board = final(await h.run(EVE, ["game", "board"]))
    assert board.files == ["board.png"]
