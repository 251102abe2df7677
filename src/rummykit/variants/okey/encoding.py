"""Okey as a learning environment (``okey_v0``): the closed-hand encoder
(:class:`~rummykit.variants.closed_hand.encoding.ClosedHandEncoder`) and rewards that add up to
``game.returns`` (each round's score change against the mean, scaled; no reward at the match's end)."""

from __future__ import annotations

from rummykit.envs.specs import CENTRED_BOUNDS, EnvSpec
from rummykit.variants.closed_hand.encoding import ClosedHandEncoder, closed_hand_scale

ENV = EnvSpec("okey_v0", "okey", ClosedHandEncoder, closed_hand_scale, 1.0, False, 0.0, CENTRED_BOUNDS, 4)
"""Okey's environment spec (:class:`~rummykit.envs.specs.EnvSpec`)."""
