"""Train the learned evaluation of a closed-hand game (Okey, Turkish Rummy) from self-play.

Plays ``--deals`` one-round matches of ``--players`` seats (four by default; deal ``i`` dealt from
``--seed + i``). With ``--policy greedy`` (the default) every seat is a greedy bot and every seat's
rows are kept; with ``--policy expert`` one seat, seat ``i mod players`` at deal ``i``, is the
expert (:class:`~rummykit.variants.closed_hand.expert.ExpertBot` of the shipped nets, seeded
``--seed + i``, ``--iterations`` sampled draws a decision and no time cap, so the rows are the same
on any machine), the others greedy, and only the expert's rows are kept: the labels then say what
the expert's own play makes of a hand (one step of policy iteration). At a rate of ``--explore`` of
its discards a kept seat throws a uniformly random one of the discards that leave the fewest pieces
out (the expert's candidates) instead of its bot's, so the data sees the choices the expert weighs.
After every discard of a kept seat it records the features of the seat's 14 pieces
(:func:`rummykit.variants.closed_hand.value.hand_features`, from the seat's observation only) and,
once the round is over, whether that seat won it. A perceptron (``--hidden``
tanh units, one logistic output) is then fitted with numpy by Adam on the log loss, the last tenth
of the deals held out, the inputs' range kept as the net's bounds; the script prints the data's size
and the losses and writes the net (by default the shipped one for that many seats,
:func:`rummykit.variants.closed_hand.value.weights_path`).

Everything is reproducible from ``--seed`` (the deals, the exploration, the initial weights and
the minibatches). ``--data FILE`` keeps the collected rows in FILE (an ``.npz``; read back instead
of playing when it exists). Run::

    nice -n 19 .venv/bin/python scripts/train_value.py okey --deals 1500 --seed 1000000
    nice -n 19 .venv/bin/python scripts/train_value.py okey --players 2 --deals 4000 --seed 2000000
    nice -n 19 .venv/bin/python scripts/train_value.py okey --policy expert --iterations 4 \
        --explore 0 --deals 3000 --seed 1100000 --out /tmp/okey-expert.npz
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

import rummykit
from rummykit.bots.value_net import ValueNet
from rummykit.variants.closed_hand.actions import Verb
from rummykit.variants.closed_hand.bots import GreedyBot, _wilds, _without
from rummykit.variants.closed_hand.draw_value import unseen_counts
from rummykit.variants.closed_hand.expert import ExpertBot
from rummykit.variants.closed_hand.game import ClosedHandGame
from rummykit.variants.closed_hand.search import SearchBot
from rummykit.variants.closed_hand.value import DEFAULT_SEATS, FEATURES, hand_features, weights_path

Array = NDArray[np.float64]

POLICIES = ("greedy", "expert")
"""The self-play of ``--policy`` (module docstring)."""


@dataclass
class Data:
    """The collected rows: ``rows`` ``(n, len(FEATURES))``, ``won`` ``(n,)`` 0 or 1, ``deal``
    ``(n,)`` the deal each row came from."""

    rows: Array
    won: Array
    deal: NDArray[np.int64]


def collect(
    variant: str,
    players: int,
    deals: int,
    seed: int,
    explore: float,
    policy: str = "greedy",
    iterations: int = 4,
) -> Data:
    """Play the self-play rounds of the module docstring (``players`` seats, ``policy`` one of
    :data:`POLICIES`, the expert at ``iterations`` sampled draws a decision) and return the kept
    seats' rows. Raises ``ValueError`` for another policy."""
    if policy not in POLICIES:
        raise ValueError(f"the policy is one of {POLICIES}, not {policy!r}")
    game = rummykit.load(variant, rounds=1, players=players)
    assert isinstance(game, ClosedHandGame)
    greedy = GreedyBot(game)
    counts = SearchBot(game)
    rng = random.Random(f"train-value/{seed}")
    rows: list[list[float]] = []
    won: list[float] = []
    dealt: list[int] = []
    for deal in range(deals):
        state = game.new_state(seed + deal)
        bots: dict[int, GreedyBot | ExpertBot] = dict.fromkeys(range(players), greedy)
        if policy == "expert":
            bots[deal % players] = ExpertBot(game, seed + deal, iterations=iterations, seconds=None)
        kept = {seat for seat, bot in bots.items() if policy == "greedy" or bot is not greedy}
        seats: list[int] = []
        while (seat := game.current_seat(state)) is not None:
            view, legal = game.observe(state, seat), game.legal_actions(state, seat)
            action = bots[seat].choose(view, legal)
            if action.verb is Verb.DISCARD and seat in kept:
                wilds = _wilds(view)
                rack: list[int] = view["hand"]
                if rng.random() < explore:
                    faces = sorted({a.face for a in legal if a.verb is Verb.DISCARD and a.face is not None})
                    left = {f: counts.left_out(_without(rack, f), wilds) for f in faces}
                    face = rng.choice([f for f in faces if left[f] == min(left.values())])
                    action = next(a for a in legal if a.verb is Verb.DISCARD and a.face == face)
                assert action.face is not None
                unseen = unseen_counts(view, game.pieces)
                rows.append(
                    hand_features(
                        _without(rack, action.face),
                        wilds,
                        unseen,
                        view["stock_count"],
                        game.players,
                        counts.left_out,
                        counts.solver,
                        counts.pairs,
                    )
                )
                seats.append(seat)
            game.apply(state, seat, action)
        winner = state.results[-1].winner
        won += [float(s == winner) for s in seats]
        dealt += [deal] * len(seats)
    return Data(np.array(rows), np.array(won), np.array(dealt, dtype=np.int64))


