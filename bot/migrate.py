"""`railbot migrate`: copy every game from one database to another (SQLite to PostgreSQL, or
back), then check that each replays identically there.

Games keep their ids (the buttons under boards already posted carry them), so the target must
hold no games yet. Each game is copied in one transaction with its players, its whole log (each
move with the chance it drew) and its settings; servers' settings follow. Snapshots are not
copied: they are a cache the target rebuilds. The check then reads each game back from the
target, compares it with the source row for row, and replays both logs to the end: the two
states must be equal.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from bot.replies import UserError
from bot.service import GameService
from bot.storage import GameRow, Store
from engine.core import State, effective_actions


@dataclass
class Migrated:
    games: int = 0
    moves: int = 0
    unplayable: int = 0
    """Games whose moves no longer replay under these rules, on the source as on the target."""

    def __str__(self) -> str:
        return (f"{self.games} game{'' if self.games == 1 else 's'} "
                f"({self.moves:,} move{'' if self.moves == 1 else 's'})")


async def _final_state(service: GameService, game: GameRow) -> State | str | None:
    """The game replayed to its end; the sentence of the failure when it no longer replays;
    None for a game still in its lobby."""
    if game.status == "lobby":
        return None
    try:
        rows = await service.whole_log(game)  # a damaged log reads as damaged on both sides
        return service.replay_from_start(
            game, await service.store.seats(game.id),
            effective_actions([(r.seq, r.action) for r in rows]),
        )
    except UserError as exc:
        return exc.message


async def migrate(
    source: Store,
    target: Store,
    service: Callable[[Store], GameService],
    progress: Callable[[str], None] = lambda _: None,
) -> Migrated:
    """Copy every game of ``source`` into the empty ``target`` and verify each; raises UserError
    naming the first game that does not come out identical."""
    if await target.all_game_ids():
        raise UserError(
            f"{target.where} already holds games: migrate into a new, empty database."
        )
    done = Migrated()
    ids = await source.all_game_ids()
    for game_id in ids:
        game = await source.game(game_id)
        assert game is not None
        actions = await source.actions(game_id)
        await target.insert_copy(
            game, await source.seats(game_id), actions, await source.settings("game", game_id),
            keep_id=True,
        )
        done.games += 1
        done.moves += len(actions)
    for guild in await source.scopes("guild"):
        for key, value in (await source.settings("guild", guild)).items():
            await target.set_setting("guild", guild, key, value)
    progress(f"Copied {done}; checking that each replays identically...")
    before, after = service(source), service(target)
    for game_id in ids:
        await _same(source, target, game_id)
        game = await target.game(game_id)
        assert game is not None
        theirs, ours = await _final_state(before, game), await _final_state(after, game)
        if json.dumps(theirs, sort_keys=True) != json.dumps(ours, sort_keys=True):
            raise UserError(f"Game {game_id} ({game.name}) does not replay identically on "
                            f"{target.where}; the copy there is not to be trusted.")
        if isinstance(ours, str):
            done.unplayable += 1
    return done


async def _same(source: Store, target: Store, game_id: int) -> None:
    """The copy of one game reads back exactly as the original: row, seats, log, settings."""
    parts = [
        (await s.game(game_id), await s.seats(game_id), await s.actions(game_id),
         await s.settings("game", game_id))
        for s in (source, target)
    ]
    if parts[0] != parts[1]:
        raise UserError(f"Game {game_id} reads back differently from {target.where}.")
