"""A game with a computer seat through Discord interactions: it is seated by bots:1, answers the
simultaneous "ready" at once, moves right after the person, and is never mentioned."""

from __future__ import annotations

from discord_harness import ALICE, BOB, EVE, Harness, current_game, final


async def test_a_person_and_a_computer_through_interactions(harness: Harness) -> None:
    h = harness
    opened = final(await h.run(ALICE, ["game", "new"], system="tiny", options="target=9",
                               bots=1))
    assert "Brunel (computer) joined" in opened.content
    started = await h.run(ALICE, ["game", "start"])
    board = final(started)
    assert "Brunel (computer) is ready" in board.content, "the computer answers at once"
    for call in started:
        if call.mentions is not None:
            assert all(u > 0 for u in call.mentions.get("users", [])), call.mentions
    ready = final(await h.run(ALICE, ["ready"]))
    assert "alice is ready" in ready.content
    for _ in range(20):
        game = await current_game(h)
        if game.status != "active":
            break
        # Whenever the person is answered, the computer has already made its move after hers.
        reply = final(await h.run(ALICE, ["add"], amount=1))
        assert "alice adds 1" in reply.content
        if "wins" not in reply.content:
            assert "Brunel (computer)" in reply.content
    game = await current_game(h)
    assert game.status == "finished"


async def test_a_computer_seat_handed_back_to_a_person(harness: Harness) -> None:
    """A computer has no mention: /game replace names its seat by name or colour (suggested
    while typing), and the person who takes it is asked for the seat's moves from then on."""
    h = harness
    await h.run(ALICE, ["game", "new"], system="tiny", options="target=30", bots=1)
    await h.run(ALICE, ["game", "start"])
    await h.run(ALICE, ["ready"])
    offered = await h.autocomplete(ALICE, ["game", "replace"], "seat", seat="comp")
    assert [c["name"] for c in offered] == [c["value"] for c in offered]
    (brunel,) = offered
    assert brunel["value"].startswith("Brunel (computer) (")
    both = final(await h.run_as(ALICE, ["game", "replace"], seat="Brunel", player=BOB,
                                substitute=EVE))
    assert "player:@someone, or seat:" in both.content
    nobody = final(await h.run_as(ALICE, ["game", "replace"], seat="Stephenson",
                                  substitute=EVE))
    assert "There is no seat called 'Stephenson'" in nobody.content
    handed = await h.run_as(ALICE, ["game", "replace"], seat=brunel["value"], substitute=BOB)
    assert "bob takes over Brunel (computer)'s seat" in final(handed).content
    game = await current_game(h)
    seats = {s.seat: s for s in await h.bot.service.store.seats(game.id)}
    assert sorted(s.user_id for s in seats.values()) == [ALICE[0], BOB[0]]
    # From now on the seat waits for bob: alice's move is answered without a computer move.
    for _ in range(4):
        game = await current_game(h)
        if game.status != "active":
            break
        who = ALICE if seats[game.to_act[0]].user_id == ALICE[0] else BOB
        reply = final(await h.run(who, ["add"], amount=1))
        assert f"{who[1]} adds 1" in reply.content
        assert "(computer)" not in reply.content
    game = await current_game(h)
    assert seats[game.to_act[0]].user_id in (ALICE[0], BOB[0])
