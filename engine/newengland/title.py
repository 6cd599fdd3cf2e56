"""New England Railways as a title the service can host."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.lastmove import LastMove
from engine.core.rng import Rng
from engine.core.title import OptionValue, Suggestion, Title, TitleMeta
from engine.core.types import Action, Config, Event, State
from engine.newengland import auction, lastmove, money, shipping, suggest
from engine.newengland.board import Board
from engine.newengland.commands import COMMANDS, ship_action
from engine.newengland.context import Ctx, dollars
from engine.newengland.moves import STEP_NAMES, out_of_turn, perform, to_act, wrong_step
from engine.newengland.setup import setup
from engine.newengland.turn import advance, final_parts
from engine.newengland.view import public_view

COLOURS = ("black", "white", "green", "orange", "pink", "brown")

HOUSE_LABELS = {
    "bidding": "the $1 minimum bid",
    "loan_limit": "the $500 limit on a player's Bank Loans",
    "income_track": "the income track's top (100)",
    "commodities": "cube colours and counts",
    "cities": "city demand colours (except Worcester's purple and New Haven's blue)",
    "links": "link build numbers and values (except Boston-Providence's 5)",
    "growth_cards": "the Commodity Growth deck",
}

LOAN_CHOICES = 10
"""How many loan amounts ``legal`` offers (any multiple of $10 is allowed)."""


class NewEnglandTitle(Title):
    def __init__(self, data: dict[str, Any]) -> None:
        self.board = Board(data)
        house = [HOUSE_LABELS.get(key, key.replace("_", " ")) for key, block in data.items()
                 if isinstance(block, dict) and block.get("source") == "house"]
        self.meta = TitleMeta(
            id=str(data["id"]),
            name=str(data["name"]),
            min_players=self.board.min_players,
            max_players=self.board.max_players,
            colours=COLOURS,
            commands=COMMANDS,
            house_data=tuple(house),
        )

    def _ctx(self, state: State, rng: Rng) -> Ctx:
        return Ctx(self.board, state, rng)

    def setup(self, config: Config, rng: Rng) -> State:
        state = setup(self.board, config, rng)
        ctx = self._ctx(state, rng)
        advance(ctx)
        return state

    def apply(self, state: State, action: Action, rng: Rng) -> list[Event]:
        ctx = self._ctx(state, rng)
        perform(ctx, action)
        advance(ctx)
        return ctx.events

    def to_act(self, state: State) -> list[int]:
        return to_act(state)

    def legal(self, state: State, seat: int) -> list[Action]:
        if seat not in to_act(state):
            return []
        board, phase = self.board, state["phase"]
        p = state["players"][seat]
        unit = board.loan_unit
        if phase == "loans":
            need = money.forced_loan(board, p)
            least = max(need, unit)
            top = money.loan_room(board, p)
            moves = [{"type": "loan", "seat": seat, "amount": least + unit * k}
                     for k in range(LOAN_CHOICES) if least + unit * k <= top]
            return moves if need else [{"type": "done", "seat": seat}, *moves]
        if phase == "retire":
            top = min(p["loans"], p["cash"] // unit * unit)
            return [{"type": "done", "seat": seat}] + [
                {"type": "retire", "seat": seat, "amount": a} for a in range(unit, top + 1, unit)]
        if phase == "auction":
            return [{"type": "pass", "seat": seat}] + [
                {"type": "bid", "seat": seat, "amount": a}
                for a in range(auction.lowest_bid(board, state), p["cash"] + 1)]
        if phase == "build":
            return [{"type": "pay", "seat": seat}, {"type": "wait", "seat": seat}]
        if phase == "ship":
            return [{"type": "done", "seat": seat}, *shipping.shipments(board, state, seat)]
        return []

    def suggest(self, state: State, seat: int) -> list[Suggestion]:
        return suggest.suggest(self.board, state, seat, self.legal(state, seat))

    def option_values(self, state: State, seat: int, command: str, option: str,
                      chosen: Mapping[str, Any]) -> list[OptionValue]:
        return suggest.option_values(self.board, state, seat, self.legal(state, seat), command,
                                     option, chosen)

    def command_to_action(
        self, state: State, seat: int, command: str, options: dict[str, Any]
    ) -> Action:
        step = wrong_step(state, command) if self.meta.command(command) else None
        if step is not None:
            raise IllegalAction("wrong_step", step)
        if command == "ship":
            return ship_action(self.board, state, seat, options)
        return super().command_to_action(state, seat, command, options)

    def out_of_turn(self, state: State, seat: int, command: str) -> str | None:
        return out_of_turn(self.board, state, seat, command)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        out = public_view(self.board, state)
        if seat is not None:
            out["you"] = {"seat": seat}
        out["news"] = self.news(state)
        return out

    def last_move(self, state: State, action: Action, events: list[Event]) -> LastMove:
        return lastmove.last_move(self.board, state, action, events)

    def score_words(self, state: State) -> Callable[[int], str]:
        return dollars

    def summary(self, state: State) -> str:
        players = state["players"]
        if state["finished"]:
            return self.final_standings(state)
        table = ", ".join(f"{p['name']} {dollars(p['cash'])} (income {p['income']})"
                          for p in players)
        return f"Turn {state['turn']}, {STEP_NAMES[state['phase']]}. {table}."

    def turn_label(self, state: State) -> str:
        return f"Turn {state['turn']}"

    def points(self, state: State) -> dict[int, int]:
        """Money as the final scoring would count it now: cash and link values, less the loans
        and the last debt service on them."""
        out = {}
        for p in state["players"]:
            cash, values, debt = final_parts(self.board, p)
            out[int(p["seat"])] = cash + values - debt
        return out

    def final_standings(self, state: State) -> str:
        """Every player's place and final money with where it came from (the game-over message
        and /game status of a finished game)."""
        scores = state["final"]["money"]
        order = sorted(state["players"], key=lambda p: -scores[p["seat"]])
        lines = ["Final money after link values and repaying loans:"]
        for p in order:
            place = 1 + sum(1 for v in scores if v > scores[p["seat"]])
            cash, values, debt = final_parts(self.board, p)
            parts = [f"cash {dollars(cash)}", f"links {dollars(values)}"]
            if debt:
                # The loans are repaid with a last debt service on top, shown apart.
                loans = int(p["loans"])
                parts += [f"loans -{dollars(loans)}", f"debt service -{dollars(debt - loans)}"]
            lines.append(f"{place}. {p['name']} {dollars(scores[p['seat']])} ({', '.join(parts)})")
        return "\n".join(lines)

    def validate_config(self, config: Config) -> None:
        super().validate_config(config)
        if config["options"]:
            raise IllegalAction("no_options", f"{self.meta.name} has no game options.")
