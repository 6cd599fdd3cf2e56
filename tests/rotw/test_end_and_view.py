from __future__ import annotations

import json

from rotw_kit import Kit, actions_kit, connect, set_cubes

from engine.rotw.carddeck import baron as card
from engine.rotw.flow import finish
from engine.rotw.tx import Tx

VIEW_KEYS = {"title", "map", "phase", "turn", "round", "current_seat", "to_act", "first_player",
             "turn_order", "auction", "players", "cities", "links", "western_links",
             "operations_display", "major_lines", "time_lines", "ecm", "bag", "final",
             "rotors", "fuel_depots", "trading_depots", "mines", "hotels", "mini_expansions",
             "events", "switches", "transcontinental", "news"}
PLAYER_KEYS = {"seat", "name", "colour", "money", "bonds", "engine", "score", "income", "links",
               "cards", "wraps", "depots", "mines", "switches", "held_cube",
               "inspected", "colours_delivered"}


def pass_turn(kit: Kit) -> None:
    turn = kit.state["turn"]
    while kit.state["turn"] == turn and not kit.state["finished"]:
        if kit.state["phase"] == "auction":
            kit.all_pass_auction()
        else:
            kit.act({"type": "pass", "seat": kit.seat})


def test_last_ecm_ends_the_game_after_one_more_full_turn() -> None:
    kit = actions_kit(2)
    kit.state["ops"]["display"] = []
    connect(kit, 0, "Cleveland", "Chicago")
    kit.state["ecm"]["needed"] = 1
    set_cubes(kit, "Cleveland", ["red"])
    events = kit.act({"type": "deliver", "seat": 0, "city": "Cleveland", "colour": "red",
                      "route": ["Cleveland", "Chicago"]})
    assert any(e["type"] == "end_triggered" for e in events)
    pass_turn(kit)
    assert kit.state["turn"] == 2 and not kit.state["finished"]
    pass_turn(kit)
    assert kit.state["finished"] and kit.state["phase"] == "finished"
    assert kit.title.to_act(kit.state) == []


def test_urbanizing_after_the_trigger_does_not_extend_the_game() -> None:
    kit = actions_kit(2)
    kit.state["ecm"]["needed"] = 1
    set_cubes(kit, "Cleveland", [])
    kit.state["cities"]["Cleveland"]["ecm"] = True
    kit.state["ecm"].update(placed=1, end_triggered=True, last_turn=2)
    kit.act({"type": "urbanize", "seat": 0, "city": "Cleveland", "colour": "blue"})
    assert kit.state["ecm"]["placed"] == 0 and kit.state["ecm"]["end_triggered"]
    pass_turn(kit)
    pass_turn(kit)
    assert kit.state["finished"]


def final_kit() -> Kit:
    kit = actions_kit(3)
    for p in kit.state["players"]:
        p["baron"] = None
    return kit


def test_final_scores_subtract_bonds_and_add_barons() -> None:
    kit = final_kit()
    a, b, c = kit.state["players"]
    a["score"], a["wraps"], a["bonds"], a["baron"] = 20, 1, 3, "c-vanderbilt"
    b["score"], b["bonds"] = 40, 0
    c["score"], c["bonds"] = 10, 9
    connect(kit, 0, "Chicago", "Cleveland")
    connect(kit, 0, "Cleveland", "Pittsburgh", ["C6", "C7", "C8"])
    connect(kit, 0, "Pittsburgh", "New York")
    finish(Tx(kit.state, kit.title.context("mini"), None))  # type: ignore[arg-type]
    final = kit.state["final"]
    assert [s["score"] for s in final["scores"]] == [120 - 3 + 5, 40, 1]
    assert final["scores"][0]["baron_points"] == 5 and final["scores"][0]["bond_penalty"] == 3
    assert final["winner"] == 0


def test_ties_go_to_most_links_then_most_money() -> None:
    kit = final_kit()
    for p in kit.state["players"]:
        p["score"] = 30
    kit.state["players"][2]["score"] = 10
    connect(kit, 1, "Chicago", "Cleveland")
    tx = Tx(kit.state, kit.title.context("mini"), None)  # type: ignore[arg-type]
    finish(tx)
    assert kit.state["final"]["winner"] == 1
    over = [e["text"] for e in tx.events if e["type"] == "game_over"]
    assert over == ["Game over: Bob wins with 30 points, tied on points with Alice and ahead on "
                    "the tie-break: more complete links (1 to 0)."]
    kit = final_kit()
    for p in kit.state["players"]:
        p["score"] = 30
    for seat, money in enumerate((1000, 2000, 4000)):
        kit.state["players"][seat]["money"] = money
    tx = Tx(kit.state, kit.title.context("mini"), None)  # type: ignore[arg-type]
    finish(tx)
    assert kit.state["final"]["winner"] == 2
    over = [e["text"] for e in tx.events if e["type"] == "game_over"]
    assert over[0].endswith("tied on points with Bob and Alice and ahead on the tie-break: "
                            "more money ($4,000 to $2,000).")


