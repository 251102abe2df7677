"""The public table of 101 Okey (``okey-101.md`` "Melds", "After opening", "Penalties during play"):
what a meld laid from the hand is, what each table meld takes (lay-offs), which okeys a tile frees
(swaps), and which tiles are ``işlek`` (would cost a fine if discarded).

Melds are validated by :func:`rummykit.core.melds.validate_meld` under the round's wilds (the two
okeys; a false joker stands for the okey's face). A table meld is an
:class:`rummykit.engine.table.TableMeld`; a run's okeys keep the tile they were declared as, a
set's okeys stand for whichever colours are still missing, a pair's okey for its partner (two
okeys stand for the okey's own face). :class:`TableBook` answers every question once per meld and
round (the answers depend on the meld's tiles and the okey only) and keeps the answers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rummykit.core.melds import (
    HIGH_ACE,
    Meld,
    MeldKind,
    MeldRules,
    Wilds,
    meld_as_written,
    missing_suits,
    run_ends,
    validate_meld,
)
from rummykit.core.pieces import JOKER, OKEY_TILES, rank_of, suit_of
from rummykit.engine.table import Declared, TableMeld, placed_meld
from rummykit.errors import MeldError, NotationError
from rummykit.memo import keep
from rummykit.variants.okey_101.actions import Tile, layoff_code

FACES = tuple(OKEY_TILES.face(p) for p in range(OKEY_TILES.size))
"""The face of every tile id."""
KEPT = 65536
"""Answers a :class:`TableBook` keeps of each kind (all forgotten when full)."""


@dataclass(frozen=True)
class Fit:
    """A tile a table meld takes: the lay-off ``code`` (see :mod:`~rummykit.variants.okey_101.actions`)
    and the ``tile`` (face, declared face of an okey at a run's end)."""

    code: int
    tile: Tile


@dataclass(frozen=True)
class Swap:
    """A tile that frees an okey of a table meld: the ``face`` put in (0..52) and the ``index`` in
    the meld of the okey it frees."""

    face: int
    index: int


def meld_value(meld: Meld) -> int:
    """The value of a set or run (``okey-101.md`` "Melds"): the sum of the tiles, each okey (and
    false joker) counting as the tile it stands for, the 1 as 1 wherever it sits."""
    return sum(1 if p == HIGH_ACE else p for p in meld.positions)


def first_copies(faces: Sequence[int]) -> list[int]:
    """The first tile id of each face of ``faces`` (stand-ins where only faces are read)."""
    return [OKEY_TILES.piece(f, 0) for f in faces]


def tile_of(face: int, okey: int) -> int:
    """The tile played for a natural ``face``: the false joker for the okey's face."""
    return JOKER if face == okey else face


class TableBook:
    """Meld questions under one set of meld rules, answered per tiles and okey and kept: the
    validation of played tiles, each table meld's lay-off fits and swaps, and a table's ``işlek``
    faces. Every answer depends only on its key, so forgetting one changes nothing."""

    def __init__(self, rules: MeldRules) -> None:
        self.rules = rules
        self._wilds: dict[int, Wilds] = {}
        self._checked: dict[tuple[tuple[int, ...], tuple[int | None, ...], bool, int], Meld | MeldError] = {}
        self._fits: dict[
            tuple[MeldKind, tuple[int, ...], tuple[int, ...], tuple[int, ...], int], tuple[Fit, ...]
        ] = {}
        self._swaps: dict[tuple[MeldKind, tuple[int, ...], tuple[int, ...], int], tuple[Swap, ...]] = {}
        self._islek: tuple[tuple[TableMeld, ...], int, frozenset[int]] = ((), -1, frozenset())
        self._meld_fits: dict[int, tuple[TableMeld, int, tuple[Fit, ...]]] = {}
        """:meth:`fits` by table meld (its ``id``, the meld kept alive while kept) and okey: a
        table is listed again and again while its melds stay."""
        self._written: dict[tuple[tuple[tuple[int, int | None], ...], bool, int], Meld | MeldError] = {}
        self._views: dict[int, tuple[Mapping[str, Any], int, TableMeld]] = {}
        """:meth:`view_melds`' melds by view (its ``id``, the view kept alive while kept) and okey."""

    def wilds(self, okey: int) -> Wilds:
        """The round's wilds when the okey's face is ``okey``: both okeys, a false joker standing
        for the okey's face."""
        found = self._wilds.get(okey)
        if found is None:
            found = self._wilds[okey] = Wilds(frozenset({okey}), joker_as=okey)
        return found

    def check(
        self, faces: Sequence[int], declared: Sequence[int | None], pair: bool, okey: int
    ) -> Meld | MeldError:
        """The meld ``faces`` make (a pair when ``pair``, else a set or a run), each with its
        declared face or ``None``, or the :class:`MeldError` saying why they make none. Two okeys
        as a pair stand for the okey's own face."""
        key = (tuple(faces), tuple(declared), pair, okey)
        found = self._checked.get(key)
        if found is None:
            said = list(declared)
            if pair and len(faces) == 2 and faces[0] == faces[1] == okey and said == [None, None]:
                said = [okey, okey]
            try:
                if pair and len(faces) != 2:
                    raise MeldError("okey_101.pair_two_tiles")
                meld = validate_meld(
                    list(faces), self.rules, self.wilds(okey), allow_pair=pair, declared=said
                )
                if pair and meld.kind is not MeldKind.PAIR:
                    raise MeldError("okey_101.pair_two_tiles")
                found = meld
            except MeldError as exc:
                found = exc.with_traceback(None)
            keep(self._checked, key, found, KEPT)
        return found

    def table_meld(
        self, number: int, owner: int, played: Sequence[Declared], pair: bool, okey: int
    ) -> TableMeld | MeldError:
        """``played`` (tile ids, declarations) as table meld ``number`` of ``owner``, or the
        :class:`MeldError` saying why it is no meld."""
        meld = self.check([FACES[p] for p, _ in played], [d for _, d in played], pair, okey)
        if isinstance(meld, MeldError):
            return meld
        return placed_meld(number, owner, played, meld, OKEY_TILES)

    @staticmethod
    def kept(meld: TableMeld, okey: int) -> list[Declared]:
        """A table meld's tiles with the declarations they keep when tiles are added or swapped:
        a run's okeys the tile they stand for; a set's and a pair's nothing (a pair of two okeys is
        declared again when checked)."""
        run = meld.kind is MeldKind.RUN
        return [
            (p, s if run and FACES[p] == okey else None)
            for p, s in zip(meld.pieces, meld.meld.stands_for, strict=True)
        ]

    def extended(self, meld: TableMeld, tiles: Sequence[Declared], okey: int) -> TableMeld | MeldError:
        """``meld`` with ``tiles`` (ids, declarations) added, or the :class:`MeldError` saying why
        that is no meld."""
        if meld.kind is MeldKind.PAIR:
            return MeldError("okey_101.pair_no_layoff", number=meld.number)
        return self.table_meld(meld.number, meld.owner, [*self.kept(meld, okey), *tiles], False, okey)

    def fits(self, meld: TableMeld, okey: int) -> tuple[Fit, ...]:
        """Every single tile ``meld`` takes as a lay-off: a set's missing colours and an okey (while
        it holds fewer than four), a run's ends as tiles and as declared okeys (a pair: none)."""
        hit = self._meld_fits.get(id(meld))
        if hit is not None and hit[0] is meld and hit[1] == okey:
            return hit[2]
        made = meld.meld
        key = (made.kind, made.faces, made.stands_for, made.positions, okey)
        found = self._fits.get(key)
        if found is None:
            found = keep(self._fits, key, self._worked_fits(meld, okey), KEPT)
        keep(self._meld_fits, id(meld), (meld, okey, found), KEPT)
        return found

    def _worked_fits(self, meld: TableMeld, okey: int) -> tuple[Fit, ...]:
        made = meld.meld
        if made.kind is MeldKind.SET:
            if len(made.faces) >= 4:
                return ()
            ends = missing_suits(rank_of(made.stands_for[0]), self._naturals(made, okey))
            candidates: list[Tile] = [(tile_of(f, okey), None) for f in ends]
            candidates.append((okey, None))
        elif made.kind is MeldKind.RUN:
            ends = run_ends(suit_of(made.stands_for[0]), made.positions)
            candidates = [(tile_of(f, okey), None) for f in ends] + [(okey, f) for f in ends]
        else:
            return ()
        out = []
        probe = self.kept(meld, okey)
        for tile in candidates:
            face, declared = tile
            grown = self.check(
                [FACES[p] for p, _ in probe] + [face], [d for _, d in probe] + [declared], False, okey
            )
            code = layoff_code(tile, okey)
            if not isinstance(grown, MeldError) and code is not None:
                out.append(Fit(code, tile))
        return tuple(out)

    @staticmethod
    def _naturals(meld: Meld, okey: int) -> list[int]:
        """The faces a meld's non-wild tiles stand for."""
        return [s for f, s in zip(meld.faces, meld.stands_for, strict=True) if f != okey]

    def swaps(self, meld: TableMeld, okey: int) -> tuple[Swap, ...]:
        """Every tile that frees an okey of ``meld`` (``okey-101.md`` "Freeing an okey"): in a run,
        the tile an okey stands for; in a set, the set's number in any colour its natural tiles lack;
        in a pair, the partner's tile (the okey's face: a false joker). Each tile once, freeing the
        first okey it may."""
        made = meld.meld
        key = (made.kind, made.faces, made.stands_for, okey)
        found = self._swaps.get(key)
        if found is None:
            found = keep(self._swaps, key, self._worked_swaps(made, okey), KEPT)
        return found

    def _worked_swaps(self, made: Meld, okey: int) -> tuple[Swap, ...]:
        out: dict[int, Swap] = {}
        lacking = (
            missing_suits(rank_of(made.stands_for[0]), self._naturals(made, okey))
            if made.kind is MeldKind.SET
            else []
        )
        for index, (face, stands) in enumerate(zip(made.faces, made.stands_for, strict=True)):
            if face != okey:
                continue
            for wanted in lacking if made.kind is MeldKind.SET else [stands]:
                out.setdefault(tile_of(wanted, okey), Swap(tile_of(wanted, okey), index))
        return tuple(sorted(out.values(), key=lambda s: s.face))

    def written(self, cards: Sequence[tuple[int, int | None]], pair: bool, okey: int) -> Meld | MeldError:
        """The meld ``cards`` (faces, declared faces or ``None``) make in the order given
        (:func:`~rummykit.core.melds.meld_as_written`, as position text reads a table meld back: a
        wild written with what it stands for keeps it), a pair when ``pair``, else a set or a run,
        or the :class:`MeldError` saying why they make none."""
        key = (tuple(cards), pair, okey)
        found = self._written.get(key)
        if found is None:
            try:
                if pair and len(cards) != 2:
                    raise MeldError("okey_101.pair_two_tiles")
                meld = meld_as_written(cards, self.rules, self.wilds(okey), allow_pair=pair)
                if pair and meld.kind is not MeldKind.PAIR:
                    raise MeldError("okey_101.pair_two_tiles")
                found = meld
            except MeldError as exc:
                found = exc.with_traceback(None)
            keep(self._written, key, found, KEPT)
        return found

    def view_melds(
        self,
        views: Sequence[Mapping[str, Any]],
        okey: int,
        take: Callable[[Sequence[int]], Sequence[int]] | None = None,
    ) -> list[TableMeld]:
        """The table melds a seat's view shows (``Okey101Game.observe``'s ``table``: each meld's
        ``number``, ``owner``, ``kind``, ``faces``, ``stands_for``), every okey declared as what it
        stands for, the tiles in the order shown. Tile ids from ``take`` (faces to ids); without
        it, the first copy of each face (enough for the questions of a table, which read faces
        only) and the meld of each view kept while the view is (an observation shares the views of
        melds that did not change). Raises :class:`NotationError` for a view that is no such
        meld."""
        if take is not None:
            return [self._view_meld(view, okey, take) for view in views]
        melds = []
        for view in views:
            hit = self._views.get(id(view))
            if hit is None or hit[0] is not view or hit[1] != okey:
                made = self._view_meld(view, okey, first_copies)
                hit = keep(self._views, id(view), (view, okey, made), KEPT)
            melds.append(hit[2])
        return melds

    def _view_meld(
        self, view: Mapping[str, Any], okey: int, take: Callable[[Sequence[int]], Sequence[int]]
    ) -> TableMeld:
        """The table meld ``view`` shows (:meth:`view_melds`)."""
        faces, stands = list(view["faces"]), list(view["stands_for"])
        made: Meld | MeldError | None = None
        if len(faces) == len(stands):
            said = [(f, s if f == okey else None) for f, s in zip(faces, stands, strict=True)]
            made = self.written(said, view["kind"] == MeldKind.PAIR.value, okey)
        if not isinstance(made, Meld) or made.kind.value != view["kind"] or list(made.stands_for) != stands:
            raise NotationError(str(view["number"]), "okey_101.position_view_meld")
        return TableMeld(view["number"], view["owner"], tuple(take(faces)), made)

    def islek(self, table: Sequence[TableMeld], okey: int) -> frozenset[int]:
        """The faces that could be laid off on a set or run of ``table`` now (``işlek``): natural
        tiles and the false joker (not the okeys, whose discard is fined on its own), those of the
        last table asked about kept."""
        melds = tuple(table)
        last = self._islek
        if last[1] == okey and last[0] == melds:
            return last[2]
        faces = frozenset(
            f.tile[0] for m in melds for f in self.fits(m, okey) if f.tile[1] is None and f.tile[0] != okey
        )
        self._islek = (melds, okey, faces)
        return faces
