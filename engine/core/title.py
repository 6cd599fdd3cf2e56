"""What a title (one game system) is: its metadata and the rules interface the service calls."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from engine.core.errors import IllegalAction
from engine.core.lastmove import KEY, LastMove, carry, record
from engine.core.lastmove import news as header_news
from engine.core.rng import Rng
from engine.core.types import Action, Config, Event, State

OptionType = Literal["string", "integer", "boolean", "user"]


@dataclass(frozen=True)
class OptionSpec:
    """One option of a command or of a game, as players type it (``name:value``)."""

    name: str
    description: str
    type: OptionType = "string"
    required: bool = False
    choices: tuple[str, ...] = ()
    default: Any = None
    autocomplete: bool = False
    """Offer the seat's legal values while typing (served from the legal moves)."""
    choices_note: str = ""
    """Why ``choices`` hold what they hold, said when a typed value is not one of them."""


@dataclass(frozen=True)
class CommandSpec:
    """A slash command that becomes one engine action (``/build``, ``/bid``...)."""

    name: str
    description: str
    options: tuple[OptionSpec, ...] = ()
    action_type: str = ""
    """The action ``type`` it produces; defaults to the command name."""

    @property
    def action(self) -> str:
        return self.action_type or self.name


SuggestionStyle = Literal["primary", "secondary", "success", "danger"]


def detail_text(text: str, limit: int = 100) -> str:
    """``text`` as a suggestion's detail line: whole when it fits, else cut after the last whole
    word that fits and marked with an ellipsis (never mid-word)."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut).rstrip(" ,;:.") + "…"


MAX_LABEL = 80
"""A button's label (a select entry's may be longer; one label serves both)."""
MAX_DETAIL = 100
"""A select entry's label or description line."""


def label_text(text: str, limit: int = MAX_LABEL) -> str:
    """``text`` as a label: starting with a capital, whole words only (see :func:`detail_text`)."""
    fitted = detail_text(text, limit)
    return fitted[:1].upper() + fitted[1:]


@dataclass(frozen=True)
class Suggestion:
    """A move offered to a seat by click (a button or a select entry), in a player's words.

    It stands for the typed command ``/<command> <options>``: a click goes through exactly the
    same path as typing it, so nothing here is trusted beyond what the engine checks again.
    """

    label: str
    """What the button or select entry says (at most 80 characters): "Deliver red Pittsburgh ->
    Chicago, 3 links, +3"."""
    command: str
    """The move command (``deliver``), as in ``TitleMeta.commands``."""
    options: Mapping[str, Any] = field(default_factory=dict)
    """Options already chosen, as a player would type them (str, int or bool values only)."""
    group: str = ""
    """The kind of move ("Deliver", "Build", "Card"): selects group suggestions by it."""
    detail: str = ""
    """A second line in a select entry (at most 100 characters): cost, route, points."""
    rank: int = 0
    """Higher comes first; the adapter shows the best ones when there are too many."""
    needs: tuple[str, ...] = ()
    """Options still to choose, asked one at a time in follow-up selects whose entries come from
    :meth:`Title.option_values` (e.g. a build that needs its destination)."""
    confirm: str | None = None
    """Ask this before making the move (e.g. a pass that throws away an action)."""
    secret: bool = False
    """Offer it only privately to the seat (it would give away hidden information)."""
    style: SuggestionStyle = "primary"

    def __post_init__(self) -> None:
        # Short by design: a longer text keeps its whole words (the rest belongs in detail).
        object.__setattr__(self, "label", label_text(self.label, MAX_LABEL))
        object.__setattr__(self, "detail", detail_text(self.detail, MAX_DETAIL))


@dataclass(frozen=True)
class OptionValue:
    """One legal value of a command option, for autocomplete and follow-up selects."""

    label: str
    """What the player reads (at most 100 characters): "Chicago (red, 2 cubes)"."""
    value: Any
    """What the option is set to (str, int or bool)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "label", detail_text(self.label, MAX_DETAIL))


@dataclass(frozen=True)
class MapMeta:
    id: str
    name: str
    min_players: int
    max_players: int
    house_data: tuple[str, ...] = ()
    """Which parts of this map's data are house values (shown by ``/game info``)."""


@dataclass(frozen=True)
class TitleMeta:
    id: str
    name: str
    min_players: int
    max_players: int
    colours: tuple[str, ...]
    maps: tuple[MapMeta, ...] = ()
    options: tuple[OptionSpec, ...] = ()
    commands: tuple[CommandSpec, ...] = ()
    house_data: tuple[str, ...] = field(default=())
    rules_version: int = 1
    """Bumped whenever a rules change would make a stored game replay differently; games
    record the version they started on (config["rules_version"]) and keep its behaviour."""

    def map(self, map_id: str | None) -> MapMeta | None:
        for m in self.maps:
            if m.id == map_id:
                return m
        return None

    def command(self, name: str) -> CommandSpec | None:
        for c in self.commands:
            if c.name == name:
                return c
        return None


