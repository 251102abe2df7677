"""``rummykit serve``: run the game server (Starlette under uvicorn) on one address.

The database is SQLite in the user's data directory unless ``--db`` names another
(``postgresql://user@host/db`` for PostgreSQL); its schema is migrated at start-up.
"""

from __future__ import annotations

from typing import Annotated

import typer

from rummykit.server.protocol import MAX_FRAME_BYTES


def serve(
    host: Annotated[str, typer.Option(help="Address to bind (127.0.0.1: this machine only)")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port")] = 8000,
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
) -> None:
    """Run the game server: tables, seats, bots and spectators over WebSockets (docs/protocol.md)."""
    import uvicorn

    from rummykit.server.app import create_app
    from rummykit.server.db import database_url

    url = database_url(db)
    shown = url.split("@")[-1] if "@" in url else url
    typer.echo(f"rummykit server on http://{host}:{port} (WebSocket ws://{host}:{port}/ws), database {shown}")
    uvicorn.run(
        create_app(url, lease=lease, bot_workers=bot_workers),
        host=host,
        port=port,
        ws_max_size=MAX_FRAME_BYTES,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        log_level="warning",
    )
