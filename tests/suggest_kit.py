"""Playing a title only through its suggestions, as a player clicking would, and checking that
every option value it offers makes a legal move."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from rules_now import current

from engine.core import Config, IllegalAction, State, Suggestion, Title, new_game, step

Check = Callable[[State, int, str, dict[str, Any]], None]


def config(title: str, map_id: str | None, players: int, seed: int, **options: Any) -> Config:
    names = ["alice", "bob", "carol", "dave"][:players]
    return {
        "title": title,
        "map": map_id,
        "options": options,
        "seed": seed, "rules_version": current(title),
        "players": [{"seat": i, "name": n, "colour": ""} for i, n in enumerate(names)],
    }


def complete(title: Title, state: State, seat: int, s: Suggestion) -> dict[str, Any]:
    """The suggestion's options with each missing one set to its best offered value."""
    options = dict(s.options)
    for need in s.needs:
        values = title.option_values(state, seat, s.command, need, options)
        assert values, f"'{s.label}' needs {need} but no value is offered"
        options[need] = values[0].value
    return options


def move(title: Title, state: State, seat: int, command: str, options: dict[str, Any]) -> State:
    """The state after ``/command options`` by ``seat`` (the state given is left alone)."""
    action = title.command_to_action(state, seat, command, dict(options))
    action["seat"] = seat
    return step(title, state, action).state


Position = tuple[State, int, list[Suggestion]]


def play(title: Title, cfg: Config, seed: int, max_moves: int = 2000) -> Iterator[Position]:
    """Yields every position (state, seat to act, its suggestions) of a game played by taking
    suggestions: the best one mostly, another one sometimes."""
    rng = random.Random(seed)
    state = new_game(title, cfg)
    for _ in range(max_moves):
        acting = title.to_act(state)
        if not acting:
            return
        seat = acting[0]
        offered = title.suggest(state, seat)
        yield state, seat, offered
        assert offered, f"nothing suggested to seat {seat} in {title.summary(state)}"
        ranked = sorted(offered, key=lambda s: -s.rank)
        keen = [s for s in ranked if s.style != "secondary"] or ranked
        pick = keen[0] if rng.random() < 0.6 else rng.choice(ranked)
        options = complete(title, state, seat, pick)
        try:
            state = move(title, state, seat, pick.command, options)
        except IllegalAction as exc:
            raise AssertionError(f"suggested '{pick.label}' ({options}) was refused: "
                                 f"{exc.message}") from None
    raise AssertionError("the game did not end")


def values_make_moves(title: Title, state: State, seat: int, command: str, option: str,
                      chosen: dict[str, Any], limit: int = 6,
                      fill: tuple[str, ...] = ()) -> int:
    """Checks that the first ``limit`` offered values of ``option`` (with ``chosen``, and the
    options in ``fill`` set to their best offered value where any is offered) each make a legal
    move; returns how many values were offered."""
    values = title.option_values(state, seat, command, option, chosen)
    for v in values[:limit]:
        assert len(v.label) <= 100
        options = {**chosen, option: v.value}
        for extra in fill:
            more = title.option_values(state, seat, command, extra, options)
            if more:
                options[extra] = more[0].value
        try:
            move(title, state, seat, command, options)
        except IllegalAction as exc:
            raise AssertionError(f"/{command} {option}:{v.value} ({v.label}) with {chosen} is "
                                 f"refused: {exc.message}") from None
    return len(values)
