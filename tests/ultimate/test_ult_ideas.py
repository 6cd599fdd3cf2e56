"""Idea spaces and tokens, idea cards, keys, and the end bonus cards."""

from __future__ import annotations

from ult_helpers import fresh, play, skip_bonus

from engine.core import State
from engine.ultimate import scoring
from engine.ultimate.title import UltimateTitle


def my_turn(players: int = 2, seed: int = 2) -> tuple[UltimateTitle, State, int]:
    t, state = fresh(players, seed=seed)
    state = skip_bonus(t, state)
    return t, state, t.to_act(state)[0]


def with_task(task: dict) -> tuple[UltimateTitle, State, int]:
    """The player to act in the middle of resolving ``task``."""
    t, state, a = my_turn()
    state["players"][a]["pool"] = [task]
    state["active"] = a
    return t, state, a


def before_idea_space(state: State, seat: int) -> None:
    """Wood one step before St. Petersburg's idea space, a #5 locomotive there."""
    p = state["players"][seat]
    p["routes"]["sp"]["tracks"]["wood"] = 3
    p["routes"]["sp"]["locos"] = ["5"]
    p["activated"].append("sp:coins@3")


def choices(t: UltimateTitle, state: State, seat: int) -> set[str]:
    return {a["choice"] for a in t.legal(state, seat) if a["type"] == "pick"}


def test_the_idea_space_example_st_petersburg_4_with_a_number_5_locomotive() -> None:
    t, state, a = my_turn()
    before_idea_space(state, a)
    state = play(t, state, a, "place", space="wood3")
    state = play(t, state, a, "pick", choice="wood-sp")
    assert choices(t, state, a) >= {"idea-medal", "idea-keys", "idea-revalue", "idea-wrench",
                                    "idea-bonus"}
    state = play(t, state, a, "pick", choice="idea-revalue")
    p = state["players"][a]
    assert p["revalued"] and "revalue" not in p["ideas"]
    assert p["placed_ideas"] == [{"token": "revalue", "where": "St. Petersburg space 4"}]
    assert t.view(state, None)["players"][a]["valuation"] == [0, 1, 3, 6, 10]
    # The space is used once: moving on does not offer another token.
    state = play(t, state, a, "pick", choice="wood-sp")
    assert not any(c.startswith("idea-") for c in choices(t, state, a))


def test_an_idea_space_without_a_locomotive_gives_nothing_until_one_reaches_it() -> None:
    t, state, a = my_turn()
    p = state["players"][a]
    p["routes"]["sp"]["tracks"]["wood"] = 3
    p["activated"].append("sp:coins@3")
    state = play(t, state, a, "place", space="wood3")
    state = play(t, state, a, "pick", choice="wood-sp")
    assert not any(c.startswith("idea-") for c in choices(t, state, a))
    assert "sp:idea@4" not in state["players"][a]["activated"]


def test_an_idea_space_is_used_when_a_later_locomotive_completes_its_prerequisite() -> None:
    # "You can use each of these spaces only once, at the moment when you fulfill the
    # prerequisite": track first, then a locomotive that reaches the space.
    t, state, a = my_turn()
    p = state["players"][a]
    p["routes"]["sp"]["tracks"]["wood"] = 5
    p["activated"] += ["sp:coins@3"]
    state["stacks"].update({"2": 0, "3": 0})
    state = play(t, state, a, "place", space="loco1")
    state = play(t, state, a, "pick", choice="loco-sp")
    assert "sp:idea@4" in state["players"][a]["activated"]
    assert any(c.startswith("idea-") for c in choices(t, state, a))


def test_the_medal_scores_20_each_round_once_its_space_is_reached() -> None:
    t, state, a = my_turn()
    p = state["players"][a]
    p["medal"] = True
    assert scoring.medal_points(t.board, p) == 0
    p["activated"].append("ts:medal@12")
    assert scoring.medal_points(t.board, p) == 20


