"""A whole game of New England Railways played through the command dispatcher and the service."""

from __future__ import annotations

from typing import Any

import pytest

from bot.commands import Dispatcher
from bot.service import GameService, User, Where
from bot.storage import Store
from engine.core import Action, Registry
from engine.newengland import DATA, NewEnglandTitle

HERE = Where(10, 300)
PLAYERS = [User(1, "dave"), User(2, "pete"), User(3, "john"), User(4, "vince")]


@pytest.fixture
def ne_dispatcher(store: Store) -> Dispatcher:
    registry = Registry()
    registry.register(NewEnglandTitle(DATA))
    return Dispatcher(GameService(store, registry))


def decide(legal: list[Action], turn: int) -> tuple[str, dict[str, Any]]:
    """A plain strategy: borrow only when forced, bid low, build when it is cheap, ship."""
    kinds = {a["type"] for a in legal}
    if "loan" in kinds and "done" not in kinds:
        return "loan", {"amount": min(a["amount"] for a in legal)}
    if "bid" in kinds:
        bid = min(a["amount"] for a in legal if a["type"] == "bid")
        return ("bid", {"amount": bid}) if bid <= 4 + turn % 3 else ("pass", {})
    if "pay" in kinds:
        return "pay", {}
    ships = [a for a in legal if a["type"] == "ship"]
    if ships:
        move = max(ships, key=lambda a: len(a["route"]))
        if turn % 2:
            return "ship", {"route": "-".join(move["route"])}
        return "ship", {"from": move["from"], "to": move["to"], "cube": move["cube"]}
    if "done" in kinds:
        return "done", {}
    return "pass", {}


async def test_a_scripted_game_reaches_final_scores(ne_dispatcher: Dispatcher) -> None:
    d, service = ne_dispatcher, ne_dispatcher.service
    reply = await d.run(HERE, PLAYERS[0], ["game", "new"], {"system": "newengland"})
    assert not reply.error, reply.text
    for user in PLAYERS[1:]:
        assert not (await d.run(HERE, user, ["game", "join"], {})).error
    start = await service.start(HERE, PLAYERS[0], seed=42)
    assert "has started" in start.text
    by_name = {u.name: u for u in PLAYERS}
    kinds_played: set[str] = set()
    for _ in range(3000):
        view = await service.view(HERE, None)
        if view["final"]:
            break
        seat = view["to_act"][0]
        user = by_name[view["players"][seat]["name"]]
        legal = await service.legal(HERE, user)
        command, options = decide(legal, view["turn"])
        reply = await d.run(HERE, user, [command], options)
        assert not reply.error, (command, options, reply.text)
        kinds_played.add(command)
    view = await service.view(HERE, None)
    assert view["final"] is not None, "the game did not finish"
    assert {"bid", "pass", "ship", "done"} <= kinds_played
    game = await service.store.last_game_in_channel(HERE.channel_id)
    assert game is not None and game.status == "finished"
    status = await service.status(HERE)
    assert "Final money" in status.text
    standings = status.text.split("Final money after link values and repaying loans:\n")[1]
    places = standings.split("\n")
    assert len(places) == len(PLAYERS)
    assert places[0].startswith("1. ") and all("(cash $" in p and ", links $" in p for p in places)
    info = await d.run(HERE, PLAYERS[0], ["game", "info"], {})
    assert "House data" in info.text


async def test_a_wrong_move_is_refused_with_the_rule(ne_dispatcher: Dispatcher) -> None:
    d, service = ne_dispatcher, ne_dispatcher.service
    await d.run(HERE, PLAYERS[0], ["game", "new"], {"system": "newengland"})
    for user in PLAYERS[1:3]:
        await d.run(HERE, user, ["game", "join"], {})
    await service.start(HERE, PLAYERS[0], seed=3)
    reply = await d.run(HERE, PLAYERS[1], ["loan"], {"amount": 15})
    assert reply.error and "$10 notes" in reply.text
    reply = await d.run(HERE, PLAYERS[1], ["bid"], {"amount": 3})
    assert reply.error and "Bidding is not open now" in reply.text
