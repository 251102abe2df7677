"""A learned value function for the bots: a small multilayer perceptron evaluated with numpy alone.

The net maps a vector of a position's features (each game names its own, from one seat's
observation only) to a probability: in the closed-hand games, that the seat wins the round. Its
inputs are standardised by the training data's mean and spread, its hidden layers are ``tanh``,
its output a logistic unit. Each input is first clipped to the range the training data spanned,
so that a position outside it (a heads-up round's long stock, for a net trained on four seats) is
valued as the nearest one the net has seen rather than by an extrapolation. The weights are a
small ``.npz`` file shipped in the package and written by ``scripts/train_value.py``, which trains
them (with numpy too) from self-play.

The file holds ``low``, ``high``, ``mean`` and ``scale`` (one per feature), ``w0, b0, w1, b1, …``
(layer ``i`` maps ``n_i`` inputs to ``n_{i+1}`` outputs: ``w_i`` of shape ``(n_i, n_{i+1})``,
``b_i`` of ``(n_{i+1},)``; the last has one output) and ``features``, the names of the inputs in
order.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from rummykit.errors import RummykitError

Array = NDArray[np.float64]


class ValueNet:
    """The perceptron of the module docstring: ``features`` names its inputs, ``low`` and ``high``
    bound them, ``mean`` and ``scale`` standardise them, ``layers`` are ``(weights, biases)`` pairs
    whose shapes chain from ``len(features)`` inputs to one output. Raises ``ValueError`` for
    shapes that don't chain, a scale that is not positive, a bound above its ``high``, or a net
    without layers."""

    def __init__(
        self,
        features: Sequence[str],
        bounds: tuple[Array, Array],
        mean: Array,
        scale: Array,
        layers: Sequence[tuple[Array, Array]],
    ) -> None:
        width = len(features)
        low, high = bounds
        if any(a.shape != (width,) for a in (low, high, mean, scale)) or not np.all(scale > 0):
            raise ValueError(f"low, high, mean and scale are {width} numbers each, every scale positive")
        if not np.all(low <= high):
            raise ValueError("every low bound is at most its high bound")
        if not layers:
            raise ValueError("a value net has at least one layer")
        for weights, biases in layers:
            if weights.shape[0] != width or biases.shape != (weights.shape[1],):
                raise ValueError(f"a layer of weights {weights.shape} doesn't follow {width} inputs")
            width = weights.shape[1]
        if width != 1:
            raise ValueError(f"a value net has one output, not {width}")
        self.features = tuple(features)
        self.low = low.astype(np.float64)
        self.high = high.astype(np.float64)
        self.mean = mean.astype(np.float64)
        self.scale = scale.astype(np.float64)
        self.layers = [(w.astype(np.float64), b.astype(np.float64)) for w, b in layers]

    def logits(self, rows: Array) -> Array:
        """The output unit before the logistic, for ``rows`` of shape ``(n, len(features))`` (each
        clipped to its bounds): shape ``(n,)``."""
        out = (np.clip(rows, self.low, self.high) - self.mean) / self.scale
        for i, (weights, biases) in enumerate(self.layers):
            out = out @ weights + biases
            if i < len(self.layers) - 1:
                out = np.tanh(out)
        return out[:, 0]

    def __call__(self, rows: Array) -> Array:
        """The probabilities (0 to 1) of ``rows`` of shape ``(n, len(features))``: shape ``(n,)``."""
        return 1.0 / (1.0 + np.exp(-self.logits(rows)))

    def arrays(self) -> dict[str, Array]:
        """The arrays of the file format (module docstring), by name."""
        out: dict[str, Array] = {"low": self.low, "high": self.high, "mean": self.mean, "scale": self.scale}
        for i, (weights, biases) in enumerate(self.layers):
            out[f"w{i}"] = weights
            out[f"b{i}"] = biases
        return out

    def save(self, path: Path) -> None:
        """Write the net to ``path`` (a ``.npz``, compressed)."""
        arrays: dict[str, Any] = {"features": np.array(self.features), **self.arrays()}
        np.savez_compressed(path, **arrays)

    @classmethod
    def load(cls, path: Path, features: Sequence[str]) -> ValueNet:
        """The net in ``path``, whose inputs must be ``features`` in that order; raises
        :class:`RummykitError` for a missing or unreadable file or other inputs."""
        try:
            with np.load(path, allow_pickle=False) as data:
                names = [str(n) for n in data["features"]]
                count = sum(1 for key in data.files if key.startswith("w"))
                layers = [(data[f"w{i}"], data[f"b{i}"]) for i in range(count)]
                bounds = (data["low"], data["high"])
                mean, scale = data["mean"], data["scale"]
        except (OSError, KeyError, ValueError) as exc:
            raise RummykitError(f"can't read the value net {path.name}: {exc}") from None
        if names != list(features):
            raise RummykitError(f"the value net {path.name} reads {names}, not {list(features)}")
        try:
            return cls(names, bounds, mean, scale, layers)
        except ValueError as exc:
            raise RummykitError(f"the value net {path.name} is malformed: {exc}") from None
