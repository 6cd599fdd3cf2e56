"""Every Railways of the World move typed wrongly, in each phase, by the player to act and by one
who waits: refused with the rule in a player's words, and nothing changes."""

from __future__ import annotations

from typing import Any

import pytest
from refusal_walk import Probe, refused_without_change

import maps
from bot.app import make_dispatcher, make_service
from bot.commands import Dispatcher
from bot.service import User, Where
from bot.storage import Store
from engine.core import IllegalAction, new_game
from engine.rotw.title import RotwTitle

HERE = Where(10, 700)
ALICE, BOB = User(1, "alice"), User(2, "bob")
CUBES = "red, yellow, blue, black, purple"
ACTIONS = ("build", "deliver", "upgrade", "urbanize", "card", "westernlink", "mine")
ACTION_OPTIONS: dict[str, dict[str, Any]] = {
    "build": {"from": "Chicago", "to": "Detroit"},
    "deliver": {"city": "Chicago", "colour": "red"},
    "upgrade": {}, "urbanize": {"city": "Chicago", "colour": "blue"},
    "card": {"card": "City Growth"}, "westernlink": {"city": "Kansas City"},
    "mine": {"city": "Albany"},
}


@pytest.fixture
def rotw(store: Store) -> Dispatcher:
    return make_dispatcher(make_service(store))


def outside_actions(user: User, words: str) -> list[Probe]:
    return [Probe(user, c, ACTION_OPTIONS[c], f"/{c} is an action, taken in the action rounds; "
                  f"now {words}") for c in ACTIONS]


def action_round(actor: User, other: User, view: dict[str, Any]) -> list[Probe]:
    cities = {c["name"]: c for c in view["cities"]}
    stocked = next(n for n, c in cities.items() if c["cubes"])
    cube = cities[stocked]["cubes"][0]
    absent = next(col for col in ("red", "yellow", "blue", "black", "purple")
                  if col not in cities[stocked]["cubes"])
    gray = next(n for n, c in cities.items() if c["colour"] == "gray")
    coloured = next(n for n, c in cities.items() if c["colour"] not in ("gray", "red"))
    shown = {c["name"] for c in view["operations_display"]}
    missing = next(n for n in ("Government Land Grant", "City Growth", "New Industry")
                   if n not in shown)
    return [
        Probe(actor, "deliver", {"city": "Gotham", "colour": "red"}, "no city called Gotham"),
        Probe(actor, "deliver", {"city": stocked, "colour": "green"},
              f"colour: must be one of {CUBES}, not 'green'"),
        Probe(actor, "deliver", {"city": stocked, "colour": "bl"},
              f"colour: must be one of {CUBES}, 'bl' matches blue and black"),
        Probe(actor, "deliver", {"city": stocked, "colour": absent},
              f"{stocked} has no {absent} cube"),
        Probe(actor, "deliver", {"city": stocked, "colour": cube},
              "no chain of complete links joins"),
        Probe(actor, "deliver", {"city": "New", "colour": cube}, "'New' matches New "),
        Probe(actor, "build", {"from": "Gotham", "to": "Chicago"}, "no city called Gotham"),
        Probe(actor, "build", {"from": "Chicago"}, "Give to:<city>"),
        Probe(actor, "build", {"from": "Chicago", "to": "Detroit", "via": "red"},
              "'RED' is not a hex label"),
        Probe(actor, "urbanize", {"city": coloured, "colour": "blue"},
              "Only gray cities can be urbanized"),
        Probe(actor, "urbanize", {"city": gray, "colour": "red"},
              "colour: must be one of yellow, blue, black, purple, not 'red'"),
        Probe(actor, "card", {"card": "zzz"}, "no Railroad Operations card called 'zzz'"),
        Probe(actor, "card", {"card": missing}, f"{missing} is not in the Operations display"),
        Probe(actor, "upgrade", {"cards": "zzz"}, "You hold no card called 'zzz'"),
        Probe(actor, "bid", {"amount": 3}, "this is the action round"),
        Probe(actor, "baron", {"card": "x"}, "this is the action round"),
        Probe(actor, "inspect", {}, "this is the action round"),
        Probe(actor, "allow", {}, "this is the action round"),
        Probe(actor, "mine", {"city": gray}, "Mines"),
        Probe(other, "build", ACTION_OPTIONS["build"], f"It is {actor.name}'s turn"),
        Probe(other, "pass", {}, f"It is {actor.name}'s turn"),
    ]


