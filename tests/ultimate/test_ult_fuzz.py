"""Random complete games of 2, 3 and 4 players chosen among the legal moves, checking the
invariants after every move (ULT_FUZZ_GAMES=N plays more)."""

from __future__ import annotations

import copy
import itertools
import os
import random

import pytest
from ult_helpers import LEVELS, config, reference_route_points, tile_number, title

from engine.core import Action, State, new_game, replay, step
from engine.core.names import respell
from engine.ultimate import UltimateTitle, emil
from engine.ultimate.plugins import coal
from engine.ultimate.plugins import manufactory_train as train
from engine.ultimate.plugins.american import parts as american_parts

GAMES = int(os.environ.get("ULT_FUZZ_GAMES", "3"))
MAX_MOVES = 4000


def choose(legal: list[Action], pick: random.Random) -> Action:
    # Passing early ends rounds fast; place most of the time so every rule gets exercised.
    places = [a for a in legal if a["type"] == "place"]
    if places and pick.random() < 0.9:
        return pick.choice(places)
    picks = [a for a in legal if a["type"] == "pick"]
    if picks and pick.random() < 0.95:
        return pick.choice(picks)
    return pick.choice(legal)


def tile_counts(state: State, players: int) -> dict[int, int]:
    counts: dict[int, int] = {}

    def add(tile: str) -> None:
        if tile.endswith("w"):  # an American steelworks is no locomotive
            return
        counts[tile_number(tile)] = counts.get(tile_number(tile), 0) + 1

    for tile, n in state["stacks"].items():
        for _ in range(n):
            add(tile)
    for tile in state["factory_pool"] + state["box_locos"]:
        add(tile)
    if state["special_nine"]:
        add("9s")
    for p in state["players"]:
        for r in p["routes"].values():
            for tile in r["locos"]:
                add(tile)
        for tile in p["factories"]:
            # the special and coal factories are no locomotives
            if tile is not None and tile.rstrip("+") not in ("sf", "cf"):
                add(tile)
        for task in p["pool"]:
            if task["k"] in ("relocate", "factory_slot", "place_loco", "build_over") and \
                    task["tile"] not in ("sf", "cf"):
                add(task["tile"])
    if state.get("emil"):
        for tile in state["emil"]["locos"] + state["emil"]["factories"]:
            add(tile)
    for layer in state.get("ind", {}).get("layers", ()):  # the shared industry board
        for built in layer:
            if built["tile"] != "cf":  # the coal factory built over a factory there
                add(built["tile"])
    return counts


def respelled(action: Action) -> Action:
    return {**action, "choice": respell(action["choice"])} if "choice" in action else action


def check_suggestions(t: UltimateTitle, state: State, seat: int, legal: list[Action]) -> None:
    """Every click offered is a legal move, and every legal move can be clicked or picked."""
    offered = t.suggest(state, seat)
    # Choices are offered in today's spelling (Kyiv) and read in either.
    clicked = [respelled(t.command_to_action(state, seat, s.command, dict(s.options)))
               for s in offered]
    legal = [respelled(a) for a in legal]
    if any(a["type"] in ("pass", "done") for a in legal):  # offered last, after every action
        assert offered[-1].command in ("pass", "done")
        assert offered[-1].rank < min(s.rank for s in offered[:-1]) if offered[:-1] else True
    assert all(a in legal for a in clicked)
    assert sorted(map(str, clicked)) == sorted(map(str, legal))
    if state["active"] == seat:
        values = {respell(v.value) for v in t.option_values(state, seat, "pick", "choice", {})}
        assert values == {a["choice"] for a in legal if a["type"] == "pick"}
    else:
        values = {v.value for v in t.option_values(state, seat, "place", "space", {})}
        assert values == {a["space"] for a in legal if a["type"] == "place"}


def engineers_in_game(state: State) -> list[int]:
    """The row's, the departed and everyone's hired engineers (not the idea card's #1)."""
    out = [e for e in state["engineer_row"] if e is not None] + state["engineers_out"]
    if state.get("emil"):
        out += state["emil"]["engineers"]
    for p in state["players"]:
        out += [e for e in p["engineers"] if e != 1]
    return sorted(out)


