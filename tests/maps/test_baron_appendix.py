"""Every expansion map's Rail Baron cards score the points the compendium's appendix prints:
a fixed award, or so much per link or city up to the card's limit."""

from __future__ import annotations

from typing import Any

import pytest

import maps

Award = int | tuple[int, int | None]
"""Fixed points, or (points per link or city, the card's cap in points or None)."""

APPENDIX: dict[str, dict[str, Award]] = {
    "eastern-us": {
        "Henry Farnam": (2, 8), "James Fisk": (2, 8), "Jay Gould": 7, "E.H. Harriman": 6,
        "Cyrus Holliday": 5, "Mark Hopkins": 6, "Theodore D. Judah": 8, "J.P. Morgan": 6,
        "George Pullman": 6, "Moses Taylor": 5, "Wm. Henry Vanderbilt": 6,
        "Cornelius Vanderbilt": 5},
    "mexico": {
        "Matías Romero": 6, "Pancho Villa": 3, "Patrick Henry Cooney": 6, "Benito Juárez": 6,
        "Don Antonio Escandón": 5, "Ferdinand Maximilian": 6, "José Yves Limantour": 6,
        "Manuel González": 5, "Pofirio Díaz": 5, "Sebastián Lerdo de Tejada": (2, None),
        "William Jackson Palmer": 5},
    "europe": {
        "Dr. Ernst Werner Siemens": 6, "Otto Von Bismarck": 6,
        "Jacob Bronnum Scavenius Estrup": 5, "Alexander Lyman Holley": 5,
        "Czar Nicholas I": (2, 8), "King Alfonso XII": (2, None), "Johannes Scharrer": 6,
        "Friedrich List": 6, "King Charles Albert": 5, "Franz Anton Gerstner": 5},
    "western-us": {
        "Frederick H. Billings": 6, "Thomas Clark Durant": 6, "Jay Gould": 6, "David Moffat": 6,
        "Leland Stanford": 6, "E.H. Harriman": 6, "Henry Villard": (2, 8),
        "Collis P. Huntington": 8, "Jay Cooke": 6, "Mark Hopkins": (2, 8),
        "Cyrus K. Holliday": (3, None), "James J. Hill": (3, None)},
    "great-britain": {
        "George Hudson": 5, "George Stephenson": 5, "Daniel Gooch": 6, "Joseph Locke": 5,
        "Joseph Pease": 5, "Nicholas Wood": 5, "Robert Stephenson": 6,
        "Arthur Wellesley Duke of Wellington": 6, "Edward Pease": 5,
        "Isambard Kingdom Brunel": (2, 8)},
    "north-america": {
        "Alexander Galt": 6, "Donald Smith": 6, "Francis Hincks": (2, 8),
        "George-Etienne Cartier": 6, "George Stephen": 8, "John MacDonald": 8, "John Molson": 8,
        "John Young": (2, None), "Casimir Gzowski": (2, 8), "William Van Horne": 6,
        "Thomas Shaugnessy": 6, "Sandford Fleming": 6},
    "nippon": {
        "Masaru Inoue": 8, "Ichizo Kobayashi": (1, 8), "Shuzo Toyama": (2, 8),
        "Kaemon Takashima": 8, "Keita Goto": (1, None), "Kaichiro Nezu": 7,
        "Keijiro Amemiya": (1, None), "Noritsugu Hayakawa": (2, 8), "Hisanshige Tanaka": 7,
        "Aensuke Osawa": (1, None)},
}
MADERO = {"2": 3, "3": 4, "4": 5}
"""Francisco I. Madero (Mexico, Black Star): 3, 4 or 5 points for 2, 3 or 4 Hotels."""


def award(goal: dict[str, Any]) -> Award:
    per = goal.get("per_link", goal.get("per_city"))
    if per is None:
        return int(goal["points"])
    cap = goal.get("max")
    return int(per), None if cap is None else int(cap)


@pytest.mark.parametrize("map_id", sorted(APPENDIX))
def test_rail_barons_score_what_the_appendix_prints(map_id: str) -> None:
    barons = {b["name"]: b["goal"] for b in maps.load_cards(map_id)["barons"]
              if not b.get("transcontinental")}
    if map_id == "mexico":
        assert barons.pop("Francisco I. Madero")["by_count"] == MADERO
    assert {name: award(goal) for name, goal in barons.items()} == APPENDIX[map_id]
