"""The dispatcher that runs a command of the tree (bot.commandtree) for Discord and the terminal
alike, with the parsing of typed values and the /game help text it answers with."""

from __future__ import annotations

import re
import shlex
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from bot import reminders, takeover
from bot.commandtree import CONFIRM, GROUPS, game_group, move_commands, stats_group
from bot.replies import (
    SERVERS_ONLY,
    Reply,
    UserError,
    bots_stopped,
    error_reply,
    unavailable,
)
from bot.service import GameService, User, Where, server_titles
from bot.service.bots import BOT_MOVES_PER_COMMAND, merge_replies, seat_bots
from bot.storage import StoreUnavailable
from bot.usertext import (
    MAX_MESSAGE,
    MAX_TEXT,
    MAX_TEXT_FOR,
    MAX_USER_NAME,
    MAX_WHOLE_NUMBER,
    NOT_UTF8,
    clean,
    echo,
    fit,
    quote,
    shorten,
)
from engine.core import CommandSpec, IllegalAction, Registry, Suggestion
from engine.core.names import find, listing, named


def parse_options(text: str) -> dict[str, Any]:
    """`a=1, b=true, c=word` -> {"a": 1, "b": True, "c": "word"} (for `/game new options:`)."""
    out: dict[str, Any] = {}
    for part in text.split(","):
        if not part.strip():
            continue
        key, eq, value = (p.strip() for p in part.partition("="))
        if not eq or not key:
            raise UserError(
                f"{quote(part.strip())} is not an option; write options as key=value, "
                "separated by commas."
            )
        low = value.lower()
        if low in ("true", "false"):
            out[key] = low == "true"
        elif WHOLE_NUMBER.fullmatch(value):
            out[key] = check_bound(key, int(value))
        else:
            out[key] = value
    return out


WHOLE_NUMBER = re.compile(r"-?[0-9]+")
"""Only ASCII digits make a number: str.isdigit() also accepts '²', which int() refuses."""


def check_bound(key: str, value: int) -> int:
    if abs(value) > MAX_WHOLE_NUMBER:
        raise UserError(
            f"{key}: {quote(value)} is far beyond anything a game here needs; "
            f"the limit is {MAX_WHOLE_NUMBER:,}."
        )
    return value


def read_text(key: str, value: str) -> str:
    """A typed text value, cleaned of control codes; refused when absurdly long."""
    limit = MAX_TEXT_FOR.get(key, MAX_TEXT)
    if len(value) > limit:
        raise UserError(
            f"{key}: that is {len(value):,} characters long; at most {limit} are read."
        )
    value = clean(value)
    if NOT_UTF8 in value:
        raise UserError(f"{key}: {quote(value)} holds characters that are not readable text.")
    return value


def clean_user(user: User) -> User:
    """A user as named in replies: the name without control codes, at most a display name long."""
    name = shorten(clean(user.name), MAX_USER_NAME).strip() or "someone"
    return user if name == user.name else replace(user, name=name)


def fitted(reply: Reply) -> Reply:
    """``reply`` with its text and private notes fitted to one Discord message each."""
    reply.text = fit(reply.text)
    reply.private = [replace(p, text=fit(p.text)) for p in reply.private]
    return reply


UserResolver = Callable[[Any], Awaitable[User | None]]


