"""A tiny test-only title to exercise the core, the store and the service (never shipped).

Everyone first says `ready` (simultaneously); then seats take turns to `add` 1-3 to a shared total,
`roll` a die onto it (chance), `reveal` their secret card (a reveal) or `pass`. Whoever brings the
total to 21 or more wins. Each seat is dealt a secret card 1-9 at setup.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import (
    Action,
    CommandSpec,
    Config,
    Event,
    IllegalAction,
    OptionSpec,
    OptionValue,
    Rng,
    State,
    Suggestion,
    Title,
    TitleMeta,
    event,
)

TARGET = 21


class TinyTitle(Title):
    meta = TitleMeta(
        id="tiny",
        name="Tiny Race",
        min_players=2,
        max_players=4,
        colours=("red", "blue", "green", "white"),
        options=(
            OptionSpec("target", "Total that ends the game", "integer", default=TARGET),
            OptionSpec("fast", "Race to 10 instead", "boolean", default=False),
        ),
        commands=(
            CommandSpec("ready", "Say you are ready"),
            CommandSpec(
                "add",
                "Add 1-3 to the total",
                (OptionSpec("amount", "1, 2 or 3", "integer", required=True),),
            ),
            CommandSpec("roll", "Add a die roll to the total"),
            CommandSpec("reveal", "Show your secret card"),
            CommandSpec("pass", "Do nothing this turn"),
            CommandSpec("note", "Make a mark; your turn goes on"),
            CommandSpec("gamble", "Add 3 and a die roll, after confirming"),
        ),
        house_data=("the whole game",),
    )

    def setup(self, config: Config, rng: Rng) -> State:
        n = len(config["players"])
        return {
            "names": [p["name"] for p in config["players"]],
            "total": 0,
            "target": 10
            if config["options"].get("fast")
            else int(config["options"].get("target", TARGET)),
            "turn": 0,
            "ready": [False] * n,
            "cards": [rng.below(9) + 1 for _ in range(n)],
            "revealed": [False] * n,
            "notes": [0] * n,
            "finished": False,
            "winner": None,
            "rules": config.get("rules_version", 1),
        }

    def to_act(self, state: State) -> list[int]:
        if state["finished"]:
            return []
        if not all(state["ready"]):
            return [i for i, r in enumerate(state["ready"]) if not r]
        return [state["turn"]]

    def legal(self, state: State, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if not all(state["ready"]):
            return [{"type": "ready", "seat": seat}]
        moves: list[Action] = [{"type": "add", "seat": seat, "amount": a} for a in (1, 2, 3)]
        moves += [
            {"type": "roll", "seat": seat},
            {"type": "pass", "seat": seat},
            {"type": "note", "seat": seat},
        ]
        if not state["revealed"][seat]:
            moves.append({"type": "reveal", "seat": seat})
        return moves

    def apply(self, state: State, action: Action, rng: Rng) -> list[Event]:
        seat = action["seat"]
        kind = action["type"]
        name = state["names"][seat]
        if seat not in self.to_act(state):
            raise IllegalAction("not_your_turn", f"It is not {name}'s turn.")
        if not all(state["ready"]):
            if kind != "ready":
                raise IllegalAction("not_ready", "Everyone must say ready first (/ready).")
            state["ready"][seat] = True
            return [event("ready", f"{name} is ready.")]
        if kind == "add":
            amount = action.get("amount")
            if amount not in (1, 2, 3):
                raise IllegalAction("bad_amount", f"You can add 1, 2 or 3, not {amount}.")
            state["total"] += amount
            events = [event("add", f"{name} adds {amount}: total {state['total']}.")]
        elif kind == "roll":
            die = rng.die(6)
            state["total"] += die
            events = [event("roll", f"{name} rolls {die}: total {state['total']}.")]
        elif kind == "reveal":
            if state["revealed"][seat]:
                raise IllegalAction("revealed", "Your card is already face up.")
            state["revealed"][seat] = True
            card = state["cards"][seat]
            events = [event("reveal", f"{name} shows their card: {card}.")]
        elif kind == "gamble":
            die = rng.die(6)
            state["total"] += 3 + die
            events = [event("gamble", f"{name} gambles 3 and rolls {die}: total {state['total']}.")]
        elif kind == "note":
            state["notes"][seat] += 1
            return [event("note", f"{name} makes a mark.")]
        elif kind == "pass" and state.get("rules", 1) >= 2:  # a rule change behind a version
            state["total"] += 1
            events = [event("pass", f"{name} passes and creeps 1: total {state['total']}.")]
        elif kind == "pass":
            events = [event("pass", f"{name} passes.")]
        else:
            raise IllegalAction("unknown", f"'{kind}' is not a move in Tiny Race.")
        if state["total"] >= state["target"]:
            state["finished"] = True
            state["winner"] = seat
            events.append(event("end", f"{name} reaches {state['target']} and wins."))
        else:
            state["turn"] = (seat + 1) % len(state["names"])
        if kind != "reveal":
            events.append(event("secret", f"Your card is {state['cards'][seat]}.", seat))
        return events

    def confirmation(self, state: State, action: Action) -> str | None:
        if action.get("type") == "gamble":
            return f"That takes the total from {state['total']} to at least {state['total'] + 4}."
        return None

    def is_secret_move(self, action: Action) -> bool:
        # Test-only: pretend a mark is something the others must not see being offered.
        return action.get("type") == "note"

    def suggest(self, state: State, seat: int) -> list[Suggestion]:
        legal = {a["type"] for a in self.legal(state, seat)}
        if not legal:
            return []
        if "ready" in legal:
            return [Suggestion("I'm ready", "ready", group="Ready")]
        left = state["target"] - state["total"]
        out = [
            Suggestion(f"Add {a}", "add", {"amount": a}, group="Add", rank=10 + a,
                       detail="wins" if a >= left else f"total {state['total'] + a}")
            for a in (3, 2, 1)
        ]
        out += [
            Suggestion("Add an amount", "add", group="Add", needs=("amount",), rank=5),
            Suggestion("Roll a die", "roll", group="Roll", rank=8),
            Suggestion("Gamble", "gamble", group="Gamble", rank=4,
                       confirm="Gambling adds 3 to the total. Go ahead?"),
            Suggestion("Make a mark", "note", group="Note", rank=3, secret=True),
            Suggestion("Pass", "pass", group="Pass", rank=0, style="secondary"),
        ]
        if "reveal" in legal:
            out.append(Suggestion("Show my card", "reveal", group="Reveal", rank=6))
        return out

    def option_values(
        self, state: State, seat: int, command: str, option: str, chosen: Mapping[str, Any]
    ) -> list[OptionValue]:
        if command == "add" and option == "amount" and self.legal(state, seat):
            return [OptionValue(f"add {a} (total {state['total'] + a})", a) for a in (1, 2, 3)]
        return []

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "title": "tiny",
            "total": state["total"],
            "notes": list(state["notes"]),
            "current_seat": None if state["finished"] else self.to_act(state)[0],
            "players": [
                {"seat": i, "name": n, "card": state["cards"][i] if state["revealed"][i] else None}
                for i, n in enumerate(state["names"])
            ],
            "winner": state["winner"],
        }
        if seat is not None:
            out["you"] = {"seat": seat, "card": state["cards"][seat]}
        return out

    def places(self, state: State) -> dict[int, int]:
        """The winner first, everyone else level second."""
        return {s: 1 if s == state["winner"] else 2 for s in range(len(state["names"]))}

    def summary(self, state: State) -> str:
        if not state["finished"]:
            return ""
        names = state["names"]
        order = sorted(range(len(names)), key=lambda s: s != state["winner"])
        return "Final standings: " + ", ".join(
            f"{i + 1}. {names[s]} (card {state['cards'][s]})" for i, s in enumerate(order)
        )
