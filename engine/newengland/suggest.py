"""Moves worth offering a seat by click, and the legal values of each command option.

Built on ``NewEnglandTitle.legal`` so that every suggestion is a move the rules allow; labels
say what a move does in dollars and income.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.title import OptionValue, Suggestion
from engine.core.types import Action, State
from engine.newengland import auction, money
from engine.newengland.board import Board
from engine.newengland.commands import city_named
from engine.newengland.context import dollars
from engine.newengland.shipping import route_links

MAX_SHIPMENTS = 12
BID_CHOICES = 4


def gains(board: Board, state: State, route: list[str]) -> dict[int, int]:
    """Income each link owner gains from a shipment along ``route``."""
    out: dict[int, int] = {}
    for link in route_links(board, state, route) or []:
        owner = state["links"][link.id]["owner"]
        out[owner] = out.get(owner, 0) + 1
    return out


def ranked_shipments(board: Board, state: State, seat: int,
                     legal: list[Action]) -> list[tuple[Action, int, dict[int, int]]]:
    """Ship moves with the mover's income gain, best for the mover first."""
    out = []
    for a in legal:
        if a["type"] != "ship":
            continue
        g = gains(board, state, a["route"])
        mine = g.get(seat, 0)
        out.append((a, mine, {k: v for k, v in g.items() if k != seat}))
    out.sort(key=lambda t: (-t[1], sum(t[2].values()), len(t[0]["route"]), t[0]["from"]))
    return out


def suggest(board: Board, state: State, seat: int, legal: list[Action]) -> list[Suggestion]:
    if not legal:
        return []
    phase = state["phase"]
    p = state["players"][seat]
    unit = board.loan_unit
    out: list[Suggestion] = []
    if phase == "loans":
        need = money.forced_loan(board, p)
        least = max(need, unit)
        for i, amount in enumerate((least, least + unit, least + 2 * unit)):
            out.append(Suggestion(f"Borrow {dollars(amount)}", "loan", {"amount": amount},
                                  group="Loan", detail=f"costs {dollars(_service(board, amount))}"
                                  " a turn in debt service", rank=10 - i))
        out.append(Suggestion("Borrow another amount", "loan", group="Loan", needs=("amount",),
                              detail=f"in ${unit} notes", rank=5))
        if not need:
            out.append(Suggestion("No loan this turn", "done", group="Done", rank=20,
                                  style="secondary"))
    elif phase == "retire":
        amounts = [a["amount"] for a in legal if a["type"] == "retire"]
        if amounts:
            top = amounts[-1]
            out.append(Suggestion(f"Retire {dollars(top)} of debt", "retire", {"amount": top},
                                  group="Retire", detail=f"saves {dollars(_service(board, top))}"
                                  " a turn in debt service", rank=10))
            if len(amounts) > 1:
                out.append(Suggestion("Retire another amount", "retire", group="Retire",
                                      needs=("amount",), detail=f"in ${unit} notes", rank=5))
        out.append(Suggestion("Keep my loans", "done", group="Done", rank=20, style="secondary"))
    elif phase == "auction":
        low = auction.lowest_bid(board, state)
        link = board.links[state["auction"]["link"]]
        what = f"{link.a} - {link.b}, build {link.build}, value {link.value}"
        bids = [a["amount"] for a in legal if a["type"] == "bid"]
        for i, amount in enumerate(bids[:BID_CHOICES]):
            out.append(Suggestion(f"Bid {dollars(amount)}", "bid", {"amount": amount},
                                  group="Bid", detail=what, rank=10 - i))
        if len(bids) > BID_CHOICES:
            out.append(Suggestion("Bid another amount", "bid", group="Bid", needs=("amount",),
                                  detail=f"at least {dollars(low)}, at most {dollars(p['cash'])}",
                                  rank=5))
        out.append(Suggestion("Pass (out of this auction)", "pass", group="Pass", rank=0,
                              detail=what, style="secondary"))
    elif phase == "build":
        b = state["build"]
        out.append(Suggestion(f"Pay {dollars(b['cost'])} to build now", "pay", group="Build",
                              detail=f"{b['link']} is built at once", rank=10))
        out.append(Suggestion("Wait: finish it next turn", "wait", group="Build",
                              detail="free, but the link earns nothing until then", rank=5,
                              style="secondary"))
    elif phase == "ship":
        for i, (a, mine, others) in enumerate(
                ranked_shipments(board, state, seat, legal)[:MAX_SHIPMENTS]):
            notes = [" - ".join(a["route"])]
            notes += [f"{state['players'][o]['name']} +{g}" for o, g in sorted(others.items())]
            out.append(Suggestion(f"Ship {a['cube']} {a['from']} -> {a['to']}, income +{mine}"
                                  , "ship", {"from": a["from"], "to": a["to"],
                                                  "cube": a["cube"]},
                                  group="Ship", detail="; ".join(notes), rank=100 - i))
        # In the first round a player who ships nothing still has the second round's go.
        when = "now" if state["ship"]["round"] == 1 else "this turn"
        out.append(Suggestion("Ship nothing", "done", group="Done", rank=0, style="secondary",
                              confirm=f"A cube could still be shipped. Ship nothing {when}?"
                              if out else None))
    return out


def _service(board: Board, amount: int) -> int:
    return money.service_due(board, amount)


def option_values(board: Board, state: State, seat: int, legal: list[Action], command: str,
                  option: str, chosen: Mapping[str, Any]) -> list[OptionValue]:
    if command in ("loan", "retire", "bid") and option == "amount":
        amounts = [a["amount"] for a in legal if a["type"] == command]
        word = {"loan": "borrow", "retire": "retire", "bid": "bid"}[command]
        return [OptionValue(f"{word} {dollars(x)}", x) for x in amounts]
    if command != "ship" or option not in ("from", "to", "cube", "route"):
        return []
    ships = ranked_shipments(board, state, seat, legal)
    key = {"from": "from", "to": "to", "cube": "cube"}
    want: dict[str, str] = {}
    try:
        for name in ("from", "to"):
            if chosen.get(name) not in (None, ""):
                want[name] = city_named(board, chosen[name], name)
    except IllegalAction:
        return []  # a city that is not on the board: nothing fits it
    if chosen.get("cube") not in (None, ""):
        want["cube"] = str(chosen["cube"]).strip().lower()

    def fits(a: Action, skip: str) -> bool:
        return all(a[key[name]] == value for name, value in want.items() if name != skip)

    out: dict[str, OptionValue] = {}
    for a, mine, _ in ships:
        if not fits(a, option):
            continue
        if option == "route":
            text = "-".join(a["route"])
            out.setdefault(text, OptionValue(f"{text} (income +{mine})", text))
            continue
        value = str(a[key[option]])
        label = {"from": f"{value} ({a['cube']} to {a['to']}, income +{mine})",
                 "to": f"{value} ({a['cube']} from {a['from']}, income +{mine})",
                 "cube": f"{value} ({a['from']} -> {a['to']}, income +{mine})"}[option]
        out.setdefault(value, OptionValue(label, value))
    return list(out.values())