class Dispatcher:
    """Runs one command for one user in one channel and always answers with a Reply."""

    def __init__(
        self,
        service: GameService,
        *,
        bot_moves: int = BOT_MOVES_PER_COMMAND,
        bot_seconds: float | None = None,
        later: Callable[[Where], None] | None = None,
    ) -> None:
        self.service = service
        self.bot_moves = bot_moves
        """Computer moves answered with a command at most."""
        self.bot_seconds = bot_seconds
        """The computers' thinking time answered with a command at most (strong computers
        think long): after it the reply goes, and ``later`` plays on."""
        self.later = later
        """Where computers still to move after that go on by themselves (the Discord client's
        background play); without it they wait for the next command."""

    @property
    def registry(self) -> Registry:
        return self.service.registry

    def spec(self, path: list[str]) -> CommandSpec:
        if not path:
            raise UserError("Type a command, e.g. /game help.")
        for group in (game_group(self.registry), stats_group(self.registry)):
            if path[0] != group.name:
                continue
            if len(path) < 2:
                names = ", ".join(c.name for c in group.subcommands)
                raise UserError(f"/{group.name} needs a subcommand: {names}.")
            sub = group.sub(path[1])
            if sub is None:
                raise UserError(f"There is no /{group.name} {echo(path[1])} command. Try "
                                "/game help.")
            return sub
        for cmd in move_commands(self.registry):
            if cmd.name == path[0]:
                return cmd
        raise UserError(f"There is no /{echo(path[0])} command. Try /game help.")

    @staticmethod
    def check(spec: CommandSpec, options: dict[str, Any], where: str) -> dict[str, Any]:
        """The options cleaned and checked against the command's spec (a UserError names the
        first that does not fit); text is cleaned of control codes, numbers are bounded."""
        known = {o.name: o for o in spec.options}
        out: dict[str, Any] = {}
        for key, value in options.items():
            o = known.get(key)
            if o is None:
                names = ", ".join(known) or "none"
                raise UserError(f"{where} has no option {quote(key)}. Its options: {names}.")
            if o.type == "integer" and (not isinstance(value, int) or isinstance(value, bool)):
                raise UserError(f"{key}: must be a whole number, not {quote(value)}.")
            if o.type == "integer":
                check_bound(key, value)
            if o.type == "boolean" and not isinstance(value, bool):
                raise UserError(f"{key}: must be true or false, not {quote(value)}.")
            if isinstance(value, str):
                value = read_text(key, value)
            if isinstance(value, User):
                value = clean_user(value)
            if o.choices and str(value) not in o.choices:
                # Any case and an unambiguous prefix name a choice too ("Blue", "pur").
                found = find(str(value), named(o.choices))
                if len(found) != 1:
                    which = (f"{quote(value)} matches {listing([n.label for n in found])}"
                             if found else f"not {quote(value)}")
                    note = f" {o.choices_note}" if o.choices_note and not found else ""
                    raise UserError(
                        f"{key}: must be one of {', '.join(o.choices)}, {which}.{note}"
                    )
                value = found[0].value
            out[key] = value
        missing = [o.name for o in spec.options if o.required and o.name not in options]
        if missing:
            example = " ".join(f"{m}:..." for m in missing)
            raise UserError(f"{where} needs {', '.join(missing)} (e.g. {where} {example}); "
                            "/game help lists what you can choose now.")
        return out

    async def run(
        self,
        where: Where,
        user: User,
        path: list[str],
        options: dict[str, Any],
        *,
        expected_seq: int | None = None,
    ) -> Reply:
        try:
            if where.guild_id is None:
                raise UserError(SERVERS_ONLY)
            spec = self.spec(path)
            name = "/" + " ".join(path[:2] if path[0] in GROUPS else path[:1])
            try:
                options = self.check(spec, options, name)
            except UserError:
                if path[0] not in GROUPS:
                    # Out of turn is the first thing to hear, whatever the options lack.
                    await self.service.refuse_out_of_turn(where, clean_user(user), path[0])
                raise
            user = clean_user(user)
            if path[0] == "game":
                reply = await self._game(where, user, path[1], options)
            elif path[0] == "stats":
                reply = await self._stats(where, user, path[1], options)
            else:
                move = {k: v for k, v in options.items() if k != CONFIRM.name}
                reply = await self.service.act(
                    where, user, path[0], move, expected_seq, confirmed=bool(options.get("confirm"))
                )
        except UserError as exc:
            reply = error_reply(exc.message)
        except IllegalAction as exc:
            reply = error_reply(exc.message)
        except StoreUnavailable as exc:  # the store logged it (one line)
            reply = error_reply(unavailable(exc.unknown, exc.full))
        if not reply.error and not reply.ephemeral and reply.game_id is not None:
            # Computer players whose turn came up move at once, through the same service.
            try:
                made = await self.service.play_bots(where, self.bot_moves,
                                                    seconds=self.bot_seconds)
            except (StoreUnavailable, UserError, IllegalAction) as exc:
                # The command's own change is stored: its answer stands, with why they stopped.
                reply.text += "\n" + bots_stopped(exc)
                made = []
            reply = merge_replies(reply, made)
            cut = len(made) == self.bot_moves or (self.bot_seconds is not None and bool(made))
            if cut and self.later is not None:
                self.later(where)  # (nothing happens there if no computer has a move left)
        return fitted(reply)

    async def stores_nothing(self, where: Where, user: User, path: list[str],
                             options: dict[str, Any]) -> bool:
        """Whether the move command ``path`` would certainly store nothing (its answer is a
        refusal or a question, for the asker alone), found without changing anything."""
        if where.guild_id is None or path[0] == "game":
            return where.guild_id is None
        try:
            options = self.check(self.spec(path), options, "/" + path[0])
        except UserError:
            return True
        move = {k: v for k, v in options.items() if k != CONFIRM.name}
        try:
            return await self.service.stores_nothing(
                where, clean_user(user), path[0], move, confirmed=bool(options.get("confirm")))
        except StoreUnavailable:
            return True

    def check_new_game(self, options: dict[str, Any]) -> Reply | None:
        """What `/game new` with ``options`` would refuse, without opening anything."""
        try:
            self.check(self.spec(["game", "new"]), options, "/game new")
            opts = parse_options(options["options"]) if options.get("options") else {}
            self.service.check_new_game(options["system"], options.get("map"), opts)
        except (UserError, IllegalAction) as exc:
            return error_reply(exc.message)
        return None

    async def _stats(self, where: Where, user: User, sub: str, o: dict[str, Any]) -> Reply:
        s = self.service
        if sub == "player":
            return await s.stats(where, user, o.get("player"), o.get("system"))
        if sub == "leaderboard":
            return await s.leaderboard(where, o.get("system"), o.get("map"), o.get("period"))
        if sub == "history":
            return await s.history(where, o.get("player"), o.get("system"))
        if sub == "season":
            return await s.new_season(where, user, bool(o.get("confirm")))
        if sub == "rated":
            return await s.set_rated(where, user, int(o["game"]), bool(o["on"]))
        if sub == "mingames":
            return await s.set_min_games(where, user, int(o["games"]))
        if sub == "export":
            return await s.export_results(where, user)
        raise UserError(f"There is no /stats {echo(sub)} command.")

    async def _game(self, where: Where, user: User, sub: str, o: dict[str, Any]) -> Reply:
        s = self.service
        if sub == "new":
            opts = parse_options(o["options"]) if o.get("options") else {}
            opened = await s.new_game(where, user, o["system"], o.get("map"), opts, o.get("name"))
            return await seat_bots(s, where, user, opened, int(o.get("bots") or 0))
        if sub == "join":
            return await s.join(where, user, o.get("colour"))
        if sub == "addbot":
            return await s.add_bot(where, user, o.get("level"))
        if sub == "leave":
            return await s.leave(where, user)
        if sub == "start":
            return await s.start(where, user)
        if sub == "abandon":
            return await s.abandon(where, user, bool(o.get("confirm")))
        if sub == "info":
            return await s.info(where)
        if sub == "list":
            return await s.list_games(where.guild_id)
        if sub == "status":
            return await s.status(where, user)
        if sub == "log":
            return await s.log(where, int(o.get("last", 10)))
        if sub == "board":
            if o.get("at") is not None:
                return await s.board_at(where, int(o["at"]), o.get("zoom"))
            return await s.show_board(where, o.get("zoom"))
        if sub == "replay":
            start, end = (int(o[k]) if o.get(k) is not None else None for k in ("from", "to"))
            return await s.replay(where, start, end, by=o.get("by"))
        if sub == "hand":
            return await s.hand(where, user)
        if sub == "undo":
            return await s.undo(where, user)
        if sub == "help":
            return await self.help(where, user, max(1, int(o.get("page") or 1)))
        if sub in ("pause", "resume"):
            return await s.set_paused(where, user, sub == "pause")
        if sub == "kick":
            return await s.kick(where, user, o["player"])
        if sub == "remind":
            return await reminders.set_interval(s, where, user, int(o["hours"]))
        if sub == "colourblind":
            return await s.set_colourblind(where, user, o["on"], bool(o.get("server")))
        if sub == "titles":
            return await server_titles.set_titles(s.store, s.registry, where.guild_id,
                                                  user.manager, o.get("enable"))
        if sub == "takeover":
            return await takeover.set_hours(s, where, user, int(o["hours"]))
        if sub == "snooze":
            return await reminders.snooze(s, where, user)
        if sub == "replace":
            leaving = await self._leaving(where, o)
            if o.get("with") == "bot":
                return await s.replace_with_bot(where, user, leaving, o.get("level"))
            if o.get("substitute") is None:
                raise UserError("Say who takes the seat: substitute:@someone, or with:bot for "
                                "a computer player.")
            return await s.replace(where, user, leaving, o["substitute"])
        raise UserError(f"There is no /game {echo(sub)} command.")

    async def _leaving(self, where: Where, o: dict[str, Any]) -> User:
        """Whose seat /game replace hands on: a mentioned person, or a seat named by its
        player's name or colour (computer players cannot be mentioned)."""
        if ("player" in o) == ("seat" in o):
            raise UserError("Name the seat to hand on: player:@someone, or seat: with the "
                            "player's name or colour (for a computer player's seat).")
        if "player" in o:
            leaving: User = o["player"]
            return leaving
        return await self.service.seat_holder(where, str(o["seat"]))

    async def help(self, where: Where, user: User, page: int = 1) -> Reply:
        game = await self.service.game_here(where, required=False)
        if game is None:
            systems = ", ".join(f"{t.meta.id} ({t.meta.name})" for t in self.registry)
            return Reply(
                "No game here yet. Open one with /game new system:<id>; systems: "
                f"{systems}. Others join with /game join; short of players, the creator "
                "seats computer players with /game addbot (or opens with bots:2).",
                ephemeral=True,
            )
        if game.status == "lobby":
            return Reply(
                f"{game.name} is gathering players: /game join to sit down, /game leave "
                "to stand up; the creator runs /game start. "
                + self.service.seat_filling(game),
                ephemeral=True,
            )
        if not await self.service.is_seated(where, user):
            return Reply(
                f"You are watching {game.name}: /game board, /game status and /game log "
                "show how it goes.",
                ephemeral=True,
            )
        legal = await self.service.legal(where, user)
        if not legal:
            status = await self.service.status(where)
            return Reply("Nothing to do for you right now. " + status.text, ephemeral=True)
        lines = []
        for cmd in await self.service.help_commands(where, user):
            opts = " ".join(
                f"{o.name}:..." if o.required else f"[{o.name}:...]"
                for o in cmd.options
                if o.name != CONFIRM.name
            )
            lines.append(f"/{cmd.name} {opts}".rstrip() + f" — {cmd.description}")
        if await self.service.latest_move_is_theirs(where, user):
            lines.append("/game undo takes back your last move.")
        shown = help_order(await self.service.suggestions(where, user))
        return Reply(help_text(lines, suggestion_lines(shown), page), ephemeral=True)


