"""A live table: its game rebuilt by re-simulation, its seats, the per-seat versioned messages, the
bots, the grace periods, the turn timer and the break between rounds.

Everything here runs on the server's event loop. Actions go through :meth:`LiveTable.play` one at
a time per table (a lock held while the database commits in a worker thread, with the other
tables' actions of the moment: :mod:`rummykit.server.commits`): an action is applied
to a copy of the state, stored (committed), and only then becomes the table's state, is sent to
every viewer and is acknowledged. Message ``v`` of a game is the view after its
``v``-th action (``v`` 0: the deal), so versions are the same after a restart; the last
:data:`RECENT` messages of each seat and of the spectators are kept whole for reconnecting clients,
and the log of the last :data:`HISTORY` (what a ``sync`` lists as ``earlier``).

A table taken over (a restart, another process's) is rebuilt by :meth:`LiveTable.resume` in slices
of at most :data:`SLICE` seconds of the loop, so that the tables already running keep their pace.
Tables with the same variant and rules share one :class:`~rummykit.engine.game.Game`
(:func:`shared_game`): a game's solvers keep bounded memos, one set per rules, not per table.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable, Generator, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol, TypeVar

from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from rummykit.bots.registry import bot_factory, bot_names
from rummykit.engine.events import Event
from rummykit.engine.game import Game
from rummykit.engine.records import header, outcome_json
from rummykit.errors import IllegalActionError, RummykitError
from rummykit.messages import seat_name
from rummykit.server import ratings
from rummykit.server.assist import state_extras
from rummykit.server.bots import BotRunner
from rummykit.server.commits import ActionWriter
from rummykit.server.db import ANONYMOUS, ActionRow, Database, GameRow, PlayRow, StoredGame
from rummykit.server.defaults import (
    MAX_DEFAULT_STEPS,
    PUBLIC_TURN_SECONDS,
    TIMER_BOT,
    TIMER_BOT_SECONDS,
    drawn_face,
    timer_choices,
    timer_pick,
)
from rummykit.server.protocol import HISTORY, RECENT, ProtocolError, plain_text
from rummykit.server.tokens import new_id, new_token, token_hash, token_matches
from rummykit.variants.registry import game_from_record

log = logging.getLogger("rummykit.server")

RETRY_SECONDS = 1.0
"""Seconds before an automatic move that failed (the database refused it) is tried again."""
SLICE = 0.005
"""Most seconds a table's rebuilding holds the event loop before letting it run other work."""

T = TypeVar("T")


def run_through(steps: Generator[None, None, T]) -> T:
    """Run a sliced computation (a generator that yields between its steps) to its end."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value
            return result


async def run_sliced(steps: Generator[None, None, T]) -> T:
    """Run a sliced computation on the event loop, letting other work run every :data:`SLICE`
    seconds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + SLICE
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value
            return result
        if loop.time() >= end:
            await asyncio.sleep(0)
            end = loop.time() + SLICE


@functools.lru_cache(maxsize=64)
def _game(variant: str, rules: str) -> Game[Any, Any]:
    game, _ = game_from_record(variant, json.loads(rules))
    return game


def shared_game(variant: str, rules: Mapping[str, Any]) -> Game[Any, Any]:
    """The game of ``variant`` under ``rules`` (typed values), one per rules in this process;
    raises :class:`RummykitError` as :func:`game_from_record` does."""
    return _game(variant, json.dumps(dict(rules), sort_keys=True))


class TableHost(Protocol):
    """What a live table asks of the hub that holds it (:class:`rummykit.server.hub.Hub`): the
    database, the bots' runner, its fellow tables (a table is live while it is the hub's), and
    what it tells the hub: the lobby changed, an action was played, its lease was lost; and the
    writer that stores the actions of all its tables together (:mod:`rummykit.server.commits`)."""

    db: Database
    bots: BotRunner
    writer: ActionWriter

    @property
    def tables(self) -> Mapping[str, LiveTable]:
        """The hub's live tables, by id."""

    def lobby_changed(self) -> None:
        """A table's seats or status changed: the lobby's clients hear of it."""

    def count_action(self) -> None:
        """An action was played (the server's counters)."""

    def lost(self, table_id: str) -> None:
        """The table's lease went to another process: it closes here."""


Viewer = int | None
"""A seat number, or ``None`` for the spectators."""


class Outbox(Protocol):
    """Where a connection's messages go: ``send`` queues a JSON text without waiting, ``close``
    ends the connection with a WebSocket close code."""

    def send(self, text: str) -> None:
        """Queue ``text``."""
        ...

    def close(self, code: int) -> None:
        """Close the connection."""
        ...


