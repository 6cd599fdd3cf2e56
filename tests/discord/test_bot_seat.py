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


async def test_a_table_of_computers_plays_on_by_itself(harness: Harness) -> None:
    """Once nobody at the table is a person, the computers finish the game without commands:
    a few moves answer the command, the rest are posted to the channel run by run, each with
    its board and the buttons of the latest board only."""
    h = harness
    h.bot.autoplay.pace = 0.0  # no waiting between runs in a test
    await h.run(ALICE, ["game", "new"], system="tiny", options="target=60", bots=1)
    await h.run(ALICE, ["game", "start"])
    await h.run(ALICE, ["ready"])
    answered = final(await h.run_as(ALICE, ["game", "replace"], player=ALICE, **{"with": "bot"}))
    assert "takes over alice's seat" in answered.content
    game = await current_game(h)
    assert game.status == "finished", "the computers played on to the end by themselves"
    runs = [c for c in h.rec.calls
            if c.kind == "channel_message" and "(computer) adds" in c.content]
    assert runs, "runs of computer moves are posted in the channel"
    assert all(c.files for c in runs), "each run ends with its board"
    assert "wins" in runs[-1].content or "Game over" in runs[-1].content
