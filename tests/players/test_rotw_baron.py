"""The normal Railways of the World computer keeps the Rail Baron its way of playing serves, and
then builds toward what that baron pays for (an easy one keeps whichever it fancies)."""

from __future__ import annotations

import copy
import dataclasses

import pytest
from bot_games import config, titles

from engine.computer import computer_move, player_for
from engine.core import new_game
from engine.rotw import network
from engine.rotw.baronodds import kept_points
from engine.rotw.player import RotwPlayer
from engine.rotw.playervalue import DEFAULT_WEIGHTS
from engine.rotw.title import RotwTitle


@pytest.mark.parametrize(("dealt", "kept"), [(["taylor", "morgan"], "taylor"),
                                             (["harriman", "judah"], "judah"),
                                             (["gould", "hopkins"], "hopkins"),
                                             (["fisk", "hopkins"], "hopkins"),
                                             (["holliday", "c-vanderbilt"], "c-vanderbilt")])
def test_the_baron_kept_is_the_one_that_paid_most_in_self_play(dealt: list[str],
                                                                kept: str) -> None:
    assert kept_points("eastern-us", kept) == max(kept_points("eastern-us", c) or 0.0
                                                  for c in dealt)
    title = titles()["rotw"]
    state = new_game(title, config(title, 3, 4, "eastern-us"))
    assert state["phase"] == "baron"
    seat = title.to_act(state)[0]
    state["players"][seat]["baron_choices"] = dealt
    move = computer_move(title, state, seat, "normal", 1)
    assert move == {"type": "choose_baron", "seat": seat, "card": kept}


def test_without_the_measured_figures_a_share_of_each_goal_is_guessed() -> None:
    # The guess that made the Mobile baron (links from Mobile) look best at the start, where it
    # paid 0.4 points a game kept against 2.8 for the most cities connected.
    title = titles()["rotw"]
    state = new_game(title, config(title, 3, 4, "eastern-us"))
    assert isinstance(title, RotwTitle)
    guessing = RotwPlayer(title, dataclasses.replace(DEFAULT_WEIGHTS, baron_odds=0.0))
    measured = RotwPlayer(title)
    seat = title.to_act(state)[0]
    assert guessing._baron_fit(state, seat, "fisk") > guessing._baron_fit(state, seat, "hopkins")
    assert measured._baron_fit(state, seat, "fisk") < measured._baron_fit(state, seat, "hopkins")


def test_a_baron_naming_a_city_of_its_network_is_worth_more() -> None:
    title = titles()["rotw"]
    state = new_game(title, config(title, 2, 9, "eastern-us"))
    player = player_for(title)
    assert isinstance(player, RotwPlayer)
    seat = 0
    # Hand seat 0 a link out of Chicago: Farnam (links from Chicago) now pays, Fisk (links
    # from Mobile, far away) does not.
    state["links"].append({"id": 900, "owner": seat, "cities": ["Chicago", "Milwaukee"],
                           "tiles": [], "complete": True})
    assert network.links_at(state, seat, "Chicago") == 1
    assert player._baron_fit(state, seat, "farnam") > player._baron_fit(state, seat, "fisk")
    with_baron = copy.deepcopy(state)
    with_baron["players"][seat]["baron"] = "farnam"
    assert player.value(with_baron, seat) > player.value(state, seat)


def test_a_baron_joining_two_cities_adds_its_points_to_the_major_line_between_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.rotw import routeplan
    from engine.rotw.routeplan import major_plans

    # Planned from afar here (no network yet): New York to Chicago takes more links than a
    # player plans at once.
    monkeypatch.setattr(routeplan, "MAJOR_NEW", 12)
    title = titles()["rotw"]
    state = new_game(title, config(title, 2, 9, "eastern-us"))
    player = player_for(title)
    assert isinstance(player, RotwPlayer)
    seat = 0
    ctx = player.title.context(state["map"])
    state["players"][seat]["baron"] = "c-vanderbilt"
    pairs = player._baron_pairs(state, seat)
    assert pairs == {("New York", "Chicago"): 5}
    line = next(m for m in state["major_lines"] if {m["a"], m["b"]} == {"New York", "Chicago"})
    with_baron = {(p.route[0], p.route[-1]): p.points
                  for p in major_plans(state, ctx, seat, set(), 5, pairs)}
    plain = {(p.route[0], p.route[-1]): p.points for p in major_plans(state, ctx, seat, set(), 5)}
    key = next(k for k in plain if set(k) == {"New York", "Chicago"})
    assert plain[key] == line["points"] and with_baron[key] == line["points"] + 5
    # Once claimed by another player, the baron's pair is still planned, for its own points.
    line["claimed_by"] = 1
    alone = {(p.route[0], p.route[-1]): p.points
             for p in major_plans(state, ctx, seat, set(), 5, pairs)}
    assert alone.get(("New York", "Chicago")) == 5
