"""Advanced Game moves typed wrongly, in each phase, by the player to act and by one who waits:
refused with the rule in a player's words, and nothing changes."""

from __future__ import annotations

import pytest
from refusal_walk import Probe, refused_without_change

from bot.app import make_dispatcher, make_service
from bot.commands import Dispatcher
from bot.service import User, Where
from bot.storage import Store

HERE = Where(10, 701)
ALICE, BOB = User(1, "alice"), User(2, "bob")


@pytest.fixture
def rotw(store: Store) -> Dispatcher:
    return make_dispatcher(make_service(store))


async def who_acts(d: Dispatcher) -> tuple[User, User]:
    view = await d.service.view(HERE, None)
    names = {p["seat"]: p["name"] for p in view["players"]}
    actor = ALICE if names[view["to_act"][0]] == "alice" else BOB
    return actor, BOB if actor is ALICE else ALICE


async def test_advanced_moves_typed_wrongly_are_refused_and_change_nothing(
        rotw: Dispatcher) -> None:
    d = rotw
    await d.run(HERE, ALICE, ["game", "new"], {"system": "rotw", "map": "england-wales",
                                              "options": "advanced=true"})
    await d.run(HERE, BOB, ["game", "join"], {})
    await d.service.start(HERE, ALICE, seed=8)
    actor, other = await who_acts(d)
    for probe in [
        Probe(actor, "auction", {"company": "gotham"}, "no company called 'gotham'"),
        Probe(actor, "auction", {"company": "red", "amount": 7}, "at least its share price, "
              "$8,000"),
        Probe(actor, "auction", {"company": "red", "amount": 8500}, "steps of $1,000"),
        Probe(actor, "auction", {"company": "red", "amount": 99}, "You have $25,000"),
        Probe(actor, "auction", {"company": "red", "box": "issued"}, "no share in its Shares "
              "Issued box"),
        Probe(actor, "build", {"from": "Birmingham", "to": "Worcester"},
              "a company's action, taken in the Company Rounds"),
        Probe(actor, "dividend", {"amount": 1000}, "the moves now are /auction"),
        Probe(actor, "bid", {"amount": 9}, "the moves now are /auction"),
        Probe(actor, "vote", {"choice": "yes"}, "the moves now are /auction"),
        Probe(actor, "card", {"card": "x"}, "not a move of the Advanced Game"),
        Probe(other, "auction", {"company": "red"}, ""),
    ]:
        await refused_without_change(d, HERE, probe)
    assert not (await d.run(HERE, actor, ["auction"], {"company": "red"})).error
    for probe in [
        Probe(other, "bid", {"amount": 8}, "must beat the high bid of $8,000"),
        Probe(other, "auction", {"company": "blue"}, "not a move while a share is auctioned"),
        Probe(actor, "bid", {"amount": 9}, ""),
    ]:
        await refused_without_change(d, HERE, probe)
    assert not (await d.run(HERE, other, ["pass"], {})).error  # actor buys the Red share
    while (await d.service.view(HERE, None))["phase"] == "share_setup":
        who, _ = await who_acts(d)
        assert not (await d.run(HERE, who, ["pass"], {})).error
    actor, other = await who_acts(d)
    for probe in [
        Probe(actor, "build", {"from": "Gotham", "to": "Worcester"}, "no city called Gotham"),
        Probe(actor, "build", {"from": "Birmingham"}, "Give to:<city>"),
        Probe(actor, "deliver", {"city": "Birmingham", "colour": "green"}, "colour"),
        Probe(actor, "dividend", {"amount": 1000, "repay": "x"}, "a whole number"),
        Probe(actor, "dividend", {"amount": 1000}, "the moves now are /build"),
        Probe(actor, "merge", {"with": "blue"}, "the moves now are /build"),
        Probe(other, "build", {"from": "Birmingham", "to": "Worcester"},
              "for the Red company"),
    ]:
        await refused_without_change(d, HERE, probe)
