"""The service core: who and where, the game lock, loading a game into the cache, shared texts.

Every entry point of the service takes where it was asked (guild and channel ids) and who
asked, and returns a :class:`Reply`. Bad input raises :class:`UserError` or the engine's
:class:`IllegalAction`; both mean nothing was written.
"""

from __future__ import annotations

import asyncio
import io
import logging
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.replies import Private, Reply, UnknownTitle, UserError, cannot_replay, damaged_log
from bot.service.cache import GameCache, Loaded
from bot.service.display import rules_options, shown_view
from bot.storage import ActionRow, GameChange, GameRow, SeatRow, Store, first_damaged
from engine.computer import LEVELS
from engine.core import (
    UNDO,
    Action,
    Config,
    Event,
    IllegalAction,
    Registry,
    State,
    Step,
    Title,
    effective_actions,
    new_game,
    step,
    visible_to,
)

if TYPE_CHECKING:
    from PIL import Image

log = logging.getLogger("railbot.service")

BoardRenderer = Callable[[str, dict[str, Any], str | None, str | None], bytes | None]
"""(title id, public view, map id, zoom) -> PNG bytes, or None when the title has no board."""

BoardPainter = Callable[[str, dict[str, Any], str | None, str | None], "Image.Image | None"]
"""The same picture as an image: many pictures in a row (a replay) skip the PNG round trip."""

FocusPainter = Callable[
    [str, dict[str, Any], str | None, "Image.Image | None"], "Image.Image | None"]
"""(title id, public view, map id, the full picture when drawn already) -> the focus picture:
the part of the board where the last move happened, under a header naming it."""

BoardWarmer = Callable[[str, dict[str, Any], str | None, "Image.Image | None"], int]
"""(title id, public view, map id, the view's board alone when it was just posted) -> how many
pictures were prepared: draws the game's whole-board pictures and keeps what their posted
encode reuses (the map's palette and bands of rows), posting nothing, so that the game's next
whole board is encoded as a next picture rather than from nothing (CPU work, run off a move's
path); the board posted need not be drawn or prepared again."""

FramePainter = Callable[[str, dict[str, Any], str | None, int, bool, "dict[str, Any] | None"],
                        "Image.Image | None"]
"""(title id, public view, map id, width, focus, memo) -> a replay frame's picture drawn no
bigger than it is shown ``width`` pixels wide: the whole board, or with ``focus`` the focus
picture (None for a title without pictures). The memo, one dict per replay kept from frame to
frame, lets a painter draw only what changed; the picture is then the painter's, changed by
the next frame."""


LEVEL_STEP = 1000
"""A computer's user id is -(level index * LEVEL_STEP + name index + 1)."""

WAITING = "Waiting for "
"""How the line naming whoever must act next begins (a run of moves keeps only its last)."""


@dataclass(frozen=True)
class Where:
    guild_id: int | None
    channel_id: int


@dataclass(frozen=True)
class User:
    id: int
    name: str
    manager: bool = False
    """May manage the server (Discord's Manage Server): may kick, replace, pause and abandon."""


def command_for(title: Title, kind: str) -> str | None:
    """The command a player types for moves of type ``kind`` (players never see the type)."""
    return next((c.name for c in title.meta.commands if c.action == kind), None)


def public_text(events: list[Event]) -> str:
    """What everyone may read of one move's events, as one line for /game log: whole sentences
    follow each other, anything else is parted by a semicolon."""
    text = ""
    for ev in events:
        if not visible_to(ev, None):
            continue
        if text:
            text += " " if text.endswith((".", "!", "?", ")")) else "; "
        text += ev["text"]
    return text


def is_bot(user_id: int) -> bool:
    return user_id < 0