def test_the_second_wrench_moves_two_steps_split_as_you_like() -> None:
    t, state, a = my_turn()
    state["players"][a]["wrenches"] = [3]
    before_idea_space(state, a)
    state = play(t, state, a, "place", space="wood3")
    state = play(t, state, a, "pick", choice="wood-sp")
    state = play(t, state, a, "pick", choice="idea-wrench")
    assert choices(t, state, a) >= {"industry-1", "industry-2"}
    state = play(t, state, a, "pick", choice="industry-1")
    # The first wrench now stands before an empty gap: the second step can only move the second
    # (still asked: the idea token's steps may be left).
    assert "industry-1" not in choices(t, state, a)
    state = play(t, state, a, "pick", choice="industry-2")
    p = state["players"][a]
    assert p["wrenches"] == [4, 1]
    assert scoring.industry_points(t.board, p) == 4 + 1


def test_a_key_at_the_end_of_a_route_offers_tracks_or_10_points() -> None:
    t, state, a = my_turn()
    p = state["players"][a]
    p["routes"]["kiev"]["tracks"]["wood"] = 8
    p["activated"] += [f"kiev:{k}" for k in ("doubler@5",)]
    state = play(t, state, a, "place", space="wood3")
    state = play(t, state, a, "pick", choice="wood-kiev")
    assert state["players"][a]["keys"] == 1
    assert {"key-tracks", "key-points"} <= choices(t, state, a)
    score = state["players"][a]["score"]
    state = play(t, state, a, "pick", choice="key-points")
    assert state["players"][a]["score"] == score + 10
    # The wood track cannot pass the end of the route.
    assert "wood-kiev" not in choices(t, state, a)


def test_the_bonus_token_gives_an_end_bonus_card_and_an_idea_card() -> None:
    t, state, a = my_turn()
    before_idea_space(state, a)
    deck = list(state["end_deck"])
    state = play(t, state, a, "place", space="wood3")
    state = play(t, state, a, "pick", choice="wood-sp")
    state = play(t, state, a, "pick", choice="idea-bonus")
    offered = choices(t, state, a)
    assert {f"card-{c}" for c in state["idea_cards"]} | {f"bonus-{c}" for c in deck} <= offered
    state = play(t, state, a, "pick", choice="card-worker")
    state = play(t, state, a, "pick", choice=f"bonus-{deck[0]}")
    p = state["players"][a]
    assert p["bonus_cards"] == [deck[0]] and deck[0] not in state["end_deck"]
    assert p["wood_worker"] == "supply" and p["extra_workers"] == 1
    assert "worker" not in state["idea_cards"]


def test_the_wood_worker_adds_a_wood_step_on_spaces_that_show_wood() -> None:
    t, state, a = my_turn()
    state["players"][a]["wood_worker"] = "supply"
    state = play(t, state, a, "place", space="wood3")
    p = state["players"][a]
    assert p["wood_worker"] == "placed"
    assert sum(task["n"] for task in p["pool"] if task["k"] == "track") == 3 + 1


def test_the_number_9_idea_card_goes_straight_onto_a_route() -> None:
    t, state, a = with_task({"k": "idea_card", "must": True, "src": "test"})
    state = play(t, state, a, "pick", choice="card-loco9")
    assert not state["special_nine"]
    state = play(t, state, a, "pick", choice="loco-ts")
    assert state["players"][a]["routes"]["ts"]["locos"] == ["9s", "1"]
    assert t.view(state, None)["players"][a]["routes"][0]["reach"] == 10


def test_the_idea_cards_number_9_has_no_factory_side() -> None:
    # The box's special #9 comes "without purple reverse side": pushed out with no free
    # place for it, it cannot wait beside the stacks as a factory, so it leaves the game.
    t, state, a = my_turn()
    p = state["players"][a]
    p["routes"]["ts"]["locos"] = ["9s", "9"]
    p["routes"]["sp"]["locos"] = ["9"]
    p["routes"]["kiev"]["locos"] = ["9"]
    state["stacks"].update({str(k): 0 for k in range(2, 10)})
    state = play(t, state, a, "place", space="loco1")
    state = play(t, state, a, "pick", choice="loco-ts-r9")
    # the #10 replaced the special #9, which fits nowhere (its only way out is settled at once)
    assert sorted(state["players"][a]["routes"]["ts"]["locos"]) == ["10a", "9"]
    assert state["factory_pool"] == [] and state["box_locos"] == ["9s"]


