"""Railways of the World keeps its first rules for the games stored under them: each rule
that differs, under version 1 and version 2 (tests/service/test_stored_games.py replays whole
games stored under version 1)."""

from __future__ import annotations

import stored_games
from rotw_kit import Kit, make_title, set_cubes
from test_cards import deliver_kit, show

import maps
from engine.core import new_game
from engine.rotw import events, versions
from engine.rotw.title import RotwTitle

TITLE = RotwTitle(maps.load, maps.load_cards)


def test_the_title_is_on_version_3() -> None:
    assert TITLE.meta.rules_version == versions.VERSION == 3


def test_through_time_lays_out_its_service_bounties_from_version_2() -> None:
    # the 4 bounties of the periods in play: version 1 shuffles them into the deck (one of
    # them came up in this deal), version 2 lays them all out
    for version, shown_deck in ((1, (1, 3)), (2, (4, 0))):
        state = new_game(TITLE, stored_games.config(stored_games.GAMES["rotw-through-time"],
                                                    version))
        ops = state["ops"]
        assert tuple(len([c for c in cards if c.startswith("bounty-")])
                     for cards in (ops["display"], ops["deck"])) == shown_deck, version
        assert state.get("rules_version", 1) == version


def test_the_event_deck_holds_its_blanks_only_under_version_1() -> None:
    cfg = stored_games.GAMES["rotw-eastern-us-events"]
    for version, blanks in ((1, 4), (2, 0)):
        state = new_game(TITLE, stored_games.config(cfg, version))
        ev = state["events"]
        cards = [*ev["deck"], *ev["discard"], ev["future"]]
        assert sum(str(c).startswith(events.BLANK) for c in cards) == blanks, version


def test_nippon_has_16_new_city_tiles_from_version_2() -> None:
    cfg = stored_games.GAMES["rotw-nippon"]
    for version, each in ((1, 6), (2, 4)):
        state = new_game(TITLE, stored_games.config(cfg, version))
        assert state["new_city_tiles"] == dict.fromkeys(("yellow", "blue", "black", "purple"),
                                                        each)


def test_under_version_1_every_delivered_cube_goes_back_to_the_bag() -> None:
    """Passenger Lines on display: version 1 records the colour and returns the cube."""
    kit = deliver_kit()
    del kit.state["rules_version"]
    for p in kit.state["players"]:
        del p["kept_cubes"]
    show(kit, "passenger-lines")
    set_cubes(kit, "Cleveland", ["blue", "blue"])
    bag = dict(kit.state["bag"])
    kit.act({"type": "deliver", "seat": 0, "city": "Cleveland", "colour": "blue",
             "route": ["Cleveland", "Pittsburgh"]})
    me = kit.state["players"][0]
    assert kit.state["bag"] == {**bag, "blue": bag["blue"] + 1}
    assert me["colours_delivered"] == ["blue"] and "kept_cubes" not in me


def test_a_new_game_keeps_its_version_in_the_state() -> None:
    kit = Kit(title=make_title())
    assert kit.state["rules_version"] == versions.VERSION
    assert all(p["kept_cubes"] == [] for p in kit.state["players"])
