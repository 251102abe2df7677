"""The ``rummykit`` command."""

from __future__ import annotations

import typer

from rummykit.cli.connect import connect
from rummykit.cli.play import play
from rummykit.cli.replay import replay
from rummykit.cli.serve import serve
from rummykit.cli.simulate import simulate
from rummykit.cli.solve import solve

app = typer.Typer(
    name="rummykit",
    help="Okey, Turkish Rummy, Kalooki and Carousel: exact solvers, bots, play, simulation.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.command()(solve)
app.command()(play)
app.command()(simulate)
app.command()(replay)
app.command()(serve)
app.command()(connect)


@app.callback()
def root() -> None:
    """Okey, Turkish Rummy, Kalooki and Carousel: exact solvers, bots, play, simulation."""


def main() -> None:
    """Entry point of the ``rummykit`` console script."""
    app()
