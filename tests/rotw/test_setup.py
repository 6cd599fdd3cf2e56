from __future__ import annotations

import json

import pytest
from rotw_kit import CITIES, Kit

from engine.core.errors import IllegalAction
from engine.rotw.carddata import eastern_us_operations


@pytest.mark.parametrize("n", [2, 3, 4, 6])
def test_cubes_follow_printed_counts_with_reduction_for_small_games(n: int) -> None:
    kit = Kit(n, seed=3)
    for name, _hex, _colour, printed, _entry, _flags in CITIES:
        want = max(1, printed - 1) if n <= 3 else printed
        assert len(kit.state["cities"][name]["cubes"]) == want, name
    total = sum(len(c["cubes"]) for c in kit.state["cities"].values())
    assert sum(kit.state["bag"].values()) == 125 - total


def test_cube_draws_differ_between_seeds() -> None:
    a, b = Kit(4, seed=1), Kit(4, seed=2)
    assert [c["cubes"] for c in a.state["cities"].values()] != \
        [c["cubes"] for c in b.state["cities"].values()]


@pytest.mark.parametrize("n", [2, 5])
def test_operations_display_has_start_cards_four_bounties_and_two_per_player(n: int) -> None:
    kit = Kit(n, seed=9)
    by_id = {c["id"]: c for c in eastern_us_operations()}
    display = kit.state["ops"]["display"]
    bounties = [c for c in display if by_id[c].get("goal", {}).get("type") == "deliver_to"]
    assert len(bounties) == 4
    other_start = [c for c in display if by_id[c]["start"] and c not in bounties]
    assert sorted(other_start) == ["passenger-lines", "railroad-era", "speed-record"]
    dealt = [c for c in display if not by_id[c]["start"]]
    assert len(dealt) == 2 * n
    assert not any(c.startswith("railroad-executive") for c in dealt)
    assert len(display) + len(kit.state["ops"]["deck"]) == 31 - 2  # two bounties left the game


def test_players_start_poor_with_engine_one_and_two_baron_choices() -> None:
    kit = Kit(4)
    dealt = []
    for p in kit.state["players"]:
        assert (p["money"], p["bonds"], p["engine"], p["score"]) == (0, 0, 1, 0)
        assert len(p["baron_choices"]) == 2
        dealt += p["baron_choices"]
    assert len(set(dealt)) == 8
    assert kit.title.to_act(kit.state) == [0, 1, 2, 3]


def test_baron_choice_is_simultaneous_private_and_then_seat_0_bids() -> None:
    kit = Kit(3)
    p1 = kit.state["players"][1]
    keep = p1["baron_choices"][1]
    events = kit.act({"type": "choose_baron", "seat": 1, "card": keep})
    assert kit.title.to_act(kit.state) == [0, 2]
    private = [e for e in events if e["visibility"] == 1]
    assert private and all(keep not in json.dumps(e) for e in events if e["visibility"] ==
                           "public")
    assert keep not in json.dumps(kit.title.view(kit.state, None))
    assert kit.title.view(kit.state, 1)["you"]["baron"]["id"] == keep
    assert kit.title.view(kit.state, 0)["you"]["baron"] is None
    with pytest.raises(IllegalAction) as err:
        kit.act({"type": "choose_baron", "seat": 0, "card": keep})
    assert err.value.code == "bad_baron"
    with pytest.raises(IllegalAction):
        kit.act({"type": "choose_baron", "seat": 1, "card": keep})
    for s in (0, 2):
        kit.act({"type": "choose_baron", "seat": s,
                 "card": kit.state["players"][s]["baron_choices"][0]})
    assert kit.state["phase"] == "auction"
    assert kit.title.to_act(kit.state) == [0]
