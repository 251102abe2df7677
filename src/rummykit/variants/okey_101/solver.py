"""What a 101 Okey player asks of a hand (``okey-101.md`` "Opening", "After opening", "Penalties
during play"), answered exactly:

- the highest-valued opening: disjoint sets and runs of the largest total value, each okey counted
  as the tile it stands for, one tile kept for the discard, and whether it reaches ``open_min``
  (:meth:`Okey101Solver.best_opening`; with ``must``, the best opening that holds a given tile);
- the most pairs, one tile kept (:meth:`Okey101Solver.most_pairs`);
- a hand finish: every tile but one as sets and runs (:meth:`Okey101Solver.hand_finish`);
- what can be laid off on the table now (:func:`layoff_options`) and which discards are ``işlek``,
  would cost ``playable_discard_penalty`` (:func:`islek_discards`).

The searches are :class:`rummykit.solvers.arrange.HandSolver`'s (exact, memoised): the largest
meld value under :class:`~rummykit.variants.okey_101.rules.TileValues`, and, for a hand finish, the
same with a bonus per tile above any hand's value, so that the best arrangement melds the most
tiles first. An opening that must hold a tile is searched meld by meld: each meld holding it, plus
the best of the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rummykit.core.melds import Meld, MeldKind, Wilds, okey_face
from rummykit.core.pieces import JOKER
from rummykit.engine.table import TableMeld
from rummykit.errors import MeldError
from rummykit.solvers.arrange import Arrangement, HandSolver, Objective, solver_for
from rummykit.variants.okey_101.actions import Tile, hand_shapes, shape_tiles
from rummykit.variants.okey_101.rules import Okey101Rules, tile_values
from rummykit.variants.okey_101.table import TableBook, meld_value

FULL_BONUS = 1000
"""The bonus per tile of the hand finish search: more than any hand's value (22 tiles of 13)."""


@dataclass(frozen=True)
class Opening:
    """Sets and runs to open with: the ``melds``, their ``value`` (okeys as the tiles they stand
    for) and whether that ``reaches`` the opening minimum."""

    melds: tuple[Meld, ...]
    value: int
    reaches: bool


@dataclass(frozen=True)
class HandFinish:
    """Every tile but one as sets and runs (``elden bitmek``): the ``melds``, their ``value`` and
    the ``discard`` left (a face)."""

    melds: tuple[Meld, ...]
    value: int
    discard: int


@dataclass(frozen=True)
class Layoff:
    """A tile of the hand a table meld takes now: the meld's ``number`` and the ``tile`` (face,
    declared face of an okey at a run's end)."""

    number: int
    tile: Tile


def holds(melds: Sequence[Meld], face: int) -> bool:
    """Whether a tile of ``face`` (as played) is in one of ``melds``."""
    return any(face in m.faces for m in melds)


def without(faces: Sequence[int], taken: Sequence[int]) -> list[int]:
    """``faces`` less one of each of ``taken`` (all of which it holds)."""
    rest = list(faces)
    for face in taken:
        rest.remove(face)
    return rest


