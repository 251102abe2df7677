"""How many draws a closed hand (Okey, Turkish Rummy) is from going out, counting what is unseen.

A hand goes out when ``target`` (14) of its pieces lay down as sets and runs, or as seven pairs,
after a draw. Its *distance* is the fewest draws after which that is possible: the fewest pieces
of a *target hand* (``target`` pieces that lay down) that the hand lacks, over every target hand
that the unseen pieces can complete. This is the shanten count of Mahjong calculators, for rummy
melds: two pieces of a run or set needing one more count as much as they are worth, which the
count of pieces left out of the best full-meld arrangement does not see.

The model (exact, no heuristics):

- A target is any multiset of melds (runs of 3 to 13 pieces of one suit over ranks 1 to 13, and
  to 14, the 1 after the 13, when the rules allow; sets of one rank, of distinct suits or not as
  the rules say) of ``target`` pieces in all, or ``target / 2`` pairs. Each place of a meld
  stands for a face; the hand's natural pieces fill places of their face, the hand's wilds fill
  any place, and every other place is a *hole* that a draw fills.
- A hole of face ``f`` is filled by one of the ``supply`` pieces of ``f`` still unseen, or by a
  wild (the hand's, or an unseen one): the holes of ``f`` beyond its unseen count are *forced*
  and there must be no more forced holes than wilds in hand and unseen. A meld made only of holes
  is filled the same way (its faces chosen freely among the templates).
- The draws are the holes less the hand's wilds; the distance is the fewest draws over the
  targets, capped at :data:`CAP` + 1 (a hand further out than ``CAP`` draws).

:meth:`Distance.melds_within` decides whether some target needs at most ``d`` draws by a depth
first search: the lowest natural piece left is either not kept (a discard to come) or the lowest
natural of one meld, whose other places take the natural pieces left (a natural is never worse
than a hole of its face) and holes; the search is memoised on the counts left, the holes placed
and the budgets. Seven pairs are counted directly (:meth:`Distance.pairs_draws`).

A draw of ``t`` lowers the distance exactly when some nearest target has a hole of ``t`` that
an unseen ``t`` fills (:meth:`Distance.lowers`): with that piece the same target lacks one less.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations, combinations_with_replacement, product

from rummykit.core.melds import HIGH_ACE, MAX_RUN, MeldRules, PairRule, Wilds
from rummykit.core.pieces import JOKER, N_FACES, N_RANKS, N_SUITS
from rummykit.solvers.arrange import solver_for

CAP = 6
"""Largest distance searched; a hand further out is given ``CAP + 1``."""

_Key = tuple[bytes, int, int, int, int, tuple[int, ...]]


@dataclass(frozen=True)
class Supply:
    """What the draws may bring: ``naturals[f]`` unseen pieces that stand for the natural face
    ``f`` (0..51; an unseen false joker stands for the okey's face) and ``wilds`` unseen wilds."""

    naturals: tuple[int, ...]
    wilds: int

    @classmethod
    def of(cls, unseen: Sequence[int], wilds: Wilds) -> Supply:
        """From per-face unseen counts (faces ``0..52``, ``JOKER`` last, as
        :func:`rummykit.variants.closed_hand.draw_value.unseen_counts` gives them) and the round's wilds."""
        naturals = [0] * N_FACES
        spare = 0
        for face, count in enumerate(unseen):
            if not count:
                continue
            if wilds.is_wild(face):
                spare += count
            elif face == JOKER:
                if wilds.joker_as is not None:
                    naturals[wilds.joker_as] += count
            else:
                naturals[face] += count
        return cls(tuple(naturals), spare)

    def without(self, face: int, wilds: Wilds) -> Supply:
        """The supply less one unseen piece of ``face`` (a face of the 53, drawn)."""
        if wilds.is_wild(face):
            return Supply(self.naturals, self.wilds - 1)
        natural = wilds.joker_as if face == JOKER else face
        assert natural is not None
        naturals = list(self.naturals)
        naturals[natural] -= 1
        return Supply(tuple(naturals), self.wilds)


@dataclass
class _Search:
    """One feasibility search: the supply, the budgets and the memo."""

    supply: Supply
    counts: bytearray
    memo: dict[_Key, bool] = field(default_factory=dict)
    fillers: dict[tuple[int, tuple[int, ...], int], bool] = field(default_factory=dict)


class Distance:
    """Distances of hands under one variant's meld rules; ``pairs``: seven pairs lay down;
    ``target``: the pieces that lay down (14; even when ``pairs``). Raises ``ValueError`` for a
    target under 3."""

    def __init__(self, rules: MeldRules, pairs: bool, target: int = 14) -> None:
        if target < 3:
            raise ValueError(f"a target hand holds at least 3 pieces, not {target}")
        self.rules = rules
        self.pairs = pairs
        self.target = target
        self.top = HIGH_ACE if rules.ace_high else MAX_RUN
        self._templates = self._all_templates()
        self.solver = solver_for(rules)

    # ----------------------------------------------------------------- public answers
    def distance(self, hand: Sequence[int], wilds: Wilds, supply: Supply) -> int:
        """The fewest draws after which ``target`` pieces of ``hand`` (faces) and the draws lay
        down, the draws coming from ``supply``; ``CAP + 1`` when more than :data:`CAP`."""
        counts, hand_wilds = self._split(hand, wilds)
        best = CAP + 1
        if self.pairs:
            best = min(best, self.pairs_draws(counts, hand_wilds, supply))
        for draws in range(best):
            if self._may_meld(hand, wilds, draws) and self.melds_within(counts, hand_wilds, supply, draws):
                return draws
        return best

    def lowers(self, hand: Sequence[int], wilds: Wilds, rest: Supply, face: int, now: int) -> bool:
        """Whether a piece of ``face`` brings ``hand``, at distance ``now``, nearer: ``target``
        pieces of the hand and that piece then lie ``now - 1`` draws from laying down, the draws
        coming from ``rest`` (the supply without that piece, if it was one of it:
        :meth:`Supply.without`)."""
        if now == 0 or now > CAP:
            return False
        counts, hand_wilds = self._split([*hand, face], wilds)
        if self.pairs and self.pairs_draws(counts, hand_wilds, rest) < now:
            return True
        return self._may_meld([*hand, face], wilds, now - 1) and self.melds_within(
            counts, hand_wilds, rest, now - 1
        )

    def _may_meld(self, hand: Sequence[int], wilds: Wilds, draws: int) -> bool:
        """Whether ``hand`` with ``draws`` wilds more puts ``target`` pieces in melds by the
        exact solver (:meth:`HandSolver.score`): necessary for a target ``draws`` away, as the
        draws of a target are wilds to the solver, which needs neither the target's size nor
        the unseen pieces; a cheap cut before the search."""
        if not draws:
            extra, more = wilds, []
        elif wilds.faces:
            extra, more = wilds, [min(wilds.faces)] * draws
        else:
            extra, more = Wilds(frozenset({JOKER})), [JOKER] * draws
        return self.solver.score([*hand, *more], extra) >= self.target

    # ----------------------------------------------------------------- seven pairs
    def pairs_draws(self, counts: Sequence[int], hand_wilds: int, supply: Supply) -> int:
        """The fewest draws to ``target / 2`` pairs from natural ``counts`` (by face) and
        ``hand_wilds`` wilds: whole pairs first, then singles whose partner is unseen (one
        draw), then singles a wild completes (one draw, the wild being the hand's or unseen),
        then pairs drawn whole (two draws)."""
        same_number = self.rules.pair_rule is PairRule.SAME_NUMBER
        keys: dict[int, int] = {}
        for face, count in enumerate(counts):
            if count:
                key = face % N_RANKS if same_number else face
                keys[key] = keys.get(key, 0) + count
        need = self.target // 2
        whole = min(need, sum(c // 2 for c in keys.values()))
        live = dead = 0
        for key, count in keys.items():
            if count % 2:
                unseen = (
                    sum(supply.naturals[s * N_RANKS + key] for s in range(N_SUITS))
                    if same_number
                    else supply.naturals[key]
                )
                if unseen:
                    live += 1
                else:
                    dead += 1
        left = need - whole
        one = min(live, left)
        left -= one
        wilds_free = hand_wilds + supply.wilds if self.rules.wild_in_pairs else 0
        forced = min(dead, left, wilds_free)
        left -= forced
        holes = one + forced + 2 * left
        return max(0, holes - hand_wilds) if self.rules.wild_in_pairs else holes

    # ----------------------------------------------------------------- sets and runs
    def melds_within(self, counts: Sequence[int], hand_wilds: int, supply: Supply, draws: int) -> bool:
        """Whether natural ``counts`` (by face) and ``hand_wilds`` wilds are at most ``draws``
        draws from ``target`` pieces in sets and runs, the draws coming from ``supply``."""
        holes = draws + hand_wilds
        rest = sum(counts)
        skips = rest - self.target + holes
        if skips < 0:
            return False
        search = _Search(supply, bytearray(counts))
        return self._search(search, 0, rest, 0, holes, skips, hand_wilds + supply.wilds, ())

    def _search(
        self,
        search: _Search,
        start: int,
        rest: int,
        size: int,
        holes: int,
        skips: int,
        forced: int,
        placed: tuple[int, ...],
    ) -> bool:
        """Whether the naturals left in ``search.counts`` (none below face ``start``; ``rest`` of
        them) complete ``size`` places into a target with at most ``holes`` more holes, ``skips``
        naturals not kept and ``forced`` forced holes, the holes so far being ``placed``."""
        if size + rest - skips > self.target or size + rest + holes < self.target:
            return False
        counts = search.counts
        face = start
        while face < N_FACES and not counts[face]:
            face += 1
        if face == N_FACES:
            room = self.target - size
            return room == 0 or (room <= holes and self._filler(search, room, placed, forced))
        key = (bytes(counts), size, holes, skips, forced, placed)
        found = search.memo.get(key)
        if found is not None:
            return found
        found = False
        for taken, gaps in self._melds_at(counts, face, holes, self.target - size):
            extra = self._forced(search.supply, placed, gaps)
            if extra > forced:
                continue
            for f in taken:
                counts[f] -= 1
            found = self._search(
                search,
                face,
                rest - len(taken),
                size + len(taken) + len(gaps),
                holes - len(gaps),
                skips,
                forced - extra,
                tuple(sorted(placed + gaps)),
            )
            for f in taken:
                counts[f] += 1
            if found:
                break
        if not found and skips:
            counts[face] -= 1
            found = self._search(search, face, rest - 1, size, holes, skips - 1, forced, placed)
            counts[face] += 1
        search.memo[key] = found
        return found

    @staticmethod
    def _forced(supply: Supply, placed: tuple[int, ...], gaps: Sequence[int]) -> int:
        """How many of the holes ``gaps`` are forced, after the holes ``placed``."""
        extra = 0
        seen = list(placed)
        for g in gaps:
            if seen.count(g) >= supply.naturals[g]:
                extra += 1
            seen.append(g)
        return extra

    def _melds_at(
        self, counts: bytearray, face: int, holes: int, room: int
    ) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """(naturals taken, holes) of each meld whose lowest natural is ``face``, with at most
        ``holes`` holes and ``room`` places."""
        out: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        suit, rank0 = divmod(face, N_RANKS)
        base = suit * N_RANKS
        spots = [rank0 + 1] + ([HIGH_ACE] if rank0 == 0 and self.rules.ace_high else [])
        for spot in spots:
            # below the anchor's own place only holes (lower faces are used up), but for the 1
            # played after the 13, below which lie the suit's higher faces
            reach = MAX_RUN - 1 if spot == HIGH_ACE else holes
            for low in range(max(1, spot - reach), spot + 1):
                taken: list[int] = []
                gaps: list[int] = []
                for pos in range(low, min(self.top, low + MAX_RUN - 1) + 1):
                    f = base + (pos - 1) % N_RANKS
                    if counts[f] and f not in taken:
                        taken.append(f)
                    else:
                        gaps.append(f)
                    if len(gaps) > holes or len(taken) + len(gaps) > room:
                        break
                    if pos >= spot and pos - low >= 2:
                        out.append((tuple(taken), tuple(gaps)))
        out.extend(self._sets_at(counts, face, holes, room))
        return out

    def _sets_at(
        self, counts: bytearray, face: int, holes: int, room: int
    ) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """(naturals taken, holes) of each set holding ``face``, its lowest natural."""
        rank0 = face % N_RANKS
        largest = min(self.rules.set_max, room)
        if largest < 3:
            return []
        if self.rules.set_distinct:
            others = [(f, f > face and counts[f] > 0) for f in range(rank0, N_FACES, N_RANKS) if f != face]
            out = []
            for size in range(3, largest + 1):
                for combo in combinations(others, size - 1):
                    gaps = tuple(f for f, have in combo if not have)
                    if len(gaps) <= holes:
                        out.append(((face, *(f for f, have in combo if have)), gaps))
            return out
        choices: list[list[tuple[int, int]]] = []
        for f in range(rank0, N_FACES, N_RANKS):
            have = counts[f] if f >= face else 0
            low = 1 if f == face else 0
            choices.append([(t, 0) for t in range(low, have + 1)] + [(have, h) for h in range(1, 3 - have)])
        out = []
        for pick in product(*choices):
            size = sum(t + h for t, h in pick)
            gaps_n = sum(h for _, h in pick)
            if not 3 <= size <= largest or gaps_n > holes:
                continue
            taken = tuple(s * N_RANKS + rank0 for s, (t, _) in enumerate(pick) for _ in range(t))
            gaps = tuple(s * N_RANKS + rank0 for s, (_, h) in enumerate(pick) for _ in range(h))
            out.append((taken, gaps))
        return out

    # ----------------------------------------------------------------- melds of holes only
    def _all_templates(self) -> list[tuple[int, ...]]:
        """Every meld as the faces its places stand for: runs of 3 to 13, sets of 3 to
        ``set_max`` (with repeated suits when the rules allow, each face at most twice)."""
        out: list[tuple[int, ...]] = []
        for suit in range(N_SUITS):
            for low in range(1, self.top - 1):
                for high in range(low + 2, min(self.top, low + MAX_RUN - 1) + 1):
                    out.append(tuple(suit * N_RANKS + (p - 1) % N_RANKS for p in range(low, high + 1)))
        most = 1 if self.rules.set_distinct else 2
        for size in range(3, self.rules.set_max + 1):
            for combo in combinations_with_replacement(range(N_SUITS), size):
                if all(combo.count(s) <= most for s in combo):
                    out.extend(tuple(s * N_RANKS + r for s in combo) for r in range(N_RANKS))
        return out

    def _filler(self, search: _Search, room: int, placed: tuple[int, ...], forced: int) -> bool:
        """Whether melds of holes only fill ``room`` places with at most ``forced`` forced holes."""
        if room == 0:
            return True
        if room < 3:
            return False
        key = (room, placed, forced)
        found = search.fillers.get(key)
        if found is None:
            found = False
            for template in self._templates:
                if len(template) > room:
                    continue
                extra = self._forced(search.supply, placed, template)
                if extra <= forced and self._filler(
                    search, room - len(template), tuple(sorted(placed + template)), forced - extra
                ):
                    found = True
                    break
            search.fillers[key] = found
        return found

    # ----------------------------------------------------------------- hands
    @staticmethod
    def _split(hand: Sequence[int], wilds: Wilds) -> tuple[list[int], int]:
        """(natural counts by face 0..51, number of wilds) of ``hand`` (a false joker counts as
        the face it stands for)."""
        counts = [0] * N_FACES
        spare = 0
        for face in hand:
            if wilds.is_wild(face):
                spare += 1
            elif face == JOKER:
                if wilds.joker_as is None:
                    raise ValueError("a joker that is neither wild nor stands for a face")
                counts[wilds.joker_as] += 1
            else:
                counts[face] += 1
        return counts, spare
