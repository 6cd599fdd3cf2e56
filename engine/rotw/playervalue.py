"""What the Railways of the World computer player weighs in a position, and the measures it
reads off the board for that (how far the game has gone, how near its open major lines are)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.types import State
from engine.rotw import delivery, network
from engine.rotw.context import MapContext

MAJOR_REACH = 12
"""Hexes between a player's network and a major line's far end beyond which the line is no
prospect yet."""
SPARE_CASH = 20_000
"""Money a player keeps for the turn's builds before it bids the rest for first place."""
MAJOR_LINES_WEIGHED = 2
"""Open major lines a player counts on at once: the nearest to done."""


@dataclass(frozen=True)
class Weights:
    """The weight of each part of a position's worth (a point of score weighs ``score``)."""

    score: float = 3.0
    best: float = 1.5
    """The best delivery it could make now."""
    baron: float = 1.5
    """Its Rail Baron's points if the game ended now."""
    link: float = 1.2
    waiting: float = 0.3
    """Each cube waiting in a city of its network."""
    engine: float = 2.5
    """Each engine level up to 4: the longest delivery is the engine's length."""
    engine_high: float = 0.8
    """Each level past 4, up to 6."""
    income: float = 0.4
    """Each $1,000 of income, fading as the game nears its end."""
    money: float = 0.1
    """Each $1,000 in hand, fading likewise."""
    major: float = 0.0
    """Each point of an open major line, times how near the player's network is to its far end."""
    bond: float = 2.5
    """Each bond, at the end (it costs a point then, and money to the last turn)."""
    bond_interest: float = 0.0
    """Each bond's interest still to pay, fading as the game nears its end."""
    major_pull: float = 0.0
    """A build's prior, for each point of an open major line whose far end it comes nearer."""
    spare_bid: float = 0.0
    """The share of its money beyond ``SPARE_CASH`` a player bids for first place (0: only a
    cheap bid)."""
    potential: float = 1.0
    """Each point of the best deliveries its network and engine allow now, one per cube (the
    ``potential_moves`` best): deliveries to come over the next actions, not just the next."""
    potential_moves: float = 4.0
    """How many of those deliveries count."""
    dest_pull: float = 0.0
    """A build's prior, for each cube waiting on the player's network that the city it reaches
    would take (a new destination for goods the player can already pick up)."""
    deliver_prior: float = 2.0
    """A delivery's prior, for each point it scores the player."""
    rival_share: float = 0.0
    """How much each point a delivery brings the other players over their links takes off its
    prior, next to a point of the player's own."""
    upgrade_prior: float = 3.0
    """An engine upgrade's prior, up to level 4."""
    upgrade_pull: float = 0.0
    """An engine upgrade's prior, for each point more its network's best few deliveries
    (``potential_moves`` of them) would bring with the engine one level higher."""
    new_line_doubt: float = 5.0
    """How much less a build's prior is for a link between two cities off the player's
    network (a second, unconnected line)."""
    prior: float = 3.0
    """How much a move's prior counts next to what its trial gained: a link's worth shows
    over several turns (goods to deliver later), which a single trial move cannot see."""
    bond_floor: float = 2.0
    """Bonds the player will carry before its income can pay their interest (the first
    builds)."""
    bond_share: float = 0.7
    """The share of its income a player lets interest take: the rest builds (a bond also costs
    a point at the end)."""
    deficit: float = 1.0
    """Each $1,000 a turn by which its interest outgrows its income, fading as the game nears
    its end: the money runs out and the bank lends the rest as more bonds."""
    plan_pull: float = 4.0
    """A build's or an engine upgrade's prior, for each point an action of the delivery plan it
    is next on brings (see ``engine.rotw.routeplan``)."""
    plan_baseline: float = 0.0
    """How much of the points an action the deliveries open now bring (the mean of the best
    three) a plan must beat to pull at all: its worth is what it brings beyond them."""
    major_plan: float = 1.0
    """How hard, next to a delivery plan (``plan_pull``), the player pulls toward the next link
    of the open major line it could complete soonest, for each point a link of it brings."""
    reach: float = 5.0
    """Hexes between two cities the player links with one build: four tiles lie between cities
    five hexes apart, so one action links them (the major lines' cities are that far apart)."""
    plan_repeat: float = 0.5
    """How much more a plan is worth for each further cube of its colour waiting where it
    starts (up to three in all): a route built once carries them all."""
    engine_short: float = 0.0
    """Each point more its best few deliveries (``potential_moves``) would bring with its engine
    one level higher, taken off and fading as the game nears its end: an engine shorter than
    its network loses that on every such delivery to come."""
    endgame: float = 0.0
    """Whether, in its last turn, its links, engine, goods waiting and major lines count only
    through the deliveries its actions left can make (0: as at any other time)."""
    card_worth: float = 1.0
    """How much of the points a Hotel is reckoned to bring its prior counts, the Railroad
    Executive weighed as an action more (``engine.rotw.cardworth``; 0: both like any card, at
    nothing)."""
    tries: float = 14.0
    """How many of its best moves by prior the normal player tries on a copy of the game."""
    baron_plan: float = 1.0
    """Whether a Rail Baron paying for joining two cities adds its points to the major line
    between them, or is planned like a major line where none joins them (0: it only pulls the
    builds touching those cities, ``BARON_PULL``)."""
    baron_odds: float = 1.0
    """Whether the Rail Baron kept is the one whose measured points are highest
    (``engine.rotw.baronodds``; 0: by a share of each goal's points guessed per kind)."""
    majors_followed: float = 1.0
    """Major lines the player pulls its builds toward at once (those whose links bring most
    points each)."""
    check_plans: float = 1.0
    """Whether a delivery plan or major line is followed only while the board allows one of
    its next links (0: as the map's distances alone suggest)."""
    narrow_choices: float = 1.0
    """Whether the city choices of City Growth, New Industry and New City are cut to the few
    that could bring the player points (``engine.rotw.cardchoices``; 0: every one is offered)."""
    build_cards: float = 0.0
    """Whether the player plays the build cards it holds (Government Land Grant, Tunnel Engineer
    and the like) on the builds they save enough on (``engine.rotw.buildcards``), sees worth in
    holding them (``build_card``) and in taking them (``build_card_prior``); 0: none of these
    (off: about even in self-play, see ``DEFAULT_WEIGHTS``)."""
    build_card: float = 2.0
    """Each build card in its hand, fading as the game nears its end."""
    build_card_prior: float = 4.0
    """The prior of taking a build card, fading as the game nears its end."""
    build_card_aim: float = 0.0
    """How much the prior of taking a build card follows what it would save on the best builds
    offered now, next to what it must save to be played (0: the same prior whatever it would
    save)."""
    build_card_saving: float = 1.0
    """How much of ``buildcards.SAVING_WANTED`` a build card must save on a build to be played
    on it."""
    build_card_fade: float = 0.0
    """How much of that the player no longer asks as the game nears its end (1: nothing at the
    end)."""