MAX_HELP_SUGGESTIONS = 30
"""Enough for every space an Ultimate Railroads player can take; longer lists go on a page."""
FIRST_PAGE_TOP = 8
"""The first page of /game help always holds this many of the best suggestions, and besides them
the best of every other kind of move (so an open Urbanize or Pass is never hidden behind ten
builds)."""


def help_order(suggestions: list[Suggestion]) -> list[Suggestion]:
    """The suggestions in the order /game help numbers them: the best few and the best of each
    other group, best first, then the rest, best first (``suggestions`` come best first)."""
    first = set(range(min(FIRST_PAGE_TOP, len(suggestions))))
    groups: set[str] = {suggestions[i].group for i in first}
    for i, s in enumerate(suggestions):
        if s.group not in groups:
            groups.add(s.group)
            first.add(i)
    ahead = [s for i, s in enumerate(suggestions) if i in first]
    return ahead + [s for i, s in enumerate(suggestions) if i not in first]


def help_text(commands: list[str], suggested: list[str], page: int = 1) -> str:
    """The /game help reply: every command, then as many of the best suggestions as fit in one
    message (the last ones go first, so the commands and the best moves are never cut); the
    rest are on later pages (``/game help page:2``), each holding as many as fit."""
    start, number = 0, 1
    while True:
        text, kept = _help_page(commands if number == 1 else [], suggested[start:], number)
        if number >= page or start + kept >= len(suggested):
            break
        start, number = start + kept, number + 1
    if number < page:
        return (f"/game help has {number} page{'s' if number > 1 else ''} now; "
                f"this is page {number}.\n" + text)
    return text


