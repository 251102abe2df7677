"""The plain data of a closed-hand match (Okey, Turkish Rummy): where every piece is, whose turn
it is and where in its turn, the scores and the rounds played. The rules that change it are
:class:`rummykit.variants.closed_hand.game.ClosedHandGame`'s."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rummykit.core.melds import Wilds
from rummykit.engine.game import RoundResult
from rummykit.engine.state import State


class Phase(StrEnum):
    """Where the seat to move is in its turn."""

    OPENING = "opening"
    """Okey's starter, first turn: 15 pieces, discard (or finish) without drawing."""
    DRAW = "draw"
    DISCARD = "discard"
    LAST_CHANCE = "last_chance"
    """The stock is empty: take the discard to finish with it, or pass (the round ends)."""
    FINISH_ONLY = "finish_only"
    OVER = "over"


@dataclass(eq=True)
class ClosedHandState(State):
    """A closed-hand match (piece ids throughout; faces via the game's piece set).

    ``racks``: each seat's pieces. ``discards``: the discard piles, bottom first (Okey: one per
    seat; Turkish Rummy: one shared). ``stock``: the last id is drawn next. ``order``: this round's
    order of play; ``turn``: the seat to move; ``phase``: where it is in its turn. ``taken``: the
    piece it took from a discard pile this turn. ``discarded``: seats that have discarded this round
    (the others are on their first turn). ``known``: per seat, pieces everyone saw it take from a
    discard pile (or show) and still in its rack. ``wilds``: what is wild this round. ``scores``:
    running match scores; ``results``: every finished round. ``dealer``: ``None`` where the game
    has none.
    """

    seed: int
    round_no: int
    dealer: int | None
    scores: list[int]
    results: list[RoundResult]
    racks: list[list[int]]
    discards: list[list[int]]
    stock: list[int]
    order: list[int]
    turn: int
    phase: Phase
    taken: int | None
    discarded: set[int]
    known: list[list[int]]
    wilds: Wilds
