"""The slash commands of Ultimate Railroads and the moves they become."""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.title import CommandSpec, OptionSpec
from engine.core.types import Action

COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("place", "Place workers (or coins) on an action space and resolve it", (
        OptionSpec("space", "The action space, e.g. wood3, loco1, hire, eng7", required=True,
                   autocomplete=True),
        OptionSpec("coins", "How many coins to place (instead of workers, or as the space asks)",
                   "integer", autocomplete=True),
    )),
    CommandSpec("pick", "Make the next choice of your action (a track step, a route...) or use "
                        "an income tile", (
        OptionSpec("choice", "What to do, e.g. green-ts, loco-kiev, industry, key-points",
                   required=True, autocomplete=True),
    )),
    CommandSpec("done", "Leave the rest of an optional action (an engineer, a factory...) "
                        "unused"),
    CommandSpec("pass", "Pass for the rest of the round (or keep your turn order worker)"),
)


def to_action(seat: int, command: str, options: dict[str, Any]) -> Action:
    if command == "place":
        space = options.get("space")
        if not space:
            raise IllegalAction("needs_space", "Say which action space: /place space:<name>, "
                                "e.g. /place space:wood3 (/game help lists them).")
        action: Action = {"type": "place", "seat": seat, "space": str(space).strip().lower()}
        if options.get("coins") is not None:
            action["coins"] = _int(options["coins"], "coins")
        return action
    if command == "pick":
        if not options.get("choice"):
            raise IllegalAction("needs_choice", "Say what you choose: /pick choice:<what> "
                                "(/game help lists your choices).")
        return {"type": "pick", "seat": seat, "choice": str(options["choice"]).strip().lower()}
    if command in ("done", "pass"):
        if options:
            raise IllegalAction("no_options", f"/{command} takes no options.")
        return {"type": command, "seat": seat}
    raise IllegalAction("unknown_command", f"/{command} is not a move in Ultimate Railroads.")


def _int(value: Any, name: str) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise IllegalAction("bad_number", f"The {name} must be a whole number, not '{value}'.") \
            from None
