"""Questions about the railway network: who connects what, longest railroad, track counts."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from engine.core.types import State
from engine.rotw.switches import pairs

Adjacency = dict[str, list[tuple[int, str]]]


def complete_links(state: State, seat: int | None = None) -> list[dict[str, Any]]:
    return [lk for lk in state["links"]
            if lk["complete"] and (seat is None or lk["owner"] == seat)]


def graph(state: State, seat: int | None = None) -> Adjacency:
    """City -> [(link id, other city)] over complete links (of one seat, or everyone's)."""
    adj: Adjacency = defaultdict(list)
    for lk in complete_links(state, seat):
        for a, b in pairs(lk):
            adj[a].append((lk["id"], b))
            adj[b].append((lk["id"], a))
    return adj


def component(adj: Adjacency, start: str) -> set[str]:
    seen = {start}
    todo = [start]
    while todo:
        c = todo.pop()
        for _, other in adj.get(c, []):
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


def within(adj: Adjacency, start: str, steps: int) -> set[str]:
    """The cities ``steps`` links or fewer from ``start`` (``start`` too)."""
    seen = {start}
    edge = [start]
    for _ in range(steps):
        edge = [o for c in edge for _, o in adj.get(c, []) if o not in seen]
        seen.update(edge)
    return seen


def connected(state: State, seat: int, a: str, b: str) -> bool:
    return b in component(graph(state, seat), a)


def cities_reached(state: State, seat: int) -> int:
    return len(graph(state, seat))


def links_at(state: State, seat: int, city: str) -> int:
    return sum(1 for lk in complete_links(state, seat) if city in lk["cities"])


def tiles_in_play(state: State, seat: int) -> int:
    return sum(len(lk["tiles"]) for lk in complete_links(state, seat))


def longest_railroad(state: State, seat: int) -> int:
    """Most links in one path with no link used twice (R17); exhaustive, networks are small."""
    adj = graph(state, seat)
    best = 0

    def walk(city: str, used: set[int]) -> None:
        nonlocal best
        best = max(best, len(used))
        for lid, other in adj[city]:
            if lid not in used:
                used.add(lid)
                walk(other, used)
                used.remove(lid)

    for city in list(adj):
        walk(city, set())
    return best
