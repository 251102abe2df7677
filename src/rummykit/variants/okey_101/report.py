"""What ``rummykit solve okey_101`` says about a hand, and with a position about a seat's hand on its
table: the 101 solver's answers (:mod:`rummykit.variants.okey_101.solver`) as one JSON object and as
text.

JSON fields: ``variant``; ``hand`` (the tiles in notation); ``indicator`` and ``okey`` (null without
an indicator: then nothing is wild and ``F`` is refused); ``opening`` (``melds``, ``value``,
``reaches``: the highest-valued sets and runs keeping a tile, okeys as what they stand for);
``pairs`` (``pairs``, ``count``, ``reaches``); ``hand_finish`` (``melds``, ``value``, ``discard``,
or null); and with a position ``layoffs`` (``[{"meld": N, "tile": "R8"}]``, what the table takes
from the hand now) and ``islek`` (the hand's tiles whose discard would be fined), else null. A meld
is ``{"kind", "tiles"}``, an okey in a run written with what it stands for (``K13[R12]``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from rummykit.core.melds import NO_WILDS, Meld, MeldKind, Wilds
from rummykit.core.notation import format_declared, format_face, parse_face, parse_pieces
from rummykit.core.pieces import JOKER, OKEY_TILES, Kind
from rummykit.engine.table import TableMeld
from rummykit.errors import NotationError, RummykitError
from rummykit.variants.okey_101.rules import Okey101Rules
from rummykit.variants.okey_101.solver import Okey101Solver, islek_discards, layoff_options, okey_of


def _name(face: int) -> str:
    return format_face(Kind.TILES, face)


def meld_json(meld: Meld, wilds: Wilds) -> dict[str, Any]:
    """A meld as ``{"kind", "tiles"}``, a run's okeys with the tile each stands for."""
    run = meld.kind is MeldKind.RUN
    tiles = [
        format_declared(Kind.TILES, f, s if run and wilds.is_wild(f) else None)
        for f, s in zip(meld.faces, meld.stands_for, strict=True)
    ]
    return {"kind": meld.kind.value, "tiles": tiles}


def hand_report(
    rules: Okey101Rules,
    faces: Sequence[int],
    indicator: int | None,
    table: Sequence[TableMeld] | None = None,
) -> dict[str, Any]:
    """The answers for ``faces`` (module docstring) with ``indicator`` (a face, or ``None``: no
    okey), and with ``table`` the lay-offs and ``işlek`` tiles. Raises :class:`RummykitError` for
    a false joker without an indicator, a false joker as indicator, or more tiles than the set
    holds besides the indicator."""
    if indicator is None and JOKER in faces:
        raise RummykitError("F stands for the okey's face: give the indicator (--indicator)")
    if indicator == JOKER:
        raise NotationError("F", "meld.false_joker_indicator")
    if indicator is not None and list(faces).count(indicator) >= OKEY_TILES.copies_of(indicator):
        held = OKEY_TILES.copies_of(indicator) - 1
        raise NotationError(_name(indicator), "notation.marker_out", what="indicator", count=held or "one")
    solver = Okey101Solver(rules)
    okey = None if indicator is None else okey_of(indicator)
    wilds = NO_WILDS if okey is None else solver.book.wilds(okey)
    opening = solver.best_opening(faces, wilds)
    pairs = solver.most_pairs(faces, wilds) if okey is not None else _plain_pairs(solver, faces)
    finish = solver.hand_finish(faces, wilds)
    data: dict[str, Any] = {
        "variant": "okey_101",
        "hand": [_name(f) for f in faces],
        "indicator": None if indicator is None else _name(indicator),
        "okey": None if okey is None else _name(okey),
        "opening": {
            "melds": [meld_json(m, wilds) for m in opening.melds],
            "value": opening.value,
            "reaches": opening.reaches,
        },
        "pairs": {
            "pairs": [meld_json(p, wilds) for p in pairs],
            "count": len(pairs),
            "reaches": 0 < rules.pairs_open_min <= len(pairs),
        },
        "hand_finish": None
        if finish is None
        else {
            "melds": [meld_json(m, wilds) for m in finish.melds],
            "value": finish.value,
            "discard": _name(finish.discard),
        },
        "layoffs": None,
        "islek": None,
    }
    if table is not None and okey is not None:
        book = solver.book
        data["layoffs"] = [
            {"meld": o.number, "tile": format_declared(Kind.TILES, *o.tile)}
            for o in layoff_options(book, table, faces, okey)
        ]
        data["islek"] = [_name(f) for f in islek_discards(book, table, faces, okey)]
    return data


