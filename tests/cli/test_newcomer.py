"""What a newcomer meets typing their first lines: replies that say what to type next."""

from __future__ import annotations

import argparse
import asyncio
import io
import re
from pathlib import Path

import pytest
from typed_table import Table, errors, registry, suggested_commands, table

from bot.cli.main import play, run_bot
from bot.commands import split_line
from bot.replies import UserError


def test_a_value_with_spaces_is_shown_in_quotes() -> None:
    with pytest.raises(UserError) as exc:
        split_line("alice /build from:New York to:New Haven")
    assert "a value with spaces goes in quotes" in exc.value.message
    assert exc.value.message.endswith('Type: alice /build from:"New York" to:"New Haven"')


def test_a_line_without_a_name_shows_the_form() -> None:
    with pytest.raises(UserError) as exc:
        split_line("/game help")
    assert exc.value.message.endswith("e.g. alice /game help")


async def _lobby(tmp_path: Path, system: str) -> tuple[str, str]:
    async with table(tmp_path) as t:
        await t.type(f"alice /game new system:{system}")
        return await t.type("alice /game help"), await t.type("alice /game start")


def test_the_lobby_says_how_to_fill_the_table(tmp_path: Path) -> None:
    helped, started = asyncio.run(_lobby(tmp_path, "rotw"))
    assert "/game addbot" in helped and "solo" not in helped
    assert "needs 2-6 players, not 1" in started and "/game addbot" in started


def test_a_title_with_a_solo_game_says_so(tmp_path: Path) -> None:
    helped, _ = asyncio.run(_lobby(tmp_path, "ultimate"))
    assert "/game addbot" in helped and "One player alone plays the solo game" in helped


async def _to_the_auction(t: Table) -> None:
    """A two-player Eastern U.S. game, each keeping the first Rail Baron offered."""
    await t.type("alice /game new system:rotw map:eastern-us")
    await t.type("bob /game join")
    await t.type("alice /game start")
    for who in ("alice", "bob"):
        keep = suggested_commands(await t.type(f"{who} /game help"))[0]
        await t.type(f"{who} {keep}")


async def _rotw_first_action(tmp_path: Path) -> dict[str, str]:
    """A two-player Eastern U.S. game up to its first action; the replies worth reading."""
    seen: dict[str, str] = {}
    async with table(tmp_path, seed=2) as t:
        await _to_the_auction(t)
        first = (await t.waiting())[0]
        other = "bob" if first == "alice" else "alice"
        seen["first"], seen["other"] = first, other
        await t.type(f"{first} /pass")
        seen["dropped"] = await t.type(f"{first} /bid amount:2")
        await t.type(f"{other} /pass")
        mover = (await t.waiting())[0]
        seen["mover"] = mover
        seen["help"] = await t.type(f"{mover} /game help")
        seen["red"] = await t.type(f"{mover} /urbanize city:Toledo colour:red")
        seen["pass"] = await t.type(f"{mover} /pass")
        seen["still"] = "\n".join(await t.waiting())
        seen["elsewhere"] = await t.type(f"{mover} /place space:wood2")
        seen["via"] = await t.type(f'{mover} /build from:Pittsburgh to:Cleveland via:"F12 G13"')
    return seen


def test_railways_of_the_world_replies_lead_the_way(tmp_path: Path) -> None:
    seen = asyncio.run(_rotw_first_action(tmp_path))
    # A player who passed in the auction hears they are out of it, not whose turn it is.
    assert "you are out of this auction" in seen["dropped"]
    # /game help names only the options a player can use now, in this game's words.
    help_text = seen["help"]
    build = next(line for line in help_text.splitlines() if line.startswith("/build "))
    assert build == ("/build from:... [to:...] [via:...] [path:...] — "
                     "Build up to 4 tiles of one link")
    assert "Advanced Game" not in help_text
    assert "grant:" not in help_text and "switch:" not in help_text
    commands = [line for line in help_text.splitlines() if line.startswith("/")]
    assert commands[-1].startswith("/pass ")
    # Urbanize is among the suggestions, and a red one says why it is refused.
    assert "/urbanize city:... colour:..." in suggested_commands(help_text)
    assert "the tile supply has no red cities" in seen["red"]
    # A typed pass that throws away an action asks first, like its button, and changes nothing.
    assert "Passing throws away this action" in seen["pass"]
    assert "confirm:true" in seen["pass"]
    assert seen["still"] == seen["mover"]
    # Another title's move is refused with what this channel plays.
    assert "/place is not a move in Railways of the World" in seen["elsewhere"]
    assert "/game help" in seen["elsewhere"]
    # A hex the map lacks is named, with one it has.
    assert "via: F12 is not a hex of this map" in seen["via"]
    assert re.search(r"is on [A-Z]+\d+\.", seen["via"])


