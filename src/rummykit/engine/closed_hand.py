"""Closed-hand draw-and-discard games: nothing is melded until one player lays the whole hand down
at once, 14 pieces as sets and runs or seven pairs, discarding the 15th (Okey, Turkish Rummy).

:class:`ClosedHandGame` holds what these games share: racks, the stock, discard piles, the order of
play, the turn's phases, legal actions, finishing (with the engine's or the player's arrangement),
the stock running out, and ending rounds and the match. A variant supplies the deal, which pile a
seat takes from and discards to, the scores of a finish and of a round without a winner, and any
extra action (Okey's ``show``). Every piece id is in exactly one place at all times.
"""

from __future__ import annotations

from abc import abstractmethod
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from rummykit.core.melds import Meld, MeldKind, Wilds, validate_meld
from rummykit.core.notation import format_face, format_faces
from rummykit.core.pieces import Kind, PieceSet
from rummykit.engine.game import Event, Game, Outcome, RoundResult
from rummykit.engine.hand_actions import NUM_ACTIONS, HandAction, Verb, action_from_id, parse_action
from rummykit.errors import IllegalActionError, MeldError
from rummykit.solvers.arrange import WinKind
from rummykit.solvers.report import HandProfile
from rummykit.solvers.report import finishes as finishing_discards

HAND_SIZE = 14
PAIRS_IN_A_FINISH = 7


class Phase(StrEnum):
    """Where the seat to move is in its turn."""

    OPENING = "opening"
    """Okey's starter, first turn: 15 pieces, discard (or finish) without drawing."""
    DRAW = "draw"
    DISCARD = "discard"
    LAST_CHANCE = "last_chance"
    """The stock is empty: take the discard to finish with it, or pass (the round ends)."""
    FINISH_ONLY = "finish_only"
    OVER = "over"


@dataclass(frozen=True)
class ClosedHandObservation:
    """What one seat sees (faces throughout): its own rack and everything public.

    ``discards``: the discard piles, bottom first (Okey: one per seat; Turkish Rummy: one shared).
    ``takeable``: the piece the seat to move may take, from pile ``takeable_from``. ``wilds``: what
    is wild this round. ``dealer`` is ``None`` where the game has none.
    """

    seat: int
    players: int
    round_no: int
    dealer: int | None
    order: tuple[int, ...]
    to_move: int | None
    phase: Phase
    rack: tuple[int, ...]
    wilds: Wilds
    discards: tuple[tuple[int, ...], ...]
    stock_count: int
    rack_counts: tuple[int, ...]
    scores: tuple[int, ...]
    takeable: int | None
    takeable_from: int | None
    first_turn: bool
    last_result: RoundResult | None


Obs = TypeVar("Obs", bound=ClosedHandObservation)


@dataclass(frozen=True)
class FinishScore:
    """A finish's score change: ``deltas`` per seat, a ``label`` (``normal``, ``pairs``, …) and the
    explanation line."""

    deltas: list[int]
    label: str
    explanation: str


