"""The Manufactory Train module: taking the train space, resolving its 3 tokens, every other
player's share of one of them, and the train moving on.

``state["train"]`` holds the 3 train spaces (the first, behind the locomotive, empty between
uses), the 3 face-up tokens, the face-down tokens not yet seen (drawn at random when revealed, so
the state never tells the next one) and those pushed under the stack, in order; ``placer`` is
who uses the train while the others take their shares (``shares``).
"""

from __future__ import annotations

from typing import Any

from engine.core.rng import Rng
from engine.core.types import State
from engine.ultimate import choices, gains, in_full, pool, shares, versions
from engine.ultimate.board import Board, Parts, Space
from engine.ultimate.ctx import Ctx
from engine.ultimate.hooks import Plugin
from engine.ultimate.module_data import MODULES, parts
from engine.ultimate.plugins.manufactory_train.data import MANUFACTORY, add_to

TOKENS: dict[str, dict[str, Any]] = {t["id"]: t for t in MANUFACTORY["tokens"]["list"]}


def on(state: State) -> bool:
    return state.get("train") is not None


def new_train(rng: Rng) -> dict[str, Any]:
    """Two tokens on the two rightmost train spaces, three face up beside it, the rest face
    down."""
    unseen = list(TOKENS)
    drawn = []
    for _ in range(2 + int(MANUFACTORY["offer"])):
        drawn.append(unseen.pop(rng.below(len(unseen))))
    return {"slots": [None, drawn[0], drawn[1]], "offer": drawn[2:], "unseen": sorted(unseen),
            "bottom": [], "placer": None}


def text(token: str) -> str:
    return str(TOKENS[token]["text"])


def _effect(token: str) -> dict[str, Any]:
    eff: dict[str, Any] = TOKENS[token]["effects"][0]
    return eff


def can_do(ctx: Ctx, seat: int, tokens: list[str]) -> bool:
    """Whether the seat could resolve every one of the tokens' actions now, in the order of its
    choice (version 3: tried together, so one step may make room for another and two may not
    share one space of room; before, each token alone, doublers counted together)."""
    if versions.tries_every_way_in_full(ctx.state):
        return in_full.can_resolve(ctx, seat, [_effect(t) for t in tokens])
    doublers = sum(_effect(t)["n"] for t in tokens if _effect(t)["k"] == "doubler")
    if doublers and doublers > min(ctx.state["doublers"], ctx.board.doubler_room(ctx.player(seat))):
        return False
    return all(choices.options(ctx, seat, gains.as_task(_effect(t), True, ""))
               for t in tokens if gains.is_choice(_effect(t)["k"]))


def train_options(ctx: Ctx, seat: int) -> list[tuple[str, str]]:
    """Face-up tokens whose placement leaves 3 actions the seat can all resolve."""
    riding = [t for t in ctx.state["train"]["slots"][1:] if t is not None]
    return [(f"train-{t}", f"manufactory token: {text(t)} (with {', '.join(map(text, riding))})")
            for t in ctx.state["train"]["offer"] if can_do(ctx, seat, [t, *riding])]


def share_options(ctx: Ctx, seat: int) -> list[tuple[str, str]]:
    """The train's actions another player may take one of (each once, if it can be done)."""
    return [(f"share-{t}", f"from the manufactory train: {text(t)}")
            for t in dict.fromkeys(ctx.state["train"]["slots"])
            if t is not None and can_do(ctx, seat, [t])]


def board_it(ctx: Ctx, seat: int, token: str) -> None:
    """The placer puts the chosen token behind the locomotive and gets all 3 actions; then every
    other player, in turn order from the placer, may take one of them."""
    train = ctx.state["train"]
    train["offer"].remove(token)
    train["slots"][0] = token
    ctx.say(f"{ctx.name(seat)} puts the manufactory token '{text(token)}' on the train and "
            f"takes all 3 actions: {', '.join(text(t) for t in train['slots'])}.", "train",
            seat=seat, token=token)
    train["placer"] = seat
    shares.begin(ctx, seat, {"k": "train_share", "must": False, "src": "manufactory train"},
                 "the manufactory train's actions")
    # The three actions are one direct action: each is resolved in full, in any order.
    for t in reversed(train["slots"]):
        gains.expand(ctx, seat, TOKENS[t]["effects"], True, f"manufactory token '{text(t)}'")


