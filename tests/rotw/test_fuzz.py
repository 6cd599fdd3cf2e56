"""Random complete games: every legal move applies, and the invariants hold after each one."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from rotw_kit import Kit, config, make_title

from engine.core.errors import IllegalAction
from engine.core.hexgrid import side_gap
from engine.core.replay import new_game, replay
from engine.core.rng import Rng, new_rng_state
from engine.rotw.context import CUBES_PER_COLOUR
from engine.rotw.mapdef import CUBE_COLOURS
from engine.rotw.mines import MINES_PER_PLAYER
from engine.rotw.minis import MINI_EXPANSIONS
from engine.rotw.switches import SWITCHES_PER_PLAYER
from engine.rotw.switches import pairs as switch_pairs
from engine.rotw.switches import starts as switch_starts

GAMES = int(os.environ.get("ROTW_FUZZ_GAMES", "6"))
MINI_GAMES = int(os.environ.get("ROTW_FUZZ_MINI_GAMES", "1"))
"""Games per map with every mini-expansion on (more for a longer search)."""
MAX_MOVES = 3000


class Bank:
    """Sums the cash the events say each seat received or paid."""

    def __init__(self, n: int, start: list[int] | None = None) -> None:
        # Money handed out at set-up (Auction Variant 1 with late Rail Baron choice) has no event.
        self.cash = list(start) if start is not None else [0] * n

    def record(self, events: list[Any]) -> None:
        for ev in events:
            for seat, delta in ev.get("data", {}).get("cash", {}).items():
                self.cash[int(seat)] += delta


def check_invariants(kit: Kit, bank: Bank) -> None:
    st = kit.state
    ctx = kit.title.context(st["map"])
    for p in st["players"]:
        assert p["money"] >= 0, p
        assert p["money"] == bank.cash[p["seat"]], "cash not accounted for by events"
        assert 1 <= p["engine"] <= 8
        assert 0 <= p["score"] < 100
    cubes = sum(st["bag"].values()) + sum(len(c["cubes"]) for c in st["cities"].values()) \
        + sum(1 for p in st["players"] if p.get("held_cube")) \
        + sum(len(p["kept_cubes"]) for p in st["players"])  # kept for Passenger Lines
    added = st.get("transcon", {}).get("added_cubes", 0)  # Transcontinental: a second set
    assert cubes == CUBES_PER_COLOUR * len(CUBE_COLOURS) + added
    for colour in CUBE_COLOURS:
        assert st["bag"][colour] >= 0
    ecm = [n for n, c in st["cities"].items() if c["ecm"]]
    assert len(ecm) == st["ecm"]["placed"]
    only = st["ecm"].get("only")  # Transcontinental, Western phase: the cities that take one
    for name, c in st["cities"].items():
        if only is not None and name not in only:
            assert not c["ecm"], name
        elif name in st.get("transcon", {}).get("unstocked", ()) and not c["ecm"]:
            continue  # the bag could not stock it when the West opened: never emptied
        elif not c["cubes"] and not c.get("warp"):
            # An empty city holds a marker; a marker stays when goods come back (only
            # urbanizing lifts it), so a city with cubes may hold one too.
            assert c["ecm"], name
    segments: dict[str, list[set[str]]] = {}
    pairs: set[tuple[int, frozenset[str]]] = set()
    check_minis(st, ctx)
    for lk in st["links"]:
        if not lk["tiles"]:
            # Only a Switch Track's branch lays no tile: straight from its switch into the
            # neighbouring city the switch's side faces.
            assert lk.get("switch") and lk["complete"], lk
            end = ctx.city(lk["cities"][1]).hex
            assert ctx.hex(lk["switch"]["hex"]).neighbour(lk["switch"]["side"]) == end, lk
            continue
        # A branch off a Switch Track starts beside its switch, on its owner's track.
        prev = ctx.hex(lk["switch"]["hex"]) if lk.get("switch") else \
            ctx.city(lk["cities"][0]).hex
        for t in lk["tiles"]:
            h = ctx.hex(t["hex"])
            assert ctx.mapdef.playable(h) and h not in ctx.city_by_hex
            a, b = t["sides"]
            assert side_gap(a, b) >= 2
            assert prev.direction_to(h) is not None
            assert h.direction_to(prev) == a, (lk, t)
            segments.setdefault(t["hex"], []).append({a, b})
            prev = h
        if lk["complete"]:
            end = ctx.city(lk["cities"][1]).hex
            assert prev.neighbour(lk["tiles"][-1]["sides"][1]) == end
            for pair in switch_pairs(lk):
                key = (lk["owner"], frozenset(pair))
                assert key not in pairs, "second own link between the same cities"
                pairs.add(key)
        if st["phase"] == "auction":
            assert lk["complete"], "incomplete links survive the turn"
    for hx, segs in segments.items():
        assert len(segs) <= 2, hx
        if len(segs) == 2:
            assert not segs[0] & segs[1], hx
    public = json.dumps(kit.title.view(st, None))
    assert '"you"' not in public
    if not st["finished"]:
        for p in st["players"]:
            for kept in [p["baron"], *p.get("more_barons", []), *p["baron_choices"]]:
                if kept:
                    assert f'"{kept}"' not in public


def check_marker_count(before: int, after: int, events: list[Any]) -> None:
    """Each marker counted is announced once; the count goes back only when urbanizing lifts a
    marker or a Transcontinental phase starts its own count."""
    kinds = [e["type"] for e in events]
    placed = sum(1 for e in events if e["type"] == "ecm" and "again" not in e["text"])
    lifted = kinds.count("ecm_lifted")
    if "west_opens" not in kinds:
        assert after == before + placed - lifted, [e["text"] for e in events]


def check_minis(st: dict[str, Any], ctx: Any) -> None:
    """Mini-expansion pieces: markers in supply and on the map add up, slots hold one card."""
    rules = set(st["rules"])
    for p in st["players"]:
        seat = p["seat"]
        on_map = sum(int(d.get(str(seat), 0)) for d in st["depots"].values())
        assert p["depots"] + on_map <= (ctx.depots_per_player if "fuel_depots" in rules else 0)
        assert 0 <= p.get("mines", 0) <= (MINES_PER_PLAYER if "mines" in rules else 0)
        branches = [lk for lk in st["links"] if lk.get("switch") and lk["owner"] == seat]
        left = p.get("switches", 0)
        assert left >= 0 and left + len(branches) <= (
            SWITCHES_PER_PLAYER if "switch_tracks" in rules else 0)
        for lk in branches:
            parent = next(x for x in st["links"] if x["id"] == lk["switch"]["link"])
            assert parent["owner"] == seat and parent["complete"]
            assert lk["switch"]["hex"] in {t["hex"] for t in parent["tiles"]}
    placed = sum(MINES_PER_PLAYER - p.get("mines", 0) for p in st["players"]) \
        if "mines" in rules else 0
    assert len(st["mines"]) == len(set(st["mines"])) >= placed
    assert all(st["cities"][c]["colour"] != "red" for c in st["mines"])
    ev = st.get("events")
    if "event_deck" in rules:
        slots = [c for c in (ev["future"], ev["current"]) if c]
        cards = ev["deck"] + ev["discard"] + slots
        assert len(cards) == len(set(cards)) == len(ctx.events) + ctx.event_blanks
        assert ev["future"] is not None or not ev["deck"] + ev["discard"]
    else:
        assert not ev


def choose(kit: Kit, rng: Rng, targets: dict[int, str]) -> dict[str, Any]:
    st, title = kit.state, kit.title
    seat = title.to_act(st)[0]
    legal = title.legal(st, seat)
    assert legal, "a seat to act always has a move"
    kinds: dict[str, list[dict[str, Any]]] = {}
    for a in legal:
        kinds.setdefault(a["type"], []).append(a)
    if st["phase"] != "actions":
        if "bid" in kinds and rng.below(4) == 0 and st["players"][seat]["money"] >= 3000:
            return {"type": "bid", "seat": seat, "amount": kinds["bid"][0]["min"]}
        if "pass" in kinds:
            return {"type": "pass", "seat": seat}
        return rng.choice(legal)
    roll = rng.below(100)
    if "deliver" in kinds and roll < 55:
        best = max(kinds["deliver"], key=lambda a: a["points"].get(str(seat), 0))
        return {k: v for k, v in best.items() if k != "points"}
    if "western_link" in kinds and roll < 60:
        return kinds["western_link"][0]
    if "mine" in kinds and roll < 63:
        return {k: v for k, v in rng.choice(kinds["mine"]).items() if k != "cost"}
    if roll < 80:
        build = build_move(kit, rng, seat, targets)
        if build is not None:
            return build
    if "upgrade" in kinds and roll < 88 and st["players"][seat]["engine"] < 4:
        return kinds["upgrade"][0]
    if "card" in kinds and roll < 93:
        return rng.choice(kinds["card"])
    if "urbanize" in kinds and roll < 97:
        return rng.choice(kinds["urbanize"])
    return {"type": "pass", "seat": seat}


def build_move(kit: Kit, rng: Rng, seat: int, targets: dict[int, str]) -> dict[str, Any] | None:
    st, title = kit.state, kit.title
    ctx = title.context(st["map"])
    cities = list(ctx.mapdef.cities)
    own = [lk for lk in st["links"] if lk["owner"] == seat and not lk["complete"]]
    for _ in range(4):
        switches = switch_starts(st, seat)
        if own and own[0]["id"] in targets and rng.below(5):
            start, goal = f"link:{own[0]['id']}", targets[own[0]["id"]]
        elif switches and rng.below(3) == 0:
            start = rng.choice(switches)
            at = ctx.hex(start.split(":")[1])
            near = [c for c in cities if ctx.city(c).hex.distance(at) <= 4]
            if not near:
                continue
            goal = rng.choice(near)
        else:
            mine = [c for lk in st["links"] if lk["owner"] == seat and lk["complete"]
                    for c in lk["cities"]]
            start = rng.choice(mine) if mine and rng.below(3) else rng.choice(cities)
            near = [c for c in cities if c != start
                    and ctx.city(c).hex.distance(ctx.city(start).hex) <= 9]
            if not near:
                continue
            goal = rng.choice(near)
        options: dict[str, Any] = {"from": start, "to": goal}
        hand = st["players"][seat]["hand"]
        if hand and rng.below(2):
            options["cards"] = rng.choice(hand)
        if st["players"][seat]["depots"] and rng.below(4) == 0:
            reached = sorted({c for lk in st["links"] if lk["owner"] == seat and lk["complete"]
                              for c in lk["cities"]} - set(st["depots"]))
            if reached:
                options.update(depot=rng.choice(reached), depots=1 + rng.below(2))
        try:
            action = title.command_to_action(st, seat, "build", options)
        except IllegalAction:
            continue
        targets[-1] = goal  # remembered for the link this build creates or extends
        return action
    return None


def play(n: int, seed: int, kit: Kit | None = None) -> Kit:
    kit = kit or Kit(n, seed)
    bank = Bank(n, [int(p["money"]) for p in kit.state["players"]])
    rng = Rng(new_rng_state(seed * 7919 + n))
    targets: dict[int, str] = {}
    for _ in range(MAX_MOVES):
        if kit.state["finished"]:
            break
        action = choose(kit, rng, targets)
        before = kit.state["ecm"]["placed"]
        events = kit.act(action)
        bank.record(events)
        check_marker_count(before, kit.state["ecm"]["placed"], events)
        lid = next((ev["data"]["link"] for ev in events if ev["type"] == "build"), None)
        if lid is not None and -1 in targets:
            targets[lid] = targets.pop(-1)
        check_invariants(kit, bank)
    assert kit.state["finished"], "the game did not end"
    final = kit.state["final"]
    assert final is not None and len(final["scores"]) == n
    assert replay(kit.title, kit.config, kit.log) == kit.state
    return kit


@pytest.mark.parametrize("game", range(GAMES))
def test_random_game(game: int) -> None:
    n = 2 + game % 5
    play(n, 1000 + game)


def test_six_players_shared_title() -> None:
    play(6, 77, Kit(6, 77, make_title()))


def eastern_us_title() -> Any:
    maps = pytest.importorskip("maps")
    if "eastern-us" not in maps.map_ids():
        pytest.skip("the Eastern U.S. map data is not there yet")
    from engine.rotw.title import RotwTitle

    return RotwTitle(maps.load, maps.load_cards)


@pytest.mark.parametrize("game", range(max(1, GAMES // 3)))
def test_random_game_on_the_eastern_us_map(game: int) -> None:
    n = 3 + game % 4
    play(n, 500 + game, Kit(n, 500 + game, eastern_us_title(), "eastern-us"))


def shipped_title() -> Any:
    maps = pytest.importorskip("maps")
    from engine.rotw.title import RotwTitle

    return RotwTitle(maps.load, maps.load_cards)


EXPANSION_MAPS = ("mexico", "europe", "western-us", "great-britain", "north-america", "nippon",
                  "england-wales")


@pytest.mark.parametrize("map_id", EXPANSION_MAPS)
def test_one_game_on_each_expansion_map(map_id: str) -> None:
    title = shipped_title()
    meta = title.meta.map(map_id)
    assert meta is not None
    n = min(meta.max_players, 3 + len(map_id) % 3)
    play(n, 40 + len(map_id), Kit(n, 40 + len(map_id), title, map_id))


EW_GAMES = int(os.environ.get("ROTW_FUZZ_EW_GAMES", "2"))


@pytest.mark.parametrize("game", range(EW_GAMES))
def test_random_game_on_england_and_wales(game: int) -> None:
    """Two to five players in turn (more games reach five); Railway Inspectors and barriers."""
    n = 2 + game % 4
    play(n, 7100 + game, Kit(n, 7100 + game, shipped_title(), "england-wales"))


def variant_kit(n: int, seed: int, options: dict[str, Any]) -> Kit:
    kit = Kit.__new__(Kit)
    kit.title = make_title()
    kit.config = config(n, seed)
    kit.config["options"] = dict(options)
    kit.state = new_game(kit.title, kit.config)
    kit.log, kit.events = [], []
    return kit


ALL_VARIANTS = {"cut_throat": True, "shorter_game": True,
                "auction_variant": "half_price_dropouts", "late_baron_choice": True}


@pytest.mark.parametrize(("n", "seed", "options"), [
    (3, 9005, ALL_VARIANTS),  # drop-outs pay and a Major Line interrupts for the barons
    (4, 9002, {"auction_variant": "first_turn_paid", "late_baron_choice": True}),
])
def test_random_game_with_the_variants(n: int, seed: int, options: dict[str, Any]) -> None:
    kit = play(n, seed, variant_kit(n, seed, options))
    assert all(p["baron"] for p in kit.state["players"])


def test_random_two_player_eastern_us_game_with_glenn_drover() -> None:
    title = eastern_us_title()
    kit = Kit.__new__(Kit)
    kit.title = title
    kit.config = config(2, 32, "eastern-us")
    kit.config["options"] = {"glenn_drover": True, "cut_throat": True, "shorter_game": True}
    kit.state = new_game(title, kit.config)
    kit.log, kit.events = [], []
    west = title.context("eastern-us").glenn_west
    closed_moves = 0
    act = kit.act

    def checked(action: dict[str, Any]) -> list[Any]:
        nonlocal closed_moves
        events = act(action)
        if not kit.state.get("glenn_open"):
            closed_moves += 1
            ctx = title.context("eastern-us")
            tiles = {t["hex"] for lk in kit.state["links"] for t in lk["tiles"]}
            assert not {h for h in tiles if ctx.hex(h) in west}
            ends = {c for lk in kit.state["links"] for c in lk["cities"] if c is not None}
            assert not {c for c in ends if ctx.city(c).hex in west}
        return events

    kit.act = checked  # type: ignore[method-assign]
    play(2, 32, kit)
    assert closed_moves > 0 and kit.state["glenn_open"]


ALL_MAPS = ("eastern-us", *EXPANSION_MAPS)


@pytest.mark.parametrize("game", range(MINI_GAMES))
@pytest.mark.parametrize("map_id", ALL_MAPS)
def test_a_game_on_each_map_with_every_mini_expansion(map_id: str, game: int) -> None:
    title = shipped_title()
    meta = title.meta.map(map_id)
    assert meta is not None
    n = min(meta.max_players, 2 + (len(map_id) + game) % 4)
    seed = 300 + 17 * game + len(map_id)
    kit = Kit.__new__(Kit)
    kit.title = title
    kit.config = config(n, seed, map_id)
    kit.config["options"] = dict.fromkeys(MINI_EXPANSIONS, True)
    kit.state = new_game(title, kit.config)
    kit.log, kit.events = [], []
    play(n, seed, kit)
