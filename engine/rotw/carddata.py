"""Built-in Eastern U.S. card data (the compendium's appendix), used when no card file is given.

Counts, kinds and effects are the appendix's; which city a city-named card names and the Service
Bounty values are house choices (R16). The shape is the one :mod:`engine.rotw.cards` consumes.
"""

from __future__ import annotations

from typing import Any

_HOTEL_CITIES = ("New York", "Chicago", "Philadelphia", "Boston", "Baltimore", "New Orleans")
_BOUNTIES = (("Duluth", 4), ("Dallas", 4), ("Tulsa", 3), ("Jacksonville", 3), ("Mobile", 2),
             ("Toronto", 2))


def _card(cid: str, name: str, short: str, kind: str, text: str, *, start: bool = False,
          effect: dict[str, Any] | None = None,
          goal: dict[str, Any] | None = None) -> dict[str, Any]:
    card: dict[str, Any] = {"id": cid, "name": name, "short": short, "kind": kind, "text": text,
                            "start": start}
    if effect is not None:
        card["effect"] = effect
    if goal is not None:
        card["goal"] = goal
    return card


def eastern_us_operations() -> list[dict[str, Any]]:
    cards: list[dict[str, Any]] = []
    for i in range(1, 5):
        cards.append(_card(f"city-growth-{i}", "City Growth", "Growth", "x",
                           "Add 2 random goods cubes to a city of your choice.",
                           effect={"type": "city_growth", "cubes": 2}))
        cards.append(_card(f"land-grant-{i}", "Government Land Grant", "Land Grant", "hand",
                           "Open terrain is free during one later Build Track action.",
                           effect={"type": "land_grant"}))
        cards.append(_card(f"new-industry-{i}", "New Industry", "Industry", "x",
                           "Urbanize a gray city for free and add 2 random cubes.",
                           effect={"type": "new_industry", "cubes": 2}))
    for city in _HOTEL_CITIES:
        slug = city.lower().replace(" ", "-").replace(".", "")
        cards.append(_card(f"hotel-{slug}", f"Hotel ({city})", f"Hotel {city}", "infinity",
                           f"+1 point whenever any cube is delivered to {city}.",
                           effect={"type": "hotel", "city": city, "points": 1}))
    for i in range(1, 3):
        cards.append(_card(f"perfect-engineering-{i}", "Perfect Engineering", "Perfect Eng.",
                           "diamond", "Build up to 5 tiles in one link, once per turn.",
                           effect={"type": "max_tiles", "tiles": 5}))
        cards.append(_card(f"railroad-executive-{i}", "Railroad Executive", "Executive", "x",
                           "Take 2 actions at once, but not to take the other Executive.",
                           effect={"type": "extra_actions", "count": 2}))
    for city, pts in _BOUNTIES:
        slug = city.lower().replace(" ", "-")
        cards.append(_card(f"bounty-{slug}", f"Service Bounty ({city})", f"Bounty {city}",
                           "goal", f"First delivery to {city}: +{pts} points.", start=True,
                           goal={"type": "deliver_to", "city": city, "points": pts}))
    cards.append(_card("passenger-lines", "Passenger Lines", "Passenger", "goal",
                       "First to deliver 4 different colours: +4 points.", start=True,
                       goal={"type": "colours_delivered", "count": 4, "points": 4}))
    cards.append(_card("speed-record", "Speed Record", "Speed Record", "goal",
                       "First exactly-3-link delivery: +3 points.", start=True,
                       goal={"type": "delivery_length", "links": 3, "points": 3}))
    cards.append(_card("railroad-era", "The Railroad Era Begins", "Era Begins", "goal",
                       "First delivery: +1 point.", start=True,
                       goal={"type": "first_delivery", "points": 1}))
    return cards


def eastern_us_barons() -> list[dict[str, Any]]:
    def b(cid: str, name: str, text: str, **goal: Any) -> dict[str, Any]:
        return {"id": cid, "name": name, "text": text, "goal": goal}

    return [
        b("farnam", "Henry Farnam", "2 points per own link from Chicago (max 8).",
          type="links_from", city="Chicago", per=2, max=8),
        b("fisk", "James Fisk", "2 points per own link from Mobile (max 8).",
          type="links_from", city="Mobile", per=2, max=8),
        b("gould", "Jay Gould", "7 points if you issued fewer bonds than every other player.",
          type="fewest_bonds", points=7),
        b("harriman", "E.H. Harriman",
          "6 points if your engine is higher than every other player's.",
          type="highest_engine", points=6),
        b("holliday", "Cyrus Holliday", "5 points for building a Western Link.",
          type="western_link", points=5),
        b("hopkins", "Mark Hopkins",
          "6 points if your railroad reaches more cities than any other.",
          type="most_cities", points=6),
        b("judah", "Theodore D. Judah",
          "8 points if your longest unbranched chain of links is longer than every other "
          "player's.", type="longest_railroad", points=8),
        b("morgan", "J.P. Morgan",
          "6 points if you own more complete links than any other player.",
          type="most_links", points=6),
        b("pullman", "George Pullman", "6 points for being first to a level 6 engine.",
          type="first_engine", level=6, points=6),
        b("taylor", "Moses Taylor",
          "5 points if you end with more money than any other player.",
          type="most_money", points=5),
        b("wh-vanderbilt", "Wm. Henry Vanderbilt",
          "6 points if you have more track tiles on the board than any other player.",
          type="most_tiles", points=6),
        b("c-vanderbilt", "Cornelius Vanderbilt", "5 points for connecting New York and Chicago.",
          type="connect", cities=["New York", "Chicago"], points=5),
    ]


def eastern_us_cards() -> dict[str, Any]:
    return {"operations": eastern_us_operations(), "barons": eastern_us_barons()}
