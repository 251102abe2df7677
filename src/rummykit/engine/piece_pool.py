"""Piece ids handed out by face, copy after copy: what reading a position and rebuilding a state
from a seat's observation (:meth:`rummykit.engine.game.Game.determinise`) share to turn the faces
they are given into distinct piece ids of one set.

Every error is a :class:`~rummykit.errors.NotationError` (a ``ValueError``) naming the face or
text that doesn't fit.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rummykit.core.notation import format_face
from rummykit.core.pieces import JOKER, N_FACES, PieceSet
from rummykit.errors import NotationError


class FacePool:
    """Piece ids of ``pieces`` handed out by face, copy after copy; :meth:`unused` lists the rest."""

    def __init__(self, pieces: PieceSet) -> None:
        self.pieces = pieces
        self.used: Counter[int] = Counter()

    def take(self, faces: Iterable[int]) -> list[int]:
        """One unused id per face of ``faces``, in order; raises :class:`NotationError` for a face
        with no copy left (or no face at all)."""
        out = []
        for face in faces:
            name = _name(self.pieces, face)
            if type(face) is not int or not 0 <= face <= JOKER:
                raise NotationError(name, "notation.not_a_piece")
            copy = self.used[face]
            if copy >= self.pieces.copies_of(face):
                raise NotationError(name, "notation.too_many_copies", piece=name)
            self.used[face] = copy + 1
            out.append(self.pieces.piece(face, copy))
        return out

    def unused(self) -> list[int]:
        """The ids not handed out yet, by face then copy."""
        pieces, used = self.pieces, self.used
        return [pieces.piece(f, c) for f in range(N_FACES + 1) for c in range(used[f], pieces.copies_of(f))]

    def deal(self, hands: list[list[int]], counts: Sequence[int], stock_count: int, rng: Any) -> list[int]:
        """Shuffle the unused ids with ``rng`` (a ``random.Random``), top every hand up to its count
        (seat by seat) and return the rest, which must number ``stock_count``, as the stock; raises
        :class:`NotationError` when the counts don't add up."""
        unseen = self.unused()
        rng.shuffle(unseen)
        missing = [count - len(hand) for hand, count in zip(hands, counts, strict=True)]
        if min(missing, default=0) < 0 or sum(missing) + stock_count != len(unseen):
            raise NotationError(str(list(counts)), "position.counts_unseen")
        for hand, more in zip(hands, missing, strict=True):
            hand += [unseen.pop() for _ in range(more)]
        return unseen

    def check_all_placed(self, text: str) -> None:
        """Raise :class:`NotationError` (about ``text``, naming a piece left out) unless every
        piece of the set is handed out."""
        left = self.unused()
        if left:
            name = _name(self.pieces, self.pieces.face(left[0]))
            raise NotationError(text, "position.piece_missing", size=self.pieces.size, piece=name)


def pick(held: Sequence[int], face_of: Callable[[int], int], wanted: Iterable[int]) -> list[int]:
    """Distinct ids of ``held`` with the faces ``wanted``, in that order; raises
    :class:`NotationError` if ``held`` lacks one."""
    left = list(held)
    out = []
    for face in wanted:
        piece = next((p for p in left if face_of(p) == face), None)
        if piece is None:
            raise NotationError(str(face), "position.known_not_held")
        left.remove(piece)
        out.append(piece)
    return out


def _name(pieces: PieceSet, face: object) -> str:
    return format_face(pieces.kind, face) if type(face) is int and 0 <= face <= JOKER else repr(face)[:20]
