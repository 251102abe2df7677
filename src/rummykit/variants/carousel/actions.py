"""Carousel actions (``carousel.md`` "A turn"): values with a canonical text form.

``draw`` (one card from the stock); ``meld 4H 5H 6H | 7S 7D 7C JK[7H]`` (the whole new table,
every joker with its declared card; it must add at least one card from the hand); ``knock`` (end
the round, at the end of one's turn, with 5 points or less in hand); ``end`` (end the turn without
knocking, where the turn may end).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rummykit.core.notation import format_declared, parse_declared
from rummykit.core.pieces import Kind
from rummykit.engine.action_text import read_verb
from rummykit.errors import NotationError
from rummykit.solvers.rearrange import DeclaredFace


class CVerb(StrEnum):
    """The kinds of Carousel action."""

    DRAW = "draw"
    MELD = "meld"
    KNOCK = "knock"
    END = "end"


@dataclass(frozen=True)
class CarouselAction:
    """One Carousel action; ``table`` is the whole new table of a ``meld``."""

    verb: CVerb
    table: tuple[tuple[DeclaredFace, ...], ...] = ()

    def text(self) -> str:
        """Canonical text of the action."""
        if self.verb is not CVerb.MELD:
            return self.verb.value
        melds = (" ".join(format_declared(Kind.CARDS, f, d) for f, d in m) for m in self.table)
        return "meld " + " | ".join(melds)


def parse_action(text: str) -> CarouselAction:
    """The action written as ``text``; raises :class:`NotationError` naming what is wrong."""
    verb, rest = read_verb(text, CVerb)
    if verb is not CVerb.MELD:
        if rest:
            raise NotationError(text, f"{verb.value} takes nothing more")
        return CarouselAction(verb)
    table = tuple(tuple(parse_declared(Kind.CARDS, part)) for part in rest.split("|"))
    if not table or any(not m for m in table):
        raise NotationError(text, "meld takes the whole new table, melds separated by |")
    return CarouselAction(verb, table)
