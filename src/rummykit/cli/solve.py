"""``rummykit solve``: the exact hand solver on one hand or a batch of hands (the Typer command; the
work is in :mod:`rummykit.cli.hand_solve`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from rummykit.cli.errors import user_errors
from rummykit.cli.hand_solve import position_hand, run_solve
from rummykit.errors import RummykitError
from rummykit.variants.registry import game_names, variant


def solve(
    game: Annotated[str, typer.Argument(help=game_names())],
    pieces: Annotated[list[str] | None, typer.Argument(help="The hand, e.g. R1 R2 R3 or 7H 8H 9H")] = None,
    indicator: Annotated[
        str | None, typer.Option(help="Okey: the indicator tile; its colour one higher is the okey (wild)")
    ] = None,
    up_card: Annotated[
        str | None, typer.Option("--up-card", help="Turkish Rummy: the up card (with up_card_sets_wild)")
    ] = None,
    decks: Annotated[
        int | None,
        typer.Option(help="Card games: 1 or 2 decks (default: as the rules deal; Carousel: 1 for 2 players)"),
    ] = None,
    rule: Annotated[list[str] | None, typer.Option(help="Override a rules option: name=value")] = None,
    preset: Annotated[Path | None, typer.Option(help="A TOML preset file of rules options")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object")] = False,
    batch: Annotated[
        str | None, typer.Option(help="Solve one hand per line of FILE ('-' for stdin); JSON lines out")
    ] = None,
    table: Annotated[
        str | None, typer.Option(help="Carousel: the table, melds split by |, jokers as JK[5H]")
    ] = None,
    hand: Annotated[str | None, typer.Option(help="Carousel: the hand to play onto --table")] = None,
    position: Annotated[
        str | None,
        typer.Option(
            help="Solve a hand of this position text (the game's one-line notation), with its wilds"
        ),
    ] = None,
    seat: Annotated[
        int | None,
        typer.Option(help="With --position: the seat whose hand to solve (default: the seat to move)"),
    ] = None,
) -> None:
    """Solve a hand exactly (melds, ungrouped, winning, finishes, values), or a Carousel table."""
    with user_errors():
        if position is not None:
            if pieces or any(x is not None for x in (indicator, up_card, batch, table, hand)):
                raise RummykitError("--position gives the hand and its wilds: give no pieces or other hand")
            info = variant(game)
            own = info.part("position_solve")
            if own is not None:  # the game's own questions (101 Okey: lay-offs, işlek tiles)
                print(own(info.load_rules(preset, rule or []), position, seat, as_json))
                return
            pieces, indicator, up_card = position_hand(game, position, seat, rule, preset)
        elif seat is not None:
            raise RummykitError("--seat names a seat of --position")
        run_solve(game, pieces, indicator, up_card, decks, rule, preset, as_json, batch, table, hand)
