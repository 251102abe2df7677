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

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from itertools import combinations

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
from rummykit.core.pieces import JOKER, N_FACES, N_SUITS, make_face, rank_of, suit_of

MAX_TEMPLATE_RUN = 5
MEMO_LIMIT = 400_000


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
_Choice = tuple[int, tuple[int, ...]] | None


def _unit(face: int) -> int:
    return 1 << (2 * face)


def _lowest(key: int) -> int:
    """The lowest face present in packed counts ``key`` (non-zero)."""
    return ((key & -key).bit_length() - 1) >> 1


def _count(key: int, face: int) -> int:
    return (key >> (2 * face)) & 3


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
        self._values_table: list[list[int]] | None = None
        self._memos: dict[Objective, dict[int, tuple[int, _Choice]]] = {}
        self._weight_tables: dict[Objective, tuple[list[int], int]] = {}

    def _memo(self, objective: Objective) -> dict[int, tuple[int, _Choice]]:
        """The search memo of ``objective``, shared by every hand: a state (natural counts, number
        of wilds) has the same best score and choice whatever the hand it came from and whichever
        faces are wild this round, and a bot asks about many hands that differ by one piece.
        Emptied when it grows past ``MEMO_LIMIT`` states."""
        memo = self._memos.get(objective)
        if memo is None or len(memo) > MEMO_LIMIT:
            memo = self._memos[objective] = {}
        return memo

    # ----------------------------------------------------------------- hands as counts
    def _pack(self, faces: Sequence[int], wilds: Wilds) -> tuple[int, list[int], dict[int, int]]:
        """(packed natural counts, wild pieces' faces, natural face -> face of the piece)."""
        key = 0
        wild: list[int] = []
        shown: dict[int, int] = {}
        for face in faces:
            if wilds.is_wild(face):
                wild.append(face)
                continue
            natural = wilds.natural(face, self.rules.kind)
            shown[natural] = face
            key += _unit(natural)
        return key, wild, shown

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
        memo = self._memo(objective)
        total = self._search(key, len(wild), shown, objective, memo)
        melds, ungrouped = self._rebuild(key, len(wild), memo, wild, shown)
        return Arrangement(tuple(merge_runs(melds)), tuple(ungrouped), total)

    def score(self, faces: Sequence[int], wilds: Wilds, objective: Objective = Objective.PIECES) -> int:
        """The best arrangement's ``score`` (pieces melded, points melded or meld value), without
        building its melds: the same search as :meth:`arrange`, for bots and finish checks."""
        key, wild, shown = self._pack(faces, wilds)
        return self._search(key, len(wild), shown, objective, self._memo(objective))

    def _search(
        self,
        key: int,
        wilds: int,
        shown: dict[int, int],
        objective: Objective,
        memo: dict[int, tuple[int, _Choice]],
    ) -> int:
        """The best score from the packed naturals ``key`` and ``wilds`` wilds (``shown``: the
        naturals present), filling ``memo`` with each state's best choice (the caller rebuilds
        from the same memo, so it is fetched once, before a reset could empty it)."""
        weight, wild_score = self._weights(objective)
        templates = self._templates
        deadwood = objective is Objective.DEADWOOD
        bonuses = self._meld_values() if objective is Objective.MELD_VALUE else None
        bounded = bonuses is None

        def best(k: int, w: int, room: int) -> int:
            """Best score from naturals ``k`` and ``w`` wilds; ``room``: the naturals' weight."""
            state = k << 3 | w
            hit = memo.get(state)
            if hit is not None:
                return hit[0]
            if k == 0:
                score = (w * wild_score + self._all_wild_bonus(objective, w)) if w >= 3 else 0
                memo[state] = (score, None)
                return score
            anchor = ((k & -k).bit_length() - 1) >> 1
            low = 1 << (2 * anchor)
            ceiling = room + w * wild_score if bounded else -1
            top_score = -1
            top_choice: _Choice = None
            for index, t in enumerate(templates[anchor]):
                k2, need, gained = k - low, 0, weight[anchor]
                avail: list[int] = []
                for g in t.others:
                    if (k2 >> (2 * g)) & 3:
                        k2 -= 1 << (2 * g)
                        gained += weight[g]
                        avail.append(g)
                    else:
                        need += 1
                if need > w:
                    continue
                rest_room = room - gained
                gained += need * wild_score + (bonuses[anchor][index] if bonuses else 0)
                swaps: list[tuple[int, ...]] = [()]
                if deadwood and w > need:
                    swaps += [c for n in range(1, w - need + 1) for c in combinations(avail, n)]
                for swap in swaps:
                    k3 = k2 + sum(1 << (2 * g) for g in swap)
                    back = sum(weight[g] for g in swap)
                    delta = len(swap) * wild_score - back
                    score = gained + delta + best(k3, w - need - len(swap), rest_room + back)
                    if score > top_score:
                        top_score, top_choice = score, (index, swap)
                if top_score == ceiling:
                    memo[state] = (top_score, top_choice)
                    return top_score
            alone = best(k - low, w, room - weight[anchor])
            if alone >= top_score:
                top_score, top_choice = alone, None
            memo[state] = (top_score, top_choice)
            return top_score

        room = sum(weight[f] * _count(key, f) for f in shown)
        return best(key, wilds, room)

    def _rebuild(
        self,
        key: int,
        w: int,
        memo: dict[int, tuple[int, _Choice]],
        wild: list[int],
        shown: dict[int, int],
    ) -> tuple[list[Meld], list[int]]:
        """Walk the memo's choices from the start state into melds of the hand's own pieces."""
        spare = list(wild)
        melds: list[Meld] = []
        ungrouped: list[int] = []
        while key:
            anchor = _lowest(key)
            low = _unit(anchor)
            choice = memo[key << 3 | w][1]
            if choice is None:
                ungrouped.append(shown[anchor])
                key -= low
                continue
            index, swap = choice
            t = self._templates[anchor][index]
            played: list[int] = []
            left = list(swap)
            rest = key - low
            for i, g in enumerate(t.faces):
                if i == t.anchor_index:
                    played.append(shown[g])
                elif g in left:
                    left.remove(g)
                    played.append(spare.pop())
                elif _count(rest, g):
                    rest -= _unit(g)
                    played.append(shown[g])
                else:
                    played.append(spare.pop())
            key, w = rest, len(spare)
            melds.append(_template_meld(t, played))
        if spare and w >= 3:
            melds.append(build_run(0, range(self.rules.top - w + 1, self.rules.top + 1), spare))
        elif spare:
            ungrouped.extend(spare)
        return melds, ungrouped

    # ----------------------------------------------------------------- winning
    def meldable(self, faces: Sequence[int], wilds: Wilds) -> bool:
        """Whether every piece of ``faces`` goes into a set or run (an empty hand is meldable)."""
        key, wild, _ = self._pack(faces, wilds)
        return self._meldable(key, len(wild))

    def _meldable(self, key: int, w: int) -> bool:
        templates = self._templates
        failed: set[_State] = set()

        def ok(k: int, w: int) -> bool:
            if k == 0:
                return w == 0 or w >= 3
            if (k, w) in failed:
                return False
            anchor = _lowest(k)
            low = _unit(anchor)
            for t in templates[anchor]:
                k2, need = k - low, 0
                for g in t.others:
                    if _count(k2, g):
                        k2 -= _unit(g)
                    else:
                        need += 1
                if need <= w and ok(k2, w - need):
                    return True
            failed.add((k, w))
            return False

        return ok(key, w)

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
        out = {shown[f] for f in range(N_FACES) if mask >> f & 1}
        if mask >> N_FACES & 1:
            out.update(wild)
        return [f for f in dict.fromkeys(faces) if f in out]

    def _skips(self, key: int, wilds: int) -> int:
        """Bit ``f`` for each natural face ``f`` (bit 52 for a wild) whose removal from the state
        ``(key, wilds)`` leaves it meldable."""
        templates = self._templates
        melds: dict[int, bool] = {}
        skips: dict[int, int] = {}

        def ok(k: int, w: int) -> bool:
            if k == 0:
                return w == 0 or w >= 3
            state = k << 3 | w
            known = melds.get(state)
            if known is not None:
                return known
            anchor = _lowest(k)
            low = _unit(anchor)
            result = False
            for t in templates[anchor]:
                k2, need = k - low, 0
                for g in t.others:
                    if (k2 >> (2 * g)) & 3:
                        k2 -= 1 << (2 * g)
                    else:
                        need += 1
                if need <= w and ok(k2, w - need):
                    result = True
                    break
            melds[state] = result
            return result

        def skip(k: int, w: int) -> int:
            state = k << 3 | w
            known = skips.get(state)
            if known is not None:
                return known
            out = 1 << N_FACES if w and ok(k, w - 1) else 0
            if k:
                anchor = _lowest(k)
                low = _unit(anchor)
                if ok(k - low, w):
                    out |= 1 << anchor
                for t in templates[anchor]:
                    k2, need = k - low, 0
                    used: list[int] = []
                    for g in t.others:
                        if (k2 >> (2 * g)) & 3:
                            k2 -= 1 << (2 * g)
                            used.append(g)
                        else:
                            need += 1
                    if need > w:
                        continue
                    out |= skip(k2, w - need)
                    if need < w and ok(k2, w - need - 1):
                        for g in used:
                            out |= 1 << g
            skips[state] = out
            return out

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
        groups, wild = self._pair_groups(faces, wilds)
        singles = sum(len(members) % 2 for members in groups.values())
        completed = min(len(wild), singles)
        if len(wild) > singles and (len(wild) - singles) % 2 == 1 and singles:
            completed -= 1
        return singles - completed + (len(wild) - completed) % 2

    def _pair_groups(self, faces: Sequence[int], wilds: Wilds) -> tuple[dict[int, list[int]], list[int]]:
        """(the faces grouped by what pairs them, the wilds free to complete any pair). Without
        ``wild_in_pairs`` a wild pairs with nothing, not even another wild: each is a group of its
        own, as :func:`rummykit.core.melds.validate_meld` refuses such a pair."""
        groups: dict[int, list[int]] = {}
        wild: list[int] = []
        same_number = self.rules.pair_rule is PairRule.SAME_NUMBER
        for i, face in enumerate(faces):
            if wilds.is_wild(face):
                if self.rules.wild_in_pairs:
                    wild.append(face)
                else:
                    groups[-1 - i] = [face]
                continue
            natural = wilds.natural(face, self.rules.kind)
            groups.setdefault(rank_of(natural) if same_number else N_FACES + natural, []).append(face)
        return groups, wild

    def _pair(self, a: int, b: int, wilds: Wilds) -> Meld:
        stands = [wilds.natural(f, self.rules.kind) for f in (a, b) if not wilds.is_wild(f)]
        face = stands[0] if stands else (a if a != JOKER else 0)
        return Meld(MeldKind.PAIR, (a, b), (face, face), (rank_of(face),) * 2)

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


def _template_meld(t: _Template, played: list[int]) -> Meld:
    if t.kind is MeldKind.RUN:
        return build_run(t.suit, t.positions, played)
    return Meld(MeldKind.SET, tuple(played), t.faces, t.positions)
