"""The public table of melds, for the games whose melds stay on the table for every seat to see
and build on: numbered melds, each piece with what it stands for, wilds with their declared
faces.

A :class:`TableMeld` is immutable; changing the table means building new melds through
:func:`table_meld`, which validates them (:func:`placed_meld` takes a meld its caller
validated). Each game's rules spec says what its table melds are and how they change.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rummykit.core.melds import Meld, MeldKind, MeldRules, Wilds, meld_as_written, validate_meld
from rummykit.core.notation import format_declared
from rummykit.core.pieces import Kind, PieceSet

Declared = tuple[int, int | None]
"""A piece to play: (piece id, the face a joker is declared as, or None)."""


@dataclass(frozen=True)
class TableMeld:
    """A meld on the table: its ``number`` (shown to players, stable for the round), the seat that
    laid it, the piece ids in meld order and the validated :class:`Meld` (faces, what each stands
    for, positions)."""

    number: int
    owner: int
    pieces: tuple[int, ...]
    meld: Meld

    @property
    def kind(self) -> MeldKind:
        """Set or run."""
        return self.meld.kind

    def wild_ids(self, pieces: PieceSet, wilds: Wilds) -> list[int]:
        """Piece ids of the wilds in the meld."""
        return [p for p in self.pieces if wilds.is_wild(pieces.face(p))]

    def declarations(self, pieces: PieceSet, wilds: Wilds, fixed_sets: bool) -> list[int | None]:
        """What each piece is held to stand for when the meld changes: a run's wilds keep their
        declared faces; a set's wilds keep theirs only when ``fixed_sets``, else they stand for
        whichever suit is still missing."""
        out: list[int | None] = []
        for piece, stands in zip(self.pieces, self.meld.stands_for, strict=True):
            wild = wilds.is_wild(pieces.face(piece))
            keep = wild and (self.kind is MeldKind.RUN or fixed_sets)
            out.append(stands if keep else None)
        return out

    def text(self, kind: Kind, wilds: Wilds) -> str:
        """The meld in notation, each wild with its assignment: ``5H 6H JK[7H] 8H``."""
        return " ".join(
            format_declared(kind, f, s if wilds.is_wild(f) else None)
            for f, s in zip(self.meld.faces, self.meld.stands_for, strict=True)
        )


@dataclass(frozen=True)
class MeldView:
    """A table meld as every seat sees it: number, owner, kind, the cards (faces) and what each
    stands for (a joker's declared card)."""

    number: int
    owner: int
    kind: MeldKind
    faces: tuple[int, ...]
    stands_for: tuple[int, ...]

    @classmethod
    def of(cls, meld: TableMeld) -> MeldView:
        """The public view of ``meld``."""
        return cls(meld.number, meld.owner, meld.kind, meld.meld.faces, meld.meld.stands_for)


def table_meld(
    number: int,
    owner: int,
    played: Sequence[Declared],
    pieces: PieceSet,
    rules: MeldRules,
    wilds: Wilds,
) -> TableMeld:
    """Validate ``played`` as one meld and give it ``number``; raises :class:`MeldError`."""
    faces = [pieces.face(p) for p, _ in played]
    meld = validate_meld(faces, rules, wilds, declared=[d for _, d in played])
    return placed_meld(number, owner, played, meld, pieces)


def written_meld(
    number: int,
    owner: int,
    played: Sequence[Declared],
    pieces: PieceSet,
    rules: MeldRules,
    wilds: Wilds,
    allow_pair: bool = False,
) -> TableMeld:
    """``played`` as table meld ``number`` with its pieces in the order given (a meld read back as
    it was laid: :func:`~rummykit.core.melds.meld_as_written`, a pair too with ``allow_pair``);
    raises :class:`MeldError`."""
    cards = [(pieces.face(p), said) for p, said in played]
    meld = meld_as_written(cards, rules, wilds, allow_pair)
    return TableMeld(number, owner, tuple(p for p, _ in played), meld)


def placed_meld(
    number: int, owner: int, played: Sequence[Declared], meld: Meld, pieces: PieceSet
) -> TableMeld:
    """``played`` as table meld ``number``, ``meld`` being what :func:`validate_meld` made of
    its faces and declarations (for a caller that memoises that validation)."""
    return TableMeld(number, owner, tuple(_piece_order(played, meld, pieces)), meld)


def _piece_order(played: Sequence[Declared], meld: Meld, pieces: PieceSet) -> list[int]:
    """The piece ids in the order of ``meld.faces`` (the validator orders faces, not ids)."""
    left = [p for p, _ in played]
    faces = [pieces.face(p) for p in left]
    order = []
    for face in meld.faces:
        i = faces.index(face)
        del faces[i]
        order.append(left.pop(i))
    return order
