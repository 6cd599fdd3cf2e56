"""A silent player's seat goes to a computer after the game's takeover time (injected clock),
and the computer plays that seat to the end of the game."""

from __future__ import annotations

import asyncio

import pytest
from service_support import Clock

from bot.commands import Dispatcher
from bot.service import GameService, User, Where
from bot.service.core import is_bot
from bot.storage import Store, connect_store
from bot.takeover import take_over
from engine.core import Registry
from engine.ultimate import DATA, UltimateTitle

HERE = Where(10, 300)
ANN, BEN = User(1, "ann"), User(2, "ben")


@pytest.fixture
def ult(store: Store, clock: Clock) -> Dispatcher:
    registry = Registry()
    registry.register(UltimateTitle(DATA))
    return Dispatcher(GameService(store, registry, clock=clock))


async def test_a_silent_seat_is_taken_over_and_the_game_ends(ult: Dispatcher,
                                                             clock: Clock) -> None:
    await ult.run(HERE, ANN, ["game", "new"], {"system": "ultimate"})
    await ult.run(HERE, BEN, ["game", "join"], {})
    refused = await ult.run(HERE, BEN, ["game", "takeover"], {"hours": 2})
    assert refused.error and "creator" in refused.text
    bad = await ult.run(HERE, ANN, ["game", "takeover"], {"hours": -1})
    assert bad.error and "between 0" in bad.text
    ok = await ult.run(HERE, ANN, ["game", "takeover"], {"hours": 24})
    assert not ok.error and "24 h" in ok.text
    await ult.run(HERE, ANN, ["game", "start"], {})
    service = ult.service
    clock.now += 23 * 3600
    assert await take_over(service, clock()) == [], "not silent for long enough yet"
    clock.now += 2 * 3600
    taken = await take_over(service, clock())
    assert len(taken) == 1 and "(computer) takes over" in taken[0].text
    # Whoever was silent is now a computer; the other person goes on being asked, and each
    # silence past 24 h hands that seat over too, until the game ends.
    for _ in range(50):
        game = await service.game_here(HERE, required=False)
        if game is None:
            break
        clock.now += 25 * 3600
        await take_over(service, clock())
    game = await service.game_here(HERE, ended=True)
    assert game is not None and game.status == "finished"
    seats = await service.store.seats(game.id)
    assert all(is_bot(s.user_id) for s in seats)


async def test_two_processes_on_one_database_take_a_seat_over_once(
    db_url: str, clock: Clock
) -> None:
    registry = Registry()
    registry.register(UltimateTitle(DATA))
    async with connect_store(db_url) as one, connect_store(db_url) as two:
        first, second = (Dispatcher(GameService(s, registry, clock=clock)) for s in (one, two))
        await first.run(HERE, ANN, ["game", "new"], {"system": "ultimate"})
        await first.run(HERE, BEN, ["game", "join"], {})
        await first.run(HERE, ANN, ["game", "takeover"], {"hours": 24})
        await first.run(HERE, ANN, ["game", "start"], {})
        game = await one.game_in_channel(HERE.channel_id)
        assert game is not None
        silent = set(game.to_act)
        clock.now += 25 * 3600
        # both processes' timers fire at the same moment
        answers = await asyncio.gather(take_over(first.service, clock()),
                                       take_over(second.service, clock()))
        assert sorted(len(a) for a in answers) == [0, 1], answers
        (reply,) = answers[0] + answers[1]
        assert reply.text.count("(computer) takes over") == len(silent)
        seats = await two.seats(game.id)
        assert {s.seat for s in seats if is_bot(s.user_id)} == silent
        # and neither takes the same turn over again later
        assert await take_over(first.service, clock()) == []
        assert await take_over(second.service, clock()) == []
