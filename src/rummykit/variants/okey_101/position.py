"""101 Okey position text: a whole match on one line, hidden tiles included, in the grammar of
:mod:`rummykit.engine.position` (``docs/engine.md`` "Position text"), e.g.::

    okey_101; seed 7; round 2; dealer 3; turn 0; phase play; indicator R5; scores 101 0 -101 202;
    opened none melds none none; pending 3; open_at_start 0; laid_off 0; layoffs 0; retracted 0;
    taken B3 : 3; freed -; hands R1 R2 … / … / … / …; known - / B7 / - / -;
    piles - / K3 / - / R9 Y2; stock …; table 1 : R10 R11 R12 ~ 1 : Y4 B4 R6[K4] ~ 0 : R3 Y3 B3;
    fines 1 K3; results out 2 : K12 : R7 : melds none melds none : 0 Y9 : R1 … / - / … / …

(all on one line). The fields, in this order: ``seed``; ``round``; ``dealer``; ``turn`` (the seat
to move); ``phase`` (``draw``, ``play``, ``over``); ``indicator``; ``scores``; ``opened`` (per seat
``none``, ``melds`` or ``pairs``); this turn's ``pending`` (the numbers of the melds laid toward
an opening not reached yet: the last melds of the table; in phase ``over``, those the mover went
out with, finishing from the hand), ``open_at_start``, ``laid_off`` and
``retracted`` (``0``/``1``), ``layoffs`` (tiles laid off); ``taken``: the tile the mover took
from the discard pile while it must still be used, with where it is (``R7 : hand``, or
``R7 : 3`` in pending meld 3), ``-`` for none; ``freed``: the okeys freed this turn still to be
used (in the mover's hand); ``hands``, ``known`` (the tiles of each hand every seat knows are
there) and ``piles`` (the discard piles, bottom first) per seat; ``stock`` (the last tile is drawn
next); ``table``: the melds in number order (1, 2, …), each record ``owner : tiles`` in meld
order, every okey with the tile it stands for (two tiles: a pair); ``fines``: this round's
penalties during play, each the seat and the tile it discarded, in the order incurred (an okey's
fine or a playable tile's, the points the rules'); ``results``: the rounds dealt, oldest first,
each record::

    how : indicator : finishing discard : opened : fines : hands at the end

``how`` being ``out S`` (seat ``S`` finished), ``hand S`` (a hand finish that scores as one),
``stock`` (the stock ran out, hands scored), ``void stock`` or ``void pairs S`` (a void round:
the stock ran out, or ``S`` opened with pairs last); ``opened`` per seat as above and ``fines`` as
above (``-`` in a void round). A result's scores and notes follow from these under the rules
(:func:`~rummykit.variants.okey_101.scoring.score_round`).

Copies of one face are interchangeable: reading hands out ids in order of appearance (the
indicator, the table, the hands, the piles, the stock); ``known`` names the first copies of its
faces in the hand; ``freed`` the last known okeys and ``taken`` in the hand the last known copy of
its face after them (play adds the taken tile to the known ones first, then the okeys freed).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rummykit.core.melds import MeldKind, MeldRules, okey_face
from rummykit.core.pieces import JOKER, N_FACES, Kind, PieceSet
from rummykit.engine.game import RoundResult
from rummykit.engine.piece_pool import FacePool
from rummykit.engine.position import (
    NONE,
    PositionReader,
    faces_text,
    ints_text,
    per_seat_text,
    position_text,
    records_text,
    table_text,
)
from rummykit.engine.table import TableMeld
from rummykit.errors import NotationError
from rummykit.variants.okey_101.rules import Okey101Rules
from rummykit.variants.okey_101.scoring import (
    VOID,
    Finish,
    fine_for,
    round_result,
    score_round,
    scored_facts,
    void_scored,
)
from rummykit.variants.okey_101.state import Fine, FineKind, Okey101State, Opened, Phase
from rummykit.variants.okey_101.table import FACES, TableBook

GAME = "okey_101"
KEYS = (
    "seed",
    "round",
    "dealer",
    "turn",
    "phase",
    "indicator",
    "scores",
    "opened",
    "pending",
    "open_at_start",
    "laid_off",
    "layoffs",
    "retracted",
    "taken",
    "freed",
    "hands",
    "known",
    "piles",
    "stock",
    "table",
    "fines",
    "results",
)
"""The fields, in the order they are written."""
HAND = "hand"
"""Where ``taken`` is when it is not in a pending meld."""
RESULT_PARTS = 6
"""The parts of a past round: how, indicator, finishing discard, opened, fines, hands."""
INDICATOR_OF = {okey_face(f): f for f in range(N_FACES)}
"""The indicator's face for each okey's face."""


class PositionGame(Protocol):
    """What position text asks of the game (:class:`~rummykit.variants.okey_101.game.Okey101Game`):
    its rules and seats, its tiles, its meld rules and table's meld book, and the round's okey."""

    rules: Okey101Rules
    players: int
    pieces: PieceSet
    meld_rules: MeldRules
    book: TableBook

    def okey(self, state: Okey101State) -> int:
        """The round's okey (a face)."""
        ...


