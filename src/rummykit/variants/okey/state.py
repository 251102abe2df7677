"""The Okey match as a state machine (``okey.md``: dealing, turns, finishing, bonus, scoring).

Seats are numbered 0..players-1; the next seat in playing direction is ``seat + 1`` for ``ccw``
(the player on your right) and ``seat - 1`` for ``cw``. Every piece (tile id 0..105) is in exactly
one place: the stock, a rack, a discard pile, or the indicator.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import StrEnum

from rummykit.core.melds import MeldKind, Wilds, okey_face, validate_meld
from rummykit.core.notation import format_face, format_faces
from rummykit.core.pieces import JOKER, OKEY_TILES, Kind, suit_of
from rummykit.engine.game import Event, Game, Outcome, RoundResult, round_rng
from rummykit.errors import IllegalActionError, MeldError
from rummykit.solvers.arrange import WinKind
from rummykit.solvers.report import finishes as finishing_discards
from rummykit.variants.okey.actions import NUM_ACTIONS, OkeyAction, Verb, action_from_id, parse_action
from rummykit.variants.okey.rules import HAND_SIZE, Direction, DiscardHistory, IndicatorBonus, OkeyRules

RED, BLACK = 0, 3


class Phase(StrEnum):
    """Where the seat to move is in its turn."""

    OPENING = "opening"
    """The starter's first turn: 15 tiles, discard (or finish) without drawing."""
    DRAW = "draw"
    DISCARD = "discard"
    LAST_CHANCE = "last_chance"
    """The stock is empty: take the previous discard to finish with it, or pass (void round)."""
    FINISH_ONLY = "finish_only"
    OVER = "over"


@dataclass(frozen=True)
class OkeyObservation:
    """What one seat sees (faces throughout): its own rack and everything public.

    ``discards``: each seat's discard pile, bottom first (only the top with
    ``discard_history=top_only``). ``takeable``: the tile the seat to move may take, if any.
    """

    seat: int
    players: int
    round_no: int
    dealer: int
    to_move: int | None
    phase: Phase
    rack: tuple[int, ...]
    indicator: int
    okey: int
    discards: tuple[tuple[int, ...], ...]
    stock_count: int
    rack_counts: tuple[int, ...]
    scores: tuple[int, ...]
    takeable: int | None
    first_turn: bool
    shown: tuple[int, ...]
    last_result: RoundResult | None


