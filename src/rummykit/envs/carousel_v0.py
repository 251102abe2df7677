"""PettingZoo AEC environment of Carousel (:class:`rummykit.envs.aec.RummyEnv`; observation rows in
``docs/envs.md``).

Rewards: at each round's end, each seat's score change for the round (points won, bonuses
included) less the mean, divided by ``target``; at the match's end also ``game.returns`` (1/k for
each of the k winners, -1/(players-k) for the others).

``env(**kwargs)`` is ``raw_env(**kwargs)`` with PettingZoo's usual wrappers; ``kwargs`` are
``render_mode``, ``max_steps`` and rule options (``carousel`` preset names, e.g. ``players=3``).
"""

from __future__ import annotations

from typing import Any

from rummykit.envs.aec import RummyEnv, make_env
from rummykit.envs.specs import env_spec

SPEC = env_spec("carousel")


def raw_env(**kwargs: Any) -> RummyEnv:
    """The unwrapped environment."""
    return RummyEnv(SPEC, **kwargs)


def env(**kwargs: Any) -> Any:
    """The environment with the usual wrappers."""
    return make_env(raw_env, **kwargs)
