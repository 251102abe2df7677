"""The Okey match (``okey.md``): the deal with its indicator, per-seat discard piles, the indicator
bonus, and Okey's scores, on the shared closed-hand engine (:mod:`rummykit.engine.closed_hand`).

Seats are numbered 0..players-1; the next seat in playing direction is ``seat + 1`` for ``ccw``
(the player on your right) and ``seat - 1`` for ``cw``. Every tile (id 0..105) is in exactly one
place: the stock, a rack, a discard pile, or the indicator.
"""

from __future__ import annotations

from dataclasses import dataclass

from rummykit.core.melds import okey_face
from rummykit.core.notation import format_face
from rummykit.core.pieces import JOKER, OKEY_TILES, Kind, suit_of
from rummykit.engine.closed_hand import (
    HAND_SIZE,
    ClosedHandGame,
    ClosedHandObservation,
    FinishScore,
    Phase,
)
from rummykit.engine.game import Event, round_rng
from rummykit.engine.hand_actions import HandAction, Verb
from rummykit.solvers.arrange import WinKind
from rummykit.variants.okey.rules import Direction, DiscardHistory, IndicatorBonus, OkeyRules

RED, BLACK = 0, 3


@dataclass(frozen=True)
class OkeyObservation(ClosedHandObservation):
    """The shared observation plus the indicator, the okey and the seats that showed the twin.

    ``discards`` holds one pile per seat (only each top with ``discard_history=top_only``).
    """

    indicator: int
    okey: int
    shown: tuple[int, ...]


