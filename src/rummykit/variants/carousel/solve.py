"""``rummykit solve carousel --table … --hand …``: the exact table solver on one position."""

from __future__ import annotations

import json

import typer

from rummykit.core.melds import Meld, MeldKind
from rummykit.core.notation import format_declared, format_face, parse_declared, parse_faces
from rummykit.core.pieces import JOKER, Kind
from rummykit.errors import RummykitError
from rummykit.solvers.rearrange import TableSolver, validate_table_meld
from rummykit.variants.carousel.rules import CAROUSEL_VALUES, CarouselRules


def _meld_json(meld: Meld) -> dict[str, object]:
    cards = [
        format_declared(Kind.CARDS, f, s if f == JOKER else None)
        for f, s in zip(meld.faces, meld.stands_for, strict=True)
    ]
    return {"kind": "group" if meld.kind is MeldKind.SET else "sequence", "cards": cards}


def _points(count: int) -> str:
    return f"{count} point" if count == 1 else f"{count} points"


def solve_table(rules: CarouselRules, decks: int, table_text: str, hand_text: str, as_json: bool) -> None:
    """Print the best new table for the position (readable, or one JSON object).

    JSON fields: ``table`` (each meld's ``kind`` and ``cards``, jokers as ``JK[5H]``), ``played``
    and ``left`` (cards), ``points_left``, ``can_knock`` (points left within ``knock_max`` after a
    meld), ``goes_out``. Raises :class:`RummykitError` for a position that can't exist.
    """
    table = [parse_declared(Kind.CARDS, part) for part in table_text.split("|")] if table_text.strip() else []
    hand = parse_faces(Kind.CARDS, hand_text)
    if not hand:
        raise RummykitError('no hand given: write it with --hand, e.g. --hand "4S QS KS"')
    move = TableSolver(decks).solve(table, hand, CAROUSEL_VALUES, rules.joker_replace_from_table)
    new_table = move.table if move.played else tuple(validate_table_meld(m) for m in table)
    melds = [_meld_json(m) for m in new_table]
    played = [format_face(Kind.CARDS, f) for f in move.played]
    data = {
        "variant": "carousel",
        "decks": decks,
        "table": melds,
        "played": played,
        "left": [format_face(Kind.CARDS, f) for f in move.left],
        "points_left": move.points_left,
        "can_knock": bool(move.played) and move.points_left <= rules.knock_max,
        "goes_out": bool(move.played) and not move.left,
    }
    if as_json:
        typer.echo(json.dumps(data))
        return
    if not move.played:
        typer.echo(f"nothing can be played; {_points(move.points_left)} stay in hand")
        return
    typer.echo("new table:  " + " | ".join(" ".join(m["cards"]) for m in melds))  # type: ignore[arg-type]
    typer.echo(f"played:     {' '.join(played)}")
    typer.echo(f"left:       {' '.join(data['left']) or '-'} ({_points(move.points_left)})")  # type: ignore[arg-type]
    if data["goes_out"]:
        typer.echo("goes out")
    elif data["can_knock"]:
        typer.echo(f"can knock ({rules.knock_max} points or less)")
