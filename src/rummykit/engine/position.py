"""Position text: the one grammar every game writes its whole state in, on one line, and the one
reader that reads it back (``docs/engine.md`` "Position text").

A position is the game's id, then fields, each a key and its value, separated by ``;``::

    okey; seed 7; round 1; turn 3; …; hands R1 R2 R3 / K4 K5 …; stock …; results -

Inside a value, the separators are, outermost first:

``~``
    between the records of a list (past rounds' results, a draft's history, table melds);
``:``
    between the parts of one record (``0 : 5H 6H JK[7H]``: a table meld's owner and cards);
``/``
    between the entries of a per-seat (or per-pile) list, one entry each;
``|``
    between melds;
space
    between tokens: whole numbers, words, pieces in notation (``R7``, ``7H``, ``F``, ``JK``; a
    wild with what it stands for, ``JK[7H]``).

``-`` is an empty list or no value. The writer puts one space on each side of every separator
but ``;`` (written ``"; "``); the reader ignores spaces around separators. Each game names its
fields and writes them in one order; the reader takes them in any order, each exactly once.

Reading hands out piece ids with :class:`~rummykit.engine.piece_pool.FacePool`, copy after copy,
so a position places every piece of the set exactly once. Every error is a
:class:`~rummykit.errors.NotationError` naming the bad token (a field, a value, a piece) and
what was expected.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import TypeVar

from rummykit.core.melds import Meld, MeldRules, Wilds, meld_as_written
from rummykit.core.notation import format_declared, format_face, parse_declared, parse_faces
from rummykit.core.pieces import JOKER, Kind, PieceSet
from rummykit.engine.piece_pool import FacePool
from rummykit.engine.table import TableMeld, written_meld
from rummykit.errors import NotationError, RummykitError

FIELD, RECORD, PART, SEAT, MELD = ";", "~", ":", "/", "|"
"""The separators, outermost first (see the module docstring)."""
NONE = "-"
"""An empty list or no value."""
_WHOLE = re.compile(r"-?[0-9]{1,30}")
MAX_NUMBER = 10**9
"""The largest number (and the smallest, negated) a position holds but its seed: a score, a count,
a round. No match comes near it; past it a number is refused (``position.bounds``), never kept to
run into a score sheet, an environment's observation or a database column."""
_KEY = re.compile(r"[a-z_]+")
_NAMES = {kind: tuple(format_face(kind, face) for face in range(JOKER + 1)) for kind in Kind}
"""Every face in notation, by kind."""

T = TypeVar("T")


# ---------------------------------------------------------------------- writing
def position_text(game: str, fields: Iterable[tuple[str, str]]) -> str:
    """The position of ``game`` (its id) with ``fields`` (key, value text), in that order."""
    return f"{FIELD} ".join([game, *(f"{key} {value}" for key, value in fields)])


def joined(separator: str, items: Iterable[str]) -> str:
    """``items`` with ``separator`` between them (a space each side), or ``-`` for none."""
    return f" {separator} ".join(items) or NONE


def per_seat_text(entries: Iterable[str]) -> str:
    """One entry per seat (or per pile), separated by ``/``."""
    return f" {SEAT} ".join(entries)


def ints_text(values: Iterable[int]) -> str:
    """Whole numbers separated by spaces (``-``: none)."""
    return " ".join(map(str, values)) or NONE


def maybe_text(value: int | None) -> str:
    """A whole number, or ``-`` for ``None``."""
    return NONE if value is None else str(value)


def faces_text(kind: Kind, faces: Iterable[int]) -> str:
    """Faces in notation separated by spaces (``-``: none)."""
    return " ".join(map(_NAMES[kind].__getitem__, faces)) or NONE


def declared_text(kind: Kind, cards: Iterable[tuple[int, int | None]]) -> str:
    """(face, declared face or ``None``) in notation, ``JK[7H]`` for a declared one (``-``: none)."""
    return " ".join(format_declared(kind, face, said) for face, said in cards) or NONE


def meld_text(kind: Kind, meld: Meld, wilds: Wilds) -> str:
    """``meld``'s pieces in meld order, every wild with what it stands for (``5H JK[6H] 7H``): the
    text :meth:`PositionReader.meld` reads back to the same meld, order and all."""
    return declared_text(
        kind,
        ((f, s if wilds.is_wild(f) else None) for f, s in zip(meld.faces, meld.stands_for, strict=True)),
    )


def records_text(records: Iterable[Sequence[str]]) -> str:
    """Records (each a sequence of part texts) separated by ``~``, parts by ``:`` (``-``: none)."""
    return joined(RECORD, (f" {PART} ".join(parts) for parts in records))


def table_text(kind: Kind, table: Iterable[TableMeld], wilds: Wilds) -> str:
    """Table melds as records ``owner : cards`` (:func:`meld_text`), in number order."""
    return records_text((str(m.owner), meld_text(kind, m.meld, wilds)) for m in table)


