"""Computer players taking over silent seats: ``/game takeover hours:N`` (creator).

When a game has waited ``N`` hours for a person, a computer player (normal level) takes that
seat, as ``/game replace player:@them with:bot`` would, and plays on at once. 0 turns it off
(the default). Plain logic over the service (no Discord types); the setting lives in the
store's ``settings`` table beside the reminder settings.
"""

from __future__ import annotations

from bot.replies import Reply, UserError
from bot.service import GameService, User, Where
from bot.service.bots import MAX_BOT_MOVES, merge_replies
from bot.service.core import is_bot
from engine.core import CommandSpec, OptionSpec

SCOPE = "game"
HOURS_KEY = "takeover_hours"
MAX_HOURS = 24 * 30

COMMAND = CommandSpec(
    "takeover",
    "Hand a silent player's seat to a computer after this many hours (creator)",
    (OptionSpec("hours", "Hours a player may stay silent; 0 turns it off", "integer", True),),
)


async def set_hours(service: GameService, where: Where, user: User, hours: int) -> Reply:
    game = await service.game_here(where)
    assert game is not None
    what = "set the takeover time"
    if not 0 <= hours <= MAX_HOURS:
        raise UserError(f"hours: must be between 0 (off) and {MAX_HOURS}, not {hours}.")
    game = await service.set_game_setting(game, user, what, HOURS_KEY, hours)
    if hours == 0:
        return Reply(f"In {game.name}, no computer takes over a silent player's seat.",
                     game_id=game.id)
    return Reply(f"In {game.name}, a computer player takes over the seat of anyone who has not "
                 f"moved for {hours} h.", game_id=game.id)


async def take_over(service: GameService, now: float, moves: int = MAX_BOT_MOVES) -> list[Reply]:
    """Seats whose player has been silent past the game's takeover time go to computers, who
    then play (at most ``moves`` moves here); one answer per game (post it in the game's
    channel)."""
    out: list[Reply] = []
    for game in await service.store.active_games():
        hours = int(await service.store.setting(SCOPE, game.id, HOURS_KEY, 0))
        since = game.turn_since if game.turn_since is not None else game.updated_at
        if hours <= 0 or not game.to_act or now - since < hours * 3600:
            continue
        # One process of several on the database (docs/scaling.md) takes over this turn.
        if not await service.store.claim(game.id, f"takeover {since}", now):
            continue
        where = Where(game.guild_id, game.channel_id)
        admin = User(game.creator_id, "", manager=True)
        seats = await service.store.seats(game.id)
        silent = [s for s in seats if s.seat in game.to_act and not is_bot(s.user_id)]
        replies = [await service.replace_with_bot(where, admin, User(s.user_id, s.name))
                   for s in silent]
        if replies:
            first, *rest = replies
            out.append(merge_replies(first, [*rest, *await service.play_bots(where, moves)]))
    return out
