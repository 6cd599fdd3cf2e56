"""The rules versions of Ultimate Railroads, and the rules that differ between them.

A game keeps the version it started on (see ``engine.core.rulesversion``), so a game stored
under an older version replays exactly as it was played.

- Version 1: the first recorded rules.
- Version 2: an indirect action's single remaining choice is asked (beside a button that leaves
  it) instead of being made by itself; the end bonus deck holds a twelfth card (1 point per
  step the green tracks moved), so the set-up shuffles 12 cards instead of 11.
- Version 3: an American steelworks is built like any other factory (in the first empty gap,
  or in place of a factory once the five gaps are full); any wrench on the industry track may
  reach its idea space first (the German boards' additional wrench included), not only the
  first wrench; an action that must be resolved in full (the manufactory train's three tokens,
  a factory built over on the industry board) is tried in every order and on every route, so a
  step that makes room for another counts and two steps never share one space of room, and a
  track step of the action pool with no room yet waits while another step may make room; the
  special idea card's doubling is offered for industry steps from board spaces, construction
  sites and a returned steelworks too; a boilerman on a factory of several track steps gives
  one step more (the Coal module's combined total of 3 steps), not all of them twice; a
  foundry's own action is resolved by itself, then closing it is decided (close or keep) before
  anything that action brought (a special space reached, a factory's benefits) and before the
  rest of the turn.

Choice ids that tell apart two locomotives of one worth came in without a version: the ids
stored games hold (``loco-ts``, ``loco-ts-r9``) still name the same task and tile.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.rulesversion import rules_at_least

VERSION = 3
"""The version new games start on (the title's ``rules_version``)."""

Source = Mapping[str, object]
"""A game's config (at set-up) or its state (afterwards): either tells its version."""

GREEN_END_BONUS = "green"
"""The twelfth end bonus card (version 2)."""


def asks_indirect_single_choice(source: Source) -> bool:
    """An indirect action's only choice waits for the player, who may leave it (version 2);
    version 1 made a lone choice of any action by itself."""
    return rules_at_least(source, 2)


def end_bonus_cards(source: Source, cards: list[str]) -> list[str]:
    """The end bonus cards the set-up shuffles: all of them from version 2, without the green
    one before."""
    return cards if rules_at_least(source, 2) else [c for c in cards if c != GREEN_END_BONUS]


def steelworks_like_factory(source: Source) -> bool:
    """A steelworks goes where a new factory would: the first empty gap, or in place of a
    factory once the gaps are full (version 3); before, any empty gap and never in place of a
    factory."""
    return rules_at_least(source, 3)


def any_wrench_idea_space(source: Source) -> bool:
    """Whichever wrench of the industry track (not the dual track's upper one) reaches the idea
    space first takes it (version 3); before, only the first wrench did."""
    return rules_at_least(source, 3)


def tries_every_way_in_full(source: Source) -> bool:
    """A must-be-whole action is allowed when some order and routes of its steps resolve all of
    it (version 3); before, the manufactory train checked each token alone and a factory built
    over tried one order."""
    return rules_at_least(source, 3)


def steps_wait_for_room(source: Source) -> bool:
    """A track step of the pool with no room waits while another step of the pool can still be
    made (version 3), as the pool is resolved in any order; before, it was lost at once."""
    return rules_at_least(source, 3)


def doubles_industry_of_spaces(source: Source) -> bool:
    """The special idea card may double industry steps from board spaces, construction sites and
    a returned steelworks (version 3); before, only those of actions and cards that list them."""
    return rules_at_least(source, 3)


def boiler_adds_one_step(source: Source) -> bool:
    """A boilerman on a factory of several track steps adds one step (version 3); before, it
    gave all the steps twice."""
    return rules_at_least(source, 3)


def closes_foundry_before_its_extras(source: Source) -> bool:
    """A used foundry's own action comes first, then the choice to close it, and only then what
    that action brought (version 3); before, the foundry could be closed at any time of the
    turn, so its boilerman could go on a locomotive the foundry's step had reached."""
    return rules_at_least(source, 3)
