"""The small test map with the Advanced Game's company table, and a driver for advanced games."""

from __future__ import annotations

from typing import Any

from rotw_kit import Kit, make_title, small_map_data

from engine.core.types import Action
from engine.rotw.mapdef import MapDef, parse_map
from engine.rotw.title import RotwTitle

COMPANIES = [{"colour": "red", "name": "Red", "price": 8},
             {"colour": "blue", "name": "Blue", "price": 7},
             {"colour": "black", "name": "Black", "price": 6},
             {"colour": "green", "name": "Green", "price": 5},
             {"colour": "yellow", "name": "Yellow", "price": 4},
             {"colour": "purple", "name": "Purple", "price": 3}]

ADV_MINI: MapDef = parse_map(small_map_data(
    advanced_companies={"source": "house", "companies": COMPANIES}))


def adv_title() -> RotwTitle:
    return make_title(ADV_MINI)


class AdvKit(Kit):
    def __init__(self, n: int = 3, seed: int = 1, **options: Any) -> None:
        title = adv_title()
        self.title = title
        super().__init__(n, seed, title, "mini")

    @property
    def adv(self) -> dict[str, Any]:
        out: dict[str, Any] = self.state["adv"]
        return out

    def company(self, name: str) -> dict[str, Any]:
        return next(c for c in self.adv["companies"] if c["name"] == name)

    def cmd(self, seat: int, command: str, **options: Any) -> list[Any]:
        action: Action = self.title.command_to_action(self.state, seat, command, options)
        return self.act(action)


def adv_kit(n: int = 3, seed: int = 1, end_empty: int | None = None) -> AdvKit:
    """A fresh advanced game (setup auctions not yet held)."""
    from engine.core.replay import new_game
    from rotw_kit import config

    kit = AdvKit.__new__(AdvKit)
    kit.title = adv_title()
    kit.config = config(n, seed)
    kit.config["options"] = {"advanced": True}
    if end_empty is not None:
        kit.config["options"]["end_empty"] = end_empty
    kit.state = new_game(kit.title, kit.config)
    kit.log, kit.events = [], []
    return kit
