"""The ping that wakes a player lists the moves since their last one (beyond the one just
posted above it)."""

from __future__ import annotations

from discord_harness import ALICE, BOB, Harness, open_and_ready, to_act


async def test_the_ping_lists_what_happened_since_the_players_last_move(harness: Harness) -> None:
    h = harness
    await open_and_ready(h)  # alice was ready at move #1, bob at #2
    mover = await to_act(h)
    waiter = BOB if mover == ALICE else ALICE
    calls = await h.run(mover, ["pass"])  # move #3
    (ping,) = [c for c in calls if "is waiting for you" in c.content]
    assert ping.mentions is not None and ping.mentions["users"] == [waiter[0]]
    if waiter == ALICE:  # bob's ready and pass came after alice's ready: two moves to tell
        assert "\nSince your last move (2 moves):\n#2 bob: " in ping.content
        assert ping.content.endswith("#3 bob: bob passes.")
    else:  # only the pass just posted above the ping: nothing more to say
        assert "Since your last move" not in ping.content


async def test_every_ping_after_a_round_of_moves_carries_the_news(harness: Harness) -> None:
    h = harness
    await open_and_ready(h)
    told = []
    for _ in range(4):
        calls = await h.run(await to_act(h), ["pass"])
        told += [c.content for c in calls if "is waiting for you" in c.content]
    # With two players each ping follows one move of the other's: no more than the board says.
    assert len(told) == 4 and sum("Since your last move" in t for t in told) <= 1
