"""The engine core shared by every title."""

from engine.core.errors import IllegalAction
from engine.core.registry import Registry
from engine.core.replay import UNDO, Step, effective_actions, new_game, replay, step
from engine.core.rng import Rng, new_rng_state
from engine.core.title import (
    CommandSpec,
    MapMeta,
    OptionSpec,
    OptionValue,
    Suggestion,
    Title,
    TitleMeta,
)
from engine.core.types import Action, Config, Event, PlayerConfig, State, event, visible_to
from engine.core.views import view, visible_events

__all__ = [
    "UNDO",
    "Action",
    "CommandSpec",
    "Config",
    "Event",
    "IllegalAction",
    "MapMeta",
    "OptionSpec",
    "OptionValue",
    "PlayerConfig",
    "Registry",
    "Rng",
    "State",
    "Step",
    "Suggestion",
    "Title",
    "TitleMeta",
    "effective_actions",
    "event",
    "new_game",
    "new_rng_state",
    "replay",
    "step",
    "view",
    "visible_events",
    "visible_to",
]
