"""`railbot run --shard-ids 0-3 --shard-count 8`: those gateway shards in one process."""

from __future__ import annotations

import discord
import pytest

from bot.cli.main import main
from bot.discord.client import RailBot, make_bot
from bot.service import GameService
from bot.shards import Shards, shards


async def test_the_shards_asked_for_run_in_one_auto_sharded_client(
    service: GameService,
) -> None:
    # (never started: nothing to log in or close)
    bot = make_bot(service, shards("0-3", 8), reminders=False)
    assert isinstance(bot, discord.AutoShardedClient) and isinstance(bot, RailBot)
    assert bot.shard_ids == [0, 1, 2, 3] and bot.shard_count == 8
    assert bot.dispatcher.service is service
    plain = make_bot(service, None, reminders=False)
    assert not isinstance(plain, discord.AutoShardedClient)


def test_shard_ids_read_as_ranges_and_lists() -> None:
    assert shards("0-1,5", 6) == Shards(6, [0, 1, 5])
    assert shards(None, 4) == Shards(4, None)
    assert shards(None, None) is None


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--shard-ids", "0-3"], "--shard-ids needs --shard-count"),
        (["--shard-ids", "0-8", "--shard-count", "8"], "shard 8 does not exist"),
        (["--shard-ids", "two", "--shard-count", "8"], "'two' is not a shard number"),
        (["--shard-ids", "3-1", "--shard-count", "8"], "'3-1' is not a range"),
        (["--shard-count", "0"], "must be at least 1"),
    ],
)
def test_a_wrong_shard_option_is_one_plain_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    with pytest.raises(SystemExit) as ended:
        main(["run", *argv])
    assert ended.value.code == 2
    assert said in capsys.readouterr().err
