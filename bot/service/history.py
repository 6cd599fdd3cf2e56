"""The game as it was: the board after any earlier move, replayed from the log."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

from PIL import Image

from bot import film
from bot.replies import Reply, UserError
from bot.service.core import ServiceCore, Where, log
from bot.service.display import colourblind_on
from bot.storage import GameRow, SeatRow
from engine.core import Action, State, effective_actions, new_game
from engine.core.lastmove import KEY as LAST_MOVE
from renderers import player_colour
from renderers.kit.chart import Line, score_chart
from renderers.kit.png import encode

MAX_FRAMES = 600
"""Most frames one /game replay draws (house value): a whole 6-player game (about 520 moves) by
move takes 5 to 8 MiB, under Discord's 10 MiB upload limit (a file over it is made by turn
instead), and 10 to 20 s of one CPU (docs/pictures.md); a longer stretch is shown one frame
per turn."""

UPLOAD_LIMIT = 10 * 2**20
"""Discord's default upload limit for a bot's message."""

FOCUS_MOVES = 200
"""A replay by move of at most this many moves shows each move's focus picture (house value):
a focus frame at a new place differs from the one before it whole (some 50-60 KiB against
some 16 for a whole-board frame), one whose view stayed in the caption, header and the
move's hexes, and 200 of them stay under Discord's upload limit (6.7 to 7.3 MiB for 200 moves
of a 6-player game at ``film.FOCUS_METHOD``)."""

QUICK_FOCUS_MOVES = 160
"""Up to this many focus frames are encoded with the quicker, bigger ``film.FOCUS_METHOD``;
more with ``film.METHOD``, so that ``FOCUS_MOVES`` of them stay under the upload limit even
when few views stay (160 new squares at some 60 KiB come to 9.4 MiB)."""

BY = ("move", "turn")
"""A replay shows the board after every move, or once per turn (at the turn's last move)."""

_FILMING = asyncio.Semaphore(1)
"""One replay is made at a time in a process: each one keeps a CPU busy for a while, and a
channel asking for many at once must not starve the moves of every other game."""


class History(ServiceCore):
    """Looking back at a game; writes nothing."""

    async def board_at(self, where: Where, at: int, zoom: str | None = None) -> Reply:
        """The board after log entry #``at`` (0: as set up), in the public view: a past board
        shows no more than everyone could see."""
        game = await self._game(where, ended=True)
        if game.status == "lobby":
            raise UserError(f"{game.name} has not started yet, so there is no board to show.")
        if at < 0:
            raise UserError("at: is a move number from /game log, or 0 for the board as set up.")
        if at > game.seq:
            raise UserError(
                f"{game.name} has no move #{at} yet: at: can be 0 (as set up) to {game.seq}."
            )
        if at == game.seq:
            state = (await self.load(game)).state
        else:
            await self.load(game)  # a game whose moves no longer replay says so, as everywhere
            rows = [r for r in await self.whole_log(game) if r.seq <= at]
            effective = effective_actions([(r.seq, r.action) for r in rows])
            seats = await self.store.seats(game.id)
            # Replaying is CPU work: off the event loop.
            state = await asyncio.to_thread(self.replay_from_start, game, seats, effective)
        image = await self._board(game, state, zoom)
        if image is None:
            raise UserError(f"{self.title(game).meta.name} has no board picture yet.")
        when = "as set up" if at == 0 else f"after move #{at}"
        return Reply(f"{game.name}, {when} (of {game.seq}).", image=image)

    async def replay(
        self,
        where: Where,
        start: int | None = None,
        end: int | None = None,
        fmt: str = "webp",
        limit: int | None = MAX_FRAMES,
        by: str | None = None,
    ) -> Reply:
        """An animation of the board from move ``start`` to ``end`` (log numbers; by default the
        whole game), in the public view, one frame per move or per turn (``by``). Without
        ``by``, a stretch of more than ``limit`` moves is shown by turn."""
        game = await self._game(where, ended=True)
        if game.status == "lobby" or game.seq == 0:
            raise UserError(f"{game.name} has no moves yet, so there is nothing to replay.")
        if self._render is None and self._draw is None:
            raise UserError(f"{self.title(game).meta.name} has no board picture yet.")
        if by is not None and by not in BY:
            raise UserError(f"by: is 'move' (one picture a move) or 'turn', not '{by}'.")
        last = end if end is not None else game.seq
        first = start if start is not None else 1
        if not 1 <= first <= last <= game.seq:
            raise UserError(
                f"from: and to: are move numbers from /game log, 1 to {game.seq}, with from: "
                "not after to:."
            )
        await self.load(game)  # a game whose moves no longer replay says so, as everywhere
        rows = [r for r in await self.whole_log(game) if r.seq <= last]
        effective = effective_actions([(r.seq, r.action) for r in rows])
        shown = sum(1 for seq, _ in effective if seq >= first)
        if not shown:
            raise UserError(f"Moves #{first} to #{last} were all taken back: nothing to show.")
        note = ""
        if by is None:
            by = "move" if limit is None or shown <= limit else "turn"
            if by == "turn":
                note = f" {shown} moves are more than {limit} pictures, so one picture a turn."
        elif by == "move" and limit is not None and shown > limit:
            raise UserError(
                f"A replay by move shows at most {limit} moves and #{first} to #{last} are "
                f"{shown}: choose by:turn, or a shorter stretch with from: and to:."
            )
        seats = await self.store.seats(game.id)
        if limit is not None and _FILMING.locked():
            raise UserError("Another replay is being made right now; ask again in a minute.")
        async with _FILMING:
            # A short stretch by move shows each move's focus picture; a long one the whole
            # board, whose frames store only what changed (focus frames change whole).
            focus = by == "move" and shown <= FOCUS_MOVES
            data = await asyncio.to_thread(self.film, game, seats, effective, first, fmt, by,
                                           focus)
            if limit is not None and by == "move" and len(data) > UPLOAD_LIMIT:
                by = "turn"  # Discord would refuse the file: the same stretch by turn instead
                note = f" By move it came to more than {UPLOAD_LIMIT // 2**20} MiB, so by turn."
                data = await asyncio.to_thread(self.film, game, seats, effective, first, fmt, by)
        each = "move" if by == "move" else "turn"
        return Reply(
            f"{game.name}, moves #{first} to #{last}, one picture a {each}.{note}",
            image=data,
            image_name=f"replay.{fmt}",
        )

    def film(
        self,
        game: GameRow,
        seats: list[SeatRow],
        effective: list[tuple[int, Action]],
        first: int,
        fmt: str,
        by: str = "move",
        focus: bool = False,
    ) -> bytes:
        """The animation's bytes: the board after each move (or each turn's last move) from
        ``first`` on, with ``focus`` each move's focus picture; frames are drawn and encoded one
        at a time (synchronous)."""
        focus = focus and (self._focus is not None or self._frame is not None)
        quick = focus and sum(1 for seq, _ in effective if seq >= first) <= QUICK_FOCUS_MOVES
        return film.animate(self._frames(game, seats, effective, first, by, focus), fmt,
                            film.FOCUS_METHOD if quick else film.METHOD,
                            film.FOCUS_QUALITY if focus else film.QUALITY)

    def _frames(
        self,
        game: GameRow,
        seats: list[SeatRow],
        effective: list[tuple[int, Action]],
        first: int,
        by: str,
        focus: bool,
    ) -> Iterator[tuple[Image.Image, int]]:
        title = self.title(game)
        names = self._names(seats)
        movers = {seq: int(action.get("seat", -1)) for seq, action in effective}
        state = new_game(title, self.config(game, seats))
        turn = title.turn_label(state)  # the turn the next move is made in
        opened = first  # the first move shown of that turn
        last = effective[-1][0]
        keep: dict[str, Any] = {}  # the painter's memo: each frame draws only what changed
        shown: Image.Image | None = None
        for seq, res in self.replay_steps(game, state, effective):
            made_in, turn = turn, title.turn_label(res.state)
            if seq < first:
                opened = seq + 1
                continue
            if by == "move":
                caption = _caption(game.name, made_in, f"#{seq} of {game.seq}",
                                   _said(res.state) or names.get(movers[seq], ""))
                ms = film.MOVE_MS
            elif turn != made_in or seq == last:
                moves = f"move #{seq}" if opened == seq else f"moves #{opened} to #{seq}"
                ended = turn != made_in or title.is_over(res.state)
                when = f"end of {made_in}" if ended else f"{made_in} so far"
                caption = _caption(game.name, when if made_in else "", f"{moves} of {game.seq}",
                                   _said(res.state))
                ms = film.TURN_MS
            else:
                continue
            opened = seq + 1
            # Each picture drawn no bigger than the frame shows it; with ``focus``, the part of
            # the board where the move happened, which reads at Discord's size.
            width = film.FOCUS_FRAME[0] if focus else film.FRAME_WIDTH
            picture = self.frame_picture(game, res.state, width, focus, keep)
            if picture is None:
                return
            # With a frame painter, a whole-board frame is drawn on the one before (encoded by
            # now: frames are taken one at a time).
            into = shown if self._frame is not None else None
            shown = film.focus_frame(picture, caption, into=into) if focus else film.frame(
                picture, caption, into=into)
            yield shown, ms * (3 if seq == last else 1)

    async def final_chart(self, game: GameRow, seats: list[SeatRow]) -> bytes | None:
        """The score chart for the game-over message; a drawing bug only costs the picture."""
        if self._render is None and self._draw is None:  # a terminal game without pictures
            return None
        try:
            return await self.score_chart(game, seats)
        except Exception:
            log.exception("the score chart of game %s failed", game.id)
            return None

    async def score_chart(self, game: GameRow, seats: list[SeatRow]) -> bytes | None:
        """Every player's points over the whole game as a line chart (PNG), replayed from the
        log off the event loop; None for a title without a running score."""
        rows = await self.whole_log(game)
        effective = effective_actions([(r.seq, r.action) for r in rows if r.seq <= game.seq])
        return await asyncio.to_thread(self._chart, game, seats, effective)

    def _chart(
        self, game: GameRow, seats: list[SeatRow], effective: list[tuple[int, Action]]
    ) -> bytes | None:
        title = self.title(game)
        state = new_game(title, self.config(game, seats))
        samples = [title.points(state)]
        if not samples[0]:
            return None
        label = title.turn_label(state)
        turns = [(0, label)] if label else []
        for _, res in self.replay_steps(game, state, effective):
            samples.append(title.points(res.state))
            now = title.turn_label(res.state)
            if now != label:
                turns.append((len(samples) - 1, now))
                label = now
        lines = [
            Line(s.name, player_colour(game.title, s.colour), [p.get(s.seat, 0) for p in samples])
            for s in seats
        ]
        heading = f"{game.name}: scores over the game"
        return encode(score_chart(heading, lines, turns, numbered=colourblind_on(game.options)))


def _said(state: State) -> str:
    """The last move in words (its public record), for a replay's caption."""
    move = state.get(LAST_MOVE)
    return str(move.get("text") or "") if isinstance(move, dict) else ""


def _caption(name: str, turn: str, moves: str, who: str) -> str:
    return " · ".join(part for part in (name, turn, moves, who) if part)
