"""The one door between the Ultimate Railroads core and its plug-ins.

The core (the Russian boards: setup, flow, spaces, the action pool, scoring, view) never imports a
plug-in. A plug-in (a module such as Coal, or a board's own parts) describes itself as one
``Plugin``: the effect kinds it carries out at once, the pool tasks it offers choices for and
resolves, the actions it adds besides a turn's action, what it lays out at setup, what it scores
and what it shows. ``engine.ultimate.plugins`` registers the shipped ones; the core asks this
module, by kind, which plug-in answers. Each kind belongs to one plug-in, so the order of
registration only matters where several plug-ins act in turn (setup draws from the game's
generator: the shipped plug-ins register in the order the setup has always drawn in).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from engine.core.rng import Rng
from engine.core.types import State
from engine.ultimate.board import Board, Parts, Route, Space, Special
from engine.ultimate.ctx import Ctx

Effect = dict[str, Any]
Task = dict[str, Any]
Option = tuple[str, str]
"""(value a player types, label a player reads)."""

EffectHook = Callable[[Ctx, int, Effect, str], None]
"""An effect carried out at once: (ctx, seat, effect, where it came from)."""
TaskHook = Callable[[Ctx, int, int, Task, str], None]
"""A pool task resolved by a choice: (ctx, seat, index in the pool, task, choice). It drops the
task itself (``pool.drop``) when the choice settles it."""
OptionsHook = Callable[[Ctx, int, Task], list[Option]]
SeatOptions = Callable[[Ctx, int], list[Option]]
SeatChoice = Callable[[Ctx, int, str], None]
SetupHook = Callable[[Board, State, Rng], None]
"""Lays the plug-in's parts out on a fresh state (after the core's own), when it is in play."""
SpacesHook = Callable[[Ctx, int], list[Space]]
FinalHook = Callable[[Ctx], None]
ViewHook = Callable[[Ctx], dict[str, Any]]
PlayerViewHook = Callable[[Ctx, dict[str, Any]], dict[str, Any]]
DataLabels = Callable[[dict[str, Any]], tuple[str, ...]]
"""House values in players' words, read from the title's data."""
BoardLabels = Callable[[dict[str, Any], dict[str, Any]], tuple[str, ...]]
"""House values of a player board's own parts: (the board's data, its industry track's data)."""


