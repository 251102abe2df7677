"""The exact search behind Carousel's table solver: a dynamic program over ranks.

After van Rijn, Takes and Vis ("The complexity of Rummikub problems", 2015): the new table is
built rank by rank, from the top down: the high ace (position 14, when the ace may be high), the
king (13), and so on to the low ace (1); at each rank suit by suit (S, H, D, C). What a lower rank
needs to know of the higher ones is, per suit, how many runs are open at length 1, 2 and 3 or more
(a run of 1 or 2 must go on; one of 3 or more may stop), how many jokers are placed, and, within a
rank, how many cards of each suit went to sets there. Every card of a face is a *place* of the new
table: a real card of the table (each must be placed), one from the hand (optional), or a joker.
A table joker keeps its declared card (it sits in a place of that face) unless a real card of that
face replaces it (from the hand, or, with ``replace_from_table``, anywhere on the new table); every
freed joker and every joker played from the hand takes a place anywhere, declared as that place's
card. A face's places go first to the runs that must go on, then to the longer runs (as many as the
places allow: a longer run never stops where it could go on, which loses nothing, as a run of 3 or
more may always stop later), then to sets and new runs. The sets of a rank need ``3 * most <=
total`` (most places of one suit, total places in sets), which is when they split into sets of 3 or
4 distinct suits. An ace is high (14, only in a run down from the king) or low (1, in a set or a
run up to the 2): the aces placed high are counted in the state until the low ace, where the suit's
aces and its joker rule are settled. Where a rank ends with :data:`FEW` states or more, a state
beaten by one whose runs of one suit are one step more complete, of a higher value, is dropped
(it can reach nothing better).

With jokers to place anew (where most states lead nowhere), two bounds drop states that can't
end in a table, and so never change the answer: a suit's runs must leave it no more jokers to
need below than are left (the fewest it needs, alone, its places in sets allowed where two other
suits could have places; or, if more, the table jokers that must stay at their declared cards
of the suit below, too few real cards of the face being there to free them; and those of the
other suits' later steps on top); and a way at a rank must leave the later suits of the rank a
way on (the sets' split checked with the places each later suit could still put in sets, its
runs of 1 and 2 going on first).

On large searches a rank is placed in one go: from :data:`RANK_AT` states at its start, the
ways through the whole rank from each state (the best per end) are worked out from the ways of
its later suits (kept per step and the bits they look at), so the rank's inner states are never
made; the same answers, as each end keeps the best of every way to it. And a floor drops states
that can't end in the best table: once a rank ends with more than :data:`BEAM_AT` states, a
narrow search from them (the :data:`BEAM` states of the highest bound before each rank) finds a
table, and from then on a state whose value, with the most the steps left could add to it, is
below that table's is dropped at each rank's end. The bound counts every playable
card played, the declared jokers kept (those that must stay, and as many of the others as
jokers are left to place anew), the jokers left placed at the lowest face left and the best
arrangement choice, so the best table (with its tie-break, below) is never dropped.

Which table, among equally good ones, is part of the value: each answer is worth one integer,
compared in this order, so the best is unique whatever the order of the search:

1. the value asked for (points then cards played, or cards), as the caller weighs the faces;
2. the cards played: the most copies of the lowest face in face order (suits S H D C, ranks ace
   to king), then of the next, and so on;
3. the table jokers that keep their declared card: the most;
4. the jokers' declared cards: again the lowest faces first;
5. the arrangement: position by position from the top down (the high ace, the king, ...), suit by
   suit, the fewest places in sets (the rest go to runs); at the high ace, the fewest aces, then
   the fewest jokers.

The melds are then read from the chosen places: runs go on longest first, sets are dealt suit by
suit, round robin, over the rank's sets, and a face's places take its real cards before its
jokers (in the order: runs that must go on, longer runs, sets, new runs).

Whether any table plays a card (Carousel's legality) is answered by :func:`table_exists`, a
depth-first walk over the same steps that stops at the first such table.

Pure Python; no solver library. Rules spec: ``carousel.md`` "Melds" and "Melding (manipulation)".
"""

from __future__ import annotations

import gc
import heapq
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar

from rummykit.core.melds import HIGH_ACE, MAX_RUN, Meld, MeldKind, build_run
from rummykit.core.pieces import JOKER, N_FACES, N_RANKS, N_SUITS, make_face


class SearchLimitError(Exception):
    """The search made more states than the ``limit`` given to :func:`plan_table`: no answer (the
    caller asked for a bounded search and chooses what to do instead)."""


_T = TypeVar("_T")

FEW = 4096
"""Below this many states a rank's dominated ones are not looked for (:func:`_undominated`): with
the bounds and the floor, fewer than that cost more to look for than they save (a guard against
searches that grow past it, where the floor finds no table)."""
BEAM = 32
"""The states :meth:`_Search._beam` keeps before each rank."""
BEAM_AT = 500
"""A rank that ends with more states than this sets off :meth:`_Search._beam`."""
CUT_AT = 0.5
"""Once a rank's floor cut took this share of its states (or of the ways from them), the next
rank placed in one go leaves out the ways below the cut as it goes (:meth:`_Search._rank`)."""
RANK_AT = 50
"""From this many states at a rank's start, the rank is placed in one go (:meth:`_Search._rank`)
rather than suit by suit (:meth:`_Search._step`)."""
MAX_OPEN = 4
"""The most places of one face: two decks' copies and two jokers."""
RUN_STATES: tuple[tuple[int, int, int], ...] = tuple(
    (a1, a2, a3)
    for a1 in range(MAX_OPEN + 1)
    for a2 in range(MAX_OPEN + 1 - a1)
    for a3 in range(MAX_OPEN + 1 - a1 - a2)
)
"""A suit's open runs at length 1, 2 and 3 or more, by code (index)."""
_CODE = {state: code for code, state in enumerate(RUN_STATES)}
_FORCED = tuple(a1 + a2 for a1, a2, _ in RUN_STATES)
"""Per run code, the places its runs of 1 and 2 take at the next position (they must go on)."""
_BITS = 6
"""Bits of a suit's run code in a state key; then the jokers placed anew, the rank's set counts
(most places of one suit, all places), and per suit the aces (and jokers) placed high."""
_MASK = (1 << _BITS) - 1
_RUN_CODES = (1 << (_BITS * N_SUITS)) - 1
"""The bits of the four suits' run codes in a key."""
_J_SHIFT = _BITS * N_SUITS
_MX_SHIFT = _J_SHIFT + 3
_TOT_SHIFT = _MX_SHIFT + 3
_ACE_SHIFT = _TOT_SHIFT + 5
_ACE_BITS = 4
_COUNTS = ((1 << (_ACE_SHIFT - _MX_SHIFT)) - 1) << _MX_SHIFT
"""The bits of the rank's set counts in a key."""
_ACES = ((1 << (_ACE_BITS * N_SUITS)) - 1) << _ACE_SHIFT
"""The bits of the aces (and jokers) the suits placed high."""
_LEX_BITS = 84
"""Bits of a lexicographic count over the 52 faces (base 3: at most two of a face)."""
_LEX = tuple(int(3 ** (N_FACES - 1 - face)) for face in range(N_FACES))
"""Each face's weight in a lexicographic count: lower faces weigh more."""


@dataclass(frozen=True)
class TablePlan:
    """The best new table: the ``melds`` (jokers' ``stands_for`` their declarations), the faces
    ``played`` from the hand (jokers as :data:`JOKER`, in face order) and the ``value`` of what
    was played (the caller's weights summed)."""

    melds: tuple[Meld, ...]
    played: tuple[int, ...]
    value: int


