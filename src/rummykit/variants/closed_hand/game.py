"""Closed-hand draw-and-discard games: nothing is melded until one player lays the whole hand down
at once, 14 pieces as sets and runs or seven pairs, discarding the 15th (Okey, Turkish Rummy).

:class:`ClosedHandState` is the plain data of a match (piece ids per place, the turn, scores, the
results so far); :class:`ClosedHandGame` is the state machine the two games share: legal actions,
drawing, taking, discarding, finishing (with the engine's or the player's arrangement), the stock
running out, ending rounds and the match, observations, resampling and position text. A variant
supplies the deal, which pile a seat takes from and discards to, the scores of a finish and of a
round without a winner, and any extra action (Okey's ``show``). Every piece id is in exactly one
place at all times.

Position text: :mod:`rummykit.variants.closed_hand.position` (the class mixes it in).
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any, NamedTuple, TypeVar

from rummykit.core.melds import Meld, MeldKind, Wilds, validate_meld
from rummykit.core.notation import format_face, format_faces
from rummykit.core.pieces import Kind, PieceSet
from rummykit.engine.determinise import observer, past_results
from rummykit.engine.events import Event
from rummykit.engine.game import (
    Game,
    Outcome,
    RoundResult,
    SharedViews,
    face_counts,
    first_wanted,
    fresh_seed,
    highest_wins,
)
from rummykit.engine.piece_pool import FacePool, pick
from rummykit.errors import IllegalActionError, MeldError, message_of
from rummykit.solvers.arrange import WinKind
from rummykit.solvers.report import HandProfile, whole_hand_kinds
from rummykit.variants.closed_hand import messages as _messages
from rummykit.variants.closed_hand.actions import (
    DISCARD_BASE,
    FINISH_BASE,
    N_FACE_IDS,
    NUM_ACTIONS,
    SHOW_ID,
    HandAction,
    Verb,
    action_from_id,
    parse_action,
    shape_problem,
)
from rummykit.variants.closed_hand.finish_search import finishes as finishing_discards
from rummykit.variants.closed_hand.position import ClosedHandPosition
from rummykit.variants.closed_hand.state import ClosedHandState, Phase

HAND_SIZE = 14
PAIRS_IN_A_FINISH = 7
MESSAGES = _messages.MESSAGES
"""The shared English templates (registered at import)."""

OPENING, DRAW, DISCARD = Phase.OPENING, Phase.DRAW, Phase.DISCARD
LAST_CHANCE, FINISH_ONLY, OVER = Phase.LAST_CHANCE, Phase.FINISH_ONLY, Phase.OVER
V_DRAW, V_TAKE, V_PASS = Verb.DRAW, Verb.TAKE, Verb.PASS
V_DISCARD, V_FINISH, V_SHOW = Verb.DISCARD, Verb.FINISH, Verb.SHOW
"""The phases and verbs as module names, read on every decision: ``Phase.DRAW`` looks the member
up through the enum's class on each use, which costs as much as the test it is in (callgrind).
Each named, so that no order of the enums' members can give a name another member."""
_DRAW_ACTION, _PASS_ACTION = HandAction(V_DRAW), HandAction(V_PASS)
"""The actions without a piece (equal to the legal ones whatever their piece kind)."""
FINISHING = (OPENING, DISCARD, FINISH_ONLY)
"""Phases in which the seat to move holds 15 pieces."""
_PHASE_TEXT = {phase: phase.value for phase in Phase}


S = TypeVar("S", bound=ClosedHandState)


class SeatView(NamedTuple):
    """What one seat (``None``: a spectator) may see of a closed-hand match, fields named as
    :meth:`ClosedHandGame.observe`'s keys (which are made from it). Lists of faces are ``bytes``,
    one byte a face (no Python loop over the pieces: piece ids are mapped to faces by
    ``bytes.translate``): ``hand`` (empty for a spectator), ``known`` and ``discards`` per seat or
    pile as everyone sees them, ``wilds``. ``takeable``: the face the seat to move may take;
    ``first_turn``: ``None`` for a spectator; ``aside``: the face set aside (the indicator, the up
    card); ``shown``: seats that showed the indicator's twin this round (Okey), in order. Fresh
    lists, the caller's to keep."""

    seat: int | None
    round: int
    to_move: int | None
    phase: str
    scores: list[int]
    hand: bytes
    hand_counts: list[int]
    stock_count: int
    known: list[bytes]
    order: list[int]
    wilds: bytes
    joker_as: int | None
    discards: list[bytes]
    takeable: int | None
    first_turn: bool | None
    aside: int
    shown: list[int]


