"""The rules data: every block says where it comes from, every house value says which sentence of
the rulebook it satisfies, and every effect is one the engine knows."""

from __future__ import annotations

from typing import Any

from ult_helpers import fresh

from engine.ultimate import DATA, hooks, pool
from engine.ultimate.board import Board
from engine.ultimate.house import common_labels

SOURCES = {"rulebook", "facts", "house"}
IMMEDIATE = {"coins", "points", "temp", "doubler", "order", "hire"}
TASKS = set(pool.HANDLERS)


def walk(node: Any, path: str = "") -> list[tuple[str, dict[str, Any]]]:
    out = []
    if isinstance(node, dict):
        out.append((path, node))
        for k, v in node.items():
            out += walk(v, f"{path}.{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += walk(v, f"{path}[{i}]")
    return out


def test_every_top_level_block_has_a_source() -> None:
    for key, block in DATA.items():
        if isinstance(block, dict) and key not in ("boards", "modules"):
            assert block.get("source") in SOURCES, key
    for name, parts in DATA["modules"].items():
        assert parts.get("source") in SOURCES, name
    for board in DATA["boards"].values():
        for route in board["routes"]:
            assert route["source"] in SOURCES
            assert all(sp["source"] in SOURCES for sp in route["spaces"])


def test_house_values_quote_the_rule_they_satisfy() -> None:
    for path, node in walk(DATA):
        if node.get("source") == "house":
            assert isinstance(node.get("satisfies"), str) and len(node["satisfies"]) > 20, path
        if "house" in node:
            assert isinstance(node["house"], str) and len(node["house"]) > 20, path


def test_every_effect_is_known_to_the_engine() -> None:
    core = {k: v for k, v in DATA.items() if k != "modules"}
    kinds = {node["k"] for _, node in walk(core) if "k" in node}
    assert kinds <= IMMEDIATE | TASKS
    # the modules' effects are their plug-ins' own kinds; the boilerman space is paid with coal
    # besides the turn's action (a free action of the Coal plug-in), never resolved as an effect
    plugged = {k for p in hooks.plugins() for k in [*p.effects, *p.tasks, *p.choice_kinds]}
    module_kinds = {node["k"] for _, node in walk(DATA["modules"]) if "k" in node}
    assert module_kinds <= IMMEDIATE | TASKS | plugged | {"boilerman"}


def test_components_fit_the_rulebook() -> None:
    board = Board(DATA, parts=hooks.board_parts(DATA))
    tiles = {str(n) for n in DATA["locomotives"]["numbers"]} | set(DATA["locomotives"]["tens"])
    steelworks = {f"{n}w" for n in DATA["boards"]["american"]["steelworks"]["stacks"]}
    # sf, cf: the Special Ideas and Coal modules' special and coal factories
    # the idea card's #9 has no violet side, so no factory
    assert tiles | {"1", "sf", "cf"} | steelworks == set(board.factories)
    groups = [e["group"] for e in DATA["engineers"]["list"]]
    assert groups.count("") == 1 and groups.count("A") >= 3 and groups.count("B") >= 4
    assert sorted(e["number"] for e in DATA["engineers"]["list"]) == list(range(1, 16))
    assert len(board.gaps) == 5 and board.gaps[0] == 5  # the first gap after 4 spaces
    assert DATA["supply"]["tracks_per_player"] == {"wood": 3, "green": 3, "bronze": 3,
                                                   "silver": 2, "gold": 1}
    lengths = {r.id: (r.length, r.levels, r.loco_slots) for r in board.routes}
    assert lengths == {"ts": (15, 5, 2), "sp": (9, 4, 1), "kiev": (9, 3, 1)}


def test_the_board_option_names_the_player_boards() -> None:
    import pytest

    from engine.core import IllegalAction
    from engine.ultimate import UltimateTitle

    t = UltimateTitle(DATA)
    assert t.meta.options[0].name == "board" and t.meta.options[0].choices == (
        "russian", "german", "american", "asian")
    t.validate_options(None, {"board": "russian"})
    with pytest.raises(IllegalAction, match="no 'atlantis' player boards"):
        t.validate_options(None, {"board": "atlantis"})
    with pytest.raises(IllegalAction, match="no option 'mines'"):
        t.validate_options(None, {"mines": True})
    # Every module, alone or together, on either board; a module switch is true or false.
    t.validate_options(None, {"manufactory_train": True, "additional_engineers": True,
                              "special_ideas": True, "coal": True, "board": "german"})
    with pytest.raises(IllegalAction, match="coal is true or false"):
        t.validate_options(None, {"coal": "yes"})


def test_every_counted_thing_is_known() -> None:
    from ult_helpers import fresh

    from engine.ultimate import scoring

    t, state = fresh(2)
    specs = [node for _, node in walk(DATA) if "counts" in node]
    assert len(specs) >= 12
    for spec in specs:
        assert scoring.points_for(t.board, state["players"][0], spec) >= 0


def test_the_german_components_fit_the_rulebook() -> None:
    board = Board(DATA, "german")
    sizes = [int(t["size"]) for t in board.extensions.values()]
    assert sorted(sizes) == [2] * 6 + [3] * 6 + [4] * 6  # 18 route extensions, 6 of each size
    for tile in board.extensions.values():
        assert all(1 <= sp["at"] <= tile["size"] for sp in tile["spaces"])
    assert len(board.income_tiles) == 8
    areas = {(r.id, a.station): (a.at, a.size) for r in board.routes for a in r.areas}
    assert areas == {("dresden", "Hannover"): (5, 3), ("nf", "Wuerzburg"): (4, 4),
                     ("nf", "Frankfurt"): (9, 2)}
    munich = board.route_by_id["munich"]
    assert munich.fork_at == 8 and {b.name: b.length for b in munich.branches} == {
        "Hamburg": 15, "Berlin": 12}
    # Gold only on the Hamburg branch; silver on all three routes.
    assert [b.levels for b in munich.branches] == [5, 4]
    assert all(r.levels >= 4 for r in board.routes)
    assert board.max_wrenches == 3 and board.special_valuation == (0, 2, 3, 7, 8)
    assert "valuation" in board.idea_cards and "valuation" not in Board(DATA).idea_cards


def test_module_house_values_are_named_once_by_module() -> None:
    # the modules' parts are in the title's data, but their house values belong to the chosen
    # modules' labels, never to the blocks every game shares
    shared = common_labels(DATA)
    assert not [label for label in shared if label.startswith("modules")], shared
    labels = hooks.module_labels(DATA, ["additional_engineers"])
    assert len(labels) == 1 and labels[0].startswith("Additional Engineers: their numbers")


def test_the_contents_count_12_end_bonus_cards_and_9_idea_tokens_a_player() -> None:
    # "12 end bonus cards" (the twelfth is house: its colour is only an icon); "9 idea tokens"
    # in each player's bag: the core's 5 and the colour's tokens of American Railroads (2),
    # Asian Railroads (1) and the special ideas (1), which those expansions list again.
    board = Board(DATA)
    assert len(board.end_bonus) == 12
    assert board.end_bonus["green"]["source"] == "house"
    assert "end bonus: green" in common_labels(DATA)
    kinds = {t["id"] for t in DATA["idea_tokens"]["list"]}
    for b in DATA["boards"].values():
        kinds |= {t["id"] for t in b.get("idea_tokens", ())}
    kinds.add(DATA["modules"]["special_ideas"]["token"]["id"])
    assert len(kinds) == 9, sorted(kinds)


def test_the_asian_and_coal_components_fit_the_contents_list() -> None:
    t, state = fresh(4, 1, "asian", coal=True)
    board = t.board_of(state)
    # Asian Railroads: "4 #2 locomotives" (as many as players), "4 idea tokens" (one Osaka
    # token a colour), "1 idea card", "12 construction site tiles", "15 maintenance cards (3 in
    # each color and 3 purple)", "4 Osaka route upgrades"; the industry board's last space 35
    assert state["stacks"]["2"] == 4
    assert sum(sum(p["sites"].values()) for p in state["players"]) == 12
    assert [p["ideas"].count("osaka") for p in state["players"]] == [1] * 4
    assert "purple_cars" in state["idea_cards"]
    cars = board.maintenance_cars
    assert 4 * int(cars["per_player"]) + int(cars["purple"]) == 15
    assert state["ind"]["cars_left"] == [3] * 4
    assert len(board.industry) - 1 == 35
    # Coal: "12 foundries" (2 face up), "4 coal idea tokens" (one a player), "1 engineer, 1 coal
    # factory, 1 starting bonus card, 1 idea card"
    assert len(state["coal"]["face_up"]) + len(state["coal"]["unseen"]) == 12
    assert [p["ideas"].count("coal") for p in state["players"]] == [1] * 4
    assert "coal" in state["start_cards"] and "coal" in state["idea_cards"]
    assert sum(1 for e in board.engineers.values() if e.get("module") == "coal") == 1