def _help_page(commands: list[str], suggested: list[str], page: int) -> tuple[str, int]:
    """One page of /game help and how many suggestions it holds."""
    kept = suggested[:MAX_HELP_SUGGESTIONS]
    while True:
        lines = ["You can now:", *commands] if page == 1 else []
        if kept:
            head = "Suggested moves (best first):" if page == 1 else \
                f"More suggested moves (page {page}):"
            lines += [head, *kept]
        if len(kept) < len(suggested):
            more = len(suggested) - len(kept)
            lines.append(f"… {more} more suggested move{'s' if more > 1 else ''}: "
                         f"/game help page:{page + 1}")
        text = "\n".join(lines)
        if len(text) <= MAX_MESSAGE or len(kept) <= 1:
            return text, len(kept)
        kept.pop()


def typed_form(s: Suggestion) -> str:
    """The command a suggestion stands for, as it would be typed (``...`` for what it still
    needs)."""
    words = [f"/{s.command}"]
    for key, value in s.options.items():
        text = ("true" if value else "false") if isinstance(value, bool) else str(value)
        words.append(f'{key}:"{text}"' if " " in text else f"{key}:{text}")
    words += [f"{need}:..." for need in s.needs if need not in s.options]
    return " ".join(words)


def suggestion_lines(suggestions: list[Suggestion]) -> list[str]:
    """Numbered suggested moves in words, each with the command that makes it."""
    lines = []
    for i, s in enumerate(suggestions, 1):
        detail = f" ({s.detail.rstrip('.')})" if s.detail else ""
        lines.append(f"{i}. {s.label}{detail}: {typed_form(s)}")
    return lines


