"""Ratings from stored results: openskill's Plackett-Luce model (ties allowed), game by game in
the order the games finished.

Ratings are never updated in place: they are always worked out again from every result of a
server since its season began, so a game's result counts exactly once whatever crashed or ran
twice, and ``railbot stats --rebuild`` gives the same figures.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

from bot.storage import GameRow, RatingRow, ResultRow, SeatRow, Store

BOT_PREFIX = "bot:"
SEASON_KEY = "ratings_season_start"
"""A server setting: the time its current season began (ratings count games finished since)."""
UNRATED_KEY = "ratings_unrated"
"""A server setting: the ids of the games a server manager took out of the ratings."""
MIN_GAMES_KEY = "leaderboard_min_games"
MIN_GAMES = 3
"""Games a player needs before the leaderboard lists them (house value; a server setting)."""

MODEL = PlackettLuce()


def player_key(user_id: int, level: str | None) -> str:
    """Who is rated for a seat: a person by user id, a computer by its level."""
    return f"{BOT_PREFIX}{level}" if level is not None else str(user_id)


def who_played(movers: Iterable[tuple[int | None, int | None]]) -> dict[int, int]:
    """Each seat's player as the one who made most of its moves (``movers``: seat and user of
    every move); on a tie, the one who moved last."""
    counts: dict[int, Counter[int]] = defaultdict(Counter)
    last: dict[tuple[int, int], int] = {}
    for n, (seat, user) in enumerate(movers):
        if seat is not None and user is not None:
            counts[seat][user] += 1
            last[seat, user] = n
    return {seat: max(c, key=lambda u: (c[u], last[seat, u])) for seat, c in counts.items()}


def game_results(
    game: GameRow,
    seats: Sequence[SeatRow],
    places: Mapping[int, int],
    points: Mapping[int, int],
    movers: Sequence[tuple[int | None, int | None]],
    now: float,
    level_of: Mapping[int, str],
) -> list[ResultRow]:
    """The results of ``game`` as it ends (``level_of``: the computer players' levels by user
    id). A seat counts for whoever made most of its moves, else whoever sits in it."""
    played = who_played(movers)
    made = Counter((s, u) for s, u in movers if s is not None and u is not None)
    names = {s.user_id: s.name for s in seats}
    out = []
    for seat in seats:
        user = played.get(seat.seat, seat.user_id)
        out.append(ResultRow(
            game_id=game.id, seat=seat.seat, guild_id=game.guild_id, title=game.title,
            map=game.map, player=player_key(user, level_of.get(user)),
            name=names.get(user, seat.name), place=int(places.get(seat.seat, len(seats))),
            score=int(points.get(seat.seat, 0)), moves=made[seat.seat, user], finished_at=now,
        ))
    return out


@dataclass
class Point:
    """A player's rating just after one game (the leaderboard's picture)."""

    game_id: int
    finished_at: float
    mu: float
    sigma: float


@dataclass
class Rated:
    ratings: list[RatingRow]
    history: dict[tuple[str, str], list[Point]]
    """(title, player): the rating after each of their rated games, in order."""


def rated_games(results: Sequence[ResultRow], since: float,
                unrated: set[int]) -> list[list[ResultRow]]:
    """The games that count, in the order they finished: since the season began, not taken out,
    with at least two players."""
    games: dict[int, list[ResultRow]] = defaultdict(list)
    for r in results:
        games[r.game_id].append(r)
    out = []
    for rows in games.values():
        players = {r.player for r in rows}
        if rows[0].finished_at >= since and rows[0].game_id not in unrated and len(players) >= 2:
            out.append(rows)
    out.sort(key=lambda rows: (rows[0].finished_at, rows[0].game_id))
    return out


def once_each(rows: Sequence[ResultRow]) -> list[ResultRow]:
    """One row per player: a player in two seats (two computers of one level) counts once, at
    their better place."""
    best: dict[str, ResultRow] = {}
    for r in sorted(rows, key=lambda r: (r.place, r.seat)):
        best.setdefault(r.player, r)
    return sorted(best.values(), key=lambda r: r.seat)


def rate(results: Sequence[ResultRow], *, since: float = 0.0,
         unrated: set[int] | None = None) -> Rated:
    """Every player's rating per title from ``results`` (one server's)."""
    current: dict[tuple[str, str], PlackettLuceRating] = {}
    games: Counter[tuple[str, str]] = Counter()
    last: dict[tuple[str, str], int] = {}
    history: dict[tuple[str, str], list[Point]] = defaultdict(list)
    for rows in rated_games(results, since, unrated or set()):
        table = once_each(rows)
        keys = [(r.title, r.player) for r in table]
        before = [[current.get(k) or MODEL.rating(name=k[1])] for k in keys]
        after = MODEL.rate(before, ranks=[float(r.place) for r in table])
        for key, (new,) in zip(keys, after, strict=True):
            current[key] = new
            games[key] += 1
            last[key] = rows[0].game_id
            history[key].append(Point(rows[0].game_id, rows[0].finished_at, new.mu, new.sigma))
    ratings = [RatingRow(t, p, r.mu, r.sigma, games[t, p], last[t, p])
               for (t, p), r in sorted(current.items())]
    return Rated(ratings, dict(history))


def ordinal(row: RatingRow) -> float:
    """The figure the leaderboard sorts by: a rating the player very likely has at least."""
    return MODEL.rating(mu=row.mu, sigma=row.sigma).ordinal()


async def rate_guild(store: Store, guild_id: int) -> Rated:
    """Work out a server's ratings from all its results again and store them."""
    rated = await rated_guild(store, guild_id)
    await store.put_ratings(guild_id, rated.ratings)
    return rated


async def rated_guild(store: Store, guild_id: int) -> Rated:
    """A server's ratings from its stored results, its season and its games taken out."""
    results = await store.results(guild_id)
    since = float(await store.setting("guild", guild_id, SEASON_KEY, 0.0))
    return rate(results, since=since, unrated=await unrated_games(store, guild_id))


async def unrated_games(store: Store, guild_id: int) -> set[int]:
    return {int(g) for g in await store.setting("guild", guild_id, UNRATED_KEY, [])}
