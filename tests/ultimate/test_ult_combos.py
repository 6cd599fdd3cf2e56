"""The rulebook's 'COMBINATIONS & SPECIAL CASES': the Coal module with the Asian boards' shared
industry board (no boilerman on its factories, the coal factory open to every wrench) and with
Emil on those boards."""

from __future__ import annotations

from ult_helpers import ctx_of, fresh, skip_bonus

from engine.core import State
from engine.ultimate import UltimateTitle, locos, pool
from engine.ultimate.plugins import coal


def asian_coal(players: int = 2, seed: int = 3) -> tuple[UltimateTitle, State, int]:
    t, state = fresh(players, seed, "asian", coal=True)
    state = skip_bonus(t, state)
    return t, state, t.to_act(state)[0]


def test_coal_with_the_industry_board_is_accepted_and_set_up() -> None:
    t, state, _ = asian_coal()
    t.validate_options(None, {"board": "asian", "coal": True})
    assert state["coal"]["face_up"] and state["rounds"] == 5  # 1 fewer round, 2 players
    assert all(p["coal"] >= 1 for p in state["players"])


def test_no_boilerman_on_the_factories_of_the_industry_board() -> None:
    # "INDUSTRY BOARD + COAL MODULE: You cannot add the boilerman to factories."
    t, state, seat = asian_coal()
    ctx = ctx_of(t, state)
    state["ind"]["layers"][0].append({"tile": "3", "seat": seat})
    p = state["players"][seat]
    p.setdefault("built", []).append("3")
    p["routes"]["beijing"]["locos"] = []  # the starting #1 locomotive taken away
    assert coal.boiler_targets(ctx, seat) == []
    p["coal"] = 2
    assert coal.BOILER_SPACE not in dict(coal.free_options(ctx, seat))  # nothing to boil
    p["routes"]["beijing"]["locos"] = ["4"]
    assert [c for c, _ in coal.boiler_targets(ctx, seat)] == ["boil-beijing-1"]
    assert coal.BOILER_SPACE in dict(coal.free_options(ctx, seat))


def test_the_coal_factory_is_built_over_a_factory_and_serves_every_wrench() -> None:
    # "If the coal factory is built, it is available to all players."
    t, state, seat = asian_coal()
    other = 1 - seat
    ctx = ctx_of(t, state)
    coal_before = state["players"][seat]["coal"]
    coins = state["players"][seat]["coins"]
    coal.build_coal_factory(ctx, seat)  # the coal idea card
    assert state["players"][seat]["coal"] == coal_before + 2
    opts = dict(pool.all_options(ctx, seat))
    assert opts["over-3"].startswith("build the coal factory over factory 3")
    pool.resolve(ctx, seat, "over-3")  # printed factory 3 gives 2 coins, as for any factory
    assert state["ind"]["layers"][2] == [{"tile": coal.FACTORY, "seat": seat}]
    assert state["players"][seat]["coins"] == coins + 2
    # another player's wrench reaching it burns their own coal for track moves
    q = state["players"][other]
    q["wrenches"] = [ctx.board.factory_spaces(2)[2] - 1]
    q["pool"].append({"k": "industry", "n": 1, "must": False, "src": "test"})
    pool.resolve(ctx, other, "industry")
    burn = next(t for t in q["pool"] if t["k"] == "coal_burn")
    assert burn["steps"] == 2
    assert {c for c, _ in coal.options(ctx, other, burn)} == {
        f"burn-{n}" for n in range(min(3, q["coal"]) + 1)}


def test_emil_with_coal_on_the_asian_boards_plays_five_rounds_with_the_coal_card() -> None:
    # "EMIL + COAL: Play only 5 rounds. Shuffle the coal solo card into the deck."
    _, state = fresh(1, 4, "asian", coal=True)
    assert state["rounds"] == 5
    assert "coal1" in state["emil"]["deck"] + state["emil"]["discard"]
    assert {"coal1", "foundry"} <= set(state["spaces"])  # the 2-player side: both spaces


def test_game_info_says_what_coal_changes_beside_the_industry_board() -> None:
    t, _, _ = asian_coal()
    lines = t.settings(None, {"board": "asian", "coal": True})
    coal_line = next(x for x in lines if x.startswith("Module Coal"))
    assert "With the industry board: no boilerman on factories" in coal_line
    russian = t.settings(None, {"board": "russian", "coal": True})
    assert not any("With the industry board" in x for x in russian)


def test_a_random_asian_coal_game_builds_the_coal_factory_on_the_industry_board() -> None:
    from test_ult_fuzz import play_game

    state, _, _ = play_game(204, 3, "asian", coal=True)
    assert state["final"]["winners"] and state["rounds"] == 5
    built = [x["tile"] for layer in state["ind"]["layers"] for x in layer]
    assert coal.FACTORY in built
    assert not any(tile.endswith("+") for tile in built)  # never a boilerman on the board


def test_a_boilerman_on_the_asian_2_factory_gives_one_of_its_two_benefits_twice() -> None:
    # "Factories with multiple benefits: You receive 1 of the benefits twice."
    t, state = fresh(2, 3, "asian", coal=True, industry="base")
    state = skip_bonus(t, state)
    seat = t.to_act(state)[0]
    ctx = ctx_of(t, state)
    assert ctx.board.factory("2")["text"] == "1 coin and 1 wood step"
    p = state["players"][seat]
    p["factories"][0] = "2+"  # the Asian #2 factory with a boilerman, in the first gap
    p["wrenches"] = [ctx.board.gaps[0] - 1]
    coins = p["coins"]
    p["pool"].append({"k": "industry", "n": 1, "must": False, "src": "test"})
    state["active"] = seat
    pool.resolve(ctx, seat, "industry")
    assert p["coins"] == coins + 1  # the factory's own coin, once
    opts = dict(pool.all_options(ctx, seat))
    assert opts["twice-1"] == "1 coin once more (the factory's boilerman)"
    assert opts["twice-2"] == "1 wood step once more (the factory's boilerman)"
    pool.resolve(ctx, seat, "twice-1")
    assert p["coins"] == coins + 2  # 2 coins and (still to move) 1 wood step, not 2 and 2
    assert [t["k"] for t in p["pool"]] == ["track"] and p["pool"][0]["n"] == 1
    assert not any(o.startswith("twice-") for o, _ in pool.all_options(ctx, seat))
    # A factory with a single benefit still resolves it twice.
    assert locos.factory_effects(ctx, "3+") == [{"k": "coins", "n": 2}] * 2
