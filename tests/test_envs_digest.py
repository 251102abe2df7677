"""Seeded episodes of every PettingZoo environment give exactly the observations, masks, rewards,
terminations and truncations they gave before the environments' speed work (issue #31): a SHA-256
of each line's episodes against a digest stored from the code before that work (commit 0132183)."""

from __future__ import annotations

import hashlib
import importlib
import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

LINES: dict[str, tuple[str, dict[str, Any], int]] = {
    "okey": ("okey_v0", {}, 4000),
    "okey 2 players": ("okey_v0", {"players": 2, "rounds": 1}, 2000),
    "turkish rummy": ("turkish_rummy_v0", {}, 3000),
    "turkish rummy 3 players": (
        "turkish_rummy_v0",
        {"players": 3, "up_card_sets_wild": True, "rounds": 1},
        2000,
    ),
    "kalooki": ("kalooki_v0", {}, 4000),
    "kalooki 3 players": ("kalooki_v0", {"players": 3, "match": "single_round"}, 1500),
    "kalooki factored": ("kalooki_v0", {"factored": True, "match": "single_round"}, 3000),
    "carousel": ("carousel_v0", {"target": 30}, 300),
    "carousel factored macros": ("carousel_v0", {"factored": True, "macros": 4, "target": 30}, 1500),
    "101 okey": ("okey_101_v0", {}, 3000),
    "101 okey 2 players": ("okey_101_v0", {"players": 2, "rounds": 1}, 1500),
}
"""Each line: the module, its ``env`` arguments and the steps played (over seeded matches)."""

DIGESTS = {
    "okey": "f6d9004f3be1c5f29dc091e20497b2e74424b8975d9b5c97096e7de715bf3aa2",
    "okey 2 players": "5593ea9bdbc095178f8269546d1107da7c29883feba2105ab94b8fe3167f8e95",
    "turkish rummy": "66fd6cc2d5d666805e293de7e8aeb4cb2f768597a2984c9e2f462009dbdb349d",
    "turkish rummy 3 players": "5f0c60206b959c753808d8b06d0c92b02d73d34f6fbc8a4adb50ed2b6fdccbf3",
    "kalooki": "cbf0fcc41e094d03d7d47542ff0391e7c3401c614419b5bd5ce02ab6c86f1d2d",
    "kalooki 3 players": "67b8dd0d9f1bf8891d0e616b1640ac2d4a4eac0e9aa00759de3d5734d72bbcb0",
    "kalooki factored": "d3bf465611e27b793c9b6e0032db45f55781db1fffedbc1ec099f6749f3c6a3d",
    "carousel": "29f920f2ece3211c3499bd11bdbf0454e4b97178a810a786cac105d602c78874",
    "carousel factored macros": "5e9d181599e4ec151e6792b9657854de2121683cd3e8e011bae9c753801bc656",
    "101 okey": "9c7b22a928fa590905dc1fb340822d19c8c84959dbd401ab247cdaad440bb38f",
    "101 okey 2 players": "9658311b3b6a0d61c370b71c3c377e4f83621d738c971a6f1c19e656a7de606c",
}
"""The digests of :func:`episodes_digest`, computed before the speed work; Kalooki's again when a
turn became finite (a retract once a turn, then the opening in one action: the masks after a
retract changed, ``docs/rule-choices.md``), and again when after a retract a meld was listed while
the turn can still end after it (the opening in reach, or going out): the first step whose mask
changed was after a retract in each of the three lines. 101 Okey's two again when the same rule
came to 101 (a meld or pair after a retract listed while the opening or a hand finish stays in
reach): the first step whose mask changed was after a retract, by a seat not opened, in both
(steps 86 and 45). Both again when a ``retract`` gave back a taken discard before anything was
laid (the turn timer's way not to show the hand): the first step whose mask changed was right
after a ``take``, ``retract`` (id 2) added to it, in both (steps 84 and 62)."""


def _update(digest: Any, obs: dict[str, np.ndarray]) -> None:
    for key in sorted(obs):
        digest.update(key.encode())
        digest.update(str(obs[key].dtype).encode())
        digest.update(repr(obs[key].shape).encode())
        digest.update(obs[key].tobytes())


def episodes_digest(name: str, kwargs: dict[str, Any], steps: int) -> str:
    """SHA-256 of ``steps`` steps of random legal play (``random.Random(7)``) through the AEC loop
    of ``env(**kwargs)``, matches dealt by seeds 0, 1, ..: every ``last()`` (observation, mask,
    reward, termination, truncation), every seventh step another agent's ``observe`` too, and the
    raw environment's rewards after each step."""
    env = importlib.import_module(f"rummykit.envs.{name}").env(**kwargs)
    rng = random.Random(7)
    digest = hashlib.sha256()
    done = match = 0
    while done < steps:
        env.reset(seed=match)
        for agent in env.agent_iter():
            obs, reward, termination, truncation, info = env.last()
            digest.update(f"{agent} {reward!r} {termination} {truncation} {sorted(info)}".encode())
            _update(digest, obs)
            if done % 7 == 3:
                other = env.possible_agents[(env.possible_agents.index(agent) + 1) % len(env.possible_agents)]
                _update(digest, env.observe(other))
            legal = np.flatnonzero(obs["action_mask"]).tolist()
            env.step(None if termination or truncation else rng.choice(legal))
            digest.update(repr(sorted(env.unwrapped.rewards.items())).encode())
            done += 1
            if done >= steps:
                break
        match += 1
    return digest.hexdigest()


@pytest.mark.parametrize("line", LINES)
def test_seeded_episodes_are_unchanged(line: str) -> None:
    name, kwargs, steps = LINES[line]
    assert episodes_digest(name, kwargs, steps) == DIGESTS[line]
