"""How the command line reports a user's mistake: one line on standard error and exit code 2."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from rummykit.errors import RummykitError

USER_ERROR = 2


def error_line(exc: RummykitError) -> str:
    """The one line a user's mistake prints: ``error: <message>``."""
    return f"error: {exc}"


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn a :class:`RummykitError` into ``error: <message>`` and exit code 2."""
    import typer  # only where the Typer command runs (rummykit solve may run without it)

    try:
        yield
    except RummykitError as exc:
        typer.echo(error_line(exc), err=True)
        raise typer.Exit(USER_ERROR) from None