def check_cards(t: UltimateTitle, state: State, first: State) -> None:
    """Engineers, idea cards and end bonus cards are all somewhere, and only once."""
    cards = list(state["idea_cards"])
    bonus = list(state["end_deck"])
    for p in state["players"]:
        cards += p["idea_cards"]
        bonus += p["bonus_cards"]
    # Emil may hire already at setup (his first turn), so the first state is counted the same way;
    # engineers taken from the box (a special idea card) come on top.
    assert engineers_in_game(state) == sorted(engineers_in_game(first) + state["box_engineers"])
    numbers = [t.board.engineer_number(k) for k in engineers_in_game(state)]
    assert len(numbers) == len(set(numbers))  # never 2 engineers of one number
    assert sorted(cards) == sorted(first["idea_cards"])
    assert sorted(bonus) == sorted(first["end_deck"])
    # Route extensions and income tiles: each in the supply or with one player, never both.
    tiles = list(state["extensions"]) + [t for p in state["players"] for r in p["routes"].values()
                                         for t in r.get("ext", {}).values()]
    assert sorted(tiles) == sorted(first["extensions"])
    incomes = list(state["income_tiles"]) + [t for p in state["players"] for t in p["income"]]
    assert sorted(incomes) == sorted(first["income_tiles"])
    for p in state["players"]:
        assert set(p["income_used"]) <= set(p["income"])
        assert not (p["revalued"] and p["special_valuation"])
    holders = [p for p in state["players"] if 1 in p["engineers"]]
    assert len(holders) == (0 if "engineer" in state["idea_cards"] else 1)


def check_emil(t: UltimateTitle, state: State) -> None:
    """Emil's workers and cards add up; his extra workers match the player's score milestones."""
    e = state["emil"]
    solo = t.board.data["solo"]
    assert 0 <= e["workers"] <= e["owned"] == solo["emil_workers"] + e["gained"]
    cards = emil.cards(t.boards[state["board"]], state["modules"])
    assert sorted(e["deck"] + e["discard"]) == sorted(cards)
    score = state["players"][0]["score"]
    assert e["gained"] <= sum(1 for at in solo["new_worker_at"] if score >= at)
    blocked = [v for v in state["spaces"].values() if v is not None and v.get("by") == "emil"]
    on_board = sum(v["workers"] for v in blocked)
    # A worker gained after Emil passed waits for the next round.
    assert on_board + e["workers"] == e["owned"] or (
        e["passed"] and on_board + e["workers"] < e["owned"])
    for sid in solo["blocked"]:
        assert state["spaces"][sid]["by"] == "blockade"


def check_train(state: State) -> None:
    """Every manufactory token is in exactly one place; the space behind the locomotive is
    empty except while its user and the others resolve the train's actions; 3 face up."""
    tr = state["train"]
    where = [t for t in tr["slots"] if t is not None] + tr["offer"] + tr["unseen"] + tr["bottom"]
    assert sorted(where) == sorted(train.TOKENS)
    assert (tr["slots"][0] is None) == (tr["placer"] is None)
    assert len(tr["offer"]) == (2 if tr["placer"] is not None else 3)
    share = state["share"]
    assert share is None or share["task"]["k"] != "train_share" or tr["placer"] is not None


def check_coal(state: State) -> None:
    """Every foundry is face up, face down, a player's, or a boilerman; one boilerman at most on
    a locomotive or factory; no coal below 0."""
    supply = state["coal"]
    owned = [f for p in state["players"] for f in p["foundries"]]
    assert len(supply["face_up"] + supply["unseen"] + owned) + supply["boilers"] == len(
        coal.FOUNDRIES)
    assert len(set(supply["face_up"] + supply["unseen"] + owned)) == len(
        supply["face_up"] + supply["unseen"] + owned)
    for p in state["players"]:
        assert p["coal"] >= 0
        assert set(p["foundries_used"]) <= set(p["foundries"]) | set(coal.FOUNDRIES)
        tiles = [t for r in p["routes"].values() for t in r["locos"]] + \
            [t for t in p["factories"] if t is not None]
        assert all(t.count("+") <= 1 for t in tiles)
        placed = sum(t.count("+") for t in tiles)
        assert placed <= supply["boilers"]