def split_line(line: str) -> tuple[str, list[str], dict[str, str]]:
    """`alice /game new system:rotw name:"Big game"` -> ("alice", ["game", "new"], {...})."""
    try:
        tokens = shlex.split(line)
    except ValueError as exc:
        raise UserError(f"Could not read that line ({exc}); close your quotes.") from None
    if tokens and tokens[0].startswith("/"):
        raise UserError(
            "Start the line with the name of the player who types it, e.g. "
            f"alice {shorten(line.strip(), 60)}"
        )
    if len(tokens) < 2 or not tokens[1].startswith("/"):
        raise UserError(
            "Type a line as: <user> /<command> [option:value ...], e.g. alice /game help "
            "or alice /game new system:rotw"
        )
    user, path = tokens[0], [tokens[1][1:]]
    rest = tokens[2:]
    if path[0] in GROUPS and rest and ":" not in rest[0]:
        path.append(rest.pop(0))
    opts: dict[str, str] = {}
    last = ""
    for i, tok in enumerate(rest):
        if ":" not in tok:
            if last:
                raise UserError(spaced_value_hint(tokens[: len(tokens) - len(rest)], rest, i))
            raise UserError(f"'{tok}' is not an option; write options as name:value.")
        key, value = tok.split(":", 1)
        opts[key] = value
        last = key
    return user, path, opts


def spaced_value_hint(head: list[str], rest: list[str], bad: int) -> str:
    """What to say when a word without ``name:`` follows an option: most likely a value with
    spaces typed without quotes (``from:New York``). Shows the line with the quotes put in."""
    fixed: list[str] = []
    for tok in rest:
        if ":" in tok or not fixed:
            fixed.append(tok)
        else:
            fixed[-1] += " " + tok
    words = []
    for tok in fixed:
        key, _, value = tok.partition(":")
        words.append(f'{key}:"{value}"' if " " in value else tok)
    key = rest[bad - 1].split(":", 1)[0] if bad else ""
    return (f"'{rest[bad]}' is not an option: a value with spaces goes in quotes "
            f"({key}:\"...\"). Type: {' '.join([*head, *words])}")
