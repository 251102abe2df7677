"""The Carousel rules object: one field per option of ``carousel.md``, same defaults."""

from __future__ import annotations

from dataclasses import dataclass

from rummykit.core.melds import CardValues, MeldRules
from rummykit.core.pieces import Kind
from rummykit.engine.options import check_range
from rummykit.solvers.arrange import Objective
from rummykit.solvers.report import HandProfile

HAND_SIZE = 10

CAROUSEL_VALUES = CardValues(ace=1, ace_meld=1, ace_low_run=1, court=10, joker=25)
"""Card values (``carousel.md``, card values): an ace 1, courts 10, a joker 25 in hand."""


@dataclass(frozen=True)
class CarouselRules:
    """Options of ``carousel.md``; see that spec for each one's meaning."""

    players: int = 4
    must_meld_if_able: bool = False
    knock_max: int = 5
    knock_requires_prior_meld: bool = True
    not_knocker_bonus: int = 10
    go_out_bonus: int = 25
    target: int = 150
    game_bonus: int = 100
    round_win_bonus: int = 25
    joker_replace_from_table: bool = True

    def __post_init__(self) -> None:
        check_range("players", self.players, 2, 5)
        check_range("knock_max", self.knock_max, 0)
        check_range("target", self.target, 1)

    @property
    def decks(self) -> int:
        """One deck and a joker for two players, two decks and two jokers for three to five."""
        return 1 if self.players == 2 else 2

    def meld_rules(self) -> MeldRules:
        """Groups of distinct suits and sequences, ace low or high."""
        return MeldRules(Kind.CARDS)

    def hand_profile(self) -> HandProfile:
        """Fewest points in hand (ace 1, joker 25); no discards, so no finishes."""
        return HandProfile(
            self.meld_rules(), Objective.DEADWOOD, HAND_SIZE, values=CAROUSEL_VALUES, finish_discard=False
        )
