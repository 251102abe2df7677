"""What the commands that play many bot matches share (``rummykit simulate`` and ``rummykit
tournament``): the checks of their counts, the rules overrides of ``--rule`` and ``--rounds``,
and a progress bar on standard error that Ctrl-C stops with one line and exit code 130."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from rummykit.cli.errors import INTERRUPTED
from rummykit.errors import RummykitError
from rummykit.variants.registry import variant


def check_counts(games: int, workers: int) -> None:
    """Raise :class:`RummykitError` unless ``games`` and ``workers`` are at least 1."""
    if games < 1:
        raise RummykitError(f"--games must be at least 1, not {games}")
    if workers < 1:
        raise RummykitError(f"--workers must be at least 1, not {workers}")


def overrides(game: str, rule: list[str] | None, rounds: int | None) -> list[str]:
    """The rules overrides ``name=value`` of ``--rule``, then those that make a match of exactly
    ``rounds`` rounds of ``game`` (the game's own ``rounds_overrides``); :class:`RummykitError`
    for an unknown game."""
    chosen = list(rule or [])
    if rounds is not None:
        chosen += variant(game).rounds_overrides(rounds)
    return chosen


@contextmanager
def progress(doing: str, unit: str, total: int, shown: bool, stopped: str) -> Iterator[Callable[[int], None]]:
    """A progress bar of ``total`` ``unit`` (``"games"``) on standard error, labelled ``doing``
    (``"simulating"``); it is drawn only when ``shown`` and standard error is a terminal. Yields
    the function that advances it by ``n``. Ctrl-C inside stops the bar, prints ``interrupted:
    <stopped>`` on standard error and exits with :data:`INTERRUPTED`."""
    with Progress(
        TextColumn(doing),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        disable=not (shown and sys.stderr.isatty()),
        transient=True,
    ) as bar:
        task = bar.add_task(unit, total=total)
        try:
            yield lambda n: bar.advance(task, n)
        except KeyboardInterrupt:
            bar.stop()
            typer.echo(f"interrupted: {stopped}", err=True)
            raise typer.Exit(INTERRUPTED) from None
