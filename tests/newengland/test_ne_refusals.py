"""Every New England move typed wrongly, in each step of a turn, by the player to act and by one
who waits: refused with the rule in a player's words, and nothing changes."""

from __future__ import annotations

from typing import Any

import pytest
from ne_helpers import config, ctx, title
from refusal_walk import Probe, refused_without_change
from test_ne_service_game import HERE, PLAYERS, decide

from bot.commands import Dispatcher
from bot.service import GameService, User
from bot.storage import Store
from engine.core import IllegalAction, Registry, new_game
from engine.newengland import DATA, NewEnglandTitle
from engine.newengland.money import borrow
from engine.newengland.moves import out_of_turn
from engine.newengland.turn import advance, close_auctions

NOT_OPEN = {
    "loan": ("loans", "Borrowing is not open now"),
    "retire": ("retire", "Retiring debt is not open now"),
    "bid": ("auction", "Bidding is not open now"),
    "pass": ("auction", "Bidding is not open now"),
    "pay": ("build", "Paying to build is not open now"),
    "wait": ("build", "Leaving a new link for next turn is not open now"),
    "ship": ("ship", "Shipping is not open now"),
}
WRONG_OPTIONS: dict[str, dict[str, Any]] = {
    "loan": {"amount": 10}, "retire": {"amount": 10}, "bid": {"amount": 1},
    "ship": {"from": "Boston", "to": "Worcester"},
}


def probes(phase: str, actor: User, waiting: list[User], view: dict[str, Any]) -> list[Probe]:
    out = []
    for user in (actor, *waiting[:1]):
        for command, (open_in, words) in NOT_OPEN.items():
            if phase != open_in:
                out.append(Probe(user, command, WRONG_OPTIONS.get(command, {}), words))
        if phase in ("auction", "build"):
            out.append(Probe(user, "done", {}, "nothing to finish with /done"))
    if phase == "loans":
        out += [Probe(actor, "loan", {"amount": 15}, "$10 notes"),
                Probe(actor, "loan", {"amount": 0}, "positive number"),
                Probe(actor, "loan", {"amount": 990},
                      "The bank lends a player at most $500 in all (a house limit)")]
    if phase == "retire":
        out += [Probe(actor, "retire", {"amount": 15}, "$10 notes"),
                Probe(actor, "retire", {"amount": 900}, "You owe only")]
    if phase == "auction":
        cash = next(p["cash"] for p in view["players"] if p["name"] == actor.name)
        out += [Probe(actor, "bid", {"amount": 0}, "at least"),
                Probe(actor, "bid", {"amount": cash + 1}, "more than your cash")]
        bought = [p["name"] for p in view["players"] if p["bought_this_turn"]]
        out += [Probe(u, "bid", {"amount": 2}, "You already bought a Railway Link this turn")
                for u in waiting if u.name in bought]
    if phase == "ship":
        out += [Probe(actor, "ship", {"from": "Gotham", "to": "Boston"}, "no city called"),
                Probe(actor, "ship", {"from": "New", "cube": "red"},
                      "matches New Bedford, New Haven and New London"),
                Probe(actor, "ship", {"from": "Boston", "cube": ""}, "cube: needs a colour"),
                Probe(actor, "ship", {"from": "Boston", "cube": "green"},
                      "There are no green cubes"),
                Probe(actor, "ship", {"route": "Boston-Nowhere"}, "no city called"),
                Probe(actor, "ship", {}, "Say where the cube starts")]
    return out


@pytest.fixture
def ne(store: Store) -> Dispatcher:
    registry = Registry()
    registry.register(NewEnglandTitle(DATA))
    return Dispatcher(GameService(store, registry))


