"""/game log reads what each move told everyone when it was made, without replaying the game."""

from __future__ import annotations

import asyncio
import io
import threading

import pytest
from PIL import Image
from service_support import ALICE, BOB, HERE, raw, ready_tiny, rechain
from tinygame import TinyTitle

from bot import film
from bot.replies import UserError
from bot.service import GameService


async def played(service: GameService) -> int:
    await ready_tiny(service, 1000, seed=3)
    game = await service.store.game_in_channel(HERE.channel_id)
    assert game is not None
    seats = {s.seat: s for s in await service.store.seats(game.id)}
    for _ in range(4):
        game = await service.store.game(game.id)
        assert game is not None
        who = ALICE if seats[game.to_act[0]].user_id == ALICE.id else BOB
        await service.act(HERE, who, "roll", {})
    return game.id


async def test_the_log_is_read_not_replayed(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    await played(service)
    expected = (await service.log(HERE, last=3)).text

    def no_replay(*args: object, **kwargs: object) -> None:
        raise AssertionError("the log replayed the game")

    monkeypatch.setattr("bot.service.core.step", no_replay)
    assert (await service.log(HERE, last=3)).text == expected
    lines = expected.splitlines()[1:]
    assert len(lines) == 3 and all(" rolls " in line for line in lines)


async def test_moves_stored_without_their_text_are_replayed_once(service: GameService) -> None:
    gid = await played(service)
    told = (await service.log(HERE, last=20)).text
    await raw(service.store, "UPDATE actions SET public = NULL WHERE game_id = ?", gid)
    await rechain(service.store, gid)  # as such moves were checksummed when the column came
    assert (await service.log(HERE, last=20)).text == told


async def test_the_board_at_an_earlier_move_is_replayed_in_public(service: GameService) -> None:
    gid = await played(service)
    rows = await service.store.actions(gid)
    totals = {}
    for row in rows:  # what each roll said the total was: "alice rolls 4: total 9."
        if row.public and "total" in row.public:
            totals[row.seq] = int(row.public.split("total ")[1].split(".")[0])
    middle = sorted(totals)[1]
    past = await service.board_at(HERE, middle)
    assert past.image == f"PNG total={totals[middle]}".encode()
    assert f"after move #{middle}" in past.text
    start = await service.board_at(HERE, 0)
    assert start.image == b"PNG total=0" and "as set up" in start.text
    latest = max(r.seq for r in rows)
    assert (await service.board_at(HERE, latest)).image == (await service.show_board(HERE)).image


@pytest.mark.parametrize("at", [-1, 99])
async def test_a_move_number_out_of_range_is_refused(service: GameService, at: int) -> None:
    await played(service)
    with pytest.raises(UserError, match=r"at: (is a move number|can be 0 \(as set up\) to 6)"):
        await service.board_at(HERE, at)


async def test_status_tells_a_player_what_happened_since_their_last_move(
    service: GameService,
) -> None:
    gid = await played(service)
    rows = await service.store.actions(gid)
    seats = {s.user_id: s.seat for s in await service.store.seats(gid)}
    last = rows[-1]
    mover, waiter = (ALICE, BOB) if last.seat == seats[ALICE.id] else (BOB, ALICE)
    text = (await service.status(HERE, waiter)).text
    assert f"Since your last move (1 move):\n#{last.seq} {mover.name}: {last.public}" in text
    assert "Nobody has moved since your last move." in (await service.status(HERE, mover)).text
    assert "Since your last move" not in (await service.status(HERE, None)).text
    await service.act(HERE, waiter, "roll", {})
    for _ in range(7):  # the waiter sleeps through many moves: only the newest are listed
        await service.act(HERE, mover, "note", {})
    await service.act(HERE, mover, "roll", {})
    text = (await service.status(HERE, waiter)).text
    assert "Since your last move (8 moves; the 3 before these: /game log last:8):" in text
    assert text.count("\n#") == 5 and text.count(f"{mover.name} makes a mark.") == 4


async def test_a_replay_is_one_animated_frame_per_move(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    gid = await played(service)
    drawn: list[int] = []

    def board(title: str, view: dict[str, object], map_id: str | None, zoom: str | None) -> bytes:
        drawn.append(int(str(view["total"])))
        picture = Image.new("RGB", (120, 80), (10 * len(drawn), 90, 30))
        out = io.BytesIO()
        picture.save(out, "PNG")
        return out.getvalue()

    monkeypatch.setattr(service, "_render", board)
    reply = await service.replay(HERE, 3, None, "gif")
    assert reply.image_name == "replay.gif" and reply.image is not None
    with Image.open(io.BytesIO(reply.image)) as film:
        assert film.n_frames == 4 and film.width == 1000
    totals = [int(r.public.split("total ")[1].split(".")[0]) for r in
              (await service.store.actions(gid))[2:] if r.public]
    assert drawn == totals
    webp = await service.replay(HERE, 3, None)
    assert webp.image is not None and webp.image_name == "replay.webp"
    with Image.open(io.BytesIO(webp.image)) as film:
        shown = []
        for i in range(film.n_frames):
            film.seek(i)
            film.load()
            shown.append(film.info["duration"])
    assert shown == [800, 800, 800, 2400]  # the last picture stays three times as long
    with pytest.raises(UserError, match="from: and to: are move numbers"):
        await service.replay(HERE, 5, 4)
    with pytest.raises(UserError, match="by move shows at most 2 moves and #3 to #6 are 4"):
        await service.replay(HERE, 3, None, limit=2, by="move")
    with pytest.raises(UserError, match="by: is 'move'"):
        await service.replay(HERE, by="moves")
    drawn.clear()
    reply = await service.replay(HERE, limit=2)  # too long by move: by turn instead, and said
    assert "one picture a turn. 6 moves are more than 2 pictures" in reply.text
    assert drawn == totals[-1:]  # the tiny game does not count turns: one turn, one picture


async def test_captions_name_the_turn_and_the_move_and_by_turn_takes_each_turns_last_move(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    gid = await played(service)
    monkeypatch.setattr(TinyTitle, "turn_label", lambda self, st: f"Turn {st['total'] // 7 + 1}")
    captions: list[str] = []

    def frame(board: Image.Image, caption: str, width: int = 100,
              into: Image.Image | None = None) -> Image.Image:
        captions.append(caption)
        return board

    monkeypatch.setattr("bot.film.frame", frame)
    monkeypatch.setattr(service, "_draw", lambda *args: Image.new("RGB", (40, 30)))
    rows = (await service.store.actions(gid))[2:]
    totals = [0] + [int(r.public.split("total ")[1].split(".")[0]) for r in rows]
    turns = [t // 7 + 1 for t in totals]  # the turn after each move; [0]: as set up
    await service.replay(HERE, 3, None)
    # Each move's frame names it in words (its first public sentence).
    said = [r.public.split(". ")[0].removesuffix(".") for r in rows]
    assert all(r.public.startswith((ALICE.name, BOB.name)) for r in rows)
    assert captions == [
        f"Tiny Race · Turn {turns[i - 3]} · #{i} of 6 · {words}"
        for i, words in zip(range(3, 7), said, strict=True)
    ]
    captions.clear()
    await service.replay(HERE, 3, None, by="turn")
    expected, opened = [], 3
    for i in range(3, 7):
        if turns[i - 2] != turns[i - 3] or i == 6:
            moves = f"move #{i}" if opened == i else f"moves #{opened} to #{i}"
            turn = f"Turn {turns[i - 3]}"
            when = f"end of {turn}" if turns[i - 2] != turns[i - 3] else f"{turn} so far"
            expected.append(f"Tiny Race · {when} · {moves} of 6 · {said[i - 3]}")
            opened = i + 1
    assert captions == expected and len(expected) >= 2


async def test_a_second_replay_while_one_is_made_is_refused(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    await played(service)
    started, release = asyncio.Event(), threading.Event()
    loop = asyncio.get_running_loop()

    def slow_board(title: str, view: dict[str, object], map_id: str | None,
                   zoom: str | None) -> bytes:
        loop.call_soon_threadsafe(started.set)
        release.wait(5)
        out = io.BytesIO()
        Image.new("RGB", (60, 40)).save(out, "PNG")
        return out.getvalue()

    monkeypatch.setattr(service, "_render", slow_board)
    first = asyncio.create_task(service.replay(HERE, 3, None))
    await started.wait()
    with pytest.raises(UserError, match="Another replay is being made"):
        await service.replay(HERE, 3, None)
    release.set()
    assert (await first).image is not None


async def test_a_replay_too_big_for_discord_by_move_is_made_by_turn(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    await played(service)
    monkeypatch.setattr(service, "_draw", lambda *args: Image.new("RGB", (40, 30)))
    monkeypatch.setattr("bot.service.history.UPLOAD_LIMIT", 2000)
    reply = await service.replay(HERE, 3, None)
    assert reply.image is not None
    assert "one picture a turn. By move it came to more than 0 MiB, so by turn." in reply.text
    with Image.open(io.BytesIO(reply.image)) as film:
        assert film.n_frames == 1  # the tiny game counts no turns: one picture at its end


async def test_a_replay_by_move_shows_each_moves_focus_cut_from_its_board(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    await played(service)
    boards: list[Image.Image] = []
    cut: list[Image.Image | None] = []

    def draw(*args: object) -> Image.Image:
        boards.append(Image.new("RGB", (400, 300), (20 * len(boards), 90, 30)))
        return boards[-1]

    def focus(title: str, view: object, map_id: object, whole: Image.Image | None,
              ) -> Image.Image:
        cut.append(whole)
        return Image.new("RGB", (100, 200), (255, 214, 0))

    monkeypatch.setattr(service, "_draw", draw)
    monkeypatch.setattr(service, "_focus", focus)
    reply = await service.replay(HERE, 3, None)
    assert reply.image is not None
    # Every focus is cut from the board just drawn for the same move (nothing drawn twice).
    assert len(cut) == 4 and cut == boards
    with Image.open(io.BytesIO(reply.image)) as anim:
        assert anim.size == (film.FOCUS_FRAME[0], film.FOCUS_FRAME[1] + film.BAND)
        # The tall focus picture is scaled to the frame's height, centred on the backdrop.
        y = film.BAND + film.FOCUS_FRAME[1] // 2
        middle = anim.convert("RGB").getpixel((film.FOCUS_FRAME[0] // 2, y))
        edge = anim.convert("RGB").getpixel((10, y))
        assert isinstance(middle, tuple) and middle[0] > 200 and middle[2] < 80
        assert isinstance(edge, tuple) and max(edge) < 60
    cut.clear()
    reply = await service.replay(HERE, 3, None, by="turn")
    assert not cut, "a turn's frame shows the whole board"
    assert reply.image is not None
    with Image.open(io.BytesIO(reply.image)) as anim:
        assert anim.width == film.FRAME_WIDTH
    # A stretch by move too long for focus frames to fit the upload limit shows whole boards.
    monkeypatch.setattr("bot.service.history.FOCUS_MOVES", 3)
    reply = await service.replay(HERE, 3, None)
    assert not cut and reply.image is not None
    with Image.open(io.BytesIO(reply.image)) as anim:
        assert anim.width == film.FRAME_WIDTH and anim.n_frames == 4
