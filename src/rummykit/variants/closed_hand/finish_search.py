"""Finishing discards of a closed hand, fast: cheap tests rule out most 15-piece racks
before the exact search (:func:`rummykit.solvers.report.finishes`) is asked.

A finish lays 14 of the 15 pieces down as sets and runs, or as seven pairs, discarding the 15th.
The tests are necessary conditions, so they never rule out a rack that has a finish, and the
answer is always the exact search's:

* **Melds.** Every natural piece but the discarded one lies in a meld, and every set or run holding
  a piece holds a set or run of three with that piece (a sub-meld: three of the set's pieces, a
  window of three of the run), whose missing pieces the rack's wilds would fill. A rack with two
  natural pieces that fit in no such three (given all of the rack's wilds) has no meld finish.
* **Wilds.** With one or two wilds in the rack, a natural piece that fits in no such three without
  a wild can only be the discard or lie in a meld that holds a wild (any other meld holding it
  would be wild-free, so it would fit in a three of that meld): as many melds as wilds at most,
  each of one rank (a set) or one suit (a run), so all such pieces but one lie on that many
  ranks or suits, else there is no meld finish.
* **Seven pairs.** Taking one piece out of a hand changes the most pairs it holds by at most one,
  so the pieces left out of pairs change by exactly one; only a 15-piece rack whose pairs leave out
  exactly one piece can leave 14 that pair up completely. Before counting the pairs, a quicker
  bound: two pieces pair only when they stand for the same rank (or one is wild), so a rack holding
  an odd number of pieces of more ranks than it has wilds, plus one, leaves two or more out.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from operator import itemgetter

from rummykit.core.melds import MeldRules, Wilds
from rummykit.core.pieces import JOKER, N_FACES, N_RANKS, N_SUITS, rank_of, suit_of
from rummykit.solvers.arrange import WinKind
from rummykit.solvers.report import SEVEN_PAIRS, HandProfile
from rummykit.solvers.report import finishes as exact_finishes

WILD = 255
"""The stand-in of a wild piece in :func:`naturals`' bytes."""
NO_IDENTITY = 254
"""The stand-in of a false joker that is neither wild nor given an identity."""

STEP = 8
"""Faces as bit masks: face ``f`` is bit ``STEP * f`` (a byte each, as ``int.from_bytes`` of a
byte per face gives them). Faces are ``suit * 13 + rank - 1``: one rank up is ``STEP`` bits up,
one suit up ``SUIT_STEP``."""
SUIT_STEP = STEP * N_RANKS
SUITS = range(N_SUITS)
RANKS = sum(1 << STEP * r for r in range(N_RANKS))
"""Every rank of suit 0 (also: a one in each rank's byte of :data:`RANK_COUNT`'s sums)."""
SPREAD = sum(1 << SUIT_STEP * s for s in SUITS)
"""Times the ranks of suit 0: the same ranks in every suit."""
RANK_1 = SPREAD
RANK_2 = RANK_1 << STEP
RANK_13 = RANK_1 << STEP * (N_RANKS - 1)
RANK_12 = RANK_13 >> STEP
WINDOW_LOW = (RANKS >> 2 * STEP) * SPREAD
"""The faces a run of three may start at: ranks 1..11."""
ALL_PRESENT = bytes([255]) * 256
ONLY_PRESENT = bytes(255) + b"\1"
"""``bytes.translate`` tables: every byte to 255; 255 to 1 and every other byte to 0."""

RANK_BYTE = bytes(rank_of(f) if f < N_FACES else 0 for f in range(256))
SUIT_LINE = bytes(N_RANKS + 1 + suit_of(f) if f < N_FACES else 0 for f in range(256))
"""A natural face's lines, by face: its rank's (1..13), its suit's (14..17)."""
WILDS_TESTED = (1, 2)
"""The numbers of wilds in a rack for which the wilds test is asked (with more, it rules out
little)."""
RANK_COUNT = tuple(1 << STEP * (rank_of(f) - 1) if f < N_FACES else 0 for f in range(256))
"""One in the rank's byte, by byte (0 for the wild, joker and stand-in bytes): summed over pieces,
each byte counts a rank's pieces."""
SUIT_COUNT = tuple(1 << STEP * suit_of(f) if f < N_FACES else 0 for f in range(256))
"""One in the suit's byte, by byte, as :data:`RANK_COUNT` for ranks."""