async def _ultimate_opening(tmp_path: Path) -> dict[str, str]:
    seen: dict[str, str] = {}
    async with table(tmp_path, seed=1) as t:
        await t.type("alice /game new system:ultimate")
        await t.type("bob /game join")
        await t.type("carol /game join")
        await t.type("alice /game start")
        for _ in range(12):  # the starting bonuses, each step by the first suggestion
            who = (await t.waiting())[0]
            seen["help"] = await t.type(f"{who} /game help")
            offered = suggested_commands(seen["help"])
            if offered[0].startswith("/place "):
                break
            wood = next((c for c in offered if "kyiv" in c), offered[0])
            reply = await t.type(f"{who} {wood.replace('kyiv', 'kiev')}")
            if "kyiv" in wood:
                seen.setdefault("kiev", reply)
        seen["place"] = await t.type(f"{who} /place space:loco1")
    return seen


def test_ultimate_help_ranks_spaces_and_leads_to_pick(tmp_path: Path) -> None:
    seen = asyncio.run(_ultimate_opening(tmp_path))
    offered = suggested_commands(seen["help"])
    assert offered[0].startswith("/place ")
    assert offered.index("/pass") > offered.index("/place space:loco1")
    # A space that needs a choice says /pick comes next, with an example.
    assert "to choose with /pick (e.g. /pick choice:" in seen["place"]
    # Kiev is read as Kyiv, and the reply keeps the board's spelling.
    assert "Kyiv" in seen["kiev"] and not errors(seen["kiev"])


async def _advanced_company_help(tmp_path: Path) -> str:
    async with table(tmp_path, seed=3) as t:
        await t.type("alice /game new system:rotw map:england-wales options:advanced=true")
        await t.type("bob /game join")
        await t.type("carol /game join")
        await t.type("alice /game start")
        buyer = (await t.waiting())[0]
        await t.type(f"{buyer} /auction company:green amount:5")
        for _ in range(12):  # everyone else stays out; the buyer is left to act for Green
            who = (await t.waiting())[0]
            text = await t.type(f"{who} /game help")
            if "/build" in text:
                return text
            await t.type(f"{who} /pass")
    raise AssertionError("no company round came")


def test_the_advanced_game_help_offers_only_a_company_s_build(tmp_path: Path) -> None:
    text = asyncio.run(_advanced_company_help(tmp_path))
    build = next(line for line in text.splitlines() if line.startswith("/build "))
    assert build == ("/build from:... [to:...] [via:...] [path:...] — "
                     "Build one whole link for the company")
    assert not any(word in text for word in ("grant:", "cards:", "depot", "switch:"))


async def _land_grant(tmp_path: Path) -> dict[str, str]:
    """A card kept in hand (the Land Grant) taken and played with a build; then an undo."""
    seen: dict[str, str] = {}
    async with table(tmp_path, seed=1) as t:
        await _to_the_auction(t)
        for _ in range(2):
            await t.type(f"{(await t.waiting())[0]} /pass")
        taker = (await t.waiting())[0]
        seen["take"] = await t.type(f"{taker} /card card:land-grant")
        other = (await t.waiting())[0]
        await t.type(f"{other} /upgrade confirm:true")
        seen["help"] = await t.type(f"{taker} /game help")
        seen["build"] = await t.type(
            f"{taker} /build from:Philadelphia to:Baltimore grant:true confirm:true")
        await t.type(f"{(await t.waiting())[0]} /upgrade confirm:true")
        await t.type(f"{taker} /upgrade confirm:true")
        await t.type(f"{taker} /game undo")
        await t.type(f"{other} /game undo")  # the turn has passed on: the other agrees
        seen["log"] = await t.type(f"{taker} /game log")
    return seen


def test_a_card_in_hand_is_offered_and_its_use_is_told(tmp_path: Path) -> None:
    seen = asyncio.run(_land_grant(tmp_path))
    assert "took Government Land Grant" in seen["take"]
    build = next(line for line in seen["help"].splitlines() if line.startswith("/build "))
    assert "[grant:...]" in build
    assert "Government Land Grant played and used up" in seen["build"]
    assert "(1 move taken back with /game undo)" in seen["log"]


class _Keyboard(io.StringIO):
    """Standard input as a terminal: the player types at the prompt."""

    def isatty(self) -> bool:
        return True


def test_the_first_screens_show_a_line_to_type(tmp_path: Path) -> None:
    makefile = (Path(__file__).resolve().parents[2] / "Makefile").read_text()
    run = makefile.split("\nrun:", 1)[1].split("\n\n", 1)[0]
    assert "DISCORD_TOKEN is not set" in run and "e.g. alice /game help" in run
    out = io.StringIO()
    args = argparse.Namespace(db=str(tmp_path / "g.db"), seed=None, out=str(tmp_path),
                              channel=1)
    assert asyncio.run(play(args, registry(), _Keyboard("alice /game help\n"), out)) == 0
    banner, answer = out.getvalue().split("\n", 1)
    assert "alice /game help" in banner
    assert "No game here yet" in answer and "/game addbot" in answer


def test_running_the_bot_without_a_token_says_what_to_do(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert run_bot("unused.db", None) == 2
    said = capsys.readouterr().err
    assert "railbot sync" in said and "alice /game help" in said
