"""American Railroads (board=american): the chapter's worked examples with its numbers, then each
of its rules: boulders and blasting, coin spaces and done tokens, the golden spike, doublers on
three routes, the dual industry track, the stocks board, steelworks and the final scoring."""

from __future__ import annotations

import copy

import pytest
from ult_helpers import acting, choices_of, ctx_of, fresh, play, skip_bonus, tracks

from engine.core import IllegalAction, State
from engine.ultimate import gains, scoring
from engine.ultimate.plugins.american import parts as american_parts
from engine.ultimate.plugins.american import stocks
from engine.ultimate.title import UltimateTitle


def american(players: int = 2, seed: int = 3) -> tuple[UltimateTitle, State]:
    t, state = fresh(players, seed, "american")
    return t, skip_bonus(t, state)


def reached_up_to(state: State, seat: int, t: UltimateTitle, rid: str, at: int) -> None:
    """Mark a route's special spaces up to ``at`` as already given."""
    route = t.boards["american"].route_by_id[rid]
    state["players"][seat]["activated"] += [f"{rid}:{sp.key}" for sp in route.specials
                                            if sp.at <= at]


def set_levels(state: State, rows: dict[int, list[int]], tokens: dict[int, str]) -> None:
    """Stock price tiles on their levels (left to right) and the dividend tokens placed."""
    st = state["stocks"]
    st["levels"] = [list(rows.get(i, [])) for i in range(len(st["levels"]))]
    st["tokens"] = [tokens.get(i) for i in range(len(st["tokens"]))]


# -- the worked examples -----------------------------------------------------------------------

def test_example_personal_payout_gives_every_level_up_to_blues() -> None:
    """Blue receives 5 points, 1 coin, 2 industry steps, and moves each of 3 tracks 1 space."""
    t, state = american()
    blue = acting(t, state)
    p = state["players"][blue]
    tracks(state, blue, "rm", wood=7, green=4, bronze=2)
    reached_up_to(state, blue, t, "rm", 8)
    p["unlocked"] += ["green", "bronze"]
    set_levels(state, {0: [1 - blue], 7: [blue]},
               {1: "points", 2: "coin", 3: "industry", 4: "industry2", 5: "wood", 6: "green",
                7: "bronze"})
    ctx = ctx_of(t, state)
    state["active"] = blue
    assert stocks.payout(ctx, blue, "personal payout")
    score, coins = p["score"], p["coins"]
    # Any order, one level at a time.
    assert {f"div-{lv}" for lv in range(1, 8)} <= choices_of(t, state, blue)
    for lv in (7, 1, 2, 3, 4, 5, 6):
        if f"div-{lv}" in choices_of(t, state, blue):  # the last one left is taken at once
            state = play(t, state, blue, "pick", choice=f"div-{lv}")
        p = state["players"][blue]
        for task in list(p["pool"]):
            if task["k"] == "track":
                state = play(t, state, blue, "pick", choice=f"{task['c']}-rm")
            elif task["k"] == "industry":
                state = play(t, state, blue, "pick", choice="industry-1")
    p = state["players"][blue]
    assert p["score"] - score == 5 and p["coins"] - coins == 1
    assert p["wrenches"] == [2, 0]
    assert p["routes"]["rm"]["tracks"] == {"wood": 8, "green": 5, "bronze": 3, "silver": 0,
                                           "gold": 0}


