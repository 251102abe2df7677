"""PettingZoo AEC environment of Turkish Rummy (:class:`rummykit.envs.aec.RummyEnv`; observation rows in
``docs/envs.md``).

Rewards: at each round's end, each seat's score change for the round minus the mean change,
divided by the game's ``returns_scale``; they add up to ``game.returns`` at the match's end.

``env(**kwargs)`` is ``raw_env(**kwargs)`` with PettingZoo's usual wrappers; ``kwargs`` are
``render_mode``, ``max_steps`` and rule options (``turkish_rummy`` preset names, e.g. ``players=3``).
"""

from __future__ import annotations

from typing import Any

from rummykit.envs.aec import RummyEnv, make_env
from rummykit.envs.specs import env_spec

SPEC = env_spec("turkish_rummy")


def raw_env(**kwargs: Any) -> RummyEnv:
    """The unwrapped environment."""
    return RummyEnv(SPEC, **kwargs)


def env(**kwargs: Any) -> Any:
    """The environment with the usual wrappers."""
    return make_env(raw_env, **kwargs)