def _plain_pairs(solver: Okey101Solver, faces: Sequence[int]) -> tuple[Meld, ...]:
    """The most pairs without okeys (no indicator given), a tile kept."""
    pairs = list(solver.values.pairs(faces, NO_WILDS).melds)
    if pairs and 2 * len(pairs) > len(faces) - 1:
        pairs.pop()
    return tuple(pairs)


def report_text(data: dict[str, Any]) -> str:
    """The readable form of :func:`hand_report`."""

    def melds(items: list[dict[str, Any]]) -> str:
        return " | ".join(" ".join(m["tiles"]) for m in items) or "-"

    header = f"101 Okey hand: {' '.join(data['hand'])}"
    if data["indicator"] is not None:
        header += f"   (indicator {data['indicator']}, okey {data['okey']})"
    opening, pairs, finish = data["opening"], data["pairs"], data["hand_finish"]
    lines = [
        header,
        f"opening:     {melds(opening['melds'])} = {opening['value']}"
        f" ({'opens' if opening['reaches'] else 'does not open'})",
        f"pairs:       {melds(pairs['pairs'])} = {pairs['count']}"
        f" ({'opens' if pairs['reaches'] else 'does not open'})",
        "hand finish: "
        + (
            "none"
            if finish is None
            else f"{melds(finish['melds'])} = {finish['value']}, discard {finish['discard']}"
        ),
    ]
    if data["layoffs"] is not None:
        layoffs = ", ".join(f"{o['meld']}: {o['tile']}" for o in data["layoffs"])
        lines.append(f"lay-offs:    {layoffs or 'none'}")
        lines.append(f"işlek:       {' '.join(data['islek']) or 'none'}")
    return "\n".join(lines)


def solve_hand(rules: Okey101Rules, tokens: Sequence[str], indicator: str | None, as_json: bool) -> str:
    """What ``rummykit solve okey_101 [--indicator X] TILES`` prints; raises
    :class:`RummykitError` for bad input."""
    if not tokens:
        raise RummykitError("no tiles given: write the hand, e.g. rummykit solve okey_101 R1 R2 R3")
    faces = [OKEY_TILES.face(p) for p in parse_pieces(OKEY_TILES, tokens)]
    shown = None if indicator is None else parse_face(Kind.TILES, indicator)
    data = hand_report(rules, faces, shown)
    return json.dumps(data) if as_json else report_text(data)


def solve_position(rules: Okey101Rules, text: str, seat: int | None, as_json: bool) -> str:
    """What ``rummykit solve okey_101 --position TEXT [--seat N]`` prints: ``seat``'s hand (the
    seat to move by default) on the position's table; raises :class:`RummykitError`."""
    from rummykit.variants.okey_101.game import Okey101Game

    game = Okey101Game(rules)
    state = game.from_position(text)
    if seat is None:
        seat = game.current_seat(state)
        if seat is None:
            raise RummykitError("the match is over in that position: name a seat with --seat")
    elif not 0 <= seat < rules.players:
        raise RummykitError(f"there is no seat {seat}: the seats are 0..{rules.players - 1}")
    view = game.observe(state, seat)
    data = hand_report(rules, view["hand"], view["indicator"], state.table)
    return json.dumps(data) if as_json else report_text(data)
