"""Whether a new table is a legal meld move in Carousel (``carousel.md`` "Melding
(manipulation)"): the rules check of a whole new table against the old one and the hand.

Tables are melds of ``(face, declared)`` cards; every joker on a table carries its declared card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rummykit.core.melds import CARD_JOKERS, validate_meld
from rummykit.core.notation import format_declared, format_face
from rummykit.core.pieces import JOKER, Kind
from rummykit.errors import IllegalActionError, MeldError
from rummykit.solvers.rearrange import CARD_MELDS, DeclaredFace

Table = Sequence[Sequence[DeclaredFace]]


def _counts(table: Table) -> tuple[Counter[int], Counter[int]]:
    """(real cards by face, jokers by declared face)."""
    real: Counter[int] = Counter()
    jokers: Counter[int] = Counter()
    for meld in table:
        for face, said in meld:
            if face == JOKER:
                jokers[said if said is not None else -1] += 1
            else:
                real[face] += 1
    return real, jokers


def check_move(old: Table, new: Table, hand: Sequence[int], replace_from_table: bool = True) -> list[int]:
    """The faces a legal move plays from ``hand``; raises :class:`IllegalActionError` with the
    reason (a ``carousel.`` code, see :mod:`rummykit.variants.carousel.messages`) when ``new`` is
    not a legal rearrangement of ``old`` plus cards from the hand.

    Legal: every meld of ``new`` is a valid group or sequence with every joker declared; ``new``
    holds every card of ``old`` (nothing goes back to a hand) and at least one from the hand; a
    joker keeps its declared card unless a real card of that face replaces it (from the hand, or
    from the table with ``replace_from_table``), and then it is on the new table, declared anew.
    """
    for meld in new:
        _check_meld(meld)
    old_real, old_jokers = _counts(old)
    new_real, new_jokers = _counts(new)
    gone = old_real - new_real
    if gone:
        face = next(iter(gone))
        raise IllegalActionError("carousel.card_left_table", card=format_face(Kind.CARDS, face))
    jokers_played = sum(new_jokers.values()) - sum(old_jokers.values())
    if jokers_played < 0:
        raise IllegalActionError("carousel.joker_left_table")
    played = list((new_real - old_real).elements()) + [JOKER] * jokers_played
    if not played:
        raise IllegalActionError("carousel.nothing_played")
    short = Counter(played) - Counter(hand)
    if short:
        face = next(iter(short))
        raise IllegalActionError("carousel.not_held", card=format_face(Kind.CARDS, face))
    played_real = new_real - old_real
    for face, count in old_jokers.items():
        freed = count - min(count, new_jokers.get(face, 0))
        replacements = new_real.get(face, 0) if replace_from_table else played_real.get(face, 0)
        if freed > replacements:
            code = "carousel.joker_keeps_card" + ("" if replace_from_table else "_hand")
            raise IllegalActionError(code, card=format_face(Kind.CARDS, face))
    return played


def _check_meld(meld: Sequence[DeclaredFace]) -> None:
    """Raise unless ``meld`` is a valid group or sequence with every joker declared."""
    text = " ".join(format_declared(Kind.CARDS, f, d) for f, d in meld)
    if any(face == JOKER and said is None for face, said in meld):
        raise IllegalActionError("carousel.undeclared_joker", meld=text)
    try:
        validate_meld([f for f, _ in meld], CARD_MELDS, CARD_JOKERS, declared=[d for _, d in meld])
    except MeldError as exc:
        raise IllegalActionError("carousel.invalid_meld", meld=text, reason=str(exc)) from None
