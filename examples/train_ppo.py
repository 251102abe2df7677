"""A small neural policy trained by PPO against the greedy bot: heads-up one-round Kalooki through
the PettingZoo AEC API (PyTorch on the CPU: ``pip install -e '.[train]'``).

Run: ``python examples/train_ppo.py [--minutes 20] [--matches 8] [--eval-every 5] [--eval-games
100] [--seed 0] [--load PATH] [--save PATH]``. Each iteration plays ``--matches`` training matches
against ``rummykit``'s greedy bot (the learner's seat alternating; deals ``seed + 10**6 ..``) and
makes one PPO update from them; every ``--eval-every`` iterations it prints the win rate against
the greedy bot on the same ``--eval-games`` deals (seeds ``seed ..``, the policy sampled, seats
alternating), with a 95% Wilson interval, until ``--minutes`` of CPU time are spent. ``--load``
starts from a policy saved before, ``--save`` writes the trained one (``torch.save`` of its
``state_dict``).

The policy: the observation array (flattened) -> 256 -> 256 (ReLU) -> one logit per action id
(19,254, the illegal ones masked out) and a value head. Reward: the match's result (+1 won, -1
lost, 0 a tie) at its end, no discount; advantage: result - value. PPO: clip 0.2, 4 epochs of
minibatches of 512, Adam 3e-4, value weight 0.5, entropy weight 0.01. The learner reads only its
own observation; the greedy bot plays from its own view (``game.observe``) and legal actions.
"""

from __future__ import annotations

import argparse
import pickle
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

import numpy as np
import torch
from torch import nn

from rummykit.bots.registry import make_bot
from rummykit.bots.tournament import wilson
from rummykit.envs import kalooki_v0

RULES: dict[str, Any] = {"players": 2, "match": "single_round"}


