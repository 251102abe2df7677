"""Piece sets and notation: sizes, round trip, unicode input, and malformed tokens."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit.core.notation import format_face, format_pieces, parse_face, parse_pieces
from rummykit.core.pieces import JOKER, N_FACES, OKEY_TILES, Kind, card_set, make_face
from rummykit.errors import NotationError, RummykitError


@pytest.mark.parametrize(
    ("decks", "jokers", "size"), [(1, 0, 52), (1, 1, 53), (2, 0, 104), (2, 2, 106), (1, 2, 54)]
)
def test_card_set_sizes(decks: int, jokers: int, size: int) -> None:
    pieces = card_set(decks, jokers)
    assert pieces.size == size
    assert sorted({pieces.face(i) for i in range(size)}) == list(range(N_FACES)) + ([JOKER] if jokers else [])


def test_okey_tiles_are_106() -> None:
    assert OKEY_TILES.size == 106
    faces = [OKEY_TILES.face(i) for i in range(106)]
    assert faces.count(JOKER) == 2
    assert all(faces.count(f) == 2 for f in range(N_FACES))


@pytest.mark.parametrize("bad", [(3, 0), (0, 0), (1, 3)])
def test_bad_piece_sets_are_refused(bad: tuple[int, int]) -> None:
    with pytest.raises(RummykitError):
        card_set(*bad)


@pytest.mark.parametrize(
    ("kind", "token", "face"),
    [
        (Kind.TILES, "R7", make_face(0, 7)),
        (Kind.TILES, "Y13", make_face(1, 13)),
        (Kind.TILES, "B1", make_face(2, 1)),
        (Kind.TILES, "K10", make_face(3, 10)),
        (Kind.TILES, "F", JOKER),
        (Kind.CARDS, "7H", make_face(1, 7)),
        (Kind.CARDS, "TD", make_face(2, 10)),
        (Kind.CARDS, "AS", make_face(0, 1)),
        (Kind.CARDS, "QC", make_face(3, 12)),
        (Kind.CARDS, "JK", JOKER),
    ],
)
def test_canonical_notation(kind: Kind, token: str, face: int) -> None:
    assert parse_face(kind, token) == face
    assert format_face(kind, face) == token


@pytest.mark.parametrize(
    ("token", "canonical"), [("7♥", "7H"), ("10♠", "TS"), ("q♦", "QD"), ("a♧", "AC"), ("10h", "TH")]
)
def test_card_input_forms(token: str, canonical: str) -> None:
    assert format_face(Kind.CARDS, parse_face(Kind.CARDS, token)) == canonical


@given(st.sampled_from([Kind.TILES, Kind.CARDS]), st.integers(0, N_FACES))
def test_round_trip_every_face(kind: Kind, face: int) -> None:
    assert parse_face(kind, format_face(kind, face)) == face


@pytest.mark.parametrize(
    ("kind", "token"),
    [
        (Kind.TILES, "R14"),
        (Kind.TILES, "X3"),
        (Kind.TILES, "R0"),
        (Kind.TILES, "R07"),
        (Kind.TILES, "7H"),
        (Kind.CARDS, "1H"),
        (Kind.CARDS, "F"),
        (Kind.CARDS, "11S"),
        (Kind.CARDS, "7X"),
        (Kind.CARDS, "R7"),
    ],
)
def test_malformed_tokens_name_the_token(kind: Kind, token: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_face(kind, token)
    assert info.value.token == token
    assert repr(token) in str(info.value)


def test_two_copies_are_distinct_pieces_and_a_third_is_refused() -> None:
    ids = parse_pieces(OKEY_TILES, "R7 R7")
    assert len(set(ids)) == 2
    assert format_pieces(OKEY_TILES, ids) == "R7 R7"
    with pytest.raises(NotationError, match="R7"):
        parse_pieces(OKEY_TILES, "R7 R7 R7")
    with pytest.raises(NotationError, match="JK"):
        parse_pieces(card_set(2, 0), "JK")
    with pytest.raises(NotationError):
        parse_pieces(card_set(1, 1), "7H 7H")
    assert len(parse_pieces(card_set(2, 2), "7H 7H JK JK")) == 4
