"""Melds: sets/groups, runs/sequences and pairs, with wilds, for every variant.

A meld is validated from piece faces (see :mod:`rummykit.core.pieces`) under a variant's
:class:`MeldRules` and the round's :class:`Wilds`. The result, :class:`Meld`, says what each piece
stands for. Rules specs: ``okey.md`` "Combinations", ``turkish-rummy.md`` "Combinations",
``kalooki.md`` "Melds" and card values, ``carousel.md`` "Melds" and card values.

Run positions are ranks 1..14 where 14 is the ace/1 played after the king/13 (``Q K A``, ``12 13 1``);
a run never holds both 1 and 14 and never wraps (``K A 2``, ``13 1 2`` are not runs).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from rummykit.core.notation import format_declared, format_face, format_faces
from rummykit.core.pieces import JOKER, N_SUITS, Kind, make_face, rank_of, suit_of
from rummykit.errors import MeldError

HIGH_ACE = 14
"""Run position of an ace/1 played after the king/13."""
MAX_RUN = 13
MIN_MELD = 3
"""The fewest pieces of a set or a run."""


class MeldKind(StrEnum):
    """What a meld is: a set (group), a run (sequence) or a pair."""

    SET = "set"
    RUN = "run"
    PAIR = "pair"


class PairRule(StrEnum):
    """Which two pieces make a pair (``okey.md`` option ``pair_rule``)."""

    IDENTICAL = "identical"
    SAME_NUMBER = "same_number"


@dataclass(frozen=True)
class MeldRules:
    """How melds are formed in one variant.

    ``ace_high``: the ace/1 may follow the king/13 (Okey ``allow_13_1``; always true for cards).
    ``set_distinct``: a set's pieces are all of different suits (Turkish Rummy
    ``set_distinct_suits``); ``set_max`` is the largest set (4 when suits are distinct).
    ``pair_rule`` and ``wild_in_pairs`` (Okey ``okey_in_pairs``) govern pairs.
    """

    kind: Kind
    ace_high: bool = True
    set_distinct: bool = True
    set_max: int = 4
    pair_rule: PairRule = PairRule.IDENTICAL
    wild_in_pairs: bool = True

    def __post_init__(self) -> None:
        if self.set_distinct and not MIN_MELD <= self.set_max <= N_SUITS:
            raise MeldError("meld.set_max_distinct", max=self.set_max)
        if self.set_max < MIN_MELD:
            raise MeldError("meld.set_max", max=self.set_max)

    @property
    def top(self) -> int:
        """Highest run position: 14 when the ace/1 may follow the king/13, else 13."""
        return HIGH_ACE if self.ace_high else MAX_RUN


@dataclass(frozen=True)
class Wilds:
    """Which faces are wild this round, and what a non-wild joker face stands for.

    Okey with indicator ``R5``: ``Wilds(frozenset({R6}), joker_as=R6)`` (okeys wild, false jokers
    are the okey's face); ``false_joker=wild`` adds :data:`JOKER` to ``faces``. Card games:
    ``Wilds(frozenset({JOKER}))``. ``NONE`` makes nothing wild and refuses jokers.
    """

    faces: frozenset[int] = field(default_factory=frozenset)
    joker_as: int | None = None

    def is_wild(self, face: int) -> bool:
        """Whether a piece of ``face`` is wild."""
        return face in self.faces

    def natural(self, face: int, kind: Kind) -> int:
        """The face a non-wild piece of ``face`` stands for (a false joker: the okey's face).

        Raises :class:`MeldError` for a joker face that is neither wild nor given an identity.
        """
        if face != JOKER:
            return face
        if self.joker_as is None:
            raise MeldError("meld.false_joker", piece=format_face(kind, JOKER))
        return self.joker_as


NO_WILDS = Wilds()
CARD_JOKERS = Wilds(frozenset({JOKER}))


def okey_face(indicator: int) -> int:
    """The okey: the indicator's colour, one higher; the 1 after a 13 (``okey.md``)."""
    return make_face(suit_of(indicator), rank_of(indicator) % MAX_RUN + 1)


def okey_marker(okey: int) -> int:
    """The face whose :func:`okey_face` is ``okey``: its colour, one lower; the 13 before a 1 (the
    indicator of an Okey round with that okey, the up card making it wild in Turkish Rummy)."""
    return make_face(suit_of(okey), (rank_of(okey) - 2) % MAX_RUN + 1)


def okey_wilds(indicator: int, false_joker_wild: bool = False) -> Wilds:
    """The wilds of an Okey round with ``indicator`` (never a false joker)."""
    if indicator == JOKER:
        raise MeldError("meld.false_joker_indicator")
    okey = okey_face(indicator)
    if false_joker_wild:
        return Wilds(frozenset({okey, JOKER}))
    return Wilds(frozenset({okey}), joker_as=okey)


@dataclass(frozen=True)
class Meld:
    """A valid meld: ``faces`` as played, in meld order; ``stands_for`` the face each represents.

    ``positions`` gives each piece's rank position (1..14, 14 = the ace/1 after the king/13).
    A wild's ``stands_for`` is its assignment; a false joker stands for the okey's face.
    """

    kind: MeldKind
    faces: tuple[int, ...]
    stands_for: tuple[int, ...]
    positions: tuple[int, ...]

    def wild_assignments(self, wilds: Wilds) -> list[tuple[int, int]]:
        """``(face, stands_for)`` of every wild piece in the meld."""
        return [(f, s) for f, s in zip(self.faces, self.stands_for, strict=True) if wilds.is_wild(f)]

    def describe(self, kind: Kind) -> str:
        """Notation of the meld with each wild's assignment in brackets: ``R4 R6[R5] R6``."""
        parts = []
        for face, stands in zip(self.faces, self.stands_for, strict=True):
            text = format_face(kind, face)
            natural = face if face != JOKER else None
            parts.append(text if natural == stands else f"{text}[{format_face(kind, stands)}]")
        return " ".join(parts)


def build_run(suit: int, positions: Sequence[int], faces: Sequence[int]) -> Meld:
    """A run meld from its suit, consecutive positions and the piece played at each position."""
    stands = tuple(make_face(suit, 1 if p == HIGH_ACE else p) for p in positions)
    return Meld(MeldKind.RUN, tuple(faces), stands, tuple(positions))


def missing_suits(rank: int, held: Iterable[int]) -> list[int]:
    """The faces of ``rank`` (1..13) in the suits no face of ``held`` has, in suit order: the
    cards that could join a set whose pieces are ``held`` (faces; jokers are ignored)."""
    present = {suit_of(f) for f in held if f != JOKER}
    return [make_face(s, rank) for s in range(N_SUITS) if s not in present]


def run_positions(stands_for: Sequence[int]) -> list[int]:
    """The positions (1..14) of a run's pieces from the faces they stand for, in any order: the
    ace is high (14) when the run holds a king and no two."""
    ranks = [rank_of(f) for f in stands_for]
    high = MAX_RUN in ranks and 2 not in ranks
    return [HIGH_ACE if r == 1 and high else r for r in ranks]


def run_ends(suit: int, positions: Sequence[int]) -> list[int]:
    """The faces that could extend a run of ``suit`` at ``positions`` (1..14) by one card: below
    its lowest position, then above its highest, each face once (the ace fits both ends of
    ``2..K``); the ace only where the run's other end doesn't hold it (never both 1 and 14),
    nothing past either end."""
    low, high = min(positions), max(positions)
    has_ace = low == 1 or high == HIGH_ACE
    ends = [p for p in (low - 1, high + 1) if 1 <= p <= HIGH_ACE and not (has_ace and p in (1, HIGH_ACE))]
    return list(dict.fromkeys(make_face(suit, 1 if p == HIGH_ACE else p) for p in ends))


def merge_runs(melds: Sequence[Meld]) -> list[Meld]:
    """``melds`` with runs of one suit that continue each other joined into one run (solvers cut
    long runs into short ones); never past 13 pieces."""
    runs = sorted((m for m in melds if m.kind is MeldKind.RUN), key=lambda m: m.positions[0])
    out = [m for m in melds if m.kind is not MeldKind.RUN]
    merged: list[Meld] = []
    for run in runs:
        suit = suit_of(run.stands_for[0])
        for i, prior in enumerate(merged):
            joined = len(prior.positions) + len(run.positions)
            if (
                suit_of(prior.stands_for[0]) == suit
                and prior.positions[-1] + 1 == run.positions[0]
                and joined <= MAX_RUN
            ):
                merged[i] = build_run(suit, prior.positions + run.positions, prior.faces + run.faces)
                break
        else:
            merged.append(run)
    return out + merged


def validate_meld(
    faces: Sequence[int],
    rules: MeldRules,
    wilds: Wilds,
    allow_pair: bool = False,
    declared: Sequence[int | None] | None = None,
) -> Meld:
    """The meld formed by ``faces`` (any order): a set, else a run, else (if allowed) a pair.

    ``declared`` (one entry per piece, ``None`` for none) fixes what a wild stands for (a joker
    written ``JK[7H]``); a natural piece can't be declared. Undeclared wilds are
    assigned: in a set to the missing suits in suit order; in a run to the gaps, then above the top,
    then below the bottom. Raises :class:`MeldError` with the reasons.
    """
    fixed, free = _split(faces, rules, wilds, declared)
    if allow_pair and len(faces) == 2:
        return _as_pair(faces, fixed, free, rules)
    if not faces:
        raise MeldError("meld.empty")
    reasons = _set_or_run(fixed, free, rules)
    if isinstance(reasons, Meld):
        return reasons
    said = declared if declared is not None else [None] * len(faces)
    written = [format_declared(rules.kind, f, d) for f, d in zip(faces, said, strict=True)]
    as_set, as_run = ({"code": code, "params": params} for code, params in reasons)
    raise MeldError("meld.not_a_meld", meld=written, set=as_set, run=as_run)


def meld_as_written(
    cards: Sequence[tuple[int, int | None]], rules: MeldRules, wilds: Wilds, allow_pair: bool = False
) -> Meld:
    """The meld of ``cards`` (face, declared face or ``None``) with its pieces in the order given,
    where :func:`validate_meld` (with ``allow_pair``) puts them in an order of its own: a set's or
    a pair's pieces in any order, a run's from its lowest position up (an ace after the king is
    high). A wild written with what it stands for keeps it; one without gets what
    :func:`validate_meld` assigns. What reads a meld back exactly as it was laid (position text, an
    observation's table). Raises :class:`MeldError` if ``cards`` are no meld or a run is written
    out of order."""
    faces = [face for face, _ in cards]
    meld = validate_meld(faces, rules, wilds, allow_pair, declared=[said for _, said in cards])
    if meld.faces == tuple(faces) and all(
        said is None or said == stands for (_, said), stands in zip(cards, meld.stands_for, strict=True)
    ):
        return meld  # written in the validator's order (a table's usual melds)
    free = list(range(len(cards)))
    slots: list[int] = [0] * len(cards)
    # The declared wilds first, each to the slot standing for what it declares (an undeclared wild
    # may have been assigned the same), then the rest by face, in the validator's order.
    for declared in (True, False):
        for i, (face, said) in enumerate(cards):
            if (said is not None) is declared:
                slot = next(
                    j for j in free if meld.faces[j] == face and (said is None or meld.stands_for[j] == said)
                )
                free.remove(slot)
                slots[i] = slot
    stands = tuple(meld.stands_for[j] for j in slots)
    positions = tuple(meld.positions[j] for j in slots)
    if meld.kind is MeldKind.RUN:
        high = tuple(HIGH_ACE if p == 1 else p for p in positions)
        positions = next((p for p in (positions, high) if list(p) == list(range(p[0], p[0] + len(p)))), ())
        if not positions or positions[-1] > rules.top:
            written = [format_declared(rules.kind, f, d) for f, d in cards]
            raise MeldError("meld.run_order", meld=written)
    return Meld(meld.kind, tuple(faces), stands, positions)


def find_meld(
    faces: Sequence[int], rules: MeldRules, wilds: Wilds, declared: Sequence[int | None] | None = None
) -> Meld | None:
    """The set or run :func:`validate_meld` forms of ``faces``, or ``None`` where it raises,
    without building the reasons' text (for callers that only ask whether)."""
    try:
        fixed, free = _split(faces, rules, wilds, declared)
    except MeldError:
        return None
    if not faces:
        return None
    found = _set_or_run(fixed, free, rules)
    return found if isinstance(found, Meld) else None


def _set_or_run(fixed: _Fixed, free: list[int], rules: MeldRules) -> Meld | list[_Reason]:
    """The set, else the run, of the split pieces, or why neither (one reason each)."""
    reasons = []
    for build in (_as_set, _as_run):
        result = build(fixed, free, rules)
        if isinstance(result, Meld):
            return result
        reasons.append(result)
    return reasons


def is_meld(faces: Sequence[int], rules: MeldRules, wilds: Wilds) -> bool:
    """Whether ``faces`` form a set or a run (see :func:`validate_meld`)."""
    return find_meld(faces, rules, wilds) is not None


_Fixed = list[tuple[int, int]]


def _split(
    faces: Sequence[int], rules: MeldRules, wilds: Wilds, declared: Sequence[int | None] | None
) -> tuple[_Fixed, list[int]]:
    """((piece, face it stands for) of every piece with a fixed meaning, sorted by that face;
    the free wild pieces)."""
    if declared is not None and len(declared) != len(faces):
        raise MeldError("meld.declarations")
    fixed: _Fixed = []
    free: list[int] = []
    for i, face in enumerate(faces):
        said = declared[i] if declared is not None else None
        if wilds.is_wild(face):
            if said is None:
                free.append(face)
            else:
                fixed.append((face, said))
            continue
        natural = wilds.natural(face, rules.kind)
        if said is not None:
            raise MeldError("meld.only_wild_declared", piece=format_face(rules.kind, face))
        fixed.append((face, natural))
    fixed.sort(key=lambda pair: pair[1])
    return fixed, free


_Reason = tuple[str, dict[str, object]]
"""Why pieces are no set, or no run: a code (``meld.<reason>.<kind>``, the pieces' kind naming the
words, tiles' or cards') and its parameters."""


def _why(rules: MeldRules, reason: str, **params: object) -> _Reason:
    """The code of ``reason`` in the words of ``rules``' pieces, with ``params``."""
    return f"meld.{reason}.{rules.kind.value}", params


def _as_set(fixed: _Fixed, free: list[int], rules: MeldRules) -> Meld | _Reason:
    size = len(fixed) + len(free)
    if not MIN_MELD <= size <= rules.set_max:
        return _why(rules, "set_size", max=rules.set_max)
    stands = [s for _, s in fixed]
    if not stands:
        return _why(rules, "set_all_wild")
    if len({rank_of(s) for s in stands}) > 1:
        return _why(rules, "set_rank")
    suits = [suit_of(s) for s in stands]
    if rules.set_distinct and len(set(suits)) < len(suits):
        return _why(rules, "set_suits")
    rank = rank_of(stands[0])
    missing = [s for s in range(N_SUITS) if s not in suits] if rules.set_distinct else []
    fill = [make_face(missing[i] if missing else 0, rank) for i in range(len(free))]
    pieces = [p for p, _ in fixed] + free
    return Meld(MeldKind.SET, tuple(pieces), tuple(stands + fill), (rank,) * size)


def _as_run(fixed: _Fixed, free: list[int], rules: MeldRules) -> Meld | _Reason:
    size = len(fixed) + len(free)
    if not MIN_MELD <= size <= MAX_RUN:
        return _why(rules, "run_size", max=MAX_RUN)
    if not fixed:
        return build_run(0, range(1, size + 1), free)
    stands = [s for _, s in fixed]
    if len({suit_of(s) for s in stands}) > 1:
        return _why(rules, "run_suit")
    ranks = [rank_of(s) for s in stands]
    if len(set(ranks)) < len(ranks):
        return _why(rules, "run_twice")
    modes = [ranks]
    if rules.ace_high and 1 in ranks:
        modes.append([HIGH_ACE if r == 1 else r for r in ranks])
    for positions in modes:
        lo, hi = min(positions), max(positions)
        gaps = hi - lo + 1 - len(positions)
        if gaps > len(free) or hi > rules.top:
            continue
        extra = len(free) - gaps
        new_hi = min(rules.top, hi + extra)
        new_lo = lo - (extra - (new_hi - hi))
        if new_lo < 1:
            continue
        by_position = {pos: piece for pos, (piece, _) in zip(positions, fixed, strict=True)}
        spare = iter(free)
        span = range(new_lo, new_hi + 1)
        played = [by_position[p] if p in by_position else next(spare) for p in span]
        return build_run(suit_of(stands[0]), span, played)
    return _why(rules, "run_gap")


def _as_pair(faces: Sequence[int], fixed: _Fixed, free: list[int], rules: MeldRules) -> Meld:
    written = format_faces(rules.kind, faces).split()
    if free and not rules.wild_in_pairs:
        raise MeldError("meld.pair_no_wilds", meld=written)
    stands = [s for _, s in fixed]
    if len(stands) == 2:
        a, b = stands
        same = a == b if rules.pair_rule is PairRule.IDENTICAL else rank_of(a) == rank_of(b)
        if not same:
            code = "meld.pair_identical" if rules.pair_rule is PairRule.IDENTICAL else "meld.pair_one_number"
            raise MeldError(code, meld=written)
    face = stands[0] if stands else 0
    full = stands + [face] * len(free)
    pieces = [p for p, _ in fixed] + free
    return Meld(MeldKind.PAIR, tuple(pieces), tuple(full), (rank_of(face),) * 2)


@dataclass(frozen=True)
class CardValues:
    """Points of cards (``kalooki.md`` and ``carousel.md`` card values).

    ``ace``: an ace left in hand; ``ace_meld``: an ace in a set or at the top of a run;
    ``ace_low_run``: an ace in a low run (A-2-3); ``court``: J, Q, K; ``joker``: a joker left in
    hand (in a meld a joker counts as the card it stands for). 2-10 count their pips.
    """

    ace: int
    ace_meld: int
    ace_low_run: int
    court: int
    joker: int

    def rank_value(self, rank: int) -> int:
        """Value in hand of a card of ``rank`` (1..13)."""
        if rank == 1:
            return self.ace
        return self.court if rank > 10 else rank

    def hand_value(self, face: int, wilds: Wilds) -> int:
        """Deadwood value of one card left in hand (a wild is worth ``joker``)."""
        return self.joker if wilds.is_wild(face) or face == JOKER else self.rank_value(rank_of(face))

    def position_value(self, kind: MeldKind, position: int) -> int:
        """Value of the card at run position or set rank ``position`` in a meld."""
        if position in (1, HIGH_ACE):
            return self.ace_low_run if kind is MeldKind.RUN and position == 1 else self.ace_meld
        return self.court if position > 10 else position

    def meld_value(self, meld: Meld) -> int:
        """Value of a laid meld: each piece as the card it stands for (``kalooki.md``)."""
        return sum(self.position_value(meld.kind, p) for p in meld.positions)
