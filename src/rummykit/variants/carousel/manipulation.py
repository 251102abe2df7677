"""Whether a new table is a legal meld move in Carousel (``carousel.md`` "Melding
(manipulation)"): the rules check of a whole new table against the old one and the hand.

Tables are melds of ``(face, declared)`` cards; every joker on a table carries its declared card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache

from rummykit.core.melds import CARD_JOKERS, HIGH_ACE, missing_suits, run_ends, run_positions, validate_meld
from rummykit.core.notation import format_declared, format_face
from rummykit.core.pieces import JOKER, N_RANKS, N_SUITS, Kind, make_face, rank_of, suit_of
from rummykit.errors import IllegalActionError, MeldError
from rummykit.solvers.rearrange import CARD_MELDS, DeclaredFace
from rummykit.variants.carousel.actions import meld_text

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


Fault = tuple[str, dict[str, object]]
"""Why a table or meld is refused: an ``IllegalActionError`` code and its parameters."""


def check_move(old: Table, new: Table, hand: Sequence[int], replace_from_table: bool = True) -> list[int]:
    """The faces a legal move plays from ``hand``; raises :class:`IllegalActionError` with the
    reason (a ``carousel.`` code, see :mod:`rummykit.variants.carousel.messages`) when ``new`` is
    not a legal rearrangement of ``old`` plus cards from the hand.

    Legal: every meld of ``new`` is a valid group or sequence with every joker declared; ``new``
    holds every card of ``old`` (nothing goes back to a hand) and at least one from the hand; a
    joker keeps its declared card unless a real card of that face replaces it (from the hand, or
    from the table with ``replace_from_table``), and then it is on the new table, declared anew.
    """
    played, fault = _move(old, new, hand, replace_from_table)
    if fault is not None:
        raise IllegalActionError(fault[0], **fault[1])
    return played


def move_fault(old: Table, new: Table, hand: Sequence[int], replace_from_table: bool = True) -> Fault | None:
    """Why :func:`check_move` refuses ``new`` (its error's code and parameters), or ``None`` when
    the move is legal; no exception is made (legal-action listing asks it of every draft)."""
    return _move(old, new, hand, replace_from_table)[1]


def _move(
    old: Table, new: Table, hand: Sequence[int], replace_from_table: bool
) -> tuple[list[int], Fault | None]:
    """(the faces played, ``None``) for a legal move, else (``[]``, why not): :func:`check_move`."""
    for number, meld in enumerate(new, start=1):
        fault = _meld_fault(tuple((face, said) for face, said in meld))
        if fault is not None:
            return [], fault if fault[0] == UNDECLARED else _numbered(number, fault)
    old_real, old_jokers = _counts(old)
    new_real, new_jokers = _counts(new)
    gone = old_real - new_real
    if gone:
        return [], ("carousel.card_left_table", {"card": format_face(Kind.CARDS, next(iter(gone)))})
    jokers_played = sum(new_jokers.values()) - sum(old_jokers.values())
    if jokers_played < 0:
        return [], ("carousel.joker_left_table", {})
    played = list((new_real - old_real).elements()) + [JOKER] * jokers_played
    if not played:
        return [], ("carousel.nothing_played", {})
    short = Counter(played) - Counter(hand)
    if short:
        return [], ("carousel.not_held", {"card": format_face(Kind.CARDS, next(iter(short)))})
    played_real = new_real - old_real
    for face, count in old_jokers.items():
        freed = count - min(count, new_jokers.get(face, 0))
        replacements = new_real.get(face, 0) if replace_from_table else played_real.get(face, 0)
        if freed > replacements:
            code = "carousel.joker_keeps_card" + ("" if replace_from_table else "_hand")
            return [], (code, {"card": format_face(Kind.CARDS, face)})
    return played, None


UNDECLARED = "carousel.undeclared_joker"
"""The fault of a meld with a joker written without its card (the meld named, not numbered)."""


def _numbered(number: int, problem: Fault) -> Fault:
    """The fault of a new table whose meld ``number`` has ``problem`` (:func:`meld_problem`)."""
    return "carousel.invalid_meld", {"number": number, "why": {"code": problem[0], "params": problem[1]}}


@lru_cache(maxsize=8192)
def _meld_fault(meld: tuple[DeclaredFace, ...]) -> Fault | None:
    """Why ``meld`` can't lie on the table: a joker without its declared card (:data:`UNDECLARED`)
    or :func:`meld_problem`; ``None`` when it is a valid group or sequence. Kept in a bounded memo
    (every check of a draft asks it of every meld)."""
    if any(face == JOKER and said is None for face, said in meld):
        return UNDECLARED, {"meld": meld_text(meld)}
    return meld_problem(meld)


def meld_problem(meld: Sequence[DeclaredFace]) -> Fault | None:
    """Why ``meld`` (cards, every joker declared) is not a valid group or sequence, as a code of
    :data:`~rummykit.variants.carousel.messages.MELD_PROBLEMS` with its parameters, or ``None``
    when it is valid: fewer than 3 cards (``meld_short``, ``count``); neither one rank nor one
    suit (``meld_mixed``); a set with a suit twice (``set_suits``, ``cards``: the two cards); a
    run with a rank twice (``run_twice``, ``cards``) or ranks that don't follow (``run_gap``).
    A joker counts as its declared card. The engine refuses a new table with such a meld with
    the same code, as the ``why`` of ``carousel.invalid_meld`` (with the meld's ``number``)."""
    try:
        validate_meld([f for f, _ in meld], CARD_MELDS, CARD_JOKERS, declared=[d for _, d in meld])
    except MeldError:
        pass
    else:
        return None
    if len(meld) < 3:
        return "carousel.meld_short", {"count": len(meld)}
    stands = [said if face == JOKER and said is not None else face for face, said in meld]
    if len({rank_of(f) for f in stands}) == 1:
        return "carousel.set_suits", {"cards": _twice(meld, stands, suit_of)}
    if len({suit_of(f) for f in stands}) > 1:
        return "carousel.meld_mixed", {}
    if len({rank_of(f) for f in stands}) < len(stands):
        return "carousel.run_twice", {"cards": _twice(meld, stands, rank_of)}
    return "carousel.run_gap", {}


def _twice(meld: Sequence[DeclaredFace], stands: Sequence[int], key: Callable[[int], int]) -> list[str]:
    """The first two cards of ``meld`` whose declared-or-real faces share ``key`` (a suit or a
    rank), in notation."""
    seen: dict[int, int] = {}
    for i, face in enumerate(stands):
        k = key(face)
        if k in seen:
            return [format_declared(Kind.CARDS, *meld[j]) for j in (seen[k], i)]
        seen[k] = i
    return []


def simple_meld(
    old: Table, hand: Sequence[int], replace_from_table: bool = True
) -> list[list[DeclaredFace]] | None:
    """A legal new table found without the solver, or ``None``: ``old`` plus one meld of three
    hand cards (a set or a run, a joker of the hand filling one gap), or ``old`` with one hand
    card (or a joker) laid off on one of its melds. Each candidate is checked by
    :func:`check_move`, so a table returned is legal; ``None`` says nothing (the solver decides)."""
    for made in _hand_melds(hand):
        new = [list(m) for m in old] + [made]
        if _legal(old, new, hand, replace_from_table, -1):
            return new
    jokers = JOKER in hand
    held = set(hand)
    for n, meld in enumerate(old):
        for card in _layoff_cards(tuple(meld)):
            if (card[0] in held) if card[0] != JOKER else jokers:
                new = [list(m) for m in old]
                new[n].append(card)
                if _legal(old, new, hand, replace_from_table, n):
                    return new
    return None


def _legal(
    old: Table, new: list[list[DeclaredFace]], hand: Sequence[int], replace: bool, changed: int
) -> bool:
    """Whether ``new`` (``old`` with meld ``changed`` new or changed) is a legal move: the changed
    meld checked first, alone, then the whole move."""
    if _meld_fault(tuple(new[changed])) is not None:
        return False
    return _move(old, new, hand, replace)[1] is None


_SETS = tuple(tuple(make_face(s, rank) for s in range(N_SUITS)) for rank in range(1, N_RANKS + 1))
"""The four cards of each rank, rank by rank, in suit order."""
_RUNS = tuple(
    tuple(make_face(suit, 1 if p == HIGH_ACE else p) for p in range(low, low + 3))
    for suit in range(N_SUITS)
    for low in range(1, HIGH_ACE - 1)
)
"""Every run of three (ace low or high), suit by suit, lowest first."""


def _hand_melds(hand: Sequence[int]) -> Iterator[list[DeclaredFace]]:
    """Sets and runs of three that ``hand`` holds, or holds but for one card a joker of the hand
    stands for (made one by one: the caller stops at the first legal one)."""
    joker = JOKER in hand
    faces = set(hand) - {JOKER}
    for cards in _SETS:
        held = [f for f in cards if f in faces]
        if len(held) >= 3:
            yield [(f, None) for f in held[:3]]
        elif joker and len(held) == 2:
            missing = next(f for f in cards if f not in faces)
            yield [(f, None) for f in held] + [(JOKER, missing)]
    for window in _RUNS:
        missing_at = [f for f in window if f not in faces]
        if not missing_at:
            yield [(f, None) for f in window]
        elif joker and len(missing_at) == 1:
            yield [(f, None) if f in faces else (JOKER, f) for f in window]


@lru_cache(maxsize=8192)
def _layoff_cards(meld: tuple[DeclaredFace, ...]) -> tuple[DeclaredFace, ...]:
    """Cards that might extend ``meld``: a set's missing suits, a run's next card at either end;
    each as a real card and as a joker declared as it (kept in a bounded memo: a table's melds
    are asked of again and again)."""
    stands = [said if face == JOKER and said is not None else face for face, said in meld]
    if len({rank_of(f) for f in stands}) == 1:
        ends = missing_suits(rank_of(stands[0]), stands) if len(meld) < N_SUITS else []
    else:
        ends = run_ends(suit_of(stands[0]), run_positions(stands))
    return tuple([(f, None) for f in ends] + [(JOKER, f) for f in ends])


def no_card_fits(old: Table, hand: Sequence[int], replace_from_table: bool = True) -> bool:
    """Whether it is certain, without the solver, that no legal new table exists: ``hand``
    (faces) holds no joker and no card of it could be in a meld of three with cards that the
    table shows (real cards and what its jokers are declared as) or the hand holds, the cards
    missing from that meld being more than the table jokers that could be freed (declared as a
    real card that the hand holds or, with ``replace_from_table``, the table shows). ``False``
    says nothing (the solver decides).

    Sound: a card played is in a valid meld of the new table, and any valid meld holds a valid
    meld of three around each of its cards (a set's other suits, a run's window of three); each
    card of that meld is a real card of the table or the hand, a table joker that keeps its
    declared card, or a joker freed and declared anew, which only a real card of its declared face
    on the new table allows (``check_move``)."""
    held = set(hand)
    if JOKER in held:
        return False
    shown = set(held)
    jokers: list[int | None] = []
    for meld in old:
        for face, said in meld:
            if face == JOKER:
                jokers.append(said)
            else:
                shown.add(face)
    replacing = shown if replace_from_table else held
    wild = sum(said in replacing for said in jokers)
    shown.update(said for said in jokers if said is not None)
    return not any(
        sum(face not in shown for face in others) <= wild for f in held for others in _melds_of_three(f)
    )


@lru_cache(maxsize=N_RANKS * N_SUITS)
def _melds_of_three(face: int) -> tuple[tuple[int, int], ...]:
    """The other two cards of every set and run of three that holds the real card ``face``."""
    rank, suit = rank_of(face), suit_of(face)
    suits = [s for s in range(N_SUITS) if s != suit]
    out = [(make_face(a, rank), make_face(b, rank)) for i, a in enumerate(suits) for b in suits[i + 1 :]]
    for position in (rank, HIGH_ACE) if rank == 1 else (rank,):
        for low in range(max(1, position - 2), min(position, HIGH_ACE - 2) + 1):
            window = [
                make_face(suit, 1 if p == HIGH_ACE else p) for p in range(low, low + 3) if p != position
            ]
            out.append((window[0], window[1]))
    return tuple(out)
