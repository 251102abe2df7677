"""Position text of the closed-hand games (Okey, Turkish Rummy): a whole match on one line, in the
grammar of :mod:`rummykit.engine.position` (``docs/engine.md`` "Position text"), e.g.::

    okey; seed 7; round 2; dealer 2; turn 3; phase draw; indicator R5; taken -; order 3 0 1 2;
    discarded 0 1 2 3; scores 20 18 18 18; shown -; hands R1 R2 … / … / … / …;
    discards B2 / R7 / - / K9; stock …; known - / R7 / - / -;
    results R12 : 0 : B4 : R1 R2 R3 | K5 K6 K7 | … : - / Y3 Y9 … / … / … : -

(all on one line). The fields, in this order: ``seed``; ``round``; ``dealer`` (``-``: none);
``turn`` (the seat to move); ``phase`` (``opening``, ``draw``, ``discard``, ``last_chance``,
``finish_only``, ``over``); the piece set aside, named by the game (``indicator``, ``up``);
``taken``: the piece the mover took from a discard pile this turn (``-``: none); ``order``: this
round's order of play; ``discarded``: the seats that have discarded this round; ``scores``; the
game's own fields (Okey: ``shown``, Turkish Rummy: ``draws``); ``hands`` per seat; ``discards``
per pile (one per seat, or the one shared pile), bottom first; ``stock``, the last piece drawn
next; ``known``: per seat, the pieces everyone saw it take from a discard pile (or show) that it
still holds; ``results``: the rounds played, oldest first, one record each::

    <piece set aside> : <winner> : <finishing discard> : <laid melds> : <hands at the end> [: <own parts>]

(``-`` for no winner, discard or melds; the laid melds separated by ``|``, each wild with what it
stands for; Okey adds the seats that showed the indicator's twin). A result's scores and notes
follow from these under the rules, as the game works them out when the round ends. A piece set
aside written ``-`` changed nothing (Turkish Rummy's up card when it made nothing wild and no hand
held its twin).

Copies of one face are interchangeable: reading hands out ids in order of appearance; ``taken``
names the last copy of its face in the mover's hand (taken pieces go to the end), and ``known``
the piece taken (it is known), then the first copies of their faces, each face's copies named in
the order the hand holds them (as play adds them to both).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import ClassVar, Generic, TypeVar

from rummykit.core.melds import Meld, Wilds
from rummykit.core.pieces import N_FACES, PieceSet
from rummykit.engine.game import RoundResult
from rummykit.engine.piece_pool import FacePool
from rummykit.engine.position import (
    MELD,
    NONE,
    SEAT,
    PositionReader,
    faces_text,
    ints_text,
    joined,
    maybe_text,
    meld_text,
    per_seat_text,
    position_text,
    records_text,
)
from rummykit.errors import NotationError, RummykitError
from rummykit.solvers.report import HandProfile
from rummykit.variants.closed_hand.state import ClosedHandState, Phase

S = TypeVar("S", bound=ClosedHandState)

HEAD = ("seed", "round", "dealer", "turn", "phase")
"""The first fields, then the piece set aside and :data:`TURN`."""
TURN = ("taken", "order", "discarded", "scores")
PLACES = ("hands", "discards", "stock", "known", "results")
"""The last fields, after the game's own."""
RESULT_PARTS = 5
"""The parts of a past round every closed-hand game writes (then the game's own)."""