DEFAULT_WEIGHTS = Weights()
"""The weights in use, chosen by seeded self-play (``bench/tune_players.py rotw``: 4-player
Eastern U.S. games at the normal level, two seats each, against the weights then in use).
Doubting a second, unconnected line far more (``new_line_doubt=5`` against 1.5) won 7 games of
8 (56.0 points a seat to 36.9): one connected network carries goods further; doubting it still
more (``new_line_doubt=10``) lost 6.5 of 8 (38.6 to 59.8). Against that player, letting interest
take 70 % of income (``bond_share=0.7``, against 40 %) won 5 of 8 with more points (45.4 to
43.8; 47.7 to 44.7 against the player before): more track early. Tried and not kept, each about
even over 8 games: ``upgrade_pull=2`` (51.2 to 49.8), ``deliver_prior=2`` (47.4 to 50.9),
``prior=1.5`` (45.6 to 53.3), ``dest_pull`` 0.5 and 1.0 (46.0 to 44.4, 43.8 to 41.0).
Counting the four best deliveries open (``potential``) beat the same player without them in
each form tried over 8 games: ``potential=1.0`` won 62.5 % (46.0 points a seat to 40.8),
``potential=2.0`` 56 % (42.5 to 40.3), ``potential=2.0,best=0`` 75 % (44.1 to 44.6); the first
is kept. Earlier, weighing open major lines (``major=1.0,major_pull=0.15``) lost 4 games of 4
(39.6 points a seat to 49.4: long builds toward far cities that carry nothing yet, and more
bonds); with bond interest and spare-cash bids as well (``bond=1.5,bond_interest=2.0,
spare_bid=0.3``) all 4 (31.4 to 49.2); bond interest alone (``bond=1.5,bond_interest=2.0``)
won 1 of 4 with a little more score (44.8 to 42.8), too close to call on so few games.
Delivery plans, 16 games a variant against the first plans (``plan_pull=2``, every cube alone):
without plans (``plan_pull=0``) won 8 of 16 with fewer points a seat (45.9 to 51.1);
``plan_pull=4`` 9 of 16 (50.9 to 46.6), ``plan_pull=6`` 7.5 of 16 (52.1 to 48.9), and
``plan_pull=4,plan_repeat=0.5`` 12 of 16 (54.9 to 48.2), kept. Against that player, each not
kept: ``plan_repeat=1`` won 5 of 16 (46.9 to 48.4), ``plan_baseline=0.5`` 6.5 of 16 (49.7 to
48.7), ``engine_high=2`` 7 of 16 (52.1 to 49.2), ``spare_bid=0.2`` 7.5 of 16 (52.6 to 48.8),
``deficit=3`` 7.5 of 16 (52.2 to 49.2), ``bond_share=0.5`` 8 of 16 (46.8 to 52.1).
Linking cities five hexes apart (``reach=5``; four hexes before) took the winners of a table of
four (``bench/bots.py``'s seeds 0-7) from 53.5 points to 64.5; four hexes won 4 of 8 against
it (49.4 points a seat to 53.1). Pulling toward the open major line it can complete soonest as
well (``major_plan=1``): winners 67.0 on those seeds, and without it (``major_plan=0``) the
player won 1 of 8 (45.7 to 58.2). Against that player, each not kept: ``major_plan=2`` won 1
of 8 (50.8 to 65.9), ``major_plan=0.5`` 1 of 8 (47.1 to 58.4), ``rival_share=0.5`` 1 of 8
(46.8 to 60.6). Trying only the few City Growth, New Industry and New City choices that could
bring points (``narrow_choices``; they had filled most of the fourteen tries): the player
offering every choice won 13.5 of 32 (47.3 points a seat to 53.2). Against that player,
weighing Hotels and the Railroad Executive (``card_worth=1``) won 19.5 of 32 (56.0 to 52.5),
kept (both together against neither, ``narrow_choices=0,card_worth=0``: 20 of 32, 57.0 to
49.4); against that player, not kept: ``card_worth=2`` 6 of 17 (53.5 to 55.3, stopped there).
Not kept, 32 games each against the player with the narrowed choices: ``engine_short=2`` won
14.5 (51.7 to 54.5); ``endgame=1`` 6 of 20 (48.9 to 53.7), ``upgrade_pull=4`` 1 of 5 (41.3 to
61.1) and, with Hotels weighed, ``engine=1.5,upgrade_prior=2`` 8 of 20 (50.3 to 53.2), each
stopped there; trying twenty moves instead of fourteen (``tries=20``) 17 of 32 (55.1 to 53.9),
too close to pay for the time.
Build cards (``build_cards=1``: Land Grants and the like taken at ``build_card_prior=4``, held
at ``build_card=2``, played where they save ``buildcards.SAVING_WANTED``) against the same player
without them: 69.5 of 128 games (54 %; 54.2 points a seat to 53.8), and 30.5 of 64 on games
96-159 once a stuck player holding them searched on for its way out; the seats took about
2.6 of the four Eastern U.S. Land Grants a game and played four in five. A table of four
(``bench/bots.py``, seeds 0-31) had winners of 67.8 points and a table of 54.5 against 71.0 and
56.0 without them (bonds a seat 4.7 against 5.15): not kept, off by default. Against the player
with them, each over 64 games: ``build_card_prior=1`` won 26 (52.7 to 54.0), ``=8`` 27 (53.4 to
54.0), ``build_card_aim=1,build_card_prior=8`` 34 (53.3 to 54.1) and ``build_card_saving=0.67``
35 (52.8 to 51.9). (On games 0-31 the player against itself, seats alternating, won only 10 of
32: figures over so few deals lean with the seats.) With each of 32 deals played twice, the
sides swapping seats, build cards won 34.5 of 64 against the player without them (+0.5 points a
seat a deal, 95 %: ±3.9), and with ``build_card_saving=0.67`` 34.5 as well (+0.4 ±3.9).
Every figure above from games with alternating seats over separate deals leans: a variant equal
to the weights in use won 36.5 % of games 0-47 that way. Paired (each deal twice, the sides
swapping seats), the plan check, the measured Rail Barons and the baron joining two cities
together (``check_plans=0,baron_plan=0,baron_odds=0`` against them) lost 41 of 96 games, 54.9
points a seat to 57.1 (a gap of 2.2 ± 2.3), kept; alone, over 24 deals, ``check_plans=0`` gave
-0.6 ± 2.4 and ``baron_plan=0`` +0.1 ± 0.2 (few deals reach it). Not kept:
``majors_followed=2`` (18 of 48, 53.6 to 58.9, unpaired), ``deliver_prior=3`` (+1.3 ± 4.5,
paired) and ``upgrade_prior=6`` (-0.8 ± 2.9, paired).
A delivery's prior at 2 a point (``deliver_prior``; 4 before), measured both ways: at a table
of four (``bench/rotw_tables.py 0:16``, ``bench/bots.py``'s deals) the winners scored 76.7 where
4 a point gave 69.2 and the table 63.8 where it gave 54.8, a delivery bringing its mover 2.98
points instead of 2.63 over games of 11.4 turns instead of 10.1 (cubes left for longer routes
empty the cities later), engines ending at 5.4 instead of 4.8 and $34,500 unspent instead of
$44,800; head to head (paired) it is even: +1.5 ± 3.6 points a seat on deals 0-23, -0.9 ± 3.1
on deals 24-47. Lower priors lift the tables more but lose head to head: 1.5 (winners 81.3;
paired -2.8 ± 3.5), 1 (87.5; -4.4 ± 3.3), 0.5 (86.6), 0 (76.8). Not kept, tables of four on
the same deals against 69.2 with 4 a point: ``upgrade_pull=2`` 74.9 (75.9 with
``deliver_prior=2``), ``upgrade_prior=6,engine_high=2.5`` 70.0, ``engine_short=2`` 65.5,
``potential=2`` 67.7, ``potential_moves=8`` 67.1, ``engine=4,engine_high=2.5`` 65.9,
``bond_floor=3`` 66.8, ``bond_share=1`` 67.7; and a delivery's prior cut to a quarter where no
other player could deliver the cube now (the cube waits safely): table winners 72.6, paired
-4.9 ± 3.2, removed."""


