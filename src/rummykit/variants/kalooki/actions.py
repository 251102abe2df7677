"""Kalooki actions (``kalooki.md`` "A turn"): values with a canonical text form.

``draw`` and ``take`` (the top of the stock or of the discard pile); ``meld QS KS AS | 7D 7H 7C``
(one or more new melds from the hand; a joker may be declared, ``5H 6H JK[7H]``); ``layoff 3 TH``
(add cards to table meld 3; ``layoff 3 JK[9H]``); ``release 3 KS`` (put the joker's declared card in
run 3 and take the joker) or ``release 2 7D 7C`` (complete set 2 with the missing suits and take a
joker); ``retract`` (take back this turn's melds while the opening's 51 is not reached);
``discard 7H`` (ends the turn; discarding the last card goes out).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rummykit.core.notation import format_declared, format_face, parse_declared
from rummykit.core.pieces import Kind
from rummykit.engine.action_text import read_verb
from rummykit.errors import NotationError

DeclaredFace = tuple[int, int | None]
"""A card to play: (face, declared face for a joker, or None)."""


class KVerb(StrEnum):
    """The kinds of Kalooki action."""

    DRAW = "draw"
    TAKE = "take"
    MELD = "meld"
    LAYOFF = "layoff"
    RELEASE = "release"
    RETRACT = "retract"
    DISCARD = "discard"


@dataclass(frozen=True)
class KalookiAction:
    """One Kalooki action: ``melds`` for ``meld``; ``target`` (a table meld number) and ``cards``
    for ``layoff`` and ``release``; ``face`` for ``discard``."""

    verb: KVerb
    melds: tuple[tuple[DeclaredFace, ...], ...] = ()
    target: int | None = None
    cards: tuple[DeclaredFace, ...] = ()
    face: int | None = None

    def text(self) -> str:
        """Canonical text of the action."""

        def cards_text(cards: tuple[DeclaredFace, ...]) -> str:
            return " ".join(format_declared(Kind.CARDS, f, d) for f, d in cards)

        if self.verb is KVerb.MELD:
            return "meld " + " | ".join(cards_text(m) for m in self.melds)
        if self.verb in (KVerb.LAYOFF, KVerb.RELEASE):
            return f"{self.verb.value} {self.target} {cards_text(self.cards)}"
        if self.verb is KVerb.DISCARD:
            assert self.face is not None
            return f"discard {format_face(Kind.CARDS, self.face)}"
        return self.verb.value


def parse_action(text: str) -> KalookiAction:
    """The action written as ``text``; raises :class:`NotationError` naming what is wrong."""
    verb, rest = read_verb(text, KVerb)
    if verb in (KVerb.DRAW, KVerb.TAKE, KVerb.RETRACT):
        if rest:
            raise NotationError(text, f"{verb.value} takes nothing more")
        return KalookiAction(verb)
    if verb is KVerb.DISCARD:
        single = parse_declared(Kind.CARDS, rest)
        if len(single) != 1 or single[0][1] is not None:
            raise NotationError(text, "discard takes exactly one card, e.g. discard 7H")
        return KalookiAction(verb, face=single[0][0])
    if verb is KVerb.MELD:
        melds = tuple(tuple(parse_declared(Kind.CARDS, part)) for part in rest.split("|"))
        if not melds or any(not m for m in melds):
            raise NotationError(text, "meld takes cards, melds separated by |, e.g. meld 7H 7D 7C")
        return KalookiAction(verb, melds=melds)
    number, _, cards_text = rest.partition(" ")
    if not number.isdigit():
        raise NotationError(text, f"{verb.value} takes a meld number then cards, e.g. {verb.value} 3 TH")
    cards = tuple(parse_declared(Kind.CARDS, cards_text))
    if not cards:
        raise NotationError(text, f"{verb.value} takes cards after the meld number")
    return KalookiAction(verb, target=int(number), cards=cards)
