"""The card appendix's notes and examples, each played out: a Capital Charter taken late, the
Government Land Grant's mixed link and its five free tiles with Perfect Engineering, a Railroad
Executive turned up at set-up, a Service Bounty reached over another player's links."""

from __future__ import annotations

from expansion_kit import expansion_kit, op, show
from rotw_kit import Kit, connect, make_title, set_cubes, small_map_data, walk

from engine.core.rng import Rng, new_rng_state
from engine.rotw import network
from engine.rotw.carddeck import effect
from engine.rotw.mapdef import parse_map
from engine.rotw.reveal import reveal_setup
from engine.rotw.track import cheapest_route
from engine.rotw.tx import Tx


def paid(kit: Kit, seat: int) -> int:
    p = kit.state["players"][seat]
    return 5000 * int(p["bonds"]) - int(p["money"])


def test_a_capital_charter_taken_with_two_links_in_its_city_earns_at_most_four() -> None:
    """The appendix's Paris example, on a six-sided St. Louis: two links run in before the
    charter is taken, so only the four sides left can bring it points."""
    kit = expansion_kit([op("capital-charter-stl", "infinity",
                            {"type": "capital_charter", "city": "St. Louis", "points": 1})])
    connect(kit, 1, "Kansas City", "St. Louis")
    connect(kit, 1, "St. Louis", "Cincinnati")
    show(kit, "capital-charter-stl")
    kit.act({"type": "card", "seat": 0, "card": "capital-charter-stl"})
    ctx = kit.title.context("mini")
    for city in ("Chicago", "Cleveland", "Des Moines", "Mobile"):  # both players build
        path, _ = cheapest_route(kit.state, ctx, kit.seat, city, "St. Louis")
        kit.act({"type": "build", "seat": kit.seat, "start": city, "path": path})
    assert kit.state["players"][0]["score"] == 4
    ends = [lk for lk in kit.state["links"] if "St. Louis" in lk["cities"]]
    assert len(ends) == 6  # every side of the city is taken: no fifth point can come


def grant_kit(**terrain: str) -> Kit:
    data = small_map_data()
    data["terrain"]["hexes"].update(terrain)
    mapdef = parse_map(data)
    kit = Kit(title=make_title(mapdef))
    kit.to_actions()
    return kit


def test_a_land_grant_link_pays_only_its_mountain_and_river() -> None:
    """Two open hexes, a mountain and a river in one link: the grant pays the two open ones."""
    kit = grant_kit(D6="river")
    kit.state["players"][0]["hand"].append("land-grant-1")
    path = walk("G7", ["NW", "NW", "NE", "NE", "E"])  # F6 open, E6 mountain, D6 river, C7 open
    kit.act({"type": "build", "seat": 0, "start": "Cincinnati", "path": path,
             "cards": ["land-grant-1"]})
    assert kit.state["links"][0]["cities"] == ["Cincinnati", "Pittsburgh"]
    assert paid(kit, 0) == 4000 + 3000


def test_a_land_grant_with_perfect_engineering_lays_five_open_tiles_free() -> None:
    kit = grant_kit()
    p = kit.state["players"][0]
    p["hand"].append("land-grant-1")
    p["cards"].append("perfect-engineering-1")
    kit.act({"type": "build", "seat": 0, "start": "Kansas City",
             "path": walk("G1", ["SE", "E", "E", "E", "E"]), "cards": ["land-grant-1"]})
    assert len(kit.state["links"][0]["tiles"]) == 5 and paid(kit, 0) == 0


def test_a_railroad_executive_turned_up_at_set_up_goes_back_into_the_deck() -> None:
    kit = Kit()
    ctx = kit.title.context("mini")
    ops = kit.state["ops"]
    top = ops["deck"][-1]
    ops["deck"].append("railroad-executive-1")  # the next card turned up
    shown = len(ops["display"])
    reveal_setup(Tx(kit.state, ctx, Rng(new_rng_state(5))))
    assert ops["display"][shown:] == [top]
    assert "railroad-executive-1" in ops["deck"]
    # No opening display of any seed shows one.
    for seed in range(1, 41):
        display = Kit(2, seed).state["ops"]["display"]
        assert not any(effect(ctx, c).get("type") == "extra_actions" for c in display), seed


def test_a_service_bounty_is_won_whole_over_another_players_links() -> None:
    """The bounty goes to the deliverer, who owns only the first link of the route."""
    kit = Kit()
    kit.to_actions()
    kit.state["ops"]["display"] = ["bounty-mobile"]
    kit.state["players"][0]["engine"] = 2
    connect(kit, 0, "Atlanta", "Cincinnati")
    connect(kit, 1, "Cincinnati", "Mobile")
    set_cubes(kit, "Atlanta", ["black"])
    kit.act({"type": "deliver", "seat": 0, "city": "Atlanta", "colour": "black",
             "route": ["Atlanta", "Cincinnati", "Mobile"]})
    assert kit.state["players"][0]["score"] == 1 + 2  # its link, and the whole bounty
    assert kit.state["players"][1]["score"] == 1


def test_new_train_goes_to_the_first_player_to_reach_a_level_4_engine() -> None:
    kit = expansion_kit([op("new-train", "green", {"type": "first_engine", "level": 4,
                                                   "points": 4}, start=True)])
    assert "new-train" in kit.state["ops"]["display"]
    kit.state["players"][0]["engine"] = 3
    kit.state["players"][1]["engine"] = 3
    kit.act({"type": "upgrade", "seat": 0})
    assert kit.state["players"][0]["score"] == 4
    assert "new-train" in kit.state["ops"]["discard"]
    kit.act({"type": "upgrade", "seat": 1})
    assert kit.state["players"][1]["score"] == 0


def test_a_trading_depot_leaves_the_link_its_owners_for_goals_and_major_lines() -> None:
    """Trading Depot note: the marked link still counts for its owner alone."""
    kit = expansion_kit([op("trading-depot", "infinity", {"type": "trading_depot",
                                                          "points": 1})])
    show(kit, "trading-depot")
    lid = connect(kit, 1, "Chicago", "Cleveland")
    connect(kit, 0, "Cleveland", "Pittsburgh")
    kit.act({"type": "card", "seat": 0, "card": "trading-depot", "link": lid})
    own = [lk["id"] for lk in network.complete_links(kit.state, 0)]
    assert own and lid not in own
    assert not network.connected(kit.state, 0, "Chicago", "Pittsburgh")
    kit.act({"type": "pass", "seat": 1})
    kit.act({"type": "build", "seat": 0, "start": "Pittsburgh", "path": ["C9", "C10", "C11"]})
    # A build checks the Major Lines: Chicago - Pittsburgh is not seat 0's through the depot.
    chicago_pittsburgh = next(m for m in kit.state["major_lines"] if m["b"] == "Pittsburgh")
    assert chicago_pittsburgh["claimed_by"] is None
