"""The small test map with the Advanced Game's company table, and a driver for advanced games."""

from __future__ import annotations

from typing import Any

from rotw_kit import Kit, config, make_title, small_map_data

from engine.core.replay import new_game
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
    """A Kit whose game is opened with ``advanced:true`` (setup auctions not yet held)."""

    def __init__(self, n: int = 3, seed: int = 1, end_empty: int | None = None,
                 title: RotwTitle | None = None, map_id: str = "mini") -> None:
        self.title = title or adv_title()
        self.config = config(n, seed, map_id)
        self.config["options"] = {"advanced": True}
        if end_empty is not None:
            self.config["options"]["end_empty"] = end_empty
        self.state = new_game(self.title, self.config)
        self.log: list[Action] = []
        self.events: list[Any] = []

    @property
    def adv(self) -> dict[str, Any]:
        out: dict[str, Any] = self.state["adv"]
        return out

    def company(self, name: str) -> dict[str, Any]:
        return next(c for c in self.adv["companies"] if c["name"] == name)

    def cmd(self, seat: int, command: str, **options: Any) -> list[Any]:
        return self.act(self.title.command_to_action(self.state, seat, command, options))


def adv_kit(n: int = 3, seed: int = 1, end_empty: int | None = None) -> AdvKit:
    return AdvKit(n, seed, end_empty)
