"""Observation arrays: a seat's view (``game.observe(state, seat)``) as one fixed-shape ``float32``
array of rows of :data:`WIDTH` columns, one column per face (``suit * 13 + rank - 1``, 52 for a
joker or false joker), so that the same column means the same face on every face row.

Each game's encoder (:mod:`rummykit.envs.encoder`, in the game's ``encoding`` module) stacks *face
rows* (counts of faces, each row made as ``float32`` bytes by :data:`face_row`, which keeps the rows
it made) and a last *scalar row* (numbers written left to right, the rest zero); :func:`stack`
joins the rows into the array. Seats are written relative to the viewer: position
``k`` is seat ``(viewer + k) % players``, so position 0 is always the viewer. The rows of every
game are listed in ``docs/envs.md``.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import is_
from typing import Any

import numpy as np
import numpy.typing as npt

from rummykit.memo import bound

WIDTH = 53
"""Columns of every row: the 52 faces of a suit-rank and the joker (52)."""

Array = npt.NDArray[np.float32]

FLOAT32 = np.dtype(np.float32)
"""The arrays' dtype, made once: ``numpy.ndarray`` given the ``float32`` type converts it to this
on every call (about 480 instructions, callgrind)."""


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


FACE_ROW = struct.Struct(f"={WIDTH}f")
"""One row's ``float32`` values as bytes (native order, as numpy's ``float32``)."""

ZERO_ROW = bytes(FACE_ROW.size)
"""A row of zeros."""

ONE_HOT: dict[int | None, bytes] = {
    None: ZERO_ROW,
    **{f: FACE_ROW.pack(*(g == f for g in range(WIDTH))) for f in range(WIDTH)},
}
"""The row of one face (``None``: none, zeros)."""

CELL = struct.Struct("=f")
"""One column of a row: a ``float32``."""

NEXT_COUNT = {CELL.pack(count): CELL.pack(count + 1) for count in range(256)}
"""A column's count, as bytes, to the next count's."""

LAST_COUNT = {after: before for before, after in NEXT_COUNT.items()}
"""A column's count from 1, as bytes, to the count before's."""

COUNT_BYTES = tuple(
    (at, table)
    for at in range(CELL.size)
    if any(table := bytes(CELL.pack(count)[at] for count in range(256)))
)
"""The bytes of a ``float32`` cell that a count of 0..255 sets, each with its ``bytes.translate``
table from the count to that byte (the others are zero for every such count: native
little-endian, the last two)."""

FACE_ROWS_KEPT = 4096
"""The face rows :data:`face_row` keeps (a few hundred bytes each)."""


class FaceRows(dict[bytes, bytes]):
    """The face rows made last, by their faces: ``rows[faces]`` is the row counting ``faces`` (one
    byte each, ``0..WIDTH-1``) as ``float32`` bytes, found if kept, else counted and kept (a memo
    of :data:`FACE_ROWS_KEPT` rows, all forgotten at once when full, as :func:`rummykit.memo.keep` does).
    From one observation to the next most rows hold the same faces (a hand, a pile, a table meld
    changes one at a time), so most rows are found, not counted: a found row is one dictionary
    lookup, called from C (``map(face_row, groups)``), with no Python frame."""

    __slots__ = ()

    def __missing__(self, faces: bytes) -> bytes:
        """Count ``faces``: from the kept row of all of them but the last where there is one (a
        pile or a hand one piece longer than when last seen, two misses in three), else face by
        face into a byte each, each cell's ``float32`` bytes then set from the counts by
        :data:`COUNT_BYTES` (``struct`` packing 53 numbers took twice as long)."""
        head = self.get(faces[:-1]) if faces else None
        if head is None:
            counts = bytearray(WIDTH)
            for f in faces:
                counts[f] += 1
            cells = bytearray(FACE_ROW.size)
            for at, table in COUNT_BYTES:
                cells[at :: CELL.size] = counts.translate(table)
            row = bytes(cells)
        else:
            at = faces[-1] * CELL.size
            row = head[:at] + NEXT_COUNT[head[at : at + CELL.size]] + head[at + CELL.size :]
        if len(self) >= bound(FACE_ROWS_KEPT):
            self.clear()
        self[faces] = row
        return row


face_row: Callable[[bytes], bytes] = FaceRows().__getitem__
"""The row counting ``faces`` (:class:`FaceRows`, one kept set of rows shared by every encoder)."""


def _taken_out(kept: bytes, face: int, faces: bytes) -> bool:
    """Whether ``faces`` are ``kept`` with one ``face`` taken out, the others in their order."""
    place = kept.find(face)
    while place >= 0 and kept[:place] + kept[place + 1 :] != faces:
        place = kept.find(face, place + 1)
    return place >= 0


CELL_SPANS = [(face * CELL.size, (face + 1) * CELL.size) for face in range(WIDTH)]
"""Each face's column: where its cell starts and ends in a row's bytes."""


class LastRow:
    """The face row of one group of faces that changes a face at a time, made from the row of the
    faces it was last asked for: a seat's hand, whose piece drawn or taken is appended and whose
    piece discarded leaves its place in the rack. Every such hand is one :data:`face_row` would
    miss (a rack is seen by its seat alone, once after each of its changes), and count anew when
    the piece left from the middle."""

    __slots__ = ("faces", "row", "total")

    def __init__(self) -> None:
        self.faces = b""
        """The faces last asked for."""
        self.row = ZERO_ROW
        """Their row."""
        self.total = 0
        """The sum of their bytes."""

    def of(self, faces: bytes) -> bytes:
        """The row counting ``faces`` (one byte each, ``0..WIDTH-1``), as :data:`face_row` gives
        it: the kept row when ``faces`` are the kept faces, one cell's count raised when they are
        the kept faces and one more, lowered when they are the kept faces with one taken out (the
        face taken out found by the sums of the faces, then its place in the kept faces), else
        :data:`face_row`'s."""
        kept, row = self.faces, self.row
        size = len(faces) - len(kept)
        if size == 1 and faces[:-1] == kept:
            face = faces[-1]
            total, counts = self.total + face, NEXT_COUNT
        elif (
            size == -1
            and 0 <= (face := self.total - (total := sum(faces))) < WIDTH
            and _taken_out(kept, face, faces)
        ):
            counts = LAST_COUNT
        elif not size and faces == kept:
            return row
        else:
            row = face_row(faces)
            self.faces, self.row, self.total = faces, row, sum(faces)
            return row
        start, end = CELL_SPANS[face]
        row = row[:start] + counts[row[start:end]] + row[end:]
        self.faces, self.row, self.total = faces, row, total
        return row