class Title(ABC):
    """The rules of one game system. Every method is pure apart from mutating the state it is given.

    ``apply`` may raise :class:`IllegalAction` only before it changes anything (the service
    applies to a copy anyway, so a half-applied move is never stored).
    """

    meta: TitleMeta

    @abstractmethod
    def setup(self, config: Config, rng: Rng) -> State: ...

    @abstractmethod
    def apply(self, state: State, action: Action, rng: Rng) -> list[Event]: ...

    @abstractmethod
    def to_act(self, state: State) -> list[int]:
        """Seats that must act now (empty when the game is over)."""

    @abstractmethod
    def legal(self, state: State, seat: int) -> list[Action]:
        """The moves open to ``seat`` now: complete actions, or templates naming what to choose."""

    @abstractmethod
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator). Never includes another seat's secrets."""

    def is_over(self, state: State) -> bool:
        return bool(state.get("finished"))

    def validate_config(self, config: Config) -> None:
        """Raise IllegalAction when the chosen map, options or player count do not fit."""
        n = len(config["players"])
        m = self.meta.map(config["map"])
        low, high = (
            (m.min_players, m.max_players) if m else (self.meta.min_players, self.meta.max_players)
        )
        if not low <= n <= high:
            where = f"{self.meta.name} on {m.name}" if m else self.meta.name
            raise IllegalAction("player_count", f"{where} needs {low}-{high} players, not {n}.")

    def validate_options(self, map_id: str | None, options: dict[str, Any]) -> None:
        """Raise IllegalAction when options do not fit the map (checked when a game is opened;
        checks that need the player count wait for the start, in validate_config)."""
        return None

    def command_to_action(
        self, state: State, seat: int, command: str, options: dict[str, Any]
    ) -> Action:
        """Turn a typed command into an action; titles override this for route finding etc."""
        spec = self.meta.command(command)
        if spec is None:
            raise IllegalAction("unknown_command", f"/{command} is not a move in {self.meta.name}.")
        return {"type": spec.action, "seat": seat, **options}

    def house_data(self, map_id: str | None, options: dict[str, Any]) -> tuple[str, ...]:
        """The house values a game with these settings uses (``/game info``): the title's and
        its map's, unless an option (a choice of boards) decides which."""
        m = self.meta.map(map_id)
        return self.meta.house_data + (m.house_data if m else ())

    def settings(self, map_id: str | None, options: dict[str, Any],
                 players: int | None = None) -> list[str]:
        """Lines for ``/game info`` on what the options make of the game (e.g. the optional rules
        in play, standard ones included); empty when the options say it all."""
        return []

    def out_of_turn(self, state: State, seat: int, command: str) -> str | None:
        """Why ``seat``, who is not among those to act, cannot make ``/command`` now, when the
        rules say more than whose turn it is ("you already bought a link this turn", "shipping
        is not open now"); None lets the service name who must act."""
        return None

    def confirmation(self, state: State, action: Action) -> str | None:
        """A sentence asking the mover to confirm a move with lasting costs they may still
        decline (e.g. issuing bonds to pay for it); None when no confirmation is due.

        It is worked out from the state before the move and the move alone, never from a trial
        run: the mover sees it before committing, so it must not depend on what chance would
        draw or on anything hidden from them. Costs the rules force anyway (e.g. dividends at
        the end of a turn) are not the mover's choice and never ask; their events announce them.
        """
        return None

    def is_secret_move(self, action: Action) -> bool:
        """Whether showing this legal move to others would give away a secret (e.g. which cards
        a seat was dealt): such moves are offered only privately, never on public buttons."""
        return False

    def is_reveal(self, action: Action, events: list[Event]) -> bool:
        """Whether the move showed someone hidden information (undo then needs consent)."""
        return any(ev["type"] == "reveal" for ev in events)

    def suggest(self, state: State, seat: int) -> list[Suggestion]:
        """The moves worth offering ``seat`` now by click, best first. Titles override this with
        readable, ranked suggestions; empty means "type a command" (the adapter says so)."""
        return []

    def command_help(self, state: State, seat: int, spec: CommandSpec) -> CommandSpec:
        """``spec`` as /game help shows it to ``seat`` now: only the options this game and this
        moment can use, in words true of this game. By default the whole command."""
        return spec

    def option_values(
        self,
        state: State,
        seat: int,
        command: str,
        option: str,
        chosen: Mapping[str, Any],
    ) -> list[OptionValue]:
        """Legal values of ``option`` of ``/command`` for ``seat`` given the options already
        ``chosen``, best first (autocomplete and follow-up selects). Empty: nothing to suggest."""
        return []

    def opening(self, state: State) -> str:
        """A sentence for the start message about what setup decided beyond the seating (e.g. a
        turn order dealt by cards); empty when there is nothing to add."""
        return ""

    def waiting_for(self, state: State, seat: int) -> str:
        """What ``seat``, who must act, decides now, when their name alone does not say it
        (e.g. "for the Red company: build, move a cube or pass"); empty otherwise."""
        return ""

    def summary(self, state: State) -> str:
        """A one-line description of where the game stands (for /game status and lists)."""
        return ""

    def turn_label(self, state: State) -> str:
        """The turn being played as the rulebook counts them ("Turn 3", "Round 2"): replay
        captions show it, and a replay by turn takes one picture each time it changes."""
        return ""

    def points(self, state: State) -> dict[int, int]:
        """Each seat's points as everyone can see them now (the score-over-time chart);
        empty for a title without a running score."""
        return {}

    def last_move(self, state: State, action: Action, events: list[Event]) -> LastMove:
        """The record of ``action`` just applied to ``state`` (which still holds the record of
        the move before): titles add where on the board it happened."""
        return carry(state.get(KEY), record(state, action, events))

    def news(self, state: State) -> dict[str, Any]:
        """The last move, who acts now and the scores, for the header of a picture (every
        title's public view carries it under ``news``)."""
        return header_news(state, self.to_act(state), self.points(state),
                           over=self.is_over(state), score=self.score_words(state))

    def score_words(self, state: State) -> Callable[[int], str]:
        """How a header writes one player's points (a title scoring money writes dollars)."""
        return str