def check(t: UltimateTitle, state: State, players: int) -> None:
    board = t.board_of(state)
    if state.get("coal"):
        check_coal(state)
    if state.get("emil"):
        check_emil(t, state)
    if state.get("train"):
        check_train(state)
    side = board.side(players)
    expected = {1: players, **{k: side for k in range(2, 10)}, 10: 2 * side}
    expected[9] += 1
    assert tile_counts(state, players) == expected
    track_supply = board.data["supply"]["tracks_per_player"]
    doublers = state["doublers"]
    for p in state["players"]:
        assert p["workers"] >= 0 and p["coins"] >= 0 and p["temp"] >= 0, p
        assert p["workers"] <= p["owned"]
        assert p["owned"] + p["reserve"] == board.data["start"]["workers"][str(side)] + 2
        assert p["score"] == sum(p["ledger"].values())
        doublers += p["doublers"]
        placed = {c: 0 for c in LEVELS}
        for route in board.routes:
            r = p["routes"][route.id]
            tr = r["tracks"]
            colours = route.colours_for(r)
            for a, b in itertools.pairwise(colours):
                # a colour never passes or joins the one before it
                assert tr[b] == 0 or tr[b] < tr[a], (route.id, tr)
            assert all(0 <= tr[c] <= route.length_for(r) for c in colours)
            assert all(tr[c] == 0 for c in route.colours if c not in colours)
            for c in colours:
                placed[c] += tr[c] > 0
            assert len(r["locos"]) <= board.loco_places(route, p) <= route.loco_slots
            if route.fork_at:  # the branch is chosen exactly when the wood track passes the fork
                assert (r["branch"] is None) == (tr["wood"] <= route.fork_at)
            for area in route.areas:  # a station reached has its route extension
                if str(area.at) in r["ext"]:
                    assert board.extensions[r["ext"][str(area.at)]]["size"] == area.size
                elif not any(t["k"] == "extension" for t in p["pool"]):
                    assert tr["wood"] < area.at
        for c, n in placed.items():
            assert n <= track_supply[c]
        assert all(w < len(board.industry) for w in p["wrenches"])
        assert len(p["wrenches"]) <= board.max_wrenches
        tokens = len(board.idea_tokens) + ("special_ideas" in state["modules"]) + (
            "coal" in state["modules"])
        assert len(p["ideas"]) + len(p["placed_ideas"]) <= tokens
    assert doublers == board.data["supply"]["doublers"]
    if american_parts.of(board).stocks:
        check_american(t, state)


def check_american(t: UltimateTitle, state: State) -> None:
    """Stock tiles each on one level; dividend tokens each on one level; doublers on routes
    with room; done tokens only on reached coin spaces; steelworks by a stack or with one
    player, never both."""
    board = t.board_of(state)
    seats = sorted(s for row in state["stocks"]["levels"] for s in row)
    assert seats == ([-1] if state.get("emil") else []) + list(range(len(state["players"])))
    tokens = [x for x in state["stocks"]["tokens"] if x is not None]
    dividends = american_parts.of(board).dividends
    assert len(tokens) == len(set(tokens)) and set(tokens) <= set(dividends)
    for level, row in enumerate(state["stocks"]["levels"]):
        if level and any(s >= 0 for s in row) and not any(
                task["k"] == "dividend" for p in state["players"] for task in p["pool"]):
            assert state["stocks"]["tokens"][level] is not None
    built = []
    for p in state["players"]:
        placed = sum(p["routes"][r.id]["dbl"] for r in board.routes if r.doubler_spaces)
        waiting = sum(1 for task in p["pool"] if task["k"] == "doubler_place")
        assert placed + waiting == p["doublers"]
        assert all(p["routes"][r.id]["dbl"] <= r.doubler_spaces for r in board.routes
                   if r.doubler_spaces)
        assert len(p["done"]) <= 3 and set(p["done"]) <= set(p["activated"])
        built += [x for x in p["factories"] if x is not None and x.endswith("w")]
        built += [task["tile"] for task in p["pool"] if task["k"] == "steel"]
        if "route" in p["boulders"]:
            rb = american_parts.of(board).boulders
            assert p["routes"][rb["route"]]["tracks"]["wood"] < rb["route_at"]
        if "industry" in p["boulders"]:
            assert p["wrenches"][0] < american_parts.of(board).boulders["industry_at"]
    assert len(built) == len(set(built))
    assert not set(state["steelworks"]) & {x[:-1] for x in built}


