"""Railways of the World computers never sink into bonds and their games end: interest past
income is paid with more bonds, so a computer borrows only what the income it will still have
pays for, and a table of easy computers finishes even the long Transcontinental game."""

from __future__ import annotations

import os

import pytest
from bot_games import config, easy_until_actions, play, titles

from engine.core import State, new_game
from engine.rotw.player import RotwPlayer


def actions_state(seat_score: int, bonds: int, money: int) -> tuple[RotwPlayer, State, int]:
    """A 3-player Eastern U.S. game a few turns in, at the actions of a seat given the score,
    bonds and money asked for."""
    title, state = easy_until_actions(3)
    seat = title.to_act(state)[0]
    p = state["players"][seat]
    p["score"], p["bonds"], p["money"] = seat_score, bonds, money
    return RotwPlayer(title), state, seat


def test_a_computer_whose_later_income_cannot_pay_more_interest_borrows_nothing() -> None:
    # Score 70: income is still $17,000 but falls to $9,000 thirty points on; six bonds are
    # already more than the share of that later income a computer lets interest take.
    # Such moves are not offered at all, so not even a strong player's search can pick one.
    player, state, seat = actions_state(70, 6, 0)
    found = player.candidates(state, seat)
    assert any(c.action["type"] == "pass" for c in found)
    assert not [c for c in found if c.action["type"] in ("build", "upgrade", "urbanize")]
    # With the money in hand, the same moves are open again.
    player, state, seat = actions_state(70, 6, 60_000)
    found = player.candidates(state, seat)
    pass_prior = next(c.prior for c in found if c.action["type"] == "pass")
    assert any(c.prior > pass_prior for c in found if c.action["type"] == "build")


def test_however_high_its_income_a_computer_borrows_no_seventh_bond() -> None:
    # Score 40: $24,000 of income now and $19,000 thirty points on, whose share would pay the
    # interest of seven bonds; six is the most a computer carries all the same.
    player, state, seat = actions_state(40, 6, 0)
    assert player._bond_cap(state, seat) == 6
    found = player.candidates(state, seat)
    assert not [c for c in found if c.action["type"] in ("build", "upgrade", "urbanize")]
    player, state, seat = actions_state(40, 5, 0)
    assert any(c.action["type"] == "build" for c in player.candidates(state, seat))


def test_the_cap_follows_the_income_track() -> None:
    # Score 3: $5,000 of income pays the interest of few bonds; score 20's $18,000 pays more,
    # up to the ceiling of six.
    player, state, seat = actions_state(3, 0, 0)
    low = player._bond_cap(state, seat)
    state["players"][seat]["score"] = 20
    assert low < player._bond_cap(state, seat) <= 6


@pytest.mark.skipif(int(os.environ.get("BOT_GAMES", "0")) < 2,
                    reason="BOT_GAMES=2 or more plays the long Transcontinental game")
def test_four_easy_computers_finish_the_transcontinental_game() -> None:
    title = titles()["rotw"]
    cfg = config(title, 4, 1, "transcontinental")
    assert new_game(title, cfg)["map"] == "transcontinental-east"
    state, log = play(title, cfg, ["easy"], seed=1, stop_after=3000)
    assert title.is_over(state), f"still running after {len(log)} moves"
    assert state["transcon"]["phase"] == "west"
    # No seat sank into bonds (a spiral once reached 10^31 of them).
    assert max(p["bonds"] for p in state["players"]) <= 12


def test_an_easy_western_table_keeps_every_seat_within_six_bonds() -> None:
    """Seed 16 of the Western U.S. line of ``bench/game_end.py``: an easy seat that let its
    first deliveries wait (as the normal level may) never got going and ran up 39 bonds."""
    title = titles()["rotw"]
    state, _ = play(title, config(title, 4, 16, "western-us"), ["easy"], seed=16)
    assert title.is_over(state)
    assert max(int(p["bonds"]) for p in state["players"]) <= 6


def test_an_easy_transcontinental_table_ends_with_no_seat_sunk_into_bonds() -> None:
    """Seed 39 of the Transcontinental line of ``bench/game_end.py``: an easy seat with
    scattered links and a level-1 engine had nothing to deliver nor any move its way-out rules
    allowed, passed from turn 10 on and ended with 289 bonds. Its last resort (the next step of
    its best delivery plan) gets it going, and a table with money to spend never passes for
    want of a link its first start cities found: the game ends in its usual length."""
    title = titles()["rotw"]
    state, _ = play(title, config(title, 4, 39, "transcontinental"), ["easy"], seed=39,
                    stop_after=3000)
    assert title.is_over(state)
    assert int(state["turn"]) <= 45
    assert max(int(p["bonds"]) for p in state["players"]) <= 6


@pytest.mark.parametrize("seed", [72, 111])
def test_an_easy_seat_whose_interest_outruns_its_income_plays_its_way_out(seed: int) -> None:
    """Seeds of the Western U.S. easy line of ``bench/game_end.py`` in which a seat sank: with
    interest above its income it passed for turns on end, links it could not pay for at a
    glance, and ended with 15 (seed 72) and 27 bonds (seed 111). Weighing its moves as the
    normal player does once its income no longer pays, it stays within six."""
    title = titles()["rotw"]
    state, _ = play(title, config(title, 4, seed, "western-us"), ["easy"], seed=seed)
    assert title.is_over(state)
    assert max(int(p["bonds"]) for p in state["players"]) <= 6
