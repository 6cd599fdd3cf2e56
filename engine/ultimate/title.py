"""Ultimate Railroads as a title the service can host: the core game (Russian Railroads)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.lastmove import LastMove
from engine.core.names import plural, respell
from engine.core.rng import Rng
from engine.core.title import OptionSpec, OptionValue, Suggestion, Title, TitleMeta
from engine.core.types import Action, Config, Event, State
from engine.ultimate import (
    choices,
    flow,
    gains,
    hooks,
    lastmove,
    plugins,
    pool,
    spaces,
    versions,
    worth,
)
from engine.ultimate.board import INDUSTRY_BOARDS, INDUSTRY_OF, Board, Space
from engine.ultimate.combos import (
    ASIAN_LOCOS,
    INDUSTRIES,
    board_lines,
    check_combination,
)
from engine.ultimate.commands import COMMANDS, to_action
from engine.ultimate.ctx import Ctx
from engine.ultimate.house import board_labels, common_labels
from engine.ultimate.module_data import MODULES, chosen
from engine.ultimate.setup import fill_defaults, setup
from engine.ultimate.view import is_secret_choice, private_view, public_view, to_act

PLUGINS = plugins.SHIPPED
"""The boards' and modules' plug-ins, registered with the core by importing them here."""

COLOURS = ("red", "blue", "yellow", "purple")
DEFAULT_BOARD = "russian"
MOVE_KEYS: dict[str, set[str]] = {"place": {"space", "coins"}, "pick": {"choice"}, "done": set(),
                                  "pass": set()}


FIRST_RANK = 100_000
"""Income tiles: used before the action, at no cost."""
LAST_RANK = -1000
"""Passing, or leaving the rest of an action unused: offered last."""


class UltimateTitle(Title):
    def __init__(self, data: dict[str, Any]) -> None:
        # One Board per kind of player board; a game's state names the one it is played on.
        self._data = data
        self._parts = hooks.board_parts(data)
        self.boards = {bid: Board(data, bid, parts=self._parts) for bid in data["boards"]}
        self.board = self.boards[DEFAULT_BOARD]
        self._mixed: dict[tuple[str, str, str], Board] = {}
        self.meta = TitleMeta(
            id=str(data["id"]), name=str(data["name"]),
            min_players=self.board.min_players, max_players=self.board.max_players,
            colours=COLOURS, commands=COMMANDS, house_data=self._all_house(),
            options=(OptionSpec("board", "Which player boards everyone plays on",
                                choices=tuple(self.boards), default=DEFAULT_BOARD),
                     OptionSpec("industry", "Which industry track: base, american (the dual "
                                "track) or board (the Asian industry board); default: the "
                                "player board's own", choices=INDUSTRIES),
                     OptionSpec("asian_locos", "#2 locomotives on the Asian player boards "
                                "without the industry board: alternative or base",
                                choices=ASIAN_LOCOS),
                     *MODULE_OPTIONS),
            rules_version=versions.VERSION)

    def board_of(self, options: Mapping[str, Any]) -> Board:
        """The Board of a game: its player boards with the chosen industry track (one object
        per combination, made once)."""
        bid = str(options.get("board", DEFAULT_BOARD))
        if bid not in self.boards:
            return self.board
        # unchecked options (railbot maps lists each value alone) fall back to the defaults
        industry = str(options.get("industry"))
        if industry not in INDUSTRIES:
            industry = INDUSTRY_OF[bid]
        locos = "base" if options.get("asian_locos") == "base" else "alternative"
        if industry == INDUSTRY_OF.get(bid) and locos == "alternative":
            return self.boards.get(bid, self.board)
        key = (bid, industry, locos)
        if key not in self._mixed:
            self._mixed[key] = Board(self._data, bid, industry, locos, self._parts)
        return self._mixed[key]

    def _ctx(self, state: State, rng: Rng | None = None) -> Ctx:
        fill_defaults(state)
        return Ctx(self.board_of(state), state, rng or Rng({"seed": 0, "n": 0}, []))

    def setup(self, config: Config, rng: Rng) -> State:
        state = setup(self.board_of(config["options"]), config, rng)
        flow.begin(self._ctx(state, rng))
        return state

    def validate_config(self, config: Config) -> None:
        super().validate_config(config)
        self.validate_options(config["map"], config["options"])

    def validate_options(self, map_id: str | None, options: dict[str, Any]) -> None:
        unknown = sorted(set(options) - {"board", "industry", "asian_locos", *MODULES})
        if unknown:
            raise IllegalAction("unknown_option", f"{self.meta.name} has no option "
                                f"'{unknown[0]}'; its options are board, industry, asian_locos, "
                                f"{', '.join(MODULES)}.")
        board = options.get("board", DEFAULT_BOARD)
        if board not in self.boards:
            raise IllegalAction("unknown_board", f"There are no '{board}' player boards; choose "
                                f"{', '.join(self.boards)}.")
        check_combination(str(board), options)
        for module in MODULES:
            value = options.get(module, False)
            if not isinstance(value, bool):
                raise IllegalAction("bad_option", f"Option {module} is true or false.")
        for module in chosen(options):
            if not MODULES[module]["playable"]:
                raise IllegalAction("module_not_ready", str(MODULES[module]["refused"]))
            refused = MODULES[module].get("refused_on", {}).get(board)
            if refused:
                raise IllegalAction("module_not_on_board", str(refused))

    def house_data(self, map_id: str | None, options: dict[str, Any]) -> tuple[str, ...]:
        board = str(options.get("board", DEFAULT_BOARD))
        mixed = self.board_of(options)
        boards = self._data["boards"]
        track = boards[INDUSTRY_BOARDS[mixed.industry_id]]
        return (common_labels(self._data) + board_labels(boards.get(board, {}), track, mixed.loco2)
                + hooks.house_labels(mixed) + hooks.module_labels(self._data, chosen(options)))

    def _all_house(self) -> tuple[str, ...]:
        """Every house value of the title, each board's and each playable module's named after
        it, then those a board adds beside another industry track."""
        data = self._data
        out = list(common_labels(data))
        for b in data["boards"].values():
            out += [f"{b['name']}: {label}" for label in board_labels(b)]
        out += hooks.module_labels(data, [m for m in MODULES if MODULES[m]["playable"]])
        combined = (hooks.house_labels(self.board_of({"board": bid, "industry": industry}))
                    for bid in self.boards for industry in INDUSTRIES
                    if industry != INDUSTRY_OF[bid])
        out += [f"Combinations: {label}" for labels in combined for label in labels]
        return tuple(out)

    def settings(self, map_id: str | None, options: dict[str, Any],
                 players: int | None = None) -> list[str]:
        board = self.board_of(options)
        combination = board_lines(board, board.mixed or "asian_locos" in options)
        modules = [_module_line(m, board.shared_industry is not None) for m in chosen(options)]
        shorter = [MODULES[m]["name"] for m in chosen(options) if MODULES[m].get("fewer_rounds")]
        if len(shorter) > 1:
            modules.append(f"{' and '.join(shorter)} together take 1 round away, not "
                           f"{len(shorter)}.")
        return [f"Player boards: {board.board_name}.", *combination, *modules,
                "A game started by one seated player is the solo game against "
                f"{board.data['solo']['name']}."]

    def apply(self, state: State, action: Action, rng: Rng) -> list[Event]:
        ctx = self._ctx(state, rng)
        seat = action.get("seat")
        if not isinstance(seat, int) or not 0 <= seat < len(state["players"]):
            raise IllegalAction("bad_seat", "That move names no player of this game.")
        kind = action.get("type")
        if seat not in to_act(state):
            raise IllegalAction("not_your_turn", self._waiting(ctx))
        extra = sorted(set(action) - {"type", "seat"} - MOVE_KEYS.get(str(kind), set()))
        if kind in MOVE_KEYS and extra:
            raise IllegalAction("extra_options", f"/{kind} does not take {', '.join(extra)}.")
        busy = state["active"] == seat
        if kind == "pick":
            if not busy and flow.income_open(ctx, seat) and (
                    ctx.player(seat)["income"] or hooks.free_offered(ctx, seat)):
                flow.use_income(ctx, seat, str(action.get("choice", "")).strip().lower())
                return ctx.events
            rule = hooks.out_of_turn(str(action.get("choice", "")))
            if not busy and rule is not None:  # an American coin space out of its time
                raise IllegalAction(*rule)
            if not busy:
                raise IllegalAction("nothing_to_pick", "You have no choice to make now; place on "
                                    "an action space with /place, or /pass.")
            flow.pick(ctx, seat, str(action.get("choice", "")))
        elif kind == "done":
            if not busy:
                raise IllegalAction("nothing_to_finish", "You have no action to finish; use /pass "
                                    "to pass for the round.")
            flow.done(ctx, seat)
        elif kind in ("place", "pass"):
            if busy:
                raise IllegalAction("finish_first", "Finish your action first: "
                                    + self._choices_text(ctx, seat))
            if kind == "pass":
                flow.pass_turn(ctx, seat)
            else:
                coins = action.get("coins")
                if coins is not None and (not isinstance(coins, int) or coins < 0):
                    raise IllegalAction("bad_coins", "Give the coins as a whole number, 0 or more.")
                flow.place(ctx, seat, str(action.get("space", "")), coins)
        else:
            raise IllegalAction("unknown_move", "That is not a move in Ultimate Railroads; use "
                                "/place, /pick, /done or /pass.")
        return ctx.events

    def _waiting(self, ctx: Ctx) -> str:
        acting = to_act(ctx.state)
        if not acting:
            return "The game is over."
        return f"It is {ctx.name(acting[0])}'s turn, not yours."

    def _choices_text(self, ctx: Ctx, seat: int) -> str:
        return "; ".join(f"{respell(v)} ({label})"
                         for v, label in pool.all_options(ctx, seat)[:8]) + "."

    def to_act(self, state: State) -> list[int]:
        return to_act(state)

    def legal(self, state: State, seat: int) -> list[Action]:
        if seat not in to_act(state):
            return []
        ctx = self._ctx(state)
        if state["active"] == seat:
            moves: list[Action] = [{"type": "pick", "seat": seat, "choice": v}
                                   for v, _ in pool.all_options(ctx, seat)]
            if pool.may_stop(ctx, seat):
                moves.append({"type": "done", "seat": seat})
            return moves
        moving = state["phase"] == "moves"
        offers = spaces.open_offers(ctx, seat, single_worker=moving)
        passing: list[Action] = [{"type": "pass", "seat": seat}] \
            if moving or flow.may_pass(ctx, seat) else []
        return [*({"type": "place", "seat": seat, "space": o.id} for o in offers),
                *({"type": "pick", "seat": seat, "choice": v} for v, _ in _income(ctx, seat)),
                *passing]

    def command_to_action(
        self, state: State, seat: int, command: str, options: dict[str, Any]
    ) -> Action:
        return to_action(seat, command, options)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        ctx = self._ctx(state)
        out = public_view(ctx)
        if seat is not None:
            out["you"] = private_view(ctx, seat)
        out["news"] = self.news(state)
        return out

    def last_move(self, state: State, action: Action, events: list[Event]) -> LastMove:
        return lastmove.last_move(state, action, events)

    def is_secret_move(self, action: Action) -> bool:
        # a card of the face-down end bonus deck, named by the one choosing it
        return action.get("type") == "pick" and is_secret_choice(str(action.get("choice", "")))

    def suggest(self, state: State, seat: int) -> list[Suggestion]:
        if seat not in to_act(state):
            return []
        ctx = self._ctx(state)
        if state["active"] == seat:
            # The choices in board order; leaving the rest unused comes last.
            out = [Suggestion(label, "pick", {"choice": respell(v)}, group="Choice", rank=-i,
                              secret=is_secret_choice(v))
                   for i, (v, label) in enumerate(pool.all_options(ctx, seat))]
            if pool.may_stop(ctx, seat):
                kinds = {t["k"] for t in ctx.player(seat)["pool"]}
                only = next(iter(kinds)) if len(kinds) == 1 else ""
                label = "End your turn" if kinds <= {"income"} else \
                    hooks.decline(only) or pool.leave_label(ctx, seat)
                out.append(Suggestion(label, "done", group="Done", style="secondary",
                                      rank=LAST_RANK))
            return sorted(out, key=lambda x: -x.rank)
        moving = state["phase"] == "moves"
        # The spaces that give most for what they cost first.
        out = [Suggestion(o.name, "place", {"space": o.id}, group="Place",
                          detail=spaces.cost_text(o) if not moving else "the moved worker",
                          rank=worth.rank(o, lambda eff: self._usable(ctx, seat, eff)))
               for o in spaces.open_offers(ctx, seat, single_worker=moving)]
        # An income tile is used before the action, for nothing: it comes first. A plug-in's
        # action besides the turn's costs something: after the spaces, before passing.
        out[:0] = [Suggestion(label, "pick", {"choice": v}, group=_free_group(v),
                              detail="before your action",
                              rank=FIRST_RANK - i if v.startswith("income-") else -i)
                   for i, (v, label) in enumerate(_income(ctx, seat))]
        if moving:
            out.append(Suggestion("Keep the worker where it is", "pass", group="Pass",
                                  style="secondary", rank=LAST_RANK))
        elif flow.may_pass(ctx, seat):
            out.append(Suggestion("Pass for this round", "pass", group="Pass", style="danger",
                                  rank=LAST_RANK, confirm="Pass for the rest of this round?"))
        return sorted(out, key=lambda x: -x.rank)

    def waiting_for(self, state: State, seat: int) -> str:
        # A placed action (or a starting bonus) that needs choices goes on with /pick.
        if seat not in to_act(state) or state["active"] != seat:
            return ""
        options = pool.all_options(self._ctx(state), seat)
        if not options:
            return ""
        return (f"to choose with /pick (e.g. /pick choice:{respell(options[0][0])}; "
                "/game help lists every choice)")

    @staticmethod
    def _usable(ctx: Ctx, seat: int, eff: dict[str, Any]) -> bool:
        """Whether an effect of a space could do anything for the seat now."""
        return not gains.is_choice(eff["k"]) or bool(
            choices.options(ctx, seat, gains.as_task(eff, True, "")))

    def option_values(
        self, state: State, seat: int, command: str, option: str, chosen: Mapping[str, Any]
    ) -> list[OptionValue]:
        if seat not in to_act(state):
            return []
        ctx = self._ctx(state)
        if command == "pick" and option == "choice" and state["active"] == seat:
            return [OptionValue(label, respell(v))
                    for v, label in pool.all_options(ctx, seat)]
        if command == "pick" and option == "choice":
            return [OptionValue(label, v) for v, label in _income(ctx, seat)]
        if command == "place" and state["active"] != seat:
            moving = state["phase"] == "moves"
            offers = spaces.open_offers(ctx, seat, single_worker=moving)
            if option == "space":
                return [OptionValue(f"{o.name} ({spaces.cost_text(o)})", o.id)
                        for o in offers]
            if option == "coins" and not moving and chosen.get("space"):
                offer = next((o for o in offers if o.id == chosen["space"]), None)
                if offer is None:
                    return []
                have = ctx.player(seat)["coins"]
                return [OptionValue(f"{k} coin{'s' if k != 1 else ''}", k)
                        for k in range(offer.coins, min(have, offer.coins + offer.workers) + 1)
                        if _pays(ctx, seat, offer, k)]
        return []

    def opening(self, state: State) -> str:
        # The turn order cards are dealt at setup, so the first round's order is not the seating.
        names = [state["players"][seat]["name"] for seat in state["order"]]
        emil = state.get("emil")
        if emil is not None:  # his first turn happened at setup: say what he blocked
            return (f"The solo game against {emil['name']}: he takes the first turn and blocks "
                    f"'{emil['last']}'.")
        if len(names) < 2:
            return ""
        places = ", ".join(f"{_ORDINALS[i]} {name}" for i, name in enumerate(names))
        return f"Turn order cards for the first round: {places}."

    def turn_label(self, state: State) -> str:
        return f"Round {state['round']}"

    def points(self, state: State) -> dict[int, int]:
        return {int(p["seat"]): int(p["score"]) for p in state["players"]}

    def places(self, state: State) -> dict[int, int]:
        final = state.get("final")
        if final:  # the rulebook's tie-breaks, already settled at the end
            return {int(p["seat"]): int(final["places"][i])
                    for i, p in enumerate(state["players"])}
        return super().places(state)

    def final_standings(self, state: State) -> str:
        """Every player's place and points with where they came from (the game-over message and
        /game status of a finished game); tied players share a place and the win."""
        final = state["final"]
        lines = ["Final standings:"]
        for i in sorted(range(len(state["players"])), key=lambda i: final["places"][i]):
            p = state["players"][i]
            ledger = p["ledger"]
            parts = [f"{words} {ledger[key]}" for key, words in LEDGER_WORDS.items()
                     if ledger.get(key)]
            parts += [f"{key} {v}" for key, v in ledger.items() if key not in LEDGER_WORDS and v]
            detail = f" ({', '.join(parts)})" if parts else ""
            lines.append(f"{final['places'][i]}. {p['name']} {plural(p['score'], 'point')}"
                         f"{detail}")
        return "\n".join(lines)

    def summary(self, state: State) -> str:
        players = state["players"]
        table = ", ".join(f"{p['name']} {p['score']}" for p in players)
        if state["finished"]:
            return self.final_standings(state)
        emil = state.get("emil")
        blocked = f" Emil last blocked '{emil['last']}'." if emil and emil.get("last") else ""
        step = PHASE_NAMES.get(state["phase"], "")
        return (f"Round {state['round']} of {state['rounds']}{', ' + step if step else ''}. "
                f"Scores: {table}.{blocked}")


MODULE_OPTIONS = tuple(
    OptionSpec(m, f"Module: {spec['name']}" + ("" if spec["playable"] else " (not playable yet)"),
               "boolean") for m, spec in MODULES.items())
"""One true/false option per module of the rulebook, off unless chosen."""


def _module_line(module: str, industry_board: bool = False) -> str:
    """A module in /game info, with what changes beside the shared industry board."""
    spec = MODULES[module]
    line = f"Module {spec['name']}: {spec.get('note', '')}".strip()
    beside = spec.get("not_with", {}).get("industry_board") if industry_board else None
    return f"{line} With the industry board: {beside}." if beside else line


def _free_group(choice: str) -> str:
    """The suggestion group of an action besides the turn's: an income tile, or its plug-in's."""
    owner = None if choice.startswith("income-") else hooks.free_owner(choice)
    if owner is None:
        return "Income"
    return owner.free_group or owner.name


_ORDINALS = ("1st", "2nd", "3rd", "4th")

LEDGER_WORDS = {
    "scoring": "round scorings",
    "actions": "action spaces",
    "passing": "passing",
    "end bonus": "end bonus cards",
    "engineers": "engineer majority",
}
"""The parts of a final score, in the order and words of the game-over breakdown."""

PHASE_NAMES = {
    "bonus": "choosing starting bonuses",
    "actions": "placing workers",
    "moves": "workers leave the turn order track",
    "freight": "freight cars move before the scoring",
    "scoring": "scoring",
}
"""Each step of a round in a player's words (the status line never shows the step's id)."""


def _income(ctx: Ctx, seat: int) -> list[tuple[str, str]]:
    """Income tiles the seat may use now, before its action."""
    return choices.free_options(ctx, seat) if flow.income_open(ctx, seat) else []


def _pays(ctx: Ctx, seat: int, offer: Space, coins: int) -> bool:
    try:
        spaces.payment(ctx, seat, offer, coins)
    except IllegalAction:
        return False
    return True
