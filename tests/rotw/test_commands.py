from __future__ import annotations

import pytest
from rotw_kit import Kit, actions_kit, connect

import maps
from engine.core import new_game
from engine.core.errors import IllegalAction
from engine.rotw.title import RotwTitle


def test_command_specs_cover_every_move() -> None:
    kit = Kit(2)
    names = {c.name for c in kit.title.meta.commands}
    assert names == {"build", "deliver", "bid", "pass", "upgrade", "urbanize", "card", "baron",
                     "westernlink", "mine", "inspect", "allow", "returnbonds",
                     "auction", "dividend", "merge", "vote"}  # the last four: Advanced Game
    assert kit.title.meta.colours == ("black", "green", "yellow", "purple", "red", "blue")
    assert (kit.title.meta.min_players, kit.title.meta.max_players) == (2, 6)
    assert kit.title.meta.map("eastern-us") is not None


def test_simple_commands_become_actions_that_apply() -> None:
    kit = Kit(2)
    choice = kit.state["players"][0]["baron_choices"][1]
    act = kit.title.command_to_action(kit.state, 0, "baron", {"card": choice})
    assert act == {"type": "choose_baron", "seat": 0, "card": choice}
    kit.act(act)
    other = kit.state["players"][1]["baron_choices"][0]
    kit.act({"type": "choose_baron", "seat": 1, "card": other})
    act = kit.title.command_to_action(kit.state, 0, "bid", {"amount": 3})
    assert act["amount"] == 3000
    kit.act(act)
    kit.act(kit.title.command_to_action(kit.state, 1, "pass", {}))
    act = kit.title.command_to_action(kit.state, 0, "urbanize",
                                      {"city": "cleveland", "colour": "Blue"})
    assert act == {"type": "urbanize", "seat": 0, "city": "Cleveland", "colour": "blue"}
    kit.act(act)
    kit.act(kit.title.command_to_action(kit.state, 1, "upgrade", {}))
    assert kit.state["players"][1]["engine"] == 2


def test_westernlink_and_card_commands() -> None:
    kit = actions_kit()
    connect(kit, 0, "Des Moines", "Kansas City")
    act = kit.title.command_to_action(kit.state, 0, "westernlink", {"city": "des moines"})
    kit.act(act)
    assert kit.state["western_links"][0]["city"] == "Des Moines"
    kit.state["ops"]["display"].append("city-growth-2")
    act = kit.title.command_to_action(kit.state, 1, "card", {"card": "city-growth-2",
                                                             "city": "atlanta"})
    assert act["city"] == "Atlanta"
    kit.act(act)


def test_build_from_an_open_end_by_its_hex() -> None:
    kit = actions_kit()
    kit.act({"type": "build", "seat": 0, "start": "Kansas City", "path": ["G2"]})
    kit.act({"type": "pass", "seat": 1})
    act = kit.title.command_to_action(kit.state, 0, "build", {"from": "G2", "to": "St. Louis"})
    assert act["start"] == "link:1" and act["path"] == ["G3", "G4"]
    with pytest.raises(IllegalAction, match="no city called Gotham"):
        kit.title.command_to_action(kit.state, 0, "build", {"from": "Gotham", "to": "Chicago"})


@pytest.mark.parametrize("command", ["baron", "bid", "inspect", "allow"])
def test_a_move_of_another_phase_is_refused_in_commands_not_action_types(command: str) -> None:
    kit = actions_kit()
    seat = kit.title.to_act(kit.state)[0]
    options = {"card": "x"} if command == "baron" else {"amount": 5} if command == "bid" else {}
    act = kit.title.command_to_action(kit.state, seat, command, options)
    with pytest.raises(IllegalAction) as refused:
        kit.act(act)
    text = refused.value.message
    assert text.startswith(f"/{command} is not open now: this is the action round")
    assert "/build" in text and "/westernlink" in text and "or /pass" in text
    for internal in ("choose_baron", "western_link", "'bid'"):
        assert internal not in text


@pytest.mark.parametrize(("map_id", "options", "named", "unnamed"), [
    ("europe", {}, [], ["/westernlink", "/mine"]),
    ("europe", {"mines": True}, ["/mine"], ["/westernlink"]),
    ("eastern-us", {}, ["/westernlink"], ["/mine"]),
])
def test_the_action_round_refusal_names_only_the_moves_this_game_has(
        map_id: str, options: dict[str, bool], named: list[str], unnamed: list[str]) -> None:
    kit = Kit(2, 1, title=RotwTitle(maps.load, maps.load_cards), map_id=map_id)
    kit.config["options"] = options
    kit.state = new_game(kit.title, kit.config)
    kit.to_actions()
    seat = kit.title.to_act(kit.state)[0]
    with pytest.raises(IllegalAction) as refused:
        kit.act(kit.title.command_to_action(kit.state, seat, "bid", {"amount": 5}))
    text = refused.value.message
    assert "/build" in text and "or /pass" in text
    for command in named:
        assert command in text
    for command in unnamed:
        assert command not in text
