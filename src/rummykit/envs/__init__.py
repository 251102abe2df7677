"""Learning environments: PettingZoo AEC environments (``<game>_v0``, one module per game with an
environment; extra ``rl``) and OpenSpiel games (:mod:`rummykit.envs.openspiel`;
extra ``openspiel``) over the engine's :class:`rummykit.engine.game.Game` API. See ``docs/envs.md``.

The environment modules import ``pettingzoo`` and ``gymnasium``; this package itself imports
nothing optional.
"""

from rummykit.variants.registry import VARIANTS

ENV_MODULES = tuple(f"{info.name}_v0" for info in VARIANTS.values() if info.env is not None)
"""The environment modules, one per game with an environment (``rummykit.envs.<game>_v0``)."""
