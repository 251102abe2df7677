"""``rummykit moderator grant NAME``: make an account a chat moderator (``revoke``: no longer one).

A moderator deletes chat messages and bans accounts (``docs/web.md``, "Chat"). The database is the
server's (``--db``, as ``rummykit serve`` takes it); its schema is migrated first.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer


class Change(StrEnum):
    """What becomes of the account."""

    grant = "grant"
    revoke = "revoke"


def moderator(
    change: Annotated[Change, typer.Argument(help="grant: make a moderator; revoke: no longer one")],
    name: Annotated[str, typer.Argument(help="The account's username (any case)")],
    db: Annotated[
        str | None,
        typer.Option(help="Database URL: postgresql://user@host:5432/name, sqlite:///path, or a file path"),
    ] = None,
) -> None:
    """Make an account a chat moderator, or no longer one."""
    from rummykit.cli.errors import user_errors
    from rummykit.cli.services import open_database
    from rummykit.errors import RummykitError
    from rummykit.server.chat import ChatStore
    from rummykit.server.protocol import ProtocolError

    with user_errors():
        database = open_database(db)
        try:
            database.migrate()
            username = ChatStore(database).set_moderator(name, change is Change.grant)
        except ProtocolError:
            # a refusal as every command's: one line and exit code 2 (it was exit code 1)
            raise RummykitError(f"there is no account {name}") from None
        finally:
            database.close()
    typer.echo(f"{username} is {'now' if change is Change.grant else 'no longer'} a moderator")
