"""The Turkish Rummy match (``turkish-rummy.md``): the card draw for the order of play, one shared
discard pile started by a face-up card, the up card, and penalties counted from 0, on the shared
closed-hand engine (:mod:`rummykit.variants.closed_hand.game`).

Every card (id 0..105: two decks and two jokers) is in exactly one place: the stock, a hand, the
discard pile, or set aside as the up card.

Observation keys besides the shared ones (:meth:`ClosedHandGame.observe`): ``up_card`` (a face)
and ``order_draws`` (``[seat, face]`` of every card drawn for this round's order of play);
``discards`` holds the one shared pile, bottom first.

Returns: each seat's final score minus the mean of the final scores, divided by
:data:`RETURNS_SCALE` (10 points, five hunts).

Position text (:mod:`rummykit.variants.closed_hand.position`): the piece set aside is the ``up``
card; Turkish Rummy's own field ``draws`` holds the draw for the order of play, in drawing order,
each record ``seat : card``. The round's wilds follow from the up card and the rules.
"""

from __future__ import annotations

import random
from typing import Any

from rummykit.core.melds import okey_marker
from rummykit.core.notation import parse_face
from rummykit.core.pieces import JOKER, Kind, card_set, rank_of
from rummykit.engine.events import note
from rummykit.engine.game import RoundResult, round_rng
from rummykit.engine.position import PositionReader, records_text
from rummykit.solvers.arrange import WinKind
from rummykit.variants.closed_hand.game import HAND_SIZE, ClosedHandGame, FinishScore
from rummykit.variants.closed_hand.state import Phase
from rummykit.variants.turkish_rummy import messages as _messages
from rummykit.variants.turkish_rummy.rules import TurkishRummyRules
from rummykit.variants.turkish_rummy.state import OrderDraw, TurkishRummyState

DECKS = card_set(2, 2)
RETURNS_SCALE = 10.0
"""Points that make a return of 1."""
MESSAGES = _messages.MESSAGES
UP_CARD_NOTE = "tr_up_card"
"""The code of the note of the up card's penalty."""


def draw_for_order(rng: random.Random, players: int) -> tuple[list[int], list[OrderDraw]]:
    """The order of play by a card draw (``turkish-rummy.md`` "Players and order of play").

    Every player draws one card from a shuffled deck; the highest plays first (K high, A low). A
    joker is drawn again; players who tie draw again among themselves. Returns the order (seats)
    and every card drawn, in drawing order.
    """
    deck = list(range(DECKS.size))
    rng.shuffle(deck)
    log: list[OrderDraw] = []

    def draw(seat: int) -> int:
        nonlocal deck
        while True:
            if not deck:
                deck = list(range(DECKS.size))
                rng.shuffle(deck)
            face = DECKS.face(deck.pop())
            log.append((seat, face))
            if face != JOKER:
                return rank_of(face)

    def rank(seats: list[int]) -> list[int]:
        drawn = {seat: draw(seat) for seat in seats}
        order: list[int] = []
        for value in sorted(set(drawn.values()), reverse=True):
            tied = [s for s in seats if drawn[s] == value]
            order += tied if len(tied) == 1 else rank(tied)
        return order

    return rank(list(range(players))), log


def _signed(points: int) -> str:
    return f"{points:+d}"