class OkeyGame(ClosedHandGame[OkeyObservation]):
    """A whole Okey match under ``rules``, dealt from ``seed``."""

    variant = "okey"
    pieces = OKEY_TILES
    verbs = frozenset(Verb)

    def __init__(self, rules: OkeyRules, seed: int) -> None:
        super().__init__(seed, rules.players, rules.hand_profile(), rules.start_points)
        self.rules = rules
        first = round_rng(seed, 0, "first dealer")
        rolls = [first.randint(1, 6) + first.random() for _ in range(self.players)]
        self.dealer = self._step(rolls.index(max(rolls)), -1)
        self._start_round()

    def _step(self, seat: int, steps: int = 1) -> int:
        sign = 1 if self.rules.direction is Direction.CCW else -1
        return (seat + sign * steps) % self.players

    def _deal(self) -> None:
        assert self.dealer is not None
        self.dealer = self._step(self.dealer)
        rng = round_rng(self.seed, self.round_no)
        tiles = list(range(OKEY_TILES.size))
        rng.shuffle(tiles)
        index = next(i for i, t in enumerate(tiles) if OKEY_TILES.face(t) != JOKER)
        self.indicator = tiles.pop(index)
        self.wilds = self.rules.wilds(OKEY_TILES.face(self.indicator))
        starter = self._step(self.dealer)
        self.order = [self._step(starter, i) for i in range(self.players)]
        for seat in self.order:
            self.racks[seat] = [tiles.pop() for _ in range(HAND_SIZE)]
        self.racks[starter].append(tiles.pop())
        self.stock = tiles
        self.discards = [[] for _ in range(self.players)]
        self.turn = starter
        self.phase = Phase.OPENING
        self.shown: set[int] = set()

    @property
    def indicator_face(self) -> int:
        """The indicator tile's face this round."""
        return self.face(self.indicator)

    @property
    def okey(self) -> int:
        """The okey's face this round."""
        return okey_face(self.indicator_face)

    def _take_pile(self) -> int:
        return self.previous_seat()

    def _discard_pile(self, seat: int) -> int:
        return seat

    def _out_of_play(self) -> list[int]:
        return [self.indicator]

    def _forbid_rediscard(self) -> bool:
        return self.rules.forbid_rediscard_taken

    # ------------------------------------------------------------------ the indicator bonus
    def _can_show(self, seat: int) -> bool:
        return (
            self.rules.indicator_bonus is IndicatorBonus.FIRST_TURN
            and seat not in self.discarded
            and seat not in self.shown
            and self.indicator_face in self.faces(self.racks[seat])
        )

    def _extra_legal(self) -> list[HandAction]:
        if self.phase in (Phase.OPENING, Phase.DRAW, Phase.DISCARD) and self._can_show(self.turn):
            return [self._action(Verb.SHOW, self.indicator_face)]
        return []

    def _show_face(self) -> int | None:
        return self.indicator_face

    def _why_no_show(self, action: HandAction) -> str:
        name = format_face(Kind.TILES, self.indicator_face)
        if action.face != self.indicator_face:
            return f"the indicator is {name}: only its twin can be shown"
        if self.rules.indicator_bonus is IndicatorBonus.OFF:
            return "the indicator bonus is off at this table"
        if self.turn in self.shown:
            return "you have shown it already"
        if self.turn in self.discarded:
            return "the indicator's twin can only be shown on your first turn"
        return f"you don't hold {name}"

    def _apply_extra(self, action: HandAction) -> list[Event]:
        seat = self.turn
        self.shown.add(seat)
        points = self.rules.indicator_bonus_points * self._colour_factor()
        for other in range(self.players):
            if other != seat:
                self.scores[other] -= points
                self.bonus_deltas[other] -= points
        name = format_face(Kind.TILES, self.indicator_face)
        text = f"shows the indicator's twin {name}: every other player loses {points}"
        self.bonus_notes.append(f"seat {seat} {text}")
        return [Event(seat, text)]

    # ------------------------------------------------------------------ scores
    def _colour_factor(self) -> int:
        return 2 if self.rules.colour_double and suit_of(self.indicator_face) in (RED, BLACK) else 1

    def _score_finish(self, seat: int, discard: int, kind: WinKind) -> FinishScore:
        rules = self.rules
        okey_finish = self.wilds.is_wild(discard)
        pairs = kind is WinKind.PAIRS
        factors = []
        if okey_finish:
            factors.append(rules.okey_finish_multiplier)
        if pairs:
            factors.append(rules.pairs_multiplier)
        multiplier = 1
        if rules.stack_multipliers:
            for f in factors:
                multiplier *= f
        elif factors:
            multiplier = max(factors)
        loss = rules.points_normal * multiplier * self._colour_factor()
        label = {(False, False): "normal", (True, False): "okey", (False, True): "pairs"}.get(
            (okey_finish, pairs), "okey+pairs"
        )
        why = [f"seat {seat} finishes ({label}): every other player loses {rules.points_normal}"]
        if okey_finish:
            why.append(f"x{rules.okey_finish_multiplier} for finishing with an okey")
        if pairs:
            why.append(f"x{rules.pairs_multiplier} for seven pairs")
        if len(factors) > 1 and not rules.stack_multipliers:
            why.append("(multipliers don't stack: the larger applies)")
        if self._colour_factor() == 2:
            why.append("x2 for a red or black indicator")
        if loss != rules.points_normal:
            why.append(f"= {loss}")
        deltas = [0 if s == seat else -loss for s in range(self.players)]
        return FinishScore(deltas, label, " ".join(why))

    def _score_no_winner(self) -> FinishScore:
        return FinishScore([0] * self.players, "void", "the stock ran out: the round is void")

    def _match_over(self) -> bool:
        if self.rules.rounds is not None:
            return len(self.results) >= self.rules.rounds
        return min(self.scores) <= 0

    # ------------------------------------------------------------------ observation
    def observation(self, seat: int) -> OkeyObservation:
        """What ``seat`` sees: its own rack and public information only (``okey.md``)."""
        if self.rules.discard_history is DiscardHistory.VISIBLE:
            piles = tuple(tuple(self.faces(p)) for p in self.discards)
        else:
            piles = tuple(tuple(self.faces(p[-1:])) for p in self.discards)
        return OkeyObservation(
            **self._observation_fields(seat, piles),  # type: ignore[arg-type]
            indicator=self.indicator_face,
            okey=self.okey,
            shown=tuple(sorted(self.shown)),
        )