def progress(state: State) -> float:
    """How far the game has gone towards its end, from 0 to 1: the share of the Empty City
    Markers that end it already placed."""
    ecm = state["ecm"]
    if ecm.get("end_triggered"):
        return 1.0
    return min(1.0, int(ecm["placed"]) / max(1, int(ecm["needed"])))


def major_progress(state: State, ctx: MapContext, seat: int) -> float:
    """Points of the open major lines the player has started, each times how near the part of
    its network holding one end has come to the other (1 when next to it)."""
    adj = network.graph(state, seat)
    found: list[float] = []
    for line in state["major_lines"]:
        if line["claimed_by"] is not None or line.get("requires"):
            continue
        near = 0.0
        for a, b in ((line["a"], line["b"]), (line["b"], line["a"])):
            if a not in adj or a not in ctx.mapdef.cities or b not in ctx.mapdef.cities:
                continue
            far = ctx.city(b).hex
            gap = min(ctx.city(c).hex.distance(far) for c in network.component(adj, a))
            near = max(near, 1.0 - gap / MAJOR_REACH)
        if near > 0:
            found.append(near * float(line["points"]))
    return sum(sorted(found, reverse=True)[:MAJOR_LINES_WEIGHED])


def major_ends(state: State, ctx: MapContext, seat: int) -> dict[str, float]:
    """The far ends of the open major lines the player's network has reached one end of, with
    the points each line is worth."""
    adj = network.graph(state, seat)
    out: dict[str, float] = {}
    for line in state["major_lines"]:
        if line["claimed_by"] is not None or line.get("requires"):
            continue
        for a, b in ((line["a"], line["b"]), (line["b"], line["a"])):
            if a in adj and b not in adj and b in ctx.mapdef.cities:
                out[b] = max(out.get(b, 0.0), float(line["points"]))
    return out