def take_share(ctx: Ctx, seat: int, token: str) -> None:
    ctx.say(f"{ctx.name(seat)} takes '{text(token)}' from the manufactory train.", "train",
            seat=seat, token=token)
    gains.expand(ctx, seat, TOKENS[token]["effects"], False, f"manufactory token '{text(token)}'")


def move_on(ctx: Ctx) -> None:
    """Shift the tokens one space right, the last under the stack, and reveal a new one."""
    train = ctx.state["train"]
    slots = train["slots"]
    pushed = slots[-1]
    train["slots"] = [None, *slots[:-1]]
    train["bottom"].append(pushed)
    train["placer"] = None
    if train["unseen"]:
        new = train["unseen"].pop(ctx.rng.below(len(train["unseen"])))
    else:
        new = train["bottom"].pop(0)
    train["offer"].append(new)
    ctx.say(f"The manufactory train moves on: '{text(pushed)}' goes under the stack and "
            f"'{text(new)}' is revealed.", "train", token=new)


# -- the plug-in ----------------------------------------------------------------------------------

def _setup(board: Board, state: State, rng: Rng) -> None:
    state["train"] = new_train(rng)


def _view(ctx: Ctx) -> dict[str, Any]:
    """The manufactory train: its 3 spaces, the face-up tokens and how many lie face down (the
    order of the face-down ones is never shown)."""
    if not on(ctx.state):
        return {"train": None}
    t = ctx.state["train"]
    return {"train": {
        "slots": [None if x is None else {"id": x, "text": text(x)} for x in t["slots"]],
        "offer": [{"id": x, "text": text(x)} for x in t["offer"]],
        "face_down": len(t["unseen"]) + len(t["bottom"])}}


def _board(ctx: Ctx, seat: int, index: int, task: dict[str, Any], choice: str) -> None:
    pool.drop(ctx, seat, index)
    board_it(ctx, seat, choice.removeprefix("train-"))


def _share(ctx: Ctx, seat: int, index: int, task: dict[str, Any], choice: str) -> None:
    pool.drop(ctx, seat, index)
    take_share(ctx, seat, choice.removeprefix("share-"))


def _refuse(ctx: Ctx, seat: int, eff: dict[str, Any]) -> str | None:
    if train_options(ctx, seat):
        return None
    return ("No manufactory token would leave you 3 actions you can all resolve now, and the "
            "train is only used in full.")


def _board_parts(data: dict[str, Any]) -> Parts:
    """The manufactory train's action space."""
    train = parts("manufactory_train", data)["space"]
    return Parts(spaces=(Space(train["id"], train["name"], train["workers"], 0,
                               tuple(train["effects"])),))


def _module_labels(data: dict[str, Any]) -> tuple[str, ...]:
    tokens = parts("manufactory_train", data)["tokens"]["list"]
    house = [t["text"] for t in tokens if t.get("source") != "rulebook"]
    return (f"{MODULES['manufactory_train']['name']}: manufactory tokens " + ", ".join(house),)


PLUGIN = Plugin(
    name="manufactory_train", module="manufactory_train",
    tasks={"train": _board, "train_share": _share},
    declines={"train_share": "Take nothing from the train"},
    options={"train": lambda ctx, seat, task: train_options(ctx, seat),
             "train_share": lambda ctx, seat, task: share_options(ctx, seat)},
    task_names={"train": "manufactory train", "train_share": "manufactory train action"},
    refuse={"train": _refuse},
    optional=("train_share",),
    shared={"train_share": move_on},
    setup=_setup,
    view=_view,
    data=add_to,
    board_parts=_board_parts,
    module_labels=_module_labels,
)
