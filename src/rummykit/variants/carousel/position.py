"""Carousel position text: a whole match on one line, hidden cards included, in the grammar of
:mod:`rummykit.engine.position` (``docs/engine.md`` "Position text"), e.g.::

    carousel; seed 7; round 2; dealer 1; turn 2; phase turn; scores 31 0 12 0; won 1 0 1 0;
    draws 1; melded_turn 0; melded 0 2; last off; hands 7H 8H JK / 2C 3C … / … / …; stock 4D … 9S;
    table 0 : 4H JK[5H] 6H ~ 2 : 9S 9D 9C; draft 4H 5H 6H | 9S 9D 9C : 5H : 1;
    history - : - : 0 ~ …; edits 2; results knock 0 : 7H / 2C 3C KD / … / … ~ stock : …;
    before_bonuses -

(all on one line). The fields, in this order: ``seed`` (with the round number it keys the deals
to come); ``round``; ``dealer``; ``turn`` (the seat to move); ``phase`` (``turn`` or ``over``);
``scores``; ``won`` (rounds won per seat); ``draws`` (this turn's); ``melded_turn`` (whether the
mover melded this turn, ``0`` or ``1``); ``melded`` (the seats that melded this round); ``last``:
``off`` until the stock runs out, then the seats still to take their last turn (``-``: none);
``hands`` per seat; ``stock`` (the next card drawn is the last); ``table``: the melds in order,
each record ``owner : cards`` in meld order, every joker with its declared card; ``draft`` (``-``
until this turn's first edit): the record ``melds : hand cards placed : jokers freed and not
placed again``, the melds separated by ``|``; ``history``: the drafts before each edit, oldest
first, records as ``draft``; ``edits``: edits made since the last draw; ``results``: the rounds
played, oldest first, each record ``how : hands at the end``, ``how`` being ``knock S``,
``out S`` or ``stock`` (the stock ran out). A result's scores and notes follow from these under
the rules (:func:`~rummykit.variants.carousel.scoring.round_result`); ``before_bonuses``: ``-``
until the match's end, then the scores after the last round, before the match's bonuses (the
``scores`` have them added).
"""

from __future__ import annotations

from collections.abc import Iterable

from rummykit.core.melds import CARD_JOKERS
from rummykit.core.pieces import Kind, PieceSet
from rummykit.engine.game import RoundResult
from rummykit.engine.position import (
    MELD,
    NONE,
    PositionReader,
    declared_text,
    faces_text,
    ints_text,
    joined,
    per_seat_text,
    position_text,
    records_text,
    table_text,
)
from rummykit.errors import NotationError
from rummykit.variants.carousel.actions import Table
from rummykit.variants.carousel.draft import DraftTable
from rummykit.variants.carousel.rules import CarouselRules
from rummykit.variants.carousel.scoring import round_result
from rummykit.variants.carousel.state import CarouselState, CPhase

GAME = "carousel"
KEYS = (
    "seed",
    "round",
    "dealer",
    "turn",
    "phase",
    "scores",
    "won",
    "draws",
    "melded_turn",
    "melded",
    "last",
    "hands",
    "stock",
    "table",
    "draft",
    "history",
    "edits",
    "results",
    "before_bonuses",
)
"""The fields, in the order they are written."""
OFF = "off"
"""``last`` before the stock runs out."""
DRAFT_PARTS = 3
"""The parts of a draft: its melds, the hand cards placed, the jokers freed."""


def _draft_parts(draft: DraftTable) -> tuple[str, str, str]:
    melds = joined(MELD, (declared_text(Kind.CARDS, m) for m in draft.melds))
    return melds, faces_text(Kind.CARDS, draft.used), str(draft.floating)


def _result_parts(result: RoundResult) -> tuple[str, str]:
    seat = result.notes[0]["params"].get("seat")
    how = f"{result.kind} {seat}" if result.kind in ("knock", "out") else "stock"
    return how, per_seat_text(faces_text(Kind.CARDS, hand or ()) for hand in result.hands)


