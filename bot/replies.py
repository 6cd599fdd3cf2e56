"""What the service answers: plain data that Discord and the terminal render the same way."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SERVERS_ONLY = (
    "railbot games live in server channels: use its commands in a channel or thread of a "
    "server that has railbot, not in a direct message."
)


class UserError(Exception):
    """Bad input or a request that cannot be done now; ``message`` is one sentence for the user."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def cannot_replay(game_name: str, seq: int, problem: Exception) -> UserError:
    """How every command reports a stored game whose moves no longer replay (a rules change, or
    a damaged file), instead of failing with an internal error."""
    return UserError(
        f"{game_name} cannot be loaded: its move #{seq} no longer fits the current rules "
        f"({problem}). The creator or a server manager can /game abandon it."
    )


@dataclass(frozen=True)
class Private:
    """A message only ``user_id`` may see (a dealt card, a secret choice)."""

    user_id: int
    text: str


@dataclass
class Reply:
    text: str
    ephemeral: bool = False
    """Only the user who asked sees it."""
    image: bytes | None = None
    image_name: str = "board.png"
    ping: list[int] = field(default_factory=list)
    """Users who must act next: mention exactly these."""
    private: list[Private] = field(default_factory=list)
    game_id: int | None = None
    seq: int | None = None
    """The game's action count after this reply (stale buttons carry an older one)."""
    data: Any = None
    """Structured payload for clients that want it (e.g. a view for `railbot inspect`)."""
    error: bool = False
    over: bool = False
    """The move ended the game (the ping then says so instead of asking for a move)."""
    chart: bytes | None = None
    """A second picture (PNG): the score-over-time chart posted when a game ends."""
    focus: bool = False
    """``image`` is the focus picture of the last move (the full board is a click away)."""


def error_reply(message: str) -> Reply:
    return Reply(message, ephemeral=True, error=True)
