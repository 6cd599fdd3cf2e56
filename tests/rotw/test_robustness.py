"""Garbage moves are refused with IllegalAction, never a crash, and never change the state."""

from __future__ import annotations

import copy
from typing import Any

from rotw_kit import Kit, connect

from engine.core.errors import IllegalAction
from engine.core.rng import Rng, new_rng_state

TYPES = ["build", "deliver", "bid", "pass", "upgrade", "urbanize", "card", "western_link",
         "choose_baron", "nonsense", None, 3]
VALUES: list[Any] = [None, 0, -5, 2500, "Chicago", "link:1", "link:x", "G2", "red", "gray",
                     ["G2", "G3"], ["C3", "D2"], [1, 2], ["x"], {"a": 1}, True, "NE", 10**9,
                     "railroad-executive-1", "city-growth-1", ["Chicago", "Cleveland"]]
KEYS = ["start", "path", "city", "colour", "route", "links", "amount", "card", "exit",
        "redirect", "cards"]


def test_random_garbage_is_refused_cleanly() -> None:
    kit = Kit(3)
    kit.to_actions()
    connect(kit, 0, "Chicago", "Cleveland")
    rng = Rng(new_rng_state(42))
    accepted = 0
    for _ in range(3000):
        action: dict[str, Any] = {"type": rng.choice(TYPES), "seat": rng.choice([0, 1, 2, 7, "0"])}
        for _ in range(rng.below(4)):
            action[rng.choice(KEYS)] = rng.choice(VALUES)
        before = copy.deepcopy(kit.state)
        try:
            kit.title.apply(kit.state, action, Rng(kit.state["rng"]))
            accepted += 1
            kit.state = before  # keep probing the same position
        except IllegalAction as err:
            assert err.message and err.code
            assert kit.state == before, f"state changed by a refused move {action}"
    assert accepted > 0
