"""The database and the broker a command is given (``--db``, ``--broker``), reached once before the
command uses them: a URL of no known kind, a server that refuses or never answers, a database or
account that does not exist is one line naming the URL (its password hidden) and what failed
(:class:`~rummykit.errors.RummykitError`: ``error: …`` and exit code 2, :mod:`rummykit.cli.errors`),
not a traceback from inside the server's start-up."""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from rummykit.errors import RummykitError
from rummykit.server.db import CONNECT_TIMEOUT, Database, database_url

BROKER_SCHEMES = ("redis://", "rediss://", "unix://")
"""What a broker URL starts with (Redis over TCP, TLS or a Unix socket)."""


def shown_url(url: str) -> str:
    """``url`` as it may be printed: its password, if any, as ``***``."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    user, _, host = parts.netloc.rpartition("@")
    name = user.partition(":")[0]
    return urlunsplit(parts._replace(netloc=f"{name}:***@{host}"))


def one_line(text: str) -> str:
    """The first line of a driver's message, its runs of spaces as one."""
    lines = text.strip().splitlines()
    return " ".join(lines[0].split()) if lines else text


def open_database(given: str | None) -> Database:
    """The database at ``given`` (as ``--db`` takes it: :func:`~rummykit.server.db.database_url`),
    one connection opened and given back to check that it answers; raises
    :class:`RummykitError` saying what failed."""
    from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError

    shown = shown_url(given) if given is not None else "(the default SQLite file)"
    try:
        url = database_url(given)
        database = Database(url)
    except NoSuchModuleError:
        kind = given.partition(":")[0] if given is not None else ""
        reason = f"no database of the kind {kind!r} (postgresql://…, sqlite:///… or a file's path)"
        raise RummykitError(f"can't use the database {shown}: {reason}") from None
    except ArgumentError:
        raise RummykitError(f"can't use the database {shown}: not a database URL") from None
    except ImportError as exc:
        raise RummykitError(f"can't use the database {shown}: its driver is missing ({exc})") from None
    except (ValueError, OSError) as exc:
        raise RummykitError(f"can't use the database {shown}: {one_line(str(exc))}") from None
    try:
        with database.engine.connect():
            pass
    except DBAPIError as exc:
        database.close()
        raise RummykitError(f"can't connect to the database {shown}: {one_line(str(exc.orig))}") from None
    return database


def check_broker(url: str) -> None:
    """Check that the Redis at ``url`` (``--broker``) answers; raises :class:`RummykitError`
    saying what failed."""
    import redis

    shown = shown_url(url)
    if not url.startswith(BROKER_SCHEMES):
        raise RummykitError(f"the broker is a redis:// URL, not {shown}")
    try:
        client = redis.Redis.from_url(
            url, socket_connect_timeout=CONNECT_TIMEOUT, socket_timeout=CONNECT_TIMEOUT
        )
    except ValueError as exc:
        raise RummykitError(f"can't use the broker {shown}: {one_line(str(exc))}") from None
    try:
        client.ping()
    except redis.RedisError as exc:
        raise RummykitError(f"can't connect to the broker {shown}: {one_line(str(exc))}") from None
    finally:
        client.close()
