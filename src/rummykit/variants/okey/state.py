"""The plain data of an Okey match: the closed-hand state with the indicator and the seats that
showed its twin (``okey.md``)."""

from __future__ import annotations

from dataclasses import dataclass

from rummykit.variants.closed_hand.state import ClosedHandState


@dataclass(eq=True)
class OkeyState(ClosedHandState):
    """The shared closed-hand state plus the ``indicator`` (a tile id) and the seats that have
    ``shown`` its twin this round, in order."""

    indicator: int
    shown: list[int]
