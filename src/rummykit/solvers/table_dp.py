"""The exact search behind Carousel's table solver: a dynamic program over ranks.

After van Rijn, Takes and Vis ("The complexity of Rummikub problems", 2015): the new table is
built rank by rank, from the low ace (position 1) up to the king (13) and, when the ace may be
high, the high ace (14); at each rank suit by suit (S, H, D, C). What a later rank needs to know
of the lower ones is, per suit, how many runs are open at length 1, 2 and 3 or more (a run of 1
or 2 must go on; one of 3 or more may stop), how many jokers are placed, and, within a rank, how
many cards of each suit went to sets there. Every card of a face is a *place* of the new table: a
real card of the table (each must be placed), one from the hand (optional), or a joker. A table
joker keeps its declared card (it sits in a place of that face) unless a real card of that face
replaces it (from the hand, or, with ``replace_from_table``, anywhere on the new table); every
freed joker and every joker played from the hand takes a place anywhere, declared as that place's
card. A face's places go first to the runs that must go on, then to the longer runs (as many as the
places allow: a longer run never stops where it could go on, which loses nothing, a run of 3 or
more may always stop later), then to sets and new runs. The sets of a rank need ``3 * most <=
total`` (most places of one suit, total places in sets), which is when they split into sets of 3 or
4 distinct suits. An ace may be low (position 1) or high (14): the aces of a suit that a high run
could end with are counted at position 1 and placed at 14.

Which table, among equally good ones (:func:`plan_table`'s tie-break), is part of the value: each
answer is worth one integer, compared in this order, so the best is unique:

1. the value asked for (points then cards played, or cards), as the caller weighs the faces;
2. the cards played: the most copies of the lowest face in face order (suits S H D C, ranks ace
   to king), then of the next, and so on;
3. the table jokers that keep their declared card: the most;
4. the jokers' declared cards: again the lowest faces first;
5. the arrangement: position by position from the low ace up, suit by suit, the fewest places in
   sets (the rest go to runs); at position 1, the most aces low.

The melds are then read from the chosen places: runs go on longest first, sets are dealt suit by
suit, round robin, over the rank's sets, and a face's places take its real cards before its
jokers (in the order: runs that must go on, longer runs, sets, new runs).

Pure Python; no solver library. Rules spec: ``carousel.md`` "Melds" and "Melding (manipulation)".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rummykit.core.melds import HIGH_ACE, MAX_RUN, Meld, MeldKind, build_run
from rummykit.core.pieces import JOKER, N_FACES, N_RANKS, N_SUITS, make_face

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
_BITS = 6
"""Bits of a suit's run code in a state key; then the jokers placed, the rank's set counts, and
the aces a high run may take (per suit: aces and jokers placed low)."""
_MASK = (1 << _BITS) - 1
_J_SHIFT = _BITS * N_SUITS
_MX_SHIFT = _J_SHIFT + 3
_TOT_SHIFT = _MX_SHIFT + 3
_ACE_SHIFT = _TOT_SHIFT + 5
_ACE_BITS = 4
_COUNTS = ((1 << (_ACE_SHIFT - _MX_SHIFT)) - 1) << _MX_SHIFT
"""The bits of the rank's set counts in a key."""
_STEP_BITS = 6
"""Bits of one step's arrangement choice in a value."""
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


_Fill = tuple[int, int, int, int, int, int]
"""One way to fill a face's places: (places, real cards, jokers, value, bits added to the key,
first rank of the arrangement choice)."""
_Parent = tuple[int, int, int, int]
"""How a state was reached at a step: (the state before, real cards, jokers, places in sets)."""


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
) -> TablePlan | None:
    """The best new table (module docstring), or ``None`` when no card can be played.

    ``real``, ``held`` and ``declared``: per face (52), the real cards on the table, the cards in
    the hand and the table jokers declared as it (all zero when table jokers are free to be placed
    anew: then they count in ``table_jokers`` only); ``table_jokers``: every joker on the table;
    ``weights``: per face, the value of playing one card of it from the hand (positive), and
    ``joker_weight`` of one joker from the hand. The position must be possible: at most two
    copies of a face and two jokers in all, as two decks hold (the caller checks)."""
    free = _free_jokers(real, held, hand_jokers, declared, table_jokers, replace_from_table)
    playable = _playable(real, held, declared, free)
    if not any(playable) and not hand_jokers:
        return None
    search = _Search(
        real,
        playable,
        hand_jokers,
        declared,
        table_jokers,
        free,
        weights,
        joker_weight,
        replace_from_table,
        ace_high,
    )
    return search.run()


