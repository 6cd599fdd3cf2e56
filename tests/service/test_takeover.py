"""A silent player's seat goes to a computer after the game's takeover time (injected clock),
and the computer plays that seat to the end of the game."""

from __future__ import annotations

import pytest
from service_support import Clock

from bot.commands import Dispatcher
from bot.service import GameService, User, Where
from bot.service.bots import is_bot
from bot.store import Store
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