def two_nines(first: str, second: str) -> tuple[UltimateTitle, State, int]:
    """Only the #10s left; the Trans-Siberian holds ``first`` and ``second`` (both worth 9) and
    the other routes a #9 each, so a pushed-out #9 fits nowhere."""
    t, state, a = my_turn()
    p = state["players"][a]
    p["routes"]["ts"]["locos"] = [first, second]
    p["routes"]["sp"]["locos"] = ["9"]
    p["routes"]["kiev"]["locos"] = ["9"]
    state["stacks"].update({str(k): 0 for k in range(2, 10)})
    return t, play(t, state, a, "place", space="loco1"), a


def test_the_idea_cards_9_and_a_normal_9_are_each_a_choice_of_their_own() -> None:
    t, state, a = two_nines("9s", "9")
    offered = {s.options["choice"]: s.label for s in t.suggest(state, a)}
    assert "the idea card's #9" in offered["loco-ts-r9"]
    assert "the normal #9" in offered["loco-ts-r9-9"]
    # the normal #9 pushed out becomes a factory; the idea card's stays
    state = play(t, state, a, "pick", choice="loco-ts-r9-9")
    assert sorted(state["players"][a]["routes"]["ts"]["locos"]) == ["10a", "9s"]
    assert state["factory_pool"] == ["9"] and state["box_locos"] == []


def test_a_stored_r9_choice_still_replaces_the_first_9() -> None:
    # Games stored before the second #9 had its own choice read "loco-ts-r9" as the first one.
    t, state, a = two_nines("9", "9s")
    assert {"loco-ts-r9", "loco-ts-r9-9s"} <= choices(t, state, a)
    state = play(t, state, a, "pick", choice="loco-ts-r9")
    assert sorted(state["players"][a]["routes"]["ts"]["locos"]) == ["10a", "9s"]
    assert state["factory_pool"] == ["9"]
    t, state, a = two_nines("9", "9s")
    state = play(t, state, a, "pick", choice="loco-ts-r9-9s")
    assert state["box_locos"] == ["9s"] and state["factory_pool"] == []


def test_the_idea_cards_9_and_a_locomotive_from_the_stacks_are_told_apart() -> None:
    # Both wait in one action (an Asian take-a-locomotive space, then the idea card): the first
    # task keeps its ids, the other's name the tile it places.
    t, state, a = with_task({"k": "place_loco", "tile": "9s", "must": True, "src": "idea card"})
    state["players"][a]["pool"].append({"k": "loco", "mode": "loco", "must": False, "src": "t"})
    offered = {s.options["choice"]: s.label for s in t.suggest(state, a)}
    assert offered["loco-sp"] == "#9 locomotive onto St. Petersburg"
    assert offered["loco2-sp"] == "#2 locomotive onto St. Petersburg"
    state = play(t, state, a, "pick", choice="loco2-sp")
    assert state["players"][a]["routes"]["sp"]["locos"] == ["2"]
    state = play(t, state, a, "pick", choice="loco-kiev")
    assert state["players"][a]["routes"]["kiev"]["locos"] == ["9s"]


def test_the_idea_pair_factory_uses_one_token_and_returns_both() -> None:
    t, state, a = with_task({"k": "idea_pair", "must": False, "src": "test"})
    state = play(t, state, a, "pick", choice="pair-keys-medal")
    p = state["players"][a]
    assert p["keys"] == 2 and "keys" not in p["ideas"] and "medal" not in p["ideas"]
    assert p["placed_ideas"] == []  # returned to the box, not placed


def end_player(**extra: object) -> dict:
    p = {"factories": ["2", "3", None, None, None], "doublers": 5, "engineers": [4, 9],
         "bonus_cards": ["extra_engineer"], "moved": {"wood": 9, "green": 4, "bronze": 6,
                                                      "silver": 3, "gold": 2},
         "routes": {"ts": {"tracks": {"wood": 15}, "locos": ["8", "6"]},
                    "sp": {"tracks": {"wood": 9}, "locos": ["4"]},
                    "kiev": {"tracks": {"wood": 7}, "locos": ["3"]}},
         "placed_ideas": [{"token": "medal"}, {"token": "keys"}], "keys": 3,
         "extra_workers": 2}
    p.update(extra)
    return p


