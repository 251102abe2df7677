"""The plain data of a Carousel match (``carousel.md``): hands, the stock, the table's melds, this
turn's draws and draft, the scores and the rounds played. The rules that change it are
:class:`rummykit.variants.carousel.game.CarouselGame`'s."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from rummykit.engine.game import RoundResult
from rummykit.engine.state import State
from rummykit.engine.table import TableMeld
from rummykit.variants.carousel.draft import DraftTable


class CPhase(StrEnum):
    """Whether the match goes on."""

    TURN = "turn"
    OVER = "over"


@dataclass(eq=True)
class CarouselState(State):
    """A Carousel match in progress.

    ``hands``: card ids per seat. ``stock``: card ids, the next card drawn last. ``table``: the
    melds as they are. ``melded``: seats that melded this round. ``last_queue``: ``None`` until the
    stock runs out, then the seats still to take their last turn, in order. ``turn``: the seat to
    move; ``draws`` and ``melded_turn``: what it did this turn. ``scores`` (points, bonuses added
    at the end), ``rounds_won`` and ``results`` (one per finished round). ``draft``: the draft of
    this turn (``None``: no edit yet, the draft is the table as it is), ``draft_history`` (the
    drafts before each edit, for ``undo``) and ``draft_edits`` (edits made since the mover's
    last draw, undo and reset included). ``before_bonuses``: ``None`` until the match's end,
    then the scores after the last round, before the match's bonuses were added to ``scores``.
    """

    seed: int
    round_no: int
    dealer: int
    phase: CPhase
    hands: list[list[int]]
    stock: list[int]
    table: list[TableMeld]
    melded: set[int]
    last_queue: list[int] | None
    turn: int
    draws: int
    melded_turn: bool
    scores: list[int]
    rounds_won: list[int]
    results: list[RoundResult]
    draft: DraftTable | None = None
    draft_history: list[DraftTable] = field(default_factory=list)
    draft_edits: int = 0
    before_bonuses: list[int] | None = None

    @property
    def last_turns(self) -> bool:
        """Whether the stock ran out and these are the last turns (no draw)."""
        return self.last_queue is not None
