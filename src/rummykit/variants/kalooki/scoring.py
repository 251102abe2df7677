"""Kalooki's round scores (``kalooki.md`` "Scoring"): every hand left is scored by the cards in
it, a hunt adds its penalty, and the result's notes say why. What the game works out when a round
ends and what reading a past round of position text works out again."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rummykit.core.melds import CARD_JOKERS, CardValues
from rummykit.core.pieces import JOKER
from rummykit.engine.events import note
from rummykit.engine.game import RoundResult
from rummykit.messages import seat_name
from rummykit.variants.kalooki.rules import KalookiRules, MatchMode

ROUND_ENDS = ("out", "hunt", "exhausted")
"""How a round ends: a seat goes out (after opening in an earlier turn), goes out in the turn it
opens (a hunt: "Okey yapmak"), or the stock runs out for good."""


def round_result(
    round_no: int,
    winner: int | None,
    kind: str,
    reshuffles: int,
    hands: Sequence[Sequence[int]],
    rules: KalookiRules,
) -> RoundResult:
    """The result of round ``round_no`` ended as ``kind`` (:data:`ROUND_ENDS`) by ``winner``
    (``None`` when the stock ran out, after ``reshuffles``), with ``hands`` (faces per seat) left:
    every other seat still in the match (a seat holding cards) scores its cards' values (A
    ``ace_penalty``, J Q K 10, joker ``joker_penalty``, pips), plus ``hunt_penalty`` in a hunt;
    in a single-round match the losers pay the winner ``point_value`` a point."""
    values = rules.values()
    losers = [seat for seat, hand in enumerate(hands) if hand and seat != winner]
    deltas = [0] * len(hands)
    for seat in losers:
        penalty = rules.hunt_penalty if kind == "hunt" else 0
        deltas[seat] = hand_points(hands[seat], values) + penalty
    if winner is None:
        notes = [note("kalooki_exhausted", reshuffles=reshuffles)]
    elif kind == "hunt":
        notes = [note("kalooki_hunt", seat=winner, penalty=rules.hunt_penalty)]
    else:
        notes = [note("kalooki_out", seat=winner)]
    notes.append(
        note(
            "kalooki_hand_values",
            values=", ".join(f"{seat_name(s)} +{deltas[s]}" for s in losers),
            points=[[s, deltas[s]] for s in losers],
        )
    )
    if rules.match is MatchMode.SINGLE_ROUND and winner is not None:
        value = rules.point_value
        notes.append(
            note(
                "kalooki_settled",
                value=value,
                seat=winner,
                owed=", ".join(f"{seat_name(s)} pays {deltas[s] * value:g}" for s in losers),
                payments=[[s, deltas[s] * value] for s in losers],
            )
        )
    hands_seen = tuple(tuple(hand) for hand in hands)
    return RoundResult(round_no, winner, kind, tuple(deltas), tuple(notes), hands_seen, (JOKER,))


def hand_points(hand: Iterable[int], values: CardValues) -> int:
    """The points of the cards ``hand`` (faces) left in a hand, at ``values``."""
    return sum(values.hand_value(f, CARD_JOKERS) for f in hand)
