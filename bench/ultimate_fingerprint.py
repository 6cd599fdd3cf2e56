"""A fingerprint of Ultimate Railroads as players see it, to show that a change of structure
changes nothing they see.

Plays seeded games on every player board with every set of modules (and the other industry
tracks, and the base #2 locomotives on the Asian boards), by random legal moves and by ``normal``
computer players, short games (cut after a number of moves) and full ones, 1 to 4 players.
Writes one line per game: the options, then hashes of the log, of what players see at every
move (the legal moves, the suggested buttons, the waiting and turn lines before it; its events,
last-move line and public view after it), the scores, the final state JSON, the final public and
private views and the game-over text. Then one line per set of options: the /game info lines
(``settings``) and the house values (``house_data``), and every house value of the title; then
the PNG bytes (as hashes) of a few board pictures. Lines are plain text, so two runs compare
with ``diff``.

Run (about 3 minutes on one core):
``nice -n 10 .venv/bin/python bench/ultimate_fingerprint.py OUT [--against EARLIER]``
writes OUT and prints how many lines it holds; with ``--against``, how many lines of each kind
are identical to an earlier run's and the first that differ.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ultimate_engine import choose as random_move  # noqa: E402

from engine.computer import computer_move  # noqa: E402
from engine.core import IllegalAction  # noqa: E402
from engine.core.replay import new_game, step  # noqa: E402
from engine.core.rng import Rng, new_rng_state  # noqa: E402
from engine.core.types import Action, Config, State  # noqa: E402
from engine.ultimate import DATA, UltimateTitle  # noqa: E402
from engine.ultimate.module_data import MODULES  # noqa: E402
from engine.ultimate.versions import VERSION as RULES_VERSION  # noqa: E402
from renderers.ultimate import render  # noqa: E402

BOARDS = ("russian", "german", "american", "asian")
INDUSTRIES = ("base", "american", "board")
COLOURS = ("red", "blue", "yellow", "purple")
SHORT = 60
"""Moves of a short game."""


def digest(value: Any) -> str:
    text = value if isinstance(value, (str, bytes)) else json.dumps(value, sort_keys=True)
    raw = text if isinstance(text, bytes) else text.encode()
    return hashlib.sha256(raw).hexdigest()[:16]


def module_sets() -> list[dict[str, bool]]:
    names = list(MODULES)
    return [{m: True for m in chosen} for n in range(len(names) + 1)
            for chosen in itertools.combinations(names, n)]


def config(options: dict[str, Any], players: int, seed: int) -> Config:
    return {"title": "ultimate", "map": None, "options": options, "seed": seed,
            "rules_version": RULES_VERSION,
            "players": [{"seat": i, "name": f"P{i}", "colour": COLOURS[i]}
                        for i in range(players)]}


def games() -> Iterator[tuple[str, dict[str, Any], int, int, int]]:
    """(player kind, options, players, seed, move cap) of every recorded game."""
    seed = 1000
    for b, board in enumerate(BOARDS):
        for m, modules in enumerate(module_sets()):
            seed += 1
            yield "random", {"board": board, **modules}, 1 + (b + m) % 4, seed, 100_000
    mixed = [{"board": b, "industry": i} for b in BOARDS for i in INDUSTRIES]
    mixed += [{"board": "asian", "industry": "base", "asian_locos": "base"},
              {"board": "asian", "industry": "american", "asian_locos": "base"}]
    for n, options in enumerate(mixed):
        seed += 1
        modules = module_sets()[(5 * n) % 16]
        yield "random", {**options, **modules}, 2 + n % 3, seed, 100_000
    for b, board in enumerate(BOARDS):
        for modules in ({}, module_sets()[-1]):
            seed += 1
            yield "normal", {"board": board, **modules}, 2 + b % 3, seed, SHORT
    for b, board in enumerate(BOARDS):
        seed += 1
        modules = module_sets()[(7 * b + 3) % 16]
        yield "normal", {"board": board, **modules}, 3 + b % 2, seed, 100_000
    yield "normal", {"board": "german", "industry": "board", "coal": True}, 3, seed + 1, 100_000


def play(title: UltimateTitle, kind: str, options: dict[str, Any], players: int, seed: int,
         cap: int) -> tuple[str, State]:
    cfg = config(options, players, seed)
    title.validate_config(cfg)
    state = new_game(title, cfg)
    rng = Rng(new_rng_state(seed))
    log: list[Action] = []
    legal_h, view_h, seen_h = hashlib.sha256(), hashlib.sha256(), hashlib.sha256()
    seen_h.update(title.opening(state).encode())
    while not title.is_over(state) and len(log) < cap:
        seat = title.to_act(state)[0]
        legal_h.update(digest(title.legal(state, seat)).encode())
        seen_h.update(digest([repr(s) for s in title.suggest(state, seat)]).encode())
        seen_h.update(digest([title.waiting_for(state, seat), title.turn_label(state)]).encode())
        action = (random_move(title, state, rng) if kind == "random"
                  else computer_move(title, state, seat, "normal", len(log)))
        done = step(title, state, action)
        log.append({**action, "chance": done.chance} if done.chance else action)
        state = done.state
        seen_h.update(digest([done.events, repr(title.last_move(state, action, done.events))])
                      .encode())
        view_h.update(digest(title.view(state, None)).encode())
    scores = [p["score"] for p in state["players"]]
    private = [digest(title.view(state, s)) for s in range(players)]
    line = (f"game {kind} {json.dumps(options, sort_keys=True)} players={players} seed={seed} "
            f"moves={len(log)} log={digest(log)} legal={legal_h.hexdigest()[:16]} "
            f"views={view_h.hexdigest()[:16]} seen={seen_h.hexdigest()[:16]} scores={scores} "
            f"state={digest(state)} "
            f"view={digest(title.view(state, None))} private={','.join(private)} "
            f"over={digest(title.final_standings(state) if title.is_over(state) else '')} "
            f"summary={digest(title.summary(state))}")
    return line, state


def option_sets(title: UltimateTitle) -> Iterator[dict[str, Any]]:
    """Every board, industry track, #2 locomotive and module combination the title accepts,
    and each option alone (as ``railbot maps`` lists them)."""
    for board, industry, locos in itertools.product(BOARDS, (None, *INDUSTRIES),
                                                    (None, "alternative", "base")):
        for modules in module_sets():
            options: dict[str, Any] = {"board": board, **modules}
            if industry is not None:
                options["industry"] = industry
            if locos is not None:
                options["asian_locos"] = locos
            try:
                title.validate_options(None, options)
            except IllegalAction:
                continue
            yield options
    for spec in title.meta.options:
        for choice in spec.choices or (True,):
            yield {spec.name: choice}


def record(out: Path) -> None:
    title = UltimateTitle(DATA)
    lines: list[str] = []
    pictures: list[tuple[str, State]] = []
    t0 = time.perf_counter()
    for kind, options, players, seed, cap in games():
        line, state = play(title, kind, options, players, seed, cap)
        lines.append(line)
        if (kind == "random" and not any(options.get(m) for m in MODULES)) or (
                kind == "normal" and cap == SHORT and len(options) > 1):
            pictures.append((line.split(" log=")[0], state))
    played = time.perf_counter() - t0
    sets = 0
    for options in option_sets(title):
        sets += 1
        for players in (1, 3):
            info = title.settings(None, options, players)
            lines.append(f"info {json.dumps(options, sort_keys=True)} players={players} "
                         + json.dumps(info))
        lines.append(f"house {json.dumps(options, sort_keys=True)} "
                     + json.dumps(title.house_data(None, options)))
    lines.append("house-all " + json.dumps(title.meta.house_data))
    for name, state in pictures[:8]:
        lines.append(f"png {name} {digest(render(title.view(state, None)))}")
    out.write_text("\n".join(lines) + "\n")
    n_games = sum(1 for x in lines if x.startswith("game "))
    print(f"{n_games} games in {played:.0f} s, {sets} option sets, "
          f"{sum(1 for x in lines if x.startswith('png '))} pictures -> {out}")


def compare(out: Path, earlier: Path) -> None:
    new, old = out.read_text().splitlines(), earlier.read_text().splitlines()
    for kind in ("game", "info", "house", "house-all", "png"):
        a = [x for x in new if x.split(" ", 1)[0] == kind]
        b = [x for x in old if x.split(" ", 1)[0] == kind]
        same = sum(1 for x, y in zip(a, b, strict=False) if x == y)
        print(f"{kind:9} {same}/{len(b)} identical" + ("" if len(a) == len(b) else
                                                     f" (now {len(a)} lines)"))
    differ = [(x, y) for x, y in zip(new, old, strict=False) if x != y]
    for x, y in differ[:3]:
        print(f"  was: {y[:200]}\n  now: {x[:200]}")
    print("IDENTICAL" if new == old else f"DIFFERENT ({len(differ)} lines)")


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("ultimate_fingerprint.txt")
    record(out)
    if "--against" in sys.argv:
        compare(out, Path(sys.argv[sys.argv.index("--against") + 1]))


if __name__ == "__main__":
    main()
