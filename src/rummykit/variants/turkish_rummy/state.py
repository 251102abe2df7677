"""The plain data of a Turkish Rummy match: the closed-hand state with the up card and the round's
draw for the order of play (``turkish-rummy.md``)."""

from __future__ import annotations

from dataclasses import dataclass

from rummykit.variants.closed_hand.state import ClosedHandState

OrderDraw = tuple[int, int]
"""(seat, face of the card it drew) in the draw for the order of play."""


@dataclass(eq=True)
class TurkishRummyState(ClosedHandState):
    """The shared closed-hand state plus the ``up_card`` (a card id) and this round's draw for the
    order of play, ``order_draws``."""

    up_card: int
    order_draws: tuple[OrderDraw, ...]