class Okey101Solver:
    """The 101 questions under ``rules`` (the meld rules and the opening minimums)."""

    def __init__(self, rules: Okey101Rules) -> None:
        self.rules = rules
        self.meld_rules = rules.meld_rules()
        self.top = self.meld_rules.top
        self.values: HandSolver = solver_for(self.meld_rules, tile_values())
        self.full: HandSolver = solver_for(self.meld_rules, tile_values(bonus=FULL_BONUS))
        self.book = TableBook(self.meld_rules)

    # ------------------------------------------------------------------ the opening
    def best_opening(self, faces: Sequence[int], wilds: Wilds, must: int | None = None) -> Opening:
        """The sets and runs of ``faces`` of the largest total value that keep a tile out (for the
        discard), holding a tile of face ``must`` when given (an empty opening of value 0 when no
        meld holds one). Exact: no other disjoint melds keeping a tile are worth more."""
        faces = list(faces)
        best = self._best(faces, wilds, must)
        if best is not None and len(best.ungrouped) == 0:
            best = None
            for face in dict.fromkeys(faces):
                if face == must and faces.count(face) < 2:
                    continue
                found = self._best(without(faces, [face]), wilds, must)
                if found is not None and (best is None or found.score > best.score):
                    best = found
        if best is None:
            return Opening((), 0, self.rules.open_min <= 0 and must is None)
        return Opening(best.melds, best.score, best.score >= self.rules.open_min)

    def opening_reaches(self, faces: Sequence[int], wilds: Wilds, must: int | None = None) -> bool:
        """Whether :meth:`best_opening` reaches ``open_min``, answered from the best melds
        unconstrained when they fall short (no opening is worth more)."""
        if self.values.score(faces, wilds, Objective.MELD_VALUE) < self.rules.open_min:
            return False
        return self.best_opening(faces, wilds, must).reaches

    def _best(self, faces: list[int], wilds: Wilds, must: int | None) -> Arrangement | None:
        """The largest meld value of ``faces`` (every tile may be melded), holding a tile of
        ``must`` when given; ``None`` when no meld holds one."""
        free = self.values.arrange(faces, wilds, Objective.MELD_VALUE)
        if must is None or holds(free.melds, must):
            return free
        okey = min(wilds.faces)
        best: Arrangement | None = None
        for index in hand_shapes(faces, okey, len(faces), self.top):
            tiles = shape_tiles(index, okey)
            played = [f for f, _ in tiles]
            if must not in played:
                continue
            meld = self.book.check(played, [d for _, d in tiles], False, okey)
            assert not isinstance(meld, MeldError)
            rest = without(faces, played)
            below = self.values.arrange(rest, wilds, Objective.MELD_VALUE)
            score = meld_value(meld) + below.score
            if best is None or score > best.score:
                best = Arrangement((meld, *below.melds), below.ungrouped, score)
        return best

    # ------------------------------------------------------------------ pairs
    def most_pairs(self, faces: Sequence[int], wilds: Wilds, must: int | None = None) -> tuple[Meld, ...]:
        """The most pairs of ``faces`` keeping a tile out (identical tiles, a tile and an okey, two
        okeys), one of them holding a tile of ``must`` when given (none when no pair can)."""
        faces = list(faces)
        okey = min(wilds.faces)
        pairs = list(self.values.pairs(faces, wilds).melds)
        if must is not None and not holds(pairs, must):
            # ``must`` is a single (two of a face pair up): the most pairs give an okey to a single
            # or pair the okeys, and giving that okey to ``must`` makes as many; an okey left out
            # (every natural paired) takes the place of a tile of a pair, as many again
            at = next((i for i, p in enumerate(pairs) if okey in p.faces), None)
            if must == okey and at is None and pairs:
                at, partner = 0, pairs[0].faces[0]  # an okey left out: it breaks up a pair
            elif at is None:
                return ()
            else:
                partner = must
            made = self.book.check([partner, okey], [None, None], True, okey)
            assert not isinstance(made, MeldError)
            pairs[at] = made
        if pairs and 2 * len(pairs) > len(faces) - 1:
            pairs.remove(next((p for p in pairs if must not in p.faces), pairs[-1]))
        return tuple(pairs) if must is None or holds(pairs, must) else ()

    def pairs_reach(self, faces: Sequence[int], wilds: Wilds, must: int | None = None) -> bool:
        """Whether :meth:`most_pairs` makes ``pairs_open_min`` pairs (0: pairs never open)."""
        wanted = self.rules.pairs_open_min
        return wanted > 0 and len(self.most_pairs(faces, wilds, must)) >= wanted

    # ------------------------------------------------------------------ hand finish
    def hand_finish(
        self, faces: Sequence[int], wilds: Wilds, must: int | None = None, minimum: int = 0
    ) -> HandFinish | None:
        """Every tile of ``faces`` but one as sets and runs worth ``minimum`` or more, of the
        largest value, the tile of ``must`` among the melded when given; ``None`` when there is
        none."""
        faces = list(faces)
        best: HandFinish | None = None
        for discard in self.values.meld_finishes(faces, wilds):
            if discard == must and faces.count(discard) < 2:
                continue
            rest = without(faces, [discard])
            full = self.full.arrange(rest, wilds, Objective.MELD_VALUE)
            if full.ungrouped:
                continue
            value = full.score - FULL_BONUS * len(rest)
            if value >= minimum and (best is None or value > best.value):
                best = HandFinish(full.melds, value, discard)
        return best


# ---------------------------------------------------------------------- the table
def layoff_options(
    book: TableBook, table: Sequence[TableMeld], faces: Sequence[int], okey: int
) -> list[Layoff]:
    """Every single tile of ``faces`` a set or run of ``table`` takes now (natural tiles, false
    jokers, okeys onto sets and declared at runs' ends), by meld then lay-off code; the rules on
    who may lay off (opening, a pair opener's limit, a tile kept) are the game's."""
    held = set(faces)
    return [
        Layoff(meld.number, fit.tile)
        for meld in table
        for fit in book.fits(meld, okey)
        if fit.tile[0] in held
    ]


def islek_discards(book: TableBook, table: Sequence[TableMeld], faces: Sequence[int], okey: int) -> list[int]:
    """The distinct faces of ``faces`` that are ``işlek`` now: a set or run of ``table`` would take
    them (their discard costs ``playable_discard_penalty`` unless it finishes). An okey is not
    among them: its discard costs ``okey_discard_penalty`` on its own."""
    playable = book.islek(table, okey)
    return [f for f in dict.fromkeys(faces) if f in playable]


def okey_of(indicator: int) -> int:
    """The okey's face for an indicator face (never a false joker)."""
    if indicator == JOKER:
        raise ValueError("a false joker is never the indicator")
    return okey_face(indicator)


__all__ = [
    "HandFinish",
    "Layoff",
    "MeldKind",
    "Okey101Solver",
    "Opening",
    "islek_discards",
    "layoff_options",
    "okey_of",
]
