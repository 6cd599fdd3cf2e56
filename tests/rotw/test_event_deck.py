"""The Event Deck: its slots and when cards move, and a scenario for each of the 50 events.

Each event is played on the Eastern U.S. map against a control game that is the same in every
way except that a blank card lies where the event does; the difference is the event's effect."""

from __future__ import annotations

import copy
import itertools
from typing import Any

import pytest
from rotw_kit import Kit, connect, set_cubes

import maps
from engine.core.replay import new_game
from engine.rotw import events, track
from engine.rotw.economy import bag_count
from engine.rotw.title import RotwTitle

TITLE = RotwTitle(maps.load, maps.load_cards)
DECK = maps.load_event_deck()["events"]
FUTURE = [c for c in DECK if c["future"]]
CURRENT = [c for c in DECK if not c["future"]]
WHO = {"all": {0, 1}, "most_links": {0}, "fewest_links": {1}, "most_points": {0},
       "fewest_points": {1}, "highest_engine": {0}}
"""Who each selector names in the set-up below: Ann (seat 0) leads in everything."""


def event_kit(seed: int = 5) -> Kit:
    kit = Kit(2, seed, TITLE, "eastern-us")
    kit.config["options"] = {"event_deck": True}
    kit.state = new_game(TITLE, kit.config)
    kit.to_actions()
    kit.state["ops"]["display"] = []  # no goal cards: only the event changes points
    st = kit.state
    ann = st["players"][0]
    ann["engine"], ann["score"] = 3, 12
    st["players"][1]["score"] = 4
    connect(kit, 0, "New York", "Philadelphia")
    connect(kit, 0, "Philadelphia", "Baltimore")
    connect(kit, 1, "Boston", "Providence")
    return kit


def pair(place: str, cid: str) -> tuple[Kit, Kit]:
    """The event game and its control, the event (or a blank) in the ``place`` slot."""
    kit = event_kit()
    ev = kit.state["events"]
    ev["discard"] += [c for c in (ev["future"], ev["current"]) if c]
    ev["future"] = ev["current"] = None
    control = copy.deepcopy(kit)
    for k, card in ((kit, cid), (control, "blank-1")):
        slots = k.state["events"]
        slots["deck"] = [c for c in slots["deck"] if c not in (cid, "blank-1")]
        if place == "deck":
            slots["deck"] = [card]  # the next card drawn, at the end of this turn
            slots["future"] = "blank-2"
        else:
            slots[place] = card
    return kit, control


def end_turn(kit: Kit) -> None:
    """Pass the last action of the turn (earlier ones are skipped: they would all pass)."""
    kit.all_pass_auction()
    kit.state["round"] = 3
    kit.state["order_pos"] = len(kit.state["turn_order"]) - 1
    turn = kit.state["turn"]
    kit.act({"type": "pass", "seat": kit.seat})
    assert kit.state["turn"] == turn + 1


def money(kit: Kit, seat: int) -> int:
    p = kit.state["players"][seat]
    return int(p["money"]) - 5000 * int(p["bonds"])


