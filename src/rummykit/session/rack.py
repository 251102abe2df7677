"""The player's own order of the pieces held: a row of slots the player arranges.

The engine knows a hand as a multiset; the order on the rack is the player's alone. A :class:`Rack`
keeps it in slots: with ``capacity=None`` (the terminal) the slots are one row without gaps, the
pieces in order; with a capacity (the browser's two rows of slots) gaps are kept where the player
leaves them. :meth:`Rack.sync` follows the hand after every action: pieces that left are taken from
the right end first, new pieces land in a free slot (right of the last piece when there is one,
else the first free slot), and a new round starts from the hand sorted by suit (colour) and rank.
:meth:`Rack.sort` arranges the rack by the solver's melds (``runs``, ``sets``), ``pairs``,
``rank`` or suit; :meth:`Rack.move` moves one piece to a slot; :func:`groups` finds the runs of
adjacent slots that form melds (the brackets a client draws under them).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache

from rummykit.core.melds import Meld, MeldKind, MeldRules, Wilds, validate_meld
from rummykit.core.notation import format_face
from rummykit.core.pieces import JOKER, Kind, rank_of, suit_of
from rummykit.errors import IllegalActionError, MeldError
from rummykit.session.messages import SessionError
from rummykit.solvers.arrange import Arrangement
from rummykit.solvers.report import HandProfile

CARD_SUIT_ORDER = (0, 1, 3, 2)
"""Sorting cards by suit: spades, hearts, clubs, diamonds (black and red alternate)."""
SORT_WAYS = ("runs", "sets", "pairs", "rank", "suit")
"""Every way :meth:`Rack.sort` knows."""
PAIRS_SHOWN = 4
"""Adjacent pairs are grouped (instead of melds) from this many on: a pairs hand in the making."""
GROUPS_KEPT = 65536
"""Answers of whether a window of rack slots forms a meld that are kept (the oldest forgotten)."""

SortKey = Callable[[int], tuple[int, int]]


def colour_key(kind: Kind) -> SortKey:
    """Sort key of ``kind``'s faces: suit (colour; cards spades, hearts, clubs, diamonds), then rank;
    jokers last."""
    order = CARD_SUIT_ORDER if kind is Kind.CARDS else (0, 1, 2, 3)

    def key(face: int) -> tuple[int, int]:
        return (9, 0) if face == JOKER else (order[suit_of(face)], rank_of(face))

    return key


def number_key(kind: Kind) -> SortKey:
    """Sort key of ``kind``'s faces: rank, then suit (colour); jokers last."""
    colour = colour_key(kind)

    def key(face: int) -> tuple[int, int]:
        return (99, 0) if face == JOKER else (rank_of(face), colour(face)[0])

    return key


