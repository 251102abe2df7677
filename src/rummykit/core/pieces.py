"""Faces, physical pieces and piece sets (Okey tiles, card decks).

A *face* is what is printed on a piece: an ``int`` 0..51 for a suited piece (``suit * 13 + rank - 1``,
rank 1..13, the ace/1 being rank 1) or :data:`JOKER` (52) for a printed joker or an Okey false joker.
A *piece* is one physical tile or card: an ``int`` id 0..N-1 in its :class:`PieceSet`; the two copies
of ``R7`` are two pieces with one face. Solvers work on faces; games track pieces.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rummykit.errors import RummykitError

N_SUITS = 4
N_RANKS = 13
N_FACES = N_SUITS * N_RANKS
JOKER = N_FACES
"""The face of a printed joker (cards, ``JK``) or of an Okey false joker (tiles, ``F``)."""


class Kind(StrEnum):
    """The two kinds of equipment: Okey tiles or playing cards."""

    TILES = "tiles"
    CARDS = "cards"


def make_face(suit: int, rank: int) -> int:
    """The face of ``rank`` (1..13, ace/1 = 1) in ``suit`` (0..3)."""
    return suit * N_RANKS + rank - 1


def suit_of(face: int) -> int:
    """The suit or colour index 0..3 of a suited face."""
    return face // N_RANKS


def rank_of(face: int) -> int:
    """The rank 1..13 of a suited face (ace/1 is 1)."""
    return face % N_RANKS + 1


@dataclass(frozen=True)
class PieceSet:
    """The pieces of one game: ``copies`` of each of the 52 suited faces plus ``jokers`` jokers.

    Piece ids: ``copy * 52 + face`` for suited pieces, then ``copies * 52 + j`` for joker ``j``.
    Okey tiles are ``PieceSet(Kind.TILES, 2, 2)`` (106); card sets are one or two decks with zero to
    two jokers (52, 53, 54, 104, 105 or 106 cards).
    """

    kind: Kind
    copies: int
    jokers: int

    def __post_init__(self) -> None:
        if not 1 <= self.copies <= 2:
            raise RummykitError(f"a piece set holds one or two copies of each face, not {self.copies}")
        if not 0 <= self.jokers <= 2:
            raise RummykitError(f"a piece set holds zero to two jokers, not {self.jokers}")

    @property
    def size(self) -> int:
        """Number of physical pieces."""
        return self.copies * N_FACES + self.jokers

    def face(self, piece: int) -> int:
        """The face of piece id ``piece``; raises ``IndexError`` for an id outside the set."""
        if not 0 <= piece < self.size:
            raise IndexError(f"piece id {piece} is not in a set of {self.size}")
        return JOKER if piece >= self.copies * N_FACES else piece % N_FACES

    def copies_of(self, face: int) -> int:
        """How many pieces of ``face`` the set holds."""
        return self.jokers if face == JOKER else self.copies

    def piece(self, face: int, copy: int) -> int:
        """The id of copy ``copy`` (0-based) of ``face``."""
        if not 0 <= copy < self.copies_of(face):
            raise IndexError(f"the set holds {self.copies_of(face)} of face {face}")
        return self.copies * N_FACES + copy if face == JOKER else copy * N_FACES + face


OKEY_TILES = PieceSet(Kind.TILES, 2, 2)
"""The 106 Okey tiles: 1-13 in red, yellow, blue, black, two copies each, and two false jokers."""


def card_set(decks: int, jokers: int) -> PieceSet:
    """``decks`` 52-card decks (1 or 2) plus ``jokers`` printed jokers (0..2)."""
    return PieceSet(Kind.CARDS, decks, jokers)
