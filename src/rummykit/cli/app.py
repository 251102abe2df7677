"""The ``rummykit`` command.

Each subcommand lives in its own module, imported only when that subcommand runs: ``rummykit solve``
never loads the play screens, the server, HiGHS or numpy. ``app`` (every subcommand, for ``--help``
and the tests) is built on first use.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import typer

HELP = "Okey, Turkish Rummy, Kalooki, Carousel and 101 Okey: exact solvers, bots, play, simulation."

COMMANDS: dict[str, str] = {
    "solve": "rummykit.cli.solve",
    "play": "rummykit.cli.play",
    "simulate": "rummykit.cli.simulate",
    "tournament": "rummykit.cli.tournament",
    "replay": "rummykit.cli.replay",
    "serve": "rummykit.cli.serve",
    "connect": "rummykit.cli.connect",
    "moderator": "rummykit.cli.moderator",
    "rules": "rummykit.cli.rules",
    "games": "rummykit.cli.games",
}
"""Subcommand -> the module defining a function of that name, in ``--help`` order."""


def root() -> None:
    """Okey, Turkish Rummy, Kalooki, Carousel and 101 Okey: exact solvers, bots, play, simulation."""


def build_app(names: Sequence[str] = tuple(COMMANDS)) -> typer.Typer:
    """The command with the subcommands ``names`` (each module imported here)."""
    import typer

    built = typer.Typer(
        name="rummykit", help=HELP, no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False
    )
    for name in names:
        command: Callable[..., Any] = getattr(importlib.import_module(COMMANDS[name]), name)
        built.command()(command)
    built.callback()(root)
    return built


def __getattr__(name: str) -> typer.Typer:
    """``app``: the command with every subcommand (built once, when first asked for)."""
    if name != "app":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    full = build_app()
    globals()["app"] = full
    return full


BROKEN_PIPE_EXIT = 141
"""The exit code when standard output's reader went away (128 + SIGPIPE, as a shell reports a
command a closed pipe stopped)."""


def main() -> None:
    """Entry point of the ``rummykit`` console script: only the subcommand named is imported (all
    of them for ``--help``, no subcommand or an unknown one, so the usual message lists them);
    ``solve`` with plain arguments runs without Typer (:func:`rummykit.cli.hand_solve.quick_solve`).
    When the reader of standard output goes away (``rummykit solve ... | head -1``) it stops
    quietly with :data:`BROKEN_PIPE_EXIT`."""
    try:
        _run()
    except BrokenPipeError:
        # what is still buffered can't be written either: point standard output at nothing, so
        # that the interpreter's last flush doesn't fail again
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
        sys.exit(BROKEN_PIPE_EXIT)


def _run() -> None:
    """:func:`main` without its handling of a closed standard output."""
    words = [arg for arg in sys.argv[1:] if not arg.startswith("-")]
    if sys.argv[1:2] == ["solve"]:
        from rummykit.cli.hand_solve import quick_solve

        code = quick_solve(sys.argv[2:])
        if code is not None:
            sys.exit(code)
    if words and words[0] in COMMANDS and sys.argv[1] == words[0]:
        build_app([words[0]])()
        return
    build_app()()
