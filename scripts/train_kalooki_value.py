"""Train Kalooki's learned leaf value (:mod:`rummykit.variants.kalooki.value`) from self-play.

Plays ``--deals`` one-round matches of ``--players`` seats (four by default; deal ``i`` dealt from
``--seed + i``) with the table search's own rollout bots: one seat, drawn from the seed for each
deal, plays :class:`~rummykit.variants.kalooki.bots.KalookiPolicy` (the searching seat's rollout
policy), the others the greedy bot. Before an action, with probability ``--sample``, it records
every active seat's features (:func:`~rummykit.variants.kalooki.value.position_features`, from
the whole state: a rollout's world is a whole state) and, once the round is over, whether that
seat won it. The perceptron of ``scripts/train_value.py`` (``--hidden`` tanh units, one logistic
output, Adam on the log loss, the last tenth of the deals held out) is fitted to the rows and
written (by default the shipped net for that many seats,
:func:`~rummykit.variants.kalooki.value.weights_path`).

Everything is reproducible from ``--seed``. Run::

    nice -n 19 .venv/bin/python scripts/train_kalooki_value.py --deals 3000 --seed 3000000
    nice -n 19 .venv/bin/python scripts/train_kalooki_value.py --players 2 --deals 1500 --seed 4000000
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

import numpy as np
from train_value import Data, train

import rummykit
from rummykit.variants.kalooki.bots import KalookiGreedyBot, KalookiPolicy
from rummykit.variants.kalooki.game import KalookiGame
from rummykit.variants.kalooki.value import DEFAULT_SEATS, FEATURES, position_features, weights_path


def collect(players: int, deals: int, seed: int, sample: float) -> Data:
    """Play the self-play rounds of the module docstring and return their rows."""
    game = rummykit.load("kalooki", match="rounds", rounds=1, players=players)
    assert isinstance(game, KalookiGame)
    greedy, policy = KalookiGreedyBot(game), KalookiPolicy(game)
    rng = random.Random(f"train-kalooki-value/{seed}")
    rows: list[list[float]] = []
    won: list[float] = []
    dealt: list[int] = []
    for deal in range(deals):
        state = game.new_state(seed + deal)
        own = rng.randrange(players)
        seats: list[int] = []
        while (seat := game.current_seat(state)) is not None:
            if rng.random() < sample:
                for at, row in position_features(state, greedy).items():
                    rows.append(row)
                    seats.append(at)
            bot = policy if seat == own else greedy
            game.apply(state, seat, bot.choose(game.observe(state, seat), game.legal_actions(state, seat)))
        winner = state.results[-1].winner
        won += [float(s == winner) for s in seats]
        dealt += [deal] * len(seats)
    return Data(np.array(rows), np.array(won), np.array(dealt, dtype=np.int64))


def main() -> None:
    """Parse the command line, collect or read the rows, fit, print, write the net."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=DEFAULT_SEATS)
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=3_000_000)
    parser.add_argument("--sample", type=float, default=0.2)
    parser.add_argument("--hidden", type=int, default=8)
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--data", type=Path, help="keep (or read back) the collected rows here")
    parser.add_argument("--out", type=Path, help="the net's file (default: the shipped one)")
    args = parser.parse_args()
    train(
        args,
        "kalooki",
        lambda: collect(args.players, args.deals, args.seed, args.sample),
        args.out or weights_path(args.players),
        features=FEATURES,
    )


if __name__ == "__main__":
    main()
