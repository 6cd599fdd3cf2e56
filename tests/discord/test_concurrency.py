"""Many interactions on one game at the same moment: each applies once or is refused cleanly."""

from __future__ import annotations

import itertools
import random

from discord_harness import ALICE, BOB, Call, Harness, current_game, final, open_and_start, to_act


def answered_once(calls: list[Call]) -> Call:
    """Deferred first, then exactly one answer (the public board or a private refusal)."""
    assert calls[0].kind == "callback", calls
    answers = [
        c
        for c in calls
        if c.kind in ("edit_original", "followup")
        and c.content not in ("", "Posted in the channel.")
        and "is waiting for you" not in c.content
        and "Your card is" not in c.content
    ]
    assert len(answers) == 1, answers
    return answers[0]


async def test_fifty_simultaneous_commands(harness: Harness) -> None:
    h = harness
    await open_and_start(h, target=1000)
    await h.run(ALICE, ["ready"])
    await h.run(BOB, ["ready"])
    before = await current_game(h)

    users = [ALICE, BOB] * 25
    random.Random(3).shuffle(users)
    sent = [h.command_payload(u, ["pass"]) for u in users]
    for payload, _ in sent:
        h.feed(payload)
    await h.settle()

    applied = refused = 0
    for _, token in sent:
        answer = answered_once(h.rec.for_token(token))
        if "passes" in answer.content:
            assert not answer.ephemeral and answer.files == ["board.png"]
            applied += 1
        else:
            assert answer.ephemeral
            assert any(
                why in answer.content
                for why in ("turn, not yours", "same moment", "Your pass was already made.")
            ), answer.content
            refused += 1
    after = await current_game(h)
    assert applied >= 1 and applied + refused == 50
    assert after.seq - before.seq == applied
    # Turns alternate in the log: no move was applied twice or out of turn.
    rows = await h.bot.service.store.actions(after.id, after=before.seq)
    seats = [r.action["seat"] for r in rows]
    assert all(a != b for a, b in itertools.pairwise(seats))


async def test_fifty_clicks_on_one_button_apply_once(harness: Harness) -> None:
    h = harness
    await open_and_start(h, target=1000)
    await h.run(ALICE, ["ready"])
    board = final(await h.run(BOB, ["ready"]))
    player = await to_act(h)
    before = await current_game(h)
    pass_id = next(cid for cid in board.custom_ids if ":pass:" in cid)

    sent = [h.click_payload(player, board, pass_id) for _ in range(50)]
    for payload, _ in sent:
        h.feed(payload)
    await h.settle()

    answers = [answered_once(h.rec.for_token(token)) for _, token in sent]
    done = [a for a in answers if "passes" in a.content]
    assert len(done) == 1 and not done[0].ephemeral
    assert all(
        a.ephemeral and a.content == "Your pass was already made." for a in answers if a not in done
    )
    assert (await current_game(h)).seq == before.seq + 1