def check_scoring(t: UltimateTitle, before: State, after: State) -> None:
    """The round's route points equal an independent recomputation from the board."""
    board = t.board_of(before)
    for p in before["players"]:
        parts = after["last_scoring"]["points"][str(p["seat"])]
        for route in board.routes:
            r = p["routes"][route.id]
            spec = {"length": route.length_for(r), "levels": len(route.colours_for(r))}
            doubled = any(a.startswith(f"{route.id}:route_double") for a in p["activated"])
            bonus = sum(sp.info["points"] for sp in board.specials_for(route, r)
                        if sp.kind == "bonus" and f"{route.id}:{sp.key}" in p["activated"])
            values = board.revaluation if p["revalued"] else board.valuation
            if p["special_valuation"]:
                values = board.special_valuation
            # A boilerman ("+") makes its locomotive's number 1 higher.
            numbers = [tile_number(x) + x.count("+") for x in r["locos"]]
            want = reference_route_points(spec, r["tracks"], numbers,
                                          list(values),
                                          r.get("dbl", min(p["doublers"], route.doubler_spaces)),
                                          doubled, bonus)
            assert parts[route.id] == want, (route.id, parts, r)


def play_game(seed: int, players: int, board: str = "russian", t: UltimateTitle | None = None,
              **modules: bool | str) -> tuple[State, list[Action], set[str]]:
    t = t or title()
    cfg = config(players, seed, board, **modules)
    state = new_game(t, cfg)
    first = copy.deepcopy(state)
    pick = random.Random(seed)
    log: list[Action] = []
    kinds: set[str] = set()
    for _ in range(MAX_MOVES):
        if t.is_over(state):
            break
        acting = t.to_act(state)
        assert len(acting) == 1
        seat = acting[0]
        legal = t.legal(state, seat)
        assert legal
        for other in range(players):
            if other != seat:
                assert t.legal(state, other) == []
        check_suggestions(t, state, seat, legal)
        action = choose(legal, pick)
        before = copy.deepcopy(state)
        result = step(t, state, action)
        assert state == before, "step must not touch the state it was given"
        for ev in result.events:
            assert ev["text"].endswith((".", "!", ")")), ev["text"]
            kinds.add(ev["type"])
        if result.state["last_scoring"] != before["last_scoring"]:
            # Nothing after the scoring phase (a new round) touches the player boards.
            check_scoring(t, result.state, result.state)
        check(t, result.state, players)
        check_cards(t, result.state, first)
        state = result.state
        log.append({**action, "chance": result.chance} if result.chance else action)
    assert t.is_over(state), "the game did not end"
    assert replay(t, cfg, log) == state
    return state, log, kinds


@pytest.mark.parametrize("n", range(GAMES))
def test_random_games_finish_with_invariants(n: int) -> None:
    players = 2 + n % 3
    state, _, _ = play_game(500 + n, players)
    final = state["final"]
    assert final is not None and final["winners"]
    best = max(final["scores"])
    assert all(final["scores"][w] == best for w in final["winners"])
    assert [p["score"] for p in state["players"]] == final["scores"]


@pytest.mark.parametrize("seed", [41, 42])
def test_random_solo_games_against_emil_finish_with_invariants(seed: int) -> None:
    state, log, kinds = play_game(seed, 1)
    assert "emil" in kinds
    # Emil's draws are chance recorded on the actions, and the log replays to the same game.
    assert any("chance" in a for a in log)
    assert state["final"]["winners"] == [0]
    assert sum(state["players"][0]["ledger"].values()) == state["final"]["scores"][0]


@pytest.mark.parametrize("n", range(GAMES))
def test_random_german_games_finish_with_invariants(n: int) -> None:
    players = 2 + (n + 1) % 3
    state, _, kinds = play_game(700 + n, players, "german")
    assert state["final"]["winners"]
    assert [p["score"] for p in state["players"]] == state["final"]["scores"]
    # The German rules were met on the way: a station and its route extension.
    assert "extension" in kinds and "station" in kinds


