"""A game with a computer seat through Discord interactions: it is seated by bots:1, answers the
simultaneous "ready" at once, moves right after the person, and is never mentioned."""

from __future__ import annotations

from discord_harness import ALICE, Harness, current_game, final


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
