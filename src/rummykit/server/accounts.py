"""Accounts, optional: sign up and sign in with a username and a password (argon2 hashes,
``argon2-cffi``), a signed HttpOnly SameSite session cookie, sign out, change the password, delete
the account (its personal data removed, its past games kept under an anonymous name). Sign-up
claims the browser's guest games (its browser token's, :mod:`rummykit.server.access`). Sign-in and
sign-up are rate limited per address and per account (``attempts``, shared by every process of the
database). State-changing requests are CSRF-protected (:func:`check_csrf`); a WebSocket connection
carries its session too, and a seat joined while signed in is that account's only.

Passwords, password hashes, session tokens and CSRF tokens never leave the server or reach the logs;
a wrong password and an unknown username get the same answer after the same work.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import os
import secrets
import time
from dataclasses import dataclass
from typing import Any

from argon2 import PasswordHasher, profiles
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from starlette.requests import HTTPConnection
from starlette.responses import Response

from rummykit.server.db import (
    ANONYMOUS,
    AccessTokenRow,
    AccountRow,
    AttemptRow,
    ChatReportRow,
    ChatRow,
    Database,
    GameRow,
    MuteRow,
    PlayRow,
    RatingRow,
    SeatRow,
    SecretRow,
    SessionRow,
)
from rummykit.server.protocol import ProtocolError
from rummykit.server.tokens import new_token, token_hash
from rummykit.server.usernames import username_key

SESSION_COOKIE = "rummykit_session"
SESSION_SECONDS = 30 * 24 * 3600
"""How long a session lasts (seconds)."""
CSRF_HEADER = "x-csrf-token"
PASSWORD_MIN, PASSWORD_MAX = 8, 200
ACCESS_PREFIX = "rkp_"
"""How a personal access token begins (then 32 URL-safe characters)."""
ACCESS_NAME_MAX = 40
"""The longest name of a personal access token (characters)."""
ACCESS_TOKENS_MAX = 20
"""The most personal access tokens an account holds at once."""


@dataclass(frozen=True)
class Limit:
    """At most ``count`` attempts per ``seconds``."""

    count: int
    seconds: float


LOGIN_ADDRESS = Limit(20, 600.0)
"""Sign-in attempts from one address (any account)."""
LOGIN_ACCOUNT = Limit(10, 900.0)
"""Failed sign-ins of one account (from any address)."""
SIGNUP_ADDRESS = Limit(5, 3600.0)
"""Sign-ups from one address."""

PASSWORD_COST = os.environ.get("RUMMYKIT_PASSWORD_COST", "default")
"""The argon2 parameters: ``default`` (argon2-cffi's, RFC 9106's low-memory profile: 64 MiB,
3 passes) unless ``RUMMYKIT_PASSWORD_COST=test`` (the cheapest, for the test suite only: a hash
made so is still checked by any server, as argon2 hashes carry their parameters)."""

hasher = PasswordHasher.from_parameters(profiles.CHEAPEST) if PASSWORD_COST == "test" else PasswordHasher()


@functools.cache
def _dummy() -> str:
    """A hash to check a password against when the username is unknown, so that the answer takes
    as long as a wrong password's."""
    return hasher.hash(secrets.token_urlsafe(16))


def check_password(value: object, field: str = "password") -> str:
    if not isinstance(value, str) or not PASSWORD_MIN <= len(value) <= PASSWORD_MAX:
        raise ProtocolError("bad_password", field=field, min=PASSWORD_MIN, max=PASSWORD_MAX)
    return value


