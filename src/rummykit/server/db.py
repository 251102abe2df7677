"""Persistence: SQLAlchemy 2 models, the database URL, Alembic migrations at start-up, and the few
queries the server makes.

A table (``tables``) holds the variant, the full rules (JSON), the table options and its seats
(``seats``); each match played at it is a ``games`` row (seed, status, outcome, seats a bot stood
in for); each accepted action is one ``actions`` row (game, index from 0, seat, canonical action
text, the client's action id, why it was played). Rows of ``actions`` are only ever added: a game is
rebuilt by re-simulating its rules, seed and actions. ``(game_id, idx)`` is the primary key, so two
server processes can never both append the same step.

The default database is SQLite in ``<user data dir>/rummykit.db`` (``~/.local/share/rummykit`` on
Linux), created on first run; ``postgresql://…`` URLs use psycopg 3.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Collection, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import platformdirs
from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Integer,
    String,
    Table,
    Text,
    UniqueConstraint,
    create_engine,
    event,
    func,
    insert,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from rummykit.engine.records import match_winners
from rummykit.server import ratings
from rummykit.server.usernames import username_key

__all__ = ["ANONYMOUS", "Database", "IntegrityError", "database_url", "default_database_path"]

T = TypeVar("T")

ANONYMOUS = "anonymous"
"""The name a deleted account's seats are given, in its past games and at the tables it sat at."""


class Base(DeclarativeBase):
    """The models' declarative base."""


class TableRow(Base):
    """A table: ``status`` is ``waiting`` (seats being filled), ``playing`` or ``finished``;
    ``options`` holds the table options (``public``, ``turn_seconds``, ``grace_seconds``,
    ``bot_delay``, ``round_break_seconds``, ``hints``); ``owner``/``lease_until`` say which server
    process runs it, until when (Unix seconds)."""

    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    variant: Mapped[str] = mapped_column(String(32))
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    public: Mapped[bool] = mapped_column(Boolean, default=False)
    owner_hash: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), default="waiting")
    created: Mapped[float] = mapped_column(Float)
    server: Mapped[str | None] = mapped_column(String(64), nullable=True)
    lease_until: Mapped[float] = mapped_column(Float, default=0.0)


class SeatRow(Base):
    """A seat: ``kind`` is ``open`` (waiting for a person), ``person`` or ``bot`` (with its
    ``level``, a bot name); a person's ``token_hash``; ``connected``; ``standing_in`` when a bot
    plays a person's seat."""

    __tablename__ = "seats"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    kind: Mapped[str] = mapped_column(String(8))
    level: Mapped[str] = mapped_column(String(32), default="greedy")
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    connected: Mapped[bool] = mapped_column(Boolean, default=False)
    standing_in: Mapped[bool] = mapped_column(Boolean, default=False)
    player_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The SHA-256 hash of the browser token (``rummykit_player`` cookie) of who joined."""
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id"), nullable=True)
    """The account signed in when the seat was joined: only its sessions may play the seat."""


class GameRow(Base):
    """One match at a table (``number`` from 1; a rematch adds one): its ``seed``, ``status``
    (``playing`` or ``finished``), ``outcome`` JSON and the seats a bot stood in for."""

    __tablename__ = "games"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    seats: Mapped[list[str]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), default="playing")
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    stood_in: Mapped[list[int]] = mapped_column(JSON, default=list)
    created: Mapped[float] = mapped_column(Float)
    finished: Mapped[float | None] = mapped_column(Float, nullable=True)


class PlayRow(Base):
    """A person's seat in a game, as it was when the game was dealt: the seat's ``name``, the hash
    of its seat token and of the joining browser's token (``player_hash``). Who may read a private
    game's record, and whose "my games" list it is in."""

    __tablename__ = "plays"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    player_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id"), nullable=True, index=True)
    rating_before: Mapped[float | None] = mapped_column(Float, nullable=True)
    """The account's rating (OpenSkill's mu) at the game before a rated game, ``None`` for an
    unrated one."""
    rating_after: Mapped[float | None] = mapped_column(Float, nullable=True)
    """The same after the rated game ended (``None`` until then)."""