def _tiles(pieces: Sequence[int]) -> str:
    return faces_text(Kind.TILES, (FACES[p] for p in pieces))


def _fines_text(fines: Sequence[tuple[int, int]]) -> str:
    """Fines as ``seat tile`` pairs (``-``: none)."""
    return " ".join(f"{seat} {faces_text(Kind.TILES, [face])}" for seat, face in fines) or NONE


def _taken_text(state: Okey101State) -> str:
    """``R7 : hand``, ``R7 : N`` for pending meld ``N``, or ``-``."""
    if state.taken is None:
        return NONE
    place = next((str(m.number) for m in state.table if state.taken in m.pieces), HAND)
    return records_text([(_tiles([state.taken]), place)])


def _result_parts(result: RoundResult) -> list[str]:
    """A past round as the facts its score follows from (the module docstring)."""
    if result.kind == VOID:
        why = result.notes[0]
        how = f"void pairs {why['params']['seat']}" if why["code"] == "okey_101.void_pairs" else "void stock"
        opened, fines = NONE, NONE
    else:
        if result.winner is None:
            how = "stock"
        else:
            how = f"{'hand' if 'hand' in result.kind.split('+') else 'out'} {result.winner}"
        seats, fined = scored_facts(result)
        opened, fines = " ".join(o.value for o in seats), _fines_text(fined)
    discard = [] if result.finishing_discard is None else [result.finishing_discard]
    return [
        how,
        faces_text(Kind.TILES, [INDICATOR_OF[result.wilds[0]]]),
        faces_text(Kind.TILES, discard),
        opened,
        fines,
        per_seat_text(faces_text(Kind.TILES, hand or ()) for hand in result.hands),
    ]


def write_position(game: PositionGame, state: Okey101State) -> str:
    """``state`` as position text (the module docstring)."""
    fields = [
        ("seed", str(state.seed)),
        ("round", str(state.round_no)),
        ("dealer", str(state.dealer)),
        ("turn", str(state.turn)),
        ("phase", state.phase.value),
        ("indicator", _tiles([state.indicator])),
        ("scores", ints_text(state.scores)),
        ("opened", " ".join(o.value for o in state.opened)),
        ("pending", ints_text(state.pending)),
        ("open_at_start", str(int(state.open_at_start))),
        ("laid_off", str(int(state.laid_off))),
        ("layoffs", str(state.layoffs)),
        ("retracted", str(int(state.retracted))),
        ("taken", _taken_text(state)),
        ("freed", _tiles(state.freed)),
        ("hands", per_seat_text(map(_tiles, state.hands))),
        ("known", per_seat_text(map(_tiles, state.known))),
        ("piles", per_seat_text(map(_tiles, state.piles))),
        ("stock", _tiles(state.stock)),
        ("table", table_text(Kind.TILES, state.table, game.book.wilds(game.okey(state)))),
        ("fines", _fines_text([(f.seat, f.face) for f in state.fines])),
        ("results", records_text(map(_result_parts, state.results))),
    ]
    return position_text(GAME, fields)


