"""The plain data of a Kalooki match (``kalooki.md``): hands, the table's melds, the discard pile
and the stock, who has opened, this turn's pending melds and released jokers, the scores and the
rounds played. The rules that change it are :class:`rummykit.variants.kalooki.game.KalookiGame`'s."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rummykit.engine.game import RoundResult
from rummykit.engine.state import State
from rummykit.engine.table import TableMeld


class KPhase(StrEnum):
    """Where the seat to move is in its turn."""

    DRAW = "draw"
    PLAY = "play"
    """After drawing: meld, lay off, release jokers, then discard."""
    OVER = "over"


@dataclass(eq=True)
class KalookiState(State):
    """A Kalooki match in plain data (card ids 0..105; faces through ``DECKS.face``).

    ``hands`` per seat (empty for a seat out of the match); ``known`` per seat: the cards of its
    hand every seat knows are there; ``pile`` and ``stock`` bottom first; ``table`` the melds in
    number order; ``opened`` the seats that have opened this round; ``pending`` the numbers of the
    melds laid this turn that don't open yet; ``released`` the jokers released this turn;
    ``laid_off`` whether the mover laid off or released this turn; ``open_at_start`` whether the
    mover had opened when the turn began (else going out is Okey yapmak); ``retracted`` whether the
    mover took melds back this turn (``retract``: from then on a meld goes down only while the turn
    can still end after it).
    """

    seed: int
    round_no: int
    dealer: int
    active: list[int]
    scores: list[int]
    results: list[RoundResult]
    hands: list[list[int]]
    known: list[list[int]]
    pile: list[int]
    stock: list[int]
    table: list[TableMeld]
    next_number: int
    opened: set[int]
    pending: list[int]
    released: list[int]
    laid_off: bool
    open_at_start: bool
    retracted: bool
    phase: KPhase
    turn: int
    reshuffles: int
