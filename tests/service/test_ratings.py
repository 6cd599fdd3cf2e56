"""Ratings and statistics per server: results are stored with the move that ends a game, and the
ratings are openskill's own figures, worked out again from the results however often asked."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce
from service_support import ALICE, BOB, CAROL, HERE, Clock, play_tiny, raw

from bot.ratings import game_results, who_played
from bot.replies import UserError
from bot.service import GameService, User, Where
from bot.service.bots import bot_user
from bot.service.stats import shown_name
from bot.storage import GameRow, RatingRow, SeatRow

ELSEWHERE = Where(20, 200)
"""Another server."""


async def expected_ratings(service: GameService, game_ids: list[int]) -> dict[str, tuple[float,
                                                                                    float]]:
    """openskill's own figures for ``game_ids`` in order, from each game's winner."""
    model = PlackettLuce()
    now: dict[str, object] = {}
    for gid in game_ids:
        game = await service.store.game(gid)
        assert game is not None
        winner = (await service.load(game)).state["winner"]
        seats = await service.store.seats(gid)
        teams = [[now.get(str(s.user_id)) or model.rating()] for s in seats]
        ranks = [1.0 if s.seat == winner else 2.0 for s in seats]
        for s, (new,) in zip(seats, model.rate(teams, ranks=ranks), strict=True):  # type: ignore[arg-type]
            now[str(s.user_id)] = new
    return {k: (v.mu, v.sigma) for k, v in now.items()}  # type: ignore[attr-defined]


def figures(rows: list[RatingRow]) -> dict[str, tuple[float, float]]:
    return {r.player: (r.mu, r.sigma) for r in rows}


def assert_same(stored: dict[str, tuple[float, float]],
                expected: dict[str, tuple[float, float]]) -> None:
    assert stored.keys() == expected.keys()
    for player, pair in expected.items():
        assert stored[player] == pytest.approx(pair, abs=1e-9)


async def series(service: GameService, clock: Clock) -> list[int]:
    return [await play_tiny(service, clock, HERE, players, seed)
            for seed, players in enumerate([[ALICE, BOB], [ALICE, BOB, CAROL], [BOB, CAROL],
                                            [CAROL, ALICE], [ALICE, BOB, CAROL]], start=3)]


async def test_ratings_after_a_series_are_openskills_own(service: GameService,
                                                         clock: Clock) -> None:
    games = await series(service, clock)
    stored = figures(await service.store.ratings(HERE.guild_id or 0))
    assert stored.keys() == {str(u.id) for u in (ALICE, BOB, CAROL)}
    assert_same(stored, await expected_ratings(service, games))
    assert {r.games for r in await service.store.ratings(10) if r.player == str(CAROL.id)} == {4}


async def test_the_rebuild_gives_identical_figures(service: GameService, clock: Clock) -> None:
    await series(service, clock)
    before_ratings = await service.store.ratings(10)
    before_results = await service.store.results(10)
    await raw(service.store, "DELETE FROM results")
    await raw(service.store, "DELETE FROM ratings")
    assert await service.store.results(10) == []
    assert await service.rebuild() == [10]
    assert await service.store.results(10) == before_results
    assert await service.store.ratings(10) == before_ratings
    await service.rebuild()  # twice changes nothing: nothing is ever applied on top
    assert await service.store.ratings(10) == before_ratings


async def test_a_crash_between_game_over_and_the_ratings_loses_nothing(
    service: GameService, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = await play_tiny(service, clock, HERE, [ALICE, BOB], seed=3)

    def crash(*args: object) -> None:
        raise SystemExit("the process dies right after the last move was committed")

    monkeypatch.setattr("bot.service.moves.rate_guild", crash)
    with pytest.raises(SystemExit):
        await play_tiny(service, clock, HERE, [BOB, ALICE], seed=4)
    second = (await service.store.last_game_in_channel(HERE.channel_id))
    assert second is not None and second.status == "finished"
    assert {r.game_id for r in await service.store.results(10)} == {first, second.id}
    assert {r.games for r in await service.store.ratings(10)} == {1}  # not rated yet
    monkeypatch.undo()
    fresh = GameService(service.store, service.registry, clock=clock)
    board = await fresh.leaderboard(HERE)  # any look at the ratings counts the game, once
    assert "Nobody" in board.text  # fewer than 3 games each
    assert_same(figures(await service.store.ratings(10)),
                await expected_ratings(service, [first, second.id]))
    assert {r.games for r in await service.store.ratings(10)} == {2}


async def test_statistics_answer_in_servers_only_and_only_of_that_server(
    service: GameService, clock: Clock
) -> None:
    here = await play_tiny(service, clock, HERE, [ALICE, BOB], seed=3)
    there = await play_tiny(service, clock, ELSEWHERE, [ALICE, CAROL], seed=5)
    direct = Where(None, 300)
    for ask in (service.stats(direct, ALICE), service.leaderboard(direct),
                service.history(direct)):
        with pytest.raises(UserError, match="server"):
            await ask
    history = (await service.history(HERE)).text
    assert f"#{here} " in history and f"#{there} " not in history and "carol" not in history
    stats = (await service.stats(HERE, ALICE)).text
    assert "1 games" in stats and f"game #{here}" in stats and f"#{there}" not in stats
    assert "no finished games" in (await service.stats(HERE, CAROL)).text
    assert {r.player for r in await service.store.ratings(20)} == {str(ALICE.id), str(CAROL.id)}


async def test_the_leaderboard_lists_players_with_enough_games(
    service: GameService, clock: Clock
) -> None:
    await series(service, clock)
    with pytest.raises(UserError, match="server manager"):
        await service.set_min_games(HERE, ALICE, 4)
    await service.set_min_games(HERE, User(ALICE.id, "alice", manager=True), 4)
    board = await service.leaderboard(HERE)
    assert board.image is not None and board.image.startswith(b"\x89PNG")
    listed = [line for line in board.text.splitlines() if line[:2] in ("1.", "2.", "3.")]
    assert len(listed) == 3  # each played 4 games
    await service.set_min_games(HERE, User(ALICE.id, "alice", manager=True), 5)
    assert "Nobody on this server has 5" in (await service.leaderboard(HERE)).text


async def test_a_game_taken_out_and_a_new_season(service: GameService, clock: Clock) -> None:
    games = await series(service, clock)
    boss = User(EVE_ID, "eve", manager=True)
    with pytest.raises(UserError, match="server manager"):
        await service.set_rated(HERE, ALICE, games[0], False)
    with pytest.raises(UserError, match="no finished game #999"):
        await service.set_rated(HERE, boss, 999, False)
    await service.set_rated(HERE, boss, games[0], False)
    assert_same(figures(await service.store.ratings(10)),
                await expected_ratings(service, games[1:]))
    assert "(not rated)" in (await service.history(HERE)).text
    exported = await service.export_results(HERE, boss)
    assert exported.image is not None and exported.image_name == "results.csv"
    csv_text = exported.image.decode()
    assert csv_text.splitlines()[0].startswith("game,finished,title")
    assert len(csv_text.splitlines()) == 1 + 2 + 3 + 2 + 2 + 3
    with pytest.raises(UserError, match="confirm"):
        await service.new_season(HERE, boss)
    clock.now += 10
    await service.new_season(HERE, boss, confirm=True)
    assert await service.store.ratings(10) == []
    assert len(await service.store.results(10)) == 12  # the history stays
    after = await play_tiny(service, clock, HERE, [ALICE, BOB], seed=9)
    assert_same(figures(await service.store.ratings(10)),
                await expected_ratings(service, [after]))


EVE_ID = 9


def test_a_seat_counts_for_whoever_made_most_of_its_moves() -> None:
    moves = [(0, 1), (1, 2), (0, 1), (1, -1), (1, -1), (1, -1), (0, 1)]
    assert who_played(moves) == {0: 1, 1: -1}
    assert who_played([(0, 1), (0, 5)]) == {0: 5}  # level: who moved last


def test_computers_are_rated_by_level() -> None:
    normal = bot_user(0, "normal")
    game = GameRow(7, 10, 100, "tiny", None, {}, "g", 1, "finished", 1, 9, [], 0.0, 0.0, None,
                   None)
    seats = [SeatRow(0, ALICE.id, "alice", "red"), SeatRow(1, normal.id, normal.name, "blue")]
    rows = game_results(game, seats, {0: 2, 1: 1}, {0: 3, 1: 5},
                        [(0, ALICE.id), (1, normal.id), (1, BOB.id), (1, normal.id)], 50.0,
                        {normal.id: "normal"})
    assert [(r.player, r.place, r.score, r.moves) for r in rows] == [
        (str(ALICE.id), 2, 3, 1), ("bot:normal", 1, 5, 2)]
    assert [shown_name(r) for r in rows] == ["alice", "computer (normal)"]


async def test_the_results_are_stored_in_the_last_moves_own_transaction(
    service: GameService, clock: Clock
) -> None:
    await service.new_game(HERE, ALICE, "tiny", options={"target": 12})
    await service.join(HERE, BOB)
    await service.start(HERE, ALICE, seed=3)
    game = await service.store.game_in_channel(HERE.channel_id)
    assert game is not None
    # A stray result of seat 0 makes the results of the last move impossible to insert.
    await raw(service.store, "INSERT INTO results VALUES (?, 0, 10, 'tiny', NULL, 'x', 'x', 1, 0,"
              " 0, 0.0)", game.id)
    for p in (ALICE, BOB):
        await service.act(HERE, p, "ready", {})
    with pytest.raises(Exception, match=r"(?i)unique|duplicate"):
        while True:
            row = await service.store.game(game.id)
            assert row is not None
            seats = {s.seat: s.user_id for s in await service.store.seats(game.id)}
            await service.act(HERE, ALICE if seats[row.to_act[0]] == ALICE.id else BOB, "roll",
                              {})
    row = await service.store.game(game.id)
    assert row is not None and row.status == "active", "the last move was not stored either"
    assert len(await service.store.actions(game.id)) == row.seq
