"""Kalooki position text: a whole match on one line, in the grammar of
:mod:`rummykit.engine.position` (``docs/engine.md`` "Position text"), e.g.::

    kalooki; seed 7; round 1; dealer 3; turn 0; phase play; scores 0 0 0 0; active 0 1 2 3;
    reshuffles 0; opened 0; pending -; next 3; laid_off 0; open_at_start 1; retracted 0; released -;
    hands 7H 8D KC / AS JK 5D / … / …; known - / JK / - / -;
    table 0 : 5H 6H JK[7H] 8H ~ 0 : 7S 7H JK[7D] 7C; discards 9S TS; stock …; results -

(all on one line). The fields, in this order: ``seed``; ``round``; ``dealer``; ``turn`` (the seat
to move); ``phase`` (``draw``, ``play``, ``over``); ``scores``; ``active`` (the seats still in the
match); ``reshuffles`` (of the discard pile into the stock this round); ``opened`` (the seats that
have opened this round); ``pending`` (the numbers of the melds laid this turn that don't open
yet); ``next`` (the next meld's number); ``laid_off`` (whether the mover laid off or released a
joker this turn, ``0`` or ``1``); ``open_at_start`` (whether the mover had opened when the turn
began); ``retracted`` (whether the mover took melds back this turn, ``0`` or ``1``);
``released`` (the jokers released this turn still in the mover's hand: the last jokers in it);
``hands`` and ``known`` (the cards of each hand everyone knows are there) per seat;
``table``: the melds in number order (1, 2, …), each record ``owner : cards`` with every joker
and what it stands for, in the order they lie; ``discards`` and ``stock``, bottom first (the last
card is the top); ``results``: the rounds played, oldest first, each record ``how : hands at the
end``, ``how`` being ``out S`` or ``hunt S`` (seat ``S`` went out; a hunt in the turn it opened)
or ``exhausted N`` (the stock ran out after ``N`` reshuffles). A result's scores and notes follow
from these under the rules (:func:`~rummykit.variants.kalooki.scoring.round_result`).
"""

from __future__ import annotations

from collections.abc import Iterable

from rummykit.core.melds import CARD_JOKERS
from rummykit.core.pieces import JOKER, Kind
from rummykit.engine.game import RoundResult
from rummykit.engine.piece_pool import FacePool
from rummykit.engine.position import (
    PositionReader,
    faces_text,
    ints_text,
    per_seat_text,
    position_text,
    records_text,
    table_text,
)
from rummykit.errors import NotationError
from rummykit.variants.kalooki.actions import MAX_MELDS
from rummykit.variants.kalooki.rules import DECKS, KalookiRules
from rummykit.variants.kalooki.scoring import ROUND_ENDS, round_result
from rummykit.variants.kalooki.state import KalookiState, KPhase

GAME = "kalooki"
KEYS = (
    "seed",
    "round",
    "dealer",
    "turn",
    "phase",
    "scores",
    "active",
    "reshuffles",
    "opened",
    "pending",
    "next",
    "laid_off",
    "open_at_start",
    "retracted",
    "released",
    "hands",
    "known",
    "table",
    "discards",
    "stock",
    "results",
)
"""The fields, in the order they are written."""


def _cards(pieces: Iterable[int]) -> str:
    return faces_text(Kind.CARDS, map(DECKS.face, pieces))


def _result_text(result: RoundResult) -> tuple[str, str]:
    if result.winner is None:
        how = f"exhausted {result.notes[0]['params']['reshuffles']}"
    else:
        how = f"{result.kind} {result.winner}"
    return how, per_seat_text(faces_text(Kind.CARDS, hand or ()) for hand in result.hands)


