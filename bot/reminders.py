"""Turn reminders for slow games: who is due a nudge, and the per-game and per-player settings.

Plain logic over the store (no Discord types). A game reminds the players it waits for every
``remind_hours`` (set by its creator; 0 turns reminders off), skips players who snoozed the current
turn, and goes quiet after ``MAX_REMINDERS`` nudges for one turn so a stalled game stops nagging.
Everything lives in the store's ``settings`` table under scope "game"; a turn is identified by the
game's ``turn_since`` time, so a move (which changes it) starts the count again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.replies import Reply, UserError
from bot.service import GameService, User, Where
from bot.storage import GameRow, Store
from engine.core import CommandSpec, OptionSpec

SCOPE = "game"
HOURS_KEY = "remind_hours"
SENT_KEY = "reminders_sent"
SNOOZE_KEY = "reminders_snoozed"
"""Read only: snoozes once shared one record per game, which two players snoozing at once could
overwrite; each player's snooze now has a key of its own (:func:`_snooze_key`)."""

DEFAULT_HOURS = 12
MAX_HOURS = 24 * 14
MAX_REMINDERS = 6

COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "remind",
        "How often to remind players to move (creator or server manager)",
        (OptionSpec("hours", "Hours between reminders; 0 turns them off", "integer", True),),
    ),
    CommandSpec("snooze", "No more reminders for you until the turn changes"),
)
"""`/game` subcommands this module answers (the Discord adapter adds them to the group)."""


@dataclass(frozen=True)
class Due:
    """One reminder to send now."""

    game: GameRow
    users: list[int]
    """Players to mention: the game waits for them and they did not snooze this turn."""
    text: str
    number: int
    """1 for the first reminder of this turn, up to MAX_REMINDERS."""

    @property
    def last(self) -> bool:
        return self.number >= MAX_REMINDERS


def _turn(game: GameRow) -> float:
    return game.turn_since if game.turn_since is not None else game.updated_at


async def interval_hours(store: Store, game_id: int) -> int:
    value = await store.setting(SCOPE, game_id, HOURS_KEY, DEFAULT_HOURS)
    return int(value)


async def set_interval(service: GameService, where: Where, user: User, hours: int) -> Reply:
    game = await service.game_here(where)
    assert game is not None
    what = "change reminders"
    if not 0 <= hours <= MAX_HOURS:
        raise UserError(f"hours: must be between 0 (off) and {MAX_HOURS}, not {hours}.")
    game = await service.set_game_setting(game, user, what, HOURS_KEY, hours)
    if hours == 0:
        text = f"Reminders are off for {game.name}."
    else:
        text = (
            f"{game.name} reminds whoever it waits for every {hours} h "
            f"(at most {MAX_REMINDERS} times per turn)."
        )
    return Reply(text, game_id=game.id)


async def snooze(service: GameService, where: Where, user: User) -> Reply:
    game = await service.game_here(where)
    assert game is not None
    seats = await service.store.seats(game.id)
    mine = next((s for s in seats if s.user_id == user.id), None)
    if mine is None:
        raise UserError(f"You are not playing in {game.name}, so it never reminds you.")
    if game.status != "active" or mine.seat not in game.to_act:
        raise UserError(f"{game.name} is not waiting for you, so there is nothing to snooze.")
    await service.store.set_setting(SCOPE, game.id, _snooze_key(user.id), _turn(game))
    return Reply(
        f"No more reminders for you in {game.name} until the turn changes.", ephemeral=True
    )


def _snooze_key(user_id: int) -> str:
    return f"{SNOOZE_KEY} {user_id}"


async def _snoozed(store: Store, game: GameRow, user_id: int) -> bool:
    """Whether ``user_id`` snoozed the game's current turn."""
    turn = _turn(game)
    if await store.setting(SCOPE, game.id, _snooze_key(user_id)) == turn:
        return True
    shared = await store.setting(SCOPE, game.id, SNOOZE_KEY)
    return bool(shared and shared["turn"] == turn and user_id in shared["users"])


async def _sent(store: Store, game: GameRow) -> tuple[int, float]:
    """How many reminders this turn has had, and when the last went (or the turn began)."""
    record: dict[str, Any] | None = await store.setting(SCOPE, game.id, SENT_KEY)
    turn = _turn(game)
    if record is None or record["turn"] != turn:
        return 0, turn
    return int(record["count"]), float(record["last"])


async def due(store: Store, now: float) -> list[Due]:
    """Reminders to send at ``now`` for every running game."""
    out: list[Due] = []
    for game in await store.active_games():
        hours = await interval_hours(store, game.id)
        if hours <= 0 or not game.to_act:
            continue
        count, last = await _sent(store, game)
        if count >= MAX_REMINDERS or now - last < hours * 3600:
            continue
        turn = _turn(game)
        seats = await store.seats(game.id)
        users = [s.user_id for s in seats if s.seat in game.to_act
                 and not await _snoozed(store, game, s.user_id)]
        if not users:
            continue
        number = count + 1
        waited = (now - turn) / 3600
        text = f"{game.name} has been waiting for your move for {waited:.0f} h."
        if number >= MAX_REMINDERS:
            text += (
                f" That was reminder {number}; there will be no more this turn. The creator "
                "can /game replace a player who has gone."
            )
        else:
            text += " Use /game snooze to stop reminders for this turn."
        out.append(Due(game, users, text, number))
    return out


async def claim(store: Store, reminder: Due, now: float) -> bool:
    """Claim ``reminder`` for this process: False when another process (several can run on one
    database, docs/scaling.md) already took it, so it is posted once."""
    return await store.claim(
        reminder.game.id, f"reminder {_turn(reminder.game)} {reminder.number}", now
    )


async def mark_sent(store: Store, reminder: Due, now: float) -> None:
    await store.set_setting(
        SCOPE,
        reminder.game.id,
        SENT_KEY,
        {"turn": _turn(reminder.game), "count": reminder.number, "last": now},
    )
