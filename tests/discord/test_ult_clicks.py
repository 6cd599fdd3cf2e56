"""Ultimate Railroads in Discord: placing workers is one click on the board that asks for the
move (every space the player can take now is offered by name), and a whole two-player game is
played by clicks only."""

from __future__ import annotations

import random
from typing import Any

from click_player import ClickPlayer, buttons, hand_button, menus, shipped_bot
from discord_harness import ALICE, BOB, Call, Clock, Harness, Recorder, final
from test_play_by_clicks import acting, game, readable
from test_play_by_clicks import store as store  # the fixture: an open store per test

from bot.app import default_registry
from bot.storage import Store
from engine.core.title import label_text

MAX_MOVES = 400


async def public_view(h: Harness) -> dict[str, Any]:
    g = await game(h)
    loaded = await h.bot.service.load(g)
    return h.bot.service.registry.get("ultimate").view(loaded.state, None)


async def opened(store: Store, recorder: Recorder, clock: Clock,
                 **new: Any) -> tuple[Harness, Call]:
    """A two-player game started on a bot with the shipped titles, and its first board."""
    h = await shipped_bot(store, default_registry(), recorder, clock)
    await h.run(ALICE, ["game", "new"], system="ultimate", **new)
    await h.run(BOB, ["game", "join"])
    return h, final(await h.run(ALICE, ["game", "start"]))


def offered(board: Call) -> dict[str, tuple[str, str | None]]:
    """Every move on a board by what it says: custom_id and menu value (None for a button)."""
    out: dict[str, tuple[str, str | None]] = {b["label"]: (b["custom_id"], None)
                                              for b in buttons(board)}
    for menu in menus(board):
        for option in menu["options"]:
            out.setdefault(option["label"], (menu["custom_id"], option["value"]))
    return out


async def test_a_space_is_taken_with_one_click(
    store: Store, recorder: Recorder, clock: Clock
) -> None:
    h, board = await opened(store, recorder, clock)
    pick = random.Random(2)
    view = await public_view(h)
    while view["phase"] != "actions" or view["players"][view["to_act"][0]]["pending"]:
        board = await click_move(h, board, pick)  # the starting bonus cards
        view = await public_view(h)
    # Labels start with a capital letter, whatever the space's own name.
    names = {s["id"]: label_text(s["name"]) for s in view["spaces"]}
    moves = offered(board)
    open_names = {names[i] for i in view["open_spaces"] if i in names}
    assert open_names and open_names <= set(moves)
    seat = view["to_act"][0]
    wanted = next(s for s in view["spaces"] if s["id"] == "coins")  # resolves without a choice
    cid, value = moves[label_text(wanted["name"])]
    answer = final(await h.click((await acting(h))[0], board, cid, value))
    assert answer.files and not answer.ephemeral, answer.content  # the move is made at once
    taken = next(s for s in (await public_view(h))["spaces"] if s["id"] == "coins")
    assert taken["holder"] == seat


async def click_move(h: Harness, board: Call, pick: random.Random) -> Call:
    """The player to act clicks a move on ``board`` (a choice of the action under way, else
    mostly a space, sometimes Pass) and confirms if asked; returns the next board."""
    readable(board)
    moves = {label: where for label, where in offered(board).items() if label != "My hand"}
    if not moves:  # a secret choice (the face-down end bonus deck) waits under My hand
        hand_id = hand_button(board)
        assert hand_id, board.content
        mover = (await acting(h))[0]
        hand = final(await h.click(mover, board, hand_id))
        assert hand.ephemeral and (buttons(hand) or menus(hand)), hand.content
        readable(hand)
        return await ClickPlayer(h, pick.randrange(1000)).play(mover, hand)
    passes = [label for label in moves if label.startswith("Pass")]
    others = [label for label in moves if not label.startswith("Pass")]
    label = pick.choice(others if others and (pick.random() < 0.9 or not passes) else passes)
    cid, value = moves[label]
    answer = final(await h.click((await acting(h))[0], board, cid, value))
    if not answer.files:
        confirm = [b for b in buttons(answer) if b["label"] == "Confirm"]
        assert confirm, f"'{label}' was refused: {answer.content}"
        answer = final(await h.click((await acting(h))[0], answer, confirm[0]["custom_id"]))
    assert answer.files and not answer.ephemeral, answer.content
    return answer


async def test_a_whole_game_by_clicks_only(
    store: Store, recorder: Recorder, clock: Clock
) -> None:
    h, board = await opened(store, recorder, clock)
    pick = random.Random(7)
    for _ in range(MAX_MOVES):
        if (await game(h)).status == "finished":
            break
        board = await click_move(h, board, pick)
    g = await game(h)
    assert g.status == "finished" and "Game over" in board.content
    actions = [r.action for r in await h.bot.service.store.actions(g.id)]
    assert len(actions) > 60
    assert {"place", "pick", "pass"} <= {a["type"] for a in actions}
    assert {"hire", "loco1", "industry1"} & {a.get("space") for a in actions}


async def board_game_by_clicks(store: Store, recorder: Recorder, clock: Clock, board_id: str,
                               seed: int) -> tuple[set[str], list[dict[str, Any]]]:
    """A whole game on other player boards, played by clicks only to its end: the labels
    offered on the way and the moves made."""
    h, board = await opened(store, recorder, clock, options=f"board={board_id}")
    pick = random.Random(seed)
    labels: set[str] = set()
    for _ in range(MAX_MOVES):
        if (await game(h)).status == "finished":
            break
        labels |= set(offered(board))
        board = await click_move(h, board, pick)
    g = await game(h)
    assert g.status == "finished" and "Game over" in board.content
    name = {"german": "German Railroads", "asian": "Asian Railroads"}[board_id]
    assert name in str((await public_view(h))["board_name"])
    return labels, [r.action for r in await h.bot.service.store.actions(g.id)]


async def test_a_whole_german_railroads_game_by_clicks_only(
    store: Store, recorder: Recorder, clock: Clock
) -> None:
    labels, actions = await board_game_by_clicks(store, recorder, clock, "german", 10)
    # The stations' route extensions were offered by what they give, and were taken.
    assert any(label.startswith("Extension ") for label in labels)
    assert any(str(a.get("choice", "")).startswith("ext-") for a in actions)
    # An end bonus card was chosen in secret, under My hand.
    assert any(str(a.get("choice", "")).startswith("bonus-") for a in actions)


async def test_a_whole_asian_railroads_game_by_clicks_only(
    store: Store, recorder: Recorder, clock: Clock
) -> None:
    labels, actions = await board_game_by_clicks(store, recorder, clock, "asian", 5)
    # Building a factory offered the industry board's factories by what they do.
    assert any(label.startswith("Build the #") for label in labels)
    assert any(str(a.get("choice", "")).startswith("over-") for a in actions)
