"""Observation arrays: a seat's view (``game.observe(state, seat)``) as one fixed-shape ``float32``
array of rows of :data:`WIDTH` columns, one column per face (``suit * 13 + rank - 1``, 52 for a
joker or false joker), so that the same column means the same face on every face row.

Each game's encoder (:mod:`rummykit.envs.encoder`, in the game's ``encoding`` module) stacks *face
rows* (counts of faces, all of them counted at once by :func:`count_faces`) and a last *scalar row*
(numbers written left to right, the rest zero). Seats are written relative to the viewer: position
``k`` is seat ``(viewer + k) % players``, so position 0 is always the viewer. The rows of every
game are listed in ``docs/envs.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

WIDTH = 53
"""Columns of every row: the 52 faces of a suit-rank and the joker (52)."""

Array = npt.NDArray[np.float32]


@dataclass
class RowBuilder:
    """The named rows of one encoder's layout: :meth:`rows` declares row names (in order, with
    their count) and ``index`` maps each name to its first row."""

    names: list[tuple[str, int, str]] = field(default_factory=list)
    index: dict[str, int] = field(default_factory=dict)
    height: int = 0

    def rows(self, name: str, count: int, meaning: str) -> None:
        """Declare ``count`` rows called ``name`` (``meaning`` for the documentation)."""
        self.index[name] = self.height
        self.names.append((name, count, meaning))
        self.height += count

    def describe(self) -> list[str]:
        """One line per row group: ``rows a..b  name: meaning``."""
        out = []
        for name, count, meaning in self.names:
            first = self.index[name]
            span = f"{first}" if count == 1 else f"{first}..{first + count - 1}"
            out.append(f"rows {span:7} {name}: {meaning}")
        return out


def count_faces(
    offsets: Sequence[int],
    groups: Sequence[Sequence[int]],
    size: int,
    indexed: Sequence[npt.NDArray[np.intp]] = (),
) -> Array:
    """Counts as a flat ``float32`` array of ``size``: each face ``f`` of ``groups[i]`` (faces are
    ``0..WIDTH-1``) at ``offsets[i] + f``, each flat index of ``indexed`` too. The flat indices are
    made in one comprehension and read by one ``numpy.fromiter`` (cheaper, for the few dozen faces
    of a view, than numpy's per-call work on joined bytes shifted by repeated offsets), and
    counted by :func:`count_index`."""
    index = np.fromiter([at + f for at, group in zip(offsets, groups, strict=True) for f in group], np.intp)
    if indexed:
        index = np.concatenate([index, *indexed])
    return count_index(index, size)


ONE = np.float32(1)


def count_index(index: npt.NDArray[np.intp], size: int) -> Array:
    """How many times each of ``0..size-1`` occurs in ``index`` (flat indices below ``size``), as
    a fresh ``float32`` array: ones added at ``index`` into zeros (``numpy.add.at``, which adds
    repeated indices each time), written straight as ``float32`` (no ``int64`` counts of the
    whole array to convert)."""
    out = np.zeros(size, dtype=np.float32)
    np.add.at(out, index, ONE)
    return out


class Planes:
    """The face rows of one array, collected as they come (each row's faces with the row's flat
    offset ``row * WIDTH``; no per-face work in Python) and counted at the end by
    :func:`count_faces`; a one-hot row is a row of one face."""

    __slots__ = ("groups", "indexed", "offsets")

    def __init__(self) -> None:
        self.offsets: list[int] = []
        self.groups: list[Sequence[int]] = []
        self.indexed: list[npt.NDArray[np.intp]] = []

    def add(self, row: int, faces: Sequence[int]) -> None:
        """Count ``faces`` on ``row``."""
        self.offsets.append(row * WIDTH)
        self.groups.append(faces)

    def add_rows(self, first: int, groups: Sequence[Sequence[int]]) -> None:
        """Count each of ``groups`` on consecutive rows from ``first``."""
        self.offsets += range(first * WIDTH, (first + len(groups)) * WIDTH, WIDTH)
        self.groups += groups

    def add_array(self, rows: npt.NDArray[np.intp], faces: npt.NDArray[np.intp]) -> None:
        """Count ``faces[i]`` on ``rows[i]`` (arrays of one length)."""
        self.indexed.append(rows * WIDTH + faces)

    def one(self, row: int, face: int | None) -> None:
        """Mark ``face`` on ``row`` (nothing for ``None``)."""
        if face is not None:
            self.offsets.append(row * WIDTH)
            self.groups.append((face,))

    def add_table(
        self,
        table: Sequence[Mapping[str, Any]],
        wild: int,
        rows: tuple[int, int, int, int],
        viewer: int,
        players: int,
    ) -> list[int]:
        """Count an observation's ``table`` of numbered melds (each a mapping with ``number``,
        ``faces``, ``stands_for``, ``owner`` and ``kind``), meld ``n`` on the ``n-1``-th row or
        column of each block that ``rows`` starts: (the faces its pieces stand for; where its
        wilds, the pieces of face ``wild``, stand; one row per seat relative to ``viewer`` of
        ``players``, column ``n-1`` marked on its owner's; flags, column ``n-1`` marked on the first
        for every meld and on the second for a run). Returns the melds' ``n-1`` in table order, for
        the game's own flags."""
        faces_row, wilds_row, owner_row, flags_row = rows
        numbers: list[int] = []
        runs: list[int] = []
        for meld in table:
            at = meld["number"] - 1
            faces, stands = meld["faces"], meld["stands_for"]
            numbers.append(at)
            self.add(faces_row + at, stands)
            if wild in faces:
                self.add(wilds_row + at, [s for f, s in zip(faces, stands, strict=True) if f == wild])
            self.one(owner_row + (meld["owner"] - viewer) % players, at)
            if meld["kind"] == "run":
                runs.append(at)
        self.add(flags_row, numbers)
        self.add(flags_row + 1, runs)
        return numbers

    def counts(self, size: int) -> Array:
        """The counts as a flat ``float32`` array of ``size`` (rows * WIDTH; scalar rows zero)."""
        return count_faces(self.offsets, self.groups, size, self.indexed)
