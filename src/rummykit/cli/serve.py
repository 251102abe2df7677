"""``rummykit serve``: run the game server (Starlette under uvicorn) on one address.

The database is SQLite in the user's data directory unless ``--db`` names another
(``postgresql://user@host/db`` for PostgreSQL); its schema is migrated at start-up. Several
processes on one PostgreSQL database and one broker (``--broker redis://host:6379/0``) serve any
client each (``docs/deploy.md``). A process is known by ``--server-id`` (the host's name and the
port unless given): started again with the same id, it takes its tables back at once.
"""

from __future__ import annotations

import contextlib
import gc
import logging
import socket
from typing import Annotated

import typer

from rummykit.cli.errors import user_errors
from rummykit.errors import RummykitError
from rummykit.server.bots import SERVER_MEMO_LIMIT
from rummykit.server.protocol import MAX_FRAME_BYTES

STARTUP_FAILURE = 3
"""The exit code when the server could not start (the application's start-up failed), as
``uvicorn.run`` exits."""


def serve(
    host: Annotated[str, typer.Option(help="Address to bind (127.0.0.1: this machine only)")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port", min=1, max=65535)] = 8000,
    db: Annotated[
        str | None,
        typer.Option(help="Database URL: postgresql://user@host:5432/name, sqlite:///path, or a file path"),
    ] = None,
    lease: Annotated[
        float, typer.Option(help="Seconds a table stays held by this process without renewal", min=1.0)
    ] = 15.0,
    bot_workers: Annotated[
        int, typer.Option(help="Processes that think for the bots (0: one thread of the server)", min=0)
    ] = 1,
    broker: Annotated[
        str | None,
        typer.Option(help="Redis URL linking the processes of one database: redis://127.0.0.1:6379/0"),
    ] = None,
    cluster: Annotated[
        str,
        typer.Option(help="The name on the broker shared by the processes of one database"),
    ] = "rummykit",
    server_id: Annotated[
        str | None,
        typer.Option(help="This process's name among those of the database (default: HOST:PORT)"),
    ] = None,
    memo_limit: Annotated[
        int,
        typer.Option(
            help="States a game solver's memo keeps here and in the bot workers (more: faster bots, "
            "more memory; docs/deploy.md)",
            min=1,
        ),
    ] = SERVER_MEMO_LIMIT,
) -> None:
    """Run the game server: tables, seats, bots and spectators over WebSockets (docs/protocol.md)."""
    import uvicorn

    from rummykit.cli.services import check_broker, open_database, shown_url
    from rummykit.server.app import create_app

    with user_errors():
        identity = server_identity(server_id, port)
        database = open_database(db)
        url = database.url
        database.close()
        if broker is not None:
            check_broker(broker)
        listening = listen(host, port)
    config = uvicorn.Config(
        create_app(
            url,
            server=identity,
            lease=lease,
            bot_workers=bot_workers,
            broker=broker,
            cluster=cluster,
            memo_limit=memo_limit,
        ),
        host=host,
        port=port,
        ws_max_size=MAX_FRAME_BYTES,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        log_level="warning",
    )
    logging.getLogger("uvicorn.error").addFilter(drop_clients_faults)
    # what is loaded by now (the modules, the games' tables) lives as long as the process: out of
    # the garbage collector's sight, each full collection has that much less to walk while the
    # event loop waits
    gc.freeze()
    shown = shown_url(url)
    typer.echo(f"rummykit server on http://{host}:{port} (WebSocket ws://{host}:{port}/ws), database {shown}")
    server = uvicorn.Server(config)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: uvicorn has shut down and re-raised it
        server.run(sockets=[listening])
    if not server.started:
        raise typer.Exit(STARTUP_FAILURE)


NOT_UTF8 = "Invalid UTF-8 sequence received from client."
"""What uvicorn logs, with a traceback, when a client's text frame is not UTF-8 text."""


def drop_clients_faults(record: logging.LogRecord) -> bool:
    """A filter of uvicorn's error log: drop the record of a client's text frame that is not
    UTF-8 (uvicorn closes that connection with 1007, the protocol's answer; logged with a
    traceback, any client could fill the log with them)."""
    return record.msg != NOT_UTF8


def server_identity(given: str | None, port: int) -> str:
    """This process's id: ``given``, else this host's name and ``port`` (a restart on the same
    host and port is the same process again); raises :class:`RummykitError` for an id that is
    empty or longer than 64 characters."""
    identity = given if given is not None else f"{socket.gethostname()}:{port}"
    if not 0 < len(identity) <= 64 or any(c.isspace() for c in identity):
        raise RummykitError("--server-id is 1 to 64 characters without spaces")
    return identity


def listen(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host``:``port`` and listening, made before the server announces
    itself; raises :class:`RummykitError` saying why not (an unknown host, a port in use or not
    allowed)."""
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0][0]
        return socket.create_server((host, port), family=family, backlog=2048)
    except OSError as exc:
        raise RummykitError(f"can't listen on {host}:{port}: {exc.strerror or exc}") from None
