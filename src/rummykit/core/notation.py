"""Canonical text notation for faces and pieces, with exact round trip.

Tiles: colour letter ``R Y B K`` (red, yellow, blue, black) and number 1..13 (``R7``, ``Y13``,
``B1``), the false joker ``F``. Cards: rank ``A 2..9 T J Q K`` and suit ``S H D C`` (``7H``, ``TD``,
``AS``, ``QC``), the joker ``JK``. Input is case-insensitive and also accepts ``10`` for ``T`` and the
suit symbols ``♠ ♥ ♦ ♣`` (and their outline forms). Output is always canonical.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rummykit.core.pieces import JOKER, N_RANKS, Kind, PieceSet, make_face, rank_of, suit_of
from rummykit.errors import NotationError

TILE_COLOURS = "RYBK"
CARD_SUITS = "SHDC"
CARD_RANKS = "A23456789TJQK"
_SUIT_SYMBOLS = {"♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C"}


def format_face(kind: Kind, face: int) -> str:
    """The canonical notation of ``face`` for ``kind`` (``R7``/``F`` or ``7H``/``JK``)."""
    if face == JOKER:
        return "F" if kind is Kind.TILES else "JK"
    if kind is Kind.TILES:
        return f"{TILE_COLOURS[suit_of(face)]}{rank_of(face)}"
    return f"{CARD_RANKS[rank_of(face) - 1]}{CARD_SUITS[suit_of(face)]}"


def parse_face(kind: Kind, token: str) -> int:
    """The face written as ``token``; raises :class:`NotationError` naming the token."""
    text = token.strip().upper()
    if not text:
        raise NotationError(token, "notation.empty")
    if kind is Kind.TILES:
        return _parse_tile(token, text)
    return _parse_card(token, text)


def _parse_tile(token: str, text: str) -> int:
    if text == "F":
        return JOKER
    colour, number = text[0], text[1:]
    if colour not in TILE_COLOURS:
        raise NotationError(token, "notation.tile")
    if not number.isdigit() or not 1 <= int(number) <= N_RANKS or number.startswith("0"):
        raise NotationError(token, "notation.tile_number")
    return make_face(TILE_COLOURS.index(colour), int(number))


def _parse_card(token: str, text: str) -> int:
    if text in ("JK", "JOKER", "🃏"):
        return JOKER
    suit = _SUIT_SYMBOLS.get(text[-1], text[-1])
    rank = text[:-1]
    if rank == "10":
        rank = "T"
    if suit not in CARD_SUITS or len(text) < 2:
        raise NotationError(token, "notation.card")
    if len(rank) != 1 or rank not in CARD_RANKS:
        raise NotationError(token, "notation.card_rank")
    return make_face(CARD_SUITS.index(suit), CARD_RANKS.index(rank) + 1)


def split_tokens(text: str | Sequence[str]) -> list[str]:
    """Pieces given as one string (spaces or commas between) or as a sequence of tokens."""
    if isinstance(text, str):
        return text.replace(",", " ").split()
    return [token for part in text for token in part.replace(",", " ").split()]


def parse_faces(kind: Kind, text: str | Sequence[str]) -> list[int]:
    """The faces of a space-separated string or token list, in order (no copy limit)."""
    return [parse_face(kind, token) for token in split_tokens(text)]


def parse_pieces(pieces: PieceSet, text: str | Sequence[str]) -> list[int]:
    """Piece ids for the notation ``text``, copies assigned in order of appearance.

    Raises :class:`NotationError` for a malformed token, an ``F``/``JK`` in a set without jokers, or
    more copies of a face than ``pieces`` holds (the token of the extra copy is named).
    """
    used: dict[int, int] = {}
    ids: list[int] = []
    for token in split_tokens(text):
        face = parse_face(pieces.kind, token)
        copy = used.get(face, 0)
        held = pieces.copies_of(face)
        if copy >= held:
            if face == JOKER:
                raise NotationError(token, "notation.joker_too_many", held=held)
            raise NotationError(
                token, "notation.copy_too_many", piece=format_face(pieces.kind, face), held=held
            )
        used[face] = copy + 1
        ids.append(pieces.piece(face, copy))
    return ids


def parse_declared(kind: Kind, text: str | Sequence[str]) -> list[tuple[int, int | None]]:
    """Pieces with optional declarations, ``JK[7H]`` being a joker declared as ``7H``: a list of
    (face, declared face or None). Raises :class:`NotationError` naming a bad token."""
    out: list[tuple[int, int | None]] = []
    for token in split_tokens(text):
        base, bracket, rest = token.partition("[")
        if not bracket:
            out.append((parse_face(kind, token), None))
            continue
        if not rest.endswith("]"):
            raise NotationError(token, "notation.brackets")
        out.append((parse_face(kind, base), parse_face(kind, rest[:-1])))
    return out


def format_declared(kind: Kind, face: int, declared: int | None) -> str:
    """``JK[7H]`` for a declared piece, else the piece's notation."""
    text = format_face(kind, face)
    return text if declared is None else f"{text}[{format_face(kind, declared)}]"


def format_faces(kind: Kind, faces: Iterable[int]) -> str:
    """Faces in canonical notation, space separated."""
    return " ".join(format_face(kind, face) for face in faces)


def format_pieces(pieces: PieceSet, ids: Iterable[int]) -> str:
    """Piece ids in canonical notation, space separated (copies are not shown)."""
    return " ".join(format_face(pieces.kind, pieces.face(piece)) for piece in ids)
