"""Whole games played only by clicking what the bot suggests, through the real command tree and
component dispatch: Railways of the World (Eastern U.S., three players; England and Wales, two,
and its Advanced Game, three) and New England."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from click_player import CAROL, ClickPlayer, buttons, hand_button, menus, shipped_bot
from discord_harness import ALICE, BOB, Call, Clock, Harness, Recorder, final

from bot.app import default_registry
from bot.storage import GameRow, SqliteStore, Store

USERS = {ALICE[0]: ALICE, BOB[0]: BOB, CAROL[0]: CAROL}
MAX_MOVES = 600
RAW_ID = re.compile(r"[a-z]+-[a-z-]+#\d|link:\d|\bseat \d")


async def game(h: Harness) -> GameRow:
    found = await h.bot.service.store.last_game_in_channel(100)
    assert found is not None
    return found


async def acting(h: Harness) -> list[tuple[int, str]]:
    g = await game(h)
    seats = {s.seat: s.user_id for s in await h.bot.service.store.seats(g.id)}
    return [USERS[seats[s]] for s in g.to_act]


def readable(message: Call) -> None:
    """What players read on buttons and menus: words, never raw ids."""
    for item in buttons(message):
        assert not RAW_ID.search(item["label"]), item["label"]
    for menu in menus(message):
        counted = re.search(r": (\d+) choices?$", menu.get("placeholder", ""))
        assert counted is None or int(counted[1]) == len(menu["options"]), (
            f"menu cut: {menu['placeholder']}, {len(menu['options'])} shown")
        for option in menu["options"]:
            assert not RAW_ID.search(option["label"]), option["label"]
            assert len(option["label"]) <= 100


async def play_out(h: Harness, board: Call, player: ClickPlayer) -> Call:
    """Click until the game is over; secret moves are clicked under `/game hand`."""
    for _ in range(MAX_MOVES):
        g = await game(h)
        if g.status == "finished":
            return board
        mover = (await acting(h))[0]
        readable(board)
        if not components_for(board):
            # Nothing public to click (a secret choice, or several players choosing at once):
            # the mover's private menu under "My hand" has it.
            hand_id = hand_button(board)
            assert hand_id, board.content
            hand = final(await h.click(mover, board, hand_id))
            assert hand.ephemeral and (buttons(hand) or menus(hand)), hand.content
            readable(hand)
            answer = await player.play(mover, hand)
        else:
            answer = await player.play(mover, board)
        board = answer
    raise AssertionError("the game did not end")


def components_for(message: Call) -> bool:
    return bool(buttons(message) or menus(message))


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = SqliteStore(str(tmp_path / "games.sqlite3"))
    await opened.open()
    yield opened
    await opened.close()


async def rotw_by_clicks(
    store: Store, recorder: Recorder, clock: Clock, map_id: str,
    others: list[tuple[int, str]], seed: int,
) -> tuple[Harness, GameRow, str]:
    """A shorter game of Railways of the World on ``map_id`` clicked to the end; returns the
    finished game and every label clicked."""
    h = await shipped_bot(store, default_registry(), recorder, clock)
    await h.run(ALICE, ["game", "new"], system="rotw", map=map_id, options="shorter_game=true")
    for user in others:
        await h.run(user, ["game", "join"])
    start = final(await h.run(ALICE, ["game", "start"]))
    player = ClickPlayer(h, seed=seed)
    end = await play_out(h, start, player)
    g = await game(h)
    assert g.status == "finished" and "Game over" in end.content
    assert player.follow_ups > 0, "no suggestion asked for a choice or a confirmation"
    # The bid amounts (up to the cap) fill several pages: each value was reached by clicks.
    assert player.longest > 25, "no follow-up menu needed a second page"
    return h, g, " ".join(player.labels)


async def test_railways_of_the_world_by_clicks_only(
    store: Store, recorder: Recorder, clock: Clock
) -> None:
    h, g, said = await rotw_by_clicks(store, recorder, clock, "eastern-us", [BOB, CAROL], 11)
    for kind in ("Keep Rail Baron", "Deliver", "Build", "Bid", "Pass"):
        assert kind in said, f"never clicked a '{kind}' suggestion"
    rows = await h.bot.service.store.actions(g.id)
    kinds = {r.action["type"] for r in rows}
    assert {"choose_baron", "bid", "build", "deliver"} <= kinds


async def test_england_and_wales_by_clicks_only(
    store: Store, recorder: Recorder, clock: Clock
) -> None:
    _, _, said = await rotw_by_clicks(store, recorder, clock, "england-wales", [BOB], 5)
    for kind in ("Keep Rail Baron", "Deliver", "Build"):
        assert kind in said, f"never clicked a '{kind}' suggestion"
    # a holder was asked, by the name this map's deck gives the card
    assert "Railway Inspector" in said and "Railroad Inspector" not in said


async def test_new_england_by_clicks_only(store: Store, recorder: Recorder, clock: Clock) -> None:
    h = await shipped_bot(store, default_registry(), recorder, clock)
    await h.run(ALICE, ["game", "new"], system="newengland")
    await h.run(BOB, ["game", "join"])
    await h.run(CAROL, ["game", "join"])
    start = final(await h.run(ALICE, ["game", "start"]))
    player = ClickPlayer(h, seed=5)
    end = await play_out(h, start, player)
    g = await game(h)
    assert g.status == "finished" and "The game is over." in end.content
    said = " ".join(player.labels)
    for kind in ("Borrow", "Bid", "Pass", "Ship"):
        assert kind in said, f"never clicked a '{kind}' suggestion"
    kinds = {r.action["type"] for r in await h.bot.service.store.actions(g.id)}
    assert {"loan", "bid", "ship"} <= kinds
    assert end.files


async def test_the_advanced_game_by_clicks_only(
    store: Store, recorder: Recorder, clock: Clock
) -> None:
    """England and Wales' Advanced Game: share auctions, company actions, dividends and secret
    merger votes (clicked privately under My hand), all from the buttons and menus."""
    h = await shipped_bot(store, default_registry(), recorder, clock)
    await h.run(ALICE, ["game", "new"], system="rotw", map="england-wales",
                options="advanced=true,end_empty=5")
    await h.run(BOB, ["game", "join"])
    await h.run(CAROL, ["game", "join"])
    start = final(await h.run(ALICE, ["game", "start"]))
    player = ClickPlayer(h, seed=8)
    end = await play_out(h, start, player)
    g = await game(h)
    assert g.status == "finished" and "Game over" in end.content
    said = " ".join(player.labels)
    for kind in ("Auction a", "Bid", "build", "dividend"):
        assert kind in said, f"never clicked a '{kind}' suggestion"
    kinds = {r.action["type"] for r in await h.bot.service.store.actions(g.id)}
    # this seed proposes a merger, so votes were clicked under My hand
    assert {"auction", "build", "dividend", "merge", "vote"} <= kinds
