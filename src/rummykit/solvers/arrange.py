"""The exact hand solver: arrangement, winning check, finishes and maximum meld value.

Hands are sequences of faces (see :mod:`rummykit.core.pieces`). The solver turns a hand into face
counts (two bits a face, packed in one ``int``) plus a number of wilds, and searches depth first:
the lowest face left is either left ungrouped or the anchor of one meld *template* (a set of 3 or 4,
or a run of 3 to 5; longer runs are unions of these). A template's other positions take a natural
piece when one is left and a wild otherwise. Results are memoised per state, so the search is exact
and never heuristic. Rules specs: the "Combinations" and "Finishing" sections of ``okey.md`` and
``turkish-rummy.md``, "Melds" and "Opening" of ``kalooki.md``, "Melds" of ``carousel.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from itertools import combinations
from operator import attrgetter
from struct import Struct

from rummykit.core.melds import (
    HIGH_ACE,
    CardValues,
    Meld,
    MeldKind,
    MeldRules,
    PairRule,
    Wilds,
    build_run,
    merge_runs,
)
from rummykit.core.pieces import JOKER, N_FACES, N_RANKS, N_SUITS, make_face, rank_of, suit_of
from rummykit.memo import bound, keep

MAX_TEMPLATE_RUN = 5
MEMO_LIMIT = 400_000
"""States a search memo (and each of the other per-state tables) keeps before it is emptied; every
bound here is scaled by :func:`rummykit.memo.set_scale` (:func:`rummykit.memo.bound`)."""
FIT_LIMIT = 20_000
"""Entries kept per anchor slot and number of wilds in the table of the templates that fit."""
_UNITS_KEPT = 1_000
"""Rounds' wilds whose packing table :meth:`HandSolver._pack` keeps."""
WALKS_KEPT = 50_000
"""Arrangements of searched states that :meth:`HandSolver._arranged` keeps before it forgets them
all."""


class Objective(StrEnum):
    """What an arrangement optimises.

    ``PIECES``: fewest ungrouped pieces (Okey, Turkish Rummy). ``DEADWOOD``: fewest points left in
    hand (Kalooki, Carousel; needs card values). ``MELD_VALUE``: largest total value of the melds
    (Kalooki's opening; needs card values).
    """

    PIECES = "pieces"
    DEADWOOD = "deadwood"
    MELD_VALUE = "meld_value"


class WinKind(StrEnum):
    """How a winning hand is laid down: all sets and runs, or seven pairs."""

    MELDS = "melds"
    PAIRS = "pairs"


@dataclass(frozen=True)
class Arrangement:
    """A partition of a hand: ``melds`` and the ``ungrouped`` faces left out.

    ``score`` is what the objective counts: pieces melded (``PIECES``), points melded
    (``DEADWOOD``: the hand's value minus the deadwood) or the melds' value (``MELD_VALUE``).
    ``kind`` is ``MELDS`` or, for a seven-pairs style partition, ``PAIRS``.
    """

    melds: tuple[Meld, ...]
    ungrouped: tuple[int, ...]
    score: int
    kind: WinKind = WinKind.MELDS


def keeping_one(arrange: Callable[[Sequence[int]], Arrangement], hand: Sequence[int]) -> Arrangement:
    """The best arrangement of ``hand`` that leaves at least one piece out (for the final discard,
    in a game where melds must keep one), ``arrange`` answering for a hand (a solver's
    :meth:`HandSolver.arrange` under one objective and wilds): the best arrangement when it leaves
    one out, else the best of the hands one piece short (an arrangement leaving a piece out is one
    of theirs; an empty hand's is its own)."""
    best = arrange(hand)
    if best.ungrouped or not hand:
        return best
    options = []
    for face in dict.fromkeys(hand):
        rest = list(hand)
        rest.remove(face)
        options.append(arrange(rest))
    return max(options, key=_SCORE)


_SCORE: Callable[[Arrangement], int] = attrgetter("score")
"""An arrangement's score."""


@dataclass(frozen=True)
class _Template:
    kind: MeldKind
    suit: int
    positions: tuple[int, ...]
    faces: tuple[int, ...]
    others: tuple[int, ...]
    """Faces of the positions other than the anchor's."""
    anchor_index: int


_State = tuple[int, int]
_Walk = tuple[tuple[Meld, ...], int, tuple[int, ...]]
"""What :meth:`HandSolver._rebuild` walks from a state: its melds (runs merged), the naturals it
leaves out (packed counts) and the wild pieces it leaves out."""
_Choice = tuple[int, tuple[int, ...]] | None
"""A state's best choice: ``None`` (its anchor left out), or (the index of the anchor's template,
the naturals it gives back for wilds to take their places). The memo and the fit tables keep a
choice as its id in the solver's :meth:`HandSolver._choice_id` table: 0 for ``None``, ``i + 1``
for template ``i`` with nothing given back."""
_CHOICE_BITS = 20
"""The bits of a memo entry below its score: the choice's id."""
_CHOICE_MASK = (1 << _CHOICE_BITS) - 1
_Memo = list[dict[int, int]]
"""A search memo: by number of wilds (below ``_MAX_WILDS``), by packed natural counts, the state's
best score and choice as one int, ``score << _CHOICE_BITS | choice id``. Ints, not pairs: a dict
holding only ints and strings is one the garbage collector stops tracking (and scanning) once it has
looked at it, and adding an int keeps it so, where every new pair would make it tracked again, so
each full collection would scan the memo's hundreds of thousands of entries."""
_MAX_WILDS = 8