@cache
def _natural_table(wilds: Wilds) -> bytes:
    """``bytes.translate`` table under ``wilds``: each face to the natural face it stands for, a
    wild face to :data:`WILD`, a joker face without identity to :data:`NO_IDENTITY`."""
    table = bytearray(range(256))
    table[JOKER] = NO_IDENTITY if wilds.joker_as is None else wilds.joker_as
    for face in wilds.faces:
        table[face] = WILD
    return bytes(table)


def naturals(faces: Sequence[int], wilds: Wilds) -> bytes:
    """``faces`` as the natural faces they stand for, one byte each (wilds :data:`WILD`, false
    jokers without identity :data:`NO_IDENTITY`), in the same order."""
    return bytes(faces).translate(_natural_table(wilds))


def _present(natural: bytes) -> int:
    """The natural faces held, as a bit mask (:data:`STEP`): each face's byte of the table that
    maps the held faces to 255, read as a flag."""
    held = bytes.maketrans(natural, natural.translate(ALL_PRESENT))
    return int.from_bytes(held[:N_FACES].translate(ONLY_PRESENT), "little")


def _rank_counts(natural: bytes) -> int:
    """How many pieces of each rank ``natural`` holds, one byte per rank (as suit 0's faces; at
    most 255 pieces)."""
    return sum(itemgetter(*natural, WILD)(RANK_COUNT))


def _set_ranks(rules: MeldRules, natural: bytes, present: int, wild: int) -> int:
    """The ranks (as suit 0's faces) of whose pieces a set of three can be made with ``wild``
    wilds: of distinct suits, three suits held less one per wild; else three pieces less one per
    wild."""
    if rules.set_distinct:
        a, b = present & RANKS, present >> SUIT_STEP & RANKS
        c, d = present >> 2 * SUIT_STEP & RANKS, present >> 3 * SUIT_STEP
        if wild:
            return a & (b | c | d) | b & (c | d) | c & d
        return a & b & (c | d) | c & d & (a | b)
    counts = _rank_counts(natural)
    if wild:
        return (counts >> 1 | counts >> 2 | counts >> 3) & RANKS
    return (counts >> 2 | counts >> 3 | counts & counts >> 1) & RANKS


def _run_faces(rules: MeldRules, present: int, wild: int) -> int:
    """The faces of ``present`` that a run of three of one suit can take with ``wild`` (0 or 1)
    wilds: all three held, or with a wild any other face of such a run."""
    one, two = STEP, 2 * STEP
    if wild:
        near = (
            (present << one | present << two) & ~(RANK_1 | RANK_2)
            | present << one & RANK_2
            | (present >> one | present >> two) & ~(RANK_13 | RANK_12)
            | present >> one & RANK_12
        )
        if rules.ace_high:
            aces = present & RANK_1
            kings = present & RANK_13
            queens = present & RANK_12
            near |= aces << STEP * (N_RANKS - 1) | aces << STEP * (N_RANKS - 2)
            near |= kings >> STEP * (N_RANKS - 1) | queens >> STEP * (N_RANKS - 2)
        return present & near
    low = present & present >> one & present >> two & WINDOW_LOW
    found = low | low << one | low << two
    if rules.ace_high:
        ace = present & present >> STEP * (N_RANKS - 1) & present >> STEP * (N_RANKS - 2) & RANK_1
        found |= ace | ace << STEP * (N_RANKS - 1) | ace << STEP * (N_RANKS - 2)
    return found


def _alone(rules: MeldRules, natural: bytes, present: int, wild: int) -> int:
    """The natural faces of ``present`` (held in ``natural``) that fit in no set or run of three
    given ``wild`` (0 or 1) wilds."""
    fitting = present & _set_ranks(rules, natural, present, wild) * SPREAD | _run_faces(rules, present, wild)
    return present & ~fitting