class ClosedHandGame(Game[HandAction, Obs]):
    """The shared state machine of Okey and Turkish Rummy; see the module docstring."""

    pieces: PieceSet
    verbs: frozenset[Verb] = frozenset(Verb) - {Verb.SHOW}

    def __init__(self, seed: int, players: int, profile: HandProfile, start_points: int) -> None:
        self.seed = seed
        self.players = players
        self.solver_profile = profile
        self.scores = [start_points] * players
        self.results: list[RoundResult] = []
        self.round_no = 0
        self.dealer: int | None = None
        self._legal: list[HandAction] | None = None

    # ------------------------------------------------------------------ round set-up
    def _start_round(self) -> None:
        """Deal a new round (the variant's :meth:`_deal`) and reset the turn's bookkeeping."""
        self.round_no += 1
        self.racks: list[list[int]] = [[] for _ in range(self.players)]
        self.discards: list[list[int]] = []
        self.stock: list[int] = []
        self.order: list[int] = list(range(self.players))
        self.turn = 0
        self.phase = Phase.DRAW
        self.taken: int | None = None
        self.discarded: set[int] = set()
        self.bonus_deltas = [0] * self.players
        self.bonus_notes: list[str] = []
        self.wilds = Wilds()
        self._deal()
        self._legal = None

    @abstractmethod
    def _deal(self) -> None:
        """Shuffle and deal: fill racks, stock, discard piles, ``order``, ``turn``, ``phase``, wilds."""

    @abstractmethod
    def _take_pile(self) -> int:
        """Index of the discard pile the seat to move may take from."""

    @abstractmethod
    def _discard_pile(self, seat: int) -> int:
        """Index of the discard pile ``seat`` discards onto."""

    @abstractmethod
    def _score_finish(self, seat: int, discard: int, kind: WinKind) -> FinishScore:
        """Score changes of ``seat`` finishing with face ``discard`` laid down as ``kind``."""

    @abstractmethod
    def _score_no_winner(self) -> FinishScore:
        """Score changes when the stock runs out and no one finishes (void round, stalemate)."""

    @abstractmethod
    def _match_over(self) -> bool:
        """Whether the match ends after the round just scored."""

    @abstractmethod
    def _out_of_play(self) -> list[int]:
        """Piece ids set aside for the round (the indicator, the up card)."""

    def _round_end_bonus(self) -> FinishScore | None:
        """Score changes applied at every round's end, whoever won (Turkish Rummy's up card)."""
        return None

    # ------------------------------------------------------------------ seats and pieces
    @property
    def hands(self) -> list[list[int]]:
        """Every seat's pieces (the racks), the same lists as ``racks``."""
        return self.racks

    def next_seat(self, seat: int) -> int:
        """The seat after ``seat`` in this round's order of play."""
        return self.order[(self.order.index(seat) + 1) % self.players]

    def previous_seat(self) -> int:
        """The seat that played before the seat to move."""
        return self.order[(self.order.index(self.turn) - 1) % self.players]

    def face(self, piece: int) -> int:
        """The face of piece id ``piece``."""
        return self.pieces.face(piece)

    def faces(self, pieces: list[int]) -> list[int]:
        """Faces of piece ids."""
        return [self.pieces.face(p) for p in pieces]

    def takeable(self) -> int | None:
        """The piece id the seat to move may take now, if any."""
        if self.phase not in (Phase.DRAW, Phase.LAST_CHANCE):
            return None
        pile = self.discards[self._take_pile()]
        return pile[-1] if pile else None

    def finishes(self, rack: list[int], taken: int | None = None) -> dict[int, list[WinKind]]:
        """Faces whose discard from a 15-piece ``rack`` leaves a winning 14, with the win kinds;
        with ``forbid_rediscard_taken``-style rules, never the very piece ``taken``."""
        found = finishing_discards(self.solver_profile, self.faces(rack), self.wilds)
        return {f: kinds for f, kinds in found.items() if self._discardable(rack, f, taken)}

    def _discardable(self, rack: list[int], face: int, taken: int | None) -> bool:
        """Whether a piece of ``face`` may be discarded from ``rack`` after taking ``taken``."""
        if not self._forbid_rediscard() or taken is None:
            return True
        return any(self.face(p) == face and p != taken for p in rack)

    def _forbid_rediscard(self) -> bool:
        """Whether the piece just taken from a discard pile may not be discarded again."""
        return False

    # ------------------------------------------------------------------ protocol
    @property
    def current_seat(self) -> int | None:
        """The seat to move, ``None`` once the match is over."""
        return None if self.phase is Phase.OVER else self.turn

    def is_terminal(self) -> bool:
        """Whether the match is over."""
        return self.phase is Phase.OVER

    def legal_actions(self) -> list[HandAction]:
        """The legal actions of the seat to move, in id order."""
        if self._legal is None:
            self._legal = sorted(self._compute_legal(), key=lambda a: a.id)
        return list(self._legal)

    def _action(self, verb: Verb, face: int | None = None) -> HandAction:
        return HandAction(verb, face, kind=self.pieces.kind)

    def _compute_legal(self) -> list[HandAction]:
        phase, rack = self.phase, self.racks[self.turn]
        out = self._extra_legal()
        if phase is Phase.DRAW:
            if self.stock:
                out.append(self._action(Verb.DRAW))
            if self.takeable() is not None:
                out.append(self._action(Verb.TAKE))
        elif phase is Phase.LAST_CHANCE:
            out += [self._action(Verb.TAKE), self._action(Verb.PASS)]
        elif phase in (Phase.OPENING, Phase.DISCARD, Phase.FINISH_ONLY):
            out += [self._action(Verb.FINISH, f) for f in self.finishes(rack, self.taken)]
            if phase is not Phase.FINISH_ONLY:
                faces = dict.fromkeys(self.faces(rack))
                out += [
                    self._action(Verb.DISCARD, f) for f in faces if self._discardable(rack, f, self.taken)
                ]
        return out

    def _validate(self, action: HandAction) -> None:
        """A finish with the player's own arrangement is checked first, so that a wrong one is
        explained (a piece missing, a group that is no meld) rather than only refused."""
        finishing = self.phase in (Phase.OPENING, Phase.DISCARD, Phase.FINISH_ONLY)
        rack = self.faces(self.racks[self.turn])
        if action.verb is Verb.FINISH and action.groups and finishing and action.face in rack:
            self._check_arrangement(action)
        super()._validate(action)

    def _extra_legal(self) -> list[HandAction]:
        """Variant actions legal now besides the shared ones (Okey's ``show``)."""
        return []

    def _apply_extra(self, action: HandAction) -> list[Event]:
        """Carry out a variant action (Okey's ``show``)."""
        raise IllegalActionError(f"{action.text()} is not an action of this game")

    def why_illegal(self, action: HandAction) -> str:
        """Why ``action`` is not legal now, in words."""
        phase, rack = self.phase, self.faces(self.racks[self.turn])
        kind = self.pieces.kind
        piece = "tile" if kind is Kind.TILES else "card"
        name = format_face(kind, action.face) if action.face is not None else ""
        if action.face is not None and action.verb is not Verb.SHOW and action.face not in rack:
            return f"you don't hold {name}"
        reasons = {
            Verb.DRAW: {
                Phase.LAST_CHANCE: "the stock is empty: take the discard to finish with it, or pass",
                Phase.OPENING: f"the starter's first turn has no draw: discard a {piece}",
                Phase.DRAW: "the stock is empty",
            }.get(phase, f"you have drawn already: discard a {piece} (or finish)"),
            Verb.TAKE: "there is no discard to take now"
            if phase in (Phase.DRAW, Phase.LAST_CHANCE)
            else f"you have drawn already: discard a {piece} (or finish)",
            Verb.PASS: "pass is only for the empty stock's last chance",
        }
        if action.verb in reasons:
            return reasons[action.verb]
        if action.verb not in self.verbs:
            return f"{action.verb.value} is not an action of this game"
        if action.verb is Verb.SHOW:
            return self._why_no_show(action)
        if phase in (Phase.DRAW, Phase.LAST_CHANCE):
            return f"draw or take a {piece} first"
        if action.verb is Verb.DISCARD and phase is Phase.FINISH_ONLY:
            return "you took the last discard to finish: finish now"
        if action.verb is Verb.DISCARD:
            return f"you may not discard {name}, the {piece} you just took"
        return f"finish {name} is not possible: the other 14 are not all sets and runs or seven pairs"

    def _why_no_show(self, action: HandAction) -> str:
        return "show is not possible now"

    def _observation_fields(self, seat: int, piles: tuple[tuple[int, ...], ...]) -> dict[str, object]:
        """The shared fields of ``seat``'s observation (variants add their own)."""
        takeable = self.takeable()
        return {
            "seat": seat,
            "players": self.players,
            "round_no": self.round_no,
            "dealer": self.dealer,
            "order": tuple(self.order),
            "to_move": self.current_seat,
            "phase": self.phase,
            "rack": tuple(self.faces(self.racks[seat])),
            "wilds": self.wilds,
            "discards": piles,
            "stock_count": len(self.stock),
            "rack_counts": tuple(len(r) for r in self.racks),
            "scores": tuple(self.scores),
            "takeable": None if takeable is None else self.face(takeable),
            "takeable_from": None if takeable is None else self._take_pile(),
            "first_turn": seat not in self.discarded,
            "last_result": self.results[-1] if self.results else None,
        }

    def outcome(self) -> Outcome | None:
        """Final scores and winners (highest score; ties share) once the match is over."""
        if not self.is_terminal():
            return None
        best = max(self.scores)
        winners = tuple(s for s, v in enumerate(self.scores) if v == best)
        return Outcome(tuple(self.scores), winners, len(self.results))

    def parse_action(self, text: str) -> HandAction:
        """The action written as ``text`` (see :mod:`rummykit.engine.hand_actions`)."""
        return parse_action(text, self.pieces.kind, self.verbs)

    def action_from_id(self, action_id: int) -> HandAction:
        """The action with integer id ``action_id`` in this round."""
        return action_from_id(action_id, self.pieces.kind, self._show_face())

    def _show_face(self) -> int | None:
        return None

    def legal_mask(self) -> list[bool]:
        """One flag per action id (``NUM_ACTIONS``): legal now or not."""
        mask = [False] * NUM_ACTIONS
        for action in self.legal_actions():
            mask[action.id] = True
        return mask

    # ------------------------------------------------------------------ applying
    def _remove_piece(self, face: int) -> int:
        rack = self.racks[self.turn]
        candidates = [p for p in rack if self.face(p) == face]
        if self._forbid_rediscard() and self.taken in candidates and len(candidates) > 1:
            candidates.remove(self.taken)
        piece = candidates[0]
        rack.remove(piece)
        return piece

    def _apply(self, action: HandAction) -> list[Event]:
        laid = self._check_arrangement(action) if action.verb is Verb.FINISH and action.groups else None
        seat = self.turn
        self._legal = None
        verb = action.verb
        if verb not in (Verb.DRAW, Verb.TAKE, Verb.PASS, Verb.DISCARD, Verb.FINISH):
            return self._apply_extra(action)
        if verb is Verb.DRAW:
            self.racks[seat].append(self.stock.pop())
            self.phase = Phase.DISCARD
            return [Event(seat, "draws from the stock")]
        if verb is Verb.TAKE:
            piece = self.discards[self._take_pile()].pop()
            self.racks[seat].append(piece)
            self.taken = piece
            self.phase = Phase.FINISH_ONLY if self.phase is Phase.LAST_CHANCE else Phase.DISCARD
            return [Event(seat, f"takes {format_face(self.pieces.kind, self.face(piece))}")]
        if verb is Verb.PASS:
            return self._end_round(None, self._score_no_winner())
        assert action.face is not None
        piece = self._remove_piece(action.face)
        self.discards[self._discard_pile(seat)].append(piece)
        self.discarded.add(seat)
        self.taken = None
        if verb is Verb.FINISH:
            return self._finish(seat, piece, laid)
        events = [Event(seat, f"discards {format_face(self.pieces.kind, action.face)}")]
        self.turn = self.next_seat(seat)
        if self.stock:
            self.phase = Phase.DRAW
            return events
        self.phase = Phase.LAST_CHANCE
        if self.finishes([*self.racks[self.turn], piece], taken=piece):
            return events
        return events + self._end_round(None, self._score_no_winner())

    def _check_arrangement(self, action: HandAction) -> list[Meld]:
        """The melds (or seven pairs) of a finishing arrangement given by the player; raises
        :class:`IllegalActionError` if it is not one."""
        assert action.groups is not None and action.face is not None
        kind = self.pieces.kind
        rest = Counter(self.faces(self.racks[self.turn]))
        rest[action.face] -= 1
        laid = Counter(f for g in action.groups for f, _ in g)
        if laid != +rest:
            missing = format_faces(kind, sorted((+rest - laid).elements()))
            extra = format_faces(kind, sorted((laid - +rest).elements()))
            raise IllegalActionError(
                "the arrangement must lay down exactly the other 14"
                + (f"; missing {missing}" if missing else "")
                + (f"; not yours to lay {extra}" if extra else "")
            )
        rules = self.solver_profile.meld_rules
        try:
            melds = [
                validate_meld([f for f, _ in g], rules, self.wilds, len(g) == 2, [d for _, d in g])
                for g in action.groups
            ]
        except MeldError as exc:
            raise IllegalActionError(str(exc)) from None
        pairs = {m.kind is MeldKind.PAIR for m in melds}
        if pairs == {True} and len(melds) != PAIRS_IN_A_FINISH:
            raise IllegalActionError("a pairs finish is seven pairs")
        if len(pairs) > 1:
            raise IllegalActionError("pairs and sets/runs are never mixed in one finish")
        return melds

    def _finish(self, seat: int, piece: int, laid: list[Meld] | None) -> list[Event]:
        """End the round with ``seat``'s finish: its own ``laid`` melds, or else the engine's
        arrangement of the other 14 (seven pairs when possible: they score more)."""
        face = self.face(piece)
        rest = self.faces(self.racks[seat])
        if laid is None:
            solver = self.solver_profile.solver()
            possible = finishing_discards(self.solver_profile, [*rest, face], self.wilds)[face]
            pairs = WinKind.PAIRS in possible
            laid = list((solver.pairs(rest, self.wilds) if pairs else solver.arrange(rest, self.wilds)).melds)
        kind = WinKind.PAIRS if laid and laid[0].kind is MeldKind.PAIR else WinKind.MELDS
        return self._end_round(seat, self._score_finish(seat, face, kind), face, tuple(laid))

    def _end_round(
        self, winner: int | None, score: FinishScore, discard: int | None = None, laid: tuple[Meld, ...] = ()
    ) -> list[Event]:
        """End the round: apply its score changes; the result's deltas include the bonuses."""
        scores = [score]
        extra = self._round_end_bonus()
        if extra is not None:
            scores.append(extra)
        total = list(self.bonus_deltas)
        for part in scores:
            for seat, delta in enumerate(part.deltas):
                self.scores[seat] += delta
                total[seat] += delta
        hands = tuple(tuple(self.faces(r)) for r in self.racks)
        notes = (*self.bonus_notes, *(p.explanation for p in scores))
        result = RoundResult(
            self.round_no,
            winner,
            score.label,
            tuple(total),
            notes,
            hands,
            self.wilds,
            discard,
            laid,
        )
        self.results.append(result)
        events = [Event(winner, score.explanation, result)]
        if self._match_over():
            self.phase = Phase.OVER
            self._legal = None
            return [*events, Event(None, "the match is over")]
        self._start_round()
        return events

    # ------------------------------------------------------------------ invariants
    def _piece_groups(self) -> Iterable[Iterable[int]]:
        return [self.stock, *self.racks, *self.discards, self._out_of_play()]