async def test_every_move_typed_wrongly_in_every_phase_is_refused_and_changes_nothing(
        rotw: Dispatcher) -> None:
    d, service = rotw, rotw.service
    await d.run(HERE, ALICE, ["game", "new"], {"system": "rotw", "map": "eastern-us"})
    await d.run(HERE, BOB, ["game", "join"], {})
    await service.start(HERE, ALICE, seed=8)
    for user in (ALICE, BOB):
        for probe in [Probe(user, "baron", {"card": "zzz"}, "not one of the two Rail Baron cards"),
                      Probe(user, "bid", {"amount": 3}, "First choose which of your two Rail "
                            "Baron cards to keep"),
                      Probe(user, "pass", {}, "First choose"),
                      *outside_actions(user, "every player is choosing which Rail Baron card")]:
            await refused_without_change(d, HERE, probe)
        keep = next(a for a in await service.legal(HERE, user) if a["type"] == "choose_baron")
        assert not (await d.run(HERE, user, ["baron"], {"card": keep["card"]})).error
    view = await service.view(HERE, None)
    names = {p["seat"]: p["name"] for p in view["players"]}
    actor = ALICE if names[view["to_act"][0]] == "alice" else BOB
    other = BOB if actor is ALICE else ALICE
    for probe in [Probe(actor, "bid", {"amount": 0}, "minimum first bid is $1,000"),
                  Probe(actor, "bid", {"amount": 500}, "A first-player bid is at most $100,000"),
                  Probe(actor, "bid", {"amount": 1500}, "steps of $1,000"),
                  Probe(actor, "baron", {"card": "x"}, "not a move during the first-player "
                        "auction"),
                  Probe(other, "bid", {"amount": 3}, f"It is {actor.name}'s turn"),
                  *outside_actions(actor, "the first-player auction is on"),
                  *outside_actions(other, "the first-player auction is on")]:
        await refused_without_change(d, HERE, probe)
    while (await service.view(HERE, None))["phase"] == "auction":
        view = await service.view(HERE, None)
        who = ALICE if names[view["to_act"][0]] == "alice" else BOB
        assert not (await d.run(HERE, who, ["pass"], {})).error
    view = await service.view(HERE, None)
    actor = ALICE if names[view["to_act"][0]] == "alice" else BOB
    other = BOB if actor is ALICE else ALICE
    for probe in action_round(actor, other, view):
        await refused_without_change(d, HERE, probe)


def test_cards_are_named_by_name_id_or_prefix_and_held_copies_by_their_name() -> None:
    title = RotwTitle(maps.load, maps.load_cards)
    state = new_game(title, {"title": "rotw", "map": "eastern-us", "options": {}, "seed": 3,
                             "rules_version": title.meta.rules_version,
                             "players": [{"seat": 0, "name": "a", "colour": "black"},
                                         {"seat": 1, "name": "b", "colour": "green"}]})
    state.update(phase="actions", turn_order=[0, 1], order_pos=0, round=1)
    state["ops"]["display"] = ["land-grant#2", "city-growth#1", "new-industry#3"]
    for typed in ("land-grant", "Government Land Grant", "govern", "LAND GRANT"):
        act = title.command_to_action(state, 0, "card", {"card": typed})
        assert act["card"] == "land-grant#2", typed
    state["ops"]["display"] += ["hotel-chicago", "hotel-new-york"]
    with pytest.raises(IllegalAction) as err:
        title.command_to_action(state, 0, "card", {"card": "hotel"})
    assert err.value.message == ("'hotel' matches Hotel (Chicago) and Hotel (New York); type "
                                 "more of the card's name.")
    assert title.command_to_action(state, 0, "card", {"card": "hotel-chic"})["card"] \
        == "hotel-chicago"
    state["players"][0]["hand"] = ["land-grant#4"]
    act = title.command_to_action(state, 0, "build", {"from": "Chicago", "path": "S11",
                                                      "cards": "Land Grant"})
    assert act["cards"] == ["land-grant#4"]