def test_example_general_payout_after_red_takes_the_last_4_and_its_steelworks() -> None:
    """Red 1 coin and 1 industry step; Yellow the same; Green 1 industry step; Blue 1 coin,
    1 industry step and 1 track move."""
    t, state = american(4, seed=5)
    red, yellow, green, blue = state["order"]
    for stack in ("2", "3"):
        state["stacks"][stack] = 0
    state["stacks"]["4"] = 1
    state["current"] = red
    set_levels(state, {1: [green], 2: [red, yellow], 3: [blue]},
               {1: "industry", 2: "coin", 3: "wood"})
    def wood(s: int) -> int:
        return sum(r["tracks"]["wood"] for r in state["players"][s]["routes"].values())

    before = {s: (state["players"][s]["coins"], sum(state["players"][s]["wrenches"]), wood(s))
              for s in range(4)}
    state = play(t, state, red, "place", space="loco1")
    state = play(t, state, red, "pick", choice="loco-sac")
    # The steelworks comes with the last #4: build it or return it to the box.
    assert choices_of(t, state, red) >= {"steel-1", "steel-box"}
    state = play(t, state, red, "pick", choice="steel-box")
    assert state["steelworks"] == ["6", "8"]
    for seat in (red, yellow, green, blue):
        assert acting(t, state) == seat  # the payout goes round in turn order
        while state["active"] == seat:
            state = play(t, state, seat, "pick", choice=sorted(choices_of(t, state, seat))[0])
    got = {}
    for s in range(4):
        p = state["players"][s]
        coins, wrench, track = before[s]
        got[s] = (p["coins"] - coins, sum(p["wrenches"]) - wrench, wood(s) - track)
    assert got[red] == (1, 1, 0) and got[yellow] == (1, 1, 0)
    assert got[green] == (0, 1, 0) and got[blue] == (1, 1, 1)
    # Then the turn passes on as usual.
    assert state["current"] == yellow and state["general_payout"] is None


# -- boulders and blasting ---------------------------------------------------------------------

def test_the_boulder_blocks_omaha_space_8_and_the_15_industry_space() -> None:
    t, state = american()
    seat = acting(t, state)
    tracks(state, seat, "omaha", wood=7)
    state = play(t, state, seat, "place", space="wood3")
    assert "wood-omaha" not in choices_of(t, state, seat)
    with pytest.raises(IllegalAction, match="boulder blocks space 8 of the Omaha route: blast"):
        play(t, state, seat, "pick", choice="wood-omaha")
    p = state["players"][seat]
    p["wrenches"] = [9, 0]
    p["factories"][2] = "3"  # the gap before the 15 is filled
    ctx = ctx_of(t, state)
    from engine.ultimate import industry
    assert not industry.can_move(ctx, seat, 0) and industry.can_move(ctx, seat, 1)


def test_blasting_spaces_3_and_4_remove_a_boulder_each_for_10_points() -> None:
    t, state = american()
    seat = acting(t, state)
    tracks(state, seat, "rm", wood=2)
    state = play(t, state, seat, "place", space="wood3")
    score = state["players"][seat]["score"]
    state = play(t, state, seat, "pick", choice="wood-rm")
    # Both boulders left: the player chooses which one goes, before anything else.
    assert choices_of(t, state, seat) == {"blast-route", "blast-industry"}
    state = play(t, state, seat, "pick", choice="blast-route")
    p = state["players"][seat]
    assert p["boulders"] == ["industry"] and p["score"] == score + 10
    state = play(t, state, seat, "pick", choice="wood-rm")  # space 4: the last boulder goes
    p = state["players"][seat]
    assert p["boulders"] == [] and p["score"] == score + 20
    tracks(state, seat, "omaha", wood=7)
    assert "wood-omaha" in choices_of(t, state, seat)


# -- coin spaces -------------------------------------------------------------------------------

def coin_space_ready() -> tuple[UltimateTitle, State, int]:
    """The first player's green track on Rocky Mountaineer space 5 (the coin space's colour)."""
    t, state = american()
    seat = acting(t, state)
    p = tracks(state, seat, "rm", wood=6, green=5)
    reached_up_to(state, seat, t, "rm", 6)
    p["unlocked"].append("green")
    p["activated"].append("rm:coinstock@5")
    p["coins"] = 2
    return t, state, seat