def _free_jokers(
    real: Sequence[int],
    held: Sequence[int],
    hand_jokers: int,
    declared: Sequence[int],
    table_jokers: int,
    replace: bool,
) -> int:
    """The most jokers that may be placed anew: the hand's, the table's with no declared card,
    and the table's whose declared card a real card could replace."""
    bound = sum(declared)
    freeable = sum(
        declared[f] for f in range(N_FACES) if declared[f] and (real[f] if replace else 0) + held[f]
    )
    return hand_jokers + table_jokers - bound + freeable


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


def _threes(face: int) -> list[tuple[int, int]]:
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
    return out


class _Search:
    """One run of the dynamic program (module docstring); :meth:`run` gives the plan."""

    def __init__(
        self,
        real: Sequence[int],
        held: Sequence[int],
        hand_jokers: int,
        declared: Sequence[int],
        table_jokers: int,
        free: int,
        weights: Sequence[int],
        joker_weight: int,
        replace: bool,
        ace_high: bool,
    ) -> None:
        self.real = real
        self.held = held
        self.declared = declared
        self.table_jokers = table_jokers
        self.hand_jokers = hand_jokers
        self.jokers = table_jokers + hand_jokers
        self.weights = weights
        self.replace = replace
        self.top = HIGH_ACE if ace_high else N_RANKS
        self.steps = self.top * N_SUITS
        self.free = free
        """The most jokers that may be placed anew (:func:`_free_jokers`)."""
        self.high = [ace_high and self._high_possible(suit) for suit in range(N_SUITS)]
        self.caps = [[self._cap(suit, p) for p in range(self.top + 3)] for suit in range(N_SUITS)]
        """Per suit and position, the most places there without free jokers."""
        self.reach = [
            [cap + self.free if 1 <= p <= self.top else 0 for p, cap in enumerate(caps)] for caps in self.caps
        ]
        """Per suit and position, the most places there (0 where nothing can be)."""
        for suit in range(N_SUITS):
            if ace_high and not self.high[suit]:
                self.reach[suit][HIGH_ACE] = 0
        self.joker_shift = _STEP_BITS * self.steps
        self.kept_shift = self.joker_shift + _LEX_BITS
        self.played_shift = self.kept_shift + 2
        self.value_shift = self.played_shift + _LEX_BITS
        self.joker_value = joker_weight << self.value_shift
        self.offset = sum(
            self._played_gain(self._face(suit, 1), self.real[self._face(suit, 1)])
            for suit in range(N_SUITS)
            if self.high[suit]
        )
        """The value of the table's own aces of the suits whose aces are counted as placed
        (:meth:`_ace_supply`), taken off every answer."""

    # ------------------------------------------------------------------------------------ setup
    def _face(self, suit: int, position: int) -> int:
        return make_face(suit, 1 if position == HIGH_ACE else position)

    def _cap(self, suit: int, position: int) -> int:
        """The most places of ``suit`` at ``position`` without free jokers (0 off the table)."""
        if not 1 <= position <= self.top:
            return 0
        face = self._face(suit, position)
        return self.real[face] + self.held[face] + self.declared[face]

    def _high_possible(self, suit: int) -> bool:
        """Whether a run of ``suit`` could end with the high ace: Q, K and A each present or
        stood for by a joker that may be placed anew."""
        missing = sum(not self._cap(suit, p) for p in (HIGH_ACE - 2, HIGH_ACE - 1, HIGH_ACE))
        return missing <= self.free

    def _supply(self, face: int, jokers_left: int) -> list[_Fill]:
        """Every way to fill ``face``'s places (:data:`_Fill`): each real card of the table, some
        of the hand's, some jokers (the table's declared as it stay unless a real card of the face
        frees them)."""
        real, held, declared = self.real[face], self.held[face], self.declared[face]
        out = []
        for used in range(real, real + held + 1):
            can_free = used if self.replace else used - real
            gain = self._played_gain(face, used - real)
            for jokers in range(jokers_left + 1):
                if declared - min(jokers, declared) <= can_free:
                    out.append((used + jokers, used, jokers, gain + self._joker_gain(face, jokers), 0, 0))
        return out

    def _ace_supply(self, suit: int, jokers_left: int) -> list[_Fill]:
        """At position 1 for a suit whose high run may take aces: every split of its aces (table
        and hand) into those placed low and those kept for position 14, where the count of aces
        low is kept in the key (at ``_ACE_SHIFT``; the jokers placed low too when a table joker
        is declared as the ace: the joker rule is checked there, :meth:`_high_step`). Each ace
        placed counts its value here (the table's aces are taken off at the end,
        :attr:`offset`). The choice's rank prefers more aces low, then fewer jokers."""
        face = self._face(suit, 1)
        top = self.real[face] + self.held[face]
        declared = self.declared[face]
        out = []
        shift = _ACE_SHIFT + _ACE_BITS * suit
        for aces in range(top, -1, -1):
            gain = self._played_gain(face, aces)
            for jokers in range(jokers_left + 1):
                rank = (top - aces) * (jokers_left + 1) + jokers
                bits = ((aces << 2) | (jokers if declared else 0)) << shift
                extra = 0 if declared else self._joker_gain(face, jokers)
                out.append((aces + jokers, aces, jokers, gain + extra, bits, rank * 5))
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

    def _step_value(self, step: int, rank: int) -> int:
        """The tie-break value of arrangement choice ``rank`` (0 best) at ``step``."""
        return ((1 << _STEP_BITS) - 1 - rank) << (_STEP_BITS * (self.steps - 1 - step))

    # ------------------------------------------------------------------------------- the search
    def run(self) -> TablePlan | None:
        """The best plan, or ``None`` when the best plays nothing."""
        states: dict[int, int] = {0: 0}
        history: list[dict[int, _Parent]] = []
        for position in range(1, self.top + 1):
            for suit in range(N_SUITS):
                parents: dict[int, _Parent] = {}
                if position == HIGH_ACE:
                    states = self._high_step(states, suit, parents)
                else:
                    states = self._step(states, position, suit, parents)
                history.append(parents)
            if position != HIGH_ACE:
                states = self._close_rank(states, parents)
        best_key, best = -1, -1
        for key, value in states.items():
            if any(RUN_STATES[(key >> (_BITS * s)) & _MASK][:2] != (0, 0) for s in range(N_SUITS)):
                continue
            played_jokers = ((key >> _J_SHIFT) & 7) - self.table_jokers
            if 0 <= played_jokers <= self.hand_jokers:
                total = value - self.offset + played_jokers * self.joker_value
                if total > best:
                    best_key, best = key, total
        if best >> self.value_shift <= 0:
            return None
        return self._plan(best_key, history, best >> self.value_shift)

    def _step(
        self, states: dict[int, int], position: int, suit: int, parents: dict[int, _Parent]
    ) -> dict[int, int]:
        """The states after placing ``suit``'s places at ``position`` (not the high ace)."""
        face = self._face(suit, position)
        step = (position - 1) * N_SUITS + suit
        shift = _BITS * suit
        carry = position == 1 and self.high[suit]
        next1 = self.reach[suit][position + 1]
        next2 = self.reach[suit][position + 2]
        later = sum(self.caps[s][position] for s in range(suit + 1, N_SUITS)) + self.free
        supplies: dict[int, list[_Fill]] = {}
        moves: dict[tuple[int, int], list[tuple[int, int]]] = {}
        choice = [self._step_value(step, r) for r in range(1 << _STEP_BITS)]
        clear = ~((_MASK << shift) | (_COUNTS))
        out: dict[int, int] = {}
        get = out.get
        for key, value in states.items():
            code = (key >> shift) & _MASK
            used_jokers = (key >> _J_SHIFT) & 7
            most = (key >> _MX_SHIFT) & 7
            total = (key >> _TOT_SHIFT) & 31
            supply = supplies.get(used_jokers)
            if supply is None:
                left = self.jokers - used_jokers
                supply = supplies[used_jokers] = (
                    self._ace_supply(suit, left) if carry else self._supply(face, left)
                )
            base = key & clear
            for places, used, jokers, gain, bits, rank in supply:
                options = moves.get((code, places))
                if options is None:
                    options = moves[(code, places)] = self._moves(code, places, next1, next2)
                for in_sets, new_code in options:
                    new_most = most if most > in_sets else in_sets
                    new_total = total + in_sets
                    if 3 * new_most > new_total + later:
                        continue
                    new_key = (
                        base
                        + (new_code << shift)
                        + (jokers << _J_SHIFT)
                        + (new_most << _MX_SHIFT)
                        + (new_total << _TOT_SHIFT)
                        + bits
                    )
                    new_value = value + gain + choice[rank + in_sets]
                    if get(new_key, -1) < new_value:
                        out[new_key] = new_value
                        parents[new_key] = (key, used, jokers, in_sets)
        return out

    def _moves(self, code: int, places: int, next1: int, next2: int) -> list[tuple[int, int]]:
        """(places in sets, new run code) for ``places`` places of a suit whose runs are
        ``code``: runs of 1 and 2 go on, then as many longer runs as the places left allow, the
        rest start runs; a new run needs places at the next two positions, and a run of 1 at
        the next one (at most ``next1`` and ``next2`` there)."""
        a1, a2, a3 = RUN_STATES[code]
        room = places - a1 - a2
        out = []
        for in_sets in range(room + 1):
            longer = min(a3, room - in_sets)
            new = room - in_sets - longer
            if new + a1 > next1 or new > next2 or new + a1 + a2 + longer > MAX_OPEN:
                continue
            out.append((in_sets, _CODE[(new, a1, a2 + longer)]))
        return out

    def _close_rank(self, states: dict[int, int], parents: dict[int, _Parent]) -> dict[int, int]:
        """The states whose sets at this rank split into sets of 3 or 4, the rank's counts
        dropped (the last step's ``parents`` re-keyed to match)."""
        out: dict[int, int] = {}
        renamed: dict[int, _Parent] = {}
        keep_mask = ~(_COUNTS)
        for key, value in states.items():
            most = (key >> _MX_SHIFT) & 7
            total = (key >> _TOT_SHIFT) & 31
            if total and 3 * most > total:
                continue
            new_key = key & keep_mask
            if out.get(new_key, -1) < value:
                out[new_key] = value
                renamed[new_key] = parents[key]
        parents.clear()
        parents.update(renamed)
        return out

    def _high_step(self, states: dict[int, int], suit: int, parents: dict[int, _Parent]) -> dict[int, int]:
        """The states after the high ace of ``suit``: its runs of 2 go on to it, and some of the
        longer ones; its places are the aces and jokers kept at position 1 and more of the
        aces, the joker rule and the value of the whole face counted here."""
        shift = _BITS * suit
        ace_shift = _ACE_SHIFT + _ACE_BITS * suit
        face = self._face(suit, 1)
        real, held, declared = self.real[face], self.held[face], self.declared[face]
        out: dict[int, int] = {}
        clear = ~((_MASK << shift) | (15 << ace_shift))
        for key, value in states.items():
            a1, a2, a3 = RUN_STATES[(key >> shift) & _MASK]
            if a1:
                continue
            base = key & clear
            if not self.high[suit]:
                if not a2 and out.get(base, -1) < value:
                    out[base] = value
                    parents[base] = (key, 0, 0, 0)
                continue
            low = (key >> ace_shift) & 15
            aces_low, jokers_low = low >> 2, low & 3
            used_jokers = (key >> _J_SHIFT) & 7
            for aces in range(max(0, real - aces_low), real + held - aces_low + 1):
                used = aces_low + aces
                can_free = used if self.replace else used - real
                gain = self._played_gain(face, aces)
                for jokers in range(self.jokers - used_jokers + 1):
                    if not a2 <= aces + jokers <= a2 + a3:
                        continue
                    placed = jokers_low + jokers
                    if declared - min(placed, declared) > can_free:
                        continue
                    new_key = base + (jokers << _J_SHIFT)
                    new_value = value + gain + self._joker_gain(face, placed if declared else jokers)
                    if out.get(new_key, -1) < new_value:
                        out[new_key] = new_value
                        parents[new_key] = (key, aces, jokers, 0)
        return out

    # ------------------------------------------------------------------------------ the melds
    def _plan(self, key: int, history: list[dict[int, _Parent]], value: int) -> TablePlan:
        """The plan of the state ``key`` reached at the end: its steps read back through
        ``history``, then the melds built forward (module docstring)."""
        jokers_played = ((key >> _J_SHIFT) & 7) - self.table_jokers
        path: list[tuple[int, int, int]] = []
        for parents in reversed(history):
            key, used, jokers, in_sets = parents[key]
            path.append((used, jokers, in_sets))
        path.reverse()
        builder = _Builder()
        played: list[int] = []
        aces_low = [0] * N_SUITS
        for step, (used, jokers, in_sets) in enumerate(path):
            position, suit = divmod(step, N_SUITS)
            position += 1
            face = self._face(suit, position)
            if position == 1 and self.high[suit]:
                aces_low[suit] = used
            elif position == HIGH_ACE:
                played += [face] * (aces_low[suit] + used - self.real[face]) if self.high[suit] else []
            else:
                played += [face] * (used - self.real[face])
            builder.place(suit, position, [face] * used + [JOKER] * jokers, in_sets)
            if suit == N_SUITS - 1:
                builder.close_rank(position)
        builder.close_all()
        played.sort()
        return TablePlan(builder.melds(), (*played, *[JOKER] * jokers_played), value)


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
        must = [run for run in runs if len(run) < 3]
        longer = sorted((run for run in runs if len(run) >= 3), key=len, reverse=True)
        go_on = len(pieces) - len(must) - in_sets
        if position == HIGH_ACE:
            go_on = len(pieces) - len(must)
        continued = must + longer[: max(0, min(len(longer), go_on))]
        for run in longer[len(continued) - len(must) :]:
            self._finish(suit, run)
        queue = iter(pieces)
        for run in continued:
            run.append((position, next(queue)))
        rest = list(queue)
        self.in_sets[suit] = rest[:in_sets]
        self.open[suit] = continued + [[(position, piece)] for piece in rest[in_sets:]]
        if position == HIGH_ACE:
            for run in self.open[suit]:
                self._finish(suit, run)
            self.open[suit] = []

    def close_rank(self, position: int) -> None:
        """Deal the rank's set places suit by suit, round robin, over its sets."""
        if position == HIGH_ACE:
            return
        count = max(len(pieces) for pieces in self.in_sets)
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
        """Finish every run still open (after the king, when the ace is never high)."""
        for suit in range(N_SUITS):
            for run in self.open[suit]:
                self._finish(suit, run)
            self.open[suit] = []

    def _finish(self, suit: int, run: list[tuple[int, int]]) -> None:
        """A run done: one meld, or two when it runs from the low ace to the high one."""
        parts = [run[:3], run[3:]] if len(run) > MAX_RUN else [run]
        for part in parts:
            positions = [p for p, _ in part]
            self.runs.append((suit, positions[0], build_run(suit, positions, [piece for _, piece in part])))

    def melds(self) -> tuple[Meld, ...]:
        """The sets by rank, then the runs by suit and lowest position."""
        return (*self.sets, *(meld for _, _, meld in sorted(self.runs, key=lambda r: r[:2])))
