"""R12: a move that would issue bonds is described and must be confirmed before it happens."""

import copy

import maps
from engine.core import new_game, step
from engine.rotw.title import RotwTitle


def started() -> tuple[RotwTitle, dict]:
    title = RotwTitle(maps.load, maps.load_cards)
    config = {
        "title": "rotw",
        "map": "eastern-us",
        "options": {},
        "seed": 4, "rules_version": title.meta.rules_version,
        "players": [
            {"seat": i, "name": n, "colour": c}
            for i, (n, c) in enumerate([("a", "black"), ("b", "green")])
        ],
    }
    state = new_game(title, config)
    for seat in (0, 1):
        card = title.legal(state, seat)[0]["card"]
        state = step(title, state, {"type": "choose_baron", "seat": seat, "card": card}).state
    return title, state


def test_a_bid_above_cash_asks_and_one_within_cash_does_not() -> None:
    title, state = started()
    seat = title.to_act(state)[0]
    bid = {"type": "bid", "seat": seat, "amount": 3000}
    assert "winning at $3,000 would issue bonds" in title.confirmation(state, bid)
    rich = copy.deepcopy(state)
    rich["players"][seat]["money"] = 5000
    assert title.confirmation(rich, bid) is None
    passing = {"type": "pass", "seat": seat}
    assert title.confirmation(state, passing) is None


def test_an_upgrade_paid_with_bonds_asks_with_the_count() -> None:
    title, state = started()
    while state["phase"] == "auction":
        state = step(title, state, {"type": "pass", "seat": title.to_act(state)[0]}).state
    seat = title.to_act(state)[0]
    assert state["phase"] == "actions" and state["players"][seat]["money"] == 0
    upgrade = {"type": "upgrade", "seat": seat}
    cost = next(a for a in title.legal(state, seat) if a["type"] == "upgrade")["cost"]
    assert title.confirmation(state, upgrade) == (
        f"This costs ${cost:,} and you have $0: it issues 1 bond ($5,000), each costing $1,000 "
        "a turn and a point at the end."
    )
    state["players"][seat]["money"] = 5000
    assert title.confirmation(state, upgrade) is None
