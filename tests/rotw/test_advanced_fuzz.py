"""Random whole Advanced Games: every offered move applies, and the invariants hold after each:
money is conserved between the bank, players and companies, every company has ten shares, and
no merger vote shows in the public view before all are in."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from adv_kit import AdvKit, adv_kit

from engine.core.errors import IllegalAction
from engine.core.replay import replay
from engine.core.rng import Rng, new_rng_state

GAMES = int(os.environ.get("ROTW_ADV_FUZZ_GAMES", "2"))
MAX_MOVES = 4000


def check(kit: AdvKit, ledger: list[int]) -> None:
    st = kit.state
    a = st["adv"]
    players = sum(int(p["money"]) for p in st["players"])
    firms = sum(int(c["cash"]) for c in a["companies"])
    assert players + firms == a["bank_out"], "money appeared or vanished"
    for p in st["players"]:
        assert p["money"] >= 0
        assert p["money"] == ledger[p["seat"]], "player cash not accounted for by events"
    for c in a["companies"]:
        held = sum(int(v) for v in c["holders"].values())
        assert c["tile"] + c["available"] + c["issued"] + held == 10, c
        assert min(c["tile"], c["available"], c["issued"], c["cash"], c["bonds"]) >= 0
        assert c["price"] >= 1
        if held:
            boss = c["controller"]
            assert boss is not None and c["holders"][str(boss)] == max(c["holders"].values())
        else:
            assert c["controller"] is None
    public = json.dumps(kit.title.view(st, None))
    merger = a["merger"]
    if merger is not None and merger["votes"]:
        assert '"vote"' not in public and "votes" not in json.dumps(
            kit.title.view(st, None)["advanced"])


def pick(kit: AdvKit, seat: int, rng: Rng) -> dict[str, Any]:
    title, st = kit.title, kit.state
    offered = [s for s in title.suggest(st, seat) if not s.needs]
    assert offered, f"nothing offered in {st['phase']}"
    s = offered[rng.below(min(len(offered), 5))]
    options = dict(s.options)
    if s.command == "dividend" and rng.below(3) == 0:
        options["amount"] = 1000 * rng.below(1 + int(options["amount"]) // 1000)
    return title.command_to_action(st, seat, s.command, options)


def play(seed: int) -> AdvKit:
    kit = adv_kit(2 + seed % 3, seed, end_empty=4)
    ledger = [int(p["money"]) for p in kit.state["players"]]
    rng = Rng(new_rng_state(seed))
    for _ in range(MAX_MOVES):
        if kit.title.is_over(kit.state):
            break
        seats = kit.title.to_act(kit.state)
        seat = seats[rng.below(len(seats))]
        action = pick(kit, seat, rng)
        try:
            events = kit.act(action)
        except IllegalAction as exc:  # pragma: no cover - the failure message says which
            raise AssertionError(f"offered move refused: {action}: {exc.message}") from None
        for ev in events:
            for who, delta in ev.get("data", {}).get("cash", {}).items():
                ledger[int(who)] += delta
        check(kit, ledger)
    assert kit.title.is_over(kit.state), "the game did not end"
    again = replay(kit.title, kit.config, kit.log)
    assert again == kit.state
    return kit


@pytest.mark.parametrize("seed", range(1, GAMES + 1))
def test_random_advanced_games(seed: int) -> None:
    kit = play(seed)
    final = kit.state["final"]
    assert final["winner"] is not None or final["tied"]
    best = max(s["total"] for s in final["scores"])
    assert all(s["total"] <= best for s in final["scores"])