def write_position(pieces: PieceSet, s: CarouselState) -> str:
    """``s`` as position text (the module docstring); ``pieces`` are the game's cards."""

    def cards(ids: Iterable[int]) -> str:
        return faces_text(Kind.CARDS, map(pieces.face, ids))

    fields = [
        ("seed", str(s.seed)),
        ("round", str(s.round_no)),
        ("dealer", str(s.dealer)),
        ("turn", str(s.turn)),
        ("phase", s.phase.value),
        ("scores", ints_text(s.scores)),
        ("won", ints_text(s.rounds_won)),
        ("draws", str(s.draws)),
        ("melded_turn", str(int(s.melded_turn))),
        ("melded", ints_text(sorted(s.melded))),
        ("last", OFF if s.last_queue is None else ints_text(s.last_queue)),
        ("hands", per_seat_text(map(cards, s.hands))),
        ("stock", cards(s.stock)),
        ("table", table_text(Kind.CARDS, s.table, CARD_JOKERS)),
        ("draft", NONE if s.draft is None else records_text([_draft_parts(s.draft)])),
        ("history", records_text(map(_draft_parts, s.draft_history))),
        ("edits", str(s.draft_edits)),
        ("results", records_text(map(_result_parts, s.results))),
        ("before_bonuses", NONE if s.before_bonuses is None else ints_text(s.before_bonuses)),
    ]
    return position_text(GAME, fields)


def read_position(rules: CarouselRules, pieces: PieceSet, text: str) -> CarouselState:
    """The state written as ``text`` under ``rules`` (``pieces`` the game's cards); raises
    :class:`NotationError` naming what is wrong."""
    r = PositionReader(text, GAME, KEYS, pieces, rules.players)

    def draft(value: str, what: str) -> DraftTable:
        melds_text, used, floating = r.parts(
            value, f"{what} (melds : hand cards placed : jokers freed)", DRAFT_PARTS
        )
        melds: Table = tuple(tuple(r.declared(m, what)) for m in r.split(melds_text, MELD, what))
        return DraftTable(melds, tuple(sorted(r.faces(used, what))), r.count(floating, what))

    def results(value: str, what: str) -> list[RoundResult]:
        out = []
        for round_no, record in enumerate(r.records(value, what), start=1):
            how, hands = r.parts(record, "a past round (how : hands)", 2)
            words = how.split()
            if (words[:1], len(words)) not in ((["knock"], 2), (["out"], 2), (["stock"], 1)):
                raise NotationError(how, "carousel.position_round_end")
            actor = r.seat(words[1], "a past round's seat") if len(words) == 2 else None
            faces = [r.faces(hand) for hand in r.per_seat(hands, "a past round's hands")]
            knocker = actor if words[0] == "knock" else None
            went_out = actor if words[0] == "out" else None
            out.append(round_result(round_no, faces, knocker, went_out, rules)[0])
        return out

    scores = r.get("scores", r.per_seat_ints)
    hands = [r.pieces_of(hand) for hand in r.get("hands", r.per_seat)]
    table = r.get("table", lambda v, w: r.table(v, w, rules.meld_rules(), CARD_JOKERS))
    stock = r.get("stock", r.pieces_of)
    r.all_placed()
    return CarouselState(
        seed=r.get("seed", r.seed),
        round_no=r.get("round", lambda v, w: r.whole(v, w, low=1)),
        dealer=r.get("dealer", r.seat),
        phase=CPhase(r.get("phase", lambda v, w: r.word(v, w, [p.value for p in CPhase]))),
        hands=hands,
        stock=stock,
        table=table,
        melded=set(r.get("melded", r.seats)),
        last_queue=r.get("last", lambda v, w: None if v == OFF else r.seats(v, w)),
        turn=r.get("turn", r.seat),
        draws=r.get("draws", r.count),
        melded_turn=r.get("melded_turn", r.flag),
        scores=scores,
        rounds_won=r.get("won", r.per_seat_ints),
        results=r.get("results", results),
        draft=r.get("draft", lambda v, w: r.maybe(v, w, draft)),
        draft_history=r.get("history", lambda v, w: [draft(d, w) for d in r.records(v, w)]),
        draft_edits=r.get("edits", r.count),
        before_bonuses=r.get("before_bonuses", lambda v, w: r.maybe(v, w, r.per_seat_ints)),
    )
