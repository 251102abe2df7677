"""The 101 Okey match as plain data (``okey-101.md``): tile ids per place, the table's melds, who
has opened and how, the turn's bookkeeping and the fines of the round.

Tile ids are :data:`rummykit.core.pieces.OKEY_TILES`'s (0..105; faces through ``OKEY_TILES.face``).
Every tile is in exactly one place: the stock, a hand, a discard pile, a table meld, or the
indicator. The :class:`~rummykit.variants.okey_101.game.Okey101Game` reads and changes a state; the
state holds no rules, solver or cache.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rummykit.engine.game import RoundResult
from rummykit.engine.state import State
from rummykit.engine.table import TableMeld


class Phase(StrEnum):
    """Where the seat to move is in its turn (``okey-101.md`` "A turn")."""

    DRAW = "draw"
    """Take the top of the stock or the previous player's discard."""
    PLAY = "play"
    """Table play (opening, melds, pairs, lay-offs, okey swaps), then the discard."""
    OVER = "over"


class Opened(StrEnum):
    """How a seat has opened this round (``okey-101.md`` "Opening"): not yet, with sets and runs
    worth ``open_min``, or with ``pairs_open_min`` pairs."""

    NONE = "none"
    MELDS = "melds"
    PAIRS = "pairs"


class FineKind(StrEnum):
    """What a fine is for (``okey-101.md`` "Penalties during play")."""

    PLAYABLE = "playable"
    """A discard that could be laid off on a table set or run (işlek taş)."""
    OKEY = "okey"
    """An okey discarded without finishing."""


@dataclass(frozen=True)
class Fine:
    """A penalty incurred during play (``okey-101.md`` "Penalties during play"): the ``seat``, its
    ``kind`` (``playable``: a tile that could be laid off, ``okey``: an okey discarded), the
    discarded tile's ``face`` and the ``points`` added to the seat's score at once."""

    seat: int
    kind: FineKind
    face: int
    points: int


@dataclass(eq=True)
class Okey101State(State):
    """A 101 Okey match (tile ids throughout).

    ``round_no`` counts the deals (a void round is dealt again under the next number);
    ``results`` every round dealt, void ones included (kind ``void``). ``indicator``: the tile set
    aside. ``hands`` per seat; ``known`` per seat, the tiles of its hand every seat knows are there
    (taken from a discard pile, freed from the table, taken back from the table); ``piles`` one
    discard pile per seat and ``stock``, bottom first (the last tile is the top); ``table`` the
    melds in number order (numbers 1, 2, … in order). ``opened`` per seat. This turn: ``pending``,
    the numbers of the melds or pairs laid toward an opening not reached yet; ``open_at_start``,
    whether the mover had opened when the turn began; ``laid_off``, whether it laid off or freed an
    okey; ``layoffs``, how many tiles it laid off; ``retracted``, whether it retracted (took melds
    back, or gave a taken discard back: from then on it lays nothing toward an opening one meld at
    a time and takes nothing back again); ``taken``, the tile it took from the previous player's discard pile;
    ``freed``, the okeys it freed from the table. ``fines``: this round's penalties during play
    (already in ``scores``).
    """

    seed: int
    round_no: int
    dealer: int
    scores: list[int]
    results: list[RoundResult]
    indicator: int
    hands: list[list[int]]
    known: list[list[int]]
    piles: list[list[int]]
    stock: list[int]
    table: list[TableMeld]
    opened: list[Opened]
    turn: int
    phase: Phase
    pending: list[int]
    open_at_start: bool
    laid_off: bool
    layoffs: int
    retracted: bool
    taken: int | None
    freed: list[int]
    fines: list[Fine]