def test_a_coin_space_pays_a_stock_increase_once_and_takes_a_done_token() -> None:
    t, state, seat = coin_space_ready()
    state = play(t, state, seat, "pick", choice="coinspace-rm-5")
    # First to level 1: the dividend token is chosen before anything else, then resolved.
    dividends = american_parts.of(t.boards["american"]).dividends
    assert choices_of(t, state, seat) == {f"token-{x}" for x in dividends}
    state = play(t, state, seat, "pick", choice="token-coin")
    p = state["players"][seat]
    assert p["coins"] == 2 and p["done"] == ["rm:coinstock@5"]
    assert seat in state["stocks"]["levels"][1] and state["stocks"]["tokens"][1] == "coin"
    # The turn goes on: the player still places or passes, and cannot pay there again.
    assert acting(t, state) == seat and state["active"] is None
    assert "coinspace-rm-5" not in choices_of(t, state, seat)


def test_a_coin_space_is_not_paid_during_a_payout_or_without_a_coin() -> None:
    t, state, seat = coin_space_ready()
    state["players"][seat]["coins"] = 0
    with pytest.raises(IllegalAction, match="A coin space is paid with 1 coin"):
        play(t, state, seat, "pick", choice="coinspace-rm-5")
    t, state, seat = coin_space_ready()
    state["stocks"]["tokens"][1] = "coin"
    state["stocks"]["levels"] = [[1 - seat], [seat]] + [[] for _ in range(7)]
    stocks.payout(ctx_of(t, state), seat, "general payout")
    state["active"] = seat
    assert "coinspace-rm-5" not in choices_of(t, state, seat)


# -- the golden spike ------------------------------------------------------------------------

def test_the_golden_spike_scores_10_per_route_end_and_25_with_its_idea_token() -> None:
    t, state = american()
    board = t.boards["american"]
    p = state["players"][0]
    p["activated"].append("sac:spike@10")
    assert scoring.round_breakdown(board, p)["golden spike"] == 10
    p["activated"].append("omaha:spike@10")
    assert scoring.round_breakdown(board, p)["golden spike"] == 20
    p["placed_ideas"].append({"token": "spike", "where": "test"})
    assert scoring.round_breakdown(board, p)["golden spike"] == 50
    # The routes stay two: neither passes its own end space.
    assert board.route_by_id["sac"].length == board.route_by_id["omaha"].length == 10


# -- doublers on three routes ------------------------------------------------------------------

def test_a_doubler_goes_on_the_route_the_player_chooses() -> None:
    t, state = american()
    seat = acting(t, state)
    state = play(t, state, seat, "place", space="doubler")
    assert choices_of(t, state, seat) == {"dbl-rm", "dbl-sac", "dbl-omaha"}
    state = play(t, state, seat, "pick", choice="dbl-omaha")
    p = state["players"][seat]
    assert p["routes"]["omaha"]["dbl"] == 1 and p["doublers"] == 1
    # The doubled Omaha space 1 (wood, 0) scores 0 either way; a green space 1 doubles 1 to 2.
    p["routes"]["omaha"]["tracks"]["green"] = 1
    p["routes"]["omaha"]["locos"] = ["3"]
    assert scoring.route_points(t.boards["american"], p,
                                t.boards["american"].route_by_id["omaha"]) == 2


# -- the dual industry track, steelworks -------------------------------------------------------

def test_the_upper_wrench_passes_empty_gaps_and_takes_a_built_factorys_action() -> None:
    t, state = american()
    seat = acting(t, state)
    p = state["players"][seat]
    p["wrenches"] = [4, 4]
    coins = p["coins"]
    # The lower wrench waits at the empty gap; the upper one moves onto and past it alone.
    state = play(t, state, seat, "place", space="industry2")
    p = state["players"][seat]
    assert p["wrenches"] == [4, 6] and p["coins"] == coins
    # A factory built later in that gap gives nothing for the upper wrench already past it.
    p["factories"][0] = "1"
    state = play(t, state, acting(t, state), "pass")
    assert state["players"][seat]["coins"] == coins
    # A factory already there: the upper wrench landing above it takes its action (1 coin).
    t, state = american()
    seat = acting(t, state)
    p = state["players"][seat]
    p["wrenches"], p["factories"][0] = [4, 4], "1"
    coins = p["coins"]
    state = play(t, state, seat, "place", space="industry1")
    state = play(t, state, seat, "pick", choice="industry-2")
    p = state["players"][seat]
    assert p["wrenches"] == [4, 5] and p["coins"] == coins + 1


