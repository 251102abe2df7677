"""Carousel's scoring (``carousel.md`` "Scoring"): the points of a hand, a round's winners and
score changes with the notes that explain them, and the round's result."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from rummykit.core.melds import CARD_JOKERS
from rummykit.core.pieces import JOKER
from rummykit.engine.events import note
from rummykit.engine.game import RoundResult
from rummykit.variants.carousel.messages import P
from rummykit.variants.carousel.rules import CAROUSEL_VALUES, CarouselRules


@dataclass(frozen=True)
class RoundScore:
    """A round's scores: ``deltas`` per seat, the ``winners`` and the notes (codes) saying why."""

    deltas: tuple[int, ...]
    winners: tuple[int, ...]
    notes: tuple[dict[str, Any], ...]


def score_round(
    points: list[int], knocker: int | None, went_out: int | None, rules: CarouselRules
) -> RoundScore:
    """Scores of a round (``carousel.md`` "Scoring") from each seat's points in hand.

    The lowest count wins; a non-knocker who ties the knocker undercuts and wins instead; tied
    non-knockers all win. Each winner scores the sum of the differences to every non-winner (with
    two players, the difference); +``not_knocker_bonus`` to each winner who did not knock when
    someone knocked; +``go_out_bonus`` for going out.
    """
    low = min(points)
    lowest = [s for s, p in enumerate(points) if p == low]
    others = [s for s in lowest if s != knocker]
    winners = others or lowest
    losers = [s for s in range(len(points)) if s not in winners]
    deltas = [0] * len(points)
    notes = []
    for seat in winners:
        gain = sum(points[s] - low for s in losers)
        deltas[seat] += gain
        notes.append(note(P + "lowest_hand", seat=seat, points=low, gain=gain))
        if knocker is not None and seat != knocker:
            deltas[seat] += rules.not_knocker_bonus
            how = "undercuts" if points[knocker] == low else "beats_knocker"
            notes.append(note(P + how, seat=seat, bonus=rules.not_knocker_bonus))
        if seat == went_out:
            deltas[seat] += rules.go_out_bonus
            notes.append(note(P + "out_bonus", seat=seat, bonus=rules.go_out_bonus))
    return RoundScore(tuple(deltas), tuple(winners), tuple(notes))


def round_result(
    round_no: int,
    hands: Sequence[Sequence[int]],
    knocker: int | None,
    went_out: int | None,
    rules: CarouselRules,
) -> tuple[RoundResult, tuple[int, ...]]:
    """The result of round ``round_no`` ended with ``hands`` (faces per seat) by ``knocker``, a
    seat that ``went_out``, or neither (the stock ran out), and its winners."""
    points = [hand_points(h) for h in hands]
    score = score_round(points, knocker, went_out, rules)
    if knocker is not None:
        kind, how = "knock", note(P + "how_knock", seat=knocker, points=points[knocker])
    elif went_out is not None:
        kind, how = "out", note(P + "how_out", seat=went_out)
    else:
        kind, how = "stock out", note(P + "how_stock_out")
    hands_seen = tuple(tuple(h) for h in hands)
    result = RoundResult(
        round_no, score.winners[0], kind, score.deltas, (how, *score.notes), hands_seen, (JOKER,)
    )
    return result, score.winners


def hand_points(faces: Iterable[int]) -> int:
    """Points of cards in hand (joker 25, J Q K 10, ace 1, pips)."""
    return sum(CAROUSEL_VALUES.hand_value(f, CARD_JOKERS) for f in faces)
