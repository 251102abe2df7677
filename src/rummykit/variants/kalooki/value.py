"""Kalooki's learned leaf value: each seat's chance of winning the round from a position, for the
expert's rollouts cut short (:mod:`rummykit.variants.kalooki.expert`).

A rollout of the table search stops after a few turns and used to score the hands as they stood
(the deadwood, the seat winning if its hand was strictly the lowest), which can't see a plan that
pays later: the policy holds its melds back to open and go out at once, so its hand looks worse
than an early opener's until the turn it goes out. The net (:class:`~rummykit.bots.value_net.ValueNet`,
numpy only) maps a seat's :data:`FEATURES` in a world the search dealt (every hand is known there)
to the probability that the seat wins the round; it is trained by ``scripts/train_kalooki_value.py``
on self-play of the rollouts' own bots and shipped as ``weights/kalooki.npz`` (four seats) and
``weights/kalooki-2.npz`` (heads-up); a table size without its own net uses the four-seat one.
"""

from __future__ import annotations

import functools
from pathlib import Path

from rummykit.bots.value_net import ValueNet
from rummykit.core.melds import CARD_JOKERS
from rummykit.variants.kalooki.bots import KalookiGreedyBot
from rummykit.variants.kalooki.game import faces
from rummykit.variants.kalooki.state import KalookiState

FEATURES = (
    "deadwood",
    "left_out",
    "cards",
    "melded",
    "opened",
    "jokers",
    "draws_left",
    "turns_away",
    "rival_left_out",
    "rival_cards",
    "rivals_opened",
)
"""The inputs of the net, in order (:func:`position_features`)."""

WEIGHTS = Path(__file__).with_name("weights")
"""The folder of the shipped nets."""

DEFAULT_SEATS = 4
"""The seats of the rounds the default net ``kalooki.npz`` is trained on."""


def position_features(state: KalookiState, greedy: KalookiGreedyBot) -> dict[int, list[float]]:
    """The :data:`FEATURES` of every active seat of ``state`` (a whole world: every hand known), by
    seat: its hand's ``deadwood`` (points after greedy's best arrangement), the cards it leaves
    out (``left_out``), its ``cards``, the points its arrangement melds (``melded``, what an
    opening needs), whether it has ``opened``, its ``jokers``; the stock's ``draws_left`` a seat;
    ``turns_away``, how many seats move before it (0: it is the seat to move); and of its rivals
    the fewest cards left out (``rival_left_out``), the fewest cards held (``rival_cards``) and
    the share that has opened (``rivals_opened``)."""
    active = state.active
    hands = {s: faces(state.hands[s]) for s in active}
    left = {s: len(greedy.left_out(h)) for s, h in hands.items()}
    points = greedy.points
    first = active.index(state.turn) if state.turn in active else 0
    out: dict[int, list[float]] = {}
    for seat, hand in hands.items():
        rivals = [s for s in active if s != seat]
        deadwood = greedy.deadwood(hand)
        out[seat] = [
            float(deadwood),
            float(left[seat]),
            float(len(hand)),
            float(sum(map(points.__getitem__, hand)) - deadwood),
            float(seat in state.opened),
            float(sum(1 for f in hand if CARD_JOKERS.is_wild(f))),
            len(state.stock) / len(active),
            float((active.index(seat) - first) % len(active)),
            float(min((left[s] for s in rivals), default=0)),
            float(min((len(hands[s]) for s in rivals), default=0)),
            sum(s in state.opened for s in rivals) / max(1, len(rivals)),
        ]
    return out


def weights_path(players: int = DEFAULT_SEATS) -> Path:
    """Where the net for tables of ``players`` seats is kept: ``kalooki.npz`` for
    :data:`DEFAULT_SEATS`, else ``kalooki-<players>.npz``."""
    return WEIGHTS / ("kalooki.npz" if players == DEFAULT_SEATS else f"kalooki-{players}.npz")


def value_net(players: int = DEFAULT_SEATS) -> ValueNet:
    """The shipped net for tables of ``players`` seats (the four-seat one where there is none of
    that size), read once; raises :class:`~rummykit.errors.RummykitError` for an unreadable file."""
    path = weights_path(players)
    return _load(path if path.exists() else weights_path())


@functools.cache
def _load(path: Path) -> ValueNet:
    """The net in ``path``, read once."""
    return ValueNet.load(path, FEATURES)
