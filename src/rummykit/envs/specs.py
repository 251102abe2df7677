"""How each game becomes a learning environment: its encoder and its rewards (no optional
dependency; shared by the PettingZoo environments and the OpenSpiel games)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rummykit.engine.game import Game
from rummykit.envs.encoders import (
    CarouselEncoder,
    ClosedHandEncoder,
    Encoder,
    KalookiEncoder,
    closed_hand_scale,
)


@dataclass(frozen=True)
class EnvSpec:
    """One game as an environment.

    ``score_scale(game)``: the points that make a reward of 1; ``score_sign``: +1 where a higher
    score is better, -1 for penalty points (Kalooki); ``match_reward``: whether the match's result
    (``game.returns``, a win share) is paid at the match's end on top of the round rewards
    (without it the round rewards already add up to ``game.returns``). ``returns_sum`` and
    ``returns_bounds``: what ``game.returns`` adds up to and bounds it, ``max_players`` the rules'
    largest table (for OpenSpiel's game type and info).
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


def _carousel_scale(game: Game[Any, Any]) -> float:
    return float(game.rules.target)


def _kalooki_scale(game: Game[Any, Any]) -> float:
    return float(game.rules.elimination_limit or 100)


CENTRED_BOUNDS = (-1000.0, 1000.0)
"""Loose bounds of a centred, normalised final score (no rule caps the points of a match)."""

SPECS = {
    spec.variant: spec
    for spec in (
        EnvSpec("okey_v0", "okey", ClosedHandEncoder, closed_hand_scale, 1.0, False, 0.0, CENTRED_BOUNDS, 4),
        EnvSpec(
            "turkish_rummy_v0",
            "turkish_rummy",
            ClosedHandEncoder,
            closed_hand_scale,
            1.0,
            False,
            0.0,
            CENTRED_BOUNDS,
            4,
        ),
        EnvSpec("kalooki_v0", "kalooki", KalookiEncoder, _kalooki_scale, -1.0, True, 1.0, (0.0, 1.0), 6),
        EnvSpec("carousel_v0", "carousel", CarouselEncoder, _carousel_scale, 1.0, True, 0.0, (-1.0, 1.0), 5),
    )
}
"""The spec of each variant."""