def test_no_third_wrench_from_the_idea_token_but_its_two_steps() -> None:
    t, state = american()
    seat = acting(t, state)
    state["active"] = seat
    gains.use_token(ctx_of(t, state), seat, "wrench", "test")
    p = state["players"][seat]
    assert len(p["wrenches"]) == 2
    assert any(task["k"] == "industry" and task["n"] == 2 for task in p["pool"])


def test_a_steelworks_built_gives_a_wood_step_and_gives_way_to_a_factory() -> None:
    t, state = american()
    seat = acting(t, state)
    p = state["players"][seat]
    p["factories"][0] = "4w"
    p["wrenches"] = [4, 0]
    state = play(t, state, seat, "place", space="industry1")
    state = play(t, state, seat, "pick", choice="industry-1")
    p = state["players"][seat]
    assert p["wrenches"][0] == 5
    assert any(o.startswith("wood-") for o in choices_of(t, state, seat))
    # A new factory may replace the steelworks though gap 2 is still empty.
    t, state = american()
    seat = acting(t, state)
    state["players"][seat]["factories"][0] = "4w"
    state = play(t, state, seat, "place", space="loco1")
    state = play(t, state, seat, "pick", choice="factory-new")
    assert choices_of(t, state, seat) == {"slot-1", "slot-2"}
    state = play(t, state, seat, "pick", choice="slot-1")
    assert state["players"][seat]["factories"][0] == "2"
    assert "4w" not in state["factory_pool"]  # back to the box


# -- the stocks board ------------------------------------------------------------------------

def test_the_stock_idea_token_rises_a_level_then_pays_out() -> None:
    t, state = american()
    seat = acting(t, state)
    set_levels(state, {0: [1 - seat], 1: [seat]}, {1: "coin"})
    state["active"] = seat
    coins = state["players"][seat]["coins"]
    gains.use_token(ctx_of(t, state), seat, "stock", "test")
    state = play(t, state, seat, "pick", choice="token-points")
    assert state["stocks"]["levels"][2] == [seat]
    assert choices_of(t, state, seat) == {"div-1", "div-2"}
    state = play(t, state, seat, "pick", choice="div-1")
    # the last level left is still asked: a payout's dividends may be left
    assert choices_of(t, state, seat) == {"div-2"}
    assert {"type": "done", "seat": seat} in t.legal(state, seat)
    state = play(t, state, seat, "pick", choice="div-2")
    p = state["players"][seat]
    assert p["coins"] == coins + 1 and p["ledger"]["actions"] == 10  # 5 + 5


def test_a_later_arrival_goes_right_and_takes_the_placed_token() -> None:
    t, state = american()
    seat = acting(t, state)
    other = 1 - seat
    set_levels(state, {0: [seat], 1: [other]}, {1: "coin"})
    state["active"] = seat
    coins = state["players"][seat]["coins"]
    stocks.stock_increase(ctx_of(t, state), seat, "test")
    assert state["stocks"]["levels"][1] == [other, seat]
    assert state["players"][seat]["coins"] == coins + 1


def test_at_the_top_a_stock_increase_is_a_personal_payout() -> None:
    t, state = american()
    seat = acting(t, state)
    set_levels(state, {0: [1 - seat], 8: [seat]}, {8: "coin"})
    state["active"] = seat
    stocks.stock_increase(ctx_of(t, state), seat, "test")
    assert state["stocks"]["levels"][8] == [seat]
    assert choices_of(t, state, seat) == {"div-8"}


