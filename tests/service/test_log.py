"""/game log reads what each move told everyone when it was made, without replaying the game."""

from __future__ import annotations

import pytest
from service_support import ALICE, BOB, HERE

from bot.service import GameService


async def played(service: GameService) -> int:
    await service.new_game(HERE, ALICE, "tiny", options={"target": 1000})
    await service.join(HERE, BOB)
    await service.start(HERE, ALICE, seed=3)
    for user in (ALICE, BOB):
        await service.act(HERE, user, "ready", {})
    game = await service.store.game_in_channel(HERE.channel_id)
    assert game is not None
    seats = {s.seat: s for s in await service.store.seats(game.id)}
    for _ in range(4):
        game = await service.store.game(game.id)
        assert game is not None
        who = ALICE if seats[game.to_act[0]].user_id == ALICE.id else BOB
        await service.act(HERE, who, "roll", {})
    return game.id


async def test_the_log_is_read_not_replayed(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    await played(service)
    expected = (await service.log(HERE, last=3)).text

    def no_replay(*args: object, **kwargs: object) -> None:
        raise AssertionError("the log replayed the game")

    monkeypatch.setattr("bot.service.queries.step", no_replay)
    assert (await service.log(HERE, last=3)).text == expected
    lines = expected.splitlines()[1:]
    assert len(lines) == 3 and all(" rolls " in line for line in lines)


async def test_moves_stored_without_their_text_are_replayed_once(service: GameService) -> None:
    gid = await played(service)
    told = (await service.log(HERE, last=20)).text
    await service.store.db.execute("UPDATE actions SET public = NULL WHERE game_id = ?", (gid,))
    assert (await service.log(HERE, last=20)).text == told
