"""The Okey match (``okey.md``): the deal with its indicator, per-seat discard piles, the indicator
bonus, and Okey's scores, on the shared closed-hand engine (:mod:`rummykit.variants.closed_hand.game`).

Seats are numbered 0..players-1; the next seat in playing direction is ``seat + 1`` for ``ccw``
(the player on your right) and ``seat - 1`` for ``cw``. Every tile (id 0..105) is in exactly one
place: the stock, a rack, a discard pile, or the indicator.

Observation keys besides the shared ones (:meth:`ClosedHandGame.observe`): ``indicator`` and
``okey`` (faces), ``shown`` (seats that showed the indicator's twin this round, in order);
``discards`` holds one pile per seat, only each top with ``discard_history=top_only``.

Returns: each seat's final score minus the mean of the final scores, divided by ``start_points``
(so a seat that kept all its points while the others lost theirs is near +1).

Position text (:mod:`rummykit.variants.closed_hand.position`): the piece set aside is the
``indicator``; Okey's own field ``shown`` lists the seats that showed the indicator's twin this
round, in order, and a past round's own part the seats that showed it then. The round's wilds
follow from the indicator and the rules.
"""

from __future__ import annotations

from typing import Any

from rummykit.core.melds import okey_face, okey_marker
from rummykit.core.pieces import JOKER, N_FACES, OKEY_TILES, suit_of
from rummykit.engine.events import Event, note
from rummykit.engine.game import RoundResult, round_rng
from rummykit.engine.position import PositionReader, ints_text
from rummykit.errors import IllegalActionError
from rummykit.solvers.arrange import WinKind
from rummykit.variants.closed_hand.actions import HandAction, Verb
from rummykit.variants.closed_hand.game import HAND_SIZE, ClosedHandGame, FinishScore
from rummykit.variants.closed_hand.state import Phase
from rummykit.variants.okey import messages as _messages
from rummykit.variants.okey.rules import IndicatorBonus, OkeyRules
from rummykit.variants.okey.state import OkeyState
from rummykit.variants.tiles.options import Direction, DiscardHistory

RED, BLACK = 0, 3
OKEY_OF = tuple(okey_face(f) for f in range(N_FACES))
"""The okey of each indicator face (never a false joker)."""
MESSAGES = _messages.MESSAGES
BONUS_NOTE = "okey_bonus"
"""The code of the note of a show's bonus."""
SHOW_PHASES = (Phase.OPENING, Phase.DRAW, Phase.DISCARD)
"""The phases in which the seat to move may show the indicator's twin."""