def longer_engine_gain(state: State, seat: int, moves: int,
                       found: list[int] | None = None) -> int:
    """How many points more the player's ``moves`` best deliveries would bring with its engine
    one level higher: goods its network could carry further than the engine now goes
    (``found``: its ``delivery_points`` now, if the caller has them)."""
    now = sum((delivery_points(state, seat) if found is None else found)[:moves])
    p = state["players"][seat]
    trial = {**state, "players": list(state["players"])}
    trial["players"][seat] = {**p, "engine": int(p["engine"]) + 1}
    return sum(delivery_points(trial, seat)[:moves]) - now


def delivery_points(state: State, seat: int) -> list[int]:
    """The points each cube on the board would bring the player in its best delivery now (one
    entry per cube it can deliver, best first): a city's cubes of one colour share a route."""
    held = state["players"][seat].get("held_cube")
    if held is not None:
        found = delivery.all_deliveries(state, seat)
        return [max((r.points.get(seat, 0) for r in found), default=0)] if found else []
    # A delivery starts on the player's own track, so only the cities of its network are asked.
    mine = network.graph(state, seat)
    depots = any(delivery.own_depots(state, seat, c) for c in state.get("depots", {}))
    adj = delivery.adjacency(state)
    out: list[int] = []
    for city in sorted(mine):
        cubes: list[str] = state["cities"].get(city, {}).get("cubes", [])
        for colour in sorted(set(cubes)):
            found = delivery.routes(state, seat, city, colour, depots=depots, adj=adj)
            if found:
                best = max(r.points.get(seat, 0) for r in found)
                out += [best] * cubes.count(colour)
    return sorted(out, reverse=True)
