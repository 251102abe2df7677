"""The base of every game's state: plain data, cheap to copy, exact to and from JSON.

A variant's state is a (non-frozen) dataclass deriving from :class:`State`: piece ids per place,
the phase, scores, the round and the random stream's key (the match ``seed``). It holds no rules,
no solver and no cache; the :class:`rummykit.engine.game.Game` reads and changes it. Equal states
compare equal field by field.
"""

from __future__ import annotations

from typing import Any, Self

from rummykit.engine.codec import cloner, from_jsonable, to_jsonable


class State:
    """Mixin of the state dataclasses: :meth:`clone`, :meth:`to_json`, :meth:`from_json`."""

    seed: int
    """The match seed: with the round number it keys every shuffle."""
    round_no: int
    """The round being played (what every observation shows as ``round``)."""

    def clone(self) -> Self:
        """An independent copy (lists and sets copied, immutable values shared)."""
        result: Self = cloner(type(self))(self)
        return result

    def to_json(self) -> dict[str, Any]:
        """Every field as JSON values; :meth:`from_json` reads it back equal."""
        data: dict[str, Any] = to_jsonable(self)
        return data

    @classmethod
    def from_json(cls, data: Any) -> Self:
        """The state written by :meth:`to_json`; raises :class:`rummykit.engine.codec.CodecError`."""
        result: Self = from_jsonable(cls, data)
        return result