def fields_of(text: str, game: str) -> dict[str, str]:
    """The fields of position ``text`` of ``game``, by key, as written (values stripped); raises
    :class:`NotationError` for another game's text, a field without a key or one given twice."""
    head, *parts = (part.strip() for part in text.split(FIELD))
    if head != game:
        raise NotationError(head, "position.head", game=game, separator=FIELD)
    fields: dict[str, str] = {}
    for part in parts:
        key, _, value = part.partition(" ")
        if not _KEY.fullmatch(key) or not value.strip():
            raise NotationError(part, "position.field")
        if key in fields:
            raise NotationError(key, "position.field_twice")
        fields[key] = value.strip()
    return fields


# ---------------------------------------------------------------------- reading
class PositionReader:
    """Reads the fields of one position text of ``game`` (its id): exactly ``keys``, each once.

    ``pieces`` is the game's piece set, handed out by face through :attr:`pool`; ``players`` the
    number of seats (what per-seat lists and seat numbers are checked against). The typed readers
    take a value text and ``what`` it is (named in errors); :meth:`get` reads a field with one.
    Raises :class:`NotationError` for an unknown or missing field."""

    def __init__(self, text: str, game: str, keys: Sequence[str], pieces: PieceSet, players: int) -> None:
        self.text = text
        self.fields = fields_of(text, game)
        unknown = [key for key in self.fields if key not in keys]
        if unknown:
            raise NotationError(unknown[0], "position.unknown_field", fields=", ".join(keys))
        missing = [key for key in keys if key not in self.fields]
        if missing:
            raise NotationError(text, "position.missing_field", field=missing[0])
        self.pieces = pieces
        self.kind = pieces.kind
        self.players = players
        self.pool = FacePool(pieces)

    def get(self, key: str, read: Callable[[str, str], T]) -> T:
        """Field ``key`` read by ``read(value, key)``; any :class:`RummykitError` it raises (an
        invalid meld, say) becomes a :class:`NotationError` naming the field."""
        value = self.fields[key]
        try:
            return read(value, key)
        except NotationError:
            raise
        except RummykitError as exc:
            raise NotationError.because(f"{key} {value}", exc) from None

    def all_placed(self) -> None:
        """Raise :class:`NotationError` unless the fields read place every piece of the set."""
        self.pool.check_all_placed(self.text)

    # ------------------------------------------------------------------ scalars
    def whole(self, value: str, what: str, low: int | None = None, high: int | None = None) -> int:
        """A whole number in ``low..high`` (each :data:`MAX_NUMBER` away from 0 when not given)."""
        low = -MAX_NUMBER if low is None else low
        high = MAX_NUMBER if high is None else high
        number = self.seed(value, what)
        if not low <= number <= high:
            raise NotationError(value, "position.bounds", what=what, bounds=f"{low}..{high}")
        return number

    def seed(self, value: str, what: str) -> int:
        """A seed: any whole number of up to 30 digits."""
        if not _WHOLE.fullmatch(value):
            raise NotationError(value, "position.whole", what=what)
        return int(value)

    def count(self, value: str, what: str) -> int:
        """A whole number from 0 up."""
        return self.whole(value, what, low=0)

    def flag(self, value: str, what: str) -> bool:
        """``0`` or ``1``."""
        if value not in ("0", "1"):
            raise NotationError(value, "position.flag", what=what)
        return value == "1"

    def word(self, value: str, what: str, choices: Iterable[str]) -> str:
        """One of ``choices``."""
        allowed = list(choices)
        if value not in allowed:
            raise NotationError(value, "position.word", what=what, words=", ".join(allowed))
        return value

    def seat(self, value: str, what: str) -> int:
        """A seat number, 0 to ``players - 1``."""
        return self.whole(value, what, 0, self.players - 1)

    def none(self, value: str, what: str) -> None:
        """``-`` (no value)."""
        self.word(value, what, [NONE])

    def maybe(self, value: str, what: str, read: Callable[[str, str], T]) -> T | None:
        """``None`` for ``-``, else ``read(value, what)``."""
        return None if value == NONE else read(value, what)

    # ------------------------------------------------------------------ lists
    def split(self, value: str, separator: str, what: str, count: int | None = None) -> list[str]:
        """The items of a list separated by ``separator`` (``-`` alone: none, unless ``count`` is
        given: then exactly ``count`` items, each may be ``-``)."""
        if count is None:
            return [] if value.strip() == NONE else [item.strip() for item in value.split(separator)]
        items = [item.strip() for item in value.split(separator)]
        if len(items) != count:
            raise NotationError(value, "position.entries", what=what, count=count, separator=separator)
        return items

    def per_seat(self, value: str, what: str) -> list[str]:
        """One entry per seat, separated by ``/``."""
        entries = [entry.strip() for entry in value.split(SEAT)]
        if len(entries) != self.players:
            raise NotationError(value, "position.per_seat", what=what, players=self.players)
        return entries

    def records(self, value: str, what: str) -> list[str]:
        """The records of a list, separated by ``~`` (``-``: none)."""
        return self.split(value, RECORD, what)

    def parts(self, value: str, what: str, count: int) -> list[str]:
        """The ``count`` parts of one record, separated by ``:``."""
        return self.split(value, PART, what, count)

    def tokens(self, value: str) -> list[str]:
        """The space-separated tokens of a list (``-``: none)."""
        return [] if value.strip() == NONE else value.split()

    def ints(self, value: str, what: str) -> list[int]:
        """Whole numbers separated by spaces (``-``: none)."""
        return [self.whole(token, what) for token in self.tokens(value)]

    def per_seat_ints(self, value: str, what: str) -> list[int]:
        """One whole number per seat."""
        values = self.ints(value, what)
        if len(values) != self.players:
            raise NotationError(value, "position.per_seat_numbers", what=what, players=self.players)
        return values

    def seats(self, value: str, what: str) -> list[int]:
        """Seat numbers separated by spaces, each at most once (``-``: none)."""
        seats = [self.seat(token, what) for token in self.tokens(value)]
        if len(set(seats)) != len(seats):
            raise NotationError(value, "position.seat_twice", what=what)
        return seats

    def faces(self, value: str, what: str = "pieces") -> list[int]:
        """Faces in notation (``-``: none), no copy handed out: what was, not what is."""
        return parse_faces(self.kind, self.tokens(value))

    def face(self, value: str, what: str) -> int:
        """One face in notation."""
        faces = self.faces(value, what)
        if len(faces) != 1:
            raise NotationError(value, "position.one_piece", what=what)
        return faces[0]

    def declared(self, value: str, what: str) -> list[tuple[int, int | None]]:
        """Pieces in notation with their declarations, ``JK[7H]`` (``-``: none): (face, declared
        face or ``None``) each, no copy handed out."""
        return parse_declared(self.kind, self.tokens(value))

    def pieces_of(self, value: str, what: str = "pieces") -> list[int]:
        """Piece ids for the faces written (``-``: none), each the next unused copy."""
        return self.pool.take(self.faces(value, what))

    def held(
        self, hand: Sequence[int], value: str, what: str, last: bool = False, prefer: Collection[int] = ()
    ) -> list[int]:
        """Ids of ``hand`` with the faces written (``-``: none), each copy once, in the order
        written: of each face, the pieces of ``prefer`` first, then the first copies in ``hand``
        (the last ones with ``last``), named in the order ``hand`` holds them. Raises
        :class:`NotationError` if ``hand`` lacks one."""
        faces = self.faces(value, what)
        face_of = self.pieces.face
        chosen: dict[int, list[int]] = {}
        for face, count in Counter(faces).items():
            copies = [p for p in hand if face_of(p) == face]
            if len(copies) < count:
                raise NotationError(value, "position.not_held", what=what)
            ranked = [p for p in copies if p in prefer] + [
                p for p in (copies[::-1] if last else copies) if p not in prefer
            ]
            kept = set(ranked[:count])
            chosen[face] = [p for p in copies if p in kept]
        return [chosen[face].pop(0) for face in faces]

    # ------------------------------------------------------------------ melds
    def meld(self, value: str, what: str, rules: MeldRules, wilds: Wilds, allow_pair: bool = False) -> Meld:
        """The meld written as :func:`meld_text` writes it, its pieces in the order written
        (:func:`~rummykit.core.melds.meld_as_written`); no copy handed out."""
        cards = self.declared(value, what)
        try:
            return meld_as_written(cards, rules, wilds, allow_pair)
        except RummykitError as exc:
            raise NotationError.because(value, exc) from None

    def table(
        self, value: str, what: str, rules: MeldRules, wilds: Wilds, allow_pair: bool = False
    ) -> list[TableMeld]:
        """Table melds written by :func:`table_text`, numbered 1, 2, … in order, ids handed out
        from :attr:`pool` (two pieces with ``allow_pair``: a pair, as 101 Okey's table holds)."""
        melds = []
        for number, record in enumerate(self.records(value, what), start=1):
            owner, cards = self.parts(record, f"a meld of {what} (owner : cards)", 2)
            seat = self.seat(owner, "a meld's owner")
            played = self.declared(cards, what)
            ids = self.pool.take([face for face, _ in played])
            declared = [(p, said) for p, (_, said) in zip(ids, played, strict=True)]
            try:
                melds.append(written_meld(number, seat, declared, self.pieces, rules, wilds, allow_pair))
            except RummykitError as exc:
                raise NotationError.because(record, exc) from None
        return melds
