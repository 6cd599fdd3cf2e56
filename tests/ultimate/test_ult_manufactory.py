"""The Manufactory Train module: setup changes, the rulebook's two examples with its numbers, the
refusals and what stays hidden."""

from __future__ import annotations

import pytest
from ult_helpers import choices_of, ctx_of, fresh, play, skip_bonus, tracks

from engine.core import IllegalAction, State, step
from engine.ultimate import emil
from engine.ultimate import tracks as tracks_module
from engine.ultimate.plugins import manufactory_train as train
from engine.ultimate.title import UltimateTitle


def train_game(players: int, seed: int = 5) -> tuple[UltimateTitle, State]:
    t, state = fresh(players, seed, manufactory_train=True)
    return t, skip_bonus(t, state)


def test_setup_one_fewer_round_one_fewer_a_engineer_and_the_tokens_laid_out() -> None:
    t, plain = fresh(4, 3)
    _, state = fresh(4, 3, manufactory_train=True)
    assert (plain["rounds"], state["rounds"]) == (7, 6)  # "only 6 rounds in a 4-player game"
    groups = [t.board.engineers[e]["group"] for e in state["engineer_row"] if e is not None]
    assert (groups.count("A"), groups.count("B")) == (2, 4)
    tr = state["train"]
    assert tr["slots"][0] is None and None not in tr["slots"][1:]  # first space left empty
    assert len(tr["offer"]) == 3 and len(tr["unseen"]) == 6  # 2 + 3 drawn, 6 face down
    assert "manufactory" in state["spaces"] and "manufactory" not in plain["spaces"]
    assert plain.get("train") is None
    _, two = fresh(2, 3, manufactory_train=True)
    assert two["rounds"] == 5


def test_solo_plays_5_rounds_with_the_train_card_in_emils_deck() -> None:
    t, state = fresh(1, 3, manufactory_train=True)
    assert state["rounds"] == 5
    e = state["emil"]
    assert "manufactory" in e["deck"] + e["discard"]
    assert "manufactory" not in emil.cards(t.board, [])


def test_the_rulebook_example_all_three_actions_then_one_each_for_the_others() -> None:
    # "You are third in turn order. ... Red chooses to take 1 coin. Yellow chooses 1 industry
    # step. Finally, Blue also chooses to take 1 coin."
    t, state = train_game(4)
    order = state["order"]
    placer = order[2]
    tr = state["train"]
    everything = [*tr["offer"], *tr["unseen"], *[x for x in tr["slots"] if x]]
    rest = [x for x in everything if x not in ("industry", "coin", "points")]
    tr.update(slots=[None, "coin", "points"], offer=["industry", rest[0], rest[1]],
              unseen=rest[2:], bottom=[])
    state["current"] = placer
    before = {p["seat"]: (p["coins"], p["score"], list(p["wrenches"])) for p in state["players"]}
    state = play(t, state, placer, "place", space="manufactory")
    assert {a["choice"] for a in t.legal(state, placer)} >= {"train-industry"}
    state = play(t, state, placer, "pick", choice="train-industry")
    me = state["players"][placer]
    # "You place the industry step manufactory token ... resolve all 3 actions": 1 coin,
    # 3 points and the wrench 1 space on.
    assert me["coins"] == before[placer][0] + 1
    assert me["score"] == before[placer][1] + 3
    assert me["wrenches"] == [before[placer][2][0] + 1]
    assert state["train"]["slots"] == ["industry", "coin", "points"]
    # The others follow in turn order from the train's user: 4th, then 1st, then 2nd.
    wants = {order[3]: "share-coin", order[0]: "share-industry", order[1]: "share-coin"}
    for seat in (order[3], order[0], order[1]):
        assert t.to_act(state) == [seat]
        offered = {a["choice"] for a in t.legal(state, seat) if a["type"] == "pick"}
        assert offered == {"share-industry", "share-coin", "share-points"}
        state = play(t, state, seat, "pick", choice=wants[seat])
        if wants[seat] == "share-industry":  # a share is indirect: even its one wrench is asked
            state = play(t, state, seat, "pick", choice="industry")
    for seat, choice in wants.items():
        p = state["players"][seat]
        coins, _, wrenches = before[seat]
        if choice == "share-coin":
            assert p["coins"] == coins + 1
        else:
            assert p["wrenches"] == [wrenches[0] + 1]
    # Then the train moves on: points pushed under the stack, a new token revealed, and the
    # turn passes to the player after the train's user.
    tr = state["train"]
    assert tr["slots"] == [None, "industry", "coin"]
    assert tr["bottom"] == ["points"] and len(tr["offer"]) == 3 and len(tr["unseen"]) == 5
    assert state["current"] == order[3] and state["active"] is None


def test_a_player_may_take_nothing_from_the_train() -> None:
    t, state = train_game(2)
    seat = state["order"][0]
    state = play(t, state, seat, "place", space="manufactory")
    pick = next(a for a in t.legal(state, seat) if a["type"] == "pick")
    state = step(t, state, pick).state
    while state["active"] == seat:  # finish the three actions
        state = step(t, state, t.legal(state, seat)[0]).state
    other = state["order"][1]
    assert state["active"] == other
    labels = [s.label for s in t.suggest(state, other)]
    assert "Take nothing from the train" in labels
    coins = state["players"][other]["coins"]
    state = play(t, state, other, "done")
    assert state["players"][other]["coins"] == coins
    assert state["train"]["placer"] is None and state["current"] == other