class ClosedHandPosition(ABC, Generic[S]):
    """:meth:`position` and :meth:`from_position` of a closed-hand game (the module docstring),
    over the hooks each game supplies: its piece set aside, its own fields and its own parts of a
    past round."""

    variant: ClassVar[str]
    players: int
    pieces: PieceSet
    solver_profile: HandProfile
    aside_name: str
    """The name of the piece set aside (``indicator``, ``up``)."""
    has_dealer: bool = True
    """Whether a round has a dealer (a seat), else ``dealer`` is ``-``."""
    position_keys: tuple[str, ...] = ()
    """The game's own fields, written after ``scores``."""
    result_parts: int = 0
    """How many parts of its own a past round has, after the hands."""

    @abstractmethod
    def _empty_state(self, seed: int) -> S:
        """A state of this game before its first deal (no pieces placed, round 0)."""

    @abstractmethod
    def _empty_piles(self) -> list[list[int]]:
        """The discard piles before the deal (one per seat, or one shared)."""

    @abstractmethod
    def _aside(self, state: S) -> int:
        """The piece id set aside for the round (the indicator, the up card)."""

    @abstractmethod
    def _set_aside(self, state: S, piece: int) -> None:
        """Set piece id ``piece`` aside for the round of ``state``, and the round's wilds with it;
        raises :class:`~rummykit.errors.RummykitError` for a piece that can't be set aside."""

    @abstractmethod
    def _round_result(
        self, state: S, winner: int | None, discard: int | None, laid: tuple[Meld, ...]
    ) -> RoundResult:
        """The result of the round ``state`` is in, ended by ``winner`` discarding ``discard`` (a
        face) and laying ``laid`` down, or without a winner."""

    @abstractmethod
    def _result_aside(self, result: RoundResult) -> int | None:
        """The face of the piece set aside in the round of ``result``; ``None`` where it changed
        nothing."""

    def _position_fields(self, state: S) -> list[tuple[str, str]]:
        """The game's own fields (:attr:`position_keys`) of ``state``."""
        return []

    def _read_position_fields(self, reader: PositionReader, state: S) -> None:
        """Set the game's own fields of ``state`` from ``reader``."""

    def _result_extra(self, result: RoundResult) -> list[str]:
        """The game's own parts (:attr:`result_parts`) of a past round."""
        return []

    def _read_result_extra(self, reader: PositionReader, state: S, parts: list[str]) -> None:
        """Set the game's own fields of ``state``, the round of a past result, from its ``parts``."""

    # ------------------------------------------------------------------ writing
    def position(self, state: S) -> str:
        """The whole state as one line (the module docstring)."""
        kind = self.pieces.kind
        face = self.pieces.face

        def pieces(ids: Iterable[int]) -> str:
            return faces_text(kind, map(face, ids))

        fields = [
            ("seed", str(state.seed)),
            ("round", str(state.round_no)),
            ("dealer", maybe_text(state.dealer)),
            ("turn", str(state.turn)),
            ("phase", state.phase.value),
            (self.aside_name, pieces([self._aside(state)])),
            ("taken", pieces([] if state.taken is None else [state.taken])),
            ("order", ints_text(state.order)),
            ("discarded", ints_text(sorted(state.discarded))),
            ("scores", ints_text(state.scores)),
            *self._position_fields(state),
            ("hands", per_seat_text(map(pieces, state.racks))),
            ("discards", per_seat_text(map(pieces, state.discards))),
            ("stock", pieces(state.stock)),
            ("known", per_seat_text(map(pieces, state.known))),
            ("results", records_text(map(self._result_text, state.results))),
        ]
        return position_text(self.variant, fields)

    def _result_text(self, result: RoundResult) -> list[str]:
        kind = self.pieces.kind
        aside = self._result_aside(result)
        wilds = Wilds(frozenset(result.wilds))
        discard = result.finishing_discard
        return [
            faces_text(kind, [] if aside is None else [aside]),
            maybe_text(result.winner),
            faces_text(kind, [] if discard is None else [discard]),
            joined(MELD, (meld_text(kind, m, wilds) for m in result.laid)),
            per_seat_text(faces_text(kind, hand or ()) for hand in result.hands),
            *self._result_extra(result),
        ]

    # ------------------------------------------------------------------ reading
    def from_position(self, text: str) -> S:
        """The state written as ``text`` by :meth:`position`; raises :class:`NotationError`
        naming what is wrong."""
        keys = (*HEAD, self.aside_name, *TURN, *self.position_keys, *PLACES)
        r = PositionReader(text, self.variant, keys, self.pieces, self.players)
        state = self._empty_state(r.get("seed", r.seed))
        state.scores = r.get("scores", r.per_seat_ints)
        state.racks = [r.pieces_of(hand) for hand in r.get("hands", r.per_seat)]
        state.round_no = r.get("round", r.count)
        state.dealer = r.get("dealer", r.seat) if self.has_dealer else r.get("dealer", r.none)
        state.turn = r.get("turn", r.seat)
        state.phase = Phase(r.get("phase", lambda v, w: r.word(v, w, [p.value for p in Phase])))
        r.get(self.aside_name, lambda v, w: self._set_aside(state, _one(r.pieces_of(v, w), v, w)))
        state.order = r.get("order", r.seats)
        if sorted(state.order) != list(range(self.players)):
            raise NotationError(r.fields["order"], "position.order", players=self.players)
        state.discarded = set(r.get("discarded", r.seats))
        self._read_position_fields(r, state)
        piles = len(self._empty_piles())
        state.discards = [r.pieces_of(p) for p in r.get("discards", lambda v, w: r.split(v, SEAT, w, piles))]
        state.stock = r.get("stock", r.pieces_of)
        taken = r.get("taken", lambda v, w: r.held(state.racks[state.turn], v, w, last=True))
        if len(taken) > 1:
            raise NotationError(r.fields["taken"], "position.one_piece_or_none", what="taken")
        state.taken = taken[0] if taken else None
        known = r.get("known", r.per_seat)
        state.known = [
            r.held(rack, k, "known", prefer=taken) for rack, k in zip(state.racks, known, strict=True)
        ]
        r.all_placed()
        records = r.get("results", r.records)
        state.results = [self._read_result(r, n, record) for n, record in enumerate(records, start=1)]
        return state

    def _read_result(self, r: PositionReader, round_no: int, record: str) -> RoundResult:
        """The past round ``round_no`` written as ``record`` (its score worked out again)."""
        parts = r.parts(record, "a past round", RESULT_PARTS + self.result_parts)
        aside, winner_text, discard_text, laid_text, hands = parts[:RESULT_PARTS]
        pool = FacePool(self.pieces)
        state = self._empty_state(0)
        state.round_no = round_no
        state.racks = [pool.take(r.faces(hand)) for hand in r.per_seat(hands, "a past round's hands")]
        self._read_result_extra(r, state, parts[RESULT_PARTS:])
        if aside == NONE:
            face = _unheld(self.pieces, state.racks, record)
        else:
            face = r.face(aside, f"a past round's {self.aside_name}")
        try:
            self._set_aside(state, pool.take([face])[0])
        except NotationError:
            raise
        except RummykitError as exc:
            raise NotationError.because(aside, exc) from None
        winner = r.maybe(winner_text, "a past round's winner", r.seat)
        discard = r.maybe(discard_text, "a past round's finishing discard", r.face)
        rules = self.solver_profile.meld_rules
        laid = tuple(
            r.meld(m, "a laid meld", rules, state.wilds, allow_pair=True)
            for m in r.split(laid_text, MELD, "melds")
        )
        if (winner is None) != (discard is None) or (winner is None) != (not laid):
            raise NotationError(record, "position.past_winner")
        return self._round_result(state, winner, discard, laid)


def _one(ids: list[int], value: str, what: str) -> int:
    if len(ids) != 1:
        raise NotationError(value, "position.one_piece", what=what)
    return ids[0]


def _unheld(pieces: PieceSet, racks: list[list[int]], record: str) -> int:
    """The first face (not a joker) that no rack holds: the piece set aside of a past round where
    it changed nothing."""
    held = {pieces.face(p) for rack in racks for p in rack}
    face = next((f for f in range(N_FACES) if f not in held), None)
    if face is None:
        raise NotationError(record, "position.aside_unheld")
    return face
