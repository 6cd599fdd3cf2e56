"""The American player boards: boulders, coin spaces, the golden spike, doublers on three routes,
the steelworks and the stocks board, as one plug-in of the core game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.rng import Rng
from engine.core.types import State
from engine.ultimate import gains, locos, pool
from engine.ultimate.board import Board, Route, Special
from engine.ultimate.ctx import Ctx
from engine.ultimate.hooks import Plugin
from engine.ultimate.plugins.american import parts, rules, stocks
from engine.ultimate.plugins.american.data import AMERICAN, add_to

Task = dict[str, Any]
Option = tuple[str, str]


# -- setup -----------------------------------------------------------------------------------------

def _setup(board: Board, state: State, rng: Rng) -> None:
    """Doublers on three routes, the boulders and done tokens of each player; the stocks board
    and the steelworks beside their stacks."""
    n = len(state["players"])
    own = parts.of(board)
    for i, p in enumerate(state["players"]):
        for r in board.routes:
            if own.stocks and r.doubler_spaces:
                p["routes"][r.id]["dbl"] = 0
        if own.boulders:  # the industry boulder only on the American boards' own track
            state["players"][i] = {
                "boulders": ["route", "industry"] if own.industry_boulder else ["route"],
                "done": [], **p}
    if own.stocks:
        state["stocks"] = stocks.new_stocks(int(own.stocks["levels"]), n,
                                            int(own.stocks["emil_level"]) if n == 1 else None)
        state["steelworks"] = list(own.steelworks["stacks"])
        state["general_payout"] = None


# -- the pool's choices ---------------------------------------------------------------------------

def _payout(ctx: Ctx, seat: int, index: int, task: Task, choice: str) -> None:
    level = int(choice.removeprefix("div-"))
    if stocks.left(ctx, task) == [level]:
        pool.drop(ctx, seat, index)
    stocks.take_dividend(ctx, seat, task, level)


def _steel(ctx: Ctx, seat: int, task: Task, choice: str) -> None:
    if choice == "steel-box":
        ctx.say(f"{ctx.name(seat)} returns the steelworks to the box.", "steelworks", seat=seat)
    else:
        locos.build_factory(ctx, seat, task["tile"], int(choice.removeprefix("steel-")) - 1)


def _nut(ctx: Ctx, seat: int, choice: str) -> None:
    if choice == "nut-key":
        gains.gain_key(ctx, seat)
    else:
        stocks.stock_increase(ctx, seat, "the screw nut")


def _dividend_options(ctx: Ctx, seat: int, task: Task) -> list[Option]:
    return [(f"token-{t}", f"dividend token for level {task['level']}: "
                           f"{stocks.token_text(ctx, t)}") for t in stocks.free_tokens(ctx)]


def _screw_nut(ctx: Ctx, seat: int, pos: int) -> None:
    """The American player boards with the industry board: the screw nut on its last space."""
    p = ctx.player(seat)
    nut = ctx.board.data["boards"]["american"]["screw_nut"]
    if stocks.playing(ctx) and pos == int(nut["at"]) and "industry:nut" not in p["activated"]:
        p["activated"].append("industry:nut")
        ctx.say(f"{ctx.name(seat)} reaches the screw nut on industry space {pos}: a key or a "
                "stock increase.", "industry", seat=seat)
        p["pool"].insert(0, {"k": "nut", "must": True, "src": "the screw nut"})


# -- special spaces ------------------------------------------------------------------------------

def _blast(ctx: Ctx, seat: int, route: Route, sp: Special) -> None:
    rules.blast(ctx, seat, f"{route.name} space {sp.at}")


def _stock(ctx: Ctx, seat: int, route: Route, sp: Special) -> None:
    stocks.stock_increase(ctx, seat, f"{route.name} space {sp.at}")


def _reached(words: str) -> Callable[[Ctx, int, Route, Special], None]:
    def say(ctx: Ctx, seat: int, route: Route, sp: Special) -> None:
        ctx.say(f"{ctx.name(seat)} reaches {route.name} space {sp.at} ({words}).", "reached",
                seat=seat)
    return say


def _route_block(ctx: Ctx, seat: int, route: Route) -> tuple[int, str] | None:
    boulder = rules.route_boulder(ctx, seat, route)
    if boulder is None:
        return None
    return boulder, (f"A boulder blocks space {boulder} of the {route.name} route: blast it "
                     "first (reach a blasting space).")


def _taken(ctx: Ctx, seat: int | None, tile: str) -> None:
    if seat is None:
        rules.emil_took(ctx, tile)
    else:
        rules.after_take(ctx, seat, tile)


def _steelworks_removed(ctx: Ctx, seat: int) -> None:
    ctx.say(f"{ctx.name(seat)} returns their steelworks to the box.", "factory", seat=seat)


def _stock_token(ctx: Ctx, seat: int) -> None:
    stocks.stock_increase(ctx, seat, "the stock idea token")
    stocks.payout(ctx, seat, "personal payout")


# -- /game info ------------------------------------------------------------------------------------

def _info(board: Board) -> list[str]:
    own = parts.of(board)
    if not own.stocks:
        return []
    rocks = "Omaha space 8 and industry space 15" if own.industry_boulder else "Omaha space 8"
    steel = ("; a steelworks cannot go on the industry board: it returns to the box and a "
             "wrench moves 1 space instead; the screw nut on industry space 35 gives each "
             "player reaching it a key or a stock increase"
             if board.shared_industry is not None else "")
    return [f"Boulders on {rocks} until blasted; 3 coin spaces with done tokens; the golden "
            "spike (10 points each scoring per route end); the stocks board with "
            f"{own.stocks['levels']} levels and dividend tokens (20 and 10 points for the "
            "highest stock prices at the end); steelworks by the #4, #6 and #8 stacks"
            f"{steel}."]


def _board_labels(board: dict[str, Any], track: dict[str, Any]) -> tuple[str, ...]:
    """House values of the American boards' boulders (with the dual track), stocks board and
    steelworks."""
    out: list[str] = []
    if "house" in board.get("boulders", {}) and "upper" in track.get("industry", {}):
        out.append("the industry boulder on the lower track")
    stocks = board.get("stocks", {})
    if "house" in stocks:
        out.append(f"stocks board: {stocks['levels']} levels")
    if stocks.get("tokens", {}).get("source") == "house":
        out.append("dividend tokens: " + ", ".join(t["text"] for t in stocks["tokens"]["list"]))
    steelworks = board.get("steelworks", {})
    if "house" in steelworks:
        out.append(f"steelworks action: {steelworks['text'].split(': ')[-1]}")
    if steelworks.get("emil", {}).get("source") == "house":
        out.append("a steelworks beside a stack Emil empties goes back to the box")
    return tuple(out)


def _house_labels(board: Board) -> tuple[str, ...]:
    """The screw nut lies on the industry board's last space only for the American player
    boards (their stocks take its stock increase)."""
    own = parts.of(board)
    nut = board.data["boards"]["american"]["screw_nut"]
    return (str(nut["text"]),) if own.stocks and board.shared_industry is not None else ()


# -- scoring and view ------------------------------------------------------------------------------

def _final(ctx: Ctx) -> None:
    """20 and 10 points for the highest stock prices."""
    best = parts.of(ctx.board).stocks["points"][0]
    for seat, pts in stocks.final_points(ctx).items():
        ctx.score(seat, pts, "stocks")
        ctx.say(f"{ctx.name(seat)} scores {ctx.points(pts)} for the "
                f"{'highest' if pts == best else 'second highest'} stock "
                "price.",
                "final", seat=seat)


def _final_keys(ctx: Ctx) -> dict[str, Any]:
    if not stocks.playing(ctx):
        return {}
    return {"stocks": {str(k): v for k, v in stocks.final_points(ctx).items()}}


def _view(ctx: Ctx) -> dict[str, Any]:
    """The stocks board (levels bottom first, tiles left to right; Emil is -1), the dividend
    tokens, the steelworks still beside their stacks and where the boulders lie."""
    state, board = ctx.state, ctx.board
    own = parts.of(board)
    out: dict[str, Any] = {}
    if "stocks" in state:
        tokens = state["stocks"]["tokens"]
        out["stocks"] = {
            "levels": [list(row) for row in state["stocks"]["levels"]],
            "tokens": [None if t is None else {"id": t, "text": own.dividends[t]["text"]}
                       for t in tokens],
            "tokens_left": [{"id": t, "text": own.dividends[t]["text"]}
                            for t in own.dividends if t not in tokens]}
        out["steelworks"] = list(state["steelworks"])
    if own.boulders:
        out["boulders"] = {"route": own.boulders["route"],
                           "route_at": own.boulders["route_at"],
                           "industry_at": own.boulders["industry_at"]}
    return out


def _player_view(ctx: Ctx, p: dict[str, Any]) -> dict[str, Any]:
    if "boulders" not in p:
        return {}
    return {"boulders": list(p["boulders"]), "done": list(p["done"])}


PLUGIN = Plugin(
    name="american",
    playing=lambda state: state["board"] == "american",
    data=add_to,
    setup=_setup,
    tasks={"payout": _payout,
           "blast": pool.dropping(lambda ctx, seat, task, choice: rules.remove_boulder(
               ctx, seat, choice.removeprefix("blast-"))),
           "dividend": pool.dropping(lambda ctx, seat, task, choice: stocks.choose_dividend(
               ctx, seat, task["level"], choice.removeprefix("token-"))),
           "doubler_place": pool.dropping(lambda ctx, seat, task, choice: rules.put_doubler(
               ctx, seat, choice.removeprefix("dbl-"))),
           "steel": pool.dropping(_steel),
           "nut": pool.dropping(lambda ctx, seat, task, choice: _nut(ctx, seat, choice))},
    options={"blast": lambda ctx, seat, task: rules.blast_options(ctx, seat),
             "dividend": _dividend_options,
             "payout": lambda ctx, seat, task: stocks.payout_options(ctx, task),
             "doubler_place": lambda ctx, seat, task: rules.doubler_options(ctx, seat),
             "steel": lambda ctx, seat, task: rules.steel_options(ctx, seat),
             "nut": lambda ctx, seat, task: [("nut-key", "the screw nut: a key"),
                                             ("nut-stock", "the screw nut: a stock increase")]},
    urgent=("dividend", "blast"),
    task_names={"payout": "payout", "steel": "steelworks", "doubler_place": "doubler",
                "dividend": "dividend token", "blast": "blasting", "nut": "screw nut"},
    reached={"blast": _blast, "stock": _stock,
             "spike": _reached("the golden spike scores each scoring"),
             "coinstock": _reached("pay 1 coin on any of your turns for a stock increase")},
    special_words={"blast": lambda sp: "blast a boulder (10 points)",
                   "stock": lambda sp: "a stock increase",
                   "coinstock": lambda sp: f"1 coin with {sp.get('track')} track: a stock "
                                           "increase",
                   "spike": lambda sp: "the golden spike"},
    tokens={"stock": _stock_token},
    free_options=rules.coin_spaces,
    free_use={"coinspace": rules.pay_coin_space},
    free_group="Coin space",
    free_standing=False,
    free_unknown=lambda choice, have: (f"'{choice}' is not one of the coin spaces you may pay "
                                       f"for now: {have}. Place on an action space with "
                                       "/place, or /pass."),
    out_of_turn=("no_coin_space", rules.COIN_SPACE_RULE),
    tile_taken=_taken,
    gives_way=rules.steelworks_name,
    factory_removed={f"{stack}w": _steelworks_removed
                     for stack in AMERICAN["steelworks"]["stacks"]},
    route_block=_route_block,
    industry_block=rules.industry_boulder,
    doublers_taken=rules.place_doublers,
    industry_space=_screw_nut,
    turn_over=stocks.after_turn,
    round_points=lambda board, p: {"golden spike": rules.spike_points(board, p)}
    if parts.of(board).spike else {},
    final=_final,
    final_keys=_final_keys,
    view=_view,
    player_view=_player_view,
    info=_info,
    house_labels=_house_labels,
    board_labels=_board_labels,
)