@pytest.mark.parametrize("card", FUTURE, ids=[c["id"] for c in FUTURE])
def test_future_event_acts_as_it_enters_the_future_slot(card: dict[str, Any]) -> None:
    kit, control = pair("deck", card["id"])
    e = card["effect"]
    if e["type"] == "add_cubes":
        # Empty a city of the colour so that "only empty" cards have one to fill.
        ctx = TITLE.context("eastern-us")
        for k in (kit, control):
            for cname, c in k.state["cities"].items():
                if c["colour"] == (e["colour"] if e["colour"] != "any" else "gray") \
                        and ctx.city(cname).cubes == 1:
                    k.state["bag"][c["cubes"][0]] += 1 if c["cubes"] else 0
                    c["cubes"] = []
                    break
        before = {c: list(v["cubes"]) for c, v in kit.state["cities"].items()}
    end_turn(kit)
    end_turn(control)
    ev = kit.state["events"]
    assert ev["future"] == card["id"] and ev["current"] == "blank-2"
    assert any(card["name"] in x["text"] for x in kit.events)
    if e["type"] == "add_cubes":
        grown = {c: len(v["cubes"]) - len(before[c]) for c, v in kit.state["cities"].items()
                 if len(v["cubes"]) != len(before[c])}
        assert grown and set(grown.values()) == {e["cubes"]}
        colours = {kit.state["cities"][c]["colour"] for c in grown}
        assert colours == {e["colour"]} or e["colour"] == "any"
        if e.get("limit"):
            assert len(grown) <= e["limit"]
        if e.get("only_empty"):
            assert all(not before[c] for c in grown)
        assert bag_count(kit.state) == bag_count(control.state) - sum(grown.values())
    elif e["type"] == "cash":
        for seat in (0, 1):
            want = e["amount"] if seat in WHO[e["who"]] else 0
            assert money(kit, seat) - money(control, seat) == want
    else:
        for seat in (0, 1):
            want = e["points"] if seat in WHO[e["who"]] else 0
            assert kit.state["players"][seat]["score"] - control.state["players"][seat][
                "score"] == want
    # It acted once: moving on to the Current slot changes nothing more than in the control.
    # (Points move income, so after a points card only points are compared.)
    paid = e["type"] != "points"
    gap = [(paid and money(kit, s) - money(control, s),
            kit.state["players"][s]["score"] - control.state["players"][s]["score"])
           for s in (0, 1)]
    for k in (kit, control):
        k.state["events"]["deck"] = ["blank-3"]
    end_turn(kit)
    end_turn(control)
    assert kit.state["events"]["current"] == card["id"]
    assert any("already acted" in x["text"] for x in kit.events)
    assert gap == [(paid and money(kit, s) - money(control, s),
                    kit.state["players"][s]["score"] - control.state["players"][s]["score"])
                   for s in (0, 1)]


def _build_with(kit: Kit, terrain: str) -> dict[str, Any]:
    """A one- or two-tile build from some city that lays a tile of ``terrain`` (or crosses a
    ridge), legal now."""
    ctx = TITLE.context("eastern-us")
    kind = {"water": ("river", "lake"), "open": ("open",), "mountain": ("mountain",)}
    for city in ctx.mapdef.cities.values():
        for d in sorted(city.entry):
            first = city.hex.neighbour(d)
            for second in [None, *[first.neighbour(x) for x in ("NE", "E", "SE", "SW", "W",
                                                                   "NW")]]:
                path = [first.label] + ([second.label] if second else [])
                if second is not None and (second == city.hex or second in ctx.city_by_hex):
                    continue
                if terrain == "ridge":
                    if second is None or not ctx.is_ridge(first, second):
                        continue
                elif ctx.mapdef.terrain.get(first) not in kind[terrain] or second is not None:
                    continue
                act = {"type": "build", "seat": kit.seat, "start": city.name, "path": path}
                try:
                    track.plan_build(kit.state, ctx, kit.seat, act)
                except Exception:
                    continue
                return act
    raise AssertionError(f"no build crosses {terrain}")


def _deliverable(kit: Kit, colour: str) -> dict[str, Any]:
    """A one-link delivery of a ``colour`` cube (any colour: black) by the seat to act."""
    seat, ctx = kit.seat, TITLE.context("eastern-us")
    want = "black" if colour == "any" else colour
    for dest in sorted(c for c, v in kit.state["cities"].items() if v["colour"] == want):
        for src in sorted(ctx.mapdef.cities):
            if src == dest or ctx.city(src).hex.distance(ctx.city(dest).hex) > 3:
                continue
            try:
                lid = connect(kit, seat, src, dest)
            except Exception:
                continue
            set_cubes(kit, src, [want])
            return {"type": "deliver", "seat": seat, "city": src, "colour": want,
                    "route": [src, dest], "links": [lid]}
    raise AssertionError(f"no {colour} delivery")


