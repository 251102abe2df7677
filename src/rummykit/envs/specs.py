"""How a game becomes a learning environment: its encoder and its rewards (:class:`EnvSpec`, one in
each game package's ``encoding`` module; no optional dependency; shared by the PettingZoo
environments and the OpenSpiel games)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rummykit.engine.game import Game
from rummykit.envs.encoder import Encoder
from rummykit.envs.factored import Factoring
from rummykit.errors import RummykitError
from rummykit.variants.registry import VARIANTS
from rummykit.variants.registry import variant as game_variant


@dataclass(frozen=True)
class EnvSpec:
    """One game as an environment.

    ``score_scale(game)``: the points that make a reward of 1; ``score_sign``: +1 where a higher
    score is better, -1 for penalty points (Kalooki); ``match_reward``: whether the match's result
    (``game.returns``, a win share) is paid at the match's end on top of the round rewards
    (without it the round rewards already add up to ``game.returns``). ``returns_sum`` and
    ``returns_bounds``: what ``game.returns`` adds up to and bounds it, ``max_players`` the rules'
    largest table (for OpenSpiel's game type and info). ``factoring``: the steps of the
    game's factored actions (:mod:`rummykit.envs.factored`; the environments' ``factored=True``),
    ``None`` where it has none. ``macros(game, observation, legal_ids, k)``: up to ``k`` engine
    actions (whole moves without an id, made from the seat's observation and legal ids only)
    offered as macro actions (the environments' ``macros=k``), ``None`` where it has none.
    """

    name: str
    variant: str
    encoder: Callable[[Game[Any, Any], float], Encoder]
    score_scale: Callable[[Game[Any, Any]], float]
    score_sign: float
    match_reward: bool
    returns_sum: float
    returns_bounds: tuple[float, float]
    max_players: int
    factoring: Factoring | None = None
    macros: Callable[[Game[Any, Any], dict[str, Any], Sequence[int], int], list[Any]] | None = None


CENTRED_BOUNDS = (-1000.0, 1000.0)
"""Loose bounds of a centred, normalised final score (no rule caps the points of a match)."""


def env_spec(variant: str) -> EnvSpec:
    """The environment spec of ``variant`` (its package's ``encoding`` module, imported on first
    use); raises :class:`RummykitError` for an unknown game or one without an environment."""
    info = game_variant(variant)
    spec: EnvSpec | None = info.part("env")
    if spec is None:
        raise RummykitError(f"{info.title} has no learning environment yet")
    return spec


def env_specs() -> dict[str, EnvSpec]:
    """The spec of every game with an environment, by variant (each game's ``encoding`` module
    imported)."""
    return {name: env_spec(name) for name, info in VARIANTS.items() if info.env is not None}
