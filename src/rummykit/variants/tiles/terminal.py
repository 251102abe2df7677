"""What the terminal clients of the tile games (Okey, 101 Okey) draw alike: the indicator line and
the discard piles, one per seat."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from rummykit.cli.table_view import DIM, WILD_MARK, Obs, PieceView, Row, Who
from rummykit.core.melds import Wilds
from rummykit.core.pieces import JOKER


def indicator_line(view: PieceView, indicator: int, okey: int, wilds: Wilds) -> Text:
    """``indicator R5   okey R6 (wild, marked * in your rack)   F = R6 (not wild)`` (faces;
    ``F wild too`` where the false jokers are wild as well)."""
    line = Text("indicator ").append_text(view.piece(indicator))
    line.append("   okey ").append_text(view.piece(okey, wilds))
    line.append(f" (wild, marked {WILD_MARK} in your rack)", style=DIM)
    if wilds.is_wild(JOKER):
        line.append("   ").append_text(view.piece(JOKER)).append(" wild too", style=DIM)
    else:
        line.append("   ").append_text(view.piece(JOKER)).append(" = ")
        line.append_text(view.piece(okey)).append(" (not wild)", style=DIM)
    return line


def pile_rows(
    view: PieceView,
    obs: Obs,
    who: Who,
    wilds: Wilds,
    top_only: bool,
    take_from: int | None,
    note: Sequence[Text],
) -> list[Row]:
    """A heading, then a row per seat: its name, how many tiles it holds (``hand_counts``: ``21
    in hand``, never read as 21 discarded) and its discard pile as the view shows it
    (``discards``, bottom first; only the tops when ``top_only``), with ``note`` after the pile of
    seat ``take_from`` (the discard the viewer may take)."""
    heading = "tiles in hand, then discards" + (" (top only)" if top_only else " (bottom first)")
    rows: list[Row] = [("", [Text(heading, style=DIM)])]
    players = obs["players"]
    width = max(len(who(s)) for s in range(players))
    for seat in range(players):
        words = [view.piece(f, wilds) for f in obs["discards"][seat]] or [Text("-", style=DIM)]
        if seat == take_from:
            words += note
        rows.append((f"  {who(seat):<{width}}  {obs['hand_counts'][seat]:>2} in hand  discards  ", words))
    return rows


__all__ = ["indicator_line", "pile_rows"]
