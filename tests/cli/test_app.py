"""The shipped composition: every title registered and every board drawn through one hook."""

from rules_now import current

from bot.app import default_registry, render_board
from bot.storage import connect_store
from engine.core import new_game


def config(title: str, map_id: str | None, n: int) -> dict:
    return {
        "title": title,
        "map": map_id,
        "options": {},
        "seed": 21, "rules_version": current(title),
        "players": [
            {"seat": i, "name": f"p{i}", "colour": c}
            for i, c in enumerate((["red", "blue"] if title == "ultimate" else ["black", "green"])
                                  + ["yellow", "purple"])
            if i < n
        ],
    }


def test_shipped_titles() -> None:
    ids = sorted(t.meta.id for t in default_registry())
    assert ids == ["newengland", "rotw", "ultimate"]


def test_every_shipped_title_draws_its_board_at_setup() -> None:
    registry = default_registry()
    for title_id, map_id, n in (("rotw", "eastern-us", 3), ("newengland", None, 3),
                                ("ultimate", None, 4)):
        title = registry.get(title_id)
        state = new_game(title, config(title_id, map_id, n))
        png = render_board(title_id, title.view(state, None), map_id, None)
        assert png is not None and png[:8] == b"\x89PNG\r\n\x1a\n"
        assert len(png) > 20_000


def test_shipped_command_tree_fits_discord_limits() -> None:
    import re

    from bot.commandtree import command_tree

    name_ok = re.compile(r"^[-_a-z0-9]{1,32}$")

    def check(cmd: dict, where: str) -> None:
        assert name_ok.match(cmd["name"]), where
        assert 1 <= len(cmd["description"]) <= 100, where
        options = cmd.get("options", [])
        assert len(options) <= 25, where
        required = [o["required"] for o in options]
        # Discord refuses a required option after an optional one.
        assert required == sorted(required, reverse=True), f"{where}: {required}"
        for o in options:
            assert name_ok.match(o["name"]) and 1 <= len(o["description"]) <= 100, where
            assert len(o.get("choices", [])) <= 25, where

    tree = command_tree(default_registry())
    assert len(tree["commands"]) <= 100
    for cmd in tree["commands"]:
        for sub in cmd.get("subcommands", []):
            check(sub, f"/{cmd['name']} {sub['name']}")
        if "subcommands" not in cmd:
            check(cmd, f"/{cmd['name']}")


def test_zoom_places_are_the_map_cities(tmp_path) -> None:
    import asyncio

    from bot.app import make_service
    from bot.service import User, Where

    async def go() -> list[str]:
        async with connect_store(str(tmp_path / "z.db")) as store:
            service = make_service(store)
            here, a, b = Where(1, 7), User(1, "a"), User(2, "b")
            assert await service.places(here) == []
            await service.new_game(here, a, "rotw", "eastern-us")
            await service.join(here, b)
            await service.start(here, a, seed=3)
            return await service.places(here)

    names = asyncio.run(go())
    assert len(names) == 52 and "Pittsburgh" in names and names == sorted(names)


def test_options_that_do_not_fit_the_map_are_refused_when_the_game_is_opened(tmp_path) -> None:
    import asyncio

    import pytest

    from bot.app import make_service
    from bot.service import User, Where
    from engine.core import IllegalAction

    async def go() -> None:
        async with connect_store(str(tmp_path / "o.db")) as store:
            service = make_service(store)
            here = Where(1, 8)
            with pytest.raises(IllegalAction, match=r"Eastern U\.S\. map only"):
                await service.new_game(here, User(1, "a"), "rotw", "europe", {"glenn_drover": True})
            assert await store.game_in_channel(8) is None, "nothing was opened"
            reply = await service.new_game(
                here, User(1, "a"), "rotw", "eastern-us", {"cut_throat": True}
            )
            assert "opened" in reply.text
            info = await service.info(here)
            assert "cut_throat=true" in info.text
            # and in words: the variant and the auction in play
            assert ("Variants: Cut-throat (no redirecting the last tile of an incomplete "
                    "link).") in info.text
            assert "First-player auction: standard (only the winner pays)." in info.text

    asyncio.run(go())


def test_game_info_names_the_mini_expansions_in_play(tmp_path) -> None:
    import asyncio

    from bot.app import make_service
    from bot.service import User, Where

    async def go() -> None:
        async with connect_store(str(tmp_path / "m.db")) as store:
            service = make_service(store)
            west, east = Where(1, 8), Where(1, 9)
            await service.new_game(west, User(1, "a"), "rotw", "western-us", {"mines": True})
            await service.new_game(east, User(1, "a"), "rotw", "eastern-us", {})
            info = (await service.info(west)).text
            assert ("Mini-expansions: City Rotors (standard on this map), Mines, Fuel Depots "
                    "(standard on this map).") in info
            assert "the Event Deck's 50 events" in info
            east_info = (await service.info(east)).text
            assert "Mini-expansions: none." in east_info
            assert "Options:" not in east_info, "options left at their defaults are not listed"
            # the title and map are named once, not twice
            assert east_info.split("\n")[0] == (
                "Railways of the World (Eastern U.S.) [lobby]")
            await service.new_game(Where(1, 10), User(1, "a"), "rotw", "eastern-us", {},
                                   name="Tuesday")
            assert (await service.info(Where(1, 10))).text.split("\n")[0] == (
                "Tuesday: Railways of the World on Eastern U.S. [lobby]")

    asyncio.run(go())
