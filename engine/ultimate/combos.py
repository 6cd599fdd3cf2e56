"""The rulebook's combinations of a player board with another industry track (the `industry=`
and `asian_locos=` options): which are allowed and how /game info names them. The rules of each
combination live where the rule acts (setup, industry, pool, a board's plug-in)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.errors import IllegalAction
from engine.ultimate import hooks
from engine.ultimate.board import INDUSTRY_OF, Board

INDUSTRIES = ("base", "american", "board")
ASIAN_LOCOS = ("alternative", "base")
INDUSTRY_NAMES = {"base": "the base industry track", "american": "the American dual industry "
                  "track", "board": "the Asian industry board"}


def check_combination(board: str, options: Mapping[str, Any]) -> None:
    """Refuse an industry track or a #2 locomotive choice the rulebook does not allow."""
    industry = options.get("industry")
    if industry is not None and industry not in INDUSTRIES:
        raise IllegalAction("bad_option", f"There is no '{industry}' industry track; choose "
                            "base, american (the dual track) or board (the industry board).")
    locos = options.get("asian_locos")
    if locos is None:
        return
    if locos not in ASIAN_LOCOS:
        raise IllegalAction("bad_option", "Option asian_locos is alternative (the #2 "
                            "locomotives with the Asian symbol) or base.")
    used = industry or INDUSTRY_OF.get(board, "base")
    if used == "board" and locos != "alternative":
        raise IllegalAction("locos_with_industry_board", "When using the industry board, "
                            "always use the alternative #2 locomotives (rulebook, Combinations "
                            "& special cases); leave asian_locos out.")
    if board != "asian":
        raise IllegalAction("locos_without_asian_board", "asian_locos chooses the #2 "
                            "locomotives for the Asian player board without the industry board; "
                            "with other player boards leave it out.")


def combination_line(board: Board) -> str:
    """/game info: the player boards and the industry track they are played with."""
    locos = ("the alternative #2 locomotives (Asian)" if board.alt_locos
             else "the base game's #2 locomotives")
    return (f"Combination: {board.board_name} player boards with "
            f"{INDUSTRY_NAMES[board.industry_id]}; {locos}.")


def board_lines(board: Board, named: bool) -> list[str]:
    """/game info: what each part of the table adds (the player boards, by their plug-ins, then
    the industry track), with the combination named first when it is not the boards' own."""
    out = [combination_line(board)] if named else []
    out += [line for p in hooks.plugins() if p.info is not None for line in p.info(board)]
    if board.shared_industry is not None:
        out.append(f"A shared industry board (up to {len(board.factory_spaces(4))} factory "
                   "spaces, built over layer by layer) with "
                   f"{board.maintenance_cars['per_player']} maintenance cars each; the "
                   "alternative #2 locomotives.")
    if board.upper:
        out.append("A lower and an upper industry track with a wrench on each (the second "
                   "wrench idea token gives only its 2 industry steps).")
    return out
