from __future__ import annotations

import pytest
from rotw_kit import Kit


@pytest.fixture
def kit() -> Kit:
    return Kit()
