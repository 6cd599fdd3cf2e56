"""Computer players in seats: /game addbot and bots:N, their refusals, and their turns played
through the service (a person's command is answered together with the computers' moves after it)."""

from __future__ import annotations

import asyncio

import pytest

from bot.commands import Dispatcher
from bot.service import GameService, User, Where
from bot.service.bots import bot_user
from bot.service.core import is_bot
from bot.storage import Store
from engine.core import Registry
from engine.newengland import DATA, NewEnglandTitle
from engine.ultimate import DATA as ULTIMATE_DATA
from engine.ultimate import UltimateTitle

HERE = Where(10, 300)
ANN, BEN = User(1, "ann"), User(2, "ben")


@pytest.fixture
def real(store: Store) -> Dispatcher:
    registry = Registry()
    registry.register(NewEnglandTitle(DATA))
    registry.register(UltimateTitle(ULTIMATE_DATA))
    return Dispatcher(GameService(store, registry))


async def test_bots_option_seats_computers_with_names_and_colours(real: Dispatcher) -> None:
    reply = await real.run(HERE, ANN, ["game", "new"], {"system": "newengland", "bots": 2})
    assert not reply.error, reply.text
    assert "Brunel (computer) joined" in reply.text and "Stephenson (computer)" in reply.text
    game = await real.service.game_here(HERE)
    assert game is not None
    seats = await real.service.store.seats(game.id)
    assert [is_bot(s.user_id) for s in seats] == [False, True, True]
    assert len({s.colour for s in seats}) == 3


async def test_addbot_levels_and_refusals(real: Dispatcher) -> None:
    await real.run(HERE, ANN, ["game", "new"], {"system": "ultimate"})
    refused = await real.run(HERE, BEN, ["game", "addbot"], {})
    assert refused.error and "creator" in refused.text
    wrong = await real.run(HERE, ANN, ["game", "addbot"], {"level": "expert"})
    assert wrong.error and "easy, normal, strong" in wrong.text
    ok = await real.run(HERE, ANN, ["game", "addbot"], {"level": "easy"})
    assert not ok.error and "easy level" in ok.text
    await real.run(HERE, ANN, ["game", "addbot"], {})
    await real.run(HERE, ANN, ["game", "addbot"], {})
    full = await real.run(HERE, ANN, ["game", "addbot"], {})
    assert full.error and "full" in full.text
    await real.run(HERE, ANN, ["game", "start"], {})
    late = await real.run(HERE, ANN, ["game", "addbot"], {})
    assert late.error and "has started" in late.text


async def test_a_person_against_computers_plays_to_the_end(real: Dispatcher) -> None:
    await real.run(HERE, ANN, ["game", "new"], {"system": "ultimate", "bots": 1})
    start = await real.run(HERE, ANN, ["game", "start"], {})
    assert not start.error, start.text
    service = real.service
    for _ in range(400):
        game = await service.game_here(HERE, required=False)
        if game is None or game.status != "active":
            break
        # Only ever the person is asked: the computer moved right after each command.
        seats = await service.store.seats(game.id)
        mine = next(s for s in seats if s.user_id == ANN.id)
        assert game.to_act == [mine.seat]
        legal = await service.legal(HERE, ANN)
        move = next((a for a in legal if a["type"] in ("pass", "done")), legal[0])
        options = {k: v for k, v in move.items() if k not in ("type", "seat")}
        if move["type"] == "pass":  # passing for the round is confirmed, as its button is
            options["confirm"] = True
        command = {"place": "place", "pick": "pick", "pass": "pass", "done": "done"}[move["type"]]
        reply = await real.run(HERE, ANN, [command], options)
        assert not reply.error, reply.text
    game = await service.game_here(HERE, ended=True)
    assert game is not None and game.status == "finished"
    log = await service.log(HERE, 400)
    assert "Brunel (computer)" in log.text


async def test_two_triggers_at_once_make_each_move_once(real: Dispatcher) -> None:
    import asyncio

    async def opened(where: Where) -> None:
        await real.run(where, ANN, ["game", "new"], {"system": "ultimate", "bots": 2})
        await real.service.start(where, ANN, seed=5)  # not through the dispatcher: nobody moved

    async def moves(where: Where) -> list[dict[str, object]]:
        game = await real.service.game_here(where)
        assert game is not None
        return [r.action for r in await real.service.store.actions(game.id, after=0)]

    twice, once = Where(10, 301), Where(10, 302)
    await opened(twice)
    await opened(once)
    await asyncio.gather(real.service.play_bots(twice), real.service.play_bots(twice))
    await real.service.play_bots(once)
    made = await moves(twice)
    assert made, "the computers move first with this seed"
    assert made == await moves(once)


