"""How the command line reports a user's mistake: one line on standard error and exit code 2."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

from rummykit.errors import RummykitError

USER_ERROR = 2
"""Exit code after a user's mistake."""
INTERRUPTED = 130
"""Exit code after Ctrl-C (128 + SIGINT), as shells report it."""

SURROGATE = re.compile("[\udc80-\udcff]")
SURROGATE_ESCAPE = re.compile(r"\\udc([89a-f][0-9a-f])")


def shown(text: str) -> str:
    """``text`` as a person may read it: bytes that were not UTF-8 (read as lone surrogates, or
    written ``\\udcff`` by a ``repr``) shown as ``\\xff``."""
    text = SURROGATE_ESCAPE.sub(lambda m: "\\x" + m.group(1), text)
    return SURROGATE.sub(lambda m: f"\\x{ord(m.group()) - 0xDC00:02x}", text)


def error_line(exc: RummykitError) -> str:
    """The one line a user's mistake prints: ``error: <message>``, bytes of the user's input that
    were not UTF-8 shown as ``\\xff``."""
    return f"error: {shown(str(exc))}"


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn a :class:`RummykitError` into ``error: <message>`` and exit code 2."""
    import typer  # only where the Typer command runs (rummykit solve may run without it)

    try:
        yield
    except RummykitError as exc:
        typer.echo(error_line(exc), err=True)
        raise typer.Exit(USER_ERROR) from None
