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

    exit_code = 1
    """What a terminal command exits with when it stops on this."""

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


class UnknownTitle(UserError):
    """A stored game of a title this railbot does not ship (a newer or a different build wrote
    it): no command can load it, so the terminal stops with exit code 2."""

    exit_code = 2

    def __init__(self, game_name: str, title_id: str) -> None:
        super().__init__(
            f"{game_name} cannot be loaded: it is a game of '{title_id}', a game system this "
            "railbot does not know. Open the database with a railbot that has it."
        )


def damaged_log(game_name: str, seq: int) -> UserError:
    """How every command reports a stored game whose log was altered or damaged (its checksum
    chain breaks at move ``seq``): the same sentence, whatever part of the log it reads."""
    return UserError(
        f"{game_name} cannot be loaded: its move #{seq} is damaged (the stored log does not "
        "match its checksums). The creator or a server manager can /game abandon it."
    )


UNREACHABLE = (
    "railbot cannot reach its database just now, so nothing was done. Please try again in a "
    "minute."
)
"""What a player reads while the database is unreachable (the log gets one line)."""
DISK_FULL = (
    "railbot's database has run out of disk space, so nothing was done (your move, if it was "
    "one, was not saved). Whoever runs the bot must free some space; then try again."
)
"""What a player reads while the database's disk is full (the log gets one line)."""

def outcome_unknown(what: str) -> UserError:
    """A commit whose answer was lost and could not be read back: say so, never guess."""
    return UserError(
        f"railbot lost its database connection while saving {what} and could not read back "
        f"whether it was saved. Look at /game board in a minute: if {what} is not there, try "
        "again."
    )


def unavailable(unknown: bool, full: bool = False) -> str:
    """What a player reads when the database could not be used for a command: nothing was
    done (it cannot be reached, or ``full``: its disk is), or (``unknown``) the change may have
    been saved as the connection dropped."""
    if full:
        return DISK_FULL
    return outcome_unknown("that change").message if unknown else UNREACHABLE


def stood(what: str) -> str:
    """The line added when a commit's answer was lost but reading it back found it saved."""
    return (f"(The database connection dropped as {what} was saved; railbot read it back: "
            f"{what} stands.)")

def bots_stopped(problem: Exception) -> str:
    """The line added to a command's answer when the computer players' moves after it stopped
    (the command's own change stands)."""
    message = getattr(problem, "message", None)  # a UserError or the engine's IllegalAction
    if isinstance(message, str):
        return f"The computer players stopped: {message}"
    if getattr(problem, "full", False):  # a StoreFull
        return ("The computer players could not move now (railbot's database has run out of "
                "disk space); they move with the next command once there is room.")
    return ("The computer players could not move now (railbot cannot reach its database); they "
            "move with the next command.")


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
    undrawn: bool = False
    """This reply should carry the board but drawing it failed (the move stands)."""


UNDRAWN = "(The picture of the board could not be drawn; /game board tries again.)"
"""Said under a move whose board picture failed: the move itself is stored."""


def error_reply(message: str) -> Reply:
    return Reply(message, ephemeral=True, error=True)
