"""Nothing a player sees before committing a move depends on chance or on hidden state.

A move that asks for confirmation (it would issue bonds, R12) is described by its cost and its
bonds only; the draws it would make stay unknown until it is made.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from service_support import ALICE, BOB, HERE, Clock
from tinygame import TinyTitle

import maps
from bot.app import shipped_titles
from bot.service import GameService, User
from bot.storage import SqliteStore, connect_store
from engine.core import Registry, State, Title, new_game, new_rng_state, step
from engine.rotw.context import BOND_DIVIDEND
from engine.rotw.economy import income_of
from engine.rotw.flow import ROUNDS
from engine.rotw.mapdef import CUBE_COLOURS
from engine.rotw.title import RotwTitle


def players(n: int) -> list[dict[str, Any]]:
    colours = ["red", "blue", "green", "yellow", "black", "purple"]
    return [{"seat": i, "name": f"p{i}", "colour": colours[i]} for i in range(n)]


def rotw() -> RotwTitle:
    return RotwTitle(maps.load, maps.load_cards)


def every_title() -> dict[str, Title]:
    """Every shipped title and the test title."""
    return {t.meta.id: t for t in [*shipped_titles(), TinyTitle()]}


def other_luck(state: State, seed: int) -> State:
    """The same public position with different chance to come and a differently ordered
    hidden deck (where the title has one)."""
    twin = copy.deepcopy(state)
    twin["rng"] = new_rng_state(seed)
    ops = twin.get("ops")
    if isinstance(ops, dict) and isinstance(ops.get("deck"), list):
        ops["deck"].reverse()
    return twin


def seen_before_moving(title: Title, state: State, seat: int) -> dict[str, Any]:
    """What a seat may be shown before committing: its moves, suggestions and previews."""
    legal = [a for a in title.legal(state, seat) if "template" not in a]
    legal += [  # and every move typed without options, listed or not
        {"type": c.action, "seat": seat}
        for c in title.meta.commands
        if not any(o.required for o in c.options)
    ]
    return {
        "legal": title.legal(state, seat),
        "suggest": title.suggest(state, seat),
        "previews": [title.confirmation(state, a) for a in legal],
    }


@pytest.mark.parametrize("title_id", sorted(every_title()))
def test_what_a_player_sees_before_moving_does_not_depend_on_luck(title_id: str) -> None:
    title = every_title()[title_id]
    meta = title.meta
    map_id = meta.maps[0].id if meta.maps else None
    n = min(max(3, meta.min_players), meta.max_players)
    config = {"title": title_id, "map": map_id, "options": {}, "seed": 11,
              "rules_version": title.meta.rules_version, "players": players(n)}
    state = new_game(title, config)
    pick = random.Random(5)
    asked = 0
    # Railways of the World's suggestions search routes: fewer positions keep the test quick.
    for move_no in range(14 if title_id == "rotw" else 60):
        if title.is_over(state):
            break
        for seat in title.to_act(state):
            mine = seen_before_moving(title, state, seat)
            asked += sum(p is not None for p in mine["previews"])
            assert seen_before_moving(title, other_luck(state, 1000 + move_no), seat) == mine
        seat = pick.choice(title.to_act(state))
        moves = [a for a in title.legal(state, seat) if "template" not in a]
        state = step(title, state, pick.choice(moves)).state
    if title_id in ("rotw", "tiny"):  # the titles with moves that ask (bonds; a gamble)
        assert asked, "the walk must reach moves that ask for confirmation"


# -- through the service ------------------------------------------------------------------------


async def test_a_declined_gamble_tells_nothing_of_its_roll(tmp_path: Any) -> None:
    registry = Registry()
    registry.register(TinyTitle())
    previews, rolls = set(), set()
    for seed in range(6):
        async with connect_store(str(tmp_path / f"{seed}.db")) as store:
            service = GameService(store, registry, clock=Clock())
            await service.new_game(HERE, ALICE, "tiny")
            await service.join(HERE, BOB)
            await service.start(HERE, ALICE, seed=seed)
            await service.act(HERE, ALICE, "ready", {})
            await service.act(HERE, BOB, "ready", {})
            game = await store.game_in_channel(HERE.channel_id)
            assert game is not None
            mover = ALICE if (await store.seats(game.id))[game.to_act[0]].user_id == 1 else BOB
            ask = await service.act(HERE, mover, "gamble", {})
            previews.add(ask.text)
            done = await service.act(HERE, mover, "gamble", {}, confirmed=True)
            rolls.add(done.text.split("rolls ")[1][0])
    assert len(rolls) > 1, "different seeds must roll differently for this test to mean much"
    assert previews == {
        "That takes the total from 0 to at least 4. Repeat the move with confirm:true to go ahead."
    }


async def rotw_service(tmp_path: Any) -> tuple[GameService, dict[int, User]]:
    registry = Registry()
    registry.register(rotw())
    store = SqliteStore(str(tmp_path / "rotw.db"))
    await store.open()
    service = GameService(store, registry, clock=Clock())
    users = {1: ALICE, 2: BOB}
    await service.new_game(HERE, ALICE, "rotw", "eastern-us")
    await service.join(HERE, BOB)
    await service.start(HERE, ALICE, seed=3)
    return service, users


async def mover_of(service: GameService, users: dict[int, User]) -> User:
    game = await service.store.game_in_channel(HERE.channel_id)
    assert game is not None
    seats = await service.store.seats(game.id)
    return users[seats[game.to_act[0]].user_id]


async def test_a_declined_urbanization_does_not_show_the_cubes_it_would_draw(
    tmp_path: Any,
) -> None:
    service, users = await rotw_service(tmp_path)
    try:
        for user in (ALICE, BOB):
            card = (await service.legal(HERE, user))[0]["card"]
            await service.act(HERE, user, "baron", {"card": card})
        while (await service.legal(HERE, await mover_of(service, users)))[0]["type"] == "bid":
            await service.act(HERE, await mover_of(service, users), "pass", {})
        mover = await mover_of(service, users)
        city, colour = next(
            (a["city"], a["colour"])
            for a in await service.legal(HERE, mover)
            if a["type"] == "urbanize"
        )
        move = {"city": city, "colour": colour}
        ask = await service.act(HERE, mover, "urbanize", move)
        assert ask.ephemeral and ask.data == {"confirm": {"command": "urbanize", "options": move}}
        assert ask.text.startswith("This costs $10,000 and you have $0: it issues 2 bonds")
        done = await service.act(HERE, mover, "urbanize", move, confirmed=True)
        drawn = done.text.split("it gains ")[1].split(".")[0].split(", ")
        assert drawn and set(drawn) <= set(CUBE_COLOURS)
        assert not any(colour in ask.text for colour in CUBE_COLOURS)
        assert city not in ask.text and "Operations" not in ask.text
    finally:
        await service.store.close()


# -- forced bonds ---------------------------------------------------------------------------------


def last_action_of_turn() -> tuple[RotwTitle, State, int]:
    """Eastern U.S., two players, the last action of a turn: the mover holds more bonds than
    their income pays for, so the dividends after the move must issue a bond."""
    title = rotw()
    config = {"title": "rotw", "map": "eastern-us", "options": {}, "seed": 4,
              "rules_version": title.meta.rules_version,
              "players": players(2)}
    state = new_game(title, config)
    for seat in (0, 1):
        card = title.legal(state, seat)[0]["card"]
        state = step(title, state, {"type": "choose_baron", "seat": seat, "card": card}).state
    while state["phase"] == "auction":
        state = step(title, state, {"type": "pass", "seat": title.to_act(state)[0]}).state
    state["round"], state["order_pos"] = ROUNDS, len(state["turn_order"]) - 1
    seat = title.to_act(state)[0]
    income = income_of(state, title.context("eastern-us"), seat)
    state["players"][seat].update(money=0, bonds=max(0, income) // BOND_DIVIDEND + 1)
    return title, state, seat


def test_dividend_bonds_forced_at_the_end_of_a_turn_never_ask() -> None:
    title, state, seat = last_action_of_turn()
    bonds = state["players"][seat]["bonds"]
    upgrade = next(a for a in title.legal(state, seat) if a["type"] == "upgrade")
    for move, cash in (({"type": "pass", "seat": seat}, 0), (upgrade, upgrade["cost"])):
        state["players"][seat]["money"] = cash  # the move itself is paid in full
        assert title.confirmation(state, move) is None
        result = step(title, state, move)
        assert result.state["players"][seat]["bonds"] == bonds + 1, "a dividend bond is issued"
        income = [ev["text"] for ev in result.events if ev["type"] == "income"]
        assert any("in bond dividends; 1 bond issued" in t for t in income), income


def test_a_payment_of_the_movers_own_still_asks_at_the_end_of_a_turn() -> None:
    title, state, seat = last_action_of_turn()
    state["players"][seat]["money"] = 0
    ask = title.confirmation(state, {"type": "upgrade", "seat": seat})
    assert ask is not None and "it issues 1 bond ($5,000)" in ask
