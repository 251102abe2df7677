"""How close a card is to a meld with the rest of a hand (:func:`links`), for the card games' own
bot policies (Kalooki's and Carousel's, in their packages' ``bots`` modules): 1 for each other suit
of its rank, 1 for each neighbouring rank of its suit and 0.5 for each rank two away."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rummykit.core.melds import CARD_JOKERS, HIGH_ACE
from rummykit.core.pieces import JOKER, rank_of, suit_of


def links(face: int, rest: Sequence[int]) -> float:
    """How close the card ``face`` (not a joker) is to a meld with ``rest`` (faces; jokers are
    ignored): 1 for each other suit of its rank (a set), 1 for each neighbouring rank of its suit
    and 0.5 for each rank two away (a run; the ace neighbours both the two and the king).
    Duplicates of one face count once; an identical card counts nothing."""
    return mask_links(face, face_mask(rest))


def face_mask(faces: Iterable[int]) -> int:
    """The natural faces among ``faces`` as a bit mask (bit ``f`` for face ``f``; jokers left out),
    what :func:`mask_links` reads."""
    return sum(_BITS[f] for f in set(faces))


def mask_links(face: int, held: int) -> float:
    """:func:`links` of ``face`` to the faces in bit mask ``held`` (:func:`face_mask`): an int when
    no card of its suit is near, as :func:`links` always gave."""
    same_rank, one_away, two_away = _NEAR[face]
    near = (held & one_away).bit_count(), (held & two_away).bit_count()
    return (held & same_rank).bit_count() + (near[0] + 0.5 * near[1] if near != (0, 0) else 0)


def _near(face: int) -> tuple[int, int, int]:
    """Bit masks of the faces linked to ``face``: the other suits of its rank, the ranks of its
    suit one away and two away (the ace both low and high)."""
    rank, suit = rank_of(face), suit_of(face)
    high = HIGH_ACE if rank == 1 else rank
    masks = [0, 0, 0]
    for other in range(JOKER):
        other_rank, other_suit = rank_of(other), suit_of(other)
        if other_suit != suit:
            masks[0] |= (other_rank == rank) << other
            continue
        other_high = HIGH_ACE if other_rank == 1 else other_rank
        gap = min(abs(other_rank - rank), abs(other_high - high))
        if gap in (1, 2):
            masks[gap] |= 1 << other
    return masks[0], masks[1], masks[2]


_NEAR = tuple(_near(f) for f in range(JOKER))
"""Per natural face: :func:`_near`."""
_BITS = tuple(0 if CARD_JOKERS.is_wild(f) else 1 << f for f in range(JOKER + 1))
"""Per face: its bit in a :func:`face_mask` (none for the joker)."""
