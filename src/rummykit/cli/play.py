"""``rummykit play``: play in the terminal, seat 0 against bots.

The client is the game's own (its package's ``terminal``, :func:`rummykit.cli.terminal.terminal_client`),
fed by a :class:`~rummykit.cli.seat_link.LocalLink` that runs the bots' seats in this process.
"""

from __future__ import annotations

import io
import sys
import time
from pathlib import Path
from typing import Annotated, TextIO

import typer

from rummykit.bots.registry import make_bot, parse_bot_list
from rummykit.cli.errors import user_errors
from rummykit.cli.seat_link import LocalLink
from rummykit.cli.table_view import DIM
from rummykit.cli.terminal import (
    HUMAN,
    QuitError,
    default_bot,
    enable_line_editing,
    make_console,
    open_record,
    terminal_client,
    use_colour,
)
from rummykit.engine.match import Bot
from rummykit.engine.options import parse_overrides
from rummykit.engine.records import RecordWriter
from rummykit.errors import RummykitError
from rummykit.messages import seat_name, seat_number
from rummykit.variants.registry import game_names, variant


def play(
    game: Annotated[str, typer.Argument(help=f"The game to play: {game_names()}")],
    bots: Annotated[
        str | None,
        typer.Option(help="Bots for the other seats, e.g. greedy,random,greedy (one name: every seat)"),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the deal (default: from the clock)")] = None,
    rule: Annotated[list[str] | None, typer.Option(help="Override a rules option: name=value")] = None,
    preset: Annotated[Path | None, typer.Option(help="A TOML preset file of rules options")] = None,
    players: Annotated[
        int | None, typer.Option(help="Number of players: 2-4 (Kalooki 2-6, Carousel 2-5); rule players=N")
    ] = None,
    record: Annotated[Path | None, typer.Option(help="Write the game record (JSON Lines) to FILE")] = None,
    color: Annotated[
        bool | None, typer.Option("--color/--no-color", help="Colour the pieces (default: on a terminal)")
    ] = None,
    position: Annotated[
        str | None,
        typer.Option(help="Start from this position text (the game's one-line notation) instead of a deal"),
    ] = None,
) -> None:
    """Play a match in the terminal against bots (you are seat 1); type help for the commands."""
    with user_errors():
        if position is not None and (seed is not None or record is not None):
            raise RummykitError(
                "--position starts from a position, not from a deal: give it without --seed and --record"
            )
        info = variant(game)
        overrides = list(rule or [])
        if players is not None:
            given = parse_overrides(overrides).get("players")
            if given is not None and given.strip() != str(players):
                raise RummykitError(
                    f"--players {players} and --rule players={given.strip()[:20]} disagree: give one of them"
                )
            overrides.append(f"players={players}")
        rules = info.load_rules(preset, overrides)
        match = info.game(rules)
        match = match.revealing_hands()
        if position is not None:
            state = match.from_position(position)
            seed = state.seed
        else:
            if seed is None:
                seed = time.time_ns() // 1000 % 1_000_000
            state = match.new_state(seed)
        names = parse_bot_list(bots or default_bot(match), rules.players - 1)
        seats: list[Bot | None] = [None]
        seats += [make_bot(n, match, seed * 10 + s) for s, n in enumerate(names, start=1)]
        seat_names = ["you", *(f"{n}-{seat_number(s)}" for s, n in enumerate(names, start=1))]
        console = make_console(use_colour(color, sys.stdout), sys.stdout.isatty())
        interactive = sys.stdin.isatty()
        keep_bytes(sys.stdin)
        link = LocalLink(match, state, seats, seat_names, HUMAN)
        client = terminal_client(link, console, input, interactive)
        stream = open_record(record)
    sep = client.view.glyphs.sep
    start = "from the given position" if position is not None else f"replay this deal with --seed {seed}"
    console.print(f"{info.title}, {rules.players} players{sep}seed {seed} ({start})")
    console.print(f"you are {seat_name(HUMAN)}; type help for the commands", style=DIM)
    if interactive:
        enable_line_editing()
    try:
        if stream is not None:
            link.writer = RecordWriter(stream, match, state, seat_names)
        code = client.run()
    finally:
        if stream is not None:
            stream.close()
    if record is not None:
        console.print(f"record written to {record}", style=DIM)
    raise typer.Exit(code)


def keep_bytes(stream: TextIO) -> None:
    """Read bytes that are not UTF-8 without failing (as lone surrogates, which messages show as
    ``\\xff``), where ``stream`` can be reconfigured."""
    if isinstance(stream, io.TextIOWrapper):
        stream.reconfigure(errors="surrogateescape")


__all__ = ["HUMAN", "QuitError", "play"]