_LANE = 16
"""Slots per suit in the packed counts: face ``f`` of rank ``r`` sits at slot ``16 * suit + r``
(slots 0, 14 and 15 of every suit stay empty), so that shifting by one rank never crosses suits."""
_SLOT = tuple(suit_of(f) * _LANE + rank_of(f) for f in range(N_FACES))
_SLOT_FACE = tuple(
    make_face(slot // _LANE, slot % _LANE) if 1 <= slot % _LANE <= N_RANKS else -1
    for slot in range(N_SUITS * _LANE)
)
_UNITS = tuple(1 << (2 * slot) for slot in _SLOT)
_UNIT_AT = tuple(1 << (2 * slot) for slot in range(N_SUITS * _LANE))
"""The unit of each slot of the packed counts."""
_COUNT_BITS = tuple(3 * unit for unit in _UNITS)
"""Both bits of every face's count: ``key & _COUNT_BITS[f]`` is non-zero when ``f`` is present."""
_FIRST_UNITS = sum(_UNITS)
"""The unit (lowest) bit of every face's two-bit count: ``(k | k >> 1) & _FIRST_UNITS`` has a unit
at each face present in the packed counts ``k``."""
_ACE_UNITS = sum(_UNITS[make_face(s, 1)] for s in range(N_SUITS))
_ACE_TO_HIGH = 2 * (HIGH_ACE - 1)
"""Shift from an ace's slot to the empty slot after its suit's king (the ace played high)."""
_SUIT_BITS = 2 * _LANE
_ALL_LANES = (1 << (N_SUITS * _SUIT_BITS)) - 1
_WILD_SKIP = 1 << (2 * N_SUITS * _LANE)
"""The bit of :meth:`HandSolver._skips` for leaving out a wild (above every face's units)."""


def _naturals(key: int) -> int:
    """How many pieces the packed counts ``key`` hold."""
    return (key & _FIRST_UNITS).bit_count() + 2 * ((key >> 1) & _FIRST_UNITS).bit_count()


_CHUNKS = Struct(f"<{N_SUITS * _LANE // 8}H")
"""The packed counts as 16-bit chunks of eight slots each."""
_chunk_faces: dict[int, tuple[int, ...]] = {}
"""The faces of one chunk (its counts shifted left by three bits, plus its index), each copy."""


def _listed(key: int) -> list[int]:
    """The faces of the packed counts ``key`` in slot order (suit by suit, rank by rank), each face
    as many times as ``key`` counts it: one lookup per eight slots holding any, not a loop per face."""
    out: list[int] = []
    for index, chunk in enumerate(_CHUNKS.unpack(key.to_bytes(_CHUNKS.size, "little"))):
        if chunk:
            at = chunk << 3 | index
            faces = _chunk_faces.get(at)
            if faces is None:
                if len(_chunk_faces) > bound(MEMO_LIMIT):
                    _chunk_faces.clear()
                faces = _chunk_faces[at] = tuple(
                    _SLOT_FACE[8 * index + j] for j in range(8) for _ in range((chunk >> 2 * j) & 3)
                )
            out += faces
    return out


@cache
def _templates(rules: MeldRules) -> tuple[tuple[_Template, ...], ...]:
    """For every face, the melds (sets of 3-4, runs of 3-5) it can anchor, fewest pieces first."""
    table: list[list[_Template]] = [[] for _ in range(N_FACES)]
    for face in range(N_FACES):
        suit, rank = suit_of(face), rank_of(face)
        sizes = range(3, min(rules.set_max, MAX_TEMPLATE_RUN) + 1)
        if rules.set_distinct:
            others = [s for s in range(N_SUITS) if s != suit]
            suit_groups = [(suit, *c) for n in sizes for c in combinations(others, n - 1)]
        else:
            suit_groups = [(suit, *c) for n in sizes for c in _multisets(n - 1)]
        for group in suit_groups:
            faces = tuple(make_face(s, rank) for s in sorted(group))
            i = faces.index(face)
            rest = faces[:i] + faces[i + 1 :]
            table[face].append(_Template(MeldKind.SET, suit, (rank,) * len(faces), faces, rest, i))
        spots = [rank] + ([HIGH_ACE] if rank == 1 and rules.ace_high else [])
        for length in range(3, MAX_TEMPLATE_RUN + 1):
            for spot in spots:
                for lo in range(spot - length + 1, spot + 1):
                    hi = lo + length - 1
                    if lo < 1 or hi > rules.top:
                        continue
                    positions = tuple(range(lo, hi + 1))
                    faces = tuple(make_face(suit, 1 if p == HIGH_ACE else p) for p in positions)
                    i = positions.index(spot)
                    rest = faces[:i] + faces[i + 1 :]
                    table[face].append(_Template(MeldKind.RUN, suit, positions, faces, rest, i))
        table[face].sort(key=lambda t: len(t.faces))
    return tuple(tuple(row) for row in table)


_Search = Callable[[int, int, int], int]
"""A memoised search: the best score from (packed naturals, wilds, the naturals' weight)."""
_Fit = tuple[int, int, int, int, int]
"""A template that fits a state, as :meth:`HandSolver._fit` lists it."""

_PointFit = tuple[int, int, int, int, int, tuple[tuple[int, int, int, int, int], ...]]
"""A template that fits a state, as :meth:`HandSolver._point_fit` lists it: (units it takes from
the naturals, wilds it needs, the weight of the naturals it melds (the anchor's too), its score,
the memo's choice id, and the wild swaps the ``DEADWOOD`` search tries after it: (choice id, score,
weight given back, units given back, wilds))."""

_Record = tuple[int, int, int, int, tuple[int, ...]]
"""A template as the search reads it: (index in its anchor's row, units of its other faces, number
of other faces, the memo's choice id for it, units of the faces it holds twice and three times (sets
of one suit repeated; empty for every other template))."""


@cache
def _template_groups(rules: MeldRules) -> tuple[tuple[tuple[_Record, ...], ...], ...]:
    """For every anchor face, its templates as records, grouped by length (3, 4, 5), in the order
    of :func:`_templates`. Every template of length ``n + 1`` holds one of length ``n`` with the same
    anchor (a set less one other piece, a run less an end that is not the anchor's), which misses
    no more pieces: when no template of one length fits the wilds, no longer one does."""
    out = []
    for row in _templates(rules):
        groups: dict[int, list[_Record]] = {}
        for index, t in enumerate(row):
            units = sum(_UNITS[g] for g in set(t.others))
            extra = tuple(
                sum(_UNITS[g] for g in set(t.others) if t.others.count(g) >= times) for times in (2, 3)
            )
            record = (index, units, len(t.others), index + 1, extra if any(extra) else ())
            groups.setdefault(len(t.faces), []).append(record)
        out.append(tuple(tuple(group) for _, group in sorted(groups.items())))
    return tuple(out)


def _last(faces: Sequence[int], face: int) -> int:
    """Where ``face`` last appears in ``faces``."""
    return max(i for i, f in enumerate(faces) if f == face)


def _union(masks: Iterable[int]) -> int:
    out = 0
    for mask in masks:
        out |= mask
    return out


def _take(others: Sequence[int], rest: int, weight: list[int]) -> tuple[int, int, list[int]]:
    """A template's other faces taken from the naturals ``rest`` one by one (a face it holds twice
    taken twice when present twice): (what is left, the weight taken, the faces taken in order)."""
    taken = 0
    avail: list[int] = []
    for g in others:
        if (rest >> (2 * _SLOT[g])) & 3:
            rest -= _UNITS[g]
            taken += weight[g]
            avail.append(g)
    return rest, taken, avail


def _repeated(found: int, count: int, extra: tuple[int, ...], rest: int) -> tuple[int, int]:
    """``(found, count)`` of a template that holds faces more than once (``extra``, see
    :data:`_Record`), given those found once: the faces of ``rest`` it also takes a second and a
    third time."""
    twice = extra[0] & (rest >> 1) & _FIRST_UNITS
    thrice = extra[1] & rest & (rest >> 1) & _FIRST_UNITS
    return found + twice + thrice, count + twice.bit_count() + thrice.bit_count()


def _multisets(n: int) -> list[tuple[int, ...]]:
    """Suit multisets of size ``n`` (sets with repeated suits allowed), each copy at most twice."""
    out: list[tuple[int, ...]] = []

    def grow(prefix: tuple[int, ...], start: int) -> None:
        if len(prefix) == n:
            out.append(prefix)
            return
        for s in range(start, N_SUITS):
            grow((*prefix, s), s)

    grow((), 0)
    return out


@cache
def solver_for(rules: MeldRules, values: CardValues | None = None) -> HandSolver:
    """The shared :class:`HandSolver` for ``rules`` and ``values`` (built once per process)."""
    return HandSolver(rules, values)


class HandSolver:
    """Exact solver for one variant's :class:`MeldRules` (and card values, for point objectives).

    All methods take a hand as a sequence of faces and the round's :class:`Wilds`; they raise
    :class:`rummykit.errors.MeldError` for a joker face that has no meaning (``F`` with no
    indicator).
    """

    def __init__(self, rules: MeldRules, values: CardValues | None = None) -> None:
        self.rules = rules
        self.values = values
        self._templates = _templates(rules)
        self._groups = _template_groups(rules)
        self._slot_groups = [self._groups[f] if f >= 0 else () for f in _SLOT_FACE]
        self._choices: list[_Choice] = [None, *((i, ()) for i in range(max(map(len, self._templates))))]
        """Every choice by its id (see :data:`_Choice`)."""
        self._choice_ids = {choice: i for i, choice in enumerate(self._choices)}
        self._by_count = not rules.set_distinct
        """Whether a template can hold a face twice (sets of repeated suits), so that which
        templates fit a state depends on the counts of its faces, not only on which are present."""
        self._support = [
            (3 if self._by_count else 1) * _union(r[1] for group in self._groups[f] for r in group)
            if f >= 0
            else 0
            for f in _SLOT_FACE
        ]
        """By slot: the units of every other face of the anchor's templates (both count bits with
        ``_by_count``); which templates fit depends only on those and the wilds (see :meth:`_fit`)."""
        self._fit_tables: list[dict[int, tuple[_Fit, ...]]] = [{} for _ in range(N_SUITS * _LANE << 3)]
        """:meth:`_fit` by ``slot << 3 | wilds`` (wilds below 8, as in the memo's states), then by
        :meth:`_fit_key`."""
        self._point_fit_tables: dict[Objective, list[dict[int, tuple[_PointFit, ...]]]] = {}
        """:meth:`_point_fit` per objective, laid out as ``_fit_tables``."""
        self._units: dict[int, tuple[Wilds, list[int]]] = {}
        """By the ``id`` of the round's wilds (kept with them, which keeps the id theirs): each
        face's unit in the packed counts (0 for a wild; a false joker's, its natural's), for
        :meth:`_pack` (looked up by identity: hashing the wilds costs more than packing a hand)."""
        self._built_melds: dict[tuple[int, int, tuple[int, ...]], Meld] = {}
        """The melds :meth:`_rebuild` made, by (anchor slot, template index, pieces played): a meld
        is immutable, so the same one is handed out again rather than built again."""
        self._built_pairs: dict[tuple[int, int, int], Meld] = {}
        """The pairs :meth:`_pair` made, by (piece, piece, face they stand for)."""
        """By the round's wilds: each face's unit in the packed counts (0 for a wild; a false
        joker's, its natural's), for :meth:`_pack`."""
        self._walks: dict[Objective, dict[tuple[int, tuple[int, ...]], tuple[int, *_Walk]]] = {
            objective: {} for objective in Objective
        }
        """By objective, then by (a state's packed naturals, its wild pieces in hand order): the
        search's score and :meth:`_rebuild`'s walk in one tuple (keys of ints only, which the
        garbage collector stops tracking), for hands where no natural is shown by another face
        (:meth:`_pack`'s ``shown`` empty); both depend on nothing else (a state's best score and
        choice are the same whichever search filled the memo), so :meth:`_arranged` asks again
        for neither when a hand differs from an earlier one only by naturals no template takes.
        Emptied past :data:`WALKS_KEPT` entries."""
        self._near = [3 * _union(r[1] for r in self._groups[f][0]) if f >= 0 else 0 for f in _SLOT_FACE]
        """By slot: both count bits of every other face of the anchor's templates of three. With
        fewer than two wilds no template fits unless one of them is present (see
        :func:`_template_groups`)."""
        self._pairs_by_face = rules.pair_rule is PairRule.IDENTICAL and rules.wild_in_pairs
        """Pairs are two pieces of one face, and a wild pairs with anything: the naturals left out
        of the most pairs are those of a face held an odd number of times."""
        self._values_table: list[list[int]] | None = None
        self._value_masks: tuple[int, tuple[int, ...]] | None = None
        self._memos: dict[Objective, _Memo] = {}
        self._weight_tables: dict[Objective, tuple[list[int], int]] = {}
        self._searchers: dict[Objective, tuple[_Memo, _Search]] = {}
        self._spare_table: dict[int, int] = {}
        self._spare_fn: tuple[_Search, Callable[[int, int], int]] | None = None
        self._meld_table: dict[int, bool] = {}
        self._meld_fn: Callable[[int, int], bool] | None = None
        self._skip_table: dict[int, int] = {}
        self._skip_fn: Callable[[int, int], int] | None = None

    def __getstate__(self) -> dict[str, object]:
        """The solver's tables without its search functions (local functions don't pickle; each
        is built again on first use), so that a solver pickles after use as before it."""
        state = dict(self.__dict__)
        state.update(_searchers={}, _spare_fn=None, _meld_fn=None, _skip_fn=None)
        return state

    def _memo(self, objective: Objective) -> _Memo:
        """The search memo of ``objective``, shared by every hand: a state (natural counts, number
        of wilds) has the same best score and choice whatever the hand it came from and whichever
        faces are wild this round, and a bot asks about many hands that differ by one piece.
        Emptied when it grows past ``MEMO_LIMIT`` states."""
        memo = self._memos.get(objective)
        if memo is None or sum(map(len, memo)) > bound(MEMO_LIMIT):
            memo = self._memos[objective] = [{} for _ in range(_MAX_WILDS)]
        return memo

    def _choice_id(self, choice: _Choice) -> int:
        """The id of ``choice`` in ``_choices``, given on first use (a template index and a subset
        of its other faces: a few thousand at most)."""
        known = self._choice_ids.get(choice)
        if known is None:
            known = self._choice_ids[choice] = len(self._choices)
            if known > _CHOICE_MASK:
                raise RuntimeError("more solver choices than a memo entry holds")
            self._choices.append(choice)
        return known

    # ----------------------------------------------------------------- hands as counts
    def _pack(self, faces: Sequence[int], wilds: Wilds) -> tuple[int, list[int], dict[int, int]]:
        """(packed natural counts, wild pieces' faces, the natural faces shown by another face: a
        false joker's natural, when a false joker is the last piece of it in ``faces``). A natural
        ``g`` reads ``shown.get(g, g)``."""
        known = self._units.get(id(wilds))
        if known is None or known[0] is not wilds:
            known = keep(
                self._units,
                id(wilds),
                (
                    wilds,
                    [
                        0 if f in wilds.faces else _UNITS[f] if f != JOKER else _UNITS[wilds.joker_as or 0]
                        for f in range(JOKER + 1)
                    ],
                ),
                _UNITS_KEPT,
            )
        units = known[1]
        wild_faces = wilds.faces
        if len(wild_faces) == 1:
            # one wild face (the card games' joker, Okey's okey): its pieces, without a filter
            (only,) = wild_faces
            wild = [only] * faces.count(only)
        else:
            wild = list(filter(wild_faces.__contains__, faces))
        shown: dict[int, int] = {}
        if JOKER in faces and JOKER not in wild_faces:
            natural = wilds.natural(JOKER, self.rules.kind)
            if natural in wild_faces or natural not in faces or _last(faces, JOKER) > _last(faces, natural):
                shown[natural] = JOKER
        return sum(map(units.__getitem__, faces)), wild, shown

    def _isolated(self, key: int, w: int) -> int:
        """The packed counts of the naturals of ``key`` that no template can take with ``w`` wilds
        (each is left out in every arrangement of every state below ``key``), for sets of distinct
        suits and at most one wild; else 0.

        A template holding a face holds a template of three holding it that misses no more pieces
        (see :func:`_template_groups`): a face is taken only if two other suits of its rank, or the
        two other pieces of a run window of three around it, are present (one of them, with a wild).
        """
        if w > 1 or not self.rules.set_distinct:
            return 0
        here = (key | key >> 1) & _FIRST_UNITS
        if self.rules.ace_high:
            here |= (here & _ACE_UNITS) << _ACE_TO_HIGH
        # the same slots of the other three suits, each suit's lane turned by one, two, three lanes
        x = (here >> _SUIT_BITS | here << 3 * _SUIT_BITS) & _ALL_LANES
        y = (here >> 2 * _SUIT_BITS | here << 2 * _SUIT_BITS) & _ALL_LANES
        z = (here >> 3 * _SUIT_BITS | here << _SUIT_BITS) & _ALL_LANES
        above, below = here >> 2, here << 2
        if w == 0:
            runs = (above & here >> 4) | (below & above) | (below & here << 4)
            sets = (x & y) | (z & (x | y))
        else:
            runs = above | here >> 4 | below | here << 4
            sets = x | y | z
        taken = (runs | sets) & here
        taken |= (taken >> _ACE_TO_HIGH) & _ACE_UNITS
        alone = here & ~taken & _FIRST_UNITS
        return key & (alone | alone << 1)

    # ----------------------------------------------------------------- weights
    def _weights(self, objective: Objective) -> tuple[list[int], int]:
        """(score of melding a natural, by face; score of melding a wild) under ``objective``."""
        cached = self._weight_tables.get(objective)
        if cached is None:
            if objective is Objective.PIECES:
                cached = [1] * N_FACES, 1
            elif objective is Objective.DEADWOOD:
                values = self._need_values(objective)
                cached = [values.rank_value(rank_of(f)) for f in range(N_FACES)], values.joker
            else:
                cached = [0] * N_FACES, 0
            self._weight_tables[objective] = cached
        return cached

    def _need_values(self, objective: Objective) -> CardValues:
        if self.values is None:
            raise ValueError(f"objective {objective} needs card values")
        return self.values

    def _meld_values(self) -> list[list[int]]:
        """Value of every template (``MELD_VALUE``), by anchor face and template index."""
        if self._values_table is None:
            values = self._need_values(Objective.MELD_VALUE)
            self._values_table = [
                [sum(values.position_value(t.kind, p) for p in t.positions) for t in row]
                for row in self._templates
            ]
        return self._values_table

    def _all_wild_bonus(self, objective: Objective, count: int) -> int:
        if objective is not Objective.MELD_VALUE:
            return 0
        values = self._need_values(objective)
        top = self.rules.top
        return sum(values.position_value(MeldKind.RUN, p) for p in range(top - count + 1, top + 1))

    # ----------------------------------------------------------------- arrangement
    def arrange(
        self, faces: Sequence[int], wilds: Wilds, objective: Objective = Objective.PIECES
    ) -> Arrangement:
        """The best partition of ``faces`` into sets and runs under ``objective``.

        Exact: no other partition leaves fewer pieces (``PIECES``) or points (``DEADWOOD``)
        ungrouped, or melds more value (``MELD_VALUE``). Every piece is used at most once; each
        wild's assignment is in its meld's ``stands_for``.
        """
        key, wild, shown = self._pack(faces, wilds)
        return self._arranged(key, wild, shown, self._asked(objective, key, wild, shown))

    def _asked(self, objective: Objective, key: int, wild: list[int], shown: dict[int, int]) -> Objective:
        """The search that answers ``objective`` for a hand read by :meth:`_pack`: ``DEADWOOD``'s
        for ``MELD_VALUE`` when the hand has no wild and every meld of its naturals is worth the
        points it takes from the hand (:meth:`_value_is_points`), as then both searches make the
        same choices in every state (the same templates fit, each scoring the same, and the
        deadwood search's early stop at its ceiling keeps the first best: leaving out an anchor
        that has points scores less), so the arrangement, its score included, is the same and the
        deadwood search's memo and walks, which a bot has usually just filled for that hand, answer
        it; else ``objective``."""
        if objective is Objective.MELD_VALUE and not wild and not shown and self._value_is_points(key):
            return Objective.DEADWOOD
        return objective

    def _value_is_points(self, key: int) -> bool:
        """Whether every natural of the packed counts ``key`` has points in hand (``DEADWOOD``
        weight above 0) and no template of sets of distinct suits or runs that ``key`` holds whole
        is worth (``MELD_VALUE``) other than the points of its faces (Kalooki: an ace in a low run
        is worth 1 and counts 11 in hand, so A-2-3 of one suit held together says no)."""
        if self._by_count:
            return False
        if self._value_masks is None:
            self._value_masks = self._unlike_value_masks()
        no_points, unlike = self._value_masks
        present = (key | key >> 1) & _FIRST_UNITS
        return not present & no_points and all(present & faces != faces for faces in unlike)

    def _unlike_value_masks(self) -> tuple[int, tuple[int, ...]]:
        """(the faces without points in hand; the smallest templates worth other than their
        faces' points), each as the first units of its faces, for :meth:`_value_is_points`."""
        weight = self._weights(Objective.DEADWOOD)[0]
        worth = self._meld_values()
        no_points = sum(_UNITS[f] for f in range(N_FACES) if weight[f] <= 0)
        unlike = {
            sum(_UNITS[g] for g in t.faces)
            for anchor, row in enumerate(self._templates)
            for t, value in zip(row, worth[anchor], strict=True)
            if value != sum(weight[g] for g in t.faces)
        }
        smallest = tuple(m for m in unlike if not any(o != m and o & m == o for o in unlike))
        return no_points, smallest

    def arrange_or_pairs(
        self, faces: Sequence[int], wilds: Wilds, objective: Objective = Objective.PIECES
    ) -> tuple[Arrangement, bool, int]:
        """(:meth:`pairs` when it leaves fewer pieces out than :meth:`arrange`, else :meth:`arrange`;
        whether sets and runs take every piece; :meth:`pairs_left`), reading the hand once and
        building only the arrangement returned (under ``PIECES`` the search's score counts what
        sets and runs leave out, so their melds are rebuilt only when they are the answer)."""
        key, wild, shown = self._pack(faces, wilds)
        w = len(wild)
        if self._pairs_by_face:
            pairs_left = _pairs_left((key & _FIRST_UNITS).bit_count(), w)
        else:
            pairs_left = self.pairs_left(faces, wilds)
        if objective is not Objective.PIECES:
            arrangement = self._arranged(key, wild, shown, objective)
            melds_left = len(arrangement.ungrouped)
            if pairs_left < melds_left:
                return self.pairs(faces, wilds), False, pairs_left
            return arrangement, not melds_left, pairs_left
        alone = self._isolated(key, w)
        memo = self._memo(objective)
        total = self._search(key - alone, w, objective, memo)
        melds_left = len(faces) - total
        if pairs_left < melds_left:
            return self.pairs(faces, wilds), False, pairs_left
        return self._built(key - alone, alone, w, memo, wild, shown, total), not melds_left, pairs_left

    def _arranged(
        self, key: int, wild: list[int], shown: dict[int, int], objective: Objective
    ) -> Arrangement:
        """:meth:`arrange` of a hand read by :meth:`_pack` (its score and walk kept in ``_walks``
        when ``shown`` is empty)."""
        w = len(wild)
        alone = self._isolated(key, w)
        core = key - alone
        if shown:
            memo = self._memo(objective)
            return self._built(core, alone, w, memo, wild, shown, self._search(core, w, objective, memo))
        walks = self._walks[objective]
        at = (core, tuple(wild))
        known = walks.get(at)
        if known is None:
            memo = self._memo(objective)
            total = self._search(core, w, objective, memo)
            known = keep(walks, at, (total, *self._rebuild(core, w, memo, wild, shown)), WALKS_KEPT)
        total, melds, left, spare = known
        return Arrangement(melds, (*_listed(left + alone), *spare), total)

    def _built(
        self,
        key: int,
        alone: int,
        w: int,
        memo: _Memo,
        wild: list[int],
        shown: dict[int, int],
        total: int,
    ) -> Arrangement:
        """The arrangement of score ``total`` that :meth:`_rebuild` walks from ``key``, the
        naturals ``alone`` (packed counts) left out too."""
        melds, left, spare = self._rebuild(key, w, memo, wild, shown)
        listed = _listed(left + alone)
        ungrouped = [shown.get(g, g) for g in listed] if shown else listed
        return Arrangement(melds, (*ungrouped, *spare), total)

    def score(self, faces: Sequence[int], wilds: Wilds, objective: Objective = Objective.PIECES) -> int:
        """The best arrangement's ``score`` (pieces melded, points melded or meld value), without
        building its melds: the same search as :meth:`arrange`, for bots and finish checks."""
        key, wild, shown = self._pack(faces, wilds)
        alone = self._isolated(key, len(wild))
        objective = self._asked(objective, key, wild, shown)
        return self._search(key - alone, len(wild), objective, self._memo(objective))

    def left_out(self, faces: Sequence[int], wilds: Wilds, pairs: bool = False) -> int:
        """How many pieces the best partition into sets and runs leaves out (every piece counting
        one), or with ``pairs`` the fewer of that and what :meth:`pairs` leaves out; counted by the
        score-only search, no melds built."""
        key, wild, _ = self._pack(faces, wilds)
        w = len(wild)
        left = len(faces) - self._search(
            key - self._isolated(key, w), w, Objective.PIECES, self._memo(Objective.PIECES)
        )
        if not pairs or not left:
            return left
        if not self._pairs_by_face:
            return min(left, self.pairs_left(faces, wilds))
        return min(left, _pairs_left((key & _FIRST_UNITS).bit_count(), w))

    def _search(
        self,
        key: int,
        wilds: int,
        objective: Objective,
        memo: _Memo,
    ) -> int:
        """The best score from the packed naturals ``key`` and ``wilds`` wilds, filling ``memo``
        with each state's best choice (the caller rebuilds from the same memo, so it is fetched
        once, before a reset could empty it)."""
        if objective is Objective.PIECES:
            return self._search_pieces(key, wilds, memo)
        hit = memo[wilds].get(key)
        if hit is not None:
            return hit >> _CHOICE_BITS
        weight = self._weights(objective)[0]
        # MELD_VALUE weighs no natural (the value is in the templates): its naturals' weight is 0
        room = sum(map(weight.__getitem__, _listed(key))) if objective is Objective.DEADWOOD else 0
        return self._searcher(objective, memo)(key, wilds, room)

    def _searcher(self, objective: Objective, memo: _Memo) -> _Search:
        """The memoised search of ``objective`` filling ``memo``, as a function of (naturals,
        wilds, the naturals' weight); built once per memo (the function refers to itself, so one
        built per call would leave a reference cycle per call to the garbage collector)."""
        cached = self._searchers.get(objective)
        if cached is None or cached[0] is not memo:
            search = (
                self._pieces_best(memo)
                if objective is Objective.PIECES
                else self._points_best(objective, memo)
            )
            cached = self._searchers[objective] = (memo, search)
        return cached[1]

    def _points_best(self, objective: Objective, memo: _Memo) -> _Search:
        """The search of :meth:`_search` for the point objectives (``DEADWOOD``, ``MELD_VALUE``)."""
        weight_of, wild_score = self._weights(objective)
        tables = self._point_tables(objective)
        fit = self._point_fit
        unit_at = _UNIT_AT
        support = self._support
        by_count = self._by_count
        bounded = objective is Objective.DEADWOOD
        slot_weight = [weight_of[f] if f >= 0 else 0 for f in _SLOT_FACE]
        bits = _CHOICE_BITS

        def best(k: int, w: int, room: int) -> int:
            """Best score from naturals ``k`` and ``w`` wilds; ``room``: the naturals' weight."""
            known = memo[w]
            hit = known.get(k)
            if hit is not None:
                return hit >> bits
            if k == 0:
                score = (w * wild_score + self._all_wild_bonus(objective, w)) if w >= 3 else 0
                known[k] = score << bits
                return score
            slot = ((k & -k).bit_length() - 1) >> 1
            rest = k - unit_at[slot]
            key = (rest if by_count else rest | rest >> 1) & support[slot]
            fits = tables[slot << 3 | w].get(key)
            if fits is None:
                fits = fit(objective, slot, rest, w, key)
            ceiling = room + w * wild_score if bounded else -1
            top_score = -1
            top_choice = 0
            for found, need, taken, gained, plain, swaps in fits:
                rest_room = room - taken
                k2 = rest - found
                score = gained + best(k2, w - need, rest_room)
                if score > top_score:
                    top_score, top_choice = score, plain
                for choice, extra, back, units, n in swaps:
                    score = extra + best(k2 + units, w - need - n, rest_room + back)
                    if score > top_score:
                        top_score, top_choice = score, choice
                if top_score == ceiling:
                    known[k] = top_score << bits | top_choice
                    return top_score
            alone = best(rest, w, room - slot_weight[slot])
            if alone >= top_score:
                top_score, top_choice = alone, 0
            known[k] = top_score << bits | top_choice
            return top_score

        return best

    def _point_tables(self, objective: Objective) -> list[dict[int, tuple[_PointFit, ...]]]:
        """:meth:`_point_fit`'s answers under ``objective``, by ``slot << 3 | wilds``, then by
        :meth:`_fit_key` (kept for every hand and memo)."""
        tables = self._point_fit_tables.get(objective)
        if tables is None:
            tables = self._point_fit_tables[objective] = [{} for _ in self._fit_tables]
        return tables

    def _point_fit(
        self, objective: Objective, slot: int, rest: int, w: int, key: int
    ) -> tuple[_PointFit, ...]:
        """The templates anchored at ``slot`` that fit the naturals ``rest`` (a state less its
        anchor) with ``w`` wilds, in the search's order (see :func:`_template_groups`; every
        template, none merged, as their scores may differ), each as :data:`_PointFit` under
        ``objective``: what the points search does with it depends on nothing else. Kept in
        :meth:`_point_tables` at ``key`` (:meth:`_fit_key`); each table is emptied past
        ``FIT_LIMIT`` entries."""
        weight, wild_score = self._weights(objective)
        anchor = _SLOT_FACE[slot]
        row = self._templates[anchor]
        bonuses = self._meld_values()[anchor] if objective is Objective.MELD_VALUE else None
        fits: list[_PointFit] = []
        for index, _, _, need, plain in self._fitting(slot, rest, w):
            k2, taken, avail = _take(row[index].others, rest, weight)
            gained = weight[anchor] + taken + need * wild_score + (bonuses[index] if bonuses else 0)
            swaps = []
            if objective is Objective.DEADWOOD:
                for n in range(1, w - need + 1):
                    for swap in combinations(avail, n):
                        back = sum(weight[g] for g in swap)
                        units_back = sum(_UNITS[g] for g in swap)
                        choice = self._choice_id((index, swap))
                        swaps.append((choice, gained + n * wild_score - back, back, units_back, n))
            fits.append((rest - k2, need, weight[anchor] + taken, gained, plain, tuple(swaps)))
        return keep(self._point_tables(objective)[slot << 3 | w], key, tuple(fits), FIT_LIMIT)

    def _fit_key(self, slot: int, rest: int) -> int:
        """The key of :meth:`_fit` in ``_fit_tables[slot << 3 | wilds]`` for the anchor at ``slot``
        and the naturals ``rest`` (a state less its anchor): the presence (with ``_by_count``, the
        counts) of the anchor's template faces (the pieces search computes the same inline)."""
        return (rest if self._by_count else rest | rest >> 1) & self._support[slot]

    def _fit(self, slot: int, rest: int, w: int, key: int) -> tuple[_Fit, ...]:
        """The templates anchored at ``slot`` that fit the naturals ``rest`` (a state less its
        anchor) with ``w`` wilds, in the search's order (see :func:`_template_groups`), each as
        ``(units it takes from rest, wilds it needs, pieces it melds, naturals it takes besides the
        anchor, the memo's choice id)``. A template taking the same naturals with as many wilds as an
        earlier one is left out: it scores the same, and every search keeps the first of the best.

        Kept in ``_fit_tables`` at ``key`` (:meth:`_fit_key`), where the searches look first; each
        table is emptied past ``FIT_LIMIT`` entries."""
        fits: list[_Fit] = []
        seen: set[tuple[int, int]] = set()
        for _, found, count, need, choice in self._fitting(slot, rest, w):
            if (found, need) not in seen:
                seen.add((found, need))
                fits.append((found, need, 1 + count + need, count, choice))
        return keep(self._fit_tables[slot << 3 | w], key, tuple(fits), FIT_LIMIT)

    def _fitting(self, slot: int, rest: int, w: int) -> Iterator[tuple[int, int, int, int, int]]:
        """The templates anchored at ``slot`` that fit the naturals ``rest`` (a state less its
        anchor) with ``w`` wilds, in the search's order (see :func:`_template_groups`: after a
        group none of whose templates fit, the longer ones can't either), each as (its index in
        its anchor's row, the units of the naturals it finds in ``rest``, their number, the wilds
        it needs, the memo's choice id): what :meth:`_fit` and :meth:`_point_fit` read."""
        present = (rest | rest >> 1) & _FIRST_UNITS
        for group in self._slot_groups[slot]:
            fitted = False
            for index, units, others, choice, extra in group:
                found = units & present
                count = found.bit_count()
                if extra:
                    found, count = _repeated(found, count, extra, rest)
                need = others - count
                if need > w:
                    continue
                fitted = True
                yield index, found, count, need, choice
            if not fitted:
                return

    def _search_pieces(self, key: int, wilds: int, memo: _Memo) -> int:
        """:meth:`_search` under ``PIECES`` (every piece weighs 1): each template is one mask test
        (its other faces present in the counts) instead of a loop over its faces, and a template
        melds its own length whatever pieces fill it. The same states, scores and choices."""
        return self._searcher(Objective.PIECES, memo)(key, wilds, _naturals(key))

    def _pieces_best(self, memo: _Memo) -> _Search:
        """The search of :meth:`_search_pieces` as a function of (naturals, wilds, how many
        naturals), filling ``memo``."""
        tables = self._fit_tables
        unit_at = _UNIT_AT
        support = self._support
        fit = self._fit
        near = self._near
        by_count = self._by_count
        bits = _CHOICE_BITS

        def best(k: int, w: int, room: int) -> int:
            """Most pieces melded from naturals ``k`` (``room`` of them) and ``w`` wilds."""
            known = memo[w]
            hit = known.get(k)
            if hit is not None:
                return hit >> bits
            first = k
            while True:
                if k == 0:
                    score = w if w >= 3 else 0
                    known[k] = known[first] = score << bits
                    return score
                slot = ((k & -k).bit_length() - 1) >> 1
                rest = k - unit_at[slot]
                if w > 1 or rest & near[slot]:
                    key = (rest if by_count else rest | rest >> 1) & support[slot]
                    fits = tables[slot << 3 | w].get(key)
                    if fits is None:
                        fits = fit(slot, rest, w, key)
                    if fits:
                        break
                # no template takes the anchor: it is left out, and so is each next anchor that
                # no template takes; only the first state and the next one searched are kept
                # (the rebuild reads a state missing from the memo as its anchor left out)
                k = rest
                room -= 1
                hit = known.get(k)
                if hit is not None:
                    known[first] = hit >> bits << bits
                    return hit >> bits
            ceiling = room + w
            top_score = -1
            top_choice = 0
            for found, need, melded, taken, choice in fits:
                score = melded + best(rest - found, w - need, room - 1 - taken)
                if score > top_score:
                    top_score, top_choice = score, choice
                    if score == ceiling:
                        break
            else:
                alone = best(rest, w, room - 1)
                if alone >= top_score:
                    top_score, top_choice = alone, 0
            known[k] = top_score << bits | top_choice
            if first != k:
                known[first] = top_score << bits
            return top_score

        return best

    def spare_faces(self, faces: Sequence[int], wilds: Wilds) -> tuple[int, list[int]]:
        """(pieces the best partition into sets and runs melds (every piece counting one), the
        distinct faces of ``faces`` one of which can go without melding fewer: each left out by
        some best partition, in order of first appearance); one search for all of them.

        Exact, and the same answer as comparing :meth:`score` after each single removal: at each
        state, a piece whose removal keeps the best score is the anchor when leaving it out is a
        best choice, a piece the rest can spare after a best choice, a wild when the rest can spare
        one, or a natural a best choice's meld takes when the rest can spare a wild to take its
        place. Naturals no template can take are spared by every partition.
        """
        key, wild, shown = self._pack(faces, wilds)
        w = len(wild)
        alone = self._isolated(key, w)
        core = key - alone
        best, spares = self._spare_search()
        mask = spares(core, w) | ((alone | alone >> 1) & _FIRST_UNITS)
        out = {shown.get(g, g) for g in _listed(mask & (key | key >> 1) & _FIRST_UNITS)}
        if mask & _WILD_SKIP:
            out.update(wild)
        score = best(core, w, _naturals(core))
        return score, [f for f in dict.fromkeys(faces) if f in out]

    def _fits_of(self, slot: int, rest: int, w: int) -> tuple[_Fit, ...]:
        """:meth:`_fit` looked up in ``_fit_tables`` first."""
        key = self._fit_key(slot, rest)
        fits = self._fit_tables[slot << 3 | w].get(key)
        return fits if fits is not None else self._fit(slot, rest, w, key)

    def _spare_search(self) -> tuple[_Search, Callable[[int, int], int]]:
        """(the ``PIECES`` search, the search of :meth:`spare_faces`: the units of the naturals,
        and ``_WILD_SKIP`` for a wild, that a state ``(k, w)`` can spare). A state's answer is the
        same whatever the hand, so they are kept for every hand (emptied past ``MEMO_LIMIT``)."""
        best = self._searcher(Objective.PIECES, self._memo(Objective.PIECES))
        known = self._spare_table
        if len(known) > bound(MEMO_LIMIT):
            known.clear()
        cached = self._spare_fn
        if cached is not None and cached[0] is best:
            return cached
        fits_of = self._fits_of

        def spares(k: int, w: int) -> int:
            if k == 0:
                return _WILD_SKIP if 1 <= w <= 2 else 0
            state = k << 3 | w
            hit = known.get(state)
            if hit is not None:
                return hit
            room = _naturals(k)
            total = best(k, w, room)
            out = 0
            if total < room + w:
                slot = ((k & -k).bit_length() - 1) >> 1
                low = 1 << (2 * slot)
                rest = k - low
                if best(rest, w, room - 1) == total:
                    out |= low | spares(rest, w)
                for found, need, melded, taken, _ in fits_of(slot, rest, w):
                    if melded + best(rest - found, w - need, room - 1 - taken) == total:
                        sub = spares(rest - found, w - need)
                        out |= sub
                        if sub & _WILD_SKIP:
                            out |= (found | found >> 1) & _FIRST_UNITS
            known[state] = out
            return out

        self._spare_fn = (best, spares)
        return self._spare_fn

    def _rebuild(self, key: int, w: int, memo: _Memo, wild: list[int], shown: dict[int, int]) -> _Walk:
        """Walk the memo's choices from the start state ``key`` into melds of the hand's own
        pieces (runs merged): (the melds, the naturals the walk leaves out as packed counts, the
        wilds no meld takes)."""
        spare = list(wild)
        melds: list[Meld] = []
        templates = self._templates
        built = self._built_melds
        if len(built) > bound(MEMO_LIMIT):
            built.clear()
        left = 0
        while key:
            hit = memo[w].get(key)
            if hit is None:
                choice = None
            elif hit >> _CHOICE_BITS == 0:
                # nothing left melds: the rest is left out whole
                left += key
                break
            else:
                choice = self._choices[hit & _CHOICE_MASK]
            slot = ((key & -key).bit_length() - 1) >> 1
            low = _UNIT_AT[slot]
            key -= low
            if choice is None:
                left += low
                continue
            index, swap = choice
            t = templates[_SLOT_FACE[slot]][index]
            played: list[int] = []
            taken = list(swap)
            for i, g in enumerate(t.faces):
                if i == t.anchor_index:
                    played.append(shown.get(g, g))
                elif g in taken:
                    taken.remove(g)
                    played.append(spare.pop())
                elif key & _COUNT_BITS[g]:
                    key -= _UNITS[g]
                    played.append(shown.get(g, g))
                else:
                    played.append(spare.pop())
            w = len(spare)
            at = (slot, index, tuple(played))
            meld = built.get(at)
            if meld is None:
                meld = built[at] = Meld(t.kind, at[2], t.faces, t.positions)
            melds.append(meld)
        if len(spare) >= 3:
            melds.append(build_run(0, range(self.rules.top - len(spare) + 1, self.rules.top + 1), spare))
            spare = []
        return tuple(merge_runs(melds) if len(melds) > 1 else melds), left, tuple(spare)

    # ----------------------------------------------------------------- winning
    def meldable(self, faces: Sequence[int], wilds: Wilds) -> bool:
        """Whether every piece of ``faces`` goes into a set or run (an empty hand is meldable)."""
        key, wild, _ = self._pack(faces, wilds)
        return self._meldable(key, len(wild))

    def _meldable(self, key: int, w: int) -> bool:
        return self._melder()(key, w)

    def _melder(self) -> Callable[[int, int], bool]:
        """The memoised test whether the naturals ``k`` and ``w`` wilds go wholly into melds; built
        once, its answers kept for every hand (emptied past ``MEMO_LIMIT``)."""
        known = self._meld_table
        if len(known) > bound(MEMO_LIMIT):
            known.clear()
        if self._meld_fn is not None:
            return self._meld_fn
        fits_of = self._fits_of

        def ok(k: int, w: int) -> bool:
            if k == 0:
                return w == 0 or w >= 3
            state = k << 3 | w
            hit = known.get(state)
            if hit is not None:
                return hit
            slot = ((k & -k).bit_length() - 1) >> 1
            rest = k - (1 << (2 * slot))
            result = False
            for found, need, _, _, _ in fits_of(slot, rest, w):
                if ok(rest - found, w - need):
                    result = True
                    break
            known[state] = result
            return result

        self._meld_fn = ok
        return ok

    def meld_finishes(self, faces: Sequence[int], wilds: Wilds) -> list[int]:
        """The distinct faces of ``faces`` whose single removal leaves a hand that goes wholly into
        sets and runs, in order of first appearance; one search for all of them.

        Exact, and the same answer as asking :meth:`meldable` once per removal: at each state the
        piece left out is either a wild (the rest must meld), the anchor (the rest must meld), a
        natural the anchor's meld would take (a wild takes its place there; the rest must meld),
        or a piece of the rest (searched the same way).
        """
        key, wild, shown = self._pack(faces, wilds)
        mask = self._skips(key, len(wild))
        out = {shown.get(g, g) for g in _listed(mask & (key | key >> 1) & _FIRST_UNITS)}
        if mask & _WILD_SKIP:
            out.update(wild)
        return [f for f in dict.fromkeys(faces) if f in out]

    def _skips(self, key: int, wilds: int) -> int:
        """The unit of each natural face (``_WILD_SKIP`` for a wild) whose removal from the state
        ``(key, wilds)`` leaves it meldable (kept for every hand, as :meth:`_melder` keeps its)."""
        ok = self._melder()
        skips = self._skip_table
        if len(skips) > bound(MEMO_LIMIT):
            skips.clear()
        if self._skip_fn is not None:
            return self._skip_fn(key, wilds)
        fits_of = self._fits_of

        def skip(k: int, w: int) -> int:
            state = k << 3 | w
            known = skips.get(state)
            if known is not None:
                return known
            out = _WILD_SKIP if w and ok(k, w - 1) else 0
            if k:
                slot = ((k & -k).bit_length() - 1) >> 1
                low = 1 << (2 * slot)
                rest = k - low
                if ok(rest, w):
                    out |= low
                for found, need, _, _, _ in fits_of(slot, rest, w):
                    out |= skip(rest - found, w - need)
                    if need < w and ok(rest - found, w - need - 1):
                        out |= found
            skips[state] = out
            return out

        self._skip_fn = skip
        return skip(key, wilds)

    def pairs(self, faces: Sequence[int], wilds: Wilds) -> Arrangement:
        """The most pairs in ``faces`` (``okey.md`` "Combinations": identical pieces, or one
        number with ``same_number``; wilds complete pairs and pair up where the rules allow)."""
        groups, wild = self._pair_groups(faces, wilds)
        melds: list[Meld] = []
        singles: list[int] = []
        for members in groups.values():
            while len(members) >= 2:
                melds.append(self._pair(members.pop(), members.pop(), wilds))
            singles.extend(members)
        completed = min(len(wild), len(singles))
        if len(wild) > len(singles) and (len(wild) - len(singles)) % 2 == 1 and singles:
            completed -= 1  # as many pairs either way: leave a natural out rather than a wild
        for _ in range(completed):
            melds.append(self._pair(singles.pop(), wild.pop(), wilds))
        while len(wild) >= 2:
            melds.append(self._pair(wild.pop(), wild.pop(), wilds))
        left = singles + wild
        return Arrangement(tuple(melds), tuple(left), 2 * len(melds), WinKind.PAIRS)

    def pairs_left(self, faces: Sequence[int], wilds: Wilds) -> int:
        """How many pieces :meth:`pairs` leaves out, counted without building the pairs."""
        if self._pairs_by_face:
            key, wild, _ = self._pack(faces, wilds)
            return _pairs_left((key & _FIRST_UNITS).bit_count(), len(wild))
        groups, wild = self._pair_groups(faces, wilds)
        return _pairs_left(sum(len(members) % 2 for members in groups.values()), len(wild))

    def _pair_groups(self, faces: Sequence[int], wilds: Wilds) -> tuple[dict[int, list[int]], list[int]]:
        """(the faces grouped by what pairs them, the wilds free to complete any pair). Without
        ``wild_in_pairs`` a wild pairs with nothing, not even another wild: each is a group of its
        own, as :func:`rummykit.core.melds.validate_meld` refuses such a pair."""
        groups: dict[int, list[int]] = {}
        wild: list[int] = []
        same_number = self.rules.pair_rule is PairRule.SAME_NUMBER
        wild_faces = wilds.faces
        for i, face in enumerate(faces):
            if face in wild_faces:
                if self.rules.wild_in_pairs:
                    wild.append(face)
                else:
                    groups[-1 - i] = [face]
                continue
            natural = face if face != JOKER else wilds.natural(face, self.rules.kind)
            group = rank_of(natural) if same_number else N_FACES + natural
            if group in groups:
                groups[group].append(face)
            else:
                groups[group] = [face]
        return groups, wild

    def _pair(self, a: int, b: int, wilds: Wilds) -> Meld:
        """The pair ``a b``: both stand for the first one's natural face, else the second's when
        the first is wild (for two wilds, ``a``'s own face, a joker face reading as face 0)."""
        natural = b if a in wilds.faces else a
        face = (a if a != JOKER else 0) if natural in wilds.faces else wilds.natural(natural, self.rules.kind)
        at = (a, b, face)
        meld = self._built_pairs.get(at)
        if meld is None:
            meld = self._built_pairs[at] = Meld(MeldKind.PAIR, (a, b), (face, face), (rank_of(face),) * 2)
        return meld

    def win_kinds(self, faces: Sequence[int], wilds: Wilds, pairs: bool = True) -> list[WinKind]:
        """How ``faces`` can be laid down whole: ``MELDS`` and/or ``PAIRS`` (empty: it can't)."""
        kinds = []
        if self.meldable(faces, wilds):
            kinds.append(WinKind.MELDS)
        if pairs and len(faces) % 2 == 0 and faces and not self.pairs(faces, wilds).ungrouped:
            kinds.append(WinKind.PAIRS)
        return kinds

    def max_meld_value(self, faces: Sequence[int], wilds: Wilds) -> Arrangement:
        """Disjoint melds of the largest total value (``kalooki.md`` "Opening"); needs values."""
        return self.arrange(faces, wilds, Objective.MELD_VALUE)


def _pairs_left(singles: int, wilds: int) -> int:
    """Pieces left out of the most pairs, with ``singles`` pieces that pair with nothing else in
    hand and ``wilds`` wilds free to complete a single or pair each other (as :meth:`HandSolver.pairs`
    plays them)."""
    completed = min(wilds, singles)
    if wilds > singles and (wilds - singles) % 2 == 1 and singles:
        completed -= 1
    return singles - completed + (wilds - completed) % 2
