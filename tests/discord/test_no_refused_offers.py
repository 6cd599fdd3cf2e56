"""Nothing is offered that the game would refuse at that moment: no bid above the first-player
bid cap (no button, no menu, no autocomplete) and no /build cities while /build is not open."""

from __future__ import annotations

from click_player import buttons, menus
from discord_harness import ALICE, BOB, Harness, current_game, final
from test_baron_menu import renderer as renderer  # the fixtures: the shipped titles, no pictures
from test_baron_menu import tiny_registry as tiny_registry

from bot.service import User, Where
from engine.rotw.context import MAX_BID

HERE = Where(10, 100)


async def mover(h: Harness) -> tuple[int, str]:
    game = await current_game(h)
    seats = {s.seat: s.user_id for s in await h.bot.service.store.seats(game.id)}
    return {ALICE[0]: ALICE, BOB[0]: BOB}[seats[game.to_act[0]]]


async def start(h: Harness) -> None:
    await h.run(ALICE, ["game", "new"], system="rotw")
    await h.run(BOB, ["game", "join"])
    await h.run(ALICE, ["game", "start"])


async def choose_barons(h: Harness) -> None:
    """Both players keep a Rail Baron: the first-player auction opens."""
    for user in (ALICE, BOB):
        (card, *_) = await h.bot.service.option_values(HERE, User(*user), "baron", "card", {})
        await h.run(user, ["baron"], card=card.value)
    assert "auction opens" in h.rec.calls[-1].content or any(
        "auction opens" in c.content for c in h.rec.calls[-4:])


async def test_no_build_cities_are_offered_while_build_is_not_open(harness: Harness) -> None:
    h = harness
    await start(h)
    # The Rail Baron choice: /build is not open to anyone yet.
    for user in (ALICE, BOB):
        assert await h.autocomplete(user, ["build"], "from", **{"from": ""}) == []
        assert await h.autocomplete(user, ["build"], "to", to="") == []
    await choose_barons(h)
    # The auction: still no /build, but /bid amounts are offered.
    user = await mover(h)
    assert await h.autocomplete(user, ["build"], "from", **{"from": ""}) == []
    assert await h.autocomplete(user, ["build"], "to", to="") == []
    assert await h.autocomplete(user, ["bid"], "amount", amount="")


async def test_no_bid_is_offered_above_the_cap(harness: Harness) -> None:
    h = harness
    await start(h)
    await choose_barons(h)
    first = await mover(h)
    amounts = await h.autocomplete(first, ["bid"], "amount", amount="")
    assert amounts and all(c["value"] * 1000 <= MAX_BID for c in amounts)
    typed = await h.autocomplete(first, ["bid"], "amount", amount="100")
    assert [c["value"] for c in typed] == [MAX_BID // 1000]
    board = final(await h.run(first, ["bid"], amount=MAX_BID // 1000, confirm=True))
    assert not board.ephemeral, board.content
    second = await mover(h)
    assert second != first
    # The high bid is at the cap: passing is all that is left, and all that is offered.
    labels = [b["label"] for b in buttons(board)] + [
        o["label"] for m in menus(board) for o in m["options"]]
    assert labels and not [text for text in labels if "Bid" in text], labels
    assert await h.autocomplete(second, ["bid"], "amount", amount="") == []
    assert await h.autocomplete(second, ["bid"], "amount", amount="101") == []