def test_public_view_has_exactly_the_renderer_keys_and_no_secrets() -> None:
    kit = Kit(3)
    secret = kit.state["players"][1]["baron_choices"]
    view = kit.title.view(kit.state, None)
    assert set(view) == VIEW_KEYS
    assert view["phase"] == "baron" and view["current_seat"] is None
    assert all(set(p) == PLAYER_KEYS for p in view["players"])
    text = json.dumps(view)
    assert all(f'"{c}"' not in text for c in secret)
    mine = kit.title.view(kit.state, 1)
    assert set(mine) == VIEW_KEYS | {"you"}
    assert [b["id"] for b in mine["you"]["baron_choices"]] == secret
    assert all(b["name"] and b["text"] for b in mine["you"]["baron_choices"])
    assert all(f'"{c}"' not in json.dumps(kit.title.view(kit.state, 0)) for c in secret)
    city = view["cities"][0]
    assert set(city) == {"name", "hex", "colour", "printed_colour", "urbanized", "cubes", "ecm"}


def test_view_during_actions_and_auction() -> None:
    kit = Kit(2)
    kit.skip_barons()
    kit.act({"type": "bid", "seat": 0, "amount": 1000})
    view = kit.title.view(kit.state, None)
    assert view["auction"] == {"high_bid": 1000, "high_seat": 0, "passed": []}
    assert view["current_seat"] == 1 and view["round"] is None
    kit.act({"type": "pass", "seat": 1})
    kit.act({"type": "build", "seat": 0, "start": "Kansas City", "path": ["G2"]})
    view = kit.title.view(kit.state, None)
    assert view["links"][0] == {"id": 1, "owner": 0, "cities": ["Kansas City", None],
                                "hexes": ["G2"], "complete": False,
                                "tiles": [{"hex": "G2", "sides": ["W", "E"], "crossing": False}]}
    assert view["players"][0]["links"] == 0 and view["round"] == 1 and view["current_seat"] == 1
    assert view["ecm"] == {"placed": 0, "needed": 4, "end_triggered": False, "last_turn": None}


def test_final_standings_give_every_place_and_where_the_points_came_from() -> None:
    kit = final_kit()
    a, b, c = kit.state["players"]
    a["score"], a["wraps"], a["bonds"], a["baron"] = 20, 1, 3, "c-vanderbilt"
    b["score"], b["bonds"] = 40, 0
    c["score"], c["bonds"] = 11, 10
    assert "Final standings" not in kit.title.summary(kit.state), "only once the game is over"
    finish(Tx(kit.state, kit.title.context("mini"), None))  # type: ignore[arg-type]
    lines = kit.title.summary(kit.state).split("\n")
    baron = card(kit.title.context("mini"), "c-vanderbilt")["name"]
    assert lines == [
        "Final standings:",
        f"1. {a['name']} 117 points (track 120, Rail Baron {baron} +0, bonds -3)",
        f"2. {b['name']} 40 points (track 40)",
        f"3. {c['name']} 1 point (track 11, bonds -10)",
    ]


def test_the_status_line_names_the_phase_in_words() -> None:
    kit = Kit(2)
    assert kit.title.summary(kit.state).startswith("Turn 1, choosing Rail Barons. Points: ")
    kit.skip_barons()
    assert kit.title.summary(kit.state).startswith("Turn 1, first-player auction. Points: ")
    kit.all_pass_auction()
    assert kit.title.summary(kit.state).startswith("Turn 1, action round 1. Points: ")


def test_the_finished_panel_ranks_by_the_final_standings_as_the_text_does() -> None:
    """The game-over panel numbers the players as the text standings do: winner first."""
    from renderers.rotw.panel import ecm_line

    kit = final_kit()
    a, b, c = kit.state["players"]
    a["score"], b["score"], c["score"] = 5, 40, 12
    kit.state["ecm"].update(placed=kit.state["ecm"]["needed"] + 2, end_triggered=True)
    finish(Tx(kit.state, kit.title.context("mini"), None))  # type: ignore[arg-type]
    view = kit.title.view(kit.state, None)
    shown = [(s["place"], s["seat"]) for s in view["final"]["scores"]]
    text = kit.title.summary(kit.state).split("\n")[1:]
    assert shown == [(1, b["seat"]), (2, c["seat"]), (3, a["seat"])]
    assert [line.split(" ")[1] for line in text] == [b["name"], c["name"], a["name"]]
    assert view["final"]["winner"] == b["seat"]
    needed = kit.state["ecm"]["needed"]
    assert ecm_line(view, False) == f"Empty city markers: {needed + 2} ({needed} ended the game)"


def test_the_marker_line_says_how_much_play_is_left() -> None:
    """"When the final Empty City Marker is placed, complete the current turn and then play one
    more full turn.\""""
    from renderers.rotw.panel import ecm_line

    kit = actions_kit(2)
    needed = kit.state["ecm"]["needed"]
    assert ecm_line(kit.title.view(kit.state, None), False) == \
        f"Empty city markers: 0 of {needed}"
    turn = kit.state["turn"]
    kit.state["ecm"].update(placed=needed, end_triggered=True, last_turn=turn + 1)
    assert ecm_line(kit.title.view(kit.state, None), False) == \
        f"Empty city markers: {needed} of {needed} \N{EM DASH} one more turn after this"
    kit.state["turn"] = turn + 1
    assert ecm_line(kit.title.view(kit.state, None), False) == \
        f"Empty city markers: {needed} of {needed} \N{EM DASH} last turn!"
    # The Advanced Game ends with the turn the count is reached in; markers past it say so.
    advanced = {"phase": "dividends", "turn": 4, "ecm": {"placed": 7, "needed": 5}}
    assert ecm_line(advanced, this_turn=True) == \
        "Empty city markers: 7 (5 end the game) \N{EM DASH} last turn!"
