"""Computer players in seats: adding them in the lobby, and letting them play their turns.

A computer player is a seat whose user id is negative (people's ids never are); the id also
says its level. It moves through the same commit path as people, under the game's lock with
the game reloaded first, so two triggers at once never make the same move twice.
"""

from __future__ import annotations

import hashlib
import time

from bot.replies import Private, Reply, UserError, bots_stopped
from bot.service.admin import Admin
from bot.service.core import LEVEL_STEP, WAITING, User, Where, bot_level, is_bot
from bot.service.moves import Moves
from bot.service.thinking import Thinker
from bot.service.undo import Undo
from bot.storage import GameChange, GameRow, SeatRow, StoreUnavailable
from engine.computer import DEFAULT_LEVEL, LEVELS

BOT_NAMES = ("Brunel", "Stephenson", "Vanderbilt", "Pullman", "Crocker", "Harriman", "Hill",
             "Gould")
"""Names of computer players, after railway builders (each shown with "(computer)")."""
MAX_BOT_MOVES = 2000
"""Moves computers make in a row at most before handing back (a whole game of computers
is played by calling again)."""


def bot_user(index: int, level: str) -> User:
    uid = -(LEVELS.index(level) * LEVEL_STEP + index + 1)
    return User(uid, f"{BOT_NAMES[index % len(BOT_NAMES)]} (computer)")


def free_bot(seats: list[SeatRow], level: str) -> User:
    """The first computer player whose name is not at the table yet."""
    taken = {s.user_id for s in seats}
    index = next(i for i in range(len(BOT_NAMES))
                 if not any(bot_user(i, lv).id in taken for lv in LEVELS))
    return bot_user(index, level)


def check_level(level: str | None) -> str:
    chosen = (level or DEFAULT_LEVEL).strip().lower()
    if chosen not in LEVELS:
        raise UserError(f"'{level}' is not a level of play. Choose {', '.join(LEVELS[:-1])} or "
                        f"{LEVELS[-1]}.")
    return chosen