class OkeyGame(ClosedHandGame[OkeyState]):
    """Okey under ``rules`` (:class:`OkeyRules`); see the module docstring."""

    variant = "okey"
    title = "Okey"
    kind = OKEY_TILES.kind
    pieces = OKEY_TILES
    verbs = frozenset(Verb)
    aside_name = "indicator"
    position_keys = ("shown",)
    result_parts = 1
    state_type = OkeyState
    rules: OkeyRules

    def __init__(self, rules: OkeyRules, reveal_hands: bool = False) -> None:
        super().__init__(rules, reveal_hands)
        self.returns_scale = float(rules.start_points)
        self._whole_piles = rules.discard_history is DiscardHistory.VISIBLE
        """Whether every piece of the discard piles is public (else only their tops)."""

    def _empty_state(self, seed: int) -> OkeyState:
        return OkeyState(
            seed=seed,
            round_no=0,
            dealer=None,
            scores=[self.rules.start_points] * self.players,
            results=[],
            racks=[],
            discards=[],
            stock=[],
            order=[],
            turn=0,
            phase=Phase.DRAW,
            taken=None,
            discarded=set(),
            known=[],
            wilds=self.rules.wilds(0),
            indicator=0,
            shown=[],
        )

    def new_state(self, seed: int) -> OkeyState:
        """A new match dealt from ``seed``: the first dealer by a roll of dice, then round 1."""
        state = self._empty_state(seed)
        first = round_rng(seed, 0, "first dealer")
        rolls = [first.randint(1, 6) + first.random() for _ in range(self.players)]
        state.dealer = self._step(rolls.index(max(rolls)), -1)
        self._start_round(state)
        return state

    def _step(self, seat: int, steps: int = 1) -> int:
        sign = 1 if self.rules.direction is Direction.CCW else -1
        return (seat + sign * steps) % self.players

    def _deal(self, state: OkeyState) -> None:
        assert state.dealer is not None
        state.dealer = self._step(state.dealer)
        rng = round_rng(state.seed, state.round_no)
        tiles = list(range(OKEY_TILES.size))
        rng.shuffle(tiles)
        index = next(i for i, t in enumerate(tiles) if self.face(t) != JOKER)
        state.indicator = tiles.pop(index)
        state.wilds = self.rules.wilds(self.face(state.indicator))
        starter = self._step(state.dealer)
        state.order = [self._step(starter, i) for i in range(self.players)]
        for seat in state.order:
            state.racks[seat] = [tiles.pop() for _ in range(HAND_SIZE)]
        state.racks[starter].append(tiles.pop())
        state.stock = tiles
        state.discards = self._empty_piles()
        state.turn = starter
        state.phase = Phase.OPENING
        state.shown = []

    def _empty_piles(self) -> list[list[int]]:
        return [[] for _ in range(self.players)]

    def indicator_face(self, state: OkeyState) -> int:
        """The indicator tile's face this round."""
        return self.face(state.indicator)

    def wild_marker(self, state: OkeyState) -> int:
        """The indicator's face: the okey is its colour, one higher."""
        return self.indicator_face(state)

    def _take_pile(self, state: OkeyState) -> int:
        return self.previous_seat(state)

    def _discard_pile(self, seat: int) -> int:
        return seat

    def _aside(self, state: OkeyState) -> int:
        return state.indicator

    def _forbid_rediscard(self) -> bool:
        return self.rules.forbid_rediscard_taken

    # ------------------------------------------------------------------ the indicator bonus
    def _can_show(self, state: OkeyState, seat: int) -> bool:
        return (
            seat not in state.discarded
            and self.rules.indicator_bonus is IndicatorBonus.FIRST_TURN
            and seat not in state.shown
            and self.indicator_face(state) in self.faces(state.racks[seat])
        )

    def _extra_legal(self, state: OkeyState) -> list[HandAction]:
        if state.phase in SHOW_PHASES and self._can_show(state, state.turn):
            return [self._action(Verb.SHOW, self.indicator_face(state))]
        return []

    def _show_face(self, state: OkeyState) -> int | None:
        return self.indicator_face(state)

    def _why_no_show(self, state: OkeyState, action: HandAction) -> IllegalActionError:
        name = self.name(self.indicator_face(state))
        if action.face != self.indicator_face(state):
            return IllegalActionError("show_not_indicator", indicator=name)
        if self.rules.indicator_bonus is IndicatorBonus.OFF:
            return IllegalActionError("indicator_bonus_off")
        if state.turn in state.shown:
            return IllegalActionError("shown_already")
        if state.turn in state.discarded:
            return IllegalActionError("show_first_turn_only")
        return IllegalActionError("not_held", piece=name)

    def _bonus_points(self, state: OkeyState) -> int:
        return self.rules.indicator_bonus_points * self._colour_factor(state)

    def _apply_extra(self, state: OkeyState, seat: int, action: HandAction) -> list[Event]:
        face = self.indicator_face(state)
        state.shown.append(seat)
        known = state.known[seat]
        if not any(self.face(p) == face for p in known):
            known.append(next(p for p in state.racks[seat] if self.face(p) == face))
        points = self._bonus_points(state)
        for other in range(self.players):
            if other != seat:
                state.scores[other] -= points
        return [Event("showed", seat, {"piece": self.name(face), "points": points})]

    def _bonuses(self, state: OkeyState) -> list[FinishScore]:
        points = self._bonus_points(state)
        piece = self.name(self.indicator_face(state))
        return [
            FinishScore(
                [0 if s == seat else -points for s in range(self.players)],
                "indicator",
                note(BONUS_NOTE, seat=seat, piece=piece, points=points),
            )
            for seat in state.shown
        ]

    # ------------------------------------------------------------------ scores
    def _colour_factor(self, state: OkeyState) -> int:
        red_or_black = suit_of(self.indicator_face(state)) in (RED, BLACK)
        return 2 if self.rules.colour_double and red_or_black else 1

    def _score_finish(self, state: OkeyState, seat: int, discard: int, kind: WinKind) -> FinishScore:
        rules = self.rules
        okey_finish = state.wilds.is_wild(discard)
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
        colour = self._colour_factor(state)
        loss = rules.points_normal * multiplier * colour
        label = {(False, False): "normal", (True, False): "okey", (False, True): "pairs"}.get(
            (okey_finish, pairs), "okey+pairs"
        )
        terms = []
        if okey_finish:
            terms.append(note("okey_x_okey", factor=rules.okey_finish_multiplier))
        if pairs:
            terms.append(note("okey_x_pairs", factor=rules.pairs_multiplier))
        if len(factors) > 1 and not rules.stack_multipliers:
            terms.append(note("okey_no_stack"))
        if colour == 2:
            terms.append(note("okey_x_colour"))
        if loss != rules.points_normal:
            terms.append(note("okey_total", loss=loss))
        params: dict[str, Any] = {"seat": seat, "label": label, "points": rules.points_normal, "loss": loss}
        why = note("okey_finish_times", terms=terms, **params) if terms else note("okey_finish", **params)
        deltas = [0 if s == seat else -loss for s in range(self.players)]
        return FinishScore(deltas, label, why)

    def _score_no_winner(self, state: OkeyState) -> FinishScore:
        return FinishScore([0] * self.players, "void", note("okey_void"))

    def _match_over(self, state: OkeyState) -> bool:
        if self.rules.rounds is not None:
            return len(state.results) >= self.rules.rounds
        return min(state.scores) <= 0

    # ------------------------------------------------------------------ views
    def _piles_seen(self, state: OkeyState) -> list[list[int]]:
        if self._whole_piles:
            return state.discards
        return [pile[-1:] for pile in state.discards]

    def _shown(self, state: OkeyState) -> list[int]:
        return list(state.shown)

    def _observe_extra(self, state: OkeyState, seat: int | None) -> dict[str, Any]:
        face = self.indicator_face(state)
        return {"indicator": face, "okey": OKEY_OF[face], "shown": self._shown(state)}

    def _observed_aside(self, observation: dict[str, Any]) -> int:
        face: int = observation["indicator"]
        return face

    def _observed_fields(self, state: OkeyState, observation: dict[str, Any], aside: int) -> None:
        state.indicator = aside
        state.shown = list(observation["shown"])

    # ------------------------------------------------------------------ position text
    def _set_aside(self, state: OkeyState, piece: int) -> None:
        state.indicator = piece
        state.wilds = self.rules.wilds(self.face(piece))

    def _result_aside(self, result: RoundResult) -> int:
        """The indicator: the okey's colour, one lower (the okey is the wild that is no joker)."""
        return okey_marker(next(f for f in result.wilds if f != JOKER))

    def _position_fields(self, state: OkeyState) -> list[tuple[str, str]]:
        return [("shown", ints_text(state.shown))]

    def _read_position_fields(self, reader: PositionReader, state: OkeyState) -> None:
        state.shown = reader.get("shown", reader.seats)

    def _result_extra(self, result: RoundResult) -> list[str]:
        """The seats that showed the indicator's twin, in order (the seats of the bonus notes)."""
        return [ints_text(n["params"]["seat"] for n in result.notes if n["code"] == BONUS_NOTE)]

    def _read_result_extra(self, reader: PositionReader, state: OkeyState, parts: list[str]) -> None:
        state.shown = reader.seats(parts[0], "a past round's shown")
