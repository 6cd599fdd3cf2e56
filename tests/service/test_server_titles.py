"""Which titles a server plays: set by a server manager, refused with a sentence otherwise or
for an unknown game, and giving the list of commands the server's guild sync publishes."""

from __future__ import annotations

import pytest

from bot.app import default_registry
from bot.cli.main import main
from bot.commands import Dispatcher
from bot.service import GameService, User, Where
from bot.service.server_titles import command_names, enabled
from bot.storage import Store
from engine.core import Registry

HERE = Where(20, 501)
BOSS = User(7, "boss", manager=True)
DAVE = User(1, "dave")


@pytest.fixture(scope="module")
def registry() -> Registry:
    return default_registry()


def _moves(registry: Registry, title: str) -> set[str]:
    return {c.name for c in registry.get(title).meta.commands}


def test_each_setting_lists_game_stats_and_only_its_titles_moves(registry: Registry) -> None:
    every = set(command_names(registry, None))
    ids = [t.meta.id for t in registry]
    assert len(ids) >= 3
    for title in ids:
        names = command_names(registry, [title])
        assert names[:2] == ["game", "stats"]
        assert set(names[2:]) == _moves(registry, title)
        others = set().union(*(_moves(registry, t) for t in ids if t != title))
        assert others - _moves(registry, title) <= every - set(names)
        assert len(names) < len(every)
    # A command shared by two titles stays when either is enabled.
    a, b = ids[0], ids[1]
    assert set(command_names(registry, [a, b])) == {"game", "stats"} | _moves(registry, a) | \
        _moves(registry, b)


async def test_manager_sets_titles_and_reply_counts_the_list(store: Store,
                                                             registry: Registry) -> None:
    d = Dispatcher(GameService(store, registry))
    reply = await d.run(HERE, BOSS, ["game", "titles"], {"enable": "rotw"})
    assert not reply.error
    names = command_names(registry, ["rotw"])
    assert f"{len(names)} commands" in reply.text
    assert "railbot sync --guild 20" in reply.text
    assert await enabled(store, 20) == ["rotw"]
    shown = await d.run(HERE, DAVE, ["game", "titles"], {})
    assert "rotw" in shown.text and f"{len(names)} commands" in shown.text
    again = await d.run(HERE, BOSS, ["game", "titles"], {"enable": "all"})
    assert not again.error and await enabled(store, 20) is None


async def test_non_manager_is_refused_and_nothing_changes(store: Store,
                                                          registry: Registry) -> None:
    d = Dispatcher(GameService(store, registry))
    reply = await d.run(HERE, DAVE, ["game", "titles"], {"enable": "rotw"})
    assert reply.error and "server manager" in reply.text
    assert await enabled(store, 20) is None


async def test_unknown_title_is_refused_naming_the_valid_ones(store: Store,
                                                              registry: Registry) -> None:
    d = Dispatcher(GameService(store, registry))
    reply = await d.run(HERE, BOSS, ["game", "titles"], {"enable": "rotw,chess"})
    assert reply.error and "chess" in reply.text
    for t in registry:
        assert t.meta.id in reply.text
    assert await enabled(store, 20) is None


def test_cli_prints_the_list_per_setting(registry: Registry,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["commands", "--titles", "rotw"], registry=registry) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{len(command_names(registry, ['rotw']))} commands:")
    assert "/game" in out
    assert main(["commands", "--titles", "nope"], registry=registry) == 2
    assert "nope" in capsys.readouterr().err
