"""The Turkish Rummy match (``turkish-rummy.md``): the card draw for the order of play, one shared
discard pile started by a face-up card, the up card, and penalties counted from 0, on the shared
closed-hand engine (:mod:`rummykit.engine.closed_hand`).

Every card (id 0..105: two decks and two jokers) is in exactly one place: the stock, a hand, the
discard pile, or set aside as the up card.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from rummykit.core.notation import format_face
from rummykit.core.pieces import JOKER, Kind, card_set, rank_of
from rummykit.engine.closed_hand import HAND_SIZE, ClosedHandGame, ClosedHandObservation, FinishScore, Phase
from rummykit.engine.game import round_rng
from rummykit.solvers.arrange import WinKind
from rummykit.variants.turkish_rummy.rules import TurkishRummyRules

DECKS = card_set(2, 2)

OrderDraw = tuple[int, int]
"""(seat, face of the card it drew) in the draw for the order of play."""


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


@dataclass(frozen=True)
class TurkishRummyObservation(ClosedHandObservation):
    """The shared observation plus the up card and this round's draw for the order of play.

    ``discards`` holds the one shared pile, bottom first.
    """

    up_card: int
    order_draws: tuple[OrderDraw, ...]


class TurkishRummyGame(ClosedHandGame[TurkishRummyObservation]):
    """A whole Turkish Rummy match under ``rules``, dealt from ``seed``."""

    variant = "turkish_rummy"
    pieces = DECKS

    def __init__(self, rules: TurkishRummyRules, seed: int) -> None:
        super().__init__(seed, rules.players, rules.hand_profile(), 0)
        self.rules = rules
        self._start_round()

    def _deal(self) -> None:
        self.order, draws = draw_for_order(round_rng(self.seed, self.round_no, "order"), self.players)
        self.order_draws = tuple(draws)
        rng = round_rng(self.seed, self.round_no)
        cards = list(range(DECKS.size))
        rng.shuffle(cards)
        for seat in self.order:
            self.racks[seat] = [cards.pop() for _ in range(HAND_SIZE)]
        self.discards = [[cards.pop()]]
        candidates = [i for i, c in enumerate(cards) if DECKS.face(c) != JOKER]
        self.up_card = cards.pop(rng.choice(candidates))
        self.wilds = self.rules.wilds(DECKS.face(self.up_card))
        self.stock = cards
        self.turn = self.order[0]
        self.phase = Phase.DRAW

    @property
    def up_face(self) -> int:
        """The up card's face this round."""
        return self.face(self.up_card)

    def _take_pile(self) -> int:
        return 0

    def _discard_pile(self, seat: int) -> int:
        return 0

    def _out_of_play(self) -> list[int]:
        return [self.up_card]

    # ------------------------------------------------------------------ scores
    def _score_finish(self, seat: int, discard: int, kind: WinKind) -> FinishScore:
        rules = self.rules
        joker = self.wilds.is_wild(discard)
        pairs = kind is WinKind.PAIRS
        if pairs and joker:
            both = (rules.pairs_penalty, rules.joker_discard_penalty)
            penalty = sum(both) if rules.stack_bonuses else min(both)
            label, why = "pairs+joker", "seven pairs and a joker as the final discard"
            if not rules.stack_bonuses:
                why += " (not stacked: the larger applies)"
        elif joker:
            penalty, label, why = rules.joker_discard_penalty, "joker", "a joker as the final discard"
        elif pairs:
            penalty, label, why = rules.pairs_penalty, "pairs", "seven pairs"
        else:
            penalty, label, why = rules.hunt_penalty, "hunt", "a hunt"
        deltas = [0 if s == seat else penalty for s in range(self.players)]
        return FinishScore(deltas, label, f"seat {seat} lays down ({why}): every opponent {penalty:+d}")

    def _score_no_winner(self) -> FinishScore:
        penalty = self.rules.stalemate_penalty
        deltas = [penalty] * self.players
        return FinishScore(deltas, "stalemate", f"the stock ran out: stalemate, every player {penalty:+d}")

    def _round_end_bonus(self) -> FinishScore | None:
        """The up card: whoever holds its other copy makes every opponent lose 1 (``up_card_penalty``)."""
        face = self.up_face
        holders = [s for s, rack in enumerate(self.racks) if face in self.faces(rack)]
        if not holders:
            return None
        holder = holders[0]
        penalty = self.rules.up_card_penalty
        deltas = [0 if s == holder else penalty for s in range(self.players)]
        name = format_face(Kind.CARDS, face)
        return FinishScore(
            deltas, "up card", f"seat {holder} holds the up card's twin {name}: every opponent {penalty:+d}"
        )

    def _match_over(self) -> bool:
        limit = self.rules.penalty_limit
        if limit is not None and min(self.scores) <= limit:
            return True
        return len(self.results) >= self.rules.rounds

    # ------------------------------------------------------------------ observation
    def observation(self, seat: int) -> TurkishRummyObservation:
        """What ``seat`` sees: its own hand and public information only (``turkish-rummy.md``)."""
        piles = tuple(tuple(self.faces(p)) for p in self.discards)
        return TurkishRummyObservation(
            **self._observation_fields(seat, piles),  # type: ignore[arg-type]
            up_card=self.up_face,
            order_draws=self.order_draws,
        )
