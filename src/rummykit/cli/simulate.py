"""``rummykit simulate``: many bot matches, a progress bar, and a summary table or JSON object.

The work is done by :mod:`rummykit.simulation`; this module reads the options and prints. Ctrl-C
stops the simulation at once, worker processes included: one line on standard error, exit 130.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from rummykit import simulation as sim
from rummykit.cli.batch import check_counts, overrides, progress
from rummykit.cli.errors import user_errors
from rummykit.messages import seat_number
from rummykit.variants.registry import game_names


def _number(value: Fraction | float, places: int = 2) -> str:
    """A number for the table: whole numbers without decimals, others to ``places`` places."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.{places}f}"


def summary_tables(summary: sim.Summary, timing: sim.Timing) -> list[Table]:
    """The readable summary: one table of seats, one of rounds and timing."""
    bots = ",".join(s.bot for s in summary.seats)
    seats = Table(
        title=f"{summary.variant}: {summary.games} games, seed {summary.seed}, bots {bots}",
        caption="match wins: a tie between k players counts 1/k to each",
    )
    for name in ("seat", "bot", "match wins", "sole wins", "mean score", "round wins"):
        seats.add_column(name, justify="left" if name == "bot" else "right")
    for s in summary.seats:
        seats.add_row(
            str(seat_number(s.seat)),
            s.bot,
            _number(s.wins),
            str(s.sole_wins),
            _number(s.mean_score),
            str(s.round_wins),
        )
    rounds = Table(show_header=False, title="rounds")
    rounds.add_column("what")
    rounds.add_column("value", justify="right")
    rounds.add_row("rounds played", str(summary.rounds))
    for kind, count in summary.finishes.items():
        rounds.add_row(f"{kind} finishes", str(count))
    rounds.add_row("rounds with no winner", str(summary.void_rounds))
    rounds.add_row("mean rounds per game", _number(summary.mean_rounds_per_game))
    rounds.add_row("mean turns per round", _number(summary.mean_turns_per_round))
    plural = "" if timing.workers == 1 else "s"
    rounds.add_row("wall time", f"{timing.seconds:.2f} s ({timing.workers} worker{plural})")
    rounds.add_row("games per second", f"{timing.games_per_second:.2f}")
    return [seats, rounds]


def simulate(
    game: Annotated[str, typer.Argument(help=game_names())],
    games: Annotated[int, typer.Option(help="How many matches to play")] = 100,
    bots: Annotated[
        str,
        typer.Option(
            help="One bot per seat, comma-separated (easy, medium, hard, expert, random, greedy, search,"
            " search:12, a plugin's name); one name fills all seats"
        ),
    ] = "greedy",
    seed: Annotated[int, typer.Option(help="The simulation seed; each game's seeds derive from it")] = 0,
    rounds: Annotated[
        int | None, typer.Option(help="Play matches of exactly N rounds (sets the rules options for it)")
    ] = None,
    rule: Annotated[list[str] | None, typer.Option(help="Override a rules option: name=value")] = None,
    preset: Annotated[Path | None, typer.Option(help="A TOML preset file of rules options")] = None,
    workers: Annotated[int, typer.Option(help="Processes to play the games in (1: this process)")] = 1,
    records: Annotated[
        Path | None, typer.Option(help="Write each game's record to DIR/game-00001.jsonl, ...")
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object (no table, no progress)")
    ] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar")] = False,
) -> None:
    """Play many matches between bots and summarise wins, scores, finish kinds and speed."""
    with user_errors():
        check_counts(games, workers)
        config = sim.make_config(game, bots, seed, preset, overrides(game, rule, rounds), records)
        stopped = "the simulation was stopped (no summary)"
        with progress("simulating", "games", games, not (as_json or quiet), stopped) as advance:
            summary, timing = sim.run_simulation(config, games, workers, advance)
        if as_json:
            typer.echo(json.dumps({**summary.to_json(), "timing": timing.to_json()}))
            return
        console = Console()
        for table in summary_tables(summary, timing):
            console.print(table)