_Fill = tuple[int, int, int, int, int, int, int]
"""One way to fill a face's places: (places, real cards, jokers, jokers placed anew, value, bits
added to the key, first rank of the arrangement choice)."""
_How = tuple[int, int, int]
"""What a step placed: (real cards, jokers, places in sets)."""
_Way = tuple[int, int, int, _How, int]
"""One way to place a face from a state: (what it adds to the key, the rank's set counts aside;
places in sets; value; what was placed; jokers placed anew)."""


def plan_table(
    real: Sequence[int],
    held: Sequence[int],
    hand_jokers: int,
    declared: Sequence[int],
    table_jokers: int,
    weights: Sequence[int],
    joker_weight: int,
    replace_from_table: bool = True,
    ace_high: bool = True,
    limit: int | None = None,
) -> TablePlan | None:
    """The best new table (module docstring), or ``None`` when no card can be played.

    ``real``, ``held`` and ``declared``: per face (52), the real cards on the table, the cards in
    the hand and the table jokers declared as it (all zero when table jokers are free to be placed
    anew: then they count in ``table_jokers`` only); ``table_jokers``: every joker on the table;
    ``weights``: per face, the value of playing one card of it from the hand (positive), and
    ``joker_weight`` of one joker from the hand. The position must be possible: at most two
    copies of a face and two jokers in all, as two decks hold (the caller checks). ``limit``: at
    most that many states made over the whole search (counted after each suit; in a rank placed in
    one go, every way from each state; a state is some 150 bytes kept to the end; ``None``: no
    bound), past which it raises :class:`SearchLimitError`."""
    return _searched(
        real,
        held,
        hand_jokers,
        declared,
        table_jokers,
        weights,
        joker_weight,
        replace_from_table,
        ace_high,
        lambda search: search.run(limit),
        None,
    )


def table_exists(
    real: Sequence[int],
    held: Sequence[int],
    hand_jokers: int,
    declared: Sequence[int],
    table_jokers: int,
    replace_from_table: bool = True,
    ace_high: bool = True,
) -> bool:
    """Whether some legal new table plays a card from the hand: the answer of :func:`plan_table`
    is not ``None`` (the same arguments, less the weights), found by a depth-first search over the
    same steps that stops at the first such table and remembers the states it found dead
    (:meth:`_Search.exists`). No bound: it enters each state the dynamic program can reach (before
    dominance) at most twice, with a card played on the way and without, and all of them only
    when no table is found."""
    return _searched(
        real,
        held,
        hand_jokers,
        declared,
        table_jokers,
        [1] * N_FACES,
        1,
        replace_from_table,
        ace_high,
        _Search.exists,
        False,
    )