@dataclass
class TableOptions:
    """Table options: ``public`` (listed in the lobby), ``turn_seconds`` (a person's time per turn,
    ``None``: no timer; a public table's request that names none gets :data:`PUBLIC_TURN_SECONDS`),
    ``grace_seconds`` (how long a dropped person's seat waits before a bot stands in),
    ``bot_delay`` (seconds a bot waits before it moves), ``round_break_seconds`` (the pause after a
    round ends, the match going on, before the next round's first automatic move: the turn timer
    starts after it and a bot waits it out; 0: none), ``hints`` (seats may ask for hints),
    ``seen_count`` (every message carries how many copies of each face lie in the open, in a game
    whose package offers it)."""

    public: bool = False
    turn_seconds: float | None = None
    grace_seconds: float = 30.0
    bot_delay: float = 0.6
    round_break_seconds: float = 10.0
    hints: bool = True
    rated: bool = False
    """Its matches move the accounts' ratings (:mod:`rummykit.server.ratings`); only accounts may
    sit at it."""
    seen_count: bool = False

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableOptions:
        """Options from a request or a stored row; raises ``bad_request`` naming the bad one."""
        options = cls()
        options.public = _flag(data, "public", False)
        options.hints = _flag(data, "hints", True)
        options.rated = _flag(data, "rated", False)
        options.seen_count = _flag(data, "seen_count", False)
        turn = data.get("turn_seconds", PUBLIC_TURN_SECONDS if options.public else None)
        if turn is not None:
            options.turn_seconds = _seconds(turn, "turn_seconds", 1.0, 3600.0)
        options.grace_seconds = _seconds(
            data.get("grace_seconds", cls.grace_seconds), "grace_seconds", 0.0, 86400.0
        )
        options.bot_delay = _seconds(data.get("bot_delay", cls.bot_delay), "bot_delay", 0.0, 10.0)
        options.round_break_seconds = _seconds(
            data.get("round_break_seconds", cls.round_break_seconds), "round_break_seconds", 0.0, 600.0
        )
        return options


def _flag(data: dict[str, Any], name: str, default: bool) -> bool:
    """The true-or-false option ``name`` of ``data`` (``default`` when absent); raises
    ``bad_request`` naming it."""
    value = data.get(name, default)
    if not isinstance(value, bool):
        raise ProtocolError("bad_request", reason=f"{name} is true or false")
    return value


