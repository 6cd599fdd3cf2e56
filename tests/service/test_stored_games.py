"""Games stored under the first rules of Railways of the World and Ultimate Railroads (recorded
by the release before their version 2), and under version 2 (by the release that brought it),
replay exactly as they were played: the same messages move by move and the same final state.
The version 1 moves play out otherwise under version 2, so the fixtures show the rules that
version keeps apart."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest
import stored_games

from engine.rotw import versions as rotw_versions
from engine.ultimate import versions as ultimate_versions


@pytest.mark.parametrize("name", sorted(stored_games.GAMES))
@pytest.mark.parametrize("version", [1, None])
def test_a_game_stored_under_version_1_replays_as_it_was_played(name: str,
                                                                version: int | None) -> None:
    stored_games.check_replays_as_played(name, version)


@pytest.mark.parametrize("name", sorted(stored_games.GAMES_V2))
@pytest.mark.parametrize("version", [2, None])
def test_a_game_stored_under_version_2_replays_as_it_was_played(name: str,
                                                                version: int | None) -> None:
    stored_games.check_replays_as_played(name, version, stored=2)


@pytest.mark.parametrize("name", sorted(stored_games.GAMES))
def test_the_same_moves_play_out_otherwise_under_version_2(name: str) -> None:
    assert stored_games.plays_otherwise(stored_games.load(name), 2)


NEW_RULES: list[tuple[ModuleType, str, Callable[..., object], str]] = [
    (rotw_versions, "time_bounties_at_start", lambda source: True, "rotw-through-time"),
    (rotw_versions, "keeps_delivered_cubes", lambda source: True, "rotw-eastern-us-events"),
    (rotw_versions, "event_blanks", lambda source, ctx: ctx.event_blanks,
     "rotw-eastern-us-events"),
    (rotw_versions, "new_city_tiles", lambda source, ctx: dict(ctx.new_city_tiles),
     "rotw-nippon"),
    (ultimate_versions, "asks_indirect_single_choice", lambda source: True, "ultimate-core"),
    (ultimate_versions, "end_bonus_cards", lambda source, cards: cards, "ultimate-coal"),
]
"""Each rule version 2 brought, as its version's module answers it from version 2 on, and a
stored game it changes."""


@pytest.mark.parametrize(("module", "rule", "newer", "name"), NEW_RULES,
                         ids=[r[1] for r in NEW_RULES])
def test_each_rule_kept_apart_changes_a_stored_game(
        monkeypatch: pytest.MonkeyPatch, module: ModuleType, rule: str,
        newer: Callable[..., object], name: str) -> None:
    """A stored game shows each rule's gate matters: with that one rule answered as version 2
    does, the version 1 game no longer replays as it was played."""
    stored_games.check_replays_as_played(name, 1)
    monkeypatch.setattr(module, rule, newer)
    assert stored_games.plays_otherwise(stored_games.load(name), 1)


NEW_RULES_V3: list[tuple[ModuleType, str, Callable[..., object], str]] = [
    (ultimate_versions, "steelworks_like_factory", lambda source: True,
     "ultimate-american-coal"),
    (ultimate_versions, "any_wrench_idea_space", lambda source: True, "ultimate-solo"),
    (ultimate_versions, "tries_every_way_in_full", lambda source: True, "ultimate-asian"),
    (ultimate_versions, "steps_wait_for_room", lambda source: True, "ultimate-german-modules"),
    (ultimate_versions, "closes_foundry_before_its_extras", lambda source: True,
     "ultimate-american-coal"),
]
"""Each rule version 3 brought, answered as from version 3 on, and a game stored under version 2
that it changes (the doubled industry steps of special spaces and the boilerman's one more step
come up in none)."""


@pytest.mark.parametrize(("module", "rule", "newer", "name"), NEW_RULES_V3,
                         ids=[r[1] for r in NEW_RULES_V3])
def test_each_version_3_rule_kept_apart_changes_a_stored_version_2_game(
        monkeypatch: pytest.MonkeyPatch, module: ModuleType, rule: str,
        newer: Callable[..., object], name: str) -> None:
    stored_games.check_replays_as_played(name, 2, stored=2)
    monkeypatch.setattr(module, rule, newer)
    assert stored_games.plays_otherwise(stored_games.load(name, 2), 2)
