"""A short text view of a seat's observation, for ``render_mode`` ``ansi`` and ``human``: the hand,
the discard piles or the table, the stock, the scores and the last round's result, pieces in
notation (:mod:`rummykit.core.notation`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rummykit.core.notation import format_faces
from rummykit.core.pieces import Kind


def text_view(kind: Kind, view: Mapping[str, Any]) -> str:
    """Lines describing ``view`` (a ``game.observe`` dict) with pieces of ``kind``."""

    def pieces(faces: list[int]) -> str:
        return format_faces(kind, faces) or "-"

    seat = view["seat"]
    head = f"{view['variant']} round {view['round']}, phase {view['phase']}, to move: {view['to_move']}"
    lines = [head, f"seat {seat if seat is not None else '(spectator)'} hand: {pieces(sorted(view['hand']))}"]
    if view.get("wilds"):
        lines.append(f"wild: {pieces(view['wilds'])}")
    piles = view.get("discards")
    if piles and isinstance(piles[0], list):
        lines += [f"discards {k}: {pieces(p[-8:])}" for k, p in enumerate(piles)]
    elif piles is not None:
        lines.append(f"discards: {pieces(piles[-8:])}")
    lines += [f"meld {m['number']} (seat {m['owner']}): {pieces(m['faces'])}" for m in view.get("table", ())]
    lines.append(f"hand sizes {view['hand_counts']}, stock {view['stock_count']}, scores {view['scores']}")
    last = view.get("last_result")
    if last is not None:
        winner, kind, deltas = last["winner"], last["kind"], last["deltas"]
        lines.append(f"last round {last['round_no']}: winner {winner}, {kind}, score changes {deltas}")
    return "\n".join(lines)
