"""Railroad Inspector (England and Wales): a held card that stops another player's delivery."""

from __future__ import annotations

from typing import Any

import pytest
from expansion_kit import expansion_kit, give, op, show
from rotw_kit import Kit, connect, set_cubes

from engine.core.errors import IllegalAction

INSPECTOR = {"type": "railroad_inspector", "once_per_victim": True}


def inspector_kit(n: int = 2, effect: dict[str, Any] | None = None) -> Kit:
    """Two Inspector cards in the deck; the mover (``kit.seat``) owns Cleveland-Pittsburgh and
    Cleveland holds two blue cubes. No goal cards, so points are only the link's."""
    kit = expansion_kit([op("inspector", "hand", effect or INSPECTOR, count=2)], n=n)
    kit.state["ops"]["display"] = []
    connect(kit, kit.seat, "Cleveland", "Pittsburgh", ["C6", "C7", "C8"])
    set_cubes(kit, "Cleveland", ["blue", "blue"])
    return kit


def declare(kit: Kit) -> list[Any]:
    return kit.act({"type": "deliver", "seat": kit.seat, "city": "Cleveland", "colour": "blue",
                    "route": ["Cleveland", "Pittsburgh"]})


def test_a_holder_stops_the_delivery_cube_stays_no_points_card_discarded_action_spent() -> None:
    kit = inspector_kit()
    mover = kit.seat
    holder = 1 - mover
    give(kit, holder, "inspector#1")
    bag = dict(kit.state["bag"])
    round_before = (kit.state["round"], kit.state["order_pos"])
    events = declare(kit)
    assert kit.state["phase"] == "respond"
    assert kit.title.to_act(kit.state) == [holder]
    assert any(ev["type"] == "delivery_declared" for ev in events)
    # Nothing of the delivery has happened yet.
    assert kit.state["cities"]["Cleveland"]["cubes"] == ["blue", "blue"]
    assert kit.title.legal(kit.state, holder) == [{"type": "inspect", "seat": holder},
                                                  {"type": "allow", "seat": holder}]
    assert kit.title.legal(kit.state, mover) == []
    view = kit.title.view(kit.state, None)
    assert view["pending_delivery"] == {"seat": mover, "colour": "blue", "from": "Cleveland",
                                        "to": "Pittsburgh", "route": ["Cleveland", "Pittsburgh"],
                                        "links": [1], "asked": [holder]}
    assert view["current_seat"] == holder
    with pytest.raises(IllegalAction) as err:
        kit.act({"type": "pass", "seat": holder})
    assert err.value.code == "respond"

    events = kit.act(kit.title.command_to_action(kit.state, holder, "inspect", {}))
    st = kit.state
    assert st["phase"] == "actions" and st["pending"] is None
    assert st["cities"]["Cleveland"]["cubes"] == ["blue", "blue"]
    assert st["bag"] == bag
    assert [p["score"] for p in st["players"]] == [0, 0]
    assert "inspector#1" not in st["players"][holder]["hand"]
    assert "inspector#1" in st["ops"]["discard"]
    assert st["players"][mover]["inspected"] is True
    assert any(ev["type"] == "inspected" for ev in events)
    # The mover's action is spent: the next seat acts, as after any action.
    assert (st["round"], st["order_pos"]) != round_before
    assert kit.seat == holder
    assert "pending_delivery" not in kit.title.view(st, None)


def test_an_allowed_delivery_goes_ahead_and_the_holder_keeps_the_card() -> None:
    kit = inspector_kit()
    mover, holder = kit.seat, 1 - kit.seat
    give(kit, holder, "inspector#1")
    declare(kit)
    kit.act(kit.title.command_to_action(kit.state, holder, "allow", {}))
    st = kit.state
    assert st["phase"] == "actions" and st["pending"] is None
    assert st["cities"]["Cleveland"]["cubes"] == ["blue"]
    assert st["players"][mover]["score"] == 1
    assert st["players"][holder]["hand"] == ["inspector#1"]
    assert not st["players"][mover]["inspected"]
    assert kit.seat == holder


