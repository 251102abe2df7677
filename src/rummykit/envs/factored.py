"""Factored actions: one engine action id chosen in a few small steps instead of one pick among
all ids (``docs/envs.md``, "Factored actions").

A game's package may declare a :class:`Factoring` of its integer ids (its environment spec's
``factoring``): named steps, each a choice among ``size`` values, the first the action's type, and
the ids of each type as a block whose offsets are mixed-radix numbers, one digit per step that
applies to the type (:class:`Block`). The ids stay canonical: the factored choice of a
turn is, step after step, a narrowing of the legal ids (:class:`FactoredChoice`) until one is
left, and that id is what the engine plays.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from rummykit.errors import IllegalActionError

Ids = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Block:
    """The ids ``base .. base + prod(sizes) - 1`` of one type (value ``kind`` of step 0): each id's
    offset from ``base`` written in mixed radix, most significant digit first, ``digits`` giving
    each digit's (step, size)."""

    kind: int
    base: int
    digits: tuple[tuple[int, int], ...] = ()

    @property
    def end(self) -> int:
        """One past the block's last id."""
        return self.base + int(np.prod([size for _, size in self.digits], dtype=np.int64))


@dataclass(frozen=True)
class Factoring:
    """The steps of a game's factored actions: ``steps``, (name, size) of each step in order, the
    first the action's type; ``blocks``, the ids of each type (disjoint, every id in one)."""

    steps: tuple[tuple[str, int], ...]
    blocks: tuple[Block, ...]

    @property
    def width(self) -> int:
        """The largest step's size: the factored action space is ``Discrete(width)``."""
        return max(size for _, size in self.steps)

    @property
    def choice_size(self) -> int:
        """Length of :meth:`FactoredChoice.encode`: one flag per step (the step to choose) and one
        per value of each step (the values chosen so far)."""
        return len(self.steps) + sum(size for _, size in self.steps)

    def with_macros(self, k: int) -> Factoring:
        """This factoring with one more type, macro actions: macro ``i`` (``0 <= i < k``) is the
        pseudo id :attr:`end` ``+ i``, its value ``i`` at step 1 (``k`` at most that step's size;
        ``ValueError`` otherwise)."""
        if not 1 <= k <= self.steps[1][1]:
            raise ValueError(f"macros is 1..{self.steps[1][1]}, not {k}")
        kinds = self.steps[0][1]
        steps = ((self.steps[0][0], kinds + 1), *self.steps[1:])
        return Factoring(steps, (*self.blocks, Block(kinds, self.end, ((1, k),))))

    @property
    def end(self) -> int:
        """One past the last id of the blocks."""
        return max(block.end for block in self.blocks)

    def values(self, ids: Ids) -> Ids:
        """The values of ``ids`` (``int64``, shape ``(k,)``) at every step: ``int64`` of shape
        ``(k, len(steps))``, ``-1`` where a step does not apply to the id's type. Raises
        ``ValueError`` for an id in no block."""
        out = np.full((len(ids), len(self.steps)), -1, dtype=np.int64)
        found = np.zeros(len(ids), dtype=bool)
        for block in self.blocks:
            inside = (ids >= block.base) & (ids < block.end)
            if not inside.any():
                continue
            found |= inside
            rest = ids[inside] - block.base
            out[inside, 0] = block.kind
            for step, size in reversed(block.digits):
                rest, out[inside, step] = np.divmod(rest, size)
        if not found.all():
            raise ValueError(f"ids outside every block: {ids[~found][:5].tolist()}")
        return out


class FactoredChoice:
    """The choice of one engine action by the seat to move, in steps.

    ``legal``: the seat's legal ids now (non-empty). :attr:`step` is the step to choose, and
    :meth:`mask` its legal values; :meth:`choose` narrows the ids to those of the value chosen and
    returns the id once one is left and no step remains (else ``None``).
    """

    __slots__ = ("_offsets", "chosen", "factoring", "ids", "step", "table")

    def __init__(self, factoring: Factoring, legal: Sequence[int]) -> None:
        self.factoring = factoring
        self.ids: Ids = np.asarray(legal, dtype=np.int64)
        self.table: Ids = factoring.values(self.ids)
        self.chosen: list[tuple[int, int]] = []
        self.step = 0
        sizes = [size for _, size in factoring.steps]
        self._offsets = np.cumsum([len(sizes), *sizes[:-1]])

    def mask(self) -> npt.NDArray[np.int8]:
        """The values of :attr:`step` that lead to a legal id: ``int8`` flags of shape
        ``(factoring.width,)`` (nothing beyond the step's size)."""
        mask = np.zeros(self.factoring.width, dtype=np.int8)
        mask[self.table[:, self.step]] = 1
        return mask

    def choose(self, value: int) -> int | None:
        """Choose ``value`` at :attr:`step`: the legal id when the choice is complete, else
        ``None`` (and :attr:`step` is the next step that applies). Raises
        :class:`IllegalActionError` (the choice unchanged) for a value that leads to no legal id."""
        keep = self.table[:, self.step] == value
        if value < 0 or not keep.any():
            name = self.factoring.steps[self.step][0]
            raise IllegalActionError("not_legal", action=f"{name} {value}")
        self.ids, self.table = self.ids[keep], self.table[keep]
        self.chosen.append((self.step, value))
        later = np.flatnonzero(self.table[0, self.step + 1 :] >= 0)
        if len(later):
            self.step += 1 + int(later[0])
            return None
        assert len(self.ids) == 1, "a factoring maps two ids to the same values"
        return int(self.ids[0])

    def encode(self) -> npt.NDArray[np.float32]:
        """The choice so far for the observation: ``float32`` of shape
        ``(factoring.choice_size,)``: flag ``j`` for the step to choose, then for each step its
        values, the one chosen flagged."""
        out = np.zeros(self.factoring.choice_size, dtype=np.float32)
        out[self.step] = 1.0
        for step, value in self.chosen:
            out[self._offsets[step] + value] = 1.0
        return out
