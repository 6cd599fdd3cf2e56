"""The colourblind display option: accepted for every title, refused with a clear sentence when
mistyped, switched by a game's players at any time, set as a server default by a server
manager, passed to the board renderer, and never seen by the rules (a seeded game plays the
same with it)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.commands import Dispatcher
from bot.service import GameService, User, Where
from bot.service.display import rules_options
from bot.storage import Store
from engine.core import Registry
from engine.newengland import DATA, NewEnglandTitle

PLAIN, BLIND = Where(10, 401), Where(10, 402)
OTHER_SERVER = Where(11, 403)
DAVE, PETE, JOHN = User(1, "dave"), User(2, "pete"), User(3, "john")
BOSS = User(7, "boss", manager=True)


class Boards:
    """A board renderer that remembers the views it was asked to draw."""

    def __init__(self) -> None:
        self.views: list[dict[str, Any]] = []

    def __call__(self, title: str, view: dict[str, Any], map_id: str | None,
                 zoom: str | None) -> bytes:
        self.views.append(view)
        return b"PNG"


@pytest.fixture
def boards() -> Boards:
    return Boards()


@pytest.fixture
def ne(store: Store, boards: Boards) -> Dispatcher:
    registry = Registry()
    registry.register(NewEnglandTitle(DATA))
    return Dispatcher(GameService(store, registry, render=boards))


async def _open(d: Dispatcher, where: Where, options: str | None = None) -> str:
    args = {"system": "newengland", **({"options": options} if options else {})}
    reply = await d.run(where, DAVE, ["game", "new"], args)
    return reply.text


async def _start(d: Dispatcher, where: Where) -> None:
    for user in (PETE, JOHN):
        assert not (await d.run(where, user, ["game", "join"], {})).error
    await d.service.start(where, DAVE, seed=42)


async def test_the_option_reaches_the_pictures_but_never_the_rules(
        ne: Dispatcher, boards: Boards) -> None:
    s = ne.service
    await _open(ne, PLAIN)
    await _open(ne, BLIND, "colourblind=true")
    for where in (PLAIN, BLIND):
        await _start(ne, where)
    plain, blind = await s.game_here(PLAIN), await s.game_here(BLIND)
    assert plain is not None and blind is not None
    assert blind.options == {"colourblind": True}
    assert s.config(blind, await s.store.seats(blind.id))["options"] == {}
    # Same seed, same moves: the same state, whatever the pictures look like.
    assert (await s.load(plain)).state == (await s.load(blind)).state
    boards.views.clear()
    for where in (PLAIN, BLIND):
        assert (await ne.run(where, DAVE, ["game", "board"], {})).image == b"PNG"
    assert [v.get("colourblind", False) for v in boards.views] == [False, True]
    info = await ne.run(BLIND, DAVE, ["game", "info"], {})
    assert "Options: colourblind=true" in info.text


@pytest.mark.parametrize(("typed", "says"), [
    ("colourblind=yes", "Option colourblind must be true or false."),
    ("colourblind=1", "Option colourblind must be true or false."),
    ("colorblind=true", "has no option 'colorblind'. Its options: colourblind. "
                        "Did you mean colourblind?"),
])
async def test_a_mistyped_option_is_refused_and_opens_nothing(
        ne: Dispatcher, typed: str, says: str) -> None:
    reply = await ne.run(PLAIN, DAVE, ["game", "new"],
                         {"system": "newengland", "options": typed})
    assert reply.error and says in reply.text
    assert await ne.service.store.game_in_channel(PLAIN.channel_id) is None


async def test_a_server_manager_sets_the_default_for_new_games(ne: Dispatcher) -> None:
    refused = await ne.run(PLAIN, DAVE, ["game", "colourblind"], {"on": True, "server": True})
    assert refused.error and "Only a server manager" in refused.text
    said = await ne.run(PLAIN, BOSS, ["game", "colourblind"], {"on": True, "server": True})
    assert not said.error and "New games in this server show colour-blind boards" in said.text
    await _open(ne, PLAIN)
    await _open(ne, BLIND, "colourblind=false")  # a game may still say no
    await _open(ne, OTHER_SERVER)  # another server keeps plain colours
    shown = {w: await ne.service.store.game_in_channel(w.channel_id)
             for w in (PLAIN, BLIND, OTHER_SERVER)}
    assert {w: g.options if g else None for w, g in shown.items()} == {
        PLAIN: {"colourblind": True}, BLIND: {"colourblind": False}, OTHER_SERVER: {}}
    off = await ne.run(PLAIN, BOSS, ["game", "colourblind"], {"on": False, "server": True})
    assert "plain colours again" in off.text


async def test_the_players_switch_it_for_their_game_mid_game(ne: Dispatcher,
                                                            boards: Boards) -> None:
    s = ne.service
    nothing = await ne.run(PLAIN, DAVE, ["game", "colourblind"], {"on": True})
    assert nothing.error and "no game in this channel" in nothing.text
    await _open(ne, PLAIN)
    await _start(ne, PLAIN)
    game = await s.game_here(PLAIN)
    assert game is not None
    before = (await s.load(game)).state
    stranger = await ne.run(PLAIN, User(8, "eve"), ["game", "colourblind"], {"on": True})
    assert stranger.error and "Only the players" in stranger.text
    said = await ne.run(PLAIN, JOHN, ["game", "colourblind"], {"on": True})
    assert not said.error and "now shows colour-blind boards" in said.text
    game = await s.game_here(PLAIN)
    assert game is not None and game.options == {"colourblind": True}
    assert (await s.load(game)).state == before  # nothing of the game itself changed
    boards.views.clear()
    await ne.run(PLAIN, DAVE, ["game", "board"], {})
    await ne.run(PLAIN, PETE, ["game", "colourblind"], {"on": False})
    await ne.run(PLAIN, DAVE, ["game", "board"], {})
    assert [v.get("colourblind", False) for v in boards.views] == [True, False]


def test_rules_options_drop_only_the_display_options() -> None:
    assert rules_options({"colourblind": True, "advanced": True}) == {"advanced": True}
    assert rules_options(None) == {}
