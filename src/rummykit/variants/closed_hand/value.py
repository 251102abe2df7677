"""The learned evaluation of a closed hand (Okey, Turkish Rummy): the probability that the seat
wins the round, from features of its 14 pieces after a discard and of what it can't see.

Every feature comes from the seat's own observation (its hand, the wilds, the pieces it can't see
by :func:`~rummykit.variants.closed_hand.draw_value.unseen_counts`, the stock's size and the number
of seats), so a bot that uses it is as honest as its observation. The net
(:class:`rummykit.bots.value_net.ValueNet`) is trained per game by ``scripts/train_value.py``
from greedy self-play and shipped beside this module: ``weights/<game>.npz`` from four-seat rounds,
and ``weights/<game>-<seats>.npz`` from rounds of that many seats (heads-up rounds run longer and
weigh the next draw's chance of going out differently), used at tables of that size.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

from rummykit.bots.value_net import ValueNet
from rummykit.core.melds import Wilds
from rummykit.solvers.arrange import HandSolver
from rummykit.variants.closed_hand.draw_value import draw_stats

FEATURES = (
    "left",
    "pairs_left",
    "gain",
    "finish",
    "better",
    "wilds_held",
    "doubles",
    "draws_left",
    "unseen",
)
"""The inputs of the net, in order (:func:`hand_features`)."""

WEIGHTS = Path(__file__).with_name("weights")
"""The folder of the shipped nets: ``<game>.npz`` (four seats) and ``<game>-<seats>.npz``."""

DEFAULT_SEATS = 4
"""The seats of the rounds the default net ``<game>.npz`` is trained on."""


def hand_features(
    hand: Sequence[int],
    wilds: Wilds,
    unseen: Sequence[int],
    stock: int,
    players: int,
    left_out: Callable[[Sequence[int], Wilds], int],
    solver: HandSolver,
    pairs: bool,
) -> list[float]:
    """The :data:`FEATURES` of a 14-piece ``hand`` (faces): ``left`` pieces out of the best
    arrangement by ``left_out``; ``pairs_left`` pieces out of seven pairs (``left`` where the rules
    have no pairs finish, ``pairs`` false); ``gain``, ``finish`` and ``better`` of the next draw from
    ``unseen`` (per face, :func:`~rummykit.variants.closed_hand.draw_value.draw_stats`);
    ``wilds_held``; ``doubles``, the faces held twice or more; ``draws_left``, the ``stock``
    (pieces) per seat of the ``players``; ``unseen``, the pieces the seat can't see."""
    stats = draw_stats(hand, wilds, unseen, left_out, pairs)
    pairs_left = solver.pairs_left(hand, wilds) if pairs else stats.left
    held = Counter(hand)
    return [
        float(stats.left),
        float(pairs_left),
        stats.gain,
        stats.finish,
        stats.better,
        float(sum(count for face, count in held.items() if wilds.is_wild(face))),
        float(sum(count >= 2 for face, count in held.items() if not wilds.is_wild(face))),
        stock / players,
        float(sum(unseen)),
    ]


def weights_path(variant: str, players: int = DEFAULT_SEATS) -> Path:
    """Where the net of the game ``variant`` for tables of ``players`` seats is kept:
    ``<game>.npz`` for :data:`DEFAULT_SEATS`, else ``<game>-<players>.npz``."""
    return WEIGHTS / (f"{variant}.npz" if players == DEFAULT_SEATS else f"{variant}-{players}.npz")


def value_net(variant: str, players: int = DEFAULT_SEATS) -> ValueNet:
    """The shipped net of the game ``variant`` (``okey``, ``turkish_rummy``) for tables of
    ``players`` seats: the one trained on that many seats where the package has it, else the
    four-seat one; each file read once. Raises :class:`~rummykit.errors.RummykitError` when the
    game has none or its file is unreadable."""
    path = weights_path(variant, players)
    return _load(path if path.exists() else weights_path(variant))


@functools.cache
def _load(path: Path) -> ValueNet:
    """The net in ``path``, read once."""
    return ValueNet.load(path, FEATURES)
