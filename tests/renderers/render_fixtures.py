"""Fixtures for the board renderers: the Eastern U.S. map as the game loads it."""

from __future__ import annotations

import pytest

import maps
from engine.rotw.mapdef import MapDef


@pytest.fixture(scope="session")
def eastern() -> MapDef:
    return maps.load("eastern-us")