def test_the_train_is_refused_when_no_token_leaves_three_doable_actions() -> None:
    t, state = train_game(2)
    seat = state["order"][0]
    tr = state["train"]
    everything = [*tr["offer"], *tr["unseen"], *[x for x in tr["slots"] if x]]
    rest = [x for x in everything if x not in ("gold", "silver")]
    # Nobody has gold tracks at the start, so no choice lets all 3 actions be resolved.
    tr.update(slots=[None, "gold", "silver"], offer=rest[:3], unseen=rest[3:], bottom=[])
    assert "manufactory" not in {a.get("space") for a in t.legal(state, seat)}
    with pytest.raises(IllegalAction, match="3 actions you can all resolve"):
        play(t, state, seat, "place", space="manufactory")


def riding(state: State, *tokens: str) -> None:
    """The train carries ``tokens`` behind its empty first space; the coin and 2 coins tokens
    lie face up beside it."""
    tr = state["train"]
    everything = [*tr["offer"], *tr["unseen"], *[x for x in tr["slots"] if x]]
    rest = [x for x in everything if x not in (*tokens, "coin", "coins")]
    tr.update(slots=[None, *tokens], offer=["coin", "coins", rest[0]], unseen=rest[1:],
              bottom=[])


def passed(t: UltimateTitle, state: State, seat: int) -> None:
    """The special spaces behind the tracks a test moved count as reached long ago."""
    tracks_module.newly_reached(ctx_of(t, state), seat)


def test_a_wood_step_first_makes_room_for_the_green_step_so_the_train_may_be_used() -> None:
    # "resolve all 3 actions ... You can resolve them in any order": every green track sits
    # right behind its wood track, so the green step fits only after the wood step.
    t, state = train_game(2)
    seat = state["order"][0]
    p = state["players"][seat]
    p["unlocked"] = ["wood", "green"]
    for rid in p["routes"]:
        tracks(state, seat, rid, wood=3, green=2)
    passed(t, state, seat)
    riding(state, "wood", "green")
    state = play(t, state, seat, "place", space="manufactory")
    assert {"train-coin", "train-coins"} <= choices_of(t, state, seat)
    state = play(t, state, seat, "pick", choice="train-coin")
    state = play(t, state, seat, "pick", choice="wood-sp")  # the green step's one place follows
    assert state["players"][seat]["routes"]["sp"]["tracks"] == {
        "wood": 4, "green": 3, "bronze": 0, "silver": 0}


def test_at_the_start_a_wood_step_to_trans_siberian_2_opens_green_for_the_green_step() -> None:
    # Green opens on the Trans-Siberian's space 2: the train's wood step taken there first lets
    # its green step follow in the same action.
    t, state = train_game(2)
    seat = state["order"][0]
    assert state["players"][seat]["unlocked"] == ["wood"]
    riding(state, "wood", "green")
    state = play(t, state, seat, "place", space="manufactory")
    state = play(t, state, seat, "pick", choice="train-coin")
    assert "green-ts" not in choices_of(t, state, seat)
    state = play(t, state, seat, "pick", choice="wood-ts")  # the green step's one place follows
    p = state["players"][seat]
    assert "green" in p["unlocked"]
    assert (p["routes"]["ts"]["tracks"]["wood"], p["routes"]["ts"]["tracks"]["green"]) == (2, 1)


def test_two_steps_with_room_for_one_refuse_the_train() -> None:
    # "If you cannot fully resolve all 3 actions, you cannot choose to use the manufactory
    # train": a wood step and a step of any track, with room for a single wood step.
    t, state = train_game(2)
    seat = state["order"][0]
    tracks(state, seat, "ts", wood=14)
    tracks(state, seat, "sp", wood=9)
    tracks(state, seat, "kiev", wood=9)
    passed(t, state, seat)
    riding(state, "wood", "any")
    assert "manufactory" not in {a.get("space") for a in t.legal(state, seat)}
    with pytest.raises(IllegalAction, match="3 actions you can all resolve"):
        play(t, state, seat, "place", space="manufactory")


def test_a_share_must_be_one_of_the_trains_actions() -> None:
    t, state = train_game(2)
    seat = state["order"][0]
    state = play(t, state, seat, "place", space="manufactory")
    state = step(t, state, next(a for a in t.legal(state, seat) if a["type"] == "pick")).state
    while state["active"] == seat:
        state = step(t, state, t.legal(state, seat)[0]).state
    other = state["active"]
    riding = set(state["train"]["slots"])
    # (a prefix of a riding token's id would be read as that token)
    absent = next(x for x in train.TOKENS
                  if not any(r is not None and r.startswith(x) for r in riding))
    with pytest.raises(IllegalAction, match="not one of your choices"):
        play(t, state, other, "pick", choice=f"share-{absent}")


def test_the_face_down_tokens_are_never_shown() -> None:
    t, state = train_game(3)
    view = t.view(state, None)["train"]
    assert view["face_down"] == 6
    assert set(view) == {"slots", "offer", "face_down"}
    shown = {s["id"] for s in view["slots"] if s} | {s["id"] for s in view["offer"]}
    assert not shown & set(state["train"]["unseen"])
