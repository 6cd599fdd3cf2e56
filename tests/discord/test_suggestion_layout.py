"""Laying suggested moves out under a board: every one reachable, custom_ids that fit."""

from __future__ import annotations

from bot.discord.buttons import MAX_CUSTOM_ID, suggestion_key, suggestion_view
from engine.core import Suggestion


def reachable(view_items: list[object]) -> tuple[set[str], set[str]]:
    labels: set[str] = set()
    ids: set[str] = set()
    for item in view_items:
        inner = getattr(item, "item", item)
        ids.add(str(getattr(inner, "custom_id", "")))
        if getattr(inner, "label", None):
            labels.add(str(inner.label))
        for option in getattr(inner, "options", []):
            labels.add(str(option.label))
    return labels, ids


def test_every_suggestion_is_on_a_button_or_in_a_menu() -> None:
    kinds = ["Deliver", "Build", "Card", "Engine", "Urbanize", "Mine", "Western Link"]
    offered = [
        Suggestion(f"{kind} {i} " + "x" * 60, kind.lower().replace(" ", ""),
                   {"city": f"City number {i} " + "y" * 40}, group=kind, rank=100 - i)
        for kind in kinds
        for i in range(1 if kind in ("Engine", "Urbanize", "Mine") else 3)
    ]
    offered.append(Suggestion("Pass", "pass", group="Pass", rank=-1, style="secondary",
                              confirm="Pass anyway?"))
    view = suggestion_view(7, 1234, offered)
    assert view is not None
    labels, ids = reachable(list(view.children))
    assert {s.label[:100] for s in offered if s.label[:80] not in labels} <= labels
    assert all(len(cid) <= MAX_CUSTOM_ID for cid in ids)
    buttons = [c for c in view.children if getattr(getattr(c, "item", c), "label", None)]
    assert 0 < len(buttons) <= 4, "room for My hand"
    # A move that asks first is carried by its key, never made straight away.
    assert any(cid.endswith(suggestion_key(offered[-1])) for cid in ids)


def test_no_suggestions_no_view() -> None:
    assert suggestion_view(7, 1, []) is None