def write_position(state: KalookiState) -> str:
    """``state`` as position text (the module docstring)."""
    released = [p for p in dict.fromkeys(state.released) if p in state.hands[state.turn]]
    fields = [
        ("seed", str(state.seed)),
        ("round", str(state.round_no)),
        ("dealer", str(state.dealer)),
        ("turn", str(state.turn)),
        ("phase", state.phase.value),
        ("scores", ints_text(state.scores)),
        ("active", ints_text(state.active)),
        ("reshuffles", str(state.reshuffles)),
        ("opened", ints_text(sorted(state.opened))),
        ("pending", ints_text(state.pending)),
        ("next", str(state.next_number)),
        ("laid_off", str(int(state.laid_off))),
        ("open_at_start", str(int(state.open_at_start))),
        ("retracted", str(int(state.retracted))),
        ("released", _cards(released)),
        ("hands", per_seat_text(map(_cards, state.hands))),
        ("known", per_seat_text(map(_cards, state.known))),
        ("table", table_text(Kind.CARDS, state.table, CARD_JOKERS)),
        ("discards", _cards(state.pile)),
        ("stock", _cards(state.stock)),
        ("results", records_text(map(_result_text, state.results))),
    ]
    return position_text(GAME, fields)


def read_position(rules: KalookiRules, text: str) -> KalookiState:
    """The state written as ``text`` (the module docstring) under ``rules``; raises
    :class:`NotationError` naming what is wrong."""
    r = PositionReader(text, GAME, KEYS, DECKS, rules.players)
    scores = r.get("scores", r.per_seat_ints)
    hands = [r.pieces_of(hand) for hand in r.get("hands", r.per_seat)]
    table = r.get("table", lambda v, w: r.table(v, w, rules.meld_rules(), CARD_JOKERS))
    pile = r.get("discards", r.pieces_of)
    stock = r.get("stock", r.pieces_of)
    r.all_placed()
    active = r.get("active", r.seats)
    phase = KPhase(r.get("phase", lambda v, w: r.word(v, w, [p.value for p in KPhase])))
    turn = r.get("turn", r.seat)
    if turn not in active and phase is not KPhase.OVER:
        raise NotationError(r.fields["turn"], "kalooki_position_turn")
    numbers = {m.number for m in table}
    pending = r.get("pending", r.ints)
    if not set(pending) <= numbers:
        raise NotationError(r.fields["pending"], "kalooki_position_pending")
    known = r.get("known", r.per_seat)
    released = r.get("released", lambda v, w: r.held(hands[turn], v, w, last=True))
    if any(DECKS.face(p) != JOKER for p in released):
        raise NotationError(r.fields["released"], "kalooki_position_released")
    return KalookiState(
        seed=r.get("seed", r.seed),
        round_no=r.get("round", lambda v, w: r.whole(v, w, low=1)),
        dealer=r.get("dealer", r.seat),
        active=active,
        scores=scores,
        results=r.get("results", lambda v, w: _results(r, rules, v, w)),
        hands=hands,
        known=[r.held(hand, k, "known") for hand, k in zip(hands, known, strict=True)],
        pile=pile,
        stock=stock,
        table=table,
        next_number=r.get("next", lambda v, w: r.whole(v, w, len(table) + 1, MAX_MELDS + 1)),
        opened=set(r.get("opened", r.seats)),
        pending=pending,
        released=released,
        laid_off=r.get("laid_off", r.flag),
        open_at_start=r.get("open_at_start", r.flag),
        retracted=r.get("retracted", r.flag),
        phase=phase,
        turn=turn,
        reshuffles=r.get("reshuffles", r.count),
    )


def _results(r: PositionReader, rules: KalookiRules, value: str, what: str) -> list[RoundResult]:
    """The past rounds of ``value`` (their scores and notes worked out again)."""
    out = []
    for round_no, record in enumerate(r.records(value, what), start=1):
        how, hands_text = r.parts(record, "a past round (how : hands)", 2)
        words = how.split()
        if len(words) != 2 or words[0] not in ROUND_ENDS:
            raise NotationError(how, "kalooki_position_round_end")
        kind, number = words
        count = r.count(number, "a past round's number") if kind == "exhausted" else 0
        winner = None if kind == "exhausted" else r.seat(number, "a past round's winner")
        hands = [r.faces(hand) for hand in r.per_seat(hands_text, "a past round's hands")]
        FacePool(DECKS).take(f for hand in hands for f in hand)
        if winner is not None and hands[winner]:
            raise NotationError(record, "kalooki_position_out", seat=winner)
        out.append(round_result(round_no, winner, kind, count, hands, rules))
    return out