class Rack:
    """The player's order of the pieces held (faces), in slots.

    ``kind`` (tiles or cards) gives the suit order; ``capacity`` is the number of slots (``None``: a
    row without gaps that grows as needed). ``slots[i]`` is the face in slot ``i`` or ``None`` (a
    gap). :attr:`order` is the faces left to right, gaps skipped. ``word`` is what the game calls
    the pieces held (``rack`` or ``hand``), for messages.
    """

    def __init__(self, kind: Kind, capacity: int | None = None, word: str = "rack") -> None:
        if capacity is not None and capacity < 1:
            raise ValueError(f"a rack has at least one slot, not {capacity}")
        self.kind = kind
        self.word = word
        self.capacity = capacity
        self.slots: list[int | None] = []
        self.round_no: int | None = None

    # ------------------------------------------------------------------ reading
    @property
    def order(self) -> list[int]:
        """The faces left to right (gaps skipped)."""
        return [f for f in self.slots if f is not None]

    def _fill(self, faces: Sequence[int], gaps_after: Sequence[int] = ()) -> None:
        """The slots holding ``faces`` from the first one; a gap after each index of ``gaps_after``
        while there is room for it."""
        slots: list[int | None] = []
        room = 0 if self.capacity is None else self.capacity - len(faces)
        for i, face in enumerate(faces):
            slots.append(face)
            if i in gaps_after and room > 0 and i < len(faces) - 1:
                slots.append(None)
                room -= 1
        if self.capacity is not None:
            slots += [None] * (self.capacity - len(slots))
        self.slots = slots

    # ------------------------------------------------------------------ following the hand
    def sync(self, hand: Sequence[int], round_no: int) -> list[int]:
        """Bring the rack in line with ``hand`` (faces) in round ``round_no``; return the faces that
        arrived (none at a new round, which starts from the hand sorted by suit and rank)."""
        if round_no != self.round_no:
            self.round_no = round_no
            self._fill(sorted(hand, key=colour_key(self.kind)))
            return []
        surplus = Counter(self.order) - Counter(hand)
        for face, count in surplus.items():
            for _ in range(count):
                index = len(self.slots) - 1 - self.slots[::-1].index(face)
                self.slots[index] = None
        if self.capacity is None:
            self.slots = [f for f in self.slots if f is not None]
        missing = Counter(hand) - Counter(self.order)
        arrived: list[int] = []
        for face in hand:
            if missing[face] > 0:
                missing[face] -= 1
                arrived.append(face)
        for face in arrived:
            self.slots[self._free_slot()] = face
        return arrived

    def _free_slot(self) -> int:
        """Where a new piece lands: the first gap right of the last piece, else the first gap,
        else a new slot at the right."""
        occupied = [i for i, f in enumerate(self.slots) if f is not None]
        start = occupied[-1] + 1 if occupied else 0
        for i in list(range(start, len(self.slots))) + list(range(start)):
            if self.slots[i] is None:
                return i
        self.slots.append(None)
        return len(self.slots) - 1

    # ------------------------------------------------------------------ the player's changes
    def slot_of(self, face: int) -> int:
        """The leftmost slot holding ``face``; raises :class:`IllegalActionError` (code
        ``not_held``) when the rack holds none."""
        if face not in self.slots:
            raise IllegalActionError("rack_not_held", piece=format_face(self.kind, face))
        return self.slots.index(face)

    def move(self, source: int, target: int) -> None:
        """The piece in slot ``source`` moved to slot ``target`` (0-based). A free target takes it;
        an occupied one makes room by shifting the pieces from it toward the nearest gap (right
        first). In a row without gaps this is taking the piece out and putting it back at
        ``target``. Raises :class:`SessionError` for a slot that doesn't exist or is empty."""
        size = len(self.slots)
        for slot in (source, target):
            if not 0 <= slot < size:
                raise SessionError("rack_no_position", position=slot + 1, rack=self.word, size=size)
        face = self.slots[source]
        if face is None:
            raise SessionError("rack_empty_position", position=source + 1)
        self.slots[source] = None
        if self.slots[target] is not None:
            right = next((i for i in range(target + 1, size) if self.slots[i] is None), None)
            if right is not None:
                self.slots[target + 1 : right + 1] = self.slots[target:right]
            else:
                left = max(i for i in range(target) if self.slots[i] is None)
                self.slots[left:target] = self.slots[left + 1 : target + 1]
        self.slots[target] = face

    def sort(self, how: str, profile: HandProfile, wilds: Wilds) -> None:
        """Arrange the rack ``how`` (one of :data:`SORT_WAYS`): ``runs``/``sets`` (the solver's
        best melds side by side, runs or sets first, the rest by suit or by rank), ``pairs`` (the
        most pairs, the rest by suit), ``rank`` (by number, then suit), ``suit`` (by suit, then
        number). With slots to spare, a gap is left after each meld."""
        faces, colour, number = self.order, colour_key(self.kind), number_key(self.kind)
        if how not in SORT_WAYS:
            raise SessionError("rack_no_sort", how=how[:20], ways=list(SORT_WAYS))
        if how in ("rank", "suit"):
            self._fill(sorted(faces, key=number if how == "rank" else colour))
            return
        solver = profile.solver()
        arrangement: Arrangement
        if how == "pairs":
            arrangement = solver.pairs(faces, wilds)
            melds = sorted(arrangement.melds, key=lambda m: colour(m.stands_for[0]))
            key = colour
        else:
            arrangement = solver.arrange(faces, wilds, profile.objective)
            first = MeldKind.RUN if how == "runs" else MeldKind.SET
            key = colour if how == "runs" else number
            melds = sorted(arrangement.melds, key=lambda m: (m.kind is not first, key(m.stands_for[0])))
        rest = sorted(arrangement.ungrouped, key=lambda f: (wilds.is_wild(f), key(f)))
        ordered = [f for m in melds for f in m.faces]
        ends = [len(ordered) - 1] if not melds else []
        at = -1
        for meld in melds:
            at += len(meld.faces)
            ends.append(at)
        self._fill([*ordered, *rest], gaps_after=ends if melds else ())


def groups(
    faces: Sequence[int | None], meld_rules: MeldRules, wilds: Wilds, pairs: bool
) -> list[tuple[int, int]]:
    """Runs of adjacent slots ``[start, end)`` whose pieces form melds, chosen to cover as many
    pieces as possible; with ``pairs`` (a game that lays down pairs), adjacent pairs instead when
    there are at least :data:`PAIRS_SHOWN` of them and they cover more. A gap ends a group."""
    melds = _segments(faces, range(3, 14), meld_rules, wilds, allow_pair=False)
    if not pairs:
        return melds
    paired = _segments(faces, range(2, 3), meld_rules, wilds, allow_pair=True)
    covered = [sum(end - start for start, end in found) for found in (melds, paired)]
    return paired if len(paired) >= PAIRS_SHOWN and covered[1] > covered[0] else melds


def _segments(
    faces: Sequence[int | None], sizes: range, meld_rules: MeldRules, wilds: Wilds, allow_pair: bool
) -> list[tuple[int, int]]:
    n = len(faces)
    cover = [0] * (n + 1)
    choice: list[int | None] = [None] * (n + 1)
    for i in range(n - 1, -1, -1):
        cover[i], choice[i] = cover[i + 1], None
        for size in sizes:
            j = i + size
            if j > n or size + cover[j] <= cover[i]:
                continue
            window = faces[i:j]
            pieces = [f for f in window if f is not None]
            if len(pieces) == size and _is_group(tuple(pieces), meld_rules, wilds, allow_pair):
                cover[i], choice[i] = size + cover[j], j
    out: list[tuple[int, int]] = []
    at = 0
    while at < n:
        end = choice[at]
        if end is None:
            at += 1
        else:
            out.append((at, end))
            at = end
    return out


@lru_cache(maxsize=GROUPS_KEPT)
def _is_group(faces: tuple[int, ...], meld_rules: MeldRules, wilds: Wilds, allow_pair: bool) -> bool:
    """Whether ``faces`` in this order form a meld (a pair only with ``allow_pair``); the answers
    kept, as a rack's windows are asked again at every redraw."""
    try:
        meld: Meld = validate_meld(list(faces), meld_rules, wilds, allow_pair=allow_pair)
    except MeldError:
        return False
    return allow_pair or meld.kind is not MeldKind.PAIR


__all__ = ["PAIRS_SHOWN", "SORT_WAYS", "Rack", "colour_key", "groups", "number_key"]