async def test_replace_a_silent_player_with_a_computer(real: Dispatcher) -> None:
    await real.run(HERE, ANN, ["game", "new"], {"system": "ultimate"})
    await real.run(HERE, BEN, ["game", "join"], {})
    await real.service.start(HERE, ANN, seed=3)
    no_one = await real.run(HERE, ANN, ["game", "replace"], {"player": BEN})
    assert no_one.error and "with:bot" in no_one.text
    not_creator = await real.run(HERE, BEN, ["game", "replace"], {"player": ANN, "with": "bot"})
    assert not_creator.error and "creator" in not_creator.text
    reply = await real.run(HERE, ANN, ["game", "replace"],
                           {"player": BEN, "with": "bot", "level": "easy"})
    assert not reply.error, reply.text
    assert "Brunel (computer) takes over ben's seat" in reply.text
    assert all(u > 0 for u in reply.ping)
    game = await real.service.game_here(HERE)
    assert game is not None
    seats = await real.service.store.seats(game.id)
    assert sorted(is_bot(s.user_id) for s in seats) == [False, True]
    # The computer plays ben's turns from here on: only ann is ever asked.
    assert all(next(s for s in seats if s.seat == t).user_id == ANN.id for t in game.to_act)


async def test_a_computer_agrees_to_an_undo(dispatcher: Dispatcher) -> None:
    d = dispatcher
    await d.run(HERE, ANN, ["game", "new"], {"system": "tiny", "bots": 1})
    await d.run(HERE, ANN, ["game", "start"], {})
    await d.run(HERE, ANN, ["ready"], {})
    game = await d.service.game_here(HERE)
    assert game is not None
    seats = await d.service.store.seats(game.id)
    assert next(s for s in seats if s.seat == game.to_act[0]).user_id == ANN.id
    # The roll straight through the service, so the computer has not moved after it yet.
    before = (await d.service.view(HERE, None))["total"]
    await d.service.act(HERE, ANN, "roll", {})
    assert (await d.service.view(HERE, None))["total"] > before
    reply = await d.run(HERE, ANN, ["game", "undo"], {})  # it drew chance: consent is needed
    assert not reply.error, reply.text
    assert "Every other player must agree" in reply.text
    # The computer agreed at once, so the roll is already taken back.
    assert "ann's last move was undone" in reply.text
    assert (await d.service.view(HERE, None))["total"] == before


async def test_a_strong_computer_thinks_while_other_games_are_answered(real: Dispatcher) -> None:
    """A strong computer's search runs in another process: a command in another channel is
    answered while it thinks, and its move then comes as any other."""
    service = real.service
    host = bot_user(0, "strong")
    await service.new_game(HERE, host, "newengland", None, {})
    for _ in range(2):
        await service.add_bot(HERE, host, "strong")
    await service.start(HERE, host)
    service.think_seconds(1.0)
    try:
        thinking = asyncio.create_task(service.play_bots(HERE, limit=1, draw=False))
        await asyncio.sleep(0)
        other = await real.run(Where(10, 301), ANN, ["game", "new"], {"system": "ultimate"})
        assert not other.error, other.text
        assert not thinking.done()
        moved = await thinking
    finally:
        service.thinker.close()
    assert len(moved) == 1 and "Brunel (computer)" in moved[0].text
    game = await service.game_here(HERE)
    assert game is not None and game.seq == 1


async def test_a_command_is_answered_after_the_computers_thinking_time(store: Store) -> None:
    """With a thinking time for the computers after a command, the answer goes once it has
    passed (here after the first strong move) and the rest are left to play on by themselves."""
    registry = Registry()
    registry.register(NewEnglandTitle(DATA))
    woken: list[Where] = []
    real = Dispatcher(GameService(store, registry), bot_seconds=0.01, later=woken.append)
    host = bot_user(0, "strong")
    await real.service.new_game(HERE, host, "newengland", None, {})
    for _ in range(2):
        await real.service.add_bot(HERE, host, "strong")
    real.service.think_seconds(0.3)
    try:
        started = await real.run(HERE, host, ["game", "start"], {})
    finally:
        real.service.thinker.close()
    assert not started.error, started.text
    game = await real.service.game_here(HERE)
    assert game is not None and game.seq == 1  # one computer move, then the answer
    assert woken == [HERE]