class TurkishRummyGame(ClosedHandGame[TurkishRummyState]):
    """Turkish Rummy under ``rules`` (:class:`TurkishRummyRules`); see the module docstring."""

    variant = "turkish_rummy"
    title = "Turkish Rummy"
    kind = Kind.CARDS
    pieces = DECKS
    aside_name = "up"
    has_dealer = False
    position_keys = ("draws",)
    state_type = TurkishRummyState
    rules: TurkishRummyRules
    returns_scale = RETURNS_SCALE

    def _empty_state(self, seed: int) -> TurkishRummyState:
        return TurkishRummyState(
            seed=seed,
            round_no=0,
            dealer=None,
            scores=[0] * self.players,
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
            wilds=self.rules.wilds(),
            up_card=0,
            order_draws=(),
        )

    def new_state(self, seed: int) -> TurkishRummyState:
        """A new match dealt from ``seed`` (round 1, its order of play drawn)."""
        state = self._empty_state(seed)
        self._start_round(state)
        return state

    def _deal(self, state: TurkishRummyState) -> None:
        state.order, draws = draw_for_order(round_rng(state.seed, state.round_no, "order"), self.players)
        state.order_draws = tuple(draws)
        rng = round_rng(state.seed, state.round_no)
        cards = list(range(DECKS.size))
        rng.shuffle(cards)
        for seat in state.order:
            state.racks[seat] = [cards.pop() for _ in range(HAND_SIZE)]
        state.discards = [[cards.pop()]]
        candidates = [i for i, c in enumerate(cards) if self.face(c) != JOKER]
        state.up_card = cards.pop(rng.choice(candidates))
        state.wilds = self.rules.wilds(self.face(state.up_card))
        state.stock = cards
        state.turn = state.order[0]
        state.phase = Phase.DRAW

    def _empty_piles(self) -> list[list[int]]:
        return [[]]

    def up_face(self, state: TurkishRummyState) -> int:
        """The up card's face this round."""
        return self.face(state.up_card)

    def wild_marker(self, state: TurkishRummyState) -> int | None:
        """The up card's face where it makes the card above it wild (``up_card_sets_wild``)."""
        return self.up_face(state) if self.rules.up_card_sets_wild else None

    def _take_pile(self, state: TurkishRummyState) -> int:
        return 0

    def _discard_pile(self, seat: int) -> int:
        return 0

    def _aside(self, state: TurkishRummyState) -> int:
        return state.up_card

    # ------------------------------------------------------------------ scores
    def _score_finish(self, state: TurkishRummyState, seat: int, discard: int, kind: WinKind) -> FinishScore:
        rules = self.rules
        joker = state.wilds.is_wild(discard)
        pairs = kind is WinKind.PAIRS
        if pairs and joker:
            both = (rules.pairs_penalty, rules.joker_discard_penalty)
            penalty = sum(both) if rules.stack_bonuses else min(both)
            label, why = (
                "pairs+joker",
                "tr_pairs_joker" if rules.stack_bonuses else "tr_pairs_joker_unstacked",
            )
        elif joker:
            penalty, label, why = rules.joker_discard_penalty, "joker", "tr_joker"
        elif pairs:
            penalty, label, why = rules.pairs_penalty, "pairs", "tr_pairs"
        else:
            penalty, label, why = rules.hunt_penalty, "hunt", "tr_hunt"
        deltas = [0 if s == seat else penalty for s in range(self.players)]
        return FinishScore(
            deltas,
            label,
            note("tr_lay_down", seat=seat, why=note(why), penalty=penalty, change=_signed(penalty)),
        )

    def _score_no_winner(self, state: TurkishRummyState) -> FinishScore:
        penalty = self.rules.stalemate_penalty
        return FinishScore(
            [penalty] * self.players,
            "stalemate",
            note("tr_stalemate", penalty=penalty, change=_signed(penalty)),
        )

    def _round_end_bonus(self, state: TurkishRummyState) -> FinishScore | None:
        """The up card: whoever holds its other copy makes every opponent lose 1 (``up_card_penalty``)."""
        face = self.up_face(state)
        holders = [s for s, rack in enumerate(state.racks) if face in self.faces(rack)]
        if not holders:
            return None
        holder = holders[0]
        penalty = self.rules.up_card_penalty
        deltas = [0 if s == holder else penalty for s in range(self.players)]
        return FinishScore(
            deltas,
            "up card",
            note(UP_CARD_NOTE, seat=holder, piece=self.name(face), penalty=penalty, change=_signed(penalty)),
        )

    def _match_over(self, state: TurkishRummyState) -> bool:
        limit = self.rules.penalty_limit
        if limit is not None and min(state.scores) <= limit:
            return True
        return len(state.results) >= self.rules.rounds

    # ------------------------------------------------------------------ views
    def _observe_extra(self, state: TurkishRummyState, seat: int | None) -> dict[str, Any]:
        return {"up_card": self.up_face(state), "order_draws": [list(d) for d in state.order_draws]}

    def _observed_aside(self, observation: dict[str, Any]) -> int:
        face: int = observation["up_card"]
        return face

    def _observed_fields(self, state: TurkishRummyState, observation: dict[str, Any], aside: int) -> None:
        state.up_card = aside
        state.order_draws = tuple((seat, face) for seat, face in observation["order_draws"])

    # ------------------------------------------------------------------ position text
    def _set_aside(self, state: TurkishRummyState, piece: int) -> None:
        state.up_card = piece
        state.wilds = self.rules.wilds(self.face(piece))

    def _result_aside(self, result: RoundResult) -> int | None:
        """The up card: the card its note names where a hand held its twin, else the card below
        the wild it made (``up_card_sets_wild``), else ``None`` (it changed nothing)."""
        for n in result.notes:
            if n["code"] == UP_CARD_NOTE:
                return parse_face(Kind.CARDS, n["params"]["piece"])
        marked = [f for f in result.wilds if f != JOKER]
        return okey_marker(marked[0]) if marked else None

    def _position_fields(self, state: TurkishRummyState) -> list[tuple[str, str]]:
        return [("draws", records_text((str(seat), self.name(face)) for seat, face in state.order_draws))]

    def _read_position_fields(self, reader: PositionReader, state: TurkishRummyState) -> None:
        def draws(value: str, what: str) -> tuple[OrderDraw, ...]:
            out = []
            for record in reader.records(value, what):
                seat, card = reader.parts(record, "a draw for the order (seat : card)", 2)
                out.append((reader.seat(seat, what), reader.face(card, what)))
            return tuple(out)

        state.order_draws = reader.get("draws", draws)
