"""Laying suggested moves out under a board: every one reachable, custom_ids that fit."""

from __future__ import annotations

import discord

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


def whole_words(shown: str, full: str) -> bool:
    """``shown`` is ``full``, or its first whole words followed by an ellipsis."""
    if shown == full:
        return True
    kept = shown.removesuffix("…")
    return shown.endswith("…") and full.startswith(kept) and full[len(kept)] in " ,;:."


def test_labels_are_never_cut_in_the_middle_of_a_word() -> None:
    long = ("Build the #3 factory over factory 2 (space 9, printed factory: 2 steps of any "
            "colour, then one step of its own colour)")
    ending = "Deliver to Washington D.C. for 3 points, which reaches an end of major line " \
        "Washington D.C. - Chicago"
    offered = [Suggestion(long, "build", {"space": i}, group="Build", rank=10 - i,
                          detail=long + " " + long) for i in range(3)]
    offered.append(Suggestion(ending, "deliver", {"city": "x"}, group="Deliver", rank=20))
    view = suggestion_view(7, 1234, offered)
    assert view is not None
    seen = 0
    for item in view.children:
        inner = getattr(item, "item", item)
        label = getattr(inner, "label", None)
        if label:
            assert len(label) <= 80 and any(whole_words(label, s.label) for s in offered), label
            seen += 1
        for option in getattr(inner, "options", []):
            assert len(option.label) <= 100 and whole_words(option.label, long), option.label
            assert option.description and whole_words(option.description, long + " " + long)
            seen += 1
    assert seen >= 4


def test_a_menu_of_one_move_says_choice() -> None:
    offered = [Suggestion(f"Move {i}", "build", {"space": i}, group="Build", rank=10 - i)
               for i in range(2)]
    # Four kinds of one move each: three get buttons, the fourth goes under "More moves".
    offered += [Suggestion(f"{kind} now", kind, group=kind.capitalize(), rank=5)
                for kind in ("deliver", "urbanize", "mine", "upgrade")]
    view = suggestion_view(7, 1234, offered)
    assert view is not None
    placeholders = [str(getattr(c, "item", c).placeholder) for c in view.children
                    if isinstance(getattr(c, "item", None), discord.ui.Select)]
    assert placeholders == ["Build: 2 choices", "More moves: 1 choice"]