def read_position(game: PositionGame, text: str) -> Okey101State:
    """The state written as ``text`` (the module docstring); raises :class:`NotationError` naming
    what is wrong."""
    r = PositionReader(text, GAME, KEYS, game.pieces, game.players)
    shown = r.get("indicator", lambda v, w: _indicator(r, v, w))
    (indicator,) = r.pool.take([shown])
    okey = okey_face(shown)
    wilds = game.book.wilds(okey)
    table = r.get("table", lambda v, w: r.table(v, w, game.meld_rules, wilds, allow_pair=True))
    hands = [r.pieces_of(hand) for hand in r.get("hands", r.per_seat)]
    piles = [r.pieces_of(pile) for pile in r.get("piles", r.per_seat)]
    stock = r.get("stock", r.pieces_of)
    r.all_placed()
    turn = r.get("turn", r.seat)
    known = [r.held(hand, k, "known") for hand, k in zip(hands, r.get("known", r.per_seat), strict=True)]
    opened = r.get("opened", lambda v, w: _opened(r, v, w))
    phase = Phase(r.get("phase", lambda v, w: r.word(v, w, [p.value for p in Phase])))
    pending = r.get("pending", lambda v, w: _pending(r, v, w, table, turn))
    if pending and (opened[turn] is not Opened.NONE or phase is Phase.DRAW):
        raise NotationError(r.fields["pending"], "okey_101.position_pending")
    _check_opened(r, table, opened, pending)
    # known last first: play adds the taken tile to the mover's known tiles, then freed okeys
    latest = [*known[turn][::-1], *(p for p in hands[turn] if p not in known[turn])]
    freed = r.get("freed", lambda v, w: r.held(latest, v, w))
    if any(FACES[p] != okey for p in freed):
        raise NotationError(r.fields["freed"], "okey_101.position_freed")
    rest = [p for p in latest if p not in freed]
    taken = r.get("taken", lambda v, w: _taken(r, v, w, table, pending, rest))
    return Okey101State(
        seed=r.get("seed", r.seed),
        round_no=r.get("round", lambda v, w: r.whole(v, w, low=1)),
        dealer=r.get("dealer", r.seat),
        scores=r.get("scores", r.per_seat_ints),
        results=r.get("results", lambda v, w: _results(game, r, v, w)),
        indicator=indicator,
        hands=hands,
        known=known,
        piles=piles,
        stock=stock,
        table=table,
        opened=opened,
        turn=turn,
        phase=phase,
        pending=pending,
        open_at_start=r.get("open_at_start", r.flag),
        laid_off=r.get("laid_off", r.flag),
        layoffs=r.get("layoffs", r.count),
        retracted=r.get("retracted", r.flag),
        taken=taken,
        freed=freed,
        fines=r.get("fines", lambda v, w: [_fine(game.rules, s, f, okey, v) for s, f in _fines(r, v, w)]),
    )


def _indicator(r: PositionReader, value: str, what: str) -> int:
    """An indicator's face (never a false joker)."""
    face = r.face(value, what)
    if face == JOKER:
        raise NotationError(value, "meld.false_joker_indicator")
    return face


def _opened(r: PositionReader, value: str, what: str) -> list[Opened]:
    """How each seat has opened, one word per seat."""
    words = r.tokens(value)
    if len(words) != r.players:
        raise NotationError(value, "position.per_seat_words", what=what, players=r.players)
    return [Opened(r.word(word, what, [o.value for o in Opened])) for word in words]


def _check_opened(
    r: PositionReader, table: Sequence[TableMeld], opened: Sequence[Opened], pending: Sequence[int]
) -> None:
    """Whether ``opened`` agrees with ``table``: a seat that has opened has on it a meld of the kind
    it opened with (a pair for ``pairs``, a set or run for ``melds``: melds stay down for the
    round), and a seat that has not opened none but its pending ones."""
    for seat, how in enumerate(opened):
        owned = [m for m in table if m.owner == seat and m.number not in pending]
        if how is Opened.NONE:
            if owned:
                raise NotationError(r.fields["opened"], "okey_101.position_unopened_melds", seat=seat)
        elif not any((m.kind is MeldKind.PAIR) == (how is Opened.PAIRS) for m in owned):
            raise NotationError(r.fields["opened"], "okey_101.position_opened_bare", seat=seat, how=how.value)


def _pending(r: PositionReader, value: str, what: str, table: Sequence[TableMeld], turn: int) -> list[int]:
    """The pending melds' numbers: the last melds of ``table``, in order, all seat ``turn``'s,
    pairs or sets and runs."""
    pending = r.ints(value, what)
    last = list(range(len(table) - len(pending) + 1, len(table) + 1))
    melds = table[len(table) - len(pending) :]
    if len(pending) > len(table) or pending != last or any(m.owner != turn for m in melds):
        raise NotationError(value, "okey_101.position_pending_last", what=what)
    if len({m.kind is MeldKind.PAIR for m in melds}) > 1:
        raise NotationError(value, "okey_101.position_pending_kind", what=what)
    return pending