def stack(rows: Iterable[bytes], read_only: bool = False) -> Array:
    """A fresh ``float32`` array of ``rows`` (each :data:`FACE_ROW`'s size, in order), shaped
    ``(len(rows), WIDTH)``, writable unless ``read_only``: the rows joined into one ``bytearray``
    (``bytes`` when ``read_only``) that numpy reads without a copy. An array over ``bytes`` is
    read-only from the start; setting ``flags.writeable`` afterwards costs about 3,200 more
    instructions (callgrind), 1% of an Okey environment step."""
    data = (b"" if read_only else bytearray()).join(rows)
    return np.ndarray((len(data) // FACE_ROW.size, WIDTH), FLOAT32, data)


class Planes:
    """The face rows of one array, collected as they come (each row's faces joined, several groups
    on one row counted together) and made into rows at the end by :data:`face_row`; a one-hot row
    is a row of one face. Blocks of rows made elsewhere (:class:`TableRows`) are put in whole."""

    __slots__ = ("blocks", "faces", "height")

    def __init__(self, height: int) -> None:
        self.height = height
        """The number of face rows."""
        self.faces: dict[int, bytes] = {}
        """The faces counted on each row that has any, joined."""
        self.blocks: list[tuple[int, Sequence[bytes]]] = []
        """Rows put in whole, as (first row, rows): no faces are counted on them here."""

    def add(self, row: int, faces: Sequence[int]) -> None:
        """Count ``faces`` on ``row``."""
        self.faces[row] = self.faces.get(row, b"") + bytes(faces)

    def add_rows(self, first: int, groups: Sequence[Sequence[int]]) -> None:
        """Count each of ``groups`` on consecutive rows from ``first``."""
        for row, faces in enumerate(groups, first):
            self.add(row, faces)

    def one(self, row: int, face: int | None) -> None:
        """Mark ``face`` on ``row`` (nothing for ``None``)."""
        if face is not None:
            self.add(row, (face,))

    def put(self, first: int, rows: Sequence[bytes]) -> None:
        """Put in whole ``rows`` (``float32`` bytes each) from row ``first`` on, rows on which
        nothing is counted."""
        self.blocks.append((first, rows))

    def rows(self) -> list[bytes]:
        """The face rows, in order (:data:`ZERO_ROW` where nothing was counted or put)."""
        out = [ZERO_ROW] * self.height
        for first, rows in self.blocks:
            out[first : first + len(rows)] = rows
        for row, faces in self.faces.items():
            out[row] = face_row(faces)
        return out


MeldView = Mapping[str, Any]
"""A table meld as an observation shows it (``number``, ``faces``, ``stands_for``, ``owner``,
``kind`` and the game's own keys)."""


class TableRows:
    """The rows of an observation's table of numbered melds, as one block of consecutive rows:
    ``melds`` rows of the faces each meld's pieces stand for (meld ``n`` on the ``n-1``-th), as
    many of where its wilds (the pieces of face ``wild``) stand, one row per seat relative to the
    viewer of ``players`` (column ``n-1`` marked on its owner's), and three rows of flags (column
    ``n-1`` marked on the first for every meld, on the second for a run and on the third where
    ``flag`` holds).

    The rows of the last table each viewer saw are kept: a game shares one view per table meld
    between observations and never changes it (``SharedViews``), so the same views in the same
    order (by identity, the views held here) give the same rows, and an unchanged table, as it is
    on most turns, costs no counting (nor any comparing, when the game gives the very tuple of
    views it gave last)."""

    __slots__ = ("_kept", "flag", "melds", "players")

    FLAG_ROWS = 3
    """The flag rows at the block's end."""

    def __init__(self, melds: int, players: int, flag: Callable[[MeldView], bool]) -> None:
        self.melds = melds
        self.players = players
        self.flag = flag
        self._kept: dict[int, tuple[int | None, Sequence[MeldView], tuple[bytes, ...]]] = {}
        """By viewer: the wild face, the table's views and their rows."""

    @property
    def height(self) -> int:
        """The rows of the block."""
        return 2 * self.melds + self.players + self.FLAG_ROWS

    def of(self, table: Sequence[MeldView], wild: int | None, viewer: int) -> tuple[bytes, ...]:
        """The block's rows (``float32`` bytes each, :data:`ZERO_ROW` where nothing is marked) of
        ``table`` seen by ``viewer``."""
        kept = self._kept.get(viewer)
        if (
            kept is not None
            and kept[0] == wild
            and (kept[1] is table or (len(kept[1]) == len(table) and all(map(is_, kept[1], table))))
        ):
            return kept[2]
        made = self._count(table, wild, viewer)
        self._kept[viewer] = (wild, tuple(table), made)
        return made

    def _count(self, table: Sequence[MeldView], wild: int | None, viewer: int) -> tuple[bytes, ...]:
        wilds_row = self.melds
        owner_row = wilds_row + self.melds
        flags_row = owner_row + self.players
        planes = Planes(self.height)
        numbers: list[int] = []
        runs: list[int] = []
        flagged: list[int] = []
        for meld in table:
            at = meld["number"] - 1
            faces, stands = meld["faces"], meld["stands_for"]
            numbers.append(at)
            planes.add(at, stands)
            if wild in faces:
                planes.add(wilds_row + at, [s for f, s in zip(faces, stands, strict=True) if f == wild])
            planes.one(owner_row + (meld["owner"] - viewer) % self.players, at)
            if meld["kind"] == "run":
                runs.append(at)
            if self.flag(meld):
                flagged.append(at)
        for row, marked in enumerate((numbers, runs, flagged), flags_row):
            if marked:
                planes.add(row, marked)
        return tuple(planes.rows())
