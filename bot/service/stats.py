"""Each server's results and ratings: /game stats, leaderboard and history, the season and
games taken out of the ratings, the CSV export and the rebuild from the stored games."""

from __future__ import annotations

import asyncio
import csv
import io
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from itertools import pairwise

from bot.ratings import (
    BOT_PREFIX,
    MIN_GAMES,
    MIN_GAMES_KEY,
    MODEL,
    SEASON_KEY,
    UNRATED_KEY,
    Rated,
    game_results,
    ordinal,
    rate_guild,
    rated_guild,
    unrated_games,
)
from bot.replies import Reply, UserError
from bot.service.core import ServiceCore, User, Where, bot_level, is_bot
from bot.storage import GameRow, RatingRow, ResultRow
from engine.core import effective_actions
from renderers import player_colour
from renderers.kit.chart import Line, score_chart
from renderers.kit.png import encode

LAST_RESULTS = 5
PACE_GAMES = 20
"""The average time per move looks at a player's newest games only (each means reading its
whole log)."""
TOP_PLAYERS = 10
CHART_PLAYERS = 6
HISTORY_GAMES = 10
PERIODS = {"week": 7, "month": 30, "year": 365}
"""/game leaderboard period: the days each counts back (games finished since)."""

CSV_COLUMNS = ("game", "finished", "title", "map", "seat", "player", "name", "place", "score",
               "moves", "rated")


def _server(where: Where) -> int:
    if where.guild_id is None:
        raise UserError("Ratings and statistics belong to a server: ask in one of its channels.")
    return where.guild_id


def _date(at: float) -> str:
    return time.strftime("%Y-%m-%d", time.gmtime(at))


def shown_name(row: ResultRow) -> str:
    """A person by their name; a computer by its level (one rating for all its names)."""
    if row.player.startswith(BOT_PREFIX):
        return f"computer ({row.player.removeprefix(BOT_PREFIX)})"
    return row.name


def _games(results: Sequence[ResultRow]) -> dict[int, list[ResultRow]]:
    games: dict[int, list[ResultRow]] = defaultdict(list)
    for r in results:
        games[r.game_id].append(r)
    return games