@pytest.mark.parametrize("n", range(max(1, GAMES - 1)))
def test_random_american_games_finish_with_invariants(n: int) -> None:
    players = 2 + (n + 2) % 3
    state, _, kinds = play_game(900 + n, players, "american")
    assert [p["score"] for p in state["players"]] == state["final"]["scores"]
    # The American rules were met on the way: stock increases and their dividends.
    assert "stock" in kinds and "dividend" in kinds
    assert sum(state["final"]["stocks"].values()) == 30


def test_a_random_solo_game_on_the_american_boards_finishes_with_invariants() -> None:
    state, _, kinds = play_game(47, 1, "american")
    assert "emil" in kinds and state["final"]["winners"] == [0]


def test_a_random_solo_game_on_the_german_boards_finishes_with_invariants() -> None:
    state, _, kinds = play_game(43, 1, "german")
    assert "emil" in kinds and state["final"]["winners"] == [0]


@pytest.mark.parametrize(("players", "board", "seed"), [(3, "russian", 61), (1, "german", 64)])
def test_random_manufactory_train_games_finish_with_invariants(
        players: int, board: str, seed: int) -> None:
    state, _, kinds = play_game(seed, players, board, manufactory_train=True)
    assert state["final"]["winners"]
    assert [p["score"] for p in state["players"]] == state["final"]["scores"]
    assert state["rounds"] == 5  # one fewer than the 6 of 3 players and of the solo game
    assert "train" in kinds  # the train was taken (and moved on)


@pytest.mark.parametrize(("players", "board", "seed"),
                         [(2, "russian", 88), (4, "german", 91), (1, "russian", 89)])
def test_random_additional_engineers_games_finish_with_invariants(
        players: int, board: str, seed: int) -> None:
    state, log, _ = play_game(seed, players, board, additional_engineers=True)
    assert state["final"]["winners"]
    assert [p["score"] for p in state["players"]] == state["final"]["scores"]
    # An additional engineer's action was taken (its choices' words are its own).
    used = {str(a.get("choice", "")).split("-")[0] for a in log}
    assert used & {"again", "another", "instead", "twice", "also", "run", "borrow"}


@pytest.mark.parametrize(("players", "board", "seed"),
                         [(3, "german", 131), (2, "russian", 121), (1, "russian", 124)])
def test_random_special_ideas_games_finish_with_invariants(
        players: int, board: str, seed: int) -> None:
    state, log, _ = play_game(seed, players, board, special_ideas=True)
    assert state["final"]["winners"]
    assert [p["score"] for p in state["players"]] == state["final"]["scores"]
    assert any(str(a.get("choice", "")).startswith("special-") for a in log)


@pytest.mark.parametrize(("players", "board", "seed", "more"),
                         [(2, "russian", 133, {}), (4, "german", 135, {}),
                          (1, "russian", 135, {}), (3, "russian", 138,
                                                   {"manufactory_train": True}),
                          (2, "asian", 141, {}), (1, "asian", 144, {})])
def test_random_coal_games_finish_with_invariants(
        players: int, board: str, seed: int, more: dict[str, bool]) -> None:
    state, log, _ = play_game(seed, players, board, coal=True, **more)
    assert state["final"]["winners"]
    assert state["rounds"] == (6 if players == 4 else 5)  # 1 fewer, with the train too
    used = {str(a.get("choice", "")).split("-")[0] for a in log}
    assert {"boilerman", "boil"} <= used  # coal was burnt for a boilerman


def test_a_random_american_game_with_every_module_finishes_with_invariants() -> None:
    state, _, kinds = play_game(308, 3, "american", coal=True, manufactory_train=True,
                                special_ideas=True, additional_engineers=True)
    assert state["final"]["winners"] and state["rounds"] == 5
    assert {"coal", "train"} <= kinds


def test_a_random_asian_game_with_the_modules_it_takes_finishes_with_invariants() -> None:
    state, _, kinds = play_game(409, 3, "asian", manufactory_train=True, special_ideas=True,
                                additional_engineers=True)
    assert state["final"]["winners"] and "train" in kinds