def _searched(
    real: Sequence[int],
    held: Sequence[int],
    hand_jokers: int,
    declared: Sequence[int],
    table_jokers: int,
    weights: Sequence[int],
    joker_weight: int,
    replace_from_table: bool,
    ace_high: bool,
    ask: Callable[[_Search], _T],
    nothing: _T,
) -> _T:
    """``ask`` of the search of a position (the arguments of :func:`plan_table`), with the cycle
    collector paused; ``nothing`` when no hand card could be in any meld. No name is kept for the
    search, which is gone when ``ask`` returns (:func:`_no_cycle_collection`)."""
    fixed = _fixed_jokers(real, held, declared, replace_from_table)
    free = hand_jokers + table_jokers - sum(fixed)
    playable = _playable(real, held, declared, free)
    if not any(playable) and not hand_jokers:
        return nothing
    with _no_cycle_collection():
        return ask(
            _Search(
                real,
                playable,
                hand_jokers,
                declared,
                table_jokers,
                fixed,
                weights,
                joker_weight,
                replace_from_table,
                ace_high,
            )
        )


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """Python's cycle collector paused while the search runs (then restored as it was): the
    search makes no reference cycles, but its hundreds of thousands of small tuples and dicts
    set off collections that walk every object of the process (in one that holds many, as
    ``bench/carousel_table.py``'s does, much of the slowest solves' time). The search must be
    gone before the block ends (:func:`plan_table` keeps no name for it): its objects counted
    while paused start a collection as soon as it is restored, which would walk them all and
    move them to an older generation, walked again by every full collection until freed."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _fixed_jokers(
    real: Sequence[int], held: Sequence[int], declared: Sequence[int], replace: bool
) -> list[int]:
    """Per face, the table jokers declared as it that must keep their card: no real card of the
    face may be on the new table to free them (from the hand, or, with ``replace``, the table).
    Every other joker (the hand's, the table's with no declared card or that a real card may
    free) may be placed anew."""
    return [d if d and not (real[f] if replace else 0) + held[f] else 0 for f, d in enumerate(declared)]


def _playable(real: Sequence[int], held: Sequence[int], declared: Sequence[int], free: int) -> list[int]:
    """Per face, the hand's cards that could be in a meld of three with cards that may be on the
    new table (real ones of the table or the hand, table jokers' declared cards), the missing
    ones no more than the ``free`` jokers that could be placed anew; 0 for the others, which no
    table can take (every card of a valid meld is in a valid meld of three around it)."""
    shown = [real[f] + held[f] + declared[f] for f in range(N_FACES)]
    out = [0] * N_FACES
    for face in range(N_FACES):
        if held[face] and any(sum(not shown[g] for g in others) <= free for others in _threes(face)):
            out[face] = held[face]
    return out


@lru_cache(maxsize=N_FACES)
def _threes(face: int) -> tuple[tuple[int, int], ...]:
    """The other two faces of every set and run of three holding ``face``."""
    suit, rank = divmod(face, N_RANKS)
    rank += 1
    others = [make_face(s, rank) for s in range(N_SUITS) if s != suit]
    out = [(a, b) for i, a in enumerate(others) for b in others[i + 1 :]]
    for position in (rank, HIGH_ACE) if rank == 1 else (rank,):
        for low in range(max(1, position - 2), min(position, HIGH_ACE - 2) + 1):
            window = [
                make_face(suit, 1 if p == HIGH_ACE else p) for p in range(low, low + 3) if p != position
            ]
            out.append((window[0], window[1]))
    return tuple(out)


_UPGRADES = tuple(
    tuple(
        _CODE[better]
        for better in ((a1, a2, a3 + 1), (a1 - 1, a2 + 1, a3), (a1, a2 - 1, a3 + 1))
        if min(better) >= 0 and sum(better) <= MAX_OPEN
    )
    for a1, a2, a3 in RUN_STATES
)
"""Per run code, the codes one step more complete: a run of 3 or more more, or one run longer
(1 to 2, 2 to 3 or more)."""


@lru_cache(maxsize=1 << 16)
def _up_deltas(codes: int) -> tuple[int, ...]:
    """What each upgrade (:data:`_UPGRADES`) of one suit's runs adds to a key whose four run codes
    are ``codes`` (its bits at :data:`_RUN_CODES`), the suits in order."""
    return tuple(
        (better - code) << (_BITS * suit)
        for suit in range(N_SUITS)
        for code in ((codes >> (_BITS * suit)) & _MASK,)
        for better in _UPGRADES[code]
    )


def _undominated(states: dict[int, int]) -> dict[int, int]:
    """``states`` without those another state beats (taken out in place): the same but for one
    suit's runs, which are one step more complete (:data:`_UPGRADES`), and of a higher value. Its
    futures include every
    future of the beaten one with the same choices (a run of 3 or more may stop; a longer run
    goes on wherever a shorter one must), each worth more, so no best answer is lost. Fewer than
    :data:`FEW` states are kept as they are (looking costs more than it saves). The states
    are grouped by their runs (:data:`_RUN_CODES`), their other bits the group's keys: a group's
    states that some upgrade's group also holds are those two groups' shared keys."""
    if len(states) < FEW:
        return states
    groups: dict[int, dict[int, int]] = {}
    for key, value in states.items():
        codes = key & _RUN_CODES
        group = groups.get(codes)
        if group is None:
            group = groups[codes] = {}
        group[key - codes] = value
    beaten = []
    for codes, group in groups.items():
        for delta in _up_deltas(codes):
            better = groups.get(codes + delta)
            if better is not None:
                for rest in group.keys() & better.keys():
                    if better[rest] > group[rest]:
                        beaten.append(rest + codes)
    for key in beaten:
        states.pop(key, None)
    return states


def _width(steps: int, step: int) -> int:
    """Bits of ``step``'s arrangement choice in a value: the high ace's (the aces and jokers
    placed there, :meth:`_Search._high_supply`) need 6, the others' places in sets 3."""
    return 6 if steps == HIGH_ACE * N_SUITS and step < N_SUITS else 3


@lru_cache(maxsize=2)
def _choice_bits(steps: int) -> int:
    """Bits of the arrangement choices of all ``steps`` in a value (:func:`_width`)."""
    return sum(_width(steps, step) for step in range(steps))


@lru_cache(maxsize=2 * HIGH_ACE * N_SUITS)
def _choices(steps: int, step: int) -> tuple[int, ...]:
    """The tie-break value of each arrangement choice rank (0 best) at ``step`` of ``steps``:
    earlier steps weigh more."""
    shift = sum(_width(steps, later) for later in range(step + 1, steps))
    top = (1 << _width(steps, step)) - 1
    return tuple((top - rank) << shift for rank in range(top + 1))


class _Search:
    """One run of the dynamic program (module docstring); :meth:`run` gives the plan."""

    __slots__ = (
        "_kept",
        "_later",
        "_masks",
        "_needs",
        "_pinned",
        "_present",
        "_ranked",
        "_suffix",
        "_suffix_masks",
        "_supplies",
        "_way_lists",
        "_which",
        "caps",
        "declared",
        "fixed",
        "free",
        "hand_jokers",
        "held",
        "high",
        "joker_shift",
        "joker_value",
        "kept_shift",
        "loose",
        "most",
        "offset",
        "played_shift",
        "real",
        "replace",
        "steps",
        "top",
        "value_shift",
        "weights",
    )

    def __init__(
        self,
        real: Sequence[int],
        held: Sequence[int],
        hand_jokers: int,
        declared: Sequence[int],
        table_jokers: int,
        fixed: Sequence[int],
        weights: Sequence[int],
        joker_weight: int,
        replace: bool,
        ace_high: bool,
    ) -> None:
        self.real = real
        self.held = held
        self.declared = declared
        self.hand_jokers = hand_jokers
        self.fixed = fixed
        self.loose = table_jokers - sum(fixed)
        """The table's jokers that may be placed anew (the key counts those placed, and the
        hand's)."""
        self.weights = weights
        self.replace = replace
        self.top = HIGH_ACE if ace_high else N_RANKS
        self.steps = self.top * N_SUITS
        self.free = self.loose + hand_jokers
        """The most jokers that may be placed anew (:func:`_fixed_jokers`)."""
        shown = [r + h + d for r, h, d in zip(real, held, declared, strict=True)]
        self.caps = [[shown[face] for face in faces] for faces in _position_faces(self.top)]
        """Per suit and position, the most places there without jokers placed anew."""
        self.high = [ace_high and self._high_possible(suit) for suit in range(N_SUITS)]
        """Per suit, whether a run may end with its high ace."""
        self.most = [[0, *(cap + self.free for cap in caps[1:]), 0] for caps in self.caps]
        """Per suit and position (0 to :attr:`top`, and -1: the list's last), the most places
        there: none off the table, nor at the high ace of a suit whose runs can't end there."""
        if self.top == HIGH_ACE:
            for suit, most in enumerate(self.most):
                most[HIGH_ACE] *= self.high[suit]
        self._needs: dict[int, int] = {}
        """:meth:`_need`'s answers by position, suit and run code (:func:`_need_key`)."""
        self._present: list[int] | None = None
        """Per position, the suits with places there without jokers placed anew (worked out at
        :meth:`_need`'s first use)."""
        self._later: list[int] = []
        """Per step, the most places the later suits of its rank could have (jokers included)."""
        _, hearts, diamonds, clubs = self.caps
        for p in range(self.top, 0, -1):
            c = clubs[p] + self.free
            d = diamonds[p] + c
            self._later += (hearts[p] + d, d, c, self.free)
        self._pinned = self._pinned_below(replace)
        """Per step, the table jokers that must stay at their declared card at later steps
        (:meth:`_pinned_below`), or ``None`` when there are none."""
        self._masks = _masks(self.top, self.free > 0)
        """Per step, :func:`_masks`."""
        self._kept: list[dict[int, list[tuple[int, int, _How]]]] = [{} for _ in range(self.steps)]
        """Per step, :meth:`_allowed`'s answers by signature."""
        self._suffix_masks = _suffix_masks(self.top, self.free > 0)
        """Per step, :func:`_suffix_masks`."""
        self._suffix: list[dict[int, dict[int, int]]] = [{} for _ in range(self.steps)]
        """Per step, :meth:`_ends`'s answers by signature."""
        self._ranked: list[dict[int, list[tuple[int, list[tuple[int, int]]]]]] = [
            {} for _ in range(self.steps)
        ]
        """Per rank's first step, :meth:`_by_jokers`'s answers by signature."""
        self._way_lists: list[dict[int, list[_Way]]] = [{} for _ in range(self.steps)]
        """Per step, :meth:`_found`'s answers by the bits :attr:`_which` keeps."""
        self._which = _which_masks(self.top, tuple(self.high))
        """Per step, :func:`_which_masks`."""
        self._supplies: list[dict[int, list[_Fill]]] = [{} for _ in range(self.steps)]
        """Per step, :meth:`_supply_at`'s answers by jokers placed and aces placed high."""
        self.joker_shift = _choice_bits(self.steps)
        self.kept_shift = self.joker_shift + _LEX_BITS
        self.played_shift = self.kept_shift + 2
        self.value_shift = self.played_shift + _LEX_BITS
        self.joker_value = joker_weight << self.value_shift
        self.offset = sum(
            self._played_gain(make_face(suit, 1), self.real[make_face(suit, 1)])
            for suit in range(N_SUITS)
            if self.high[suit]
        )
        """The value of the table's own aces of the suits whose aces placed high are counted
        (:meth:`_high_supply`), taken off every answer."""

    # ------------------------------------------------------------------------------------ setup
    def _face(self, suit: int, position: int) -> int:
        return make_face(suit, 1 if position == HIGH_ACE else position)

    def _high_possible(self, suit: int) -> bool:
        """Whether a run of ``suit`` could end with the high ace: Q, K and A each present or
        stood for by a joker that may be placed anew."""
        missing = sum(not self.caps[suit][p] for p in (HIGH_ACE - 2, HIGH_ACE - 1, HIGH_ACE))
        return missing <= self.free

    def _pinned_below(self, replace: bool) -> list[tuple[int, int]] | None:
        """Per step, (of its suit, of the others) the table jokers that may be placed anew but
        must stay at their declared card at a later step, as too few real cards of the face could
        be on the new table to free them all (:meth:`_supply`; aces left out): jokers the steps
        after it must place anew there. ``None`` when no step has any."""
        pinned = []
        for face, declared in enumerate(self.declared):
            if not declared:
                continue
            suit, rank = divmod(face, N_RANKS)
            free_at_most = self.held[face] + (self.real[face] if replace else 0)
            if declared > free_at_most and not self.fixed[face] and rank:
                pinned.append((suit, rank + 1, declared - free_at_most))
        if not pinned:
            return None
        out = []
        for step in range(self.steps):
            down, suit = divmod(step, N_SUITS)
            position = self.top - down
            same = sum(pin for u, p, pin in pinned if u == suit and p < position)
            later = sum(pin for u, p, pin in pinned if p < position or (p == position and u > suit))
            out.append((same, later - same))
        return out

    def _supply(self, face: int, jokers_left: int) -> list[_Fill]:
        """Every way to fill ``face``'s places (:data:`_Fill`): each real card of the table, some
        of the hand's, some jokers (the table's declared as it stay unless a real card of the face
        frees them)."""
        real, held, declared, fixed = self.real[face], self.held[face], self.declared[face], self.fixed[face]
        out = []
        for used in range(real, real + held + 1):
            can_free = used if self.replace else used - real
            gain = self._played_gain(face, used - real)
            for anew in range(jokers_left + 1):
                jokers = fixed + anew
                if declared - min(jokers, declared) <= can_free:
                    out.append(
                        (used + jokers, used, jokers, anew, gain + self._joker_gain(face, jokers), 0, 0)
                    )
        return out

    def _high_supply(self, suit: int, jokers_left: int) -> list[_Fill]:
        """At the high ace of a suit whose runs may end there: every count of its aces (table and
        hand) and jokers placed there, kept in the key (at ``_ACE_SHIFT``; the jokers only when
        a table joker is declared as the ace, whose rule is checked at the low ace,
        :meth:`_low_supply`). Each ace counts its value here (the table's aces are taken off at
        the end, :attr:`offset`). The choice's rank prefers the fewest aces, then jokers."""
        face = make_face(suit, 1)
        declared, fixed = self.declared[face], self.fixed[face]
        shift = _ACE_SHIFT + _ACE_BITS * suit
        out = []
        for aces in range(self.real[face] + self.held[face] + 1):
            gain = self._played_gain(face, aces)
            for jokers in range(fixed + jokers_left + 1):
                rank = aces * (fixed + jokers_left + 1) + jokers
                bits = ((aces << 2) | (jokers if declared else 0)) << shift
                extra = 0 if declared else self._joker_gain(face, jokers)
                anew = max(0, jokers - fixed)
                out.append((aces + jokers, aces, jokers, anew, gain + extra, bits, rank * 5))
        return out

    def _low_supply(self, suit: int, jokers_left: int, high: int) -> list[_Fill]:
        """At the low ace of a suit whose runs may end at the high one, after ``high`` there
        (aces << 2 | jokers, :meth:`_high_supply`): every way to place the rest of its aces, each
        of the table's placed, and jokers, the joker rule checked on the whole face."""
        face = make_face(suit, 1)
        real, held, declared, fixed = self.real[face], self.held[face], self.declared[face], self.fixed[face]
        aces_high, jokers_high = high >> 2, high & 3
        clear = -(high << (_ACE_SHIFT + _ACE_BITS * suit))
        anew_high = max(0, jokers_high - fixed)
        out = []
        for aces in range(max(0, real - aces_high), real + held - aces_high + 1):
            used = aces + aces_high
            can_free = used if self.replace else used - real
            gain = self._played_gain(face, aces)
            for jokers in range(fixed + jokers_left + 1):
                placed = jokers + jokers_high
                anew = max(0, placed - fixed) - anew_high
                if anew <= jokers_left and declared - min(placed, declared) <= can_free:
                    extra = self._joker_gain(face, placed if declared else jokers)
                    out.append((aces + jokers, aces, jokers, anew, gain + extra, clear, 0))
        return out

    def _played_gain(self, face: int, played: int) -> int:
        """The value of ``played`` cards of ``face`` from the hand."""
        if not played:
            return 0
        weight = self.weights[face] * played
        return (weight << self.value_shift) + (played * _LEX[face] << self.played_shift)

    def _joker_gain(self, face: int, jokers: int) -> int:
        """The tie-break value of ``jokers`` jokers placed as ``face``."""
        if not jokers:
            return 0
        kept = min(jokers, self.declared[face])
        return (kept << self.kept_shift) + (jokers * _LEX[face] << self.joker_shift)

    # ------------------------------------------------------------------------------- the search
    def run(self, limit: int | None = None) -> TablePlan | None:
        """The best plan, or ``None`` when the best plays nothing; raises
        :class:`SearchLimitError` once more than ``limit`` states were made (counted after each
        step; in a rank placed in one go, :data:`RANK_AT`, every way from each state). Once a
        rank ends with more than :data:`BEAM_AT` states, a narrow search from them
        (:meth:`_beam`) finds a table whose value is a floor: from then on a state whose value,
        with the most the steps left could add to it (:class:`_Bound`), stays below it is
        dropped at each rank's end (or, once such drops took :data:`CUT_AT` of a rank's states
        or ways, left out as the next rank placed in one go makes them)."""
        bound: _Bound | None = None
        floor = -1
        states: dict[int, int] = {0: 0}
        history: list[tuple[dict[int, int], ...]] = []
        made = 0
        step = 0
        share = 0.0
        for position in range(self.top, 0, -1):
            cuts = None
            if bound is not None and floor >= 0 and step + N_SUITS < self.steps:
                cuts = bound.cuts(step + N_SUITS, floor)
            if len(states) < RANK_AT:
                before = []
                for suit in range(N_SUITS):
                    before.append(states)
                    states = self._step(states, position, suit)
                    made += len(states)
                history.append(tuple(before))
                if cuts is not None:
                    share = cuts.drop(states)
            else:
                history.append((states,))
                going = cuts if cuts is not None and share >= CUT_AT else None
                states, ways, taken = self._rank(states, position, going)
                made += ways
                if going is not None:
                    share = 1 - taken / max(1, ways)
                elif cuts is not None:
                    share = cuts.drop(states)
            step += N_SUITS
            if limit is not None and made > limit:
                raise SearchLimitError(made)
            if bound is None and step < self.steps and len(states) > BEAM_AT:
                bound = _Bound(self)
                floor = self._beam(bound, states, step)
                if floor >= 0:
                    bound.cuts(step, floor).drop(states)
            if position != HIGH_ACE:
                states = _undominated(states)
        best_key, best = -1, -1
        for key, value in states.items():
            total = self._total(key, value)
            if total > best:
                best_key, best = key, total
        if best >> self.value_shift <= 0:
            return None
        return self._plan(best_key, states[best_key], history, best >> self.value_shift)

    def _beam(self, bound: _Bound, states: dict[int, int], step: int) -> int:
        """The value (:meth:`_total`) of the best table a narrow search from ``states`` (before
        ``step``, a rank's first) finds, -1 if none: before each rank only the :data:`BEAM`
        states of the highest bound go on, each rank placed in one go (:meth:`_rank`)."""
        for later in range(step, self.steps, N_SUITS):
            if len(states) > BEAM:
                own, bits = bound.own[later], bound.bits[later]
                states = dict(heapq.nlargest(BEAM, states.items(), key=lambda kv: kv[1] + own[kv[0] & bits]))
            states = self._rank(states, self.top - later // N_SUITS)[0]
        return max((self._total(key, value) for key, value in states.items()), default=-1)

    def _total(self, key: int, value: int) -> int:
        """The value of a complete table of state ``key`` and ``value``: the table's aces placed
        high taken off (:attr:`offset`), the hand's jokers played added; -1 when the state
        leaves a table joker out."""
        played_jokers = ((key >> _J_SHIFT) & 7) - self.loose
        return value - self.offset + played_jokers * self.joker_value if played_jokers >= 0 else -1

    def exists(self) -> bool:
        """Whether some complete table plays a card from the hand (the best of :meth:`run` does):
        a depth-first search, each state's ways tried last to first (the most cards of the face
        first), the states (with whether a card was played on the way) from which no such table
        was found remembered per step; a way is not taken to a state known dead, nor, with no
        card played yet, to a step after which no card of the hand is left to play."""
        steps, loose, masks, kept = self.steps, self.loose, self._masks, self._kept
        where = [(self.top - down, suit) for down, suit in (divmod(step, N_SUITS) for step in range(steps))]
        reals = [
            MAX_OPEN if position == HIGH_ACE else self.real[self._face(suit, position)]
            for position, suit in where
        ]
        """Per step, the table's real cards of its face: more placed plays a card (at the low ace,
        with those placed high; none is played at the high ace)."""
        more = [False] * (steps + 1)
        """Per step, whether a card of the hand may still be played at it or after it."""
        more[steps] = self.hand_jokers > 0
        for step in range(steps - 1, -1, -1):
            position, suit = where[step]
            more[step] = more[step + 1] or self.held[self._face(suit, position)] > 0
        dead: list[set[int]] = [set() for _ in range(steps)]

        def dive(step: int, key: int, played: bool) -> bool:
            position, suit = where[step]
            sig = key & masks[step]
            ways = kept[step].get(sig)
            if ways is None:
                ways = self._allowed(sig, step, position, suit)
            real = reals[step]
            if position == 1:
                real -= (key >> (_ACE_SHIFT + _ACE_BITS * suit + 2)) & 3
            after = step + 1
            if after == steps:
                for delta, _, (used, _, _) in reversed(ways):
                    anew = (((key + delta) >> _J_SHIFT) & 7) - loose
                    if anew >= 0 and (played or used > real or anew > 0):
                        return True
            else:
                seen = dead[after]
                go_on = more[after]
                for delta, _, (used, _, _) in reversed(ways):
                    now = played or used > real
                    if not (now or go_on):
                        continue
                    child = (key + delta) << 1
                    if child | now in seen or child | 1 in seen:
                        continue
                    if dive(after, key + delta, now):
                        return True
            dead[step].add((key << 1) | played)
            return False

        return dive(0, 0, False)

    def _rank(
        self, states: dict[int, int], position: int, cuts: _Cuts | None = None
    ) -> tuple[dict[int, int], int, int]:
        """The states after placing the four suits' places at ``position`` (:meth:`_ends`; how
        each was reached is found again at the end, :meth:`_parent`), less those below their
        ``cuts`` (:meth:`_Bound.cuts` after the rank): a state's ways through the rank are then
        taken by the jokers they leave placed, best first, up to the first below its cut. With
        the number of ways from the states, and of those taken."""
        first = (self.top - position) * N_SUITS
        mask = self._suffix_masks[first]
        out: dict[int, int] = {}
        put = out.setdefault
        ways_in_all = taken = 0
        if cuts is None:
            ends = self._suffix[first]
            for key, value in states.items():
                sig = key & mask
                allowed = ends.get(sig)
                if allowed is None:
                    allowed = self._ends(sig, first, position, 0)
                ways_in_all += len(allowed)
                for delta, gain in allowed.items():
                    new_key = key + delta
                    new_value = value + gain
                    if put(new_key, new_value) < new_value:
                        out[new_key] = new_value
            return out, ways_in_all, ways_in_all
        ranked = self._ranked[first]
        own = cuts.bits & ~(7 << _J_SHIFT)
        for key, value in states.items():
            sig = key & mask
            groups = ranked.get(sig)
            if groups is None:
                groups = ranked[sig] = self._by_jokers(sig, first, position)
            mine = key & own
            for jokers, ways in groups:
                least = cuts[mine | jokers] - value
                ways_in_all += len(ways)
                for gain, delta in ways:
                    if gain < least:
                        break
                    taken += 1
                    new_key = key + delta
                    new_value = value + gain
                    if put(new_key, new_value) < new_value:
                        out[new_key] = new_value
        return out, ways_in_all, taken

    def _by_jokers(self, sig: int, first: int, position: int) -> list[tuple[int, list[tuple[int, int]]]]:
        """The ways through the rank from ``first`` of the states whose bits
        :attr:`_suffix_masks` keeps are ``sig`` (:meth:`_ends`), by the jokers placed anew after
        them (those bits of the key), each group's (gain, what it adds to the key) best first."""
        ends = self._suffix[first].get(sig)
        if ends is None:
            ends = self._ends(sig, first, position, 0)
        groups: dict[int, list[tuple[int, int]]] = {}
        for delta, gain in ends.items():
            groups.setdefault((sig + delta) & (7 << _J_SHIFT), []).append((gain, delta))
        return [(jokers, sorted(ways, reverse=True)) for jokers, ways in groups.items()]

    def _step(self, states: dict[int, int], position: int, suit: int) -> dict[int, int]:
        """The states after placing ``suit``'s places at ``position`` (how each was reached is
        found again at the end, :meth:`_parent`)."""
        step = (self.top - position) * N_SUITS + suit
        mask = self._masks[step]
        kept = self._kept[step]
        out: dict[int, int] = {}
        put = out.setdefault
        for key, value in states.items():
            sig = key & mask
            try:
                allowed = kept[sig]
            except KeyError:
                allowed = self._allowed(sig, step, position, suit)
            for delta, gain, _ in allowed:
                new_key = key + delta
                new_value = value + gain
                if put(new_key, new_value) < new_value:
                    out[new_key] = new_value
        return out

    def _allowed(
        self, sig: int, step: int, position: int, suit: int, look: bool = True
    ) -> list[tuple[int, int, _How]]:
        """The ways (what each adds to a key and to a value, what it places) from the states
        whose bits :func:`_masks` keeps are ``sig``'s: the sets of the rank must still be able to
        split into sets of 3 or 4 with the places the later suits of the rank may put in sets
        (with jokers to place anew, those suits' runs of 1 and 2 going on first), and, with
        ``look`` and jokers to place anew, the later suits must have a way on (an empty list:
        the state leads nowhere; these lists are kept per step). At the rank's last suit the
        sets must split now, and the rank's set counts leave the key (the rank is closed);
        ``step`` is the step's index."""
        ways = self._way_lists[step]
        which = sig & self._which[step]
        found = ways.get(which)
        if found is None:
            found = ways[which] = self._found(which, step, position, suit)
        out: list[tuple[int, int, _How]] = []
        if position == HIGH_ACE:
            out = [(delta, gain, how) for delta, _, gain, how, _ in found]
        elif suit == N_SUITS - 1:
            most = (sig >> _MX_SHIFT) & 7
            total = (sig >> _TOT_SHIFT) & 31
            for delta, in_sets, gain, how, _ in found:
                in_all = total + in_sets
                if not in_all or 3 * max(most, in_sets) <= in_all:
                    out.append((delta - (in_sets << _TOT_SHIFT) - (sig & _COUNTS), gain, how))
        elif not self.free:
            most = (sig >> _MX_SHIFT) & 7
            room = ((sig >> _TOT_SHIFT) & 31) + self._later[step]
            for delta, in_sets, gain, how, _ in found:
                if in_sets > most:
                    if 2 * in_sets <= room:
                        out.append((delta + ((in_sets - most) << _MX_SHIFT), gain, how))
                elif in_sets >= 3 * most - room:
                    out.append((delta, gain, how))
        else:
            most = (sig >> _MX_SHIFT) & 7
            room = ((sig >> _TOT_SHIFT) & 31) + self._later[step] - ((sig >> _J_SHIFT) & 7)
            room -= _forced((sig & _RUN_CODES) >> (_BITS * (suit + 1)))
            next_mask = self._masks[step + 1]
            next_kept = self._kept[step + 1]
            for delta, in_sets, gain, how, anew in found:
                if in_sets > most:
                    if 2 * in_sets > room - anew:
                        continue
                    moved = delta + ((in_sets - most) << _MX_SHIFT)
                elif in_sets < 3 * most - room + anew:
                    continue
                else:
                    moved = delta
                if look:
                    after = (sig + moved) & next_mask
                    on = next_kept.get(after)
                    if on is None:
                        on = self._allowed(after, step + 1, position, suit + 1)
                    if not on:
                        continue
                out.append((moved, gain, how))
        if look:
            self._kept[step][sig] = out
        return out

    def _ends(self, sig: int, step: int, position: int, suit: int) -> dict[int, int]:
        """From the states whose bits the rest of the rank looks at (:attr:`_suffix_masks`) are
        ``sig``, at ``step``, to the end of the rank: what each way on adds to the key, with its
        best gain, through the suits' ways (:meth:`_allowed` without ``look``); kept per step."""
        ways = self._allowed(sig & self._masks[step], step, position, suit, False)
        out: dict[int, int] = {}
        if suit == N_SUITS - 1:
            for delta, gain, _ in ways:
                if out.get(delta, -1) < gain:
                    out[delta] = gain
        else:
            mask = self._suffix_masks[step + 1]
            known = self._suffix[step + 1]
            for delta, gain, _ in ways:
                after = (sig + delta) & mask
                ends = known.get(after)
                if ends is None:
                    ends = self._ends(after, step + 1, position, suit + 1)
                for rest, more in ends.items():
                    end = rest + delta
                    best = more + gain
                    if out.get(end, -1) < best:
                        out[end] = best
        self._suffix[step][sig] = out
        return out

    def _found(self, which: int, step: int, position: int, suit: int) -> list[_Way]:
        """The ways (:meth:`_ways`) of ``step`` from the states whose bits :attr:`_which` keeps
        are ``which``: the suit's runs, the jokers placed and, at the low ace, its aces placed
        high."""
        jokers = (which >> _J_SHIFT) & 7
        high = (which >> (_ACE_SHIFT + _ACE_BITS * suit)) & 15
        supplies = self._supplies[step]
        supply = supplies.get(jokers | (high << 3))
        if supply is None:
            supply = supplies[jokers | (high << 3)] = self._supply_at(position, suit, jokers, high)
        return self._ways(position, suit, (which >> (_BITS * suit)) & _MASK, supply, self.free - jokers)

    def _supply_at(self, position: int, suit: int, used_jokers: int, high: int) -> list[_Fill]:
        """Every way to fill ``suit``'s places at ``position`` with ``used_jokers`` placed so far
        and ``high`` placed at the suit's high ace."""
        left = self.free - used_jokers
        if position == HIGH_ACE:
            return self._high_supply(suit, left) if self.high[suit] else [(0, 0, 0, 0, 0, 0, 0)]
        if position == 1 and self.high[suit]:
            return self._low_supply(suit, left, high)
        return self._supply(self._face(suit, position), left)

    def _ways(self, position: int, suit: int, code: int, supply: list[_Fill], left: int) -> list[_Way]:
        """Every way (:data:`_Way`) to place ``suit``'s places at ``position`` after runs
        ``code``, filled as ``supply`` allows."""
        choice = _choices(self.steps, (self.top - position) * N_SUITS + suit)
        most = self.most[suit]
        below = (most[position - 1], most[position - 2])
        shift = _BITS * suit
        same, other = (0, 0) if self._pinned is None else self._pinned[(self.top - position) * N_SUITS + suit]
        needs, known = self._needs, _need_key(suit, position)
        out = []
        for places, used, jokers, anew, gain, bits, rank in supply:
            for in_sets, new_code in _moves(code, places, below, position != HIGH_ACE):
                if self.free:
                    need = needs.get(known | new_code)
                    if need is None:
                        need = self._need(suit, position, new_code)
                    if max(need, same) + other > left - anew:
                        continue
                delta = ((new_code - code) << shift) + (anew << _J_SHIFT) + (in_sets << _TOT_SHIFT) + bits
                out.append((delta, in_sets, gain + choice[rank + in_sets], (used, jokers, in_sets), anew))
        return out

    def _need(self, suit: int, position: int, code: int) -> int:
        """The fewest jokers placed anew that ``suit`` needs below ``position`` after runs
        ``code`` there, its places in sets allowed wherever two other suits could have places
        (a bound: the jokers the search has left must cover it); more than :attr:`free` when
        it can't be done."""
        if position == 1:
            return 0
        memo_key = _need_key(suit, position) | code
        known = self._needs.get(memo_key)
        if known is not None:
            return known
        below = position - 1
        face = make_face(suit, below)
        own = self.real[face] + self.held[face] + self.fixed[face]
        low = 0 if below == 1 and self.high[suit] else self.real[face] + self.fixed[face]
        if self._present is None:
            self._present = [sum(caps[p] > 0 for caps in self.caps) for p in range(self.top + 1)]
        sets = self._present[below] - (self.caps[suit][below] > 0) + self.free >= 2
        most = self.most[suit]
        after = (most[below - 1], most[below - 2])
        best = self.free + 1
        for places in range(low, own + self.free + 1):
            jokers = max(0, places - own)
            for _, new_code in _moves(code, places, after, sets):
                if jokers < best:
                    best = min(best, jokers + self._need(suit, below, new_code))
        self._needs[memo_key] = best
        return best

    # ------------------------------------------------------------------------------ the melds
    def _parent(self, step: int, key: int, value: int, before: dict[int, int]) -> tuple[int, int, _How]:
        """The state of ``before`` (the states before ``step``) that ``key`` of ``value`` came
        from at ``step``, its value and what the step placed: the one whose way (among those
        the step gave) leads to ``key`` with ``value``. A value tells its whole table apart (the
        cards, the jokers and the arrangement at every step, module docstring), so only one
        does; the search keeps no links back, which would cost a tuple per state made."""
        mask = self._masks[step]
        for sig, ways in self._kept[step].items():
            for delta, gain, how in ways:
                parent = key - delta
                if parent & mask == sig and before.get(parent) == value - gain:
                    return parent, value - gain, how
        raise AssertionError(f"no way to state {key:#x} at step {step}")

    def _rank_parent(
        self, first: int, key: int, value: int, before: dict[int, int]
    ) -> tuple[int, int, tuple[_How, ...]]:
        """:meth:`_parent` for a rank placed in one go (:meth:`_rank`) from its ``first`` step:
        the state, its value and what each suit placed (:meth:`_path`)."""
        mask = self._suffix_masks[first]
        for sig, ways in self._suffix[first].items():
            for delta, gain in ways.items():
                parent = key - delta
                if parent & mask == sig and before.get(parent) == value - gain:
                    return parent, value - gain, self._path(first, parent, delta, gain)
        raise AssertionError(f"no way to state {key:#x} at step {first}")

    def _path(self, step: int, key: int, delta: int, gain: int) -> tuple[_How, ...]:
        """What each suit placed on the way that adds ``delta`` and ``gain`` to ``key`` from
        ``step`` to the end of its rank (:meth:`_ends`)."""
        down, suit = divmod(step, N_SUITS)
        for d, g, how in self._allowed(key & self._masks[step], step, self.top - down, suit, False):
            if step % N_SUITS == N_SUITS - 1:
                if (d, g) == (delta, gain):
                    return (how,)
            elif self._suffix[step + 1][(key + d) & self._suffix_masks[step + 1]].get(delta - d) == gain - g:
                return (how, *self._path(step + 1, key + d, delta - d, gain - g))
        raise AssertionError(f"no path at step {step}")

    def _plan(
        self, key: int, value: int, history: list[tuple[dict[int, int], ...]], points: int
    ) -> TablePlan:
        """The plan of the state ``key`` of ``value`` reached at the end: its steps read back
        through ``history`` (per step, the states before it, :meth:`_parent`), then the melds
        built forward (module docstring); ``points``, the plan's value."""
        jokers_played = ((key >> _J_SHIFT) & 7) - self.loose
        path: list[_How] = []
        for rank in range(self.top - 1, -1, -1):
            first = rank * N_SUITS
            if len(history[rank]) == 1:
                key, value, hows = self._rank_parent(first, key, value, history[rank][0])
                path += reversed(hows)
                continue
            for suit in range(N_SUITS - 1, -1, -1):
                key, value, how = self._parent(first + suit, key, value, history[rank][suit])
                path.append(how)
        path.reverse()
        builder = _Builder()
        played: list[int] = []
        aces_high = [0] * N_SUITS
        for step, (used, jokers, in_sets) in enumerate(path):
            down, suit = divmod(step, N_SUITS)
            position = self.top - down
            if used or jokers or builder.open[suit] or position == 1:
                face = self._face(suit, position)
                if position == HIGH_ACE:
                    aces_high[suit] = used
                else:
                    played += [face] * (used + (aces_high[suit] if position == 1 else 0) - self.real[face])
                builder.place(suit, position, [face] * used + [JOKER] * jokers, in_sets)
            if suit == N_SUITS - 1 and position != HIGH_ACE:
                builder.close_rank(position)
        builder.close_all()
        played.sort()
        return TablePlan(builder.melds(), (*played, *[JOKER] * jokers_played), points)


class _Bound:
    """The most the steps from each one on may add to a state's value (a bound: a state that
    can't reach a floor with it is dropped): every playable card played; the declared jokers
    that must stay kept, and as many of the others as jokers are left to place anew (a table
    joker kept is one placed anew at its card); the jokers placed there (the table's that must
    stay at their card, the aces' jokers placed high, and every one left to place anew at the
    lowest face left); the best arrangement choice; every joker of the hand played; less the
    cards that would need more jokers placed anew than the state has left (:func:`_short`). One part is
    the same for every state before a step (:attr:`rest`); the other comes from the state's own
    bits (:attr:`bits`: its jokers placed anew, the aces placed high of the suits whose low ace
    is still to come; :class:`_Own`)."""

    def __init__(self, search: _Search) -> None:
        s = search
        self.rest = [0] * s.steps
        """Per step, the part the same for every state."""
        self.bits = [0] * s.steps
        """Per step, the bits of a state's key that decide its own part."""
        self.own: list[_Own] = []
        """Per step, the own part by those bits (one for the steps where it is worked out the
        same way)."""
        alike: dict[tuple[int, tuple[int, ...], int, tuple[int, ...]], _Own] = {}
        short = _short(s)
        aces = [
            s._played_gain(make_face(u, 1), s.real[make_face(u, 1)] + s.held[make_face(u, 1)])
            for u in range(N_SUITS)
        ]
        later = s.hand_jokers * s.joker_value - s.offset
        lowest = N_FACES
        below = 0
        loose = 0
        for step in range(s.steps - 1, -1, -1):
            down, suit = divmod(step, N_SUITS)
            position = s.top - down
            face = s._face(suit, position)
            lowest = min(lowest, face)
            width = _width(s.steps, step)
            later += ((1 << width) - 1) << below
            below += width
            if position == HIGH_ACE:
                later += aces[suit] if s.high[suit] else 0
            else:
                later += 0 if position == 1 and s.high[suit] else s._played_gain(face, s.held[face])
                later += (s.fixed[face] << s.kept_shift) + (s.fixed[face] * _LEX[face] << s.joker_shift)
                loose += s.declared[face] - s.fixed[face]
            pending = tuple(u for u in range(N_SUITS) if s.high[u] and u < step <= s.steps - N_SUITS + u)
            self.rest[step] = later + sum(aces[u] for u in pending)
            self.bits[step] = (7 << _J_SHIFT) + sum(15 << (_ACE_SHIFT + _ACE_BITS * u) for u in pending)
            how = (lowest, pending, loose, short[step])
            if how not in alike:
                alike[how] = _Own(s, *how)
            self.own.append(alike[how])
        self.own.reverse()

    def cuts(self, step: int, floor: int) -> _Cuts:
        """The values below which the states before ``step`` can't reach ``floor``."""
        return _Cuts(floor - self.rest[step], self.own[step], self.bits[step])


def _short(s: _Search) -> list[tuple[int, ...]]:
    """Per step, by the jokers a state has left to place anew (0 to :attr:`_Search.free`), the
    value of the hand's cards at that step or after it (aces left out) that no meld of three
    could take with that few: the meld's other two faces, where neither the table, nor the
    hand, nor a joker that must stay has one, need a joker placed anew each, unless their step
    is already behind (then they are taken as there, a bound). All zero without such cards."""
    here = [s.real[face] + s.held[face] + s.fixed[face] for face in range(N_FACES)]

    def step_of(suit: int, position: int) -> int:
        return (s.top - position) * N_SUITS + suit

    cards: list[tuple[int, int, list[list[int]]]] = []
    for face in range(N_FACES):
        suit, rank = divmod(face, N_RANKS)
        if not (s.held[face] and rank):
            continue
        position = rank + 1
        others = [(u, position) for u in range(N_SUITS) if u != suit]
        windows = [[a, b] for i, a in enumerate(others) for b in others[i + 1 :]]
        for low in range(max(1, position - 2), min(position, s.top - 2) + 1):
            windows.append([(suit, p) for p in range(low, low + 3) if p != position])
        needs = [[step_of(u, p) for u, p in window if not here[s._face(u, p)]] for window in windows]
        if all(needs):
            cards.append((step_of(suit, position), s._played_gain(face, s.held[face]), needs))
    out = []
    for step in range(s.steps):
        missed = [0] * (s.free + 1)
        for at, gain, needs in cards:
            if at >= step:
                need = min(sum(1 for later in window if later >= step) for window in needs)
                for left in range(min(need, s.free + 1)):
                    missed[left] += gain
        out.append(tuple(missed))
    return out


class _Cuts(dict[int, int]):
    """By a state's own bits (``bits`` of its key, :attr:`_Bound.bits`), the value below which
    it can't reach the floor (:meth:`_Bound.cuts`), worked out as met: ``cut`` (the floor less
    the part the same for every state) less its own part (``own``)."""

    def __init__(self, cut: int, own: _Own, bits: int) -> None:
        super().__init__()
        self.cut = cut
        self.own = own
        self.bits = bits

    def __missing__(self, mine: int) -> int:
        self[mine] = value = self.cut - self.own[mine]
        return value

    def drop(self, states: dict[int, int]) -> float:
        """Take the states below their cut out of ``states``; the share they were."""
        bits = self.bits
        low = [key for key, value in states.items() if value < self[key & bits]]
        for key in low:
            del states[key]
        return len(low) / max(1, len(states) + len(low))


class _Own(dict[int, int]):
    """A state's own part of :class:`_Bound` before a step, by its own bits, worked out as met:
    the jokers it has left to place anew at the ``lowest`` face left, the aces and jokers it
    placed high in the ``pending`` suits (those aces counted in the part the same for all are
    taken off), as many of the ``loose`` declared jokers kept as jokers are left, less the
    value of the cards ``short`` of as many jokers as it has left (:func:`_short`)."""

    def __init__(
        self, search: _Search, lowest: int, pending: tuple[int, ...], loose: int, short: tuple[int, ...]
    ) -> None:
        super().__init__()
        self.search = search
        self.lowest = lowest
        self.pending = pending
        self.loose = loose
        self.short = short

    def __missing__(self, mine: int) -> int:
        s = self.search
        left = s.free - ((mine >> _J_SHIFT) & 7)
        gain = (left * _LEX[self.lowest] << s.joker_shift) - self.short[left]
        for suit in self.pending:
            high = (mine >> (_ACE_SHIFT + _ACE_BITS * suit)) & 15
            face = make_face(suit, 1)
            gain += ((high & 3) * _LEX[face] << s.joker_shift) - s._played_gain(face, high >> 2)
            left += high & 3
        gain += min(left, self.loose) << s.kept_shift
        self[mine] = gain
        return gain


@lru_cache(maxsize=1 << 16)
def _forced(codes: int) -> int:
    """The places the runs of 1 and 2 of ``codes`` (run codes of some suits, :data:`_BITS` each)
    take at the next position (:data:`_FORCED`)."""
    return sum(_FORCED[(codes >> (_BITS * suit)) & _MASK] for suit in range(N_SUITS))


def _need_key(suit: int, position: int) -> int:
    """The key of :meth:`_Search._need`'s answers for ``suit`` at ``position``, less the run code
    (its low :data:`_BITS` bits)."""
    return (position << 8) | (suit << _BITS)


@lru_cache(maxsize=2)
def _position_faces(top: int) -> tuple[tuple[int, ...], ...]:
    """Per suit, the face at each position 0 to ``top`` (:meth:`_Search._face`; at 0, off the
    table, ``make_face(suit, 0)``)."""
    return tuple(
        tuple(make_face(suit, 1 if p == HIGH_ACE else p) for p in range(top + 1)) for suit in range(N_SUITS)
    )


@lru_cache(maxsize=64)
def _which_masks(top: int, high: tuple[bool, ...]) -> tuple[int, ...]:
    """Per step of a search from position ``top`` down, the bits of a key that decide its ways
    before the rank's sets are looked at (:meth:`_Search._found`): the suit's runs, the jokers
    placed and, at the low ace of a suit whose runs may end at the ``high`` ace, its aces placed
    high."""
    return tuple(
        (_MASK << (_BITS * suit))
        | (7 << _J_SHIFT)
        | (15 << (_ACE_SHIFT + _ACE_BITS * suit) if position == 1 and high[suit] else 0)
        for position in range(top, 0, -1)
        for suit in range(N_SUITS)
    )


@lru_cache(maxsize=4)
def _masks(top: int, look: bool) -> tuple[int, ...]:
    """Per step of a search from position ``top`` down, the bits of a key that decide the ways
    from it: the suit's runs (with ``look``, those of the suits after it at the rank too, but
    at the high ace), the jokers placed, the rank's set counts and, at the low ace, the aces
    placed high of the suit (with ``look``, and of those after it)."""
    out = []
    for position in range(top, 0, -1):
        for suit in range(N_SUITS):
            mask = (_MASK << (_BITS * suit)) | (7 << _J_SHIFT) | _COUNTS
            if position != HIGH_ACE and look:
                mask |= _RUN_CODES & -(1 << (_BITS * suit))
            if position == 1:
                low = _ACE_SHIFT + _ACE_BITS * suit
                mask |= _ACES & -(1 << low) if look else 15 << low
            out.append(mask)
    return tuple(out)


@lru_cache(maxsize=4)
def _suffix_masks(top: int, look: bool) -> tuple[int, ...]:
    """Per step of a search from position ``top`` down, the bits of a key that decide the ways
    from it to the end of its rank: those :func:`_masks` keeps at the step and at the rank's
    later steps."""
    masks = _masks(top, look)
    out = list(masks)
    for step in range(len(out) - 2, -1, -1):
        if step % N_SUITS != N_SUITS - 1:
            out[step] |= out[step + 1]
    return tuple(out)


@lru_cache(maxsize=4096)
def _moves(code: int, places: int, below: tuple[int, int], sets: bool) -> tuple[tuple[int, int], ...]:
    """(places in sets, new run code) for ``places`` places of a suit whose runs are ``code``:
    runs of 1 and 2 go on, then as many longer runs as the places left allow, the rest start runs
    or (with ``sets``) go to sets; a new run needs places at the next two positions, and a run of
    1 at the next one (at most ``below`` there)."""
    a1, a2, a3 = RUN_STATES[code]
    room = places - a1 - a2
    out = []
    for in_sets in range(room + 1 if sets else min(room + 1, 1)):
        longer = min(a3, room - in_sets)
        new = room - in_sets - longer
        if new + a1 > below[0] or new > below[1] or new + a1 + a2 + longer > MAX_OPEN:
            continue
        out.append((in_sets, _CODE[(new, a1, a2 + longer)]))
    return tuple(out)


class _Builder:
    """The melds of a plan, built position by position (module docstring): per suit its open
    runs as lists of (position, piece), the sets of the rank being built, the melds done."""

    def __init__(self) -> None:
        self.open: list[list[list[tuple[int, int]]]] = [[] for _ in range(N_SUITS)]
        self.in_sets: list[list[int]] = [[] for _ in range(N_SUITS)]
        self.sets: list[Meld] = []
        self.runs: list[tuple[int, int, Meld]] = []

    def place(self, suit: int, position: int, pieces: list[int], in_sets: int) -> None:
        """Place ``pieces`` (real cards first) at ``position`` of ``suit``: the runs of 1 and 2
        go on, then the longest others while pieces are left after the ``in_sets`` for sets,
        then new runs; the runs not continued are done."""
        runs = self.open[suit]
        if not pieces:
            for run in runs:
                self._finish(suit, run)
            self.open[suit] = []
            return
        if not runs:
            self.in_sets[suit] = pieces[:in_sets]
            self.open[suit] = [[(position, piece)] for piece in pieces[in_sets:]]
            return
        must = [run for run in runs if len(run) < 3]
        longer = sorted((run for run in runs if len(run) >= 3), key=len, reverse=True)
        go_on = len(pieces) - len(must) - in_sets
        continued = must + longer[: max(0, min(len(longer), go_on))]
        for run in longer[len(continued) - len(must) :]:
            self._finish(suit, run)
        queue = iter(pieces)
        for run in continued:
            run.append((position, next(queue)))
        rest = list(queue)
        self.in_sets[suit] = rest[:in_sets]
        self.open[suit] = continued + [[(position, piece)] for piece in rest[in_sets:]]

    def close_rank(self, position: int) -> None:
        """Deal the rank's set places suit by suit, round robin, over its sets."""
        count = max(len(pieces) for pieces in self.in_sets)
        if not count:
            return
        groups: list[list[tuple[int, int]]] = [[] for _ in range(count)]
        dealt = 0
        for suit, pieces in enumerate(self.in_sets):
            for piece in pieces:
                groups[dealt % count].append((suit, piece))
                dealt += 1
        for group in groups:
            self.sets.append(
                Meld(
                    MeldKind.SET,
                    tuple(piece for _, piece in group),
                    tuple(make_face(suit, position) for suit, _ in group),
                    (position,) * len(group),
                )
            )
        self.in_sets = [[] for _ in range(N_SUITS)]

    def close_all(self) -> None:
        """Finish every run still open (after the low ace)."""
        for suit in range(N_SUITS):
            for run in self.open[suit]:
                self._finish(suit, run)
            self.open[suit] = []

    def _finish(self, suit: int, run: list[tuple[int, int]]) -> None:
        """A run done (built from the top down): one meld, or two when it runs from the high ace
        to the low one."""
        parts = [run[:3], run[3:]] if len(run) > MAX_RUN else [run]
        for part in parts:
            part.reverse()
            positions = [p for p, _ in part]
            self.runs.append((suit, positions[0], build_run(suit, positions, [piece for _, piece in part])))

    def melds(self) -> tuple[Meld, ...]:
        """The sets by rank (the low ace first), then the runs by lowest position and suit."""
        sets = sorted(self.sets, key=lambda meld: meld.positions[0])
        runs = sorted(self.runs, key=lambda run: (run[1], run[0]))
        return (*sets, *(meld for _, _, meld in runs))