def bot_level(user_id: int) -> str:
    return LEVELS[min(len(LEVELS) - 1, (-user_id - 1) // LEVEL_STEP)]


class ServiceCore:
    """What every part of the service shares: the store, the titles, the locks, the cache."""

    def __init__(
        self,
        store: Store,
        registry: Registry,
        *,
        render: BoardRenderer | None = None,
        draw: BoardPainter | None = None,
        focus: FocusPainter | None = None,
        frames: FramePainter | None = None,
        warm: BoardWarmer | None = None,
        clock: Callable[[], float] = time.time,
        seeds: random.Random | None = None,
    ) -> None:
        self.store = store
        self.registry = registry
        self._render = render
        self._draw = draw
        self._focus = focus
        self._frame = frames
        self._warm = warm
        self._warming: set[asyncio.Task[None]] = set()
        """Pictures being prepared in the background (see :meth:`warm_later`)."""
        self._clock = clock
        self._seeds = seeds or random.Random()
        self._locks: dict[int, asyncio.Lock] = {}
        self._cache = GameCache()
        self._checked: dict[int, tuple[int, str]] = {}
        """Per game: the move up to which its log's checksums were found whole, and the
        checksum there (only what was appended since is checked again)."""

    # -- helpers -------------------------------------------------------------------------------

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    async def game_here(
        self, where: Where, *, required: bool = True, ended: bool = False, checked: bool = True
    ) -> GameRow | None:
        """The channel's running game; with ``ended``, else the last one (to look at). Its log
        is checked first (:meth:`check_log`) unless ``checked`` is off (abandoning a game
        needs no look at its moves, so a damaged game can be abandoned)."""
        if ended:
            game = await self.store.last_game_in_channel(where.channel_id)
        else:
            game = await self.store.game_in_channel(where.channel_id)
        if game is None and required:
            raise UserError(await self._no_game_text(where))
        if game is not None and checked:
            await self.check_log(game)
        return game

    async def _no_game_text(self, where: Where) -> str:
        """Why a command finds no running game here: none ever, or the last one is over."""
        last = await self.store.last_game_in_channel(where.channel_id)
        if last is None:
            return "There is no game in this channel. Start one with /game new."
        if last.status == "finished":
            return (f"{last.name} is over: /game board shows its final board and /game status "
                    "the standings. Start a new game with /game new.")
        return (f"{last.name} was abandoned: /game board shows where it stopped. Start a new "
                "game with /game new.")

    async def check_log(self, game: GameRow) -> None:
        """Raise the "damaged" sentence every command gives when the game's stored log was
        altered, lost a move or was damaged anywhere, snapshots or not: its checksum chain must
        hold from the first move to ``game.seq``. Checked in full once per process, then only
        what was appended since."""
        after, prev = self._checked.get(game.id, (0, ""))
        if after > game.seq:  # the log is shorter than when it was checked: check it again
            after, prev = 0, ""
        if after == game.seq:
            return
        self._verify(game, await self.store.actions(game.id, after=after), after, prev)

    async def whole_log(self, game: GameRow) -> list[ActionRow]:
        """Every stored move of the game up to ``game.seq``, checked as :meth:`check_log` does
        (commands that read the whole log find damage made since it was last checked)."""
        return self._verify(game, await self.store.actions(game.id))

    def _verify(
        self, game: GameRow, rows: list[ActionRow], after: int = 0, prev: str = ""
    ) -> list[ActionRow]:
        rows = [r for r in rows if r.seq <= game.seq]
        bad = first_damaged(rows, after, prev)
        end = rows[-1].seq if rows else after
        if bad is None and end != game.seq:
            bad = end + 1  # moves missing at the end
        if bad is not None:
            self._checked.pop(game.id, None)
            log.warning("game %s: the stored log breaks at move #%s", game.id, bad)
            raise damaged_log(game.name, bad)
        if rows:
            self._checked[game.id] = (game.seq, rows[-1].chain or "")
        return rows

    async def _game(self, where: Where, *, ended: bool = False, checked: bool = True) -> GameRow:
        game = await self.game_here(where, ended=ended, checked=checked)
        assert game is not None
        return game

    def title(self, game: GameRow) -> Title:
        if game.title not in self.registry:
            raise UnknownTitle(game.name, game.title)
        return self.registry.get(game.title)

    @staticmethod
    def _seat_of(seats: list[SeatRow], user: User) -> SeatRow | None:
        return next((s for s in seats if s.user_id == user.id), None)

    async def _seated(self, game: GameRow, user: User) -> SeatRow:
        seat = self._seat_of(await self.store.seats(game.id), user)
        if seat is None:
            raise UserError(
                f"You are not playing in {game.name}. Spectators can use /game board, "
                "/game status and /game log."
            )
        return seat

    async def _reload(self, game: GameRow) -> GameRow:
        """The game's row as it is now: a check made before waiting for the lock may be out of
        date (another command started, paused or ended the game meanwhile)."""
        return await self.store.game(game.id) or game

    def _require_admin(self, game: GameRow, user: User, what: str) -> None:
        if user.id != game.creator_id and not user.manager:
            raise UserError(f"Only the game's creator or a server manager can {what}.")

    def config(self, game: GameRow, seats: list[SeatRow]) -> Config:
        """The engine's config; a game not yet started takes its title's current rules."""
        rules = game.rules_version
        return {
            "title": game.title,
            "map": game.map,
            "options": rules_options(game.options),
            "seed": game.seed or 0,
            "players": [{"seat": s.seat, "name": s.name, "colour": s.colour} for s in seats],
            "rules_version": rules if rules is not None else self.title(game).meta.rules_version,
        }

    async def load(self, game: GameRow) -> Loaded:
        """The game's current state: from the cache, else a snapshot plus the actions after it."""
        cached = self._cache.get(game.id, game.version)
        if cached is not None:
            return cached
        loaded = Loaded(game.seq, game.version, await self._rebuild(game))
        self._cache.put(game.id, loaded)
        return loaded

    async def _rebuild(self, game: GameRow, *, undoing: int | None = None) -> State:
        """The state as of ``game.seq`` from the newest usable snapshot and the log after it;
        with ``undoing``, as if that move (the latest effective one) were taken back."""
        snap = await self.store.latest_snapshot(
            game.id, before=undoing if undoing is not None else game.seq + 1
        )
        undo = [(game.seq + 1, {"type": UNDO, "target": undoing})] if undoing else []

        async def log_after(seq: int) -> list[tuple[int, Action]]:
            rows = await self.store.actions(game.id, after=seq)
            return [(r.seq, r.action) for r in rows if r.seq <= game.seq] + undo

        try:
            effective = effective_actions(await log_after(snap[0] if snap else 0))
        except IllegalAction:  # an undo reaching behind the snapshot: resolve the whole log
            snap, effective = None, effective_actions(await log_after(0))
        return await self._replay(game, snap, effective)

    async def _last_move(self, game: GameRow) -> tuple[int, Action] | None:
        """The latest move not taken back, reading the log from its end."""
        after = max(0, game.seq - 20)
        while True:
            undone = 0
            for row in reversed(await self.store.actions(game.id, after=after)):
                if row.seq > game.seq:
                    continue
                if row.action.get("type") == UNDO:
                    undone += 1  # each undo cancels the latest move still standing before it
                elif undone:
                    undone -= 1
                else:
                    return row.seq, row.action
            if after == 0:
                return None
            after = 0

    async def _replay(
        self,
        game: GameRow,
        snap: tuple[int, State] | None,
        effective: list[tuple[int, Action]],
    ) -> State:
        """The state from a snapshot (else the start) and the effective actions after it."""
        title = self.title(game)
        if snap is not None:
            snap_seq, state = snap
        else:
            snap_seq, state = 0, new_game(title, self.config(game, await self.store.seats(game.id)))
        for seq, action in effective:
            if seq > snap_seq:
                try:
                    step(title, state, action, in_place=True)
                except Exception as exc:
                    # The stored moves no longer fit the rules (a rules change, or a damaged
                    # file): say so plainly instead of failing every command in the channel.
                    log.exception("game %s: move #%s no longer replays", game.id, seq)
                    raise cannot_replay(game.name, seq, exc) from None
        return state

    def replay_from_start(
        self,
        game: GameRow,
        seats: list[SeatRow],
        effective: list[tuple[int, Action]],
        each: Callable[[int, Step], None] | None = None,
    ) -> State:
        """The state after ``effective`` replayed from the set-up, calling ``each`` with every
        move's number and result. Synchronous: callers run it off the event loop."""
        state = new_game(self.title(game), self.config(game, seats))
        for seq, res in self.replay_steps(game, state, effective):
            if each is not None:
                each(seq, res)
        return state

    def replay_steps(
        self, game: GameRow, state: State, effective: list[tuple[int, Action]]
    ) -> Iterator[tuple[int, Step]]:
        """Each move of ``effective`` applied to ``state`` in place, with its number and result,
        one at a time (a long replay keeps only the state it is at). Synchronous."""
        title = self.title(game)
        for seq, action in effective:
            try:
                res = step(title, state, action, in_place=True)
            except Exception as exc:  # reported as every other command reports it
                raise cannot_replay(game.name, seq, exc) from None
            yield seq, res

    def _forget(self, game_id: int) -> None:
        self._cache.forget(game_id)

    async def _change(
        self, game: GameRow, make: Callable[[GameRow, list[SeatRow]], GameChange | None]
    ) -> tuple[GameRow, GameChange | None, int]:
        """Work out and write a change to the game and its seats in one transaction (see
        Store.change_game); a cached state survives unless the seats changed."""
        before, change, version = await self.store.change_game(game.id, self._clock(), make)
        if change is not None and (change.seats is not None or change.drop_snapshots):
            self._forget(game.id)
        else:
            self._cache.bumped(game.id, before.version, version)
        return before, change, version

    def _names(self, seats: list[SeatRow]) -> dict[int, str]:
        return {s.seat: s.name for s in seats}

    def _turn_text(self, title: Title, state: State, seats: list[SeatRow]) -> str:
        if title.is_over(state):
            return "The game is over."
        names = self._names(seats)
        seats_now = title.to_act(state)
        whats = [title.waiting_for(state, s) for s in seats_now]  # e.g. the company decided for
        acting = [names.get(s, f"seat {s}") + (f", {w}" if w else "")
                  for s, w in zip(seats_now, whats, strict=True)]
        if not acting:
            return ""
        return f"{WAITING}{('; ' if any(whats) else ', ').join(acting)}."

    def board(self, game: GameRow, state: State, zoom: str | None = None) -> bytes | None:
        if self._render is None:
            return None
        view = shown_view(self.title(game).view(state, None), game.options)
        try:
            return self._render(game.title, view, game.map, zoom)
        except ValueError as exc:  # a bad zoom target: the renderer says what was wrong
            raise UserError(str(exc)) from None

    def picture(self, game: GameRow, state: State) -> Image.Image | None:
        """The public board as an image, drawn straight when the service has a painter."""
        if self._draw is None:
            png = self.board(game, state)
            if png is None:
                return None
            from PIL import Image

            with Image.open(io.BytesIO(png)) as img:
                return img.convert("RGB")
        return self._draw(game.title, shown_view(self.title(game).view(state, None), game.options),
                          game.map, None)

    def frame_picture(self, game: GameRow, state: State, width: int, focus: bool,
                      keep: dict[str, Any] | None = None) -> Image.Image | None:
        """A replay frame's picture of the public board (see ``FramePainter``, and ``keep``
        there); without a frame painter, the whole picture (or the focus cut from it), for the
        caller to scale."""
        if self._frame is not None:
            view = shown_view(self.title(game).view(state, None), game.options)
            return self._frame(game.title, view, game.map, width, focus, keep)
        board = self.picture(game, state)
        focused = self.focus_picture(game, state, board) if focus and board is not None else None
        return focused or board

    async def _board(self, game: GameRow, state: State, zoom: str | None = None) -> bytes | None:
        # Rendering is CPU work: keep it off the event loop. A drawing bug must not lose a move
        # that is already stored, so anything but a bad zoom target only costs the picture.
        if self._render is None:  # no pictures (`railbot play --no-boards`): no thread hop
            return None
        try:
            return await asyncio.to_thread(self.board, game, state, zoom)
        except UserError:
            raise
        except Exception:
            log.exception("rendering game %s failed", game.id)
            return None

    async def _posted_board(self, game: GameRow, state: State,
                            ) -> tuple[bytes | None, Image.Image | None]:
        """The whole board as :meth:`_board` posts it, and its picture when the service draws
        pictures (for the preparation that follows, which then need not draw it again)."""
        if self._draw is None:
            return await self._board(game, state), None
        try:
            return await asyncio.to_thread(self._board_picture, game, state)
        except Exception:
            log.exception("rendering game %s failed", game.id)
            return None, None

    def _board_picture(self, game: GameRow, state: State,
                       ) -> tuple[bytes | None, Image.Image | None]:
        from renderers.kit.png import encode_posted

        img = self.picture(game, state)
        return (None, None) if img is None else (encode_posted(img), img)

    def painted(self, reply: Reply, picture: tuple[bytes | None, bool]) -> None:
        """Put ``picture`` (the board, and whether it is a focus picture) on ``reply``; while
        boards are drawn, a missing one marks the reply as undrawn."""
        reply.image, reply.focus = picture
        reply.undrawn = picture[0] is None and self._render is not None

    async def _focus_board(self, game: GameRow, state: State) -> tuple[bytes | None, bool]:
        """The picture posted after a move, and whether it is the focus picture (the part of
        the board where the last move happened) rather than the whole board. The move that
        ends the game posts the whole final board. Drawn off the event loop; a drawing bug only
        costs the picture."""
        if self._focus is None or self.title(game).is_over(state):
            return await self._board(game, state), False
        try:
            png = await asyncio.to_thread(self._focus_png, game, state)
        except Exception:
            log.exception("the focus picture of game %s failed", game.id)
            return await self._board(game, state), False
        return png, png is not None

    def _focus_png(self, game: GameRow, state: State) -> bytes | None:
        from renderers.kit.png import encode_posted

        img = self.focus_picture(game, state)
        return None if img is None else encode_posted(img)

    def focus_picture(self, game: GameRow, state: State,
                      whole: Image.Image | None = None) -> Image.Image | None:
        """The focus picture of the last move as an image (None without a focus painter), cut
        from ``whole`` when the full picture is drawn already."""
        if self._focus is None:
            return None
        view = shown_view(self.title(game).view(state, None), game.options)
        return self._focus(game.title, view, game.map, whole)

    def warm_later(self, game: GameRow, state: State, posted: Image.Image | None = None,
                   ) -> None:
        """Prepare the game's whole-board pictures (see ``BoardWarmer``; ``posted``, the board
        alone just posted) in a worker thread, after the reply at hand: nothing waits for it,
        and a failure only costs the saving."""
        if self._warm is None:
            return
        warm, view = self._warm, shown_view(self.title(game).view(state, None), game.options)

        async def run() -> None:
            try:
                await asyncio.to_thread(warm, game.title, view, game.map, posted)
            except Exception:
                log.exception("preparing the pictures of game %s failed", game.id)

        task = asyncio.get_running_loop().create_task(run())
        self._warming.add(task)
        task.add_done_callback(self._warming.discard)

    async def warmed(self) -> None:
        """Wait until the pictures being prepared are (tests, shutdown)."""
        while self._warming:
            await asyncio.gather(*self._warming)

    async def final_chart(self, game: GameRow, seats: list[SeatRow]) -> bytes | None:
        """The game-over score chart (PNG); drawn by the History part of the service."""
        return None

    @staticmethod
    def _private_events(events: list[Event], seats: list[SeatRow]) -> list[Private]:
        by_seat = {s.seat: s.user_id for s in seats}
        out = []
        for ev in events:
            vis = ev["visibility"]
            if vis != "public" and vis in by_seat and ev["text"]:
                out.append(Private(by_seat[vis], ev["text"]))
        return out