class Stats(ServiceCore):
    """Looking at a server's finished games; only server managers change anything here."""

    def _title_id(self, system: str | None) -> str | None:
        if not system:
            return None
        wanted = system.strip().lower()
        for title in self.registry:
            if wanted in (title.meta.id.lower(), title.meta.name.lower()):
                return title.meta.id
        names = ", ".join(t.meta.name for t in self.registry)
        raise UserError(f"'{system}' is not a game railbot hosts. Choose one of: {names}.")

    def _title_name(self, title_id: str) -> str:
        return self.registry.get(title_id).meta.name if title_id in self.registry else title_id

    def _map_name(self, title_id: str, map_id: str | None) -> str:
        meta = self.registry.get(title_id).meta.map(map_id) if title_id in self.registry else None
        return meta.name if meta else (map_id or "standard board")

    async def _rated(self, guild_id: int) -> Rated:
        """The server's ratings, worked out again from every result (so a game whose rating
        update was lost counts all the same) and stored."""
        return await rate_guild(self.store, guild_id)

    async def stats(self, where: Where, user: User, player: User | None = None,
                    system: str | None = None) -> Reply:
        guild = _server(where)
        who = player or user
        key = str(who.id)
        title_id = self._title_id(system)
        results = [r for r in await self.store.results(guild)
                   if title_id in (None, r.title)]
        mine = [r for r in results if r.player == key]
        if not mine:
            return Reply(f"{who.name} has no finished games on this server yet.")
        games = _games(results)
        lines = [f"**{who.name}** on this server:"]
        by_title: dict[str, list[ResultRow]] = defaultdict(list)
        for r in mine:
            by_title[r.title].append(r)
        rated = {(r.title, r.player): r for r in (await self._rated(guild)).ratings}
        for tid, rows in sorted(by_title.items()):
            wins = sum(1 for r in rows if r.place == 1)
            scores = [r.score for r in rows]
            rating = rated.get((tid, key))
            figure = (f"rating {rating.mu:.1f} ± {rating.sigma:.1f}" if rating
                      else "not rated yet")
            lines.append(f"{self._title_name(tid)}: {len(rows)} games, {wins} won, average score "
                         f"{sum(scores) / len(scores):.0f}, best {max(scores)}; {figure}")
            by_map: dict[str | None, list[int]] = defaultdict(list)
            for r in rows:
                by_map[r.map].append(r.score)
            if len(by_map) > 1:
                for map_id, pts in sorted(by_map.items(), key=lambda kv: str(kv[0])):
                    lines.append(f"  {self._map_name(tid, map_id)}: {len(pts)} games, average "
                                 f"{sum(pts) / len(pts):.0f}, best {max(pts)}")
        favourite = Counter((r.title, r.map) for r in mine).most_common(1)[0][0]
        lines.append(f"Favourite map: {self._map_name(*favourite)}")
        lines.append("Last results:")
        newest = sorted(mine, key=lambda r: (-r.finished_at, -r.game_id))
        for r in newest[:LAST_RESULTS]:
            lines.append(f"  {_date(r.finished_at)} game #{r.game_id} "
                         f"{self._map_name(r.title, r.map)}: place {r.place} of "
                         f"{len(games[r.game_id])}, {r.score} points")
        pace = await self._pace(newest[:PACE_GAMES], who.id)
        if pace is not None:
            lines.append(f"Average time per move in games longer than a day: {pace}")
        return Reply("\n".join(lines))

    async def _pace(self, mine: Sequence[ResultRow], user_id: int) -> str | None:
        """The player's average wait between the move before and their own, over their games
        that lasted longer than a day (the asynchronous ones)."""
        waits: list[float] = []
        for r in mine:
            rows = await self.store.actions(r.game_id)
            if not rows or rows[-1].created_at - rows[0].created_at < 86400:
                continue
            waits += [b.created_at - a.created_at for a, b in pairwise(rows)
                      if b.user_id == user_id and a.user_id != user_id]
        if not waits:
            return None
        hours = sum(waits) / len(waits) / 3600
        return f"{hours:.1f} hours" if hours >= 1 else f"{hours * 60:.0f} minutes"

    async def leaderboard(self, where: Where, system: str | None = None,
                          map_id: str | None = None, period: str | None = None) -> Reply:
        guild = _server(where)
        title_id = self._title_id(system)
        if period and period not in PERIODS:
            raise UserError(f"period: is one of {', '.join(PERIODS)} (or leave it out).")
        minimum = int(await self.store.setting("guild", guild, MIN_GAMES_KEY, MIN_GAMES))
        rated = await self._rated(guild)
        results = await self.store.results(guild)
        since = time.time() - PERIODS[period] * 86400 if period else 0.0
        played = {(r.title, r.player) for r in results
                  if r.finished_at >= since and map_id in (None, r.map)}
        names = {r.player: shown_name(r) for r in results}
        board = sorted((r for r in rated.ratings
                        if r.games >= minimum and title_id in (None, r.title)
                        and (r.title, r.player) in played),
                       key=ordinal, reverse=True)[:TOP_PLAYERS]
        if not board:
            return Reply(f"Nobody on this server has {minimum} rated games"
                         f"{' of that kind' if system or map_id or period else ''} yet "
                         f"(a server manager can change that number with /stats mingames).")
        lines = ["**Leaderboard**" + (f" ({self._title_name(title_id)})" if title_id else "")]
        for n, r in enumerate(board, start=1):
            lines.append(f"{n}. {names.get(r.player, r.player)} ({self._title_name(r.title)}): "
                         f"{ordinal(r):.1f} (rating {r.mu:.1f} ± {r.sigma:.1f}, {r.games} games)")
        chart = await asyncio.to_thread(self._rating_chart, rated, board[:CHART_PLAYERS], names)
        return Reply("\n".join(lines), image=chart, image_name="ratings.png")

    def _rating_chart(self, rated: Rated, top: Sequence[RatingRow],
                      names: dict[str, str]) -> bytes:
        """The top players' leaderboard figures after each game any of them played, each
        carried on until their next game (from the figure every newcomer starts at)."""
        keys = [(row.title, row.player) for row in top]
        games = sorted({(p.finished_at, p.game_id) for k in keys for p in rated.history[k]})
        start = round(MODEL.rating().ordinal())
        lines = []
        for n, key in enumerate(keys):
            after = {p.game_id: round(MODEL.rating(mu=p.mu, sigma=p.sigma).ordinal())
                     for p in rated.history[key]}
            points, now = [start], start
            for _, gid in games:
                now = after.get(gid, now)
                points.append(now)
            title = self.registry.get(key[0]) if key[0] in self.registry else None
            colours = title.meta.colours if title else ("black",)
            colour = player_colour(key[0], colours[n % len(colours)])
            lines.append(Line(names.get(key[1], key[1]), colour, points))
        return encode(score_chart("Leaderboard figures over the server's games", lines, [],
                                  axes=("rated games, oldest first", "figure")))

    async def history(self, where: Where, player: User | None = None,
                      system: str | None = None) -> Reply:
        guild = _server(where)
        title_id = self._title_id(system)
        games = _games(await self.store.results(guild))
        shown = [rows for rows in games.values()
                 if title_id in (None, rows[0].title)
                 and (player is None or any(r.player == str(player.id) for r in rows))]
        shown.sort(key=lambda rows: (-rows[0].finished_at, -rows[0].game_id))
        if not shown:
            return Reply("No finished games on this server" + (" of that kind" if system or player
                                                               else "") + " yet.")
        unrated = await unrated_games(self.store, guild)
        lines = ["**Finished games**, newest first:"]
        listed: list[tuple[int, str]] = []
        for rows in shown[:HISTORY_GAMES]:
            first = rows[0]
            game = await self.store.game(first.game_id)
            options = ", ".join(f"{k} {v}" for k, v in sorted((game.options or {}).items())) \
                if game else ""
            standing = ", ".join(f"{r.place}. {r.name} {r.score}"
                                 for r in sorted(rows, key=lambda r: (r.place, r.seat)))
            where_played = self._map_name(first.title, first.map)
            heading = (f"#{first.game_id} {_date(first.finished_at)} "
                       f"{self._title_name(first.title)}, {where_played}")
            listed.append((first.game_id, heading))
            lines.append(heading + (f" ({options})" if options else "") + f": {standing}"
                         + (" (not rated)" if first.game_id in unrated else ""))
        # The games listed (id, heading): Discord offers each one's final board under them.
        return Reply("\n".join(lines), game_id=shown[0][0].game_id,
                     data={"history": listed})

    async def final_board(self, where: Where, game_id: int) -> Reply:
        """The final board of finished game #``game_id`` of this server, for the asker alone."""
        guild = _server(where)
        game = await self._finished_here(guild, game_id)
        image = await self._board(game, (await self.load(game)).state)
        if image is None:
            raise UserError(f"{self.title(game).meta.name} has no board picture yet.")
        return Reply(f"{game.name} (#{game_id}), its final board.", ephemeral=True, image=image)

    async def _finished_here(self, guild: int, game_id: int) -> GameRow:
        """Finished game #``game_id`` if it was played on server ``guild``; games of other
        servers are refused like games that do not exist."""
        game = await self.store.game(game_id)
        if game is None or game.guild_id != guild or game.status != "finished":
            raise UserError(f"This server has no finished game #{game_id}; /stats history lists "
                            "them.")
        return game

    # -- server managers -------------------------------------------------------------------

    @staticmethod
    def _manager(user: User, what: str) -> None:
        if not user.manager:
            raise UserError(f"Only a server manager can {what}.")

    async def new_season(self, where: Where, user: User, confirm: bool = False) -> Reply:
        guild = _server(where)
        self._manager(user, "start a new season")
        if not confirm:
            raise UserError("A new season starts every rating afresh (the games stay in the "
                            "history): repeat with confirm:true.")
        await self.store.set_setting("guild", guild, SEASON_KEY, self._clock())
        await self._rated(guild)
        return Reply(f"A new season began on {_date(self._clock())}: everyone's ratings start "
                     "afresh; past games stay in /game history.")

    async def set_rated(self, where: Where, user: User, game_id: int, rated: bool) -> Reply:
        guild = _server(where)
        self._manager(user, "take a game out of the ratings")
        game = await self._finished_here(guild, game_id)
        out = await unrated_games(self.store, guild)
        out = out - {game_id} if rated else out | {game_id}
        await self.store.set_setting("guild", guild, UNRATED_KEY, sorted(out))
        await self._rated(guild)
        said = "counts in the ratings again" if rated else "no longer counts in the ratings"
        return Reply(f"{game.name} (#{game_id}) {said}.")

    async def set_min_games(self, where: Where, user: User, games: int) -> Reply:
        guild = _server(where)
        self._manager(user, "change the leaderboard")
        if not 1 <= games <= 100:
            raise UserError("games: is a number from 1 to 100.")
        await self.store.set_setting("guild", guild, MIN_GAMES_KEY, games)
        return Reply(f"The leaderboard now lists players with at least {games} rated games.")

    async def results_csv(self, guild_id: int) -> str:
        """Every result of the server, one row per seat, oldest game first."""
        rated = {p.game_id for pts in (await rated_guild(self.store, guild_id)).history.values()
                 for p in pts}
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(CSV_COLUMNS)
        for r in await self.store.results(guild_id):
            writer.writerow((r.game_id, _date(r.finished_at), r.title, r.map or "", r.seat,
                             r.player, r.name, r.place, r.score, r.moves,
                             "yes" if r.game_id in rated else "no"))
        return out.getvalue()

    async def export_results(self, where: Where, user: User) -> Reply:
        guild = _server(where)
        self._manager(user, "export the server's results")
        # Sent as the reply's file, where a picture usually goes.
        csv_file = (await self.results_csv(guild)).encode()
        return Reply("This server's results, one row per player and game.", image=csv_file,
                     image_name="results.csv")

    # -- the rebuild -----------------------------------------------------------------------

    async def rebuild_results(self, game: GameRow) -> list[ResultRow]:
        """A finished game's results worked out again from its log (the move that ended it
        stored them; this serves games from before that, or copied in)."""
        title = self.title(game)
        state = (await self.load(game)).state
        rows = await self.store.actions(game.id)
        kept = {seq for seq, _ in effective_actions([(r.seq, r.action) for r in rows])}
        movers = [(r.seat, r.user_id) for r in rows if r.seq in kept]
        seats = await self.store.seats(game.id)
        levels = {s.user_id: bot_level(s.user_id) for s in seats if is_bot(s.user_id)}
        finished = rows[-1].created_at if rows else game.updated_at
        return game_results(game, seats, title.places(state), title.points(state), movers,
                            finished, levels)

    async def rebuild(self) -> list[int]:
        """Every finished game's results from its log and every server's ratings from them;
        the servers rated."""
        guilds: set[int] = set()
        for gid in await self.store.all_game_ids():
            game = await self.store.game(gid)
            if game is None or game.status != "finished" or game.guild_id is None:
                continue
            await self.store.put_results(gid, await self.rebuild_results(game))
            guilds.add(game.guild_id)
        guilds |= set(await self.store.result_guilds())
        for guild in sorted(guilds):
            await rate_guild(self.store, guild)
        return sorted(guilds)
