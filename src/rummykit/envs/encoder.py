"""The observation encoder of a game (each game's own is in its package's ``encoding`` module): a
seat's view as a fixed-shape ``float32`` array.

An encoder is built once per game (its shape follows the rules: the number of players) and turns
``game.observe(state, seat)`` (nothing else) into an array of shape ``(rows, 53)``
(:meth:`Encoder.encode`); :meth:`Encoder.encode_state` gives the same array from the state, reading
only that seat's view (the closed-hand games read the engine's ``seat_view``, the part of
``observe`` the array needs, without building the rest of the dict); see
:mod:`rummykit.envs.encoding` for the conventions and ``docs/envs.md`` for every row.
:meth:`Encoder.describe` lists the rows of an encoder's layout.
"""

from __future__ import annotations

import struct
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from operator import truediv
from typing import Any, ClassVar

from rummykit.engine.game import Game
from rummykit.envs.encoding import WIDTH, Array, RowBuilder, stack

ROUND_SCALE = 10.0
"""The round number is written divided by this."""


EXACT = 2**53
"""Whole numbers below this in size are exact as float64."""


def _exact_int(scale: float) -> float:
    """``scale`` as an ``int`` when it is a whole number exact as a float64, else as a ``float``.
    An ``int`` numerator over an ``int`` scale (Python's true division: the exact quotient rounded
    once) is the float64 division of the two as floats, quotient for quotient, when both are exact
    as float64 (the scalar rows' numbers are small counts, scores and flags); it takes one
    number slot instead of the ``int``'s declined and the ``float``'s reflected one, about half
    the time."""
    whole = float(scale)
    return int(whole) if whole.is_integer() and abs(whole) < EXACT else whole


class Encoder(ABC):
    """A game's observation layout; ``score_scale`` (points) divides the scores written,
    ``hand_size`` the hand sizes."""

    hand_size: ClassVar[float]

    def __init__(self, game: Game[Any, Any], score_scale: float) -> None:
        self.game = game
        self.players = game.players
        self.score_scale = score_scale
        self.layout = RowBuilder()
        self._declare()
        assert self.layout.index["scalars"] == self.layout.height - 1, "the scalar row is the last"
        n = self.players
        common = [self.hand_size] * n + [game.pieces.size] + [score_scale] * n + [ROUND_SCALE] + [1.0] * n
        self._divisors = tuple(map(_exact_int, common + self._divisors_after_common()))
        """The scalar row's scales, in order (a whole one as an ``int``: :func:`_exact_int`)."""
        divided = max((at + 1 for at, scale in enumerate(self._divisors) if scale != 1), default=0)
        self._divided = self._divisors[:divided]
        """The scales up to the last that is not 1: the numbers after them are packed undivided
        (a number over 1 is the number itself as a float64, which ``struct`` makes of an ``int``,
        a ``bool`` or a ``float`` too: the same ``float32``), one division fewer each (about 400
        instructions, callgrind; a ``float`` packs about 100 fewer than an ``int``, converted)."""
        self._scalar_row = self._scalar_struct()
        """The scalar row as ``float32`` bytes: its numbers, then zeros."""
        self._moving: dict[int | None, list[float]] = {
            None: [0.0] * n,
            **{at: [float(seat == at) for seat in range(n)] for at in range(n)},
        }
        """The flags of the seat to move, by its place relative to the viewer (``None``: no seat)."""

    def _scalar_struct(self) -> struct.Struct:
        """The packer of the scalar row: one ``float32`` per scale, then zeros to :data:`WIDTH`."""
        count = len(self._divisors)
        return struct.Struct(f"={count}f{(WIDTH - count) * 4}x")

    def __getstate__(self) -> dict[str, Any]:
        """The attributes but the scalar row's packer (a ``struct.Struct`` does not pickle), for
        ``pickle`` and ``copy``."""
        state = dict(self.__dict__)
        del state["_scalar_row"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        """The attributes of :meth:`__getstate__`, the packer made again."""
        self.__dict__.update(state)
        self._scalar_row = self._scalar_struct()

    @property
    def shape(self) -> tuple[int, int]:
        """``(rows, 53)``."""
        return (self.layout.height, WIDTH)

    def describe(self) -> list[str]:
        """The layout, one line per row group."""
        return self.layout.describe()

    def encode(self, view: Mapping[str, Any]) -> Array:
        """The array of ``view`` (a ``game.observe`` dict): the face rows
        (:data:`rummykit.envs.encoding.face_row`), the scalar row's numbers divided by their
        scales."""
        seat = view["seat"]
        return self._array(*self._fill(view, 0 if seat is None else seat))

    def encode_state(self, state: Any, seat: int | None) -> Array:
        """The array of ``game.observe(state, seat)`` (exactly :meth:`encode`'s values), made from
        the seat's view without the whole observation where the game offers one; read-only from
        the start (:func:`rummykit.envs.encoding.stack`: the environment hands it out as it is)."""
        viewer = 0 if seat is None else seat
        return self._array(*self._fill(self.game.observe(state, seat), viewer), read_only=True)

    def _array(self, rows: list[bytes], numbers: Sequence[float], read_only: bool = False) -> Array:
        """The array of the face ``rows`` (``float32`` bytes, every row but the last) and the
        scalar row: ``numbers`` divided by their scales (float64 divisions, each quotient rounded
        to ``float32``; those after the last scale that is not 1 packed as they are, the same
        values), shaped ``(rows, 53)``, writable unless ``read_only``."""
        assert len(numbers) == len(self._divisors), "one number per scale"
        divided = self._divided
        rows.append(self._scalar_row.pack(*map(truediv, numbers, divided), *numbers[len(divided) :]))
        return stack(rows, read_only)

    def _common_numbers(
        self,
        counts: Sequence[int],
        stock: int,
        scores: Sequence[int],
        round_no: int,
        to_move: int | None,
        viewer: int,
    ) -> list[float]:
        """The scalar row's first numbers: hand sizes and scores (relative), the stock's size, the
        round and who is to move (relative one-hot); their scales are ``hand_size``, pieces,
        ``score_scale``, 10 and 1."""
        moving = self._moving[None if to_move is None else (to_move - viewer) % self.players]
        return [
            *counts[viewer:],
            *counts[:viewer],
            stock,
            *scores[viewer:],
            *scores[:viewer],
            round_no,
            *moving,
        ]

    def _view_numbers(self, view: Mapping[str, Any], viewer: int) -> list[float]:
        """:meth:`_common_numbers` of an observation dict."""
        return self._common_numbers(
            view["hand_counts"], view["stock_count"], view["scores"], view["round"], view["to_move"], viewer
        )

    def _seat_flags(self, seats: Iterable[int], viewer: int) -> list[float]:
        """One flag per relative position: whether its seat is among ``seats`` (1.0 or 0.0: a
        ``float`` packs without the conversion an ``int`` takes)."""
        flags = [0.0] * self.players
        for seat in seats:
            flags[(seat - viewer) % self.players] = 1.0
        return flags

    @abstractmethod
    def _declare(self) -> None:
        """Declare the rows (``self.layout.rows``)."""

    @abstractmethod
    def _divisors_after_common(self) -> list[float]:
        """The scales of the scalar row's numbers after the common ones (:meth:`_common_numbers`)."""

    @abstractmethod
    def _fill(self, view: Mapping[str, Any], viewer: int) -> tuple[list[bytes], list[float]]:
        """``view``'s face rows (every row but the scalar row, as ``float32`` bytes:
        :class:`rummykit.envs.encoding.Planes`) and the scalar row's numbers, each to be divided
        by its scale."""