@dataclass(frozen=True)
class Plugin:
    """What a board or a module adds to the core game. Every field is optional."""

    name: str
    module: str | None = None
    """The game option that brings the plug-in into a game (None: it decides by the state)."""
    effects: Mapping[str, EffectHook] = field(default_factory=dict)
    """Effect kinds that happen at once when an action, a factory or a card gives them."""
    tasks: Mapping[str, TaskHook] = field(default_factory=dict)
    """Pool task kinds this plug-in resolves."""
    options: Mapping[str, OptionsHook] = field(default_factory=dict)
    """The choices of each of those task kinds."""
    choice_kinds: tuple[str, ...] = ()
    """Effect kinds that become pool tasks an action space is refused for when none of their
    choices can be made (like the core's track steps)."""
    blocked: Mapping[str, str] = field(default_factory=dict)
    """Why an action space is refused when none of a choice kind's choices can be made."""
    refuse: Mapping[str, Callable[[Ctx, int, Effect], str | None]] = field(default_factory=dict)
    """Why an action space showing an effect of this kind cannot be taken now (None: it can)."""
    optional: tuple[str, ...] = ()
    """Task kinds a player may decline: never chosen for them, never reported as lost."""
    declines: Mapping[str, str] = field(default_factory=dict)
    """The button that declines a task of this kind offered out of turn, by task kind."""
    shared: Mapping[str, Callable[[Ctx], None]] = field(default_factory=dict)
    """What follows once every other player had their share of a task of this kind."""
    urgent: tuple[str, ...] = ()
    """Task kinds settled before anything else (a consequence the rules ask for at once)."""
    reached: Mapping[str, Callable[[Ctx, int, Route, Special], None]] = field(
        default_factory=dict)
    """Special-space kinds of its boards: what reaching one with a track gives."""
    task_names: Mapping[str, str] = field(default_factory=dict)
    """A task kind in a player's words ('the rest of the ... is lost')."""
    tokens: Mapping[str, Callable[[Ctx, int], None]] = field(default_factory=dict)
    """Idea tokens this plug-in adds: what placing one does."""
    token_usable: Mapping[str, Callable[[Ctx, int], bool]] = field(default_factory=dict)
    """Whether the seat could place one of those tokens now (always, when not listed)."""
    idea_cards: Mapping[str, Callable[[Ctx, int], None]] = field(default_factory=dict)
    """Idea cards this plug-in adds: what taking one does."""
    factory_removed: Mapping[str, Callable[[Ctx, int], None]] = field(default_factory=dict)
    """Factory tiles of this plug-in: what happens when another factory is built over one."""
    free_options: SeatOptions | None = None
    """Actions besides the turn's (like income tiles) the seat could take now."""
    free_use: Mapping[str, SeatChoice] = field(default_factory=dict)
    """Carrying one of those out, by the choice's prefix."""
    free_group: str | None = None
    """The group those actions are suggested under (its name when not set)."""
    free_words: str | None = None
    """Those actions in a player's words, for a choice that is none of them."""
    no_passing: str | None = None
    """Set when one of those actions binds the turn to a regular action: why passing is refused."""
    taken: Callable[[Ctx, int, Space], str | None] | None = None
    """Why an action space nobody occupies is closed to the seat all the same (None: open)."""
    spaces: SpacesHook | None = None
    """Extra action spaces offered to a seat besides the board's."""
    setup: SetupHook | None = None
    round_points: Callable[[Board, dict[str, Any]], dict[str, int]] | None = None
    """Points a player scores in each scoring phase besides the core's, by name: (board,
    player) -> {name: points}. The view's points so far show them too."""
    round_end: Callable[[Ctx], None] | None = None
    """Tidying at the start of a new round (after the core's own)."""
    final: FinalHook | None = None
    """Final scoring (with ``ctx.score``), after the end bonus cards, the engineer majority
    and the stocks."""
    view: ViewHook | None = None
    """Keys added to the public view."""
    player_view: PlayerViewHook | None = None
    """Keys added to each player's part of the public view."""
    playing: Callable[[State], bool] | None = None
    """Whether a board's plug-in is part of this game (a module's is when its option is on)."""
    free_standing: bool = True
    """Whether a pick on one's own turn goes to its actions besides the turn's even when none
    can be taken now (False: only when one can)."""
    free_unknown: Callable[[str, str], str] | None = None
    """Why a choice is none of those actions: (choice typed, the ones offered) -> words. Before
    ``free_words``, when set."""
    out_of_turn: tuple[str, str] | None = None
    """(code, why) for one of those actions chosen when it is not the time to take them."""
    tile_taken: Callable[[Ctx, int | None, str], None] | None = None
    """A tile taken from a stack by a seat (None: by Emil)."""
    gives_way: Callable[[str], str | None] | None = None
    """A factory tile of its own that a new factory may replace while a gap is still empty: its
    name in a choice (None: not one of them)."""
    route_block: Callable[[Ctx, int, Route], tuple[int, str] | None] | None = None
    """The first space of a route a seat's tracks cannot reach yet, and why (None: none)."""
    industry_block: Callable[[Ctx, int], int | None] | None = None
    """The first space of the lower industry track a seat's wrenches cannot reach yet."""
    doublers_taken: Callable[[Ctx, int, int], None] | None = None
    """Doublers a seat has just taken (how many): where they go on its boards."""
    industry_space: Callable[[Ctx, int, int], None] | None = None
    """A wrench reaching a space of the shared industry board (after its benefits, before its
    idea space)."""
    turn_over: Callable[[Ctx, int], int | None] | None = None
    """A seat's pool is empty: the seat whose turn ends now, or None when others act first."""
    final_keys: Callable[[Ctx], dict[str, Any]] | None = None
    """Keys added to the final result (after its final scoring)."""
    before_scoring: Callable[[Ctx, int], bool] | None = None
    """Whether a seat has a turn of its own right before each scoring phase (in turn order)."""
    before_scoring_turn: Callable[[Ctx, int], None] | None = None
    """That turn: what the seat's pool gets."""
    special_words: Mapping[str, Callable[[dict[str, Any]], str]] = field(default_factory=dict)
    """Special-space kinds of its boards: what one gives, in a few words."""
    info: Callable[[Board], list[str]] | None = None
    """/game info: what its boards add to the table (nothing when they are not played)."""
    house_labels: Callable[[Board], tuple[str, ...]] | None = None
    """House values a combination of its boards with another industry track adds."""
    board_labels: BoardLabels | None = None
    """House values of its player board's own parts (after the routes and industry track the
    core names); none for another board."""
    module_labels: DataLabels | None = None
    """House values of its module, named after it, when the module is chosen."""
    board_parts: Callable[[dict[str, Any]], Parts] | None = None
    """What it adds to every board's lookups (spaces, engineers, factories, idea tokens, starting
    bonus and idea cards), read from the title's data."""
    data: Callable[[dict[str, Any]], None] | None = None
    """Adds its printed components (a board, its cards and tokens) to the title's data, once,
    when the shipped plug-ins are registered."""

    def in_play(self, state: State) -> bool:
        """Whether this game uses the plug-in (its setup, round, final and free hooks run then)."""
        if self.module is not None:
            return self.module in state["modules"]
        return self.playing is None or self.playing(state)


