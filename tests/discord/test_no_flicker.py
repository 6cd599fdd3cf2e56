"""A typed move that will be refused, or only asked about, is answered privately from the start:
the channel never sees a public "thinking..." appear and vanish. A move that is made stays
public."""

from __future__ import annotations

from discord_harness import ALICE, BOB, Call, Harness, final, open_and_ready, to_act


def deferred_privately(calls: list[Call]) -> bool:
    (defer,) = [c for c in calls if c.kind == "callback"]
    return defer.ephemeral


async def test_a_refused_typed_move_never_flickers_in_public(harness: Harness) -> None:
    h = harness
    await open_and_ready(h)
    mover = await to_act(h)
    waiting = BOB if mover == ALICE else ALICE
    for user, options in [(waiting, {"amount": 1}), (mover, {"amount": 99})]:
        calls = await h.run(user, ["add"], **options)
        answer = final(calls)
        assert answer.ephemeral and answer.content, answer.content
        assert deferred_privately(calls), options
        assert not [c for c in calls if c.kind == "delete_original"]
        assert not [c for c in calls if not c.ephemeral and c.kind != "callback"]
    # A move that first asks (as one issuing bonds does) is a question for the mover alone.
    asked = await h.run(mover, ["gamble"])
    assert "at least" in final(asked).content and deferred_privately(asked)
    assert not [c for c in asked if c.kind == "delete_original"]
    made = await h.run(mover, ["add"], amount=1)
    assert not deferred_privately(made) and not final(made).ephemeral