def _may_meld(rules: MeldRules, natural: bytes, wild: int) -> bool:
    """The melds test: ``False`` when two or more natural pieces (``natural``, as from
    :func:`naturals`) fit in no set or run of three, given ``wild`` wilds."""
    if wild >= 2:
        return True
    alone = _alone(rules, natural, _present(natural), wild)
    if not alone:
        return True
    if alone & alone - 1:
        return False
    return natural.count((alone.bit_length() - 1) // STEP) < 2


def _may_meld_with_wilds(rules: MeldRules, natural: bytes, wild: int) -> bool:
    """The wilds test, for ``natural`` holding ``wild`` (1 or 2) wilds: ``False`` when the natural
    pieces that fit in no set or run of three without a wild, all of them but one, do not lie on
    ``wild`` lines (a line: one rank, or one suit). First a bound: the ``wild`` fullest lines
    together must hold all of them but one."""
    alone = _alone(rules, natural, _present(natural), 0)
    pieces = bytes([f for f in natural if alone >> STEP * f & 1])
    if len(pieces) <= wild + 1:
        return True
    held = _rank_counts(pieces).to_bytes(N_RANKS, "little")
    held += sum(itemgetter(*pieces, WILD)(SUIT_COUNT)).to_bytes(N_SUITS, "little")
    if sum(sorted(held)[-wild:]) < len(pieces) - 1:
        return False
    lines: dict[int, int] = {}
    for bit, face in enumerate(pieces):
        for line in (RANK_BYTE[face], SUIT_LINE[face]):
            lines[line] = lines.get(line, 0) | 1 << bit
    on = [(lines[RANK_BYTE[face]], lines[SUIT_LINE[face]]) for face in pieces]
    return _on_lines(on, (1 << len(pieces)) - 1, wild, 1)


def _on_lines(on: list[tuple[int, int]], pieces: int, lines: int, spare: int) -> bool:
    """Whether all of ``pieces`` (a bit mask of indices into ``on``, which gives each piece's rank
    line and suit line as bit masks of the pieces on them) but ``spare`` of them lie on ``lines``
    lines, a line being one rank or one suit: the first piece is a spare one, or lies on the line
    of its rank or of its suit."""
    if pieces.bit_count() <= lines + spare:
        return True
    if not lines:
        return False
    first = pieces & -pieces
    if spare and _on_lines(on, pieces ^ first, lines, spare - 1):
        return True
    rank, suit = on[first.bit_length() - 1]
    return _on_lines(on, pieces & ~rank, lines - 1, spare) or _on_lines(on, pieces & ~suit, lines - 1, spare)


def _may_pair_up(natural: bytes, wild: int) -> bool:
    """A quick bound before the pairs count: two pieces pair only if they stand for the same rank
    (or one is wild), so each rank held an odd number of times leaves a piece out unless a wild
    takes it; more than one such piece left means no seven-pairs finish."""
    return (_rank_counts(natural) & RANKS).bit_count() - wild <= 1


def may_finish_with_melds(rules: MeldRules, faces: Sequence[int], wilds: Wilds) -> bool:
    """``False`` only when no discard from ``faces`` leaves a hand of sets and runs: two or more
    natural pieces fit in no set or run of three (see the module docstring)."""
    natural = naturals(faces, wilds)
    return NO_IDENTITY in natural or _may_meld(rules, natural, natural.count(WILD))


def may_finish_with_wilds(rules: MeldRules, faces: Sequence[int], wilds: Wilds) -> bool:
    """``False`` only when ``faces`` hold one or two wilds and the wilds test (see the module
    docstring) finds no discard that leaves a hand of sets and runs."""
    natural = naturals(faces, wilds)
    wild = natural.count(WILD)
    return NO_IDENTITY in natural or wild not in WILDS_TESTED or _may_meld_with_wilds(rules, natural, wild)


def finishes(profile: HandProfile, faces: Sequence[int], wilds: Wilds) -> dict[int, list[WinKind]]:
    """Exactly :func:`rummykit.solvers.report.finishes` (each distinct face whose discard leaves a
    whole hand, with how it lays down, in order of first appearance): the solver's one search for
    the meld finishes where the melds test (and with one or two wilds, the wilds test) allows any, and
    the per-discard pairs count only where the pairs test allows a pairs finish (see the module
    docstring)."""
    natural = naturals(faces, wilds)
    if NO_IDENTITY in natural:
        return exact_finishes(profile, faces, wilds)
    wild = natural.count(WILD)
    if (
        profile.pairs_win
        and len(faces) == SEVEN_PAIRS + 1
        and _may_pair_up(natural, wild)
        and profile.solver().pairs_left(faces, wilds) == 1
    ):
        return exact_finishes(profile, faces, wilds)
    if not _may_meld(profile.meld_rules, natural, wild):
        return {}
    if wild in WILDS_TESTED and not _may_meld_with_wilds(profile.meld_rules, natural, wild):
        return {}
    return {face: [WinKind.MELDS] for face in profile.solver().meld_finishes(faces, wilds)}