def test_final_stock_points_20_and_10_with_the_leftmost_ahead_on_a_tie() -> None:
    t, state = american(3)
    set_levels(state, {4: [2, 0], 2: [1]}, {})
    assert stocks.final_points(ctx_of(t, state)) == {2: 20, 0: 10}


def test_solo_emil_starts_far_left_on_level_3_and_can_take_the_20() -> None:
    t, state = american(1)
    assert state["stocks"]["levels"][3] == [stocks.EMIL]
    state["active"] = 0
    set_levels(state, {2: [0], 3: [stocks.EMIL]}, {3: "coin"})
    stocks.stock_increase(ctx_of(t, state), 0, "test")
    assert state["stocks"]["levels"][3] == [stocks.EMIL, 0]
    assert stocks.final_points(ctx_of(t, state)) == {0: 10}


# -- setup, info ---------------------------------------------------------------------------------

def test_setup_two_wrenches_boulders_stock_tiles_and_the_new_idea_tokens() -> None:
    t, state = fresh(3, 1, "american")
    for p in state["players"]:
        assert p["wrenches"] == [0, 0] and p["boulders"] == ["route", "industry"]
        assert {"spike", "stock"} <= set(p["ideas"])
    assert state["stocks"]["levels"][0] == [0, 1, 2]
    assert state["steelworks"] == ["4", "6", "8"]
    assert len(american_parts.of(t.boards["american"]).dividends) == 8
    coin_spaces = [sp for r in t.boards["american"].routes for sp in r.specials
                   if sp.kind == "coinstock"]
    assert len(coin_spaces) == 3
    _, russian = fresh(2)
    assert "stock" not in russian["players"][0]["ideas"] and "stocks" not in russian


def test_info_names_the_american_boards_and_their_house_data() -> None:
    t, _ = american()
    settings = t.settings(None, {"board": "american"})
    assert settings[0] == "Player boards: American Railroads."
    assert "stocks board" in settings[1] and "golden spike" in settings[1]
    house = t.house_data(None, {"board": "american"})
    assert any(h.startswith("dividend tokens: 5 points, 1 coin") for h in house)
    assert any(h.startswith("upper industry track points") for h in house)
    assert any("American Railroads: stocks board" in h for h in t.meta.house_data)


def test_the_guides_american_table_names_every_special_space() -> None:
    from pathlib import Path

    guide = (Path(__file__).resolve().parents[2] / "docs" / "ultimate-guide.md").read_text()
    section = guide.split("## American Railroads", 1)[1].split("\n## ", 1)[0]
    board = american()[0].boards["american"]
    listed: set[tuple[str, int]] = set()
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if cells[0] in {r.name for r in board.routes}:
            listed |= {(cells[0], int(n)) for n in cells[1].replace("/", ",").split(",")}
    printed = {(r.name, sp.at) for r in board.routes for sp in r.specials}
    assert listed == printed


def test_emil_emptying_a_stack_sends_its_steelworks_to_the_box() -> None:
    t, state = fresh(1, 4, "american")
    for stack in ("2", "3"):
        state["stacks"][stack] = 0
    state["stacks"]["4"] = 1
    from engine.ultimate import emil
    ctx = ctx_of(t, state)
    emil._collect(ctx, state["emil"], "loco")
    assert state["steelworks"] == ["6", "8"] and "4" in state["emil"]["locos"]
    assert any("steelworks beside the stack goes back to the box" in e["text"]
               for e in ctx.events)


def test_a_coin_space_is_a_button_of_its_own_before_the_action() -> None:
    t, state, seat = coin_space_ready()
    offered = [s for s in t.suggest(state, seat) if s.group == "Coin space"]
    assert [s.options["choice"] for s in offered] == ["coinspace-rm-5"]
    assert offered[0].label == "Pay 1 coin at Rocky Mountaineer space 5: a stock increase"