def _taken(
    r: PositionReader,
    value: str,
    what: str,
    table: Sequence[TableMeld],
    pending: Sequence[int],
    hand: Sequence[int],
) -> int | None:
    """The taken tile: ``tile : hand``, the first copy in ``hand`` (the mover's, its latest known
    tiles first), or ``tile : N`` in pending meld ``N``."""
    if value == NONE:
        return None
    tile, place = r.parts(value, f"{what} (tile : hand, or tile : a pending meld's number)", 2)
    face = r.face(tile, what)
    if place == HAND:
        return r.held(hand, tile, what)[0]
    number = r.whole(place, what, 1)
    if number not in pending:
        raise NotationError(value, "okey_101.position_taken_place", what=what)
    piece = next((p for p in table[number - 1].pieces if FACES[p] == face), None)
    if piece is None:
        raise NotationError(value, "okey_101.position_meld_lacks", number=number, tile=tile)
    return piece


def _fines(r: PositionReader, value: str, what: str) -> list[tuple[int, int]]:
    """Fines as (seat, face), written ``seat tile`` each (``-``: none)."""
    tokens = r.tokens(value)
    if len(tokens) % 2:
        raise NotationError(value, "okey_101.position_fines", what=what)
    return [
        (r.seat(seat, what), r.face(tile, what)) for seat, tile in zip(tokens[::2], tokens[1::2], strict=True)
    ]


def _fine(rules: Okey101Rules, seat: int, face: int, okey: int, value: str) -> Fine:
    """The fine of ``seat`` for discarding ``face`` under ``rules``; raises :class:`NotationError`
    where the rules fine no such discard."""
    fine = fine_for(rules, seat, face, okey)
    if not fine.points:
        okey_fine = fine.kind is FineKind.OKEY
        raise NotationError(
            value, "okey_101.position_no_fine_okey" if okey_fine else "okey_101.position_no_fine_playable"
        )
    return fine


def _results(game: PositionGame, r: PositionReader, value: str, what: str) -> list[RoundResult]:
    """The past rounds of ``value``, their scores and notes worked out again under the rules."""
    return [
        _result(game, r, round_no, record) for round_no, record in enumerate(r.records(value, what), start=1)
    ]


def _result(game: PositionGame, r: PositionReader, round_no: int, record: str) -> RoundResult:
    """Round ``round_no`` as written in ``record`` (the module docstring)."""
    how, shown, discard_text, opened_text, fines_text, hands_text = r.parts(
        record, "a past round (how : indicator : finishing discard : opened : fines : hands)", RESULT_PARTS
    )
    words = how.split()
    okey = okey_face(_indicator(r, shown, "a past round's indicator"))
    hands = [r.faces(hand) for hand in r.per_seat(hands_text, "a past round's hands")]
    FacePool(game.pieces).take(f for hand in hands for f in hand)
    discard = r.maybe(discard_text, "a past round's finishing discard", r.face)
    if words[:1] == ["void"]:
        if words[1:] == ["stock"]:
            paired = None
        elif words[1:2] == ["pairs"] and len(words) == 3:
            paired = r.seat(words[2], "a past round's seat")
        else:
            raise NotationError(how, "okey_101.position_void")
        if (discard_text, opened_text, fines_text) != (NONE, NONE, NONE):
            raise NotationError(record, "okey_101.position_void_extras")
        return round_result(round_no, None, void_scored(game.players, paired), hands, okey, None)
    opened = _opened(r, opened_text, "a past round's opened")
    fines = [
        _fine(game.rules, s, f, okey, fines_text) for s, f in _fines(r, fines_text, "a past round's fines")
    ]
    if words == ["stock"]:
        if discard is not None:
            raise NotationError(record, "okey_101.position_stock_discard")
        finish = None
    elif len(words) == 2 and words[0] in ("out", "hand"):
        seat = r.seat(words[1], "a past round's finisher")
        if discard is None or hands[seat]:
            raise NotationError(record, "okey_101.position_finished", seat=seat)
        finish = Finish(seat, discard == okey, opened[seat] is Opened.PAIRS, words[0] == "hand")
    else:
        raise NotationError(how, "okey_101.position_round_end")
    scored = score_round(game.rules, hands, opened, okey, finish, fines)
    return round_result(round_no, None if finish is None else finish.seat, scored, hands, okey, discard)
