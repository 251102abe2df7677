"""``rummykit tournament``: bots against each other on duplicate deals, a progress bar and a table
of win shares, mean scores and ratings with 95% intervals (or one JSON object).

The work is done by :mod:`rummykit.bots.tournament`; this module reads the options and prints.
Ctrl-C stops the tournament at once, worker processes (or Ray tasks) included: one line on
standard error, exit 130.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from rummykit.bots import tournament as tour
from rummykit.cli.batch import check_counts, overrides, progress
from rummykit.cli.errors import user_errors
from rummykit.errors import RummykitError
from rummykit.variants.registry import game_names
from rummykit.workers import RayCluster


def _share(data: dict[str, float]) -> str:
    return _interval(100 * data["share"], 100 * data["low"], 100 * data["high"])


def _interval(value: float, low: float, high: float) -> str:
    """A value over its 95% interval (two lines of a table cell)."""
    return f"{value:.1f}\n[dim]{low:.1f}–{high:.1f}[/dim]"


def standings_table(data: dict[str, object], seatings: int, seconds: float, where: str) -> Table:
    """The readable standings (``data``: :meth:`Standings.to_json`; ``seatings`` per deal; ``where``
    they were played: ``2 workers``, ``Ray``)."""
    seats = data["seats"]
    assert isinstance(seats, int)
    table = Table(
        title=(
            f"{data['variant']}: {data['deals']} deals x {seatings} seatings "
            f"= {data['matches']} matches, {data['rounds']} rounds, seed {data['seed']}"
        ),
        caption=(
            f"95% intervals (win shares: Wilson; ratings: OpenSkill Plackett-Luce mu ± 1.96 sigma); "
            f"even share {100 / seats:.1f}%; {data['void_rounds']} rounds without a winner; "
            f"{seconds:.1f} s on {where}"
        ),
    )
    for name in ("bot", "round wins %", "match wins %", "mean score", "rating", "ms/move"):
        table.add_column(name, justify="left" if name == "bot" else "right", no_wrap=True)
    entrants = data["entrants"]
    assert isinstance(entrants, list)
    for e in entrants:
        score = e["mean_score"]
        rating = e["rating"]
        table.add_row(
            e["label"],
            _share(e["round_wins"]),
            _share(e["match_wins"]),
            _interval(score["mean"], score["low"], score["high"]),
            _interval(rating["mu"], rating["low"], rating["high"]),
            f"{e['ms_per_decision']:.1f}",
        )
    return table


def tournament(
    game: Annotated[str, typer.Argument(help=game_names())],
    bots: Annotated[
        str,
        typer.Option(
            help="The entrants, comma-separated, at least one per seat (repeat a name to seat it twice)"
        ),
    ],
    games: Annotated[
        int, typer.Option(help="Deals; each is played in every seating (the seats rotated)")
    ] = 10,
    seed: Annotated[
        int, typer.Option(help="The tournament seed; every deal's and bot's seed derives from it")
    ] = 0,
    rounds: Annotated[
        int | None, typer.Option(help="Play matches of exactly N rounds (sets the rules options for it)")
    ] = None,
    rule: Annotated[list[str] | None, typer.Option(help="Override a rules option: name=value")] = None,
    preset: Annotated[Path | None, typer.Option(help="A TOML preset file of rules options")] = None,
    workers: Annotated[int, typer.Option(help="Processes to play the matches in (1: this process)")] = 1,
    ray: Annotated[
        bool,
        typer.Option(
            "--ray",
            help=(
                "Play on Ray (pip install 'rummykit\\[ray]'), one task per match, on a new instance on "
                "this machine that listens on 127.0.0.1 only: the same standings as local processes"
            ),
        ),
    ] = False,
    ray_address: Annotated[
        str | None,
        typer.Option(help="Play on the Ray cluster at this address instead (auto, ray://head:10001)"),
    ] = None,
    records: Annotated[
        Path | None, typer.Option(help="Write each match's record to DIR/deal-00001-seats-0-1-2-3.jsonl, ...")
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object (no table, no progress)")
    ] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar")] = False,
) -> None:
    """Bots against each other on the same deals with the seats rotated: win shares, mean scores
    and OpenSkill ratings with 95% intervals."""
    with user_errors():
        check_counts(games, workers)
        cluster = RayCluster(ray_address) if ray_address is not None else RayCluster() if ray else None
        if cluster is not None and workers != 1:
            raise RummykitError("--workers is for local processes: with --ray, the cluster's CPUs play")
        where = f"{workers} worker{'s' if workers != 1 else ''}" if cluster is None else "Ray"
        config = tour.make_tournament(game, bots, seed, preset, overrides(game, rule, rounds), records)
        seatings = len(config.lineups())
        stopped = "the tournament was stopped (no standings)"
        with progress("playing", "matches", games * seatings, not (as_json or quiet), stopped) as advance:
            start = time.perf_counter()
            results = tour.run(config, games, workers, advance, cluster)
            seconds = time.perf_counter() - start
        data = tour.standings(config, games, results).to_json()
        if as_json:
            typer.echo(
                json.dumps(
                    {
                        **data,
                        "timing": {
                            "wall_seconds": round(seconds, 3),
                            "workers": workers,
                            "ray": None if cluster is None else cluster.address or "local",
                        },
                    }
                )
            )
            return
        Console().print(standings_table(data, seatings, seconds, where))
