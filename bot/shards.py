"""Which of Discord's gateway shards this process runs (`railbot run --shard-ids --shard-count`).

A bot in many servers splits its gateway connection into shards; one process can run several
(discord.py's AutoShardedClient) and several processes share the work, each with its own ids,
all on one PostgreSQL database (docs/scaling.md).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Shards:
    count: int
    """Shards across every process; the same number for all of them."""
    ids: list[int] | None
    """The shards this process runs; None: all of them."""


def parse_ids(text: str) -> list[int]:
    """``0-3``, ``4,6`` or ``0-1,5`` as a sorted list of shard ids; ValueError with a sentence."""
    ids: set[int] = set()
    for part in text.split(","):
        first, dash, last = part.strip().partition("-")
        try:
            low = int(first)
            high = int(last) if dash else low
        except ValueError:
            raise ValueError(
                f"--shard-ids: '{part.strip()}' is not a shard number or a range like 0-3"
            ) from None
        if low < 0 or high < low:
            raise ValueError(f"--shard-ids: '{part.strip()}' is not a range like 0-3")
        ids.update(range(low, high + 1))
    return sorted(ids)


def shards(ids: str | None, count: int | None) -> Shards | None:
    """The shards asked for on the command line (None: no sharding, one plain connection)."""
    if ids is None and count is None:
        return None
    if count is None:
        raise ValueError("--shard-ids needs --shard-count (the number of shards in all processes)")
    if count < 1:
        raise ValueError(f"--shard-count must be at least 1, not {count}")
    chosen = parse_ids(ids) if ids is not None else None
    if chosen and chosen[-1] >= count:
        raise ValueError(
            f"--shard-ids: shard {chosen[-1]} does not exist with --shard-count {count} "
            f"(shards are numbered 0 to {count - 1})"
        )
    return Shards(count, chosen)