@dataclass(frozen=True)
class FinishScore:
    """A score change: ``deltas`` per seat, a ``label`` (``normal``, ``pairs``, …) and its
    ``note`` (``{"code", "params"}``)."""

    deltas: list[int]
    label: str
    note: dict[str, Any]


class ClosedHandGame(ClosedHandPosition[S], Game[S, HandAction]):
    """The shared state machine of Okey and Turkish Rummy; see the module docstring.

    ``reveal_hands``: whether every hand is shown at a round's end (the local terminal client);
    otherwise only the winner's laid hand is.
    """

    pieces: PieceSet
    verbs: frozenset[Verb] = frozenset(Verb) - {V_SHOW}

    def __init__(self, rules: Any, reveal_hands: bool = False) -> None:
        self.rules = rules
        self.players = rules.players
        self.reveal_hands = reveal_hands
        self.num_actions = NUM_ACTIONS
        self.solver_profile: HandProfile = rules.hand_profile()
        self.piece_word = "tile" if self.pieces.kind is Kind.TILES else "card"

        self._faces = tuple(self.pieces.face(p) for p in range(self.pieces.size))
        self._face_table = bytes(self._faces).ljust(256, b"\0")
        """``bytes.translate`` table: piece id -> face (every id and face fits in a byte)."""
        kind = self.pieces.kind
        self._names = tuple(format_face(kind, f) for f in range(N_FACE_IDS))
        self._by_id = tuple(action_from_id(i, kind) for i in range(SHOW_ID))
        """The action of every id but ``show`` (immutable values, shared by every call)."""
        self._results = SharedViews(self.public_result)

    # ------------------------------------------------------------------ round set-up

    def revealing_hands(self) -> ClosedHandGame[S]:
        """The same game with ``reveal_hands`` (every hand shown at a round's end)."""
        return type(self)(self.rules, reveal_hands=True)

    def _start_round(self, state: S) -> None:
        """Deal a new round (the variant's :meth:`_deal`) and reset the turn's bookkeeping."""
        state.round_no += 1
        state.racks = [[] for _ in range(self.players)]
        state.known = [[] for _ in range(self.players)]
        state.discards = []
        state.stock = []
        state.order = list(range(self.players))
        state.turn = 0
        state.phase = DRAW
        state.taken = None
        state.discarded = set()
        self._deal(state)

    @abstractmethod
    def _deal(self, state: S) -> None:
        """Shuffle and deal: fill racks, stock, discard piles, ``order``, ``turn``, ``phase``,
        ``wilds`` and the variant's own round fields."""

    @abstractmethod
    def _take_pile(self, state: S) -> int:
        """Index of the discard pile the seat to move may take from."""

    @abstractmethod
    def _discard_pile(self, seat: int) -> int:
        """Index of the discard pile ``seat`` discards onto."""

    @abstractmethod
    def _score_finish(self, state: S, seat: int, discard: int, kind: WinKind) -> FinishScore:
        """Score changes of ``seat`` finishing with face ``discard`` laid down as ``kind``."""

    @abstractmethod
    def _score_no_winner(self, state: S) -> FinishScore:
        """Score changes when the stock runs out and no one finishes (void round, stalemate)."""

    @abstractmethod
    def _match_over(self, state: S) -> bool:
        """Whether the match ends after the round just scored."""

    def _bonuses(self, state: S) -> list[FinishScore]:
        """Score changes made during the round (already in ``scores``; Okey's indicator bonus)."""
        return []

    def _round_end_bonus(self, state: S) -> FinishScore | None:
        """Score changes applied at every round's end, whoever won (Turkish Rummy's up card)."""
        return None

    def _forbid_rediscard(self) -> bool:
        """Whether the piece just taken from a discard pile may not be discarded again."""
        return False

    # ------------------------------------------------------------------ seats and pieces
    def next_seat(self, state: S, seat: int) -> int:
        """The seat after ``seat`` in this round's order of play."""
        order = state.order
        return order[(order.index(seat) + 1) % self.players]

    def previous_seat(self, state: S) -> int:
        """The seat that played before the seat to move."""
        order = state.order
        return order[(order.index(state.turn) - 1) % self.players]

    def face(self, piece: int) -> int:
        """The face of piece id ``piece``."""
        return self._faces[piece]

    def faces(self, pieces: Iterable[int]) -> list[int]:
        """Faces of piece ids."""
        return list(bytes(pieces).translate(self._face_table))

    def name(self, face: int) -> str:
        """Notation of ``face``."""
        return self._names[face]

    def takeable(self, state: S) -> int | None:
        """The piece id the seat to move may take now, if any."""
        pile = self._takeable_pile(state)
        return None if pile is None else state.discards[pile][-1]

    def _takeable_pile(self, state: S) -> int | None:
        """The discard pile the seat to move may take a piece from now, if any."""
        if state.phase is not DRAW and state.phase is not LAST_CHANCE:
            return None
        pile = self._take_pile(state)
        return pile if state.discards[pile] else None

    def finishes(self, state: S, rack: Sequence[int], taken: int | None = None) -> dict[int, list[WinKind]]:
        """Faces whose discard from a 15-piece ``rack`` leaves a winning 14, with the win kinds;
        with ``forbid_rediscard_taken``, never the very piece ``taken``."""
        found = finishing_discards(self.solver_profile, self.faces(rack), state.wilds)
        return {f: kinds for f, kinds in found.items() if self._discardable(rack, f, taken)}

    def _finishes_with(self, state: S, rack: Sequence[int], face: int, taken: int | None) -> bool:
        """Whether discarding ``face`` from ``rack`` leaves a winning 14."""
        rest = self.faces(rack)
        if face not in rest or not self._discardable(rack, face, taken):
            return False
        rest.remove(face)
        return bool(whole_hand_kinds(self.solver_profile, rest, state.wilds))

    def _discardable(self, rack: Sequence[int], face: int, taken: int | None) -> bool:
        """Whether a piece of ``face`` may be discarded from ``rack`` after taking ``taken``."""
        if taken is None or not self._forbid_rediscard():
            return True
        table = self._faces
        return any(table[p] == face and p != taken for p in rack)

    # ------------------------------------------------------------------ protocol
    def current_seat(self, state: S) -> int | None:
        """The seat to move, ``None`` once the match is over."""
        return None if state.phase is OVER else state.turn

    def _action(self, verb: Verb, face: int | None = None) -> HandAction:
        return HandAction(verb, face, kind=self.pieces.kind)

    def _shared_legal_ids(self, state: S) -> list[int]:
        """The ids of the legal shared actions (all but the variant's extras) of the seat to move,
        ascending; the match is not over."""
        phase = state.phase
        if phase is DRAW:
            ids = [0] if state.stock else []
            if state.discards[self._take_pile(state)]:
                ids.append(1)
            return ids
        if phase is LAST_CHANCE:
            return [1, 2]
        rack = state.racks[state.turn]
        faces = self.faces(rack)
        ids = []
        if phase is not FINISH_ONLY:
            held = sorted(set(faces))
            taken = state.taken
            if taken is not None and self._forbid_rediscard() and faces.count(self._faces[taken]) == 1:
                held.remove(self._faces[taken])
            ids = [DISCARD_BASE + f for f in held]
        found = finishing_discards(self.solver_profile, faces, state.wilds)
        if found:
            ids += [FINISH_BASE + f for f in sorted(found) if self._discardable(rack, f, state.taken)]
        return ids

    def timeout_action(self, state: S, seat: int, first: bool, drawn: int | None) -> HandAction | None:
        """Draw at the start of the timed-out turn (never the discard), then discard the piece the
        timeout drew; with an empty stock pass; a turn that had drawn before the time ran out
        discards its first legal discard."""
        kind = self.pieces.kind
        return first_wanted(
            self.legal_actions(state, seat),
            [
                _DRAW_ACTION if first else None,
                None if drawn is None else HandAction(V_DISCARD, drawn, kind=kind),
                _PASS_ACTION,
                _DRAW_ACTION,
            ],
            lambda action: action.verb is V_DISCARD,
        )

    def legal_actions(self, state: S, seat: int) -> list[HandAction]:
        """The legal actions of ``seat`` (empty unless it is to move), in id order."""
        if state.phase is OVER or seat != state.turn:
            return []
        by_id = self._by_id
        actions = [by_id[i] for i in self._shared_legal_ids(state)]
        actions += self._extra_legal(state)
        return actions

    def _legal(self, state: S, action: HandAction) -> bool:
        """Whether ``action`` is legal for the seat to move (the check behind :meth:`legal_actions`,
        one action at a time)."""
        phase, verb = state.phase, action.verb
        if verb is V_DRAW:
            return phase is DRAW and bool(state.stock)
        if verb is V_TAKE:
            return phase is LAST_CHANCE or self.takeable(state) is not None
        if verb is V_PASS:
            return phase is LAST_CHANCE
        if verb is V_SHOW:
            return action in self._extra_legal(state)
        if phase not in FINISHING or action.face is None:
            return False
        rack = state.racks[state.turn]
        if verb is V_DISCARD:
            return (
                phase is not FINISH_ONLY
                and action.face in self.faces(rack)
                and self._discardable(rack, action.face, state.taken)
            )
        return self._finishes_with(state, rack, action.face, state.taken)

    def action_problem(self, action: object) -> str | None:
        """Why ``action`` is not a well-formed action of this game (:func:`shape_problem`: its
        pieces in this game's notation), or ``None``."""
        return shape_problem(action, self.pieces.kind)

    def _validate(self, state: S, seat: int, action: HandAction) -> None:
        """A finish with the player's own arrangement is checked first, so that a wrong one is
        explained (a piece missing, a group that is no meld) rather than only refused."""
        if action.verb not in self.verbs:
            raise IllegalActionError("not_an_action", verb=action.verb.value)
        if (
            action.verb is V_FINISH
            and action.groups
            and state.phase in FINISHING
            and action.face in self.faces(state.racks[seat])
        ):
            self._check_arrangement(state, action)
        if not self._legal(state, action):
            raise self._why_illegal(state, action)

    def _extra_legal(self, state: S) -> list[HandAction]:
        """Variant actions legal now besides the shared ones (Okey's ``show``)."""
        return []

    def _apply_extra(self, state: S, seat: int, action: HandAction) -> list[Event]:
        """Carry out a variant action (Okey's ``show``), already validated."""
        raise IllegalActionError("not_an_action", verb=action.verb.value)

    def _why_illegal(self, state: S, action: HandAction) -> IllegalActionError:
        """Why ``action`` is not legal now."""
        phase, rack = state.phase, self.faces(state.racks[state.turn])
        word = self.piece_word
        if action.face is not None and action.verb is not V_SHOW and action.face not in rack:
            return IllegalActionError("not_held", piece=self.name(action.face))
        if action.verb is V_DRAW or (action.verb is V_TAKE and phase is OPENING):
            code = {
                LAST_CHANCE: "last_chance_no_draw",
                OPENING: "first_turn_no_draw",
                DRAW: "stock_empty",
            }.get(phase, "drawn_already")
            return IllegalActionError(code, piece_word=word)
        if action.verb is V_TAKE:
            if phase in (DRAW, LAST_CHANCE):
                return IllegalActionError("nothing_to_take")
            return IllegalActionError("drawn_already", piece_word=word)
        if action.verb is V_PASS:
            return IllegalActionError("pass_last_chance_only")
        if action.verb is V_SHOW:
            return self._why_no_show(state, action)
        if phase in (DRAW, LAST_CHANCE):
            return IllegalActionError("draw_first", piece_word=word)
        assert action.face is not None
        name = self.name(action.face)
        if action.verb is V_DISCARD and phase is FINISH_ONLY:
            return IllegalActionError("finish_now")
        if action.verb is V_DISCARD:
            return IllegalActionError("no_rediscard", piece=name, piece_word=word)
        return IllegalActionError("no_finish", piece=name)

    def _why_no_show(self, state: S, action: HandAction) -> IllegalActionError:
        return IllegalActionError("no_show")

    # ------------------------------------------------------------------ actions as text and ids
    def parse_action(self, text: str) -> HandAction:
        """The action written as ``text`` (see :mod:`rummykit.variants.closed_hand.actions`)."""
        return parse_action(text, self.pieces.kind, self.verbs)

    def action_id(self, state: S, action: HandAction) -> int | None:
        """The integer id of ``action`` (see :mod:`rummykit.variants.closed_hand.actions`);
        ``None`` for a malformed action (:meth:`action_problem`)."""
        return None if shape_problem(action, self.pieces.kind) else action.id

    def action_from_id(self, state: S, seat: int, action_id: int) -> HandAction:
        """The action with integer id ``action_id`` in this round (legal or not)."""
        self._check_id(action_id)
        if action_id < SHOW_ID:
            return self._by_id[action_id]
        return action_from_id(action_id, self.pieces.kind, self._show_face(state))

    def _show_face(self, state: S) -> int | None:
        return None

    def legal_ids(self, state: S, seat: int) -> list[int]:
        """The ids of :meth:`legal_actions`, ascending."""
        if state.phase is OVER or seat != state.turn:
            return []
        return self._shared_legal_ids(state) + [a.id for a in self._extra_legal(state)]

    def apply_legal_id(self, state: S, seat: int, action_id: int) -> list[Event]:
        """Apply ``action_id``, one of :meth:`legal_ids` of ``seat`` in this very state, without
        checking its legality again (nor its range: an id below ``SHOW_ID`` is a shared action's,
        read as :meth:`action_from_id` reads it)."""
        if action_id < SHOW_ID:
            return self._apply(state, seat, self._by_id[action_id])
        return self._apply(state, seat, self.action_from_id(state, seat, action_id))

    # ------------------------------------------------------------------ applying
    def _remove_piece(self, state: S, face: int) -> int:
        """Take a piece of ``face`` out of the mover's rack (the first copy, not the piece just
        taken where it may not go again). ``known`` loses a copy of ``face`` whenever one could
        have been the piece that left, as everyone would conclude: the copy that left, else
        another known copy that could have left."""
        rack = state.racks[state.turn]
        table = self._faces
        candidates = [p for p in rack if table[p] == face]
        if self._forbid_rediscard() and state.taken in candidates and len(candidates) > 1:
            candidates.remove(state.taken)
        piece = candidates[0]
        rack.remove(piece)
        known = state.known[state.turn]
        if known:
            gone = next((p for p in candidates if p in known), None)
            if gone is not None:
                known.remove(gone)
        return piece

    def _apply(self, state: S, seat: int, action: HandAction) -> list[Event]:
        verb = action.verb
        laid = self._check_arrangement(state, action) if verb is V_FINISH and action.groups else None
        if verb is V_SHOW:
            return self._apply_extra(state, seat, action)
        if verb is V_DRAW:
            piece = state.stock.pop()
            state.racks[seat].append(piece)
            state.phase = DISCARD
            return [Event("drew", seat, {}, {"piece": self.name(self._faces[piece])})]
        if verb is V_TAKE:
            pile = self._take_pile(state)
            piece = state.discards[pile].pop()
            state.racks[seat].append(piece)
            state.known[seat].append(piece)
            state.taken = piece
            state.phase = FINISH_ONLY if state.phase is LAST_CHANCE else DISCARD
            return [Event("took", seat, {"piece": self.name(self._faces[piece]), "pile": pile})]
        if verb is V_PASS:
            return [Event("passed", seat), *self._end_round(state, None)]
        assert action.face is not None
        piece = self._remove_piece(state, action.face)
        state.discards[self._discard_pile(seat)].append(piece)
        state.discarded.add(seat)
        state.taken = None
        if verb is V_FINISH:
            return self._finish(state, seat, piece, laid)
        events = [Event("discarded", seat, {"piece": self.name(action.face)})]
        state.turn = self.next_seat(state, seat)
        if state.stock:
            state.phase = DRAW
            return events
        state.phase = LAST_CHANCE
        if self.finishes(state, [*state.racks[state.turn], piece], taken=piece):
            return events
        return events + self._end_round(state, None)

    def _check_arrangement(self, state: S, action: HandAction) -> list[Meld]:
        """The melds (or seven pairs) of a finishing arrangement given by the player; raises
        :class:`IllegalActionError` if it is not one."""
        assert action.groups is not None and action.face is not None
        kind = self.pieces.kind
        rest = Counter(self.faces(state.racks[state.turn]))
        rest[action.face] -= 1
        laid = Counter(f for g in action.groups for f, _ in g)
        if laid != +rest:
            missing = format_faces(kind, sorted((+rest - laid).elements())).split()
            extra = format_faces(kind, sorted((laid - +rest).elements())).split()
            code = "arrangement_" + "_".join(
                w for w, names in (("missing", missing), ("extra", extra)) if names
            )
            raise IllegalActionError(code, missing=missing, extra=extra)
        rules = self.solver_profile.meld_rules
        try:
            melds = [
                validate_meld([f for f, _ in g], rules, state.wilds, len(g) == 2, [d for _, d in g])
                for g in action.groups
            ]
        except MeldError as exc:
            raise IllegalActionError("bad_meld", reason=message_of(exc)) from None
        pairs = {m.kind is MeldKind.PAIR for m in melds}
        if pairs == {True} and len(melds) != PAIRS_IN_A_FINISH:
            raise IllegalActionError("pairs_finish_is_seven")
        if len(pairs) > 1:
            raise IllegalActionError("pairs_never_mixed")
        return melds

    def _finish(self, state: S, seat: int, piece: int, laid: list[Meld] | None) -> list[Event]:
        """End the round with ``seat``'s finish: its own ``laid`` melds, or else the engine's
        arrangement of the other 14 (seven pairs when possible: they score more)."""
        face = self._faces[piece]
        rest = self.faces(state.racks[seat])
        wilds = state.wilds
        if laid is None:
            solver = self.solver_profile.solver()
            pairs = WinKind.PAIRS in whole_hand_kinds(self.solver_profile, rest, wilds)
            laid = list((solver.pairs(rest, wilds) if pairs else solver.arrange(rest, wilds)).melds)
        finished = Event("finished", seat, {"piece": self.name(face)})
        return [finished, *self._end_round(state, seat, face, tuple(laid))]

    def _end_round(
        self, state: S, winner: int | None, discard: int | None = None, laid: tuple[Meld, ...] = ()
    ) -> list[Event]:
        """End the round (:meth:`_round_result`): apply its score changes but the bonuses made
        during the round (in the scores already), start the next round or end the match."""
        result = self._round_result(state, winner, discard, laid)
        bonuses = self._bonuses(state)
        made = [sum(deltas) for deltas in zip(*(b.deltas for b in bonuses), strict=True)] if bonuses else None
        for seat, delta in enumerate(result.deltas):
            state.scores[seat] += delta - (made[seat] if made else 0)
        state.results.append(result)
        summary = result.notes[len(bonuses)]
        params = {"round": state.round_no, "summary": summary, "result": self.public_result(result)}
        events = [Event("round_end", winner, params)]
        if self._match_over(state):
            state.phase = OVER
            return [*events, Event("match_over")]
        self._start_round(state)
        return events

    def _round_result(
        self, state: S, winner: int | None, discard: int | None, laid: tuple[Meld, ...]
    ) -> RoundResult:
        """The result of the round ``state`` is in, ended by ``winner`` discarding ``discard`` (a
        face) with ``laid`` laid down, or without a winner (a void round, a stalemate): the
        deltas include the bonuses made during the round; the notes are the bonuses', the
        finish's (or the round's without a winner) and the round end's, in that order. Reads
        only the round, the racks, the wilds and the game's own round fields (what a past
        round's position text holds)."""
        if winner is None or discard is None:
            score = self._score_no_winner(state)
        else:
            kind = WinKind.PAIRS if laid and laid[0].kind is MeldKind.PAIR else WinKind.MELDS
            score = self._score_finish(state, winner, discard, kind)
        parts = [*self._bonuses(state), score]
        extra = self._round_end_bonus(state)
        if extra is not None:
            parts.append(extra)
        total = [sum(deltas) for deltas in zip(*(p.deltas for p in parts), strict=True)]
        return RoundResult(
            state.round_no,
            winner,
            score.label,
            tuple(total),
            tuple(p.note for p in parts),
            tuple(tuple(self.faces(r)) for r in state.racks),
            tuple(sorted(state.wilds.faces)),
            discard,
            laid,
        )

    # ------------------------------------------------------------------ views
    def public_result(self, result: RoundResult) -> dict[str, Any]:
        """``result`` as JSON as every seat may see it: the hands only with ``reveal_hands``,
        else only the winner's (laid down for all to see)."""
        data = result.to_json()
        if not self.reveal_hands:
            data["hands"] = [h if s == result.winner else None for s, h in enumerate(data["hands"])]
        return data

    def _piles_seen(self, state: S) -> list[list[int]]:
        """The pieces of each discard pile everyone sees (variants may show only the tops)."""
        return state.discards

    def seat_view(self, state: S, seat: int | None) -> SeatView:
        """What ``seat`` may see (``None``: a spectator) as a :class:`SeatView`: the part of
        :meth:`observe` an observation encoder reads, without the rest of the dict (faces of piece
        ids by ``bytes.translate``, in comprehensions: no call a list)."""
        take_from = self._takeable_pile(state)
        table = self._face_table
        return SeatView(
            seat,
            state.round_no,
            None if state.phase is OVER else state.turn,
            _PHASE_TEXT[state.phase],
            list(state.scores),
            b"" if seat is None else bytes(state.racks[seat]).translate(table),
            list(map(len, state.racks)),
            len(state.stock),
            [bytes(k).translate(table) for k in state.known],
            list(state.order),
            bytes(sorted(state.wilds.faces)),
            state.wilds.joker_as,
            [bytes(pile).translate(table) for pile in self._piles_seen(state)],
            None if take_from is None else self._faces[state.discards[take_from][-1]],
            None if seat is None else seat not in state.discarded,
            self._faces[self._aside(state)],
            self._shown(state),
        )

    def _shown(self, state: S) -> list[int]:
        """Seats that showed the indicator's twin this round, in order (Okey)."""
        return []

    def observe(self, state: S, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator): the common keys of ``docs/engine.md``
        (``known``: per seat, the faces of the pieces everyone saw it take from a discard pile, or
        show, that it still holds) plus ``order``, ``wilds`` (faces), ``joker_as`` (the face a
        non-wild joker stands for), ``discards`` (faces per pile, bottom first), ``takeable`` (the
        face the seat to move may take) and ``takeable_from`` (its pile), ``first_turn`` (the
        viewer has not discarded yet; ``null`` for a spectator) and the variant's keys. The same
        view as :meth:`seat_view`, built as lists straight from its bytes."""
        table = self._face_table
        phase = state.phase
        take_from = self._takeable_pile(state)
        view = {
            "variant": self.variant,
            "seat": seat,
            "players": self.players,
            "round": state.round_no,
            "dealer": state.dealer,
            "to_move": None if phase is OVER else state.turn,
            "phase": _PHASE_TEXT[phase],
            "scores": list(state.scores),
            "hand": [] if seat is None else list(bytes(state.racks[seat]).translate(table)),
            "hand_counts": list(map(len, state.racks)),
            "stock_count": len(state.stock),
            "known": [list(bytes(k).translate(table)) for k in state.known],
            "last_result": self._results(state.results[-1]) if state.results else None,
            "order": list(state.order),
            "wilds": sorted(state.wilds.faces),
            "joker_as": state.wilds.joker_as,
            "discards": [list(bytes(pile).translate(table)) for pile in self._piles_seen(state)],
            "takeable": None if take_from is None else self._faces[state.discards[take_from][-1]],
            "takeable_from": take_from,
            "first_turn": None if seat is None else seat not in state.discarded,
        }
        view.update(self._observe_extra(state, seat))
        return view

    @abstractmethod
    def _observe_extra(self, state: S, seat: int | None) -> dict[str, Any]:
        """The variant's own observation keys."""

    def seen_counts(self, public: dict[str, Any]) -> list[int]:
        """Per face, the copies the spectators' view shows: the discard piles as everyone sees them
        (every discard, or only the tops with ``discard_history=top_only``), the piece set aside
        (Okey's indicator, Turkish Rummy's up card) and the pieces each seat is known to hold
        (taken from a pile, or shown)."""
        aside = self._observed_aside(public)
        return face_counts(chain([aside], *public["discards"], *public["known"]))

    # ------------------------------------------------------------------ results
    def outcome(self, state: S) -> Outcome | None:
        """Final scores and winners (highest score; ties share) once the match is over."""
        if state.phase is not OVER:
            return None
        return highest_wins(state.scores, len(state.results))

    returns_scale: float = 1.0
    """The points that make a return of 1 (see :meth:`returns`)."""

    def returns(self, state: S) -> list[float]:
        """Each seat's final score minus the mean of all final scores, divided by the variant's
        :attr:`returns_scale`; all zeros before the match is over."""
        if state.phase is not OVER:
            return [0.0] * self.players
        mean = sum(state.scores) / self.players
        return [(s - mean) / self.returns_scale for s in state.scores]

    # ------------------------------------------------------------------ search
    def resample(self, state: S, seat: int, rng: random.Random) -> S:
        """A copy of ``state`` with the pieces ``seat`` can't see (the other racks less their
        known pieces, and the stock) shuffled among those places; sizes, and all ``seat`` saw,
        kept (the piece taken this turn is known, so ``taken`` stays in its rack); a new seed
        (:func:`rummykit.engine.game.fresh_seed`), drawn from ``rng`` after the shuffle."""
        new = state.clone()
        slots: list[tuple[list[int], int]] = []
        unseen: list[int] = []
        for other, rack in enumerate(new.racks):
            if other == seat:
                continue
            known = set(new.known[other])
            for i, piece in enumerate(rack):
                if piece not in known:
                    slots.append((rack, i))
                    unseen.append(piece)
        slots += [(new.stock, i) for i in range(len(new.stock))]
        unseen += new.stock
        rng.shuffle(unseen)
        for (place, i), piece in zip(slots, unseen, strict=True):
            place[i] = piece
        new.seed = fresh_seed(rng)
        return new

    def determinise(self, observation: dict[str, Any], rng: random.Random) -> S:
        """A state that ``observation``'s seat can't tell from the true one: what it sees placed
        as it sees it, and the pieces it can't see (the other racks less their known pieces, the
        stock, a discard pile's buried pieces when only tops are shown) dealt at random from
        ``rng`` into those places; a new seed (:func:`fresh_seed`), drawn after the deal.

        ``observe(state, seat)`` of the result equals ``observation``. What an observation lacks
        is filled in as follows: the piece taken this turn is not marked (so a piece that may not
        be discarded again is legal in the copy; a search applies only the true legal actions at
        the root); the seats that have discarded this round are those before ``seat`` in the
        order while it is on its first turn, else every seat (exact when ``seat`` is to move);
        rounds before the last are void results with no score change (the scores are the
        observation's).
        Raises ``ValueError`` for a spectator's observation or one of another game or table size."""
        seat = observer(self, observation)
        pool = FacePool(self.pieces)
        state = self._empty_state(0)
        state.round_no = observation["round"]
        state.dealer = observation["dealer"]
        state.scores = list(observation["scores"])
        n = self.players
        state.results = past_results(observation["last_result"])
        state.order = list(observation["order"])
        state.phase = Phase(observation["phase"])
        to_move = observation["to_move"]
        state.turn = seat if to_move is None else to_move
        state.wilds = Wilds(frozenset(observation["wilds"]), observation["joker_as"])
        aside = pool.take([self._observed_aside(observation)])[0]
        self._observed_fields(state, observation, aside)
        known = [[] if s == seat else pool.take(k) for s, k in enumerate(observation["known"])]
        state.racks = [pool.take(observation["hand"]) if s == seat else list(known[s]) for s in range(n)]
        known[seat] = pick(state.racks[seat], self.face, observation["known"][seat])
        state.known = known
        state.discards = [pool.take(p) for p in observation["discards"]]
        unseen = pool.unused()
        rng.shuffle(unseen)
        for s in range(n):
            missing = observation["hand_counts"][s] - len(state.racks[s])
            state.racks[s] += [unseen.pop() for _ in range(missing)]
        state.stock = [unseen.pop() for _ in range(observation["stock_count"])]
        piles = [p for p in state.discards if p]
        for i, piece in enumerate(unseen):
            piles[i % len(piles)].insert(0, piece)
        first_turn = observation["first_turn"]
        state.discarded = set(state.order[: state.order.index(seat)]) if first_turn else set(range(n))
        state.seed = fresh_seed(rng)
        return state

    @abstractmethod
    def _observed_aside(self, observation: dict[str, Any]) -> int:
        """The face of the piece set aside, as an observation shows it."""

    @abstractmethod
    def _observed_fields(self, state: S, observation: dict[str, Any], aside: int) -> None:
        """Set the variant's own fields of ``state`` from ``observation`` (its piece set aside is
        the id ``aside``)."""

    def piece_groups(self, state: S) -> Iterable[Sequence[int]]:
        """The stock, the racks, the discard piles and the piece set aside."""
        return [state.stock, *state.racks, *state.discards, [self._aside(state)]]