class OkeyGame(Game[OkeyAction, OkeyObservation]):
    """A whole Okey match under ``rules``, dealt from ``seed``."""

    variant = "okey"

    def __init__(self, rules: OkeyRules, seed: int) -> None:
        self.rules = rules
        self.seed = seed
        self.players = rules.players
        self.solver_profile = rules.hand_profile()
        self.scores = [rules.start_points] * self.players
        self.results: list[RoundResult] = []
        self.round_no = 0
        first = round_rng(seed, 0, "first dealer")
        rolls = [first.randint(1, 6) + first.random() for _ in range(self.players)]
        self.dealer = self._step(rolls.index(max(rolls)), -1)
        self._legal: list[OkeyAction] | None = None
        self._deal()

    # ------------------------------------------------------------------ seats and dealing
    def _step(self, seat: int, steps: int = 1) -> int:
        sign = 1 if self.rules.direction is Direction.CCW else -1
        return (seat + sign * steps) % self.players

    def next_seat(self, seat: int) -> int:
        """The seat after ``seat`` in playing direction."""
        return self._step(seat)

    def _deal(self) -> None:
        self.round_no += 1
        self.dealer = self._step(self.dealer)
        rng = round_rng(self.seed, self.round_no)
        tiles = list(range(OKEY_TILES.size))
        rng.shuffle(tiles)
        index = next(i for i, t in enumerate(tiles) if OKEY_TILES.face(t) != JOKER)
        self.indicator = tiles.pop(index)
        self.wilds: Wilds = self.rules.wilds(OKEY_TILES.face(self.indicator))
        starter = self._step(self.dealer)
        self.racks: list[list[int]] = [[] for _ in range(self.players)]
        for offset in range(self.players):
            seat = self._step(starter, offset)
            self.racks[seat] = [tiles.pop() for _ in range(HAND_SIZE)]
        self.racks[starter].append(tiles.pop())
        self.stock = tiles
        self.discards: list[list[int]] = [[] for _ in range(self.players)]
        self.turn = starter
        self.phase = Phase.OPENING
        self.taken: int | None = None
        self.discarded: set[int] = set()
        self.shown: set[int] = set()
        self.bonus_deltas = [0] * self.players
        self.bonus_notes: list[str] = []
        self._legal = None

    # ------------------------------------------------------------------ helpers
    def face(self, piece: int) -> int:
        """The face of tile id ``piece``."""
        return OKEY_TILES.face(piece)

    def faces(self, pieces: list[int]) -> list[int]:
        """Faces of tile ids."""
        return [OKEY_TILES.face(p) for p in pieces]

    @property
    def indicator_face(self) -> int:
        """The indicator tile's face this round."""
        return self.face(self.indicator)

    @property
    def okey(self) -> int:
        """The okey's face this round."""
        return okey_face(self.indicator_face)

    def previous_seat(self) -> int:
        """The seat that played before the seat to move."""
        return self._step(self.turn, -1)

    def takeable(self) -> int | None:
        """The tile id the seat to move may take (the previous seat's last discard), if any."""
        if self.phase not in (Phase.DRAW, Phase.LAST_CHANCE):
            return None
        pile = self.discards[self.previous_seat()]
        return pile[-1] if pile else None

    def finishes(self, rack: list[int]) -> dict[int, list[WinKind]]:
        """Faces whose discard from a 15-tile ``rack`` leaves a winning 14, with the win kinds."""
        return finishing_discards(self.solver_profile, self.faces(rack), self.wilds)

    def _can_show(self, seat: int) -> bool:
        return (
            self.rules.indicator_bonus is IndicatorBonus.FIRST_TURN
            and seat not in self.discarded
            and seat not in self.shown
            and self.indicator_face in self.faces(self.racks[seat])
        )

    # ------------------------------------------------------------------ protocol
    @property
    def current_seat(self) -> int | None:
        """The seat to move, ``None`` once the match is over."""
        return None if self.phase is Phase.OVER else self.turn

    def is_terminal(self) -> bool:
        """Whether the match is over."""
        return self.phase is Phase.OVER

    def legal_actions(self) -> list[OkeyAction]:
        """The legal actions of the seat to move, in id order."""
        if self._legal is None:
            self._legal = sorted(self._compute_legal(), key=lambda a: a.id)
        return list(self._legal)

    def _compute_legal(self) -> list[OkeyAction]:
        phase, rack = self.phase, self.racks[self.turn]
        out: list[OkeyAction] = []
        if phase is Phase.OVER:
            return out
        if self._can_show(self.turn) and phase in (Phase.OPENING, Phase.DRAW, Phase.DISCARD):
            out.append(OkeyAction(Verb.SHOW, self.indicator_face))
        if phase is Phase.DRAW:
            out.append(OkeyAction(Verb.DRAW))
            if self.takeable() is not None:
                out.append(OkeyAction(Verb.TAKE))
        elif phase is Phase.LAST_CHANCE:
            out += [OkeyAction(Verb.TAKE), OkeyAction(Verb.PASS)]
        elif phase in (Phase.OPENING, Phase.DISCARD, Phase.FINISH_ONLY):
            out += [OkeyAction(Verb.FINISH, f) for f in self.finishes(rack) if self._discardable(f)]
            if phase is not Phase.FINISH_ONLY:
                faces = dict.fromkeys(self.faces(rack))
                out += [OkeyAction(Verb.DISCARD, f) for f in faces if self._discardable(f)]
        return out

    def _discardable(self, face: int) -> bool:
        if not self.rules.forbid_rediscard_taken or self.taken is None:
            return True
        return any(self.face(p) == face and p != self.taken for p in self.racks[self.turn])

    def why_illegal(self, action: OkeyAction) -> str:
        """Why ``action`` is not legal now, in words."""
        phase, rack = self.phase, self.faces(self.racks[self.turn])
        name = format_face(Kind.TILES, action.face) if action.face is not None else ""
        if action.face is not None and action.verb is not Verb.SHOW and action.face not in rack:
            return f"you don't hold {name}"
        reasons = {
            Verb.DRAW: {
                Phase.LAST_CHANCE: "the stock is empty: take the discard to finish with it, or pass",
                Phase.OPENING: "the starter's first turn has no draw: discard a tile",
            }.get(phase, "you have drawn already: discard a tile (or finish)"),
            Verb.TAKE: "there is no discard to take now"
            if phase in (Phase.DRAW, Phase.LAST_CHANCE)
            else "you have drawn already: discard a tile (or finish)",
            Verb.PASS: "pass is only for the empty stock's last chance",
            Verb.SHOW: "you can show the indicator's twin only on your first turn, once, holding it",
        }
        if action.verb in reasons:
            return reasons[action.verb]
        if phase in (Phase.DRAW, Phase.LAST_CHANCE):
            return "draw or take a tile first"
        if action.verb is Verb.DISCARD and phase is Phase.FINISH_ONLY:
            return "you took the last discard to finish: finish now"
        if action.verb is Verb.DISCARD:
            return f"you may not discard {name}, the tile you just took"
        return f"finish {name} is not possible: the other 14 tiles are not all sets and runs or seven pairs"

    def observation(self, seat: int) -> OkeyObservation:
        """What ``seat`` sees: its own rack and public information only (``okey.md``)."""
        if self.rules.discard_history is DiscardHistory.VISIBLE:
            piles = tuple(tuple(self.faces(p)) for p in self.discards)
        else:
            piles = tuple(tuple(self.faces(p[-1:])) for p in self.discards)
        takeable = self.takeable()
        return OkeyObservation(
            seat=seat,
            players=self.players,
            round_no=self.round_no,
            dealer=self.dealer,
            to_move=self.current_seat,
            phase=self.phase,
            rack=tuple(self.faces(self.racks[seat])),
            indicator=self.indicator_face,
            okey=self.okey,
            discards=piles,
            stock_count=len(self.stock),
            rack_counts=tuple(len(r) for r in self.racks),
            scores=tuple(self.scores),
            takeable=None if takeable is None else self.face(takeable),
            first_turn=seat not in self.discarded,
            shown=tuple(sorted(self.shown)),
            last_result=self.results[-1] if self.results else None,
        )

    def outcome(self) -> Outcome | None:
        """Final scores and winners (highest score; ties share) once the match is over."""
        if not self.is_terminal():
            return None
        best = max(self.scores)
        winners = tuple(s for s, v in enumerate(self.scores) if v == best)
        return Outcome(tuple(self.scores), winners, len(self.results))

    def parse_action(self, text: str) -> OkeyAction:
        """The action written as ``text`` (see :mod:`rummykit.variants.okey.actions`)."""
        return parse_action(text)

    def action_text(self, action: OkeyAction) -> str:
        """Canonical text of ``action``."""
        return action.text()

    def action_from_id(self, action_id: int) -> OkeyAction:
        """The action with integer id ``action_id`` in this round."""
        return action_from_id(action_id, self.indicator_face)

    def legal_mask(self) -> list[bool]:
        """One flag per action id (``NUM_ACTIONS``): legal now or not."""
        mask = [False] * NUM_ACTIONS
        for action in self.legal_actions():
            mask[action.id] = True
        return mask

    # ------------------------------------------------------------------ applying
    def _take_piece(self, face: int) -> int:
        rack = self.racks[self.turn]
        candidates = [p for p in rack if self.face(p) == face]
        if self.rules.forbid_rediscard_taken and self.taken in candidates and len(candidates) > 1:
            candidates.remove(self.taken)
        piece = candidates[0]
        rack.remove(piece)
        return piece

    def _apply(self, action: OkeyAction) -> list[Event]:
        if action.verb is Verb.FINISH and action.groups is not None:
            kind = self._check_arrangement(action)
        else:
            kind = None
        seat = self.turn
        self._legal = None
        verb = action.verb
        if verb is Verb.SHOW:
            return self._show(seat)
        if verb is Verb.DRAW:
            self.racks[seat].append(self.stock.pop())
            self.phase = Phase.DISCARD
            return [Event(seat, "draws from the stock")]
        if verb is Verb.TAKE:
            piece = self.discards[self.previous_seat()].pop()
            self.racks[seat].append(piece)
            self.taken = piece
            self.phase = Phase.FINISH_ONLY if self.phase is Phase.LAST_CHANCE else Phase.DISCARD
            return [Event(seat, f"takes {format_face(Kind.TILES, self.face(piece))}")]
        if verb is Verb.PASS:
            return self._end_round(None, "void", [], "the stock ran out: the round is void")
        assert action.face is not None
        piece = self._take_piece(action.face)
        self.discards[seat].append(piece)
        self.discarded.add(seat)
        self.taken = None
        text = format_face(Kind.TILES, action.face)
        if verb is Verb.FINISH:
            return self._finish(seat, piece, kind)
        events = [Event(seat, f"discards {text}")]
        self.turn = self._step(seat)
        if self.stock:
            self.phase = Phase.DRAW
            return events
        self.phase = Phase.LAST_CHANCE
        if self.finishes([*self.racks[self.turn], piece]):
            return events
        return events + self._end_round(None, "void", [], "the stock ran out: the round is void")

    def _show(self, seat: int) -> list[Event]:
        self.shown.add(seat)
        points = self.rules.indicator_bonus_points * self._colour_factor()
        for other in range(self.players):
            if other != seat:
                self.scores[other] -= points
                self.bonus_deltas[other] -= points
        name = format_face(Kind.TILES, self.indicator_face)
        text = f"seat {seat} shows the indicator's twin {name}: every other player loses {points}"
        self.bonus_notes.append(text)
        return [Event(seat, text)]

    def _colour_factor(self) -> int:
        return 2 if self.rules.colour_double and suit_of(self.indicator_face) in (RED, BLACK) else 1

    def _check_arrangement(self, action: OkeyAction) -> WinKind:
        """Validate a finishing arrangement given by the player; raise if it is not one."""
        assert action.groups is not None and action.face is not None
        rest = Counter(self.faces(self.racks[self.turn]))
        rest[action.face] -= 1
        laid = Counter(f for g in action.groups for f in g)
        if laid != +rest:
            missing = format_faces(Kind.TILES, sorted((+rest - laid).elements()))
            extra = format_faces(Kind.TILES, sorted((laid - +rest).elements()))
            raise IllegalActionError(
                "the arrangement must lay down exactly the other 14 tiles"
                + (f"; missing {missing}" if missing else "")
                + (f"; not yours to lay {extra}" if extra else "")
            )
        rules = self.rules.meld_rules()
        try:
            melds = [validate_meld(g, rules, self.wilds, allow_pair=len(g) == 2) for g in action.groups]
        except MeldError as exc:
            raise IllegalActionError(str(exc)) from None
        kinds = {m.kind is MeldKind.PAIR for m in melds}
        if kinds == {True}:
            if len(melds) != 7:
                raise IllegalActionError("a pairs finish is seven pairs")
            return WinKind.PAIRS
        if kinds == {False}:
            return WinKind.MELDS
        raise IllegalActionError("pairs and sets/runs are never mixed in one finish")

    def _finish(self, seat: int, piece: int, kind: WinKind | None) -> list[Event]:
        rest = self.faces(self.racks[seat])
        possible = finishing_discards(self.solver_profile, [*rest, self.face(piece)], self.wilds)[
            self.face(piece)
        ]
        if kind is None:
            kind = WinKind.PAIRS if WinKind.PAIRS in possible else WinKind.MELDS
        okey_finish = self.wilds.is_wild(self.face(piece))
        rules = self.rules
        factors = []
        if okey_finish:
            factors.append(rules.okey_finish_multiplier)
        if kind is WinKind.PAIRS:
            factors.append(rules.pairs_multiplier)
        multiplier = 1
        if rules.stack_multipliers:
            for f in factors:
                multiplier *= f
        elif factors:
            multiplier = max(factors)
        loss = rules.points_normal * multiplier * self._colour_factor()
        deltas = [0 if s == seat else -loss for s in range(self.players)]
        label = {(False, False): "normal", (True, False): "okey", (False, True): "pairs"}.get(
            (okey_finish, kind is WinKind.PAIRS), "okey+pairs"
        )
        why = [f"seat {seat} finishes ({label}): every other player loses {rules.points_normal}"]
        if okey_finish:
            why.append(f"x{rules.okey_finish_multiplier} for finishing with an okey")
        if kind is WinKind.PAIRS:
            why.append(f"x{rules.pairs_multiplier} for seven pairs")
        if factors and not rules.stack_multipliers:
            why.append("multipliers don't stack: the larger applies")
        if self._colour_factor() == 2:
            why.append("x2 for a red or black indicator")
        if loss != rules.points_normal:
            why.append(f"= {loss}")
        return self._end_round(seat, label, deltas, " ".join(why))

    def _end_round(self, winner: int | None, kind: str, deltas: list[int], why: str) -> list[Event]:
        """End the round: apply ``deltas``; the result's deltas include the round's bonuses."""
        deltas = deltas or [0] * self.players
        for seat, delta in enumerate(deltas):
            self.scores[seat] += delta
        total = tuple(d + b for d, b in zip(deltas, self.bonus_deltas, strict=True))
        hands = tuple(tuple(self.faces(r)) for r in self.racks)
        result = RoundResult(self.round_no, winner, kind, total, (*self.bonus_notes, why), hands)
        self.results.append(result)
        events = [Event(winner, why, result)]
        rounds = self.rules.rounds
        done = len(self.results) >= rounds if rounds is not None else min(self.scores) <= 0
        if done:
            self.phase = Phase.OVER
            self._legal = None
            return [*events, Event(None, "the match is over")]
        self._deal()
        return events

    # ------------------------------------------------------------------ invariants
    def piece_places(self) -> Counter[int]:
        """How many times each tile id is somewhere (every id exactly once when consistent)."""
        places: Counter[int] = Counter(self.stock)
        for rack in self.racks:
            places.update(rack)
        for pile in self.discards:
            places.update(pile)
        places[self.indicator] += 1
        return places