def test_end_bonus_cards() -> None:
    t, _ = fresh(2)
    p = end_player()
    expected = {"factories": 8, "doublers": 20, "engineers": 18, "bronze": 6, "green": 4,
                "stations": 20,
                "ideas": 14, "silvergold": 5, "locos": 8 + 6 + 4 + 3, "keys": 20, "workers": 20,
                "extra_engineer": 0}
    got = {card: scoring.bonus_card_points(t.board, p, card) for card in t.board.end_bonus}
    assert got == expected
    assert scoring.bonus_card_points(t.board, end_player(doublers=7), "doublers") == 30
    assert scoring.bonus_card_points(t.board, end_player(doublers=3), "doublers") == 0


def test_engineers_and_factories_that_score_what_you_have() -> None:
    t, state, a = my_turn()
    p = state["players"][a]
    p["engineers"] = [115, 4]  # the additional engineers #15 and (base) #4
    p["routes"]["ts"]["locos"] = ["8", "3"]
    p["routes"]["kiev"]["locos"] = ["5"]
    p["moved"].update({"silver": 4, "gold": 2})
    score = p["score"]
    state = play(t, state, a, "place", space="eng115")
    assert state["players"][a]["score"] == score + 15 + 4
    p = state["players"][a]
    from engine.ultimate import gains, scoring
    from engine.ultimate.ctx import Ctx

    ctx = Ctx(t.board, state, None)  # type: ignore[arg-type]
    gains.expand(ctx, a, t.board.engineers[112]["effects"], False, "engineer #12")
    gains.expand(ctx, a, t.board.factories["10a"]["effects"], False, "#10 factory")
    assert p["score"] == score + 19 + (8 + 5) + (4 + 2)
    assert p["ledger"]["actions"] == 19 + 13 + 6
    assert scoring.measure(t.board, p, {"counts": "best_locos", "n": 4}) == 16


def test_the_end_bonus_card_is_taken_face_down_and_revealed_at_the_final_scoring() -> None:
    # "Choose an end bonus card from the deck and place in front of yourself, face down. This
    # card will score you points during final scoring." / "All players reveal their end bonus
    # cards."
    from engine.core import step

    t, state, a = my_turn()
    other = 1 - a
    before_idea_space(state, a)
    state = play(t, state, a, "place", space="wood3")
    state = play(t, state, a, "pick", choice="wood-sp")
    state = play(t, state, a, "pick", choice="idea-bonus")
    state = play(t, state, a, "pick", choice="card-worker")
    card = sorted(state["end_deck"])[0]
    text = t.board.end_bonus[card]["text"]
    # Looking through the deck is the chooser's secret: no public view, button or log shows it.
    public = t.view(state, None)
    assert text not in str(public) and text not in str(t.view(state, other))
    assert public["end_bonus_deck"] == len(state["end_deck"])
    assert {"choice": "secret", "label": "an end bonus card from the face-down deck"} in \
        public["players"][a]["pending"]
    assert {"choice": f"bonus-{card}", "text": text} in t.view(state, a)["you"]["end_bonus_deck"]
    picked = {"type": "pick", "seat": a, "choice": f"bonus-{card}"}
    assert t.is_secret_move(picked)
    assert all(s.secret for s in t.suggest(state, a) if s.options.get("choice", "")
               .startswith("bonus-"))
    result = step(t, state, picked)
    state = result.state
    public_texts = [e["text"] for e in result.events if e["visibility"] == "public"]
    assert f"{t.view(state, None)['players'][a]['name']} takes an end bonus card and keeps it " \
           "face down." in public_texts
    assert not any(text in x for x in public_texts)
    assert [e["text"] for e in result.events if e["visibility"] == a] == [
        f"Your end bonus card (secret until the final scoring): {text}."]
    for seen in (t.view(state, None), t.view(state, other)):
        assert text not in str(seen)
        assert seen["players"][a]["bonus_cards"] == []
        assert seen["players"][a]["bonus_cards_face_down"] == 1
    assert t.view(state, a)["you"]["end_bonus_cards"] == [{"id": card, "text": text}]
    # The final scoring reveals it to everyone.
    texts: list[str] = []
    while not state["finished"]:
        if state["active"] is not None:
            result = step(t, state, t.legal(state, state["active"])[0])
        else:
            result = step(t, state, {"type": "pass", "seat": t.to_act(state)[0]})
        texts += [e["text"] for e in result.events if e["visibility"] == "public"]
        state = result.state
    assert any(x.endswith(f"for the end bonus card: {text}.") for x in texts)
    assert t.view(state, None)["players"][a]["bonus_cards"] == [{"id": card, "text": text}]