def password_matches(stored: str | None, password: str) -> bool:
    """Whether ``password`` is the one of ``stored`` (``None``: an unknown account; the work is
    done all the same)."""
    try:
        hasher.verify(stored or _dummy(), password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False
    return stored is not None


def _mac(secret: bytes, purpose: str, token: str) -> str:
    digest = hmac.new(secret, f"{purpose}:{token}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


@dataclass
class Signed:
    """A request's valid session, or personal access token: its account and the session token
    (``""`` for an access token, which has no session and needs no CSRF token)."""

    account_id: int
    username: str
    token: str
    moderator: bool = False
    session: bool = True
    """Whether a session cookie signed the request in (not an access token)."""


def count_attempt(db: Database, kind: str, value: str, limit: Limit, count: bool = True) -> int | None:
    """Count an attempt of ``kind`` by ``value`` (an address, a username; stored as a hash):
    the seconds to wait when ``limit`` is reached (the attempt is then not counted), else
    ``None``. ``count=False`` only looks."""
    key = hashlib.sha256(f"{kind}:{value}".encode()).hexdigest()
    now = time.time()
    for _ in range(3):
        try:
            with db.session() as session:
                row = session.get(AttemptRow, key, with_for_update=True)
                if row is None or row.since + limit.seconds <= now:
                    if count:
                        if row is None:
                            session.add(AttemptRow(key=key, since=now, count=1))
                        else:
                            row.since, row.count = now, 1
                    return None
                if row.count >= limit.count:
                    return max(1, int(row.since + limit.seconds - now + 0.999))
                if count:
                    row.count += 1
                return None
        except IntegrityError:
            continue  # another process added the row first: count again
    return None


def bearer_access_token(request: HTTPConnection) -> str | None:
    """The personal access token the request carries as ``Authorization: Bearer rkp_…``, or
    ``None`` (none, or another bearer token: a seat's)."""
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    value = value.strip()
    if scheme.lower() != "bearer" or not value.startswith(ACCESS_PREFIX):
        return None
    return value


def check_token_name(value: object) -> str:
    """A personal access token's name: 1 to :data:`ACCESS_NAME_MAX` characters, trimmed; raises
    ``bad_token_name``."""
    if not isinstance(value, str) or not 0 < len(value.strip()) <= ACCESS_NAME_MAX:
        raise ProtocolError("bad_token_name", max=ACCESS_NAME_MAX)
    return value.strip()


class Accounts:
    """The accounts of ``db`` (its methods run in the database's threads, :meth:`Database.run`)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        with db.session() as session:
            value = session.scalar(select(SecretRow.value).where(SecretRow.name == "session"))
        assert value is not None, "the secrets table has no session key (migration 0003)"
        self.secret = bytes.fromhex(value)

    # ------------------------------------------------------------------ cookies and tokens
    def cookie_value(self, token: str) -> str:
        """The session cookie of ``token``: the token and its signature."""
        return f"{token}.{_mac(self.secret, 'session', token)}"

    def token_of(self, cookie: str | None) -> str | None:
        """The session token of a cookie whose signature is right, else ``None``."""
        if cookie is None or len(cookie) > 200 or "." not in cookie:
            return None
        token, _, signature = cookie.partition(".")
        good = _mac(self.secret, "session", token)
        return token if hmac.compare_digest(signature.encode(), good.encode()) else None

    def csrf(self, token: str) -> str:
        """The CSRF token of a session (the ``X-CSRF-Token`` header its state-changing requests
        carry)."""
        return _mac(self.secret, "csrf", token)

    def set_cookie(self, response: Response, request: HTTPConnection, token: str) -> None:
        response.set_cookie(
            SESSION_COOKIE,
            self.cookie_value(token),
            max_age=SESSION_SECONDS,
            path="/",
            httponly=True,
            samesite="lax",
            secure=request.url.scheme in ("https", "wss"),
        )

    @staticmethod
    def clear_cookie(response: Response, request: HTTPConnection) -> None:
        response.delete_cookie(
            SESSION_COOKIE, path="/", httponly=True, samesite="lax", secure=request.url.scheme == "https"
        )

    # ------------------------------------------------------------------ the database's side
    def signed(self, token: str | None) -> Signed | None:
        """The account of the session ``token`` (when it has not expired and the account is not
        banned)."""
        if token is None:
            return None
        with self.db.session() as session:
            row = session.execute(
                select(AccountRow.id, AccountRow.username, AccountRow.moderator)
                .join(SessionRow, SessionRow.account_id == AccountRow.id)
                .where(
                    SessionRow.token_hash == token_hash(token),
                    SessionRow.expires > time.time(),
                    AccountRow.banned.is_(False),
                )
            ).first()
        return None if row is None else Signed(int(row[0]), str(row[1]), token, bool(row[2]))

    def signed_by_token(self, token: str) -> Signed | None:
        """The account of the personal access token ``token`` (its last use noted), or ``None``
        (unknown, revoked, its account deleted or banned)."""
        with self.db.session() as session:
            row = session.execute(
                select(AccessTokenRow, AccountRow.username, AccountRow.moderator)
                .join(AccountRow, AccountRow.id == AccessTokenRow.account_id)
                .where(AccessTokenRow.token_hash == token_hash(token), AccountRow.banned.is_(False))
            ).first()
            if row is None:
                return None
            found, username, moderator = row
            found.last_used = time.time()
            return Signed(int(found.account_id), str(username), "", bool(moderator), session=False)

    def new_access_token(self, account_id: int, name: str) -> tuple[dict[str, Any], str]:
        """A new personal access token of the account, called ``name``: its listing
        (:meth:`access_tokens`) and the token itself, which is stored only as its hash. Raises
        ``too_many_tokens`` past :data:`ACCESS_TOKENS_MAX`."""
        token = ACCESS_PREFIX + new_token()
        with self.db.session() as session:
            held = session.scalars(select(AccessTokenRow.id).where(AccessTokenRow.account_id == account_id))
            if len(list(held)) >= ACCESS_TOKENS_MAX:
                raise ProtocolError("too_many_tokens", max=ACCESS_TOKENS_MAX)
            row = AccessTokenRow(
                account_id=account_id, name=name, token_hash=token_hash(token), created=time.time()
            )
            session.add(row)
            session.flush()
            return _token_json(row), token

    def access_tokens(self, account_id: int) -> list[dict[str, Any]]:
        """The account's personal access tokens, oldest first: ``{"id", "name", "created",
        "last_used"}`` (Unix seconds; ``last_used`` ``None`` when never used), never the token."""
        with self.db.session() as session:
            rows = session.scalars(
                select(AccessTokenRow)
                .where(AccessTokenRow.account_id == account_id)
                .order_by(AccessTokenRow.id)
            )
            return [_token_json(row) for row in rows]

    def revoke(self, account_id: int, token_id: int) -> str:
        """Revoke (delete) the account's access token ``token_id``: its hash. Raises
        ``no_such_token`` when the account has none such."""
        with self.db.session() as session:
            row = session.scalar(
                select(AccessTokenRow).where(
                    AccessTokenRow.id == token_id, AccessTokenRow.account_id == account_id
                )
            )
            if row is None:
                raise ProtocolError("no_such_token", id=token_id)
            session.delete(row)
            return str(row.token_hash)

    def hit(self, kind: str, value: str, limit: Limit, count: bool = True) -> int | None:
        """:func:`count_attempt` in this database."""
        return count_attempt(self.db, kind, value, limit, count)

    def forget(self, kind: str, value: str) -> None:
        """Clear a rate limit's count (a successful sign-in clears its account's failures)."""
        key = hashlib.sha256(f"{kind}:{value}".encode()).hexdigest()
        with self.db.session() as session:
            session.execute(delete(AttemptRow).where(AttemptRow.key == key))

    def password_hash(self, username: str) -> tuple[int, str, str, bool, bool] | None:
        """The id, username, password hash, ban and moderator flag of the account called
        ``username`` (any case)."""
        with self.db.session() as session:
            row = session.execute(
                select(
                    AccountRow.id,
                    AccountRow.username,
                    AccountRow.password_hash,
                    AccountRow.banned,
                    AccountRow.moderator,
                ).where(AccountRow.key == username_key(username))
            ).first()
        return None if row is None else (int(row[0]), str(row[1]), str(row[2]), bool(row[3]), bool(row[4]))

    def password_hash_of(self, account_id: int) -> str | None:
        with self.db.session() as session:
            return session.scalar(select(AccountRow.password_hash).where(AccountRow.id == account_id))

    def create(self, username: str, hashed: str, player_hash: str | None) -> int:
        """A new account (``username_taken`` when the name is, in any case); the guest games of
        ``player_hash`` (the browser's token) become its games."""
        try:
            with self.db.session() as session:
                row = AccountRow(
                    username=username, key=username_key(username), password_hash=hashed, created=time.time()
                )
                session.add(row)
                session.flush()
                if player_hash is not None:
                    for table in (PlayRow, SeatRow):
                        session.execute(
                            update(table)
                            .where(table.player_hash == player_hash, table.account_id.is_(None))
                            .values(account_id=row.id)
                        )
                return int(row.id)
        except IntegrityError:
            raise ProtocolError("username_taken") from None

    def new_session(self, account_id: int, drop: str | None = None, every: bool = False) -> str:
        """A fresh session of ``account_id`` (its token); the session ``drop`` ends (a session
        never outlives a sign-in: no fixation), or every other session of the account with
        ``every``."""
        token = new_token()
        now = time.time()
        with self.db.session() as session:
            if every:
                session.execute(delete(SessionRow).where(SessionRow.account_id == account_id))
            elif drop is not None:
                session.execute(delete(SessionRow).where(SessionRow.token_hash == token_hash(drop)))
            session.execute(delete(SessionRow).where(SessionRow.expires <= now))
            session.add(
                SessionRow(
                    token_hash=token_hash(token),
                    account_id=account_id,
                    created=now,
                    expires=now + SESSION_SECONDS,
                )
            )
        return token

    def end_session(self, token: str) -> None:
        with self.db.session() as session:
            session.execute(delete(SessionRow).where(SessionRow.token_hash == token_hash(token)))

    def set_password(self, account_id: int, hashed: str) -> None:
        with self.db.session() as session:
            session.execute(
                update(AccountRow).where(AccountRow.id == account_id).values(password_hash=hashed)
            )

    def delete(self, account_id: int) -> list[tuple[int, str]]:
        """Delete the account: its sessions, its mutes, its name and its link to its browser in
        every game and seat (its past games stay, its seats called :data:`ANONYMOUS`), its chat
        messages (emptied and deleted) and its name in chat reports. The id and room of each
        line it deleted that was shown until then (for its readers to drop)."""
        with self.db.session() as session:
            shown = [
                (int(line_id), str(room))
                for line_id, room in session.execute(
                    select(ChatRow.id, ChatRow.room).where(
                        ChatRow.account_id == account_id, ChatRow.deleted.is_(False)
                    )
                )
            ]
            plays = list(session.scalars(select(PlayRow).where(PlayRow.account_id == account_id)))
            seats_of: dict[str, list[int]] = {}
            for play in plays:
                seats_of.setdefault(play.game_id, []).append(play.seat)
            for game in session.scalars(select(GameRow).where(GameRow.id.in_(list(seats_of)))):
                names = list(game.seats)
                for seat in seats_of[game.id]:
                    if seat < len(names):
                        names[seat] = ANONYMOUS
                game.seats = names
            session.execute(
                update(PlayRow)
                .where(PlayRow.account_id == account_id)
                .values(account_id=None, player_hash=None, name=ANONYMOUS)
            )
            session.execute(
                update(SeatRow)
                .where(SeatRow.account_id == account_id)
                .values(account_id=None, player_hash=None, name=ANONYMOUS)
            )
            session.execute(delete(SessionRow).where(SessionRow.account_id == account_id))
            session.execute(delete(AccessTokenRow).where(AccessTokenRow.account_id == account_id))
            session.execute(delete(RatingRow).where(RatingRow.account_id == account_id))
            session.execute(delete(MuteRow).where(MuteRow.account_id == account_id))
            session.execute(
                update(ChatRow)
                .where(ChatRow.account_id == account_id)
                .values(account_id=None, name=ANONYMOUS, text="", deleted=True)
            )
            for column in (ChatReportRow.sender_account, ChatReportRow.reporter_account):
                session.execute(update(ChatReportRow).where(column == account_id).values({column: None}))
            session.execute(delete(AccountRow).where(AccountRow.id == account_id))
        return shown


def _token_json(row: AccessTokenRow) -> dict[str, Any]:
    return {"id": row.id, "name": row.name, "created": row.created, "last_used": row.last_used}


def address(request: HTTPConnection) -> str:
    """The client's address (uvicorn puts a trusted proxy's ``X-Forwarded-For`` there)."""
    return request.client.host if request.client is not None else "unknown"


def same_origin(request: HTTPConnection) -> bool:
    """Whether the request may come from the browser's own page: no ``Origin`` header (not a
    browser's cross-site request), or one naming this host; and not ``Sec-Fetch-Site:
    cross-site``."""
    if request.headers.get("sec-fetch-site") == "cross-site":
        return False
    origin = request.headers.get("origin")
    if origin is None:
        return True
    host = request.headers.get("host", "")
    named = origin.partition("://")[2].rstrip("/")
    # a proxy may pass the host without the port it listens on (nginx's $host)
    return named == host or (":" not in host and named.rpartition(":")[0] == host)


def check_csrf(request: HTTPConnection, accounts: Accounts, signed: Signed | None) -> None:
    """Refuse (``csrf``) a state-changing request from another site, or carrying a session
    without that session's CSRF token (a personal access token, sent by a program and never by a
    browser on its own, needs none)."""
    if not same_origin(request):
        raise ProtocolError("csrf")
    if signed is not None and signed.session:
        given = request.headers.get(CSRF_HEADER, "")
        if not hmac.compare_digest(given.encode(), accounts.csrf(signed.token).encode()):
            raise ProtocolError("csrf")


def account_json(signed: Signed | None, accounts: Accounts) -> dict[str, Any]:
    """``GET /account``'s answer."""
    if signed is None:
        return {"type": "account", "account": None, "csrf": None}
    account: dict[str, Any] = {"username": signed.username}
    if signed.moderator:
        account["moderator"] = True
    csrf = accounts.csrf(signed.token) if signed.session else None
    return {"type": "account", "account": account, "csrf": csrf}


__all__ = [
    "ANONYMOUS",
    "Accounts",
    "Signed",
    "account_json",
    "bearer_access_token",
    "check_csrf",
    "count_attempt",
]
