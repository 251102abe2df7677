"""Learning environments: PettingZoo AEC environments (``okey_v0``, ``turkish_rummy_v0``,
``kalooki_v0``, ``carousel_v0``; extra ``rl``) and OpenSpiel games (:mod:`rummykit.envs.openspiel`;
extra ``openspiel``) over the engine's :class:`rummykit.engine.game.Game` API. See ``docs/envs.md``.

The environment modules import ``pettingzoo`` and ``gymnasium``; this package itself imports
nothing optional.
"""

ENV_MODULES = ("okey_v0", "turkish_rummy_v0", "kalooki_v0", "carousel_v0")
"""The environment modules, one per game (``rummykit.envs.<name>``)."""
