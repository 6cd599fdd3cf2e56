"""Railways of the World as a title: the rules interface the service calls."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.lastmove import LastMove
from engine.core.rng import Rng
from engine.core.title import CommandSpec, OptionValue, Suggestion, Title
from engine.core.types import Action, Config, Event, State
from engine.rotw import (
    commands,
    flow,
    helpforms,
    lastmove,
    moves,
    optionvalues,
    rotors,
    setup,
    suggest,
    timecards,
    timemap,
    track,
    transcon,
    transconrules,
    views,
)
from engine.rotw.advanced import commands as adv_commands
from engine.rotw.advanced import moves as adv_moves
from engine.rotw.advanced import options as adv_options
from engine.rotw.advanced import suggest as adv_suggest
from engine.rotw.advanced import turn as adv_turn
from engine.rotw.advanced import view as adv_view
from engine.rotw.carddata import eastern_us_cards
from engine.rotw.carddeck import baron
from engine.rotw.context import BOND_DIVIDEND, BOND_VALUE, MapContext
from engine.rotw.costs import own_payment
from engine.rotw.economy import POINT_SOURCES, bonds_needed, total_score
from engine.rotw.mapdef import MapDef
from engine.rotw.maprules import active_rules, check_options, cube_line, ecm_line
from engine.rotw.minis import MINI_EXPANSIONS, in_play
from engine.rotw.minis import standard as standard_minis
from engine.rotw.tx import Tx, money_text

DEFAULT_MAP = "eastern-us"

PHASE_NAMES = {"baron": "choosing Rail Barons", "auction": "first-player auction",
               "actions": "action rounds", "respond": "Inspector answer",
               "bonds": "returning bonds before the West opens"}
"""Each phase as players name it (status line)."""


VARIANT_WORDS = {
    "cut_throat": "Cut-throat (no redirecting the last tile of an incomplete link)",
    "shorter_game": "Shorter game (2 fewer Empty City Markers)",
    "glenn_drover": "Glenn Drover's two-player game (nobody builds west of the mountains "
                    "before 30 points)",
    "late_baron_choice": "Late Rail Baron choice (keep both until the first Major Line)",
    "black_stars": "Black Star Rail Barons",
}
"""How /game info names the variants in play (their option ids are for typing)."""

AUCTION_WORDS = {
    "standard": "standard (only the winner pays)",
    "first_turn_paid": "Variant 1 (no bidding on the first turn: the second player gets $1,000, "
                       "the third $2,000 and so on)",
    "half_price_dropouts": "Variant 2 (players who drop out pay half their bid, rounded up, "
                           "and their order sets the turn order)",
}


class RotwTitle(Title):
    meta = commands.META

    def __init__(self, load_map: Callable[[str], MapDef],
                 load_cards: Callable[[str], dict[str, Any]]) -> None:
        self._load_map = load_map
        self._load_cards = load_cards
        self._contexts: dict[str, MapContext] = {}

    def context(self, map_id: str) -> MapContext:
        ctx = self._contexts.get(map_id)
        if ctx is None:
            base, chosen = timemap.split_id(map_id)
            try:
                mapdef = self._load_map(base)
            except KeyError:
                raise IllegalAction("unknown_map", f"There is no map '{map_id}'.") from None
            cards = self._cards(base)
            if chosen:
                # Railways through Time: only the chosen periods, and only their cards.
                mapdef = timemap.compose(mapdef, chosen)
                cards = timecards.in_play(cards, mapdef, chosen)
            ctx = MapContext(mapdef, cards)
            self._contexts[map_id] = ctx
            if map_id == transcon.EAST_BOARD:
                ctx.next_board = self.context(transcon.JOINED)
        return ctx

    def game_map(self, config: Config) -> str:
        """The map a game plays on: Railways through Time composes its chosen periods (the
        option, or the default for the player count)."""
        map_id = config["map"] or DEFAULT_MAP
        if map_id != timemap.BASE_ID:
            return map_id
        base = self.context(map_id).mapdef
        raw = (config.get("options") or {}).get("periods")
        chosen = timemap.parse_periods(base, raw) if raw is not None else \
            timemap.default_periods(base, len(config["players"]))
        return timemap.composed_id(chosen)

    def _cards(self, map_id: str) -> dict[str, Any]:
        try:
            return self._load_cards(map_id)
        except KeyError:
            if map_id == DEFAULT_MAP:
                return eastern_us_cards()
            raise

    def validate_config(self, config: Config) -> None:
        super().validate_config(config)
        ctx = self.context(self.game_map(config))
        check_options(ctx, config.get("options") or {}, len(config["players"]))
        transcon.check_options(ctx, config.get("options") or {})
        adv_options.check(ctx, config.get("options") or {})

    def validate_options(self, map_id: str | None, options: dict[str, Any]) -> None:
        ctx = self.context(map_id or DEFAULT_MAP)
        check_options(ctx, options, None)
        transcon.check_options(ctx, options)
        adv_options.check(ctx, options)
        if "periods" in options:
            timemap.parse_periods(ctx.mapdef, options["periods"])

    def settings(self, map_id: str | None, options: dict[str, Any],
                 players: int | None = None) -> list[str]:
        ctx = self.context(map_id or DEFAULT_MAP)
        played = in_play(active_rules(ctx, options))
        standard = [MINI_EXPANSIONS[m] for m in standard_minis(ctx)]
        if adv_options.advanced(options):
            return adv_options.settings(ctx, options)
        where = " (standard on the Western board, from the Western phase)" \
            if transcon.is_transcon(ctx) else " (standard on this map)"
        shown = [f"{m}{where}" if m in standard else m for m in played]
        variants = [words for opt, words in VARIANT_WORDS.items() if options.get(opt) is True]
        auction = AUCTION_WORDS.get(str(options.get("auction_variant", "standard")), "")
        lines = ["Mini-expansions: " + (", ".join(shown) if shown else "none") + "."]
        if "city_rotors" in active_rules(ctx, options) and not transcon.is_transcon(ctx) \
                and (map_id != timemap.BASE_ID or rotors.OPTION in options):
            # (Railways through Time's rotors depend on the period boards chosen.)
            lines.append(rotors.describe(ctx, options))
        lines.append("Variants: " + (", ".join(variants) if variants else "none") + ".")
        if transcon.is_transcon(ctx):
            lines.append(f"First-player auction: {auction}.")
            return lines + transcon.settings(options)
        if map_id == timemap.BASE_ID:
            # Railways through Time plays its own auction and its chosen period boards.
            lines.append("First-player auction: the game's own (drop-outs pay half their bid, "
                         "rounded down, and take the last free place).")
            lines.append(cube_line(ctx))
            lines += timecards.period_lines(ctx.mapdef, options, players)
        else:
            lines += [f"First-player auction: {auction}.", cube_line(ctx)]
        lines.append(ecm_line(ctx, options, players))
        return lines

    def setup(self, config: Config, rng: Rng) -> State:
        ctx = self.context(transcon.opening_board(self.game_map(config)))
        state = setup.setup(config, rng, ctx)
        if adv_options.advanced(config.get("options") or {}):
            adv_turn.setup(Tx(state, ctx, rng), config, rng)
        return state

    def apply(self, state: State, action: Action, rng: Rng) -> list[Event]:
        tx = Tx(state, self.context(state["map"]), rng)
        if "adv" in state:
            adv_moves.apply(tx, action)
        else:
            moves.apply(tx, action)
        return tx.finish()

    def to_act(self, state: State) -> list[int]:
        return adv_turn.to_act(state) if "adv" in state else flow.to_act(state)

    def legal(self, state: State, seat: int) -> list[Action]:
        if "adv" in state:
            return adv_moves.legal(state, self.context(state["map"]), seat)
        return moves.legal(state, self.context(state["map"]), seat)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        if "adv" in state:
            out = adv_view.view(state, self.context(state["map"]), seat)
        else:
            out = views.view(state, self.context(state["map"]), seat)
        out["news"] = self.news(state)
        return out

    def last_move(self, state: State, action: Action, events: list[Event]) -> LastMove:
        return lastmove.last_move(state, self.context(state["map"]), action, events,
                                  self.is_secret_move(action))

    def opening(self, state: State) -> str:
        return adv_view.opening(state) if "adv" in state else ""

    def waiting_for(self, state: State, seat: int) -> str:
        return adv_suggest.prompt(state, seat) if "adv" in state else ""

    def confirmation(self, state: State, action: Action) -> str | None:
        # Worked out from the state before the move only: a preview never tells what chance
        # would draw (see Title.confirmation).
        if "adv" in state:
            return adv_commands.confirmation(state, self.context(state["map"]), action)
        seat = action.get("seat")
        if not isinstance(seat, int) or not 0 <= seat < len(state["players"]):
            return None
        asks = [a for a in (track.partial_build_question(state, self.context(state["map"]),
                                                         action),
                            self._bonds_question(state, action, seat)) if a]
        return " ".join(asks) or None

    def _bonds_question(self, state: State, action: Action, seat: int) -> str | None:
        # R12: a player confirms a payment of their own that would issue bonds. A bid commits to
        # paying later, so a bid above cash asks too.
        cash = int(state["players"][seat]["money"])
        if action.get("type") == "bid" and state["phase"] == "auction":
            amount = action.get("amount")
            if isinstance(amount, int) and amount > cash:
                return (f"You have {money_text(cash)}: winning at {money_text(amount)} would "
                        "issue bonds for the difference.")
            return None
        cost = own_payment(state, self.context(state["map"]), seat, action)
        issued = bonds_needed(cash, cost)
        if not issued:
            return None
        return (f"This costs {money_text(cost)} and you have {money_text(cash)}: it issues "
                f"{issued} bond{'s' if issued > 1 else ''} ({money_text(issued * BOND_VALUE)}), "
                f"each costing {money_text(BOND_DIVIDEND)} a turn and a point at the end.")

    def out_of_turn(self, state: State, seat: int, command: str) -> str | None:
        # An action asked for outside the action rounds says so whoever types it.
        if "adv" in state:
            return adv_commands.out_of_turn(state, command)
        auction = state.get("auction") if state["phase"] == "auction" else None
        if auction and seat in auction["passed"] and command in ("bid", "pass"):
            bidding = [str(state["players"][s]["name"]) for s in self.to_act(state)]
            return ("You passed, so you are out of this auction; "
                    f"{' and '.join(bidding) or 'the others'} bid on. You bid again in the "
                    "next turn's auction.")
        if command not in commands.ACTION_ROUND:
            return None
        try:
            commands.check_action_round(state, seat, command)
        except IllegalAction as exc:
            return None if exc.code == "not_your_turn" else exc.message
        return None

    def is_reveal(self, action: Action, events: list[Event]) -> bool:
        # A merger vote that completes the count shows every vote (Advanced Game).
        return any(ev["type"] in ("reveal", "votes") for ev in events)

    def is_secret_move(self, action: Action) -> bool:
        # The two Rail Barons a seat may keep are its secret until the end of the game; a
        # merger vote (Advanced Game) until every vote is in.
        return action.get("type") in ("choose_baron", "vote")

    def suggest(self, state: State, seat: int) -> list[Suggestion]:
        if "adv" in state:
            return adv_suggest.suggest(state, self.context(state["map"]), seat)
        return suggest.suggest(state, self.context(state["map"]), seat)

    def option_values(self, state: State, seat: int, command: str, option: str,
                      chosen: Mapping[str, Any]) -> list[OptionValue]:
        if "adv" in state:
            return adv_commands.option_values(state, self.context(state["map"]), seat, command,
                                              option, chosen)
        return optionvalues.option_values(state, self.context(state["map"]), seat, command,
                                          option, chosen)

    def command_help(self, state: State, seat: int, spec: CommandSpec) -> CommandSpec:
        return helpforms.command_help(state, self.context(state["map"]), seat, spec)

    def command_to_action(self, state: State, seat: int, command: str,
                          options: dict[str, Any]) -> Action:
        if "adv" in state:
            return adv_commands.to_action(state, self.context(state["map"]), seat, command,
                                          options)
        return commands.to_action(state, self.context(state["map"]), seat, command, options)

    def cheapest_route(self, state: State, seat: int, start: str, goal_city: str,
                       via: list[str] | None = None) -> tuple[list[str], int]:
        return track.cheapest_route(state, self.context(state["map"]), seat, start, goal_city, via)

    def summary(self, state: State) -> str:
        if "adv" in state:
            return adv_view.summary(state)
        if state.get("finished") and state.get("final"):
            return self.final_standings(state)
        if state.get("finished"):
            return "Finished."
        scores = ", ".join(f"{p['name']} {total_score(p)}" for p in state["players"])
        phase = state["phase"]
        step = f"action round {state['round']}" if phase == "actions" and state["round"] \
            else PHASE_NAMES.get(phase, phase)
        where = transconrules.phase(state)
        era = f" ({transconrules.PHASE_WORDS[where]})" if where else ""
        return f"Turn {state['turn']}{era}, {step}. Points: {scores}."

    def turn_label(self, state: State) -> str:
        return f"Turn {state['turn']}"

    def points(self, state: State) -> dict[int, int]:
        final = state.get("final")
        if final:
            # The Advanced Game's final scores count each player's "total" (money).
            return {int(s["seat"]): int(s["score"] if "score" in s else s["total"])
                    for s in final["scores"]}
        if "adv" in state:  # what the final count would give now: cash plus shares
            return {int(p["seat"]): int(adv_turn.final_worth(state, int(p["seat"]))["total"])
                    for p in state["players"]}
        return {int(p["seat"]): total_score(p) for p in state["players"]}

    def places(self, state: State) -> dict[int, int]:
        final = state.get("final")
        if final and "adv" not in state:  # tie-broken by complete links, then money
            return {int(s["seat"]): place for place, s in flow.places(state, final["scores"])}
        return super().places(state)

    def score_words(self, state: State) -> Callable[[int], str]:
        return money_text if "adv" in state else str  # the Advanced Game counts money

    def final_standings(self, state: State) -> str:
        """Every player's place, points and where the points came from (the game-over message
        and /game status of a finished game)."""
        ctx = self.context(state["map"])
        lines = ["Final standings:"]
        for place, s in flow.places(state, state["final"]["scores"]):
            p = state["players"][s["seat"]]
            parts = [f"track {total_score(p)}{_track_parts(p)}"]
            kept = s.get("barons") or ([[s["baron"], s["baron_points"]]] if s.get("baron")
                                       else [])
            for bid, pts in kept:
                parts.append(f"Rail Baron {baron(ctx, str(bid))['name']} +{pts}")
            if s.get("time_line_points"):
                parts.append(f"{s['time_lines']} Time Line{'s' if s['time_lines'] != 1 else ''} "
                             f"+{s['time_line_points']}")
            if s["bond_penalty"]:
                parts.append(f"bonds -{s['bond_penalty']}")
            points = "point" if s["score"] == 1 else "points"
            lines.append(f"{place}. {p['name']} {s['score']} {points} ({', '.join(parts)})")
        return "\n".join(lines)


def _track_parts(p: dict[str, Any]) -> str:
    """Where a player's track points came from (": deliveries 30 + major lines 9"), or nothing
    for a game restored from a snapshot older than the tally."""
    tally = p.get("points_from") or {}
    if sum(tally.values()) != total_score(p):
        return ""
    parts = [f"{words} {tally[key]}" for key, words in POINT_SOURCES.items() if tally.get(key)]
    return f": {' + '.join(parts)}" if parts else ""