async def test_every_move_typed_wrongly_in_every_step_is_refused_and_changes_nothing(
        ne: Dispatcher) -> None:
    d, service = ne, ne.service
    await d.run(HERE, PLAYERS[0], ["game", "new"], {"system": "newengland"})
    for user in PLAYERS[1:]:
        await d.run(HERE, user, ["game", "join"], {})
    await service.start(HERE, PLAYERS[0], seed=42)
    by_name = {u.name: u for u in PLAYERS}
    seen: dict[str, int] = {}
    borrowed = False
    for _ in range(400):
        view = await service.view(HERE, None)
        if view["final"] or ({"loans", "retire", "auction", "ship"} <= set(seen)
                             and seen.get("bought_waiting")):
            break
        phase = view["phase"]
        actor = by_name[view["players"][view["to_act"][0]]["name"]]
        acting = {view["players"][s]["name"] for s in view["to_act"]}
        waiting = [u for u in PLAYERS if u.name not in acting]
        bought = {p["name"] for p in view["players"] if p["bought_this_turn"]}
        fresh = seen.get(phase, 0) < 2 or (phase == "auction" and not seen.get("bought_waiting")
                                           and any(u.name in bought for u in waiting))
        if fresh:
            for probe in probes(phase, actor, waiting, view):
                await refused_without_change(d, HERE, probe)
                if "already bought" in probe.expect:
                    seen["bought_waiting"] = 1
            seen[phase] = seen.get(phase, 0) + 1
        legal = await service.legal(HERE, actor)
        command, options = decide(legal, view["turn"])
        if phase == "loans" and not borrowed:
            command, options, borrowed = "loan", {"amount": 20}, True  # so that retire comes up
        reply = await d.run(HERE, actor, [command], options)
        assert not reply.error, reply.text
    assert {"loans", "retire", "auction", "ship"} <= set(seen) and seen.get("bought_waiting")


def test_out_of_turn_names_the_rule_that_keeps_a_player_waiting() -> None:
    t = title()
    state = new_game(t, config(3, 5))
    dave = state["players"][0]
    state.update(phase="retire", pending=[1])
    dave.update(loans=20, cash=4)
    assert out_of_turn(t.board, state, 0, "retire") == (
        "Debt is retired in $10 notes and you have only $4 cash.")
    dave.update(loans=0)
    assert out_of_turn(t.board, state, 0, "retire") == "You have no Bank Loans to retire."
    # Nor is /done a choice already made: a player without loans is never asked.
    assert out_of_turn(t.board, state, 0, "done") == "You have no Bank Loans to retire."
    dave.update(loans=10, cash=12)  # he could retire, so he has answered already
    assert out_of_turn(t.board, state, 0, "done") == (
        "You have already made your choice in this step.")
    state.update(phase="ship", ship={"round": 1, "queue": [1]})
    dave["bought"] = True
    assert "ship in the second round" in str(out_of_turn(t.board, state, 0, "ship"))


def test_a_turn_with_no_cube_to_move_says_shipping_is_over() -> None:
    t = title()
    state = new_game(t, config(3, 5))
    for city in state["cities"]:
        state["cities"][city] = []
    c = ctx(t, state, [2, 3])  # the Market Loss dice
    close_auctions(c)
    state["last_turn"] = True  # stop after the shipping step
    advance(c)
    said = [e["text"] for e in c.events if e["type"] == "no_shipping"]
    assert said == ["No cube can reach a city that demands its colour, so shipping is over for "
                    "this turn."]


def test_a_loan_past_the_bank_limit_says_how_much_more_may_be_borrowed() -> None:
    t = title()
    state = new_game(t, config(3, 5))
    state["players"][0].update(loans=470, cash=200)
    state.update(phase="loans", pending=[0])
    c = ctx(t, state)
    with pytest.raises(IllegalAction) as err:
        borrow(c, 0, 40)
    assert err.value.message == ("The bank lends a player at most $500 in all (a house limit); "
                                 "you owe $470, so you can borrow at most $30 more.")
    borrow(c, 0, 30)
    assert state["players"][0]["loans"] == 500