def test_paying_a_coin_space_not_reached_names_the_rule_and_changes_nothing() -> None:
    t, state = american()
    seat = acting(t, state)
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match="once your track of the colour it shows has reached"):
        play(t, state, seat, "pick", choice="coinspace-sac-4")
    assert state == before


def test_two_steelworks_in_one_turn_give_two_general_payouts() -> None:
    t, state = american()
    seat = acting(t, state)
    for stack in ("2", "3", "5"):
        state["stacks"][stack] = 0
    state["stacks"]["4"] = state["stacks"]["6"] = 1
    set_levels(state, {0: [1 - seat], 1: [seat]}, {1: "coin"})
    coins = state["players"][seat]["coins"]
    state = play(t, state, seat, "place", space="locofac")
    while (state["active"] == seat and state["general_payout"] is None) or \
            any(task["k"] in ("steel", "loco", "relocate", "factory_slot")
                for task in state["players"][seat]["pool"]):
        offered = sorted(choices_of(t, state, seat))
        box = [c for c in offered if c == "steel-box"]
        state = play(t, state, seat, "pick", choice=(box or offered)[0])
    assert state["steelworks"] == ["8"]
    # Each payout's single dividend (level 1: 1 coin) is offered, in turn order from the taker
    # (the other player's level 0 pays nothing); then the turn passes.
    for _ in range(2):
        assert t.to_act(state) == [seat] and choices_of(t, state, seat) == {"div-1"}
        state = play(t, state, seat, "pick", choice="div-1")
    p = state["players"][seat]
    assert p["coins"] == coins + 2  # the space was paid with workers
    assert state["general_payout"] is None and state["current"] != seat


def test_tiles_that_never_rose_score_no_final_stock_points() -> None:
    # "The player whose stock price token is highest on the stocks board scores 20 points. The
    # player in second place scores 10 points. In the event of a tie, the tied player whose stock
    # price tile is furthest to the left breaks the tie." Ruling: a tile still on the bottom row
    # never rose, and its place there is the setup's, not an arrival: it ranks nowhere.
    t, state = american(3)
    assert stocks.final_points(ctx_of(t, state)) == {}  # nobody rose: nobody scores
    set_levels(state, {0: [2, 0], 1: [1]}, {})
    assert stocks.final_points(ctx_of(t, state)) == {1: 20}


def last_four_taken(factories: list[str | None], version: int | None = None
                    ) -> tuple[UltimateTitle, State, int]:
    """The first player, with ``factories`` in their industry gaps, takes the last #4
    locomotive onto Sacramento and receives the steelworks beside the stack."""
    t, state = american()
    if version is not None:
        state["rules_version"] = version
    seat = acting(t, state)
    for stack in ("2", "3"):
        state["stacks"][stack] = 0
    state["stacks"]["4"] = 1
    state["players"][seat]["factories"] = list(factories)
    state = play(t, state, seat, "place", space="loco1")
    return t, play(t, state, seat, "pick", choice="loco-sac"), seat


def test_a_steelworks_is_built_like_any_factory_in_the_first_empty_gap() -> None:
    # Steelworks: it is turned over and built like any other factory, and factories fill the
    # gaps from left to right.
    t, state, seat = last_four_taken(["2", None, None, None, None])
    assert choices_of(t, state, seat) == {"steel-2", "steel-box"}
    state = play(t, state, seat, "pick", choice="steel-2")
    assert state["players"][seat]["factories"][:3] == ["2", "4w", None]


def test_a_steelworks_may_replace_a_factory_once_the_five_gaps_are_full() -> None:
    # Like any other factory: with the five gaps full, one factory goes back to the supply.
    t, state, seat = last_four_taken(["2", "2", "3", "3", "5"])
    assert choices_of(t, state, seat) == {f"steel-{i}" for i in range(1, 6)} | {"steel-box"}
    state = play(t, state, seat, "pick", choice="steel-1")
    assert state["players"][seat]["factories"] == ["4w", "2", "3", "3", "5"]
    assert "2" in state["factory_pool"]


