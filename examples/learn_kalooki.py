"""A learner that measurably learns in minutes on one core: heads-up one-round Kalooki against a
uniformly random opponent, through the PettingZoo AEC API.

Run: ``python examples/learn_kalooki.py [--matches 1000] [--every 50] [--eval-games 400]
[--seed 0] [--load PATH] [--save PATH]``. It prints the learner's win rate against random before
training and after every ``--every`` training matches, each on the same ``--eval-games`` deals
(seeds ``seed ..``, seats alternating; training deals are ``seed + 10**6 ..``), with a 95% Wilson
interval. ``--load`` starts from a learner saved before, ``--save`` writes the trained one (its
seven logits and baseline as JSON; ``--matches 0 --load PATH`` only evaluates it).

What it learns: a softmax policy over its legal ids with one logit per kind of action (draw, take,
retract, discard, meld, lay-off, release; :class:`KindLearner`), trained by REINFORCE on the
result of each match (won +1, lost -1). Untrained (all logits zero) it is exactly the random
opponent; it learns which kinds of move win (to lay melds and lay off rather than discard, to
draw rather than take), reading nothing but its observation's mask and its rewards.

Why this setting: every heads-up one-round Kalooki match ends with a winner and non-zero rewards
(in one-round Turkish Rummy under random play most rounds stall with none), so each training
match is one sample.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

import numpy as np
import numpy.typing as npt

from rummykit.bots.tournament import wilson
from rummykit.envs import kalooki_v0
from rummykit.variants.kalooki.actions import (
    DISCARD_BASE,
    LAYOFF_BASE,
    MELD_BASE,
    RELEASE_BASE,
)

DRAW, TAKE, RETRACT = 0, 1, 2

RULES: dict[str, Any] = {"players": 2, "match": "single_round"}


KIND_STARTS = np.array([DRAW, TAKE, RETRACT, DISCARD_BASE, MELD_BASE, LAYOFF_BASE, RELEASE_BASE])
"""The first id of each kind of Kalooki action: draw, take, retract, discard, meld, lay-off,
release."""


@dataclass
class KindLearner:
    """A softmax policy over the legal ids whose logit is ``kind[k]`` for an id of kind ``k``
    (:data:`KIND_STARTS`; shape ``(7,)``), learnt by REINFORCE: after each training match, ``rate``
    times its result (+1 won, -1 lost, 0 a tie) less the mean result so far, times the sum of the
    match's score-function gradients. All zeros (untrained) it is the uniformly random opponent."""

    rate: float = 0.03
    kind: npt.NDArray[np.float64] = field(default_factory=lambda: np.zeros(len(KIND_STARTS)))
    grad: npt.NDArray[np.float64] = field(default_factory=lambda: np.zeros(len(KIND_STARTS)))
    baseline: float = 0.0
    matches: int = 0

    def act(self, mask: npt.NDArray[np.int8], rng: np.random.Generator, learn: bool) -> int:
        """One legal id drawn from the policy (``mask``: the legal ids' flags); with ``learn`` its
        score-function gradient is added to the match's."""
        legal = np.flatnonzero(mask)
        kinds = np.searchsorted(KIND_STARTS, legal, side="right") - 1
        p = np.exp(self.kind[kinds] - self.kind[kinds].max())
        p /= p.sum()
        i = int(rng.choice(len(legal), p=p))
        if learn:
            self.grad[kinds[i]] += 1.0
            np.subtract.at(self.grad, kinds, p)
        return int(legal[i])

    def learn(self, result: float) -> None:
        """End of a training match of ``result`` (+1, 0, -1): one REINFORCE step."""
        self.kind += self.rate * (result - self.baseline) * self.grad
        self.grad[:] = 0.0
        self.matches += 1
        self.baseline += (result - self.baseline) / self.matches

    def save(self, path: Path) -> None:
        """Write the learner (its logits, baseline and matches learnt from) to ``path`` as JSON."""
        saved = {"kind": self.kind.tolist(), "baseline": self.baseline, "matches": self.matches}
        path.write_text(json.dumps(saved), encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> KindLearner:
        """The learner :meth:`save` wrote to ``path`` (``OSError``, ``ValueError``, ``KeyError``
        or ``TypeError`` when it can't be read or is no such learner)."""
        saved = json.loads(path.read_text(encoding="utf-8"))
        kind = np.array(saved["kind"], dtype=np.float64)
        if kind.shape != (len(KIND_STARTS),):
            raise ValueError(f"{len(KIND_STARTS)} logits, not {kind.size}")
        return cls(kind=kind, baseline=float(saved["baseline"]), matches=int(saved["matches"]))


def play(
    env: Any, seed: int, seat: int, learner: KindLearner, rng: np.random.Generator, learn: bool
) -> tuple[float, float]:
    """One match dealt by ``seed``, the learner at ``seat`` (learning from it with ``learn``) and a
    random opponent: (the learner's return, the opponent's)."""
    env.reset(seed=seed)
    me = env.possible_agents[seat]
    returns = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, _ = env.last()
        returns[agent] += reward
        if termination or truncation:
            env.step(None)
        elif agent == me:
            env.step(learner.act(obs["action_mask"], rng, learn))
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    other = next(r for a, r in returns.items() if a != me)
    return returns[me], other


def win_rate(env: Any, learner: KindLearner, games: int, seed: int) -> float:
    """The learner's share of ``games`` matches won against random (a tie counts half), dealt by
    seeds ``seed .. seed + games - 1``, seats alternating; it does not learn from them."""
    rng = np.random.default_rng(seed)
    score = 0.0
    for g in range(games):
        mine, other = play(env, seed + g, g % 2, learner, rng, learn=False)
        score += 1.0 if mine > other else 0.5 if mine == other else 0.0
    return score / games


def train(env: Any, learner: KindLearner, matches: int, seed: int, first: int = 0) -> None:
    """Training matches ``first .. first + matches - 1`` (deals ``seed + 10**6 + i``), seats
    alternating."""
    rng = np.random.default_rng([seed, first])
    for i in range(first, first + matches):
        mine, other = play(env, seed + 10**6 + i, i % 2, learner, rng, learn=True)
        learner.learn(float(np.sign(mine - other)))


def at_least(low: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low``."""

    def number(text: str) -> int:
        if not text.strip().lstrip("+-").isdigit() or int(text) < low:
            raise argparse.ArgumentTypeError(f"a whole number from {low}, not {text!r}")
        return int(text)

    return number


def fail(message: str) -> NoReturn:
    """Stop with ``message`` as one line on standard error, exit code 2 (as argparse's errors)."""
    print(f"error: {message}", file=sys.stderr)
    sys.exit(2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=at_least(0), default=1000, help="training matches in all")
    parser.add_argument("--every", type=at_least(1), default=50, help="training matches between evaluations")
    parser.add_argument("--eval-games", type=at_least(1), default=400)
    parser.add_argument("--seed", type=at_least(0), default=0)
    parser.add_argument("--load", type=Path, help="start from the learner saved in this file")
    parser.add_argument("--save", type=Path, help="write the trained learner to this file (JSON)")
    args = parser.parse_args()
    if args.save and (args.save.is_dir() or not args.save.parent.is_dir()):
        fail(f"can't save to {args.save}: not a file in an existing folder")
    env = kalooki_v0.env(**RULES)
    try:
        learner = KindLearner.load(args.load) if args.load else KindLearner()
    except (OSError, ValueError, KeyError, TypeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else f"not a saved learner ({exc})"
        fail(f"can't load a learner from {args.load}: {reason}")
    print(f"kalooki_v0 {RULES}: win rate against random on {args.eval_games} deals, 95% Wilson interval")
    done = 0
    while True:
        rate = win_rate(env, learner, args.eval_games, args.seed)
        low, high = wilson(rate * args.eval_games, args.eval_games)
        print(f"after {done:5d} training matches: {rate:.3f} [{low:.3f}, {high:.3f}]", flush=True)
        if done >= args.matches:
            break
        step = min(args.every, args.matches - done)
        train(env, learner, step, args.seed, done)
        done += step
    if args.save:
        try:
            learner.save(args.save)
        except OSError as exc:
            fail(f"can't save to {args.save}: {exc.strerror}")


if __name__ == "__main__":
    main()