NEVER_REUSED: dict[str, Any] = {"sqlite_autoincrement": True}
"""The table arguments of a table whose ids are never given twice, though its rows are deleted
(SQLite's ``AUTOINCREMENT``; PostgreSQL's sequences never give an id twice): a deleted account's id
must not be a stranger's, nor a revoked token's id another token's (migration 0007)."""


class AccountRow(Base):
    """An account: its ``username`` as typed, ``key`` the same in lower case (unique: names differ
    by more than case), the argon2 hash of its password. Its id is never another's, even deleted
    (:data:`NEVER_REUSED`)."""

    __tablename__ = "accounts"
    __table_args__ = NEVER_REUSED
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    username: Mapped[str] = mapped_column(String(32))
    key: Mapped[str] = mapped_column(String(32), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    created: Mapped[float] = mapped_column(Float)
    moderator: Mapped[bool] = mapped_column(Boolean, default=False)
    """Whether it may delete chat messages and ban accounts (``rummykit moderator grant``)."""
    banned: Mapped[bool] = mapped_column(Boolean, default=False)
    """Banned by a moderator: no session, no sign-in, no chat, its seats refuse its sockets."""


class SessionRow(Base):
    """A signed-in browser: the SHA-256 hash of its session token, its account, until when."""

    __tablename__ = "sessions"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    created: Mapped[float] = mapped_column(Float)
    expires: Mapped[float] = mapped_column(Float)


class AccessTokenRow(Base):
    """A personal access token of an account (``rummykit connect``, scripts): its ``name``, the
    SHA-256 hash of the token, when it was made and last used (Unix seconds). A revoked token's
    id is never another's (:data:`NEVER_REUSED`)."""

    __tablename__ = "access_tokens"
    __table_args__ = NEVER_REUSED
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    name: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created: Mapped[float] = mapped_column(Float)
    last_used: Mapped[float | None] = mapped_column(Float, nullable=True)


class AttemptRow(Base):
    """A rate limit's count: ``key`` the SHA-256 hash of what is limited (``login-address:…``,
    ``login-account:…``, ``signup-address:…``), ``count`` attempts since ``since``."""

    __tablename__ = "attempts"
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    since: Mapped[float] = mapped_column(Float)
    count: Mapped[int] = mapped_column(Integer)


class RatingRow(Base):
    """An account's rating at one game (variant): OpenSkill's ``mu`` and ``sigma``, its rated
    ``games`` and ``wins`` (see :mod:`rummykit.server.ratings`)."""

    __tablename__ = "ratings"
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    variant: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    wins: Mapped[int] = mapped_column(Integer)


class ChatRow(Base):
    """A chat message: its ``room`` (``lobby``, ``players:<table>`` or ``spectators:<table>``), the
    table (``None`` in the lobby), the sender's seat (players' chat), account, shown ``name`` and
    ``mute`` key (:mod:`rummykit.server.chat`), the ``text`` (at most 200 characters), when, and
    whether a moderator deleted it. Never part of a game's record."""

    __tablename__ = "chat_messages"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room: Mapped[str] = mapped_column(String(48), index=True)
    table_id: Mapped[str | None] = mapped_column(ForeignKey("tables.id"), nullable=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id"), nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    mute: Mapped[str] = mapped_column(String(80))
    text: Mapped[str] = mapped_column(Text)
    created: Mapped[float] = mapped_column(Float)
    deleted: Mapped[bool] = mapped_column(Boolean, default=False)


class ChatReportRow(Base):
    """A chat message reported to the moderators: a copy of its text, sender and table (kept even
    if the message is deleted), who reported it and when."""

    __tablename__ = "chat_reports"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    message_id: Mapped[int] = mapped_column(ForeignKey("chat_messages.id"), index=True)
    room: Mapped[str] = mapped_column(String(48))
    table_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    text: Mapped[str] = mapped_column(Text)
    sender_name: Mapped[str] = mapped_column(String(64))
    sender_account: Mapped[int | None] = mapped_column(ForeignKey("accounts.id"), nullable=True)
    reporter_name: Mapped[str] = mapped_column(String(64))
    reporter_account: Mapped[int | None] = mapped_column(ForeignKey("accounts.id"), nullable=True)
    created: Mapped[float] = mapped_column(Float)


class MuteRow(Base):
    """A chat sender (its ``mute`` key) an account muted for itself."""

    __tablename__ = "mutes"
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    key: Mapped[str] = mapped_column(String(80), primary_key=True)


class SecretRow(Base):
    """The server's secrets, shared by every process of the database: ``session`` signs the
    session cookies and makes their CSRF tokens."""

    __tablename__ = "secrets"
    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(String(128))


class ActionRow(Base):
    """An accepted action: step ``idx`` (from 0) of ``game_id`` by ``seat``, its canonical
    ``action`` text, the client's action id (``client_id``, for duplicates) and the ``cause``
    (``person``, ``bot``, ``stand_in``, ``timeout``)."""

    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("game_id", "seat", "client_id", name="uq_actions_client_id"),)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    client_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    cause: Mapped[str] = mapped_column(String(16))
    created: Mapped[float] = mapped_column(Float)


def default_database_path() -> Path:
    """``rummykit.db`` in the user's data directory (``~/.local/share/rummykit`` on Linux)."""
    return Path(platformdirs.user_data_dir("rummykit", appauthor=False)) / "rummykit.db"


def database_url(url: str | None) -> str:
    """The SQLAlchemy URL for ``url``: the default SQLite file when ``None`` (its folder created),
    ``postgresql://`` and ``postgres://`` mapped to the psycopg 3 driver, a bare path to SQLite."""
    if url is None:
        path = default_database_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{path}"
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    if "://" not in url:
        Path(url).parent.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{url}"
    return url


MIGRATION_LOCK = 0x726B6D67
"""The PostgreSQL advisory lock a process holds while it migrates the schema (any fixed number
other programs on the database don't use)."""
CONNECT_TIMEOUT = 5
"""Seconds a new connection to PostgreSQL may take (libpq's ``connect_timeout``, unless the URL
sets one): a database that never answers is an error, not a wait without end."""


def _connect_args(url: str) -> dict[str, Any]:
    """What the driver's connections to ``url`` are opened with: PostgreSQL's timeout."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "postgresql" or "connect_timeout" in parsed.query:
        return {}
    return {"connect_timeout": CONNECT_TIMEOUT}


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """WAL (a killed process loses nothing committed), foreign keys, a wait on a busy file."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


@dataclass
class StoredGame:
    """A table as stored: its row, seats in order, its latest game (``None`` before the first
    start) and that game's actions in order."""

    table: TableRow
    seats: list[SeatRow]
    game: GameRow | None
    actions: list[ActionRow]
    usernames: dict[int, str] = field(default_factory=dict)
    """The username of each seat's account (by account id)."""


class Database:
    """The server's database at ``url`` (a SQLAlchemy URL, see :func:`database_url`). Every method
    commits before it returns."""

    def __init__(self, url: str) -> None:
        self.url = url
        sqlite = make_url(url).get_backend_name() == "sqlite"
        # a server's connections to PostgreSQL are checked before use (a restarted database
        # drops them); a SQLite file's never go stale, and the check would cost every commit
        self.engine: Engine = create_engine(url, pool_pre_ping=not sqlite, connect_args=_connect_args(url))
        if sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self.executor = ThreadPoolExecutor(1 if sqlite else 8, thread_name_prefix="db")
        """The threads :meth:`run` uses: one for SQLite (one writer at a time: its writes queue
        here rather than wait on the file's lock), eight for PostgreSQL."""

    async def run(self, method: Callable[..., T], *args: Any) -> T:
        """``method(*args)`` (one of this database's methods) in :attr:`executor`'s threads, off
        the event loop."""
        return await asyncio.get_running_loop().run_in_executor(self.executor, method, *args)

    def migrate(self) -> None:
        """Bring the schema to the newest Alembic revision (the migrations ship in the package).
        On SQLite the foreign keys are off meanwhile, as SQLite's way to rebuild a table asks: a
        table others refer to, such as ``accounts`` (migration 0007), can't be dropped and made
        again otherwise; the rebuilt table keeps its ids, so every reference still holds
        (``tests/test_server_ids.py`` checks them)."""
        config = Config()
        config.set_main_option("script_location", "rummykit.server:migrations")
        with self.engine.connect() as connection:
            sqlite = connection.dialect.name == "sqlite"
            if sqlite:
                # only outside a transaction does the pragma take effect
                connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
                connection.commit()
            try:
                with connection.begin():
                    if connection.dialect.name == "postgresql":
                        # processes started together on one database migrate it one at a time
                        # (each creating the schema at once failed all but one of them)
                        connection.execute(
                            text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK}
                        )
                    config.attributes["connection"] = connection
                    command.upgrade(config, "head")
            finally:
                if sqlite:
                    connection.exec_driver_sql("PRAGMA foreign_keys=ON")
                    connection.commit()

    def close(self) -> None:
        """Release the connections and the threads."""
        self.executor.shutdown(wait=True)
        self.engine.dispose()

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A session committed at the end of the block (rolled back on an exception)."""
        with self.sessions.begin() as session:
            yield session

    # ------------------------------------------------------------------ tables
    def add_table(self, table: TableRow, seats: Sequence[SeatRow]) -> None:
        """Store a new table and its seats."""
        with self.session() as session:
            session.add(table)
            session.flush()
            session.add_all(seats)

    def take(self, table_id: str) -> StoredGame | None:
        """The table ``table_id`` as :meth:`load` reads it, for this process to run: its seats are
        marked not connected (the connections it had are gone with the process that had them)."""
        stored = self.load(table_id)
        if stored is not None and any(seat.connected for seat in stored.seats):
            with self.session() as session:
                session.execute(update(SeatRow).where(SeatRow.table_id == table_id).values(connected=False))
            for seat in stored.seats:
                seat.connected = False
        return stored

    def load(self, table_id: str) -> StoredGame | None:
        """The table ``table_id`` with its seats, latest game and that game's actions."""
        with self.session() as session:
            table = session.get(TableRow, table_id)
            if table is None:
                return None
            seats = list(
                session.scalars(select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.idx))
            )
            game = session.scalars(
                select(GameRow).where(GameRow.table_id == table_id).order_by(GameRow.number.desc()).limit(1)
            ).first()
            actions: list[ActionRow] = []
            if game is not None:
                actions = list(
                    session.scalars(
                        select(ActionRow).where(ActionRow.game_id == game.id).order_by(ActionRow.idx)
                    )
                )
            linked = [s.account_id for s in seats if s.account_id is not None]
            return StoredGame(table, seats, game, actions, _usernames(session, linked))

    def claim(
        self,
        server: str,
        lease: float,
        table_id: str | None = None,
        share: int | None = None,
        held: Collection[str] = (),
    ) -> list[str]:
        """Take, until ``now + lease``, the lease of ``table_id`` alone (finished or not) when it
        has run out or is already ``server``'s; or of every unfinished table that is ``server``'s
        but those of ``held`` (which ``server`` holds and renews already: a running process's
        claims write only the tables it has not loaded) and of at most ``share`` (``None``: every
        one) whose lease has run out. Returns the ids taken."""
        now = time.time()
        with self.session() as session:
            if table_id is not None:
                ids = [table_id]
            else:
                query = select(TableRow.id).where(TableRow.status != "finished")
                ids = [t for t in session.scalars(query.where(TableRow.server == server)) if t not in held]
                if share is None or share > 0:
                    free = query.where(
                        TableRow.lease_until < now, or_(TableRow.server.is_(None), TableRow.server != server)
                    )
                    ids += list(session.scalars(free.order_by(TableRow.created).limit(share)))
            return _take(
                session, ids, server, now + lease, or_(TableRow.lease_until < now, TableRow.server == server)
            )

    def take_over(
        self, server: str, lease: float, gone: str, limit: int, table_id: str | None = None
    ) -> list[str]:
        """Take, until ``now + lease``, the leases of at most ``limit`` unfinished tables (or of
        ``table_id``, finished or not) still held by process ``gone``, which the broker says is no
        more; returns the ids taken."""
        now = time.time()
        with self.session() as session:
            if table_id is not None:
                ids = [table_id]
            else:
                query = select(TableRow.id).where(TableRow.server == gone, TableRow.status != "finished")
                ids = list(session.scalars(query.order_by(TableRow.created).limit(limit)))
            return _take(session, ids, server, now + lease, TableRow.server == gone)

    def free_count(self) -> int:
        """How many unfinished tables nobody holds (their lease has run out)."""
        with self.session() as session:
            query = select(func.count()).where(
                TableRow.status != "finished", TableRow.lease_until < time.time()
            )
            return int(session.scalar(query) or 0)

    def holder(self, table_id: str) -> str | None:
        """The process written down as running ``table_id`` (``""`` when none), ``None`` when
        there is no such table."""
        with self.session() as session:
            row = session.execute(select(TableRow.server).where(TableRow.id == table_id)).first()
            return None if row is None else row[0] or ""

    def holders(self, exclude: str) -> dict[str, int]:
        """The processes but ``exclude`` holding a lease on unfinished tables, with how many."""
        with self.session() as session:
            query = (
                select(TableRow.server, func.count())
                .where(TableRow.status != "finished", TableRow.lease_until >= time.time())
                .where(TableRow.server.is_not(None), TableRow.server != exclude)
                .group_by(TableRow.server)
            )
            return {str(server): int(count) for server, count in session.execute(query)}

    def let_go(self, server: str, table_ids: Sequence[str]) -> None:
        """Give up ``server``'s leases of ``table_ids``."""
        with self.session() as session:
            session.execute(
                update(TableRow)
                .where(TableRow.id.in_(list(table_ids)), TableRow.server == server)
                .values(server=None, lease_until=0.0)
            )

    def renew(self, server: str, lease: float, table_ids: Sequence[str]) -> list[str]:
        """Extend ``server``'s lease on ``table_ids``; returns the ids it still holds."""
        if not table_ids:
            return []
        with self.session() as session:
            held = select(TableRow.id).where(TableRow.id.in_(list(table_ids)), TableRow.server == server)
            ids = list(session.scalars(held))
            session.execute(
                update(TableRow)
                .where(TableRow.id.in_(ids), TableRow.server == server)
                .values(lease_until=time.time() + lease)
            )
            return ids

    def release(self, server: str) -> None:
        """Give up every lease ``server`` holds (a clean shutdown)."""
        with self.session() as session:
            session.execute(
                update(TableRow).where(TableRow.server == server).values(server=None, lease_until=0.0)
            )

    def set_seat(self, table_id: str, idx: int, **values: Any) -> None:
        """Change columns of a seat row."""
        with self.session() as session:
            session.execute(
                update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.idx == idx).values(**values)
            )

    def lobby(
        self, limit: int = 100
    ) -> tuple[list[TableRow], dict[str, list[SeatRow]], list[tuple[GameRow, str]]]:
        """The public tables not finished (newest first) with their seats, and the latest finished
        public games, each with its table's variant."""
        with self.session() as session:
            tables = list(
                session.scalars(
                    select(TableRow)
                    .where(TableRow.public.is_(True), TableRow.status != "finished")
                    .order_by(TableRow.created.desc())
                    .limit(limit)
                )
            )
            games = [
                (game, variant)
                for game, variant in session.execute(
                    select(GameRow, TableRow.variant)
                    .join(TableRow, TableRow.id == GameRow.table_id)
                    .where(TableRow.public.is_(True), GameRow.status == "finished")
                    .order_by(GameRow.finished.desc())
                    .limit(limit)
                )
            ]
            seats: dict[str, list[SeatRow]] = {t.id: [] for t in tables}
            for seat in session.scalars(
                select(SeatRow).where(SeatRow.table_id.in_(list(seats))).order_by(SeatRow.idx)
            ):
                seats[seat.table_id].append(seat)
            return tables, seats, games

    # ------------------------------------------------------------------ games and actions
    def start_game(self, game: GameRow, plays: Sequence[PlayRow] = ()) -> None:
        """Store a new match with its people's seats (``plays``) and mark its table ``playing``."""
        with self.session() as session:
            session.add(game)
            session.flush()
            linked = {p.account_id for p in plays if p.account_id is not None}
            if linked:
                # an account deleted while its seat's table ran (in another process's memory, too):
                # its seat is anonymous in the match, as in the games it had played
                known = set(session.scalars(select(AccountRow.id).where(AccountRow.id.in_(linked))))
                names = list(game.seats)
                for play in plays:
                    if play.account_id is not None and play.account_id not in known:
                        play.account_id, play.player_hash, play.name = None, None, ANONYMOUS
                        names[play.seat] = ANONYMOUS
                game.seats = names
            session.add_all(plays)
            session.execute(update(TableRow).where(TableRow.id == game.table_id).values(status="playing"))

    def add_action(self, action: ActionRow, outcome: dict[str, Any] | None, stood_in: list[int]) -> None:
        """Append an accepted action (and, when it ended the match, the outcome): committed before
        this returns. Raises :class:`IntegrityError` when the step or the client id is taken."""
        self.add_actions([(action, outcome, stood_in)])

    def add_actions(self, batch: Sequence[tuple[ActionRow, dict[str, Any] | None, list[int]]]) -> None:
        """Append accepted actions, each with the outcome of the match it ended (``None``: it
        ended none) and the seats stood in for in it, in one transaction: all committed before
        this returns, or none. Raises :class:`IntegrityError` when a step or a client id is taken
        (then nothing is stored)."""
        table = ActionRow.__table__
        assert isinstance(table, Table)
        columns = [column.key for column in table.columns]
        with self.session() as session:
            # the table's own insert, many rows at once: no unit of work for rows never read back
            session.execute(insert(table), [{c: getattr(a, c) for c in columns} for a, _, _ in batch])
            for action, outcome, stood_in in batch:
                if outcome is not None:
                    _finish(session, action.game_id, outcome, stood_in)

    def set_stood_in(self, game_id: str, stood_in: list[int]) -> None:
        """Record the seats a bot has stood in for during ``game_id``."""
        with self.session() as session:
            session.execute(update(GameRow).where(GameRow.id == game_id).values(stood_in=stood_in))

    def game(self, game_id: str) -> tuple[GameRow, TableRow, list[ActionRow]] | None:
        """A game with its table and actions."""
        with self.session() as session:
            game = session.get(GameRow, game_id)
            if game is None:
                return None
            table = session.get(TableRow, game.table_id)
            assert table is not None
            actions = list(
                session.scalars(select(ActionRow).where(ActionRow.game_id == game_id).order_by(ActionRow.idx))
            )
            return game, table, actions

    def table_of(self, game_id: str) -> str | None:
        """The table ``game_id`` was played at; ``None`` when there is no such game."""
        with self.session() as session:
            game = session.get(GameRow, game_id)
            return None if game is None else game.table_id

    def readers(self, game_id: str) -> tuple[bool, str, list[PlayRow]]:
        """Who may read ``game_id``'s record: whether its table is public, the table's owner token
        hash and the game's people's seats."""
        with self.session() as session:
            public, owner = session.execute(
                select(TableRow.public, TableRow.owner_hash)
                .join(GameRow, GameRow.table_id == TableRow.id)
                .where(GameRow.id == game_id)
            ).one()
            plays = list(session.scalars(select(PlayRow).where(PlayRow.game_id == game_id)))
            return bool(public), owner, plays

    def my_games(
        self, player_hash: str | None, account: int | None = None, limit: int = 100
    ) -> list[tuple[PlayRow, GameRow, TableRow]]:
        """The games (newest first by the time My games shows: a finished game's end, else its
        start; at most ``limit``) in which a seat was the browser's whose token hash is
        ``player_hash`` or the account ``account``'s: each seat with its game and table."""
        mine = []
        if player_hash is not None:
            mine.append(PlayRow.player_hash == player_hash)
        if account is not None:
            mine.append(PlayRow.account_id == account)
        if not mine:
            return []
        with self.session() as session:
            query = (
                select(PlayRow, GameRow, TableRow)
                .join(GameRow, GameRow.id == PlayRow.game_id)
                .join(TableRow, TableRow.id == GameRow.table_id)
                .where(or_(*mine))
                .order_by(
                    func.coalesce(GameRow.finished, GameRow.created).desc(),
                    GameRow.created.desc(),
                    PlayRow.seat,
                )
                .limit(limit)
            )
            return [(play, game, table) for play, game, table in session.execute(query)]

    def leaderboard(self, variant: str, limit: int = 100) -> list[tuple[str, RatingRow]]:
        """The accounts rated at ``variant``, best first: (username, rating)."""
        with self.session() as session:
            query = (
                select(AccountRow.username, RatingRow)
                .join(AccountRow, AccountRow.id == RatingRow.account_id)
                .where(RatingRow.variant == variant)
                .order_by(RatingRow.mu.desc(), AccountRow.key)
                .limit(limit)
            )
            return [(str(name), row) for name, row in session.execute(query)]

    def ratings_for(self, pairs: Sequence[tuple[int, str]]) -> dict[tuple[int, str], RatingRow]:
        """The ratings of the ``(account, variant)`` pairs that have one."""
        wanted = set(pairs)
        if not wanted:
            return {}
        with self.session() as session:
            query = select(RatingRow).where(RatingRow.account_id.in_({a for a, _ in wanted}))
            return {
                (row.account_id, row.variant): row
                for row in session.scalars(query)
                if (row.account_id, row.variant) in wanted
            }

    def usernames(self, account_ids: Sequence[int]) -> dict[int, str]:
        """The usernames of the accounts ``account_ids`` that still exist, by id."""
        with self.session() as session:
            return _usernames(session, account_ids)

    def seat_accounts(self, game_ids: Sequence[str]) -> dict[str, dict[int, str]]:
        """For each of ``game_ids``, the username of each seat played by an account:
        ``{game: {seat: username}}`` (a game without one is left out)."""
        if not game_ids:
            return {}
        with self.session() as session:
            query = (
                select(PlayRow.game_id, PlayRow.seat, AccountRow.username)
                .join(AccountRow, AccountRow.id == PlayRow.account_id)
                .where(PlayRow.game_id.in_(list(game_ids)))
            )
            found: dict[str, dict[int, str]] = {}
            for game_id, seat, username in session.execute(query):
                found.setdefault(str(game_id), {})[int(seat)] = str(username)
            return found

    def rating_changes(self, game_id: str) -> dict[int, tuple[float, float]]:
        """The rated seats of ``game_id`` once it is over: ``{seat: (mu before, mu after)}``."""
        with self.session() as session:
            query = select(PlayRow.seat, PlayRow.rating_before, PlayRow.rating_after).where(
                PlayRow.game_id == game_id,
                PlayRow.rating_before.is_not(None),
                PlayRow.rating_after.is_not(None),
            )
            return {
                int(seat): (float(before or 0.0), float(after or 0.0))
                for seat, before, after in session.execute(query)
            }

    def account_named(self, username: str) -> AccountRow | None:
        """The account called ``username`` (any case), or ``None``."""
        with self.session() as session:
            return session.scalars(select(AccountRow).where(AccountRow.key == username_key(username))).first()

    def finished_plays(self, account_id: int) -> list[tuple[PlayRow, GameRow, TableRow]]:
        """Every finished game the account played, newest first: each of its seats with the game
        and the table."""
        with self.session() as session:
            query = (
                select(PlayRow, GameRow, TableRow)
                .join(GameRow, GameRow.id == PlayRow.game_id)
                .join(TableRow, TableRow.id == GameRow.table_id)
                .where(PlayRow.account_id == account_id, GameRow.status == "finished")
                .order_by(GameRow.finished.desc(), PlayRow.seat)
            )
            return [(play, game, table) for play, game, table in session.execute(query)]

    def played_among(self, account_id: int, game_ids: Collection[str]) -> set[str]:
        """The games of ``game_ids`` in which the account held a seat."""
        if not game_ids:
            return set()
        with self.session() as session:
            query = select(PlayRow.game_id).where(
                PlayRow.account_id == account_id, PlayRow.game_id.in_(list(game_ids))
            )
            return set(session.scalars(query))

    def ratings_of(self, account_id: int) -> list[RatingRow]:
        """An account's ratings, one per game it played rated."""
        with self.session() as session:
            return list(session.scalars(select(RatingRow).where(RatingRow.account_id == account_id)))

    def all_game_ids(self) -> list[str]:
        """Every game's id."""
        with self.session() as session:
            return list(session.scalars(select(GameRow.id)))


