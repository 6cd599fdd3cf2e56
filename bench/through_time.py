"""Railways through Time timings: whole computer-player games on the period boards.

Plays seeded games of computer players (normal level) on the default boards for the player count
and reports: moves per game and deliveries through time, apply() median and p99, the delivery
listing (warp hops included) and the suggestions on the last board of the action rounds, the
refusal that explains an illegal delivery (every cube, every seat at engine level 1), the board
picture, and the replay of a whole game. Targets: apply p99 < 10 ms, suggestions < 300 ms,
a refusal < 300 ms, board picture < 1.5 s, replay < 0.5 s.

Run: .venv/bin/python bench/through_time.py [games] [players]
"""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any

import maps
import renderers
from engine.core.players import choose
from engine.core.replay import new_game, replay, step
from engine.core.types import Action, Config
from engine.rotw import delivery, deliverywhy
from engine.rotw.player import RotwPlayer
from engine.rotw.timetravel import crosses_time
from engine.rotw.title import RotwTitle

MAX_MOVES = 4000


def config(n: int, seed: int) -> Config:
    colours = ["black", "green", "yellow", "purple", "red", "blue"]
    return {"title": "rotw", "map": "through-time", "options": {}, "seed": seed,
            "rules_version": RotwTitle.meta.rules_version,
            "players": [{"seat": i, "name": f"P{i}", "colour": colours[i]} for i in range(n)]}


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def play(title: RotwTitle, n: int, seed: int) -> dict[str, Any]:
    cfg = config(n, seed)
    state = new_game(title, cfg)
    bot = RotwPlayer(title)
    log: list[Action] = []
    applies: list[float] = []
    through = 0
    late = state
    for _ in range(MAX_MOVES):
        if state.get("finished"):
            break
        seat = title.to_act(state)[0]
        action = choose(title, bot, state, seat, "normal", seed * 7919 + len(log))
        t0 = time.perf_counter()
        s = step(title, state, action)
        applies.append(time.perf_counter() - t0)
        state = s.state
        if state["phase"] == "actions":
            late = state  # the last board with moves to list (step returns a new state)
        log.append({**action, "chance": s.chance})
        through += sum(1 for ev in s.events if ev["type"] == "deliver"
                       and crosses_time(state, list(ev["data"].get("route") or [])))
    t0 = time.perf_counter()
    listed = sum(len(delivery.all_deliveries(late, p["seat"])) for p in late["players"])
    listing = time.perf_counter() - t0
    t0 = time.perf_counter()
    for p in late["players"]:
        title.suggest(late, p["seat"])
    suggesting = (time.perf_counter() - t0) / n
    refusals = []
    for p in late["players"]:
        weak = {**late, "players": [{**q, "engine": 1} for q in late["players"]]}
        for city, c in late["cities"].items():
            for colour in sorted(set(c["cubes"])):
                t0 = time.perf_counter()
                deliverywhy.explain(weak, p["seat"], city, colour, None, 0, [])
                refusals.append(time.perf_counter() - t0)
    t0 = time.perf_counter()
    png = renderers.render("rotw", title.view(state, None), maps.load(state["map"]))
    assert png is not None, "Railways of the World always has a board picture"
    drawing = time.perf_counter() - t0
    t0 = time.perf_counter()
    assert replay(title, cfg, log) == state
    replaying = time.perf_counter() - t0
    return {"moves": len(log), "finished": bool(state.get("finished")), "through": through,
            "applies": applies, "listing": listing, "listed": listed,
            "suggest": suggesting, "refusals": refusals, "render": drawing, "png": len(png),
            "replay": replaying,
            "map": state["map"]}


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    title = RotwTitle(maps.load, maps.load_cards)
    results = [play(title, n, 100 + g) for g in range(games)]
    applies = sorted(a for r in results for a in r["applies"])
    print(f"Railways through Time, {games} games of {n} computer players on {results[0]['map']}")
    print(f"  moves per game: {[r['moves'] for r in results]} "
          f"(finished: {sum(r['finished'] for r in results)}/{games})")
    print(f"  deliveries through time per game: {[r['through'] for r in results]}")
    print(f"  apply: median {ms(statistics.median(applies))}, "
          f"p99 {ms(applies[int(0.99 * (len(applies) - 1))])} over {len(applies)} moves")
    print(f"  delivery listing (all seats, last board): "
          f"{ms(max(r['listing'] for r in results))} for up to "
          f"{max(r['listed'] for r in results)} routes")
    print(f"  suggestions per seat (last board): {ms(max(r['suggest'] for r in results))}")
    refusals = sorted(x for r in results for x in r["refusals"])
    if refusals:
        print(f"  delivery refusal (why not): median {ms(statistics.median(refusals))}, "
              f"max {ms(refusals[-1])} over {len(refusals)} cubes")
    print(f"  board picture: {ms(max(r['render'] for r in results))}, "
          f"{max(r['png'] for r in results) // 1024} KiB")
    print(f"  replay of a whole game: {ms(max(r['replay'] for r in results))}")


if __name__ == "__main__":
    main()
