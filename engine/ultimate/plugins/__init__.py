"""The boards and modules of Ultimate Railroads beyond the core game, each a plug-in of its own.

This package is the composition point: importing it registers the shipped plug-ins with the core
(``engine.ultimate.hooks``) and adds the boards' printed components to the title's data. The core
never imports it; the title does, so every game sees the same set. The order below is the order
their setup hooks draw from a game's generator.
"""

from __future__ import annotations

from engine.ultimate import hooks
from engine.ultimate.data import DATA
from engine.ultimate.plugins import (
    additional_engineers,
    american,
    asian,
    coal,
    german,
    manufactory_train,
    special_ideas,
)

SHIPPED = (german.PLUGIN, american.PLUGIN, asian.PLUGIN, manufactory_train.PLUGIN, coal.PLUGIN,
           special_ideas.PLUGIN, additional_engineers.PLUGIN)

for _plugin in SHIPPED:
    if _plugin not in hooks.plugins():
        hooks.register(_plugin)
        if _plugin.data is not None:
            _plugin.data(DATA)