def _usernames(session: Session, account_ids: Sequence[int]) -> dict[int, str]:
    """The usernames of the accounts ``account_ids`` that still exist."""
    if not account_ids:
        return {}
    query = select(AccountRow.id, AccountRow.username).where(AccountRow.id.in_(list(account_ids)))
    return {int(account_id): str(name) for account_id, name in session.execute(query)}


def _rate(session: Session, table: TableRow, game_id: str, outcome: dict[str, Any]) -> None:
    """Move the ratings of the accounts that played the rated match ``game_id`` at ``table``."""
    seats = list(session.scalars(select(SeatRow).where(SeatRow.table_id == table.id).order_by(SeatRow.idx)))
    plays = {p.seat: p for p in session.scalars(select(PlayRow).where(PlayRow.game_id == game_id))}
    winners = match_winners(outcome)
    ranks = ratings.standing(outcome["scores"], winners)
    rows: list[RatingRow | None] = []
    rated: list[ratings.Seat] = []
    for seat in seats:
        play = plays.get(seat.idx)
        row = None
        if play is not None and play.account_id is not None:
            row = session.get(RatingRow, (play.account_id, table.variant), with_for_update=True)
            if row is None:
                mu, sigma = ratings.NEW
                row = RatingRow(
                    account_id=play.account_id, variant=table.variant, mu=mu, sigma=sigma, games=0, wins=0
                )
                session.add(row)
            mu, sigma = row.mu, row.sigma
        elif seat.kind == "bot":
            mu, sigma = ratings.bot_rating(seat.level)
        else:
            mu, sigma = ratings.NEW
        rows.append(row)
        rated.append(ratings.Seat(mu, sigma, row is not None, seat.idx in winners, ranks[seat.idx]))
    for seat, row, before, (mu, sigma) in zip(seats, rows, rated, ratings.rate(rated), strict=True):
        if row is not None:
            plays[seat.idx].rating_before, plays[seat.idx].rating_after = row.mu, mu
            row.mu, row.sigma, row.games, row.wins = mu, sigma, row.games + 1, row.wins + int(before.won)


def _finish(session: Session, game_id: str, outcome: dict[str, Any], stood_in: list[int]) -> None:
    """Mark ``game_id`` and its table finished with ``outcome`` and ``stood_in``, and move the
    ratings when its table is rated."""
    session.execute(
        update(GameRow)
        .where(GameRow.id == game_id)
        .values(status="finished", outcome=outcome, stood_in=stood_in, finished=time.time())
    )
    table_id = session.scalars(select(GameRow.table_id).where(GameRow.id == game_id)).one()
    session.execute(update(TableRow).where(TableRow.id == table_id).values(status="finished"))
    table = session.get(TableRow, table_id)
    if table is not None and table.options.get("rated"):
        _rate(session, table, game_id, outcome)


def _take(session: Session, ids: list[str], server: str, until: float, condition: Any) -> list[str]:
    """Set ``server``'s lease until ``until`` on each of ``ids`` whose row still meets
    ``condition`` (row by row, so that two processes never both take one); the ids taken."""
    taken: list[str] = []
    for table_id in ids:
        done = session.execute(
            update(TableRow)
            .where(TableRow.id == table_id, condition)
            .values(server=server, lease_until=until)
        )
        if getattr(done, "rowcount", 0) == 1:
            taken.append(table_id)
    return taken