def _seconds(value: object, name: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise ProtocolError("bad_request", reason=f"{name} is a number of seconds from {low:g} to {high:g}")
    return float(value)


@dataclass
class SeatInfo:
    """A seat: ``kind`` ``open``, ``person`` or ``bot`` (``level``: the bot's name)."""

    idx: int
    name: str
    kind: str
    level: str = "greedy"
    token_hash: str | None = None
    standing_in: bool = False
    player_hash: str | None = None
    """The hash of the browser token of who joined (see :class:`rummykit.server.db.PlayRow`)."""
    account_id: int | None = None
    """The account signed in when the seat was joined: only its sessions may play it."""
    username: str | None = None
    """That account's username (its profile: ``GET /players/{username}``)."""

    def guest_key(self, table_id: str) -> str:
        """The ``mute`` key of the chat lines a guest says from this seat: the person's, not the
        seat number's, as an account's is its username's. ``g:`` and 16 hex digits of a digest of
        who joined (its browser token's hash, else its seat token's): a new person in the seat has
        a new key (and a rate limit of its own), and a mute holds at every table that browser sits
        at (``docs/web.md``, "Chat"), the browser's token never shown."""
        who = self.player_hash or self.token_hash or f"{table_id} seat {self.idx}"
        return f"g:{token_hash(f'chat:{who}')[:16]}"

    def public(self, connected: bool) -> dict[str, Any]:
        """What everyone may know of the seat."""
        return {
            "seat": self.idx,
            "name": self.name,
            "account": self.username,
            "kind": self.kind,
            "level": self.level if self.kind == "bot" else None,
            "connected": connected,
            "standing_in": self.standing_in,
        }


def check_level(level: object, variant: str) -> str:
    """A bot level (a bot name, maybe with a budget: ``search:12``) of a bot that plays
    ``variant``; raises ``bad_request`` naming the problem (an unknown bot, a bot of other games, a
    bad budget, a plugin that fails to load)."""
    if not isinstance(level, str):
        raise ProtocolError("bad_request", reason=f"a bot level is one of {', '.join(bot_names())}")
    name = level.strip().lower()
    try:
        bot_factory(name, variant)
    except RummykitError as exc:
        raise ProtocolError("bad_request", reason=str(exc)) from None
    return name


def dumps(message: dict[str, Any]) -> str:
    """A message as compact JSON text."""
    return json.dumps(message, separators=(",", ":"))


@dataclass
class Played:
    """An accepted action: its events, the version it made, whether it had been accepted before."""

    events: list[Event]
    v: int
    duplicate: bool = False


@dataclass
class Match:
    """The table's current game: its row data, the state, the per-viewer messages kept whole
    (``history``, the last :data:`RECENT`) and the per-viewer log (``log``, the last
    :data:`HISTORY` entries of a ``sync``'s ``earlier``)."""

    game_id: str
    number: int
    seed: int
    state: Any
    steps: int = 0
    stood_in: list[int] = field(default_factory=list)
    accepted: dict[int, dict[str, int]] = field(default_factory=dict)
    """Per seat, each accepted client action id and the version its action made."""
    history: dict[Viewer, deque[tuple[int, str]]] = field(default_factory=dict)
    log: dict[Viewer, deque[str]] = field(default_factory=dict)
    """Per viewer, the log's entries as JSON text: the garbage collector has nothing to scan in
    them (as dictionaries, the logs of 200 tables were some 150,000 objects that every full
    collection walked, holding the event loop for tenths of a second)."""


class LiveTable:
    """A table run by this server process (see the module docstring): made from its stored rows,
    then resumed (:meth:`resume`)."""

    def __init__(self, hub: TableHost, stored: StoredGame) -> None:
        row = stored.table
        self.hub = hub
        self.id = row.id
        self.variant = row.variant
        self.rules: dict[str, Any] = dict(row.rules)
        self.options = TableOptions.from_json(row.options)
        self.owner_hash = row.owner_hash
        self.status = row.status
        self.seats = [
            SeatInfo(
                s.idx,
                s.name,
                s.kind,
                s.level,
                s.token_hash,
                s.standing_in,
                s.player_hash,
                s.account_id,
                None if s.account_id is None else stored.usernames.get(s.account_id),
            )
            for s in stored.seats
        ]
        self.game = shared_game(row.variant, row.rules)
        self.sockets: dict[Viewer, set[Outbox]] = {v: set() for v in self.viewers}
        self.match: Match | None = None
        self.moving: set[asyncio.Task[None]] = set()
        self.lock = asyncio.Lock()
        self.timer: asyncio.TimerHandle | None = None
        self.deadline: tuple[int, float] | None = None
        self.break_until: float | None = None
        """The event loop's time when the break after the last round's end is over, or ``None``."""
        self.grace: dict[int, asyncio.TimerHandle] = {}

    async def resume(self, stored: StoredGame) -> None:
        """Rebuild the stored match (in slices, :func:`run_sliced`) and set its timers going."""
        if stored.game is None:
            return
        self.match = await run_sliced(self._rebuilding(stored.game, stored.actions))
        if self.status == "playing":
            for seat in self.seats:
                self._start_grace(seat.idx)
            self._schedule()

    @property
    def viewers(self) -> list[Viewer]:
        """Every seat, then the spectators."""
        return [*range(len(self.seats)), None]

    @property
    def watching(self) -> list[Viewer]:
        """The viewers a connection may join as: every seat but the bots' (no token opens a bot's
        seat), then the spectators. Only their messages are made and kept: a bot reads its
        observation itself."""
        return [*(s.idx for s in self.seats if s.kind != "bot"), None]

    # ------------------------------------------------------------------ building a match
    def _rebuilding(self, row: GameRow, actions: list[ActionRow]) -> Generator[None, None, Match]:
        """The match of ``row`` re-simulated from its seed and ``actions``, a sliced computation
        (it yields after each action): the last :data:`HISTORY` versions logged, the last
        :data:`RECENT` kept whole."""
        match = Match(row.id, row.number, row.seed, self.game.new_state(row.seed))
        match.stood_in = list(row.stood_in)
        match.accepted = {seat.idx: {} for seat in self.seats}
        match.history = {v: deque(maxlen=RECENT) for v in self.watching}
        match.log = {v: deque(maxlen=HISTORY) for v in self.watching}
        total = len(actions)
        if total < HISTORY:
            self._record(match, [], [], whole=total < RECENT)
        for done in actions:
            action = self.game.parse_action(done.action)
            events = self.game.apply(match.state, done.seat, action)
            match.steps += 1
            if done.client_id is not None:
                match.accepted[done.seat][done.client_id] = match.steps
            if match.steps > total - HISTORY:
                played = self._played(done.seat, action)
                notices = self._notices(done.seat, done.cause, done.action)
                self._record(match, events, notices, played, whole=match.steps > total - RECENT)
            yield
        return match

    def _played(self, seat: int, action: Any) -> dict[str, Any]:
        """The ``played`` entry of the ``state`` message that ``seat``'s ``action`` made: ``seat``,
        ``action`` (its canonical text) and ``parts``."""
        game = self.game
        return {"seat": seat, "action": game.action_text(action), "parts": game.action_parts(action)}

    def _notices(self, seat: int, cause: str, text: str) -> list[dict[str, Any]]:
        """The server's own notes on an action: a default move after a timeout, a stand-in bot."""
        if cause == "timeout":
            return [{"code": "timed_out", "seat": seat, "params": {"seat": seat, "action": text}}]
        if cause == "stand_in":
            return [{"code": "bot_stood_in", "seat": seat, "params": {"seat": seat}}]
        return []

    def view(
        self,
        match: Match,
        viewer: Viewer,
        events: list[Event],
        notices: list[dict[str, Any]],
        played: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """The ``state`` message of ``viewer`` now: observation, legal actions (ids, texts and parts),
        the last action (``played``: its seat, canonical text and parts, public in every game) with the
        viewer's events of it, the server's notices; what the game's seat help adds
        (:func:`rummykit.server.assist.state_extras`: Kalooki's ``opening``, Carousel's
        ``carousel``); ``break_left``, the seconds of the break
        between rounds still to run as the message is made (0 when none); ``turn_left``
        (:meth:`_turn_left`, as the message is made); ``seen`` at a table with ``seen_count`` (the
        game's :meth:`~rummykit.engine.game.Game.seen_counts` of the spectators' view, the same for
        every viewer); the outcome and the seed once the match is over (the seed ``None`` for a
        private table's spectators)."""
        game, state = self.game, match.state
        actions = [] if viewer is None else game.legal_actions(state, viewer)
        legal = [
            {"id": game.action_id(state, a), "text": game.action_text(a), "parts": game.action_parts(a)}
            for a in actions
        ]
        observation = game.observe(state, viewer)
        message: dict[str, Any] = {
            "type": "state",
            "table": self.id,
            "game": match.game_id,
            "v": match.steps,
            "seat": viewer,
            "observation": observation,
            "legal": legal,
            "played": played,
            "events": game.events_for(events, viewer),
            "notices": notices,
            "break_left": round(self._break_left(), 3),
            "turn_left": self._turn_left(),
            "over": False,
        }
        message.update(state_extras(game, state, viewer, observation, legal, actions))
        if self.options.seen_count:
            public = observation if viewer is None else game.observe(state, None)
            message["seen"] = game.seen_counts(public)
        outcome = game.outcome(state)
        if outcome is not None:
            message.update(
                over=True,
                outcome=outcome_json(outcome),
                # the seed deals every hand: a private table's spectators (anyone with its id) don't
                # get it, as they don't get its record
                seed=match.seed if viewer is not None or self.options.public else None,
                stood_in=match.stood_in,
                record=f"/games/{match.game_id}/record",
            )
        return message

    def _record(
        self,
        match: Match,
        events: list[Event],
        notices: list[dict[str, Any]],
        played: dict[str, Any] | None = None,
        whole: bool = True,
    ) -> dict[Viewer, str]:
        """Build every viewer's message for the match's current version (made by ``played``,
        ``None`` for the deal), keep it (``whole``) and log it; returns the messages."""
        texts: dict[Viewer, str] = {}
        for viewer in match.history:
            if whole:
                message = self.view(match, viewer, events, notices, played)
                text = dumps(message)
                match.history[viewer].append((match.steps, text))
                texts[viewer] = text
                observation, seen = message["observation"], message["events"]
            else:
                observation = self.game.observe(match.state, viewer)
                seen = self.game.events_for(events, viewer)
            entry = {"played": played, "events": seen, "notices": notices, "v": match.steps}
            entry["round"] = observation["round"]
            if observation.get("order_draws"):
                entry.update(order_draws=observation["order_draws"], order=observation.get("order"))
            match.log[viewer].append(dumps(entry))
        return texts

    def _publish(self, texts: dict[Viewer, str]) -> None:
        for viewer, text in texts.items():
            for out in list(self.sockets[viewer]):
                out.send(text)

    # ------------------------------------------------------------------ seats before the match
    def info(self) -> dict[str, Any]:
        """The ``table`` message: what everyone may know of the table and its seats."""
        match = self.match
        return {
            "type": "table",
            "table": self.id,
            "variant": self.variant,
            "rules": self.rules,
            "options": asdict(self.options),
            "status": self.status,
            "game": None if match is None else match.game_id,
            "number": 0 if match is None else match.number,
            "stood_in": [] if match is None else match.stood_in,
            "seats": [
                {**s.public(bool(self.sockets[s.idx])), **({"rating": rating} if self.options.rated else {})}
                for s, rating in zip(self.seats, self._seat_ratings(), strict=True)
            ],
        }

    def _seat_ratings(self) -> list[dict[str, Any] | None]:
        """Each seat's rating at a rated table (:func:`rummykit.server.ratings.seat_rating`), read
        now, and once its match is over the ``change`` the match made to it; ``None`` each at an
        unrated one."""
        if not self.options.rated:
            return [None] * len(self.seats)
        known = self.hub.db.ratings_for(
            [(s.account_id, self.variant) for s in self.seats if s.account_id is not None]
        )
        match = self.match
        changes = (
            {} if match is None or self.status != "finished" else self.hub.db.rating_changes(match.game_id)
        )
        shown = []
        for s in self.seats:
            row = None if s.account_id is None else known.get((s.account_id, self.variant))
            mu_games = None if row is None else (row.mu, row.games)
            rating = ratings.seat_rating(s.kind, s.level, mu_games, s.account_id is not None)
            if rating is not None and s.idx in changes:
                before, after = changes[s.idx]
                rating["change"] = ratings.shown(after) - ratings.shown(before)
            shown.append(rating)
        return shown

    def _changed(self, skip: Outbox | None = None) -> str:
        """Tell every connection (but ``skip``) and the lobby that the seating or status changed;
        returns the ``table`` message."""
        text = dumps(self.info())
        for outs in self.sockets.values():
            for out in list(outs):
                if out is not skip:
                    out.send(text)
        self.hub.lobby_changed()
        return text

    def seat(self, idx: object) -> SeatInfo:
        """Seat ``idx``; raises ``no_such_seat``."""
        if type(idx) is not int:
            raise ProtocolError("bad_message", field="seat")
        if not 0 <= idx < len(self.seats):
            raise ProtocolError("no_such_seat", seat=idx)
        return self.seats[idx]

    def authorize(self, token: object, account: int | None = None) -> None:
        """Raise ``forbidden`` unless ``token`` is the owner's or a seat's, or the request is signed
        in as the ``account`` that joined a seat (:meth:`holds`)."""
        if token_matches(token, self.owner_hash):
            return
        if any(token_matches(token, s.token_hash) or self.holds(s, account) for s in self.seats):
            return
        raise ProtocolError("forbidden")

    @staticmethod
    def holds(seat: SeatInfo, account: int | None) -> bool:
        """Whether ``account`` (signed in) holds ``seat``: a person's seat it joined signed in. Its
        sessions stand for the seat's token (another device, a cleared browser)."""
        return account is not None and seat.kind == "person" and seat.account_id == account

    def join(
        self,
        idx: object,
        name: object,
        player_hash: str | None = None,
        account_id: int | None = None,
        username: str | None = None,
    ) -> str:
        """Take the open seat ``idx`` as a person called ``name`` (from the browser whose token's
        hash is ``player_hash``, signed in as ``account_id`` called ``username``, when known);
        returns the seat's secret token."""
        seat = self.seat(idx)
        if seat.kind != "open":
            raise ProtocolError("seat_taken", seat=seat.idx)
        shown = plain_text(name) if isinstance(name, str) else ""
        if not 0 < len(shown) <= 40:
            raise ProtocolError("bad_request", reason="name is 1 to 40 characters")
        if self.options.rated and account_id is None:
            raise ProtocolError("rated_needs_account")
        token = new_token()
        seat.kind, seat.name, seat.token_hash = "person", shown, token_hash(token)
        seat.player_hash, seat.account_id = player_hash, account_id
        seat.username = None if account_id is None else username
        self.hub.db.set_seat(
            self.id,
            seat.idx,
            kind="person",
            name=seat.name,
            token_hash=seat.token_hash,
            player_hash=player_hash,
            account_id=account_id,
        )
        self._changed()
        return token

    def leave(self, idx: object, token: object, account: int | None = None) -> None:
        """Seat ``idx``'s person leaves (by its token, or signed in as the account holding it):
        before the match the seat opens again; during it a bot stands in at once."""
        seat = self.seat(idx)
        mine = token_matches(token, seat.token_hash) or self.holds(seat, account)
        if seat.kind != "person" or not mine:
            raise ProtocolError("bad_token", seat=seat.idx)
        if self.status == "playing":
            self._stand_in(seat.idx, force=True)
            return
        seat.kind, seat.name, seat.token_hash = "open", seat_name(seat.idx), None
        seat.player_hash = seat.account_id = seat.username = None
        self.hub.db.set_seat(
            self.id, seat.idx, kind="open", name=seat.name, token_hash=None, player_hash=None, account_id=None
        )
        self._changed()

    def forget_account(self, account: int) -> None:
        """``account`` was deleted: its seats here are called :data:`ANONYMOUS` and are no longer
        its (as the database has them already), and everyone is told."""
        mine = [s for s in self.seats if s.account_id == account]
        for seat in mine:
            seat.name, seat.player_hash, seat.account_id, seat.username = ANONYMOUS, None, None, None
        if mine:
            self._changed()

    def fill(self, level: object) -> None:
        """Every open seat becomes a bot of ``level``."""
        if self.status == "playing":
            raise ProtocolError("not_open", status=self.status)
        name = check_level(level, self.variant)
        for seat in self.seats:
            if seat.kind == "open":
                seat.kind, seat.level, seat.name = "bot", name, f"{name} bot"
                self.hub.db.set_seat(self.id, seat.idx, kind="bot", level=name, name=seat.name)
        self._changed()

    def start(self) -> None:
        """Deal a new match (the first, or a rematch once the last is over) with a fresh secret
        seed; every seat must be taken."""
        if self.status == "playing":
            raise ProtocolError("not_open", status=self.status)
        empty = [s.idx for s in self.seats if s.kind == "open"]
        if empty:
            raise ProtocolError("seats_empty", seats=empty)
        number = 1 if self.match is None else self.match.number + 1
        row = GameRow(
            id=new_id(),
            table_id=self.id,
            number=number,
            seed=secrets.randbits(48),
            seats=[s.name for s in self.seats],
            status="playing",
            stood_in=[],
            created=time.time(),
        )
        plays = [
            PlayRow(
                game_id=row.id,
                seat=s.idx,
                name=s.name,
                token_hash=s.token_hash,
                player_hash=s.player_hash,
                account_id=s.account_id,
            )
            for s in self.seats
            if s.kind == "person"
        ]
        self.hub.db.start_game(row, plays)
        self.match = run_through(self._rebuilding(row, []))
        self.status = "playing"
        self.break_until = None
        for seat in self.seats:
            if seat.standing_in:
                seat.standing_in = False
                self.hub.db.set_seat(self.id, seat.idx, standing_in=False)
            self._start_grace(seat.idx)
        self._changed()
        self._schedule()
        self._publish({v: self._restamped(hist[-1][1], True) for v, hist in self.match.history.items()})

    # ------------------------------------------------------------------ connections
    def welcome(self, viewer: Viewer) -> dict[str, Any]:
        """The ``welcome`` message of a connection joining as ``viewer`` (a seat's with the seat's
        ``name``, its name in the players' chat)."""
        match = self.match
        return {
            "type": "welcome",
            "table": self.id,
            "seat": viewer,
            "name": None if viewer is None else self.seats[viewer].name,
            "role": "spectator" if viewer is None else "seat",
            "game": None if match is None else match.game_id,
            "v": None if match is None else match.steps,
        }

    def attach(self, out: Outbox, viewer: Viewer, last: int | None, game_id: str | None) -> list[str]:
        """Connect ``out`` as ``viewer``: every other connection gets the ``table`` message; returns
        what the new connection gets first: the ``table`` message, then the messages after version
        ``last`` of game ``game_id`` when they are still kept, else a ``sync`` (:meth:`missed`)."""
        first = not self.sockets[viewer]
        self.sockets[viewer].add(out)
        if viewer is not None:
            if first:
                self.hub.db.set_seat(self.id, viewer, connected=True)
            self._reclaim(viewer)
        return [self._changed(skip=out), *self.missed(viewer, last, game_id)]

    def missed(self, viewer: Viewer, last: int | None, game_id: str | None) -> list[str]:
        """What brings ``viewer`` up to date from version ``last`` (see :meth:`attach`)."""
        match = self.match
        if match is None:
            return []
        if game_id == match.game_id and last is not None and last <= match.steps:
            kept = match.history[viewer]
            if last == match.steps:
                return []
            if kept and kept[0][0] <= last + 1:
                return [self._restamped(text, v == match.steps) for v, text in kept if v > last]
        return [self.sync(viewer)]

    def _restamped(self, text: str, current: bool) -> str:
        """A kept message as sent now: a ``break_left`` it was made with (seconds from then) is
        the break's seconds left now (0 once the break is over); the ``current`` version's also
        gets ``turn_left`` (:meth:`_turn_left`)."""
        message = json.loads(text)
        if not message.get("break_left") and not current:
            return text
        if message.get("break_left"):
            message["break_left"] = round(self._break_left(), 3)
        if current:
            message["turn_left"] = self._turn_left()
        return dumps(message)

    def _turn_left(self) -> float | None:
        """Seconds until the seat to move's turn timer runs out (the break between rounds
        included), ``None`` when no person's timer runs."""
        match, deadline = self.match, self.deadline
        if match is None or deadline is None or deadline[0] != self.game.current_seat(match.state):
            return None
        return round(max(0.0, deadline[1] - asyncio.get_running_loop().time()), 3)

    def sync(self, viewer: Viewer) -> str:
        """A full resync message: the ``state`` message of now with no events, typed ``sync``,
        with ``earlier``: what the viewer's kept messages of
        this match said (:meth:`earlier`)."""
        assert self.match is not None
        message = self.view(self.match, viewer, [], [])
        message["type"] = "sync"
        message["earlier"] = self.earlier(self.match, viewer)
        return dumps(message)

    @staticmethod
    def earlier(match: Match, viewer: Viewer) -> list[dict[str, Any]]:
        """The log of ``viewer``'s last messages of ``match`` (at most :data:`HISTORY`, oldest
        first, the deal's ``v`` 0 among them while it is kept): per message its ``v``, ``played``,
        ``events`` and ``notices`` as the viewer was sent them, and the observation's ``round``
        and Turkish Rummy's ``order_draws`` and ``order``, so that a page opened mid-match shows
        the log so far."""
        return [json.loads(entry) for entry in match.log[viewer]]

    def detach(self, out: Outbox, viewer: Viewer) -> None:
        """``out`` is gone; a person's seat left without a connection starts its grace period."""
        self.sockets[viewer].discard(out)
        if viewer is not None and not self.sockets[viewer]:
            self.hub.db.set_seat(self.id, viewer, connected=False)
            self._start_grace(viewer)
            self._changed()

    def _start_grace(self, idx: int) -> None:
        seat = self.seats[idx]
        if self.status != "playing" or seat.kind != "person" or seat.standing_in or self.sockets[idx]:
            return
        if idx not in self.grace:
            loop = asyncio.get_running_loop()
            self.grace[idx] = loop.call_later(self.options.grace_seconds, self._stand_in, idx)

    def _stand_in(self, idx: int, force: bool = False) -> None:
        """A bot stands in for person seat ``idx`` (its grace period is over, or it left)."""
        self.grace.pop(idx, None)
        seat, match = self.seats[idx], self.match
        if self.status != "playing" or match is None or seat.standing_in or (self.sockets[idx] and not force):
            return
        seat.standing_in = True
        if idx not in match.stood_in:
            match.stood_in = sorted([*match.stood_in, idx])
            self.hub.db.set_stood_in(match.game_id, match.stood_in)
        self.hub.db.set_seat(self.id, idx, standing_in=True)
        self._changed()
        self._schedule()

    def _reclaim(self, idx: int) -> None:
        """Seat ``idx``'s person is connected: no grace period, no stand-in any more."""
        handle = self.grace.pop(idx, None)
        if handle is not None:
            handle.cancel()
        seat = self.seats[idx]
        if seat.standing_in:
            seat.standing_in = False
            self.hub.db.set_seat(self.id, idx, standing_in=False)
            self._schedule()

    def check_token(self, idx: object, token: object, account: int | None = None) -> int:
        """The seat number when ``token`` is seat ``idx``'s and, for a seat joined signed in, the
        connection is signed in as that account; or, with no token (``None``), when the connection
        is signed in as the account holding the seat (:meth:`holds`: it takes its seat back from
        another device); raises ``no_such_seat``, ``bad_token`` or ``not_your_seat``."""
        seat = self.seat(idx)
        if token is None and self.holds(seat, account):
            return seat.idx
        if not token_matches(token, seat.token_hash):
            raise ProtocolError("bad_token", seat=seat.idx)
        if seat.account_id is not None and account != seat.account_id:
            raise ProtocolError("not_your_seat", seat=seat.idx)
        return seat.idx

    # ------------------------------------------------------------------ playing
    def action_of(self, state: Any, seat: int, action: str | int) -> Any:
        """The action a client sent for ``state``: its canonical text or its integer id; raises
        the engine's :class:`NotationError`."""
        if isinstance(action, str):
            return self.game.parse_action(action)
        return self.game.action_from_id(state, seat, action)

    async def play(
        self,
        seat: int,
        action: Any,
        cause: str,
        client_id: str | None = None,
        version: int | None = None,
    ) -> Played | None:
        """Apply ``seat``'s ``action`` (an action, or a function of the state giving it): on a copy
        of the state, stored (committed, in a worker thread, with the actions other tables made
        meanwhile: :mod:`rummykit.server.commits`), then made the table's state and sent
        to every viewer. One action at a time per table. A ``client_id`` accepted already is not
        played again (``duplicate``); with ``version``, nothing is played (``None``) unless the
        match is still at that version. Raises the engine's :class:`IllegalActionError`, or
        ``table_unavailable`` (another process runs the table now) / ``server_busy`` (the database
        refused): in every case nothing changes."""
        async with self.lock:
            match = self.match
            if match is None:
                raise ProtocolError("not_started")
            if version is not None and match.steps != version:
                return None
            if client_id is not None and client_id in match.accepted[seat]:
                return Played([], match.accepted[seat][client_id], duplicate=True)
            chosen = action(match.state) if callable(action) else action
            round_before = match.state.round_no
            state = match.state.clone()
            events = self.game.apply(state, seat, chosen)
            text = self.game.action_text(chosen)
            outcome = self.game.outcome(state)
            row = ActionRow(
                game_id=match.game_id,
                idx=match.steps,
                seat=seat,
                action=text,
                client_id=client_id,
                cause=cause,
                created=time.time(),
            )
            result = None if outcome is None else outcome_json(outcome)
            try:
                await self.hub.writer.add(row, result, list(match.stood_in))
            except IntegrityError:
                self.hub.lost(self.id)
                raise ProtocolError("table_unavailable", table=self.id) from None
            except SQLAlchemyError:
                log.exception("table %s: storing an action failed", self.id)
                raise ProtocolError("server_busy") from None
            match.state = state
            match.steps += 1
            if client_id is not None:
                match.accepted[seat][client_id] = match.steps
            self.hub.count_action()
            if outcome is None and state.round_no != round_before:
                self._start_break()
            played = self._played(seat, chosen)
            if outcome is not None:
                self.status = "finished"
            # the next turn's timer first: the messages carry its time left
            self._schedule()
            self._publish(self._record(match, events, self._notices(seat, cause, text), played))
            if outcome is not None:
                self._changed()
            return Played(events, match.steps)

    def _start_break(self) -> None:
        """A round ended and the next one is dealt: the break between rounds starts now, and the
        next seat's turn timer is a new one."""
        self.deadline = None
        pause = self.options.round_break_seconds
        self.break_until = asyncio.get_running_loop().time() + pause if pause > 0 else None

    def _break_left(self) -> float:
        """Seconds until the break between rounds is over (0: no break now)."""
        if self.break_until is None:
            return 0.0
        return max(0.0, self.break_until - asyncio.get_running_loop().time())

    def _schedule(self) -> None:
        """Arrange the next automatic move: a bot's (after ``bot_delay``, and not before the break
        between rounds is over), or a person's default move when the turn timer runs out (a timer
        that starts when the break is over)."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        match = self.match
        seat = None if match is None else self.game.current_seat(match.state)
        if match is None or seat is None or self.status != "playing":
            self.deadline = None
            return
        loop = asyncio.get_running_loop()
        info = self.seats[seat]
        pause = self._break_left()
        if info.kind == "bot" or info.standing_in:
            # a person's deadline lasts their turn's steps only: the next turn of theirs gets a
            # new one
            self.deadline = None
            delay = max(self.options.bot_delay, pause)
            self.timer = loop.call_later(delay, self._guarded, self._bot_turn, match.steps)
        elif self.options.turn_seconds is not None:
            if self.deadline is None or self.deadline[0] != seat:
                self.deadline = (seat, loop.time() + pause + self.options.turn_seconds)
            self.timer = loop.call_at(self.deadline[1], self._guarded, self._timeout, match.steps)

    def _guarded(self, move: Callable[[Match, int, int], Awaitable[None]], version: int) -> None:
        """Start an automatic move if the match is still at ``version``; log what goes wrong."""
        match = self.match
        if match is None or match.steps != version or self.hub.tables.get(self.id) is not self:
            return
        seat = self.game.current_seat(match.state)
        if seat is None:
            return

        async def run() -> None:
            try:
                await move(match, seat, version)
            except (RummykitError, ProtocolError):
                log.exception("table %s: the automatic move of seat %s failed", self.id, seat)
                # the database may have been busy: the move is tried again, a second later
                asyncio.get_running_loop().call_later(RETRY_SECONDS, self._retry, version)

        task = asyncio.get_running_loop().create_task(run())
        self.moving.add(task)
        task.add_done_callback(self.moving.discard)

    def _retry(self, version: int) -> None:
        """Arrange the automatic move again when the match is still at ``version`` here."""
        if self.match is not None and self.match.steps == version and self.hub.tables.get(self.id) is self:
            self._schedule()

    def _bots_turn(self, match: Match, seat: int, version: int) -> bool:
        """Whether it is still ``seat``'s bot's move at ``version`` of ``match`` on this process."""
        info = self.seats[seat]
        return (
            self.match is match
            and match.steps == version
            and self.hub.tables.get(self.id) is self
            and (info.kind == "bot" or info.standing_in)
        )

    async def _bot_turn(self, match: Match, seat: int, version: int) -> None:
        """The bot's move (thought out by :mod:`rummykit.server.bots`) from the seat's observation
        and legal actions; an illegal choice or a failing bot plays the first legal action
        instead, so a table never stalls."""
        legal = [self.game.action_text(a) for a in self.game.legal_actions(match.state, seat)]
        observation = self.game.observe(match.state, seat)
        try:
            text = await self.hub.bots.choose(
                self.variant, self.rules, self.seats[seat].level, observation, legal
            )
        except Exception:
            log.exception("table %s: seat %s's bot failed; the first legal action is played", self.id, seat)
            text = legal[0]
        if not self._bots_turn(match, seat, version):
            return
        cause = "bot" if self.seats[seat].kind == "bot" else "stand_in"
        try:
            await self.play(seat, self.game.parse_action(text), cause, version=version)
        except IllegalActionError:
            log.warning(
                "table %s: seat %s's bot chose %r, not legal; the first legal is played", self.id, seat, text
            )
            await self.play(seat, self.game.parse_action(legal[0]), cause, version=version)

    async def _timeout(self, match: Match, seat: int, version: int) -> None:
        """Play the default moves of ``seat``, whose time ran out (:mod:`rummykit.server.defaults`)."""
        drawn: int | None = None
        for step in range(MAX_DEFAULT_STEPS):
            if (
                self.match is not match
                or match.steps != version
                or self.game.current_seat(match.state) != seat
            ):
                return
            action = self.game.timeout_action(match.state, seat, step == 0, drawn)
            if action is None:
                return
            if self.game.action_parts(action)["verb"] == "discard":
                action = await self._timer_discard(match, seat, action)
            played = await self.play(seat, action, "timeout", version=version)
            if played is None:
                return
            version = played.v
            own, public = self.game.events_for(played.events, seat), self.game.events_for(played.events, None)
            found = drawn_face(self.game.kind, own, public)
            drawn = drawn if found is None else found

    async def _timer_discard(self, match: Match, seat: int, default: Any) -> Any:
        """The discard (or finish) a timed-out turn plays instead of ``default``, the game's: the
        timer's bot's choice (:mod:`rummykit.server.defaults`), or ``default`` when it fails or
        takes longer than :data:`~rummykit.server.defaults.TIMER_BOT_SECONDS`."""
        observation = self.game.observe(match.state, seat)
        choices = timer_choices(self.game, observation, self.game.legal_actions(match.state, seat))
        chosen: str | None = None
        try:
            chosen = await asyncio.wait_for(
                self.hub.bots.choose(self.variant, self.rules, TIMER_BOT, observation, choices),
                TIMER_BOT_SECONDS,
            )
        except Exception:
            log.exception(
                "table %s: the timer's bot failed for seat %s; the default discard is played", self.id, seat
            )
        return timer_pick(self.game, default, choices, chosen)

    # ------------------------------------------------------------------ the end
    def close(self, code: int) -> None:
        """Stop the timers and close every connection (the table moved to another process)."""
        for handle in [self.timer, *self.grace.values()]:
            if handle is not None:
                handle.cancel()
        self.timer = None
        self.grace.clear()
        for task in self.moving:
            task.cancel()
        for outs in self.sockets.values():
            for out in list(outs):
                out.close(code)


def record_lines(
    game_row: GameRow, variant: str, rules: dict[str, Any], actions: list[ActionRow]
) -> list[str]:
    """The JSON Lines record of a finished game (header, one line per action, outcome)."""
    game, _ = game_from_record(variant, rules)
    lines = [json.dumps(header(game, game_row.seed, list(game_row.seats)))]
    lines += [json.dumps({"seat": a.seat, "action": a.action}) for a in actions]
    lines.append(json.dumps({"outcome": game_row.outcome}))
    return lines


def new_table_token() -> tuple[str, str]:
    """A fresh owner token and its hash."""
    token = new_token()
    return token, token_hash(token)
