"""The rules versions of Railways of the World, and the rules that differ between them.

A game keeps the version it started on (see ``engine.core.rulesversion``), so a game stored
under an older version replays exactly as it was played.

- Version 1: the first recorded rules.
- Version 2: Railways through Time's Service Bounties are start cards (four of those in play
  are laid out, the rest leave the game) instead of being shuffled into the deck; while a
  Passenger Line(s) card is on display each player keeps the first delivered cube of each
  colour out of the bag until the card is won; the Event Deck's 4 blank cards stay out of it;
  New City tiles per colour come from the map file (Nippon has 16, not 24).
- Version 3: a charter watches the track that enters its city: a City Charter stops every other
  player's new track into the city, a link begun elsewhere before the charter was taken
  included (only track already in the city is spared), and a Capital Charter pays for a
  Switch Track branch only at the branch's own end city.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.rulesversion import rules_at_least
from engine.rotw.context import DEFAULT_NEW_CITY_TILES, MapContext
from engine.rotw.timemap import is_time_map

VERSION = 3
"""The version new games start on (the title's ``rules_version``)."""

Source = Mapping[str, object]
"""A game's config (at set-up) or its state (afterwards): either tells its version."""


def time_bounties_at_start(source: Source) -> bool:
    """Railways through Time's Service Bounties are start cards (version 2)."""
    return rules_at_least(source, 2)


def dealt_into_deck(source: Source, map_id: str, card: dict[str, object]) -> bool:
    """A start card that version 1 shuffled into the deck: a Service Bounty of Railways
    through Time."""
    goal = card.get("goal")
    bounty = isinstance(goal, dict) and goal.get("type") == "deliver_to"
    return bounty and is_time_map(map_id) and not time_bounties_at_start(source)


def keeps_delivered_cubes(source: Source) -> bool:
    """While a Passenger Line(s) card is on display, a player's first delivered cube of each
    colour stays out of the bag until the card is won (version 2). Version 1 returns every
    delivered cube to the bag and records every colour a player ever delivered."""
    return rules_at_least(source, 2)


def event_blanks(source: Source, ctx: MapContext) -> int:
    """Blank cards shuffled into the Event Deck: the deck file's count (none) from version 2,
    the box's 4 before."""
    return ctx.event_blanks if rules_at_least(source, 2) else 4


def new_city_tiles(source: Source, ctx: MapContext) -> dict[str, int]:
    """New City tiles per colour: the map file's from version 2, 6 of each before."""
    return dict(ctx.new_city_tiles if rules_at_least(source, 2) else DEFAULT_NEW_CITY_TILES)


def charters_watch_track_into_city(source: Source) -> bool:
    """City and Capital Charters look at the track a build lays into their city (version 3):
    a link begun before a City Charter may not then be finished into that city, and a Switch
    Track branch enters only its own end city. Versions 1 and 2 spared any link begun before
    the charter and counted a branch at the first city of the link it leaves."""
    return rules_at_least(source, 3)
