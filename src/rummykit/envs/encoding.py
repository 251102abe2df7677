"""Observation arrays: a seat's view (``game.observe(state, seat)``) as one fixed-shape ``float32``
array of rows of :data:`WIDTH` columns, one column per face (``suit * 13 + rank - 1``, 52 for a
joker or false joker), so that the same column means the same face on every face row.

Each game's encoder (:mod:`rummykit.envs.encoders`) stacks *face rows* (counts of faces, all of
them counted by one ``numpy.bincount``, :class:`Planes`) and a last *scalar row* (numbers written
left to right, the rest zero). Seats are written relative to the viewer: position ``k`` is seat
``(viewer + k) % players``, so position 0 is always the viewer. The rows of every game are listed
in ``docs/envs.md``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

WIDTH = 53
"""Columns of every row: the 52 faces of a suit-rank and the joker (52)."""

Array = npt.NDArray[np.float32]


def relative(values: Sequence[Any], viewer: int) -> list[Any]:
    """Per-seat ``values`` reordered so that position ``k`` is seat ``(viewer + k) % len``."""
    return [*values[viewer:], *values[:viewer]]


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


class Planes:
    """The face rows of one array, collected as flat indices (``row * WIDTH + face``, each row's
    faces shifted by one ``map`` of the row's offset) and counted at the end with one
    ``numpy.bincount`` (:meth:`array`); a one-hot row is a row of one face."""

    __slots__ = ("index", "indexed")

    def __init__(self) -> None:
        self.index: list[int] = []
        self.indexed: list[npt.NDArray[np.intp]] = []

    def add(self, row: int, faces: Iterable[int]) -> None:
        """Count ``faces`` on ``row``."""
        self.index += map((row * WIDTH).__add__, faces)

    def add_rows(self, first: int, groups: Iterable[Iterable[int]]) -> None:
        """Count each of ``groups`` on consecutive rows from ``first``."""
        index = self.index
        for k, faces in enumerate(groups):
            index += map(((first + k) * WIDTH).__add__, faces)

    def add_array(self, rows: npt.NDArray[np.intp], faces: npt.NDArray[np.intp]) -> None:
        """Count ``faces[i]`` on ``rows[i]`` (arrays of one length)."""
        self.indexed.append(rows * WIDTH + faces)

    def one(self, row: int, face: int | None) -> None:
        """Mark ``face`` on ``row`` (nothing for ``None``)."""
        if face is not None:
            self.index.append(row * WIDTH + face)

    def array(self, height: int) -> Array:
        """The ``(height, WIDTH)`` float32 array of the counts (scalar rows still zero)."""
        index: Any = self.index
        if self.indexed:
            index = np.concatenate([np.asarray(index, dtype=np.intp), *self.indexed])
        counts = np.bincount(index, minlength=height * WIDTH)
        return counts.astype(np.float32).reshape(height, WIDTH)


def group_rows(groups: Sequence[Sequence[Any]]) -> npt.NDArray[np.intp]:
    """For the items of ``groups`` flattened: the index of the group each belongs to."""
    return np.repeat(np.arange(len(groups), dtype=np.intp), [len(g) for g in groups])


def declared_faces(
    cards: Sequence[Sequence[int | None]],
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.bool_]]:
    """For cards written ``[face, declared face or None]``: the face each stands for (the declared
    one for a joker) and which are jokers (declared), as arrays (``None`` read as NaN)."""
    if not cards:
        return np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.bool_)
    pairs = np.asarray(cards, dtype=np.float64)
    declared = ~np.isnan(pairs[:, 1])
    stands = np.where(declared, pairs[:, 1], pairs[:, 0]).astype(np.intp)
    return stands, declared


def seat_flags(seats: Iterable[int], viewer: int, players: int) -> list[float]:
    """One flag per relative position: whether its seat is among ``seats``."""
    flags = [0.0] * players
    for seat in seats:
        flags[(seat - viewer) % players] = 1.0
    return flags


def one_hot(index: int | None, size: int) -> list[float]:
    """``size`` flags, ``index`` set (none for ``None``)."""
    flags = [0.0] * size
    if index is not None:
        flags[index] = 1.0
    return flags