def test_under_version_2_a_steelworks_went_in_any_empty_gap_and_never_replaced() -> None:
    t, state, seat = last_four_taken(["2", None, None, None, None], version=2)
    assert choices_of(t, state, seat) == {f"steel-{i}" for i in range(2, 6)} | {"steel-box"}
    # with the gaps full, the box was its only place: it went there at once
    t, state, seat = last_four_taken(["2", "2", "3", "3", "5"], version=2)
    p = state["players"][seat]
    assert p["factories"] == ["2", "2", "3", "3", "5"] and state["steelworks"] == ["6", "8"]
    assert not any(task["k"] == "steel" for task in p["pool"])


def test_every_route_shows_gold_but_there_is_one_gold_track() -> None:
    # Each route shows all 5 colours, yet a player has 2 silver tracks and 1 gold one.
    t, state = american()
    seat = acting(t, state)
    p = state["players"][seat]
    p["unlocked"] = ["wood", "green", "bronze", "silver", "gold"]
    for rid in ("rm", "sac", "omaha"):
        tracks(state, seat, rid, wood=7, green=6, bronze=5, silver=3)
    tracks(state, seat, "rm", gold=1)
    from engine.ultimate.tracks import step_block
    ctx = ctx_of(t, state)
    board = t.boards["american"]
    assert step_block(ctx, seat, "gold", board.route_by_id["rm"]) is None
    why = step_block(ctx, seat, "gold", board.route_by_id["sac"])
    assert why == "You have only 1 gold track, already on the Rocky Mountaineer route."
    # the silver ones: both already laid, a third route takes none
    tracks(state, seat, "omaha", silver=0)
    assert "only 2 silver tracks" in str(step_block(ctx, seat, "silver",
                                                     board.route_by_id["omaha"]))


def test_a_coin_space_may_be_paid_just_before_passing() -> None:
    # Passing still counts as one of the player's turns.
    t, state, seat = coin_space_ready()
    state = play(t, state, seat, "pick", choice="coinspace-rm-5")
    state = play(t, state, seat, "pick", choice="token-points")
    state = play(t, state, seat, "pass")
    p = state["players"][seat]
    assert p["passed"] and p["done"] == ["rm:coinstock@5"] and p["ledger"]["actions"] == 5


def test_end_bonus_cards_count_a_steelworks_and_both_spike_routes() -> None:
    # The appendix: steelworks count as factories; Omaha and Sacramento count separately.
    t, state = american()
    board = t.boards["american"]
    p = state["players"][0]
    p["factories"] = ["4w", "2", None, None, None]
    assert scoring.bonus_card_points(board, p, "factories") == 8
    tracks(state, 0, "sac", wood=10)
    tracks(state, 0, "omaha", wood=10)
    assert scoring.bonus_card_points(board, p, "stations") == 20


def test_the_upper_wrench_takes_the_key_of_the_last_space_but_never_the_idea_space() -> None:
    # Reading (stated in the guide): the idea space is the lower track's; the key on the last
    # space goes to whichever wrench gets there first.
    t, state = american()
    seat = acting(t, state)
    board = t.boards["american"]
    p = state["players"][seat]
    p["wrenches"] = [0, board.industry_idea_at - 1]
    state = play(t, state, seat, "place", space="industry1")
    state = play(t, state, seat, "pick", choice="industry-2")
    assert "industry:idea" not in state["players"][seat]["activated"]
    t, state = american()
    seat = acting(t, state)
    p = state["players"][seat]
    p["wrenches"], keys = [0, len(board.upper) - 2], p["keys"]
    state = play(t, state, seat, "place", space="industry1")
    state = play(t, state, seat, "pick", choice="industry-2")
    assert state["players"][seat]["keys"] == keys + 1