class Policy(nn.Module):  # type: ignore[misc]
    """Logits over the action ids (shape ``(batch, actions)``) and values (``(batch,)``) of
    flattened observation arrays (``(batch, inputs)``)."""

    def __init__(self, inputs: int, actions: int, hidden: int = 256) -> None:
        super().__init__()
        self.body = nn.Sequential(nn.Linear(inputs, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
        self.logits = nn.Linear(hidden, actions)
        self.value = nn.Linear(hidden, 1)

    def forward(self, x: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = self.body(x)
        logits = self.logits(h).masked_fill(~mask, -1e9)
        return logits, self.value(h).squeeze(-1)


@dataclass
class Batch:
    """One iteration's learner decisions: observations, masks, actions, log-probabilities, values
    and the result of the match each belongs to."""

    obs: list[np.ndarray] = field(default_factory=list)
    masks: list[np.ndarray] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    logps: list[float] = field(default_factory=list)
    values: list[float] = field(default_factory=list)
    results: list[float] = field(default_factory=list)


def play(env: Any, bot: Any, policy: Policy, seed: int, seat: int, batch: Batch | None) -> float:
    """One match dealt by ``seed``, the policy at ``seat`` and the greedy bot at the other: the
    result for the policy (+1, 0, -1); its decisions are added to ``batch`` when given."""
    raw = env.unwrapped
    env.reset(seed=seed)
    me = env.possible_agents[seat]
    returns = dict.fromkeys(env.possible_agents, 0.0)
    decisions = 0
    for agent in env.agent_iter():
        obs, reward, termination, truncation, _ = env.last()
        returns[agent] += reward
        if termination or truncation:
            env.step(None)
        elif agent == me:
            x = torch.tensor(obs["observation"]).reshape(1, -1)  # a copy: the env's array is read-only
            mask = torch.from_numpy(obs["action_mask"].astype(bool)).unsqueeze(0)
            with torch.no_grad():
                logits, value = policy(x, mask)
            dist = torch.distributions.Categorical(logits=logits)
            action = dist.sample()
            if batch is not None:
                batch.obs.append(x[0].numpy())
                batch.masks.append(mask[0].numpy())
                batch.actions.append(int(action))
                batch.logps.append(float(dist.log_prob(action)))
                batch.values.append(float(value))
                decisions += 1
            env.step(int(action))
        else:
            other = 1 - seat
            chosen = bot.choose(raw.game.observe(raw.state, other), raw.game.legal_actions(raw.state, other))
            env.step(raw.game.action_id(raw.state, chosen))
    other_agent = env.possible_agents[1 - seat]
    result = float(np.sign(returns[me] - returns[other_agent]))
    if batch is not None:
        batch.results += [result] * decisions
    return result


def update(policy: Policy, optimiser: torch.optim.Optimizer, batch: Batch, rng: np.random.Generator) -> None:
    """One PPO update (module docstring) on ``batch``."""
    obs = torch.from_numpy(np.stack(batch.obs))
    masks = torch.from_numpy(np.stack(batch.masks))
    actions = torch.tensor(batch.actions)
    old_logps = torch.tensor(batch.logps)
    returns = torch.tensor(batch.results)
    advantages = returns - torch.tensor(batch.values)
    advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
    n = len(actions)
    for _ in range(4):
        for chunk in np.array_split(rng.permutation(n), max(1, n // 512)):
            idx = torch.from_numpy(chunk)
            logits, values = policy(obs[idx], masks[idx])
            dist = torch.distributions.Categorical(logits=logits)
            ratio = torch.exp(dist.log_prob(actions[idx]) - old_logps[idx])
            adv = advantages[idx]
            clipped = torch.clamp(ratio, 0.8, 1.2) * adv
            loss = (
                -torch.min(ratio * adv, clipped).mean()
                + 0.5 * ((values - returns[idx]) ** 2).mean()
                - 0.01 * dist.entropy().mean()
            )
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()


def at_least(low: float, kind: Callable[[str], float] = int) -> Callable[[str], float]:
    """An argparse type: a number of ``kind`` (a whole number by default) from ``low``."""

    def number(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            value = low - 1
        if not value >= low:  # NaN too
            raise argparse.ArgumentTypeError(f"a number from {low}, not {text!r}")
        return value

    return number


def fail(message: str) -> NoReturn:
    """Stop with ``message`` as one line on standard error, exit code 2 (as argparse's errors)."""
    print(f"error: {message}", file=sys.stderr)
    sys.exit(2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=at_least(0, float), default=20.0, help="CPU minutes to train")
    parser.add_argument("--matches", type=at_least(1), default=8, help="training matches per iteration")
    parser.add_argument("--eval-every", type=at_least(1), default=5, help="iterations between evaluations")
    parser.add_argument("--eval-games", type=at_least(1), default=100)
    parser.add_argument("--seed", type=at_least(0), default=0)
    parser.add_argument("--load", type=Path, help="start from the policy saved in this file")
    parser.add_argument("--save", type=Path, help="write the trained policy to this file")
    args = parser.parse_args()
    if args.save and (args.save.is_dir() or not args.save.parent.is_dir()):
        fail(f"can't save to {args.save}: not a file in an existing folder")
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    rng = np.random.default_rng(args.seed)
    env = kalooki_v0.env(**RULES)
    bot = make_bot("greedy", env.unwrapped.game, args.seed)
    env.reset(seed=0)
    inputs = int(np.prod(env.unwrapped.encoder.shape))
    policy = Policy(inputs, env.unwrapped.game.num_actions)
    if args.load:
        try:
            policy.load_state_dict(torch.load(args.load, weights_only=True))
        except (OSError, RuntimeError, EOFError, pickle.UnpicklingError, KeyError, TypeError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) else "not a policy this script saved (--save)"
            fail(f"can't load a policy from {args.load}: {reason}")
    optimiser = torch.optim.Adam(policy.parameters(), lr=3e-4)
    print(f"kalooki_v0 {RULES}: PPO against the greedy bot; win rate on {args.eval_games} deals, 95% Wilson")
    start = time.process_time()
    iteration = played = 0
    while True:
        if iteration % args.eval_every == 0:
            score = sum(play(env, bot, policy, args.seed + g, g % 2, None) for g in range(args.eval_games))
            rate = (score / args.eval_games + 1) / 2  # a tie (0) counts half
            low, high = wilson(rate * args.eval_games, args.eval_games)
            minutes = (time.process_time() - start) / 60
            print(
                f"{minutes:6.1f} CPU min, {played:5d} matches: {rate:.3f} [{low:.3f}, {high:.3f}]", flush=True
            )
        if time.process_time() - start > args.minutes * 60:
            break
        batch = Batch()
        for _ in range(args.matches):
            play(env, bot, policy, args.seed + 10**6 + played, played % 2, batch)
            played += 1
        update(policy, optimiser, batch, rng)
        iteration += 1
    if args.save:
        try:
            torch.save(policy.state_dict(), args.save)
        except (OSError, RuntimeError) as exc:
            fail(f"can't save to {args.save}: {exc.strerror if isinstance(exc, OSError) else exc}")


if __name__ == "__main__":
    main()