def move_seed(game_seed: int, seq: int, seat: int) -> int:
    """The computer's own seed for one move: fixed by the game, never by the clock."""
    digest = hashlib.sha256(f"{game_seed}:{seq}:{seat}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


class Bots(Moves, Undo, Admin):
    """/game addbot, and computer players taking their turns."""

    _thinker: Thinker | None = None

    @property
    def thinker(self) -> Thinker:
        """Where the computers think (started on first use; a strong one in a process pool)."""
        if self._thinker is None:
            self._thinker = Thinker(self.registry)
        return self._thinker

    def think_seconds(self, seconds: float) -> None:
        """Give each strong computer move this long to think (1.5 s unless set)."""
        self.thinker.seconds = seconds

    async def add_bot(self, where: Where, user: User, level: str | None = None) -> Reply:
        game = await self._game(where)
        chosen = check_level(level)
        refusal = "{name} has started; the creator can /game replace a player with a computer."
        if game.status != "lobby":
            raise UserError(refusal.format(name=game.name))
        self._require_admin(game, user, "add a computer player")
        added: list[SeatRow] = []

        def take_seat(game: GameRow, seats: list[SeatRow]) -> GameChange:
            if game.status != "lobby":
                raise UserError(refusal.format(name=game.name))
            meta = self.title(game).meta
            m = meta.map(game.map)
            most = m.max_players if m else meta.max_players
            if len(seats) >= most:
                raise UserError(f"{game.name} is full ({len(seats)} players).")
            bot = free_bot(seats, chosen)
            colours = {s.colour for s in seats}
            colour = next(c for c in meta.colours if c not in colours)
            seat = SeatRow(len(seats), bot.id, bot.name, colour)
            added.append(seat)
            return GameChange(seats=[*seats, seat])

        async with self.lock(game.id):
            game, change, _ = await self._change(game, take_seat)
        assert change is not None and change.seats
        seat = added[-1]
        return Reply(
            f"{seat.name} joined {game.name} as {seat.colour}, playing at {chosen} level "
            f"({len(change.seats)} players).",
            game_id=game.id,
            seq=0,
        )

    async def replace_with_bot(self, where: Where, user: User, old: User,
                               level: str | None = None) -> Reply:
        """``/game replace player:@someone with:bot``: a computer player takes the seat."""
        game = await self._game(where)
        chosen = check_level(level)
        seats = await self.store.seats(game.id)
        return await self.replace(where, user, old, free_bot(seats, chosen))

    async def play_bots(self, where: Where, limit: int = MAX_BOT_MOVES, *,
                        draw: bool = True, seconds: float | None = None) -> list[Reply]:
        """Every computer whose turn it is moves (and agrees to a pending undo), until a person
        must act, the game ends or pauses, ``limit`` moves were made or (given) ``seconds``
        have passed; with ``draw`` the last answer carries the board."""
        replies: list[Reply] = []
        started = time.monotonic()
        while len(replies) < limit:
            if seconds is not None and replies and time.monotonic() - started >= seconds:
                break
            try:
                reply = await self._one_bot_move(where)
            except (StoreUnavailable, UserError) as exc:
                if not replies:
                    raise
                # The moves made stay told; the rest wait for the next command.
                replies[-1].text += "\n" + bots_stopped(exc)
                break
            if reply is None:
                break
            replies.append(reply)
        if draw and replies and replies[-1].image is None:
            # One board for the whole run: drawing each move's would only be thrown away.
            self.painted(replies[-1], await self.latest_focus(where))
        return replies

    async def latest_focus(self, where: Where) -> tuple[bytes | None, bool]:
        """The picture posted after a run of moves: the focus picture of the last one (and
        whether it is one, see ServiceCore._focus_board)."""
        game = await self.game_here(where, required=False, ended=True)
        if game is None:
            return None, False
        return await self._focus_board(game, (await self.load(game)).state)

    async def bots_waiting(self, game: GameRow) -> bool:
        """Whether a computer player must act in ``game`` now (to move, or to agree to an
        undo), e.g. after a restart cut its run short."""
        if game.status != "active":
            return False
        bots = {s.seat for s in await self.store.seats(game.id) if is_bot(s.user_id)}
        pending = game.pending or {}
        if pending.get("kind") == "undo":
            return bool(bots - set(pending.get("agreed", [])))
        return bool(bots & set(game.to_act))

    async def _one_bot_move(self, where: Where) -> Reply | None:
        game = await self.game_here(where, required=False)
        if game is None or game.status != "active":
            return None
        seats = await self.store.seats(game.id)
        bots = {s.seat: s for s in seats if is_bot(s.user_id)}
        if not bots:
            return None
        pending = game.pending or {}
        if pending.get("kind") == "undo":
            waiting = [s for s in bots.values() if s.seat not in pending.get("agreed", [])]
            if waiting:  # a computer always agrees to take a move back
                return await self.undo(where, User(waiting[0].user_id, waiting[0].name))
            return None
        title = self.title(game)
        async with self.lock(game.id):
            game = await self._reload(game)
            if game.status != "active" or (game.pending or {}).get("kind") == "undo":
                return None
            loaded = await self.load(game)
            if title.is_over(loaded.state):
                return None
            acting = [s for s in title.to_act(loaded.state) if s in bots]
            if not acting:
                return None
            seat = bots[acting[0]]
            # The thinking runs off the event loop (it only reads the state), so other games'
            # commands are answered meanwhile.
            action = await self.thinker.move(
                title, loaded.state, seat.seat, bot_level(seat.user_id),
                move_seed(game.seed or 0, game.seq, seat.seat))
            action["seat"] = seat.seat
            return await self._commit(game, title, loaded, seats, action,
                                      User(seat.user_id, seat.name), draw=False)


def merge_replies(first: Reply, later: list[Reply]) -> Reply:
    """One answer for a person's command and the computers' moves that followed it: every
    line in order, the last board, and each ping any of them made (a move pings only those it
    newly calls on, and people make no move in between, so each is still waited for)."""
    if not later:
        first.ping = [u for u in first.ping if not is_bot(u)]
        return first
    last = later[-1]
    # A computer's own secrets (its Rail Baron) are told to nobody.
    private: list[Private] = [p for r in [first, *later] for p in r.private
                              if not is_bot(p.user_id)]
    # Who was waited for in between is old news: only the last move's waiting line stays.
    text = "\n".join([*(_without_waiting(r.text) for r in [first, *later[:-1]]), last.text])
    return Reply(text, ephemeral=first.ephemeral, image=last.image or first.image,
                 focus=last.focus if last.image else first.focus,
                 undrawn=not (last.image or first.image) and (last.undrawn or first.undrawn),
                 ping=[u for u in dict.fromkeys(p for r in [first, *later] for p in r.ping)
                       if not is_bot(u)], private=private,
                 game_id=last.game_id, seq=last.seq, data=first.data,
                 over=any(r.over for r in [first, *later]),
                 chart=next((r.chart for r in [first, *later] if r.chart), None))


def _without_waiting(text: str) -> str:
    return "\n".join(line for line in text.split("\n") if not line.startswith(WAITING))


BOT_MOVES_PER_COMMAND = 300
"""Computer moves made right after one command at most (a table of computers only goes on
with the next command)."""


async def seat_bots(service: Bots, where: Where, user: User, opened: Reply, count: int) -> Reply:
    """``/game new ... bots:N``: the game just opened, then ``count`` computer players."""
    lines = [opened.text]
    for _ in range(count):
        try:
            lines.append((await service.add_bot(where, user)).text)
        except UserError as exc:  # the game stays open with the seats there were
            lines.append(exc.message)
            break
    opened.text = "\n".join(lines)
    return opened
