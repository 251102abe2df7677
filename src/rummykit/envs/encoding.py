"""Observation arrays: a seat's view (``game.observe(state, seat)``) as one fixed-shape ``float32``
array of rows of :data:`WIDTH` columns, one column per face (``suit * 13 + rank - 1``, 52 for a
joker or false joker), so that the same column means the same face on every face row.

Each game's encoder (:mod:`rummykit.envs.encoders`) stacks *face rows* (counts of faces, built with
``numpy.bincount``) and *scalar rows* (numbers written left to right, the rest zero). Seats are
written relative to the viewer: position ``k`` is seat ``(viewer + k) % players``, so position 0
is always the viewer. The rows of every game are listed in ``docs/envs.md``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from rummykit.engine.game import Game
from rummykit.engine.state import State

WIDTH = 53
"""Columns of every row: the 52 faces of a suit-rank and the joker (52)."""

Array = npt.NDArray[np.float32]


def face_counts(faces: Sequence[int]) -> npt.NDArray[np.intp]:
    """How many of each face ``faces`` holds: an int array of :data:`WIDTH`."""
    return np.bincount(np.asarray(faces, dtype=np.intp), minlength=WIDTH)


def relative(values: Sequence[Any], viewer: int) -> list[Any]:
    """Per-seat ``values`` reordered so that position ``k`` is seat ``(viewer + k) % len``."""
    return [*values[viewer:], *values[:viewer]]


@dataclass
class RowBuilder:
    """Collects the named rows of one encoder's layout, then fills an array for a view.

    Built once per encoder: :meth:`rows` declares row names (in order, with their count) and
    ``index`` maps each name to its first row; :meth:`new` gives a zeroed array of the layout's
    shape.
    """

    names: list[tuple[str, int, str]] = field(default_factory=list)
    index: dict[str, int] = field(default_factory=dict)
    height: int = 0

    def rows(self, name: str, count: int, meaning: str) -> None:
        """Declare ``count`` rows called ``name`` (``meaning`` for the documentation)."""
        self.index[name] = self.height
        self.names.append((name, count, meaning))
        self.height += count

    def new(self) -> Array:
        """A zeroed array of the layout's shape ``(height, WIDTH)``."""
        return np.zeros((self.height, WIDTH), dtype=np.float32)

    def describe(self) -> list[str]:
        """One line per row group: ``rows a..b  name: meaning``."""
        out = []
        for name, count, meaning in self.names:
            first = self.index[name]
            span = f"{first}" if count == 1 else f"{first}..{first + count - 1}"
            out.append(f"rows {span:7} {name}: {meaning}")
        return out


def put_faces(out: Array, row: int, faces: Sequence[int]) -> None:
    """Write the face counts of ``faces`` into ``out[row]``."""
    if faces:
        out[row] = face_counts(faces)


def put_face_rows(out: Array, first: int, piles: Iterable[Sequence[int]]) -> None:
    """Face counts of each of ``piles`` into consecutive rows from ``first`` (one ``bincount`` for
    all of them)."""
    flat: list[int] = []
    offsets: list[int] = []
    for k, pile in enumerate(piles):
        flat += pile
        offsets += [k * WIDTH] * len(pile)
    if flat:
        counts = np.bincount(np.asarray(flat, dtype=np.intp) + np.asarray(offsets, dtype=np.intp))
        block = out[first:].reshape(-1)
        block[: counts.size] += counts


def put_one(out: Array, row: int, face: int | None) -> None:
    """Mark ``face`` in ``out[row]`` (nothing for ``None``)."""
    if face is not None:
        out[row, face] = 1.0


def put_scalars(out: Array, row: int, values: Sequence[float]) -> None:
    """Write ``values`` left to right into ``out[row]``."""
    out[row, : len(values)] = values


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


def known_faces(
    view: Mapping[str, Any], known: Sequence[Sequence[int]] | None, viewer: int
) -> list[list[int]]:
    """The faces known to be in each other hand (relative positions 1..players-1): the view's
    ``known`` where the game gives it, else ``known`` (faces per seat, public by the engine's
    contract: pieces everyone saw a seat take and still in its hand)."""
    per_seat = view.get("known", known)
    if per_seat is None:
        return [[] for _ in range(int(view["players"]) - 1)]
    return [list(k) for k in relative(list(per_seat), viewer)[1:]]


def public_known(game: Game[Any, Any], state: State) -> list[list[int]] | None:
    """The faces per seat that every seat saw it take (from a discard pile, a release, a show)
    and that it still holds: the state's ``known`` field where the game keeps one (Okey, Turkish
    Rummy, Kalooki), else ``None``. Public by the engine's contract; no other field is read."""
    known = getattr(state, "known", None)
    if known is None:
        return None
    face = game.pieces.face
    return [[face(p) for p in k] for k in known]