@pytest.mark.parametrize("card", CURRENT, ids=[c["id"] for c in CURRENT])
def test_current_event_acts_for_the_turn_it_is_current(card: dict[str, Any]) -> None:
    kit, control = pair("current", card["id"])
    e = card["effect"]
    seat = kit.seat
    kind = e["type"]
    if kind == "terrain_cost":
        act = _build_with(control, e["terrain"])
        before = money(kit, seat)
        kit.act(act)
        control.act(act)
        assert money(kit, seat) - money(control, seat) == -e["delta"] * _count(act, e["terrain"])
        assert before != money(kit, seat)
    elif kind in ("urbanize_cost", "engine_cost"):
        act = {"type": "urbanize", "seat": seat, "city": "Albany", "colour": "blue"} \
            if kind == "urbanize_cost" else {"type": "upgrade", "seat": seat}
        if kind == "urbanize_cost":  # the button prices it as the event makes it
            label = next(s.label for s in TITLE.suggest(kit.state, seat)
                         if s.command == "urbanize")
            cost = TITLE.context("eastern-us").urbanize_cost + e["delta"]
            assert f"(${cost:,})" in label, label
        kit.act(act)
        control.act(act)
        assert money(kit, seat) - money(control, seat) == -e["delta"]
    elif kind in ("income", "dividend"):
        for k in (kit, control):
            for p in k.state["players"]:
                p["score"] += 30  # an income well above any event's cut
                p["bonds"] = 2
        end_turn(kit)
        end_turn(control)
        for s in (0, 1):
            want = e["amount"] if kind == "income" and s in WHO[e["who"]] else 0
            if kind == "dividend":
                want = -2 * e["delta"]
            assert money(kit, s) - money(control, s) == want
    else:
        act = _deliverable(control, e["colour"])
        connect(kit, seat, act["route"][0], act["route"][1])
        set_cubes(kit, act["city"], [act["colour"]])
        kit.act(act)
        control.act(act)
        if kind == "delivery_points":
            assert kit.state["players"][seat]["score"] - control.state["players"][seat][
                "score"] == e["points"]
        else:
            assert money(kit, seat) - money(control, seat) == e["amount"]
    # The card leaves for the discard pile after this turn's Income and Dividends.
    end_turn(kit)
    assert card["id"] in kit.state["events"]["discard"]
    assert kit.state["events"]["current"] != card["id"]


def _count(act: dict[str, Any], terrain: str) -> int:
    ctx = TITLE.context("eastern-us")
    hexes = [ctx.hex(h) for h in act["path"]]
    if terrain == "ridge":
        return sum(1 for a, b in itertools.pairwise(hexes) if ctx.is_ridge(a, b))
    kinds = {"water": ("river", "lake"), "open": ("open",), "mountain": ("mountain",)}[terrain]
    return sum(1 for h in hexes if ctx.mapdef.terrain.get(h) in kinds)


def test_the_deck_holds_the_50_events_without_the_blanks_and_every_card_reads_well() -> None:
    """The box's 4 blank cards are for writing one's own events ("add your own cards with the
    blanks"): unwritten, they are not shuffled in."""
    deck = maps.load_event_deck()
    assert deck["source"] == "house" and deck["blanks"] == 0 and len(DECK) == 50
    now = {"rules_version": TITLE.meta.rules_version}  # the first rules shuffled them in
    assert not [c for c in events.deck_ids(now, TITLE.context("eastern-us"))
                if c.startswith(events.BLANK)]
    assert len({c["id"] for c in DECK}) == 50
    for c in DECK:
        kinds = events.FUTURE_KINDS if c["future"] else events.CURRENT_KINDS
        assert c["effect"]["type"] in kinds, c["id"]
        assert c["text"].startswith("Future Event: ") == c["future"], c["id"]


def test_setup_never_leaves_a_future_event_in_the_future_slot() -> None:
    discarded = []
    for seed in range(1, 9):
        kit = event_kit(seed)
        ev = kit.state["events"]
        assert ev["current"] is None and ev["future"] is not None
        assert not events.card(TITLE.context("eastern-us"), ev["future"])["future"]
        assert all(events.card(TITLE.context("eastern-us"), c)["future"] for c in ev["discard"])
        assert len(ev["deck"]) + len(ev["discard"]) + 1 == 50
        discarded += ev["discard"]
    assert discarded  # some seed drew a Future Event first


def test_at_the_end_of_a_turn_future_becomes_current_and_a_card_is_drawn_by_chance() -> None:
    kit = event_kit()
    ev = kit.state["events"]
    first = ev["future"]
    end_turn(kit)
    ev = kit.state["events"]
    assert ev["current"] == first and ev["future"] not in (None, first)
    assert len(ev["deck"]) + len(ev["discard"]) == 48
    # The draw is recorded on the move that ended the turn.
    assert kit.log[-1]["chance"]
    view = TITLE.view(kit.state, None)
    name = events.card(TITLE.context("eastern-us"), first)["name"]
    assert view["events"]["current"]["name"] == name
    assert view["events"]["future"]["text"]


def test_an_empty_deck_takes_the_discard_pile_as_its_new_deck() -> None:
    kit = event_kit()
    ev = kit.state["events"]
    ev["discard"] += ev["deck"]
    ev["deck"] = []
    end_turn(kit)
    assert any("discard pile is its new deck" in x["text"] for x in kit.events)
    assert kit.state["events"]["future"] is not None
