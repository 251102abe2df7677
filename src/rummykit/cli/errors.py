"""How the command line reports a user's mistake: one line on standard error and exit code 2."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import typer

from rummykit.errors import RummykitError

USER_ERROR = 2


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn a :class:`RummykitError` into ``error: <message>`` and exit code 2."""
    try:
        yield
    except RummykitError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(USER_ERROR) from None