_PLUGINS: list[Plugin] = []


def register(plugin: Plugin) -> None:
    """Add a plug-in; a kind another plug-in already answers for is refused."""
    for other in _PLUGINS:
        for attr in ("effects", "tasks", "options", "tokens", "idea_cards", "free_use", "refuse",
                     "shared", "token_usable", "factory_removed", "reached",
                     "special_words", "declines"):
            clash = set(getattr(other, attr)) & set(getattr(plugin, attr))
            if clash:
                raise ValueError(f"{plugin.name} and {other.name} both answer {attr} "
                                 f"{sorted(clash)}")
    if any(p.name == plugin.name for p in _PLUGINS):
        raise ValueError(f"plug-in {plugin.name} is registered already")
    _PLUGINS.append(plugin)


def unregister(name: str) -> None:
    _PLUGINS[:] = [p for p in _PLUGINS if p.name != name]


@contextmanager
def installed(plugin: Plugin) -> Iterator[Plugin]:
    """A plug-in registered for the length of a ``with`` block (tests, tools)."""
    register(plugin)
    try:
        yield plugin
    finally:
        unregister(plugin.name)


def plugins() -> tuple[Plugin, ...]:
    return tuple(_PLUGINS)


def playing(state: State) -> list[Plugin]:
    return [p for p in _PLUGINS if p.in_play(state)]


def effect(kind: str) -> EffectHook | None:
    return next((p.effects[kind] for p in _PLUGINS if kind in p.effects), None)


def task(kind: str) -> TaskHook | None:
    return next((p.tasks[kind] for p in _PLUGINS if kind in p.tasks), None)


def options(kind: str) -> OptionsHook | None:
    return next((p.options[kind] for p in _PLUGINS if kind in p.options), None)


def choice_kinds() -> tuple[str, ...]:
    return tuple(k for p in _PLUGINS for k in p.choice_kinds)


def blocked(kind: str) -> str | None:
    return next((p.blocked[kind] for p in _PLUGINS if kind in p.blocked), None)


def refusal(kind: str) -> Callable[[Ctx, int, Effect], str | None] | None:
    return next((p.refuse[kind] for p in _PLUGINS if kind in p.refuse), None)


def optional() -> tuple[str, ...]:
    return tuple(k for p in _PLUGINS for k in p.optional)


def shared(kind: str) -> Callable[[Ctx], None] | None:
    return next((p.shared[kind] for p in _PLUGINS if kind in p.shared), None)


def decline(kind: str) -> str | None:
    return next((p.declines[kind] for p in _PLUGINS if kind in p.declines), None)


def urgent() -> tuple[str, ...]:
    return tuple(k for p in _PLUGINS for k in p.urgent)


def reached(kind: str) -> Callable[[Ctx, int, Route, Special], None] | None:
    return next((p.reached[kind] for p in _PLUGINS if kind in p.reached), None)


def task_name(kind: str) -> str | None:
    return next((p.task_names[kind] for p in _PLUGINS if kind in p.task_names), None)


def token(kind: str) -> Callable[[Ctx, int], None] | None:
    return next((p.tokens[kind] for p in _PLUGINS if kind in p.tokens), None)


def token_usable(kind: str) -> Callable[[Ctx, int], bool] | None:
    return next((p.token_usable[kind] for p in _PLUGINS if kind in p.token_usable), None)


def factory_removed(tile: str) -> Callable[[Ctx, int], None] | None:
    return next((p.factory_removed[tile] for p in _PLUGINS if tile in p.factory_removed), None)


def idea_card(kind: str) -> Callable[[Ctx, int], None] | None:
    return next((p.idea_cards[kind] for p in _PLUGINS if kind in p.idea_cards), None)


def free_options(ctx: Ctx, seat: int) -> list[Option]:
    return [o for p in playing(ctx.state) if p.free_options is not None
            for o in p.free_options(ctx, seat)]


def free_owner(choice: str) -> Plugin | None:
    """The plug-in whose action besides the turn's a choice names."""
    return next((p for p in _PLUGINS for prefix in p.free_use
                 if choice == prefix or choice.startswith(prefix + "-")), None)


