"""Computer turns play by themselves: a game of computers goes on to its end in runs posted as
one message each, paced, resumed after a restart, and never holding up another game's commands."""

from __future__ import annotations

import asyncio
import itertools

import pytest

from bot.autoplay import AutoPlay
from bot.commands import Dispatcher
from bot.replies import Reply
from bot.service import GameService, User, Where
from bot.service.bots import bot_user
from bot.storage import Store
from engine.core import Registry
from engine.ultimate import DATA, UltimateTitle

HERE, THERE = Where(10, 400), Where(10, 401)
ANN = User(1, "ann")


def board(title: str, view: object, map_id: str | None, zoom: str | None) -> bytes:
    return b"PNG"


@pytest.fixture
def ult(store: Store) -> GameService:
    registry = Registry()
    registry.register(UltimateTitle(DATA))
    return GameService(store, registry, render=board)


async def computers_only(service: GameService, where: Where, seed: int = 8) -> None:
    """A game of two easy computers, started straight through the service (nobody moved)."""
    host = bot_user(0, "easy")
    await service.new_game(where, host, "ultimate", None, {})
    await service.add_bot(where, host, "easy")
    await service.start(where, host, seed=seed)


async def no_wait(seconds: float) -> None:
    await asyncio.sleep(0)


async def stored_moves(service: GameService, where: Where) -> list[dict[str, object]]:
    game = await service.game_here(where, ended=True)
    assert game is not None
    return [r.action for r in await service.store.actions(game.id, after=0)]


async def test_a_game_of_computers_plays_to_its_end_in_collapsed_runs(ult: GameService) -> None:
    await computers_only(ult, HERE)
    posted: list[Reply] = []

    async def post(reply: Reply) -> None:
        posted.append(reply)

    # The clock stands still, so only the batch size ends a run.
    auto = AutoPlay(ult, post, pace=1.0, batch=7, clock=lambda: 0.0, sleep=no_wait)
    auto.wake(HERE)
    auto.wake(HERE)  # a second wake while it plays starts nothing more
    assert auto.busy() == 1
    await auto.idle()
    game = await ult.game_here(HERE, ended=True)
    assert game is not None and game.status == "finished"
    made = await stored_moves(ult, HERE)
    lines = [line for r in posted for line in r.text.split("\n")]
    assert len(posted) == -(-len(made) // 7), "7 moves to a message, the last run shorter"
    assert all(r.image == b"PNG" for r in posted), "each run ends with its board"
    assert "Game over" in posted[-1].text
    # Who was waited for between the moves of a run is left out: one such line at most, last.
    for r in posted:
        waiting = [i for i, line in enumerate(r.text.split("\n")) if line.startswith("Waiting")]
        assert len(waiting) <= 1 and (not waiting or waiting[0] >= len(r.text.split("\n")) - 2)
    assert sum("Brunel (computer)" in line for line in lines) > 0
    auto.wake(HERE)  # nothing left to play: the task ends at once without posting
    await auto.idle()
    assert len(posted) == -(-len(made) // 7)


@pytest.mark.parametrize(("batch", "per_run", "wait"), [(3, 3, 1.0), (40, 5, 0.0)])
async def test_runs_are_paced(ult: GameService, batch: int, per_run: int, wait: float) -> None:
    """With every look at the clock a second later: a run stops at the batch size or after 5 s
    of thinking, and the task waits out whatever is left of the 5 s before the next run."""
    await computers_only(ult, HERE)
    ticks = itertools.count()
    naps: list[float] = []
    posted: list[Reply] = []

    async def sleep(seconds: float) -> None:
        naps.append(seconds)
        await asyncio.sleep(0)

    async def post(reply: Reply) -> None:
        posted.append(reply)

    auto = AutoPlay(ult, post, pace=5.0, batch=batch, clock=lambda: float(next(ticks)),
                    sleep=sleep)
    auto.wake(HERE)
    await auto.idle()
    made = await stored_moves(ult, HERE)
    assert len(posted) == -(-len(made) // per_run)
    after_runs = [n for n in naps if n != 0.0 or wait == 0.0][: len(posted) - 1]
    assert after_runs and set(after_runs) == {wait}


async def test_pending_computer_turns_resume_after_a_restart(ult: GameService,
                                                             store: Store) -> None:
    await computers_only(ult, HERE)
    await ult.play_bots(HERE, limit=5)  # the bot went down after five moves
    registry = Registry()
    registry.register(UltimateTitle(DATA))
    restarted = GameService(store, registry)
    posted: list[Reply] = []

    async def post(reply: Reply) -> None:
        posted.append(reply)

    auto = AutoPlay(restarted, post, pace=0.0)
    # Another process serves that server (docs/scaling.md): this one leaves the game alone.
    assert await auto.resume(lambda guild: guild != HERE.guild_id) == 0
    assert await auto.resume() == 1
    await auto.idle()
    game = await restarted.game_here(HERE, ended=True)
    assert game is not None and game.status == "finished"
    assert await auto.resume() == 0, "a finished game has nothing to resume"
    # The moves are those one uninterrupted run makes: nothing was made twice.
    await computers_only(ult, THERE)
    await ult.play_bots(THERE)
    assert await stored_moves(restarted, HERE) == await stored_moves(ult, THERE)


async def test_other_games_are_answered_while_computers_play(ult: GameService) -> None:
    await computers_only(ult, HERE)
    seen: list[str] = []

    async def post(reply: Reply) -> None:
        seen.append("run")

    auto = AutoPlay(ult, post, pace=0.0, batch=1)
    auto.wake(HERE)
    answer = await Dispatcher(ult).run(THERE, ANN, ["game", "new"], {"system": "ultimate"})
    assert not answer.error, answer.text
    seen.append("answer")
    game = await ult.game_here(HERE)
    assert game is not None and game.status == "active", "answered before the run was over"
    await auto.idle()
    assert "answer" in seen and seen.index("answer") < len(seen) - 1
