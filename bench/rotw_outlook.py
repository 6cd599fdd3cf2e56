"""The fit behind a strong Railways of the World player's judgement of a rollout's end.

Seeded 4-player Eastern U.S. games of normal players are played; at the first action of every
turn the parts of each seat's outlook (``engine.rotw.outlook.PARTS``) are taken, and the points
the seat went on to score (its final score less its score then, less a point a bond as at the
end) are fitted to them by least squares. Printed: the fitted weights (to copy into
``engine.rotw.outlook.FIT``), and how far off the fit, the weights in use and no weights at all
are, in points, on the fitted games and on games held out.

Run: nice .venv/bin/python bench/rotw_outlook.py [games fitted] [games held out] [first seed]
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "players"))

from bot_games import config, titles

from engine.computer import computer_move
from engine.core import Title, new_game, step
from engine.rotw.outlook import FIT, PARTS, parts, settled
from engine.rotw.title import RotwTitle

Row = tuple[list[float], float]
"""An outlook's parts and the points the seat went on to score."""
RIDGE = 1e-3
"""A touch of ridge, so a part that hardly varies does not get a wild weight."""


FIRST_SEED = 5000
"""Seeds apart from the other benches' games."""


def rows(title: Title, seed: int) -> list[Row]:
    assert isinstance(title, RotwTitle)
    state = new_game(title, config(title, 4, seed, "eastern-us"))
    seen: list[tuple[int, list[float], float]] = []
    n = 0
    while not title.is_over(state) and n < 3000:
        if state["phase"] == "actions" and state["round"] == 1 and state["order_pos"] == 0 \
                and "adv" not in state:
            ctx = title.context(state["map"])
            for seat, p in enumerate(state["players"]):
                seen.append((seat, parts(state, ctx, seat), settled(p)))
        seat = title.to_act(state)[0]
        state = step(title, state, computer_move(title, state, seat, "normal",
                                                 seed * 100_003 + n)).state
        n += 1
    if not state.get("final"):
        return []
    final = {f["seat"]: float(f["score"]) for f in state["final"]["scores"]}
    return [(x, final[seat] - now) for seat, x, now in seen]


def solve(data: list[Row]) -> list[float]:
    """Least squares by the normal equations (Gaussian elimination; a dozen parts)."""
    k = len(PARTS)
    a = [[sum(x[i] * x[j] for x, _ in data) + (RIDGE if i == j else 0.0) for j in range(k)]
         for i in range(k)]
    b = [sum(x[i] * y for x, y in data) for i in range(k)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[pivot], b[col], b[pivot] = a[pivot], a[col], b[pivot], b[col]
        for r in range(k):
            if r != col and a[col][col]:
                f = a[r][col] / a[col][col]
                a[r] = [v - f * w for v, w in zip(a[r], a[col], strict=True)]
                b[r] -= f * b[col]
    return [b[i] / a[i][i] if a[i][i] else 0.0 for i in range(k)]


def error(weights: list[float] | tuple[float, ...], data: list[Row]) -> float:
    return statistics.mean(abs(sum(w * v for w, v in zip(weights, x, strict=True)) - y)
                           for x, y in data)


def main() -> None:
    fitted = int(sys.argv[1]) if len(sys.argv) > 1 else 19
    held = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    first = int(sys.argv[3]) if len(sys.argv) > 3 else FIRST_SEED
    title = titles()["rotw"]
    train: list[Row] = []
    test: list[Row] = []
    for g in range(fitted + held):
        got = rows(title, first + g)
        (train if g < fitted else test).extend(got)
        print(f"  game {first + g}: {len(got)} outlooks", flush=True)
    weights = solve(train)
    print("fit: " + ", ".join(f"{name} {w:.2f}" for name, w in zip(PARTS, weights, strict=True)))
    print("FIT = (" + ", ".join(f"{w:.2f}" for w in weights) + ")")
    print(f"{len(train)} outlooks fitted, {len(test)} held out; mean error in points: "
          f"fit {error(weights, train):.1f} / {error(weights, test) if test else 0:.1f} held out, "
          f"weights in use {error(FIT, train):.1f} / {error(FIT, test) if test else 0:.1f}, "
          f"none {error([0.0] * len(PARTS), train):.1f} / "
          f"{error([0.0] * len(PARTS), test) if test else 0:.1f}")


if __name__ == "__main__":
    main()