def test_no_player_is_stopped_twice_so_the_second_delivery_asks_nobody() -> None:
    kit = inspector_kit()
    mover, holder = kit.seat, 1 - kit.seat
    give(kit, holder, "inspector#1")
    give(kit, holder, "inspector#2")
    declare(kit)
    kit.act({"type": "inspect", "seat": holder})
    kit.act({"type": "pass", "seat": holder})
    assert kit.seat == mover
    declare(kit)  # the holder still has a card, but this mover was already stopped
    assert kit.state["phase"] == "actions"
    assert kit.state["cities"]["Cleveland"]["cubes"] == ["blue"]
    assert kit.state["players"][mover]["score"] == 1
    assert kit.state["players"][holder]["hand"] == ["inspector#2"]


def test_without_the_once_limit_a_second_card_may_stop_the_same_player() -> None:
    kit = inspector_kit(effect={"type": "railroad_inspector", "once_per_victim": False})
    holder = 1 - kit.seat
    give(kit, holder, "inspector#1")
    give(kit, holder, "inspector#2")
    declare(kit)
    kit.act({"type": "inspect", "seat": holder})
    kit.act({"type": "pass", "seat": holder})
    declare(kit)
    assert kit.title.to_act(kit.state) == [holder]


def test_no_step_when_nobody_holds_the_card_or_only_the_mover_does() -> None:
    kit = inspector_kit()
    mover = kit.seat
    show(kit, "inspector#1")  # in the display, held by nobody
    give(kit, mover, "inspector#2")  # one's own Inspector never stops one's own delivery
    events = declare(kit)
    assert kit.state["phase"] == "actions"
    assert not any(ev["type"] == "delivery_declared" for ev in events)
    assert kit.state["players"][mover]["score"] == 1


def test_two_holders_answer_in_turn_order_and_either_may_stop_it() -> None:
    kit = inspector_kit(n=3)
    mover = kit.seat
    order = kit.state["turn_order"]
    i = order.index(mover)
    first, second = order[(i + 1) % 3], order[(i + 2) % 3]
    give(kit, second, "inspector#2")
    give(kit, first, "inspector#1")
    declare(kit)
    assert kit.title.to_act(kit.state) == [first]
    kit.act({"type": "allow", "seat": first})
    assert kit.state["phase"] == "respond" and kit.title.to_act(kit.state) == [second]
    assert kit.state["cities"]["Cleveland"]["cubes"] == ["blue", "blue"]
    kit.act({"type": "inspect", "seat": second})
    assert kit.state["cities"]["Cleveland"]["cubes"] == ["blue", "blue"]
    assert kit.state["players"][first]["hand"] == ["inspector#1"]
    assert kit.state["players"][second]["hand"] == []
    assert kit.seat == first


def test_an_illegal_delivery_is_refused_before_anyone_is_asked() -> None:
    kit = inspector_kit()
    give(kit, 1 - kit.seat, "inspector#1")
    with pytest.raises(IllegalAction):
        kit.act({"type": "deliver", "seat": kit.seat, "city": "Cleveland", "colour": "red",
                 "route": ["Cleveland", "Pittsburgh"]})
    assert kit.state["phase"] == "actions"


def test_taking_the_card_keeps_it_in_hand() -> None:
    kit = inspector_kit()
    seat = kit.seat
    show(kit, "inspector#1")
    events = kit.act({"type": "card", "seat": seat, "card": "inspector#1"})
    assert kit.state["players"][seat]["hand"] == ["inspector#1"]
    assert any("stop one later delivery" in ev["text"] for ev in events)


def test_great_britain_cards_can_be_played() -> None:
    maps = pytest.importorskip("maps")
    from engine.rotw.carddeck import operation_ids
    from engine.rotw.inspector import holders
    from engine.rotw.title import RotwTitle

    title = RotwTitle(maps.load, maps.load_cards)
    kit = Kit(3, 5, title, "great-britain")
    kit.to_actions()
    ctx = title.context("great-britain")
    ids = [c for c in operation_ids(ctx) if c.startswith("railroad-inspector")]
    assert len(ids) == 2
    mover = kit.seat
    other = next(s for s in kit.state["turn_order"] if s != mover)
    give(kit, other, ids[0])
    assert holders(kit.state, ctx, mover) == [other]
    kit.state["players"][mover]["inspected"] = True
    assert holders(kit.state, ctx, mover) == []
