"""Mines: the Mines mini-expansion's Place Mine ability (twice per player, $10,000) and the
digging it shares with the Mine Operations card (Railways of North America).

Place Mine is an "add-on ability" used during the action rounds: we read it as added to one's
turn, like the Build Track add-ons, so it does not use up the action (house reading).

A mine draws cubes from the bag until a colour repeats (at most five draws); the repeat goes
back to the bag, the rest go on the gray city, and the depleted Mine marker stays there so that
nobody mines that city again.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.types import State
from engine.rotw.context import MapContext
from engine.rotw.economy import draw_cube, pay
from engine.rotw.maprules import on
from engine.rotw.timetravel import refuse_warp
from engine.rotw.transconrules import refuse_frozen
from engine.rotw.tx import Tx, money_text, name

MINES_PER_PLAYER = 2
MINE_COST = 10000
MAX_DRAWS = 5


def check_mine_city(state: State, city: Any, how: str) -> str:
    """A mine goes on a gray city without one; ``how`` says how to name the city."""
    c = state["cities"].get(city) if isinstance(city, str) else None
    if c is None:
        raise IllegalAction("need_gray_city", f"A Mine goes on a gray city: {how}.")
    refuse_frozen(state, str(city))
    refuse_warp(state, str(city))
    if c["colour"] != "gray":
        raise IllegalAction("need_gray_city", f"{city} is {c['colour']}: a Mine goes on a gray "
                            f"city (Mines): {how}.")
    if city in state["mines"]:
        raise IllegalAction("mine_depleted", f"{city} already has a depleted Mine: nobody may "
                            "mine there again.")
    return str(city)


def dig(tx: Tx, city: str, draws: int) -> list[str]:
    """Draw until a colour repeats (at most ``draws``); place the others on ``city``."""
    state = tx.state
    found: list[str] = []
    for _ in range(draws):
        cube = draw_cube(tx)
        if cube is None:
            break
        if cube in found:
            state["bag"][cube] += 1
            break
        found.append(cube)
    state["cities"][city]["cubes"].extend(found)
    state["mines"].append(city)
    return found


def check_place_mine(state: State, ctx: MapContext, seat: int, city: Any) -> str:
    if not on(state, "mines"):
        raise IllegalAction("no_mines", "This game is played without the Mines mini-expansion "
                            "(option mines).")
    if int(state["players"][seat].get("mines", 0)) < 1:
        raise IllegalAction("no_mines_left", f"Each player may place a Mine {MINES_PER_PLAYER} "
                            "times in the game (Mines), and you have placed both.")
    return check_mine_city(state, city, "/mine city:<gray city>")


def place_mine(tx: Tx, seat: int, city: Any) -> None:
    where = check_place_mine(tx.state, tx.ctx, seat, city)
    note = pay(tx, seat, MINE_COST)
    p = tx.state["players"][seat]
    p["mines"] -= 1
    found = dig(tx, where, MAX_DRAWS)
    tx.say("mine", f"{p['name']} places a Mine in {where} ({money_text(MINE_COST)}{note}): "
           f"{', '.join(found) or 'no cubes'} arrive; the mine is depleted. "
           f"{name(tx.state, seat)} has {p['mines']} Mine{'s' if p['mines'] != 1 else ''} left.")