def fit(
    data: Data,
    hidden: int,
    epochs: int,
    seed: int,
    holdout: float = 0.1,
    features: Sequence[str] = FEATURES,
) -> tuple[ValueNet, dict[str, float]]:
    """Fit the perceptron to ``data`` (the deals after the first ``1 - holdout`` held out; its rows'
    columns are ``features``) and return it with its log losses: ``train``, ``held_out`` and
    ``constant`` (the held-out loss of the training data's mean win rate). Kalooki's training
    (``scripts/train_kalooki_value.py``) fits its own features with it."""
    rng = np.random.default_rng(seed)
    cut = int(data.deal.max() * (1 - holdout))
    train = data.deal < cut
    x, y = data.rows[train], data.won[train]
    mean = x.mean(axis=0)
    scale = np.maximum(x.std(axis=0), 1e-6)
    z = (x - mean) / scale
    width = x.shape[1]
    params = [
        rng.normal(0, 1 / np.sqrt(width), (width, hidden)),
        np.zeros(hidden),
        rng.normal(0, 1 / np.sqrt(hidden), (hidden, 1)),
        np.zeros(1),
    ]
    moments = [np.zeros_like(p) for p in params]
    squares = [np.zeros_like(p) for p in params]
    step, rate, batch = 0, 0.01, 512
    for _ in range(epochs):
        order = rng.permutation(len(z))
        for start in range(0, len(z), batch):
            pick = order[start : start + batch]
            grads = _gradients(params, z[pick], y[pick])
            step += 1
            for i, g in enumerate(grads):
                moments[i] = 0.9 * moments[i] + 0.1 * g
                squares[i] = 0.999 * squares[i] + 0.001 * g * g
                params[i] -= (
                    rate * (moments[i] / (1 - 0.9**step)) / (np.sqrt(squares[i] / (1 - 0.999**step)) + 1e-8)
                )
    bounds = (x.min(axis=0), x.max(axis=0))
    net = ValueNet(features, bounds, mean, scale, [(params[0], params[1]), (params[2], params[3])])
    held = ~train
    base = float(np.clip(y.mean(), 1e-6, 1 - 1e-6))
    losses = {
        "train": _log_loss(net(x), y),
        "held_out": _log_loss(net(data.rows[held]), data.won[held]),
        "constant": _log_loss(np.full(int(held.sum()), base), data.won[held]),
    }
    return net, losses


def _gradients(params: list[Array], z: Array, y: Array) -> list[Array]:
    """The log loss's gradients for the parameters ``[w0, b0, w1, b1]`` on the rows ``z``."""
    w0, b0, w1, b1 = params
    h = np.tanh(z @ w0 + b0)
    p = 1 / (1 + np.exp(-(h @ w1 + b1)[:, 0]))
    d_out = ((p - y) / len(y))[:, None]
    d_h = (d_out @ w1.T) * (1 - h * h)
    return [z.T @ d_h, d_h.sum(axis=0), h.T @ d_out, d_out.sum(axis=0)]


def _log_loss(p: Array, y: Array) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    """Parse the command line, collect or read the rows, fit, print, write the net."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=("okey", "turkish_rummy"))
    parser.add_argument("--players", type=int, default=DEFAULT_SEATS)
    parser.add_argument("--deals", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=1_000_000)
    parser.add_argument("--policy", choices=POLICIES, default="greedy")
    parser.add_argument("--iterations", type=int, default=4, help="the expert's sampled draws a decision")
    parser.add_argument("--explore", type=float, default=0.25)
    parser.add_argument("--hidden", type=int, default=16)
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--data", type=Path, help="keep (or read back) the collected rows here")
    parser.add_argument("--out", type=Path, help="the net's file (default: the shipped one)")
    args = parser.parse_args()
    train(
        args,
        args.game,
        lambda: collect(
            args.game, args.players, args.deals, args.seed, args.explore, args.policy, args.iterations
        ),
        args.out or weights_path(args.game, args.players),
    )


def train(
    args: argparse.Namespace,
    game: str,
    gather: Callable[[], Data],
    out: Path,
    features: Sequence[str] = FEATURES,
) -> None:
    """The training scripts' run: the rows read back from ``args.data`` when it exists, else
    collected by ``gather()`` (and kept there when ``args.data`` names a file); the net of
    ``args.hidden`` units fitted over ``args.epochs`` from ``args.seed`` on ``features``,
    written to ``out``; one line of figures printed (rows, deals, win rate, CPU seconds to play,
    log losses, the file's size). Kalooki's training (``scripts/train_kalooki_value.py``) runs it
    too."""
    start = time.process_time()
    if args.data is not None and args.data.exists():
        with np.load(args.data) as saved:
            data = Data(saved["rows"], saved["won"], saved["deal"])
    else:
        data = gather()
        if args.data is not None:
            np.savez_compressed(args.data, rows=data.rows, won=data.won, deal=data.deal)
    played = time.process_time() - start
    net, losses = fit(data, args.hidden, args.epochs, args.seed, features=features)
    out.parent.mkdir(parents=True, exist_ok=True)
    net.save(out)
    print(
        f"{game}, {args.players} seats: {len(data.won)} rows from {int(data.deal.max()) + 1} deals "
        f"of seed {args.seed} "
        f"(win rate {data.won.mean():.3f}; {played:.0f} s of CPU time to play); log loss: train "
        f"{losses['train']:.4f}, held out {losses['held_out']:.4f}, constant {losses['constant']:.4f}; "
        f"{out} ({out.stat().st_size} bytes)"
    )


if __name__ == "__main__":
    main()
