"""PettingZoo AEC environment of 101 Okey (:class:`rummykit.envs.aec.RummyEnv`; observation rows in
``docs/envs.md``).

Rewards: at each round's end, minus each seat's penalty points for the round (the fines for an
işlek or okey discard among them) less the mean, divided by the finisher's bonus made positive
(``finish_bonus``, 101; 101 when it is 0); at the match's end also ``game.returns`` (the win share:
1 / number of winners for each winner).

``env(**kwargs)`` is ``raw_env(**kwargs)`` with PettingZoo's usual wrappers; ``kwargs`` are
``render_mode``, ``max_steps`` and rule options (``okey_101`` preset names, e.g. ``players=3``, ``rounds=1``).
"""

from __future__ import annotations

from typing import Any

from rummykit.envs.aec import RummyEnv, make_env
from rummykit.envs.specs import env_spec

SPEC = env_spec("okey_101")


def raw_env(**kwargs: Any) -> RummyEnv:
    """The unwrapped environment."""
    return RummyEnv(SPEC, **kwargs)


def env(**kwargs: Any) -> Any:
    """The environment with the usual wrappers."""
    return make_env(raw_env, **kwargs)