def free_use(ctx: Ctx, seat: int, choice: str) -> None:
    owner = free_owner(choice)
    if owner is None:
        raise ValueError(f"no plug-in takes the choice {choice}")
    prefix = next(x for x in owner.free_use if choice == x or choice.startswith(x + "-"))
    owner.free_use[prefix](ctx, seat, choice)


def taken(ctx: Ctx, seat: int, offer: Space) -> str | None:
    return next((why for p in playing(ctx.state) if p.taken is not None
                 for why in [p.taken(ctx, seat, offer)] if why), None)


def extra_spaces(ctx: Ctx, seat: int) -> list[Space]:
    return [s for p in playing(ctx.state) if p.spaces is not None for s in p.spaces(ctx, seat)]


def tile_taken(ctx: Ctx, seat: int | None, tile: str) -> None:
    for p in playing(ctx.state):
        if p.tile_taken is not None:
            p.tile_taken(ctx, seat, tile)


def gives_way(tile: str | None) -> str | None:
    if tile is None:
        return None
    return next((words for p in _PLUGINS if p.gives_way is not None
                 for words in [p.gives_way(tile)] if words), None)


def route_block(ctx: Ctx, seat: int, route: Route) -> tuple[int, str] | None:
    return next((block for p in playing(ctx.state) if p.route_block is not None
                 for block in [p.route_block(ctx, seat, route)] if block), None)


def industry_block(ctx: Ctx, seat: int) -> int | None:
    return next((at for p in playing(ctx.state) if p.industry_block is not None
                 for at in [p.industry_block(ctx, seat)] if at is not None), None)


def doublers_taken(ctx: Ctx, seat: int, n: int) -> None:
    for p in playing(ctx.state):
        if p.doublers_taken is not None:
            p.doublers_taken(ctx, seat, n)


def industry_space(ctx: Ctx, seat: int, at: int) -> None:
    for p in playing(ctx.state):
        if p.industry_space is not None:
            p.industry_space(ctx, seat, at)


def turn_over(ctx: Ctx, seat: int) -> int | None:
    """The seat whose turn ends now (None: a plug-in gives others a turn first)."""
    for p in playing(ctx.state):
        if p.turn_over is not None:
            ended = p.turn_over(ctx, seat)
            if ended is None:
                return None
            seat = ended
    return seat


def final_keys(ctx: Ctx) -> dict[str, Any]:
    return {k: v for p in playing(ctx.state) if p.final_keys is not None
            for k, v in p.final_keys(ctx).items()}


def house_labels(board: Board) -> tuple[str, ...]:
    return tuple(label for p in _PLUGINS if p.house_labels is not None
                 for label in p.house_labels(board))


def board_labels(board: dict[str, Any], track: dict[str, Any]) -> tuple[str, ...]:
    return tuple(label for p in _PLUGINS if p.board_labels is not None
                 for label in p.board_labels(board, track))


def module_labels(data: dict[str, Any], modules: list[str]) -> tuple[str, ...]:
    """House values of the chosen modules, in the order given."""
    return tuple(label for m in modules for p in _PLUGINS
                 if p.module == m and p.module_labels is not None
                 for label in p.module_labels(data))


def board_parts(data: dict[str, Any]) -> dict[str, Parts]:
    """What each plug-in adds to the boards' lookups, by its module (or its name)."""
    return {p.module or p.name: p.board_parts(data) for p in _PLUGINS
            if p.board_parts is not None}


def special_words(kind: str) -> Callable[[dict[str, Any]], str] | None:
    return next((p.special_words[kind] for p in _PLUGINS if kind in p.special_words), None)


def free_offered(ctx: Ctx, seat: int) -> bool:
    """Whether a plug-in in play offers actions besides the turn's to a pick now."""
    return any(p.free_standing or p.free_options(ctx, seat) for p in playing(ctx.state)
               if p.free_options is not None)


def out_of_turn(choice: str) -> tuple[str, str] | None:
    """(code, why) when a choice names a plug-in's action besides the turn's that has its own
    rule for when it may be taken."""
    return next((p.out_of_turn for p in _PLUGINS if p.out_of_turn is not None
                 for prefix in p.free_use if choice.startswith(prefix + "-")), None)


def before_scoring(ctx: Ctx, seat: int) -> Plugin | None:
    """The plug-in in play that gives the seat a turn right before the scoring phase."""
    return next((p for p in playing(ctx.state) if p.before_scoring is not None
                 and p.before_scoring_turn is not None and p.before_scoring(ctx, seat)), None)
