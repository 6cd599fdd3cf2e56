"""The one error the engine raises for a move the rules do not allow."""

from __future__ import annotations


class IllegalAction(Exception):
    """A move the rules forbid.

    ``code`` is a stable machine-readable reason (for tests and logs); ``message`` is one sentence a
    player can act on, e.g. "Cleveland can only be entered from E, SE or SW."
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"IllegalAction({self.code!r}, {self.message!r})"
