"""The Kalooki rules object: one field per option of ``kalooki.md``, same defaults."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from rummykit.core.melds import CardValues, MeldRules
from rummykit.core.pieces import Kind, card_set
from rummykit.engine.options import check_range
from rummykit.errors import RulesError
from rummykit.solvers.arrange import Objective
from rummykit.solvers.report import HandProfile

HAND_SIZE = 13
DECKS = card_set(2, 2)
"""The cards of a Kalooki table: two decks and two jokers (ids 0..105)."""

KALOOKI_VALUES = CardValues(ace=11, ace_meld=11, ace_low_run=1, court=10, joker=25)
"""Card values at the default options (``kalooki.md``, card values): an ace 11 (1 low in a run),
courts 10, a joker 25 in hand; a meld's cards count as what they stand for."""


class MatchMode(StrEnum):
    """How a match is played: elimination above a limit, one round, or a fixed number of rounds."""

    ELIMINATION = "elimination"
    SINGLE_ROUND = "single_round"
    ROUNDS = "rounds"


@dataclass(frozen=True)
class KalookiRules:
    """Options of ``kalooki.md``; see that spec for each one's meaning."""

    players: int = 4
    open_min: int = 51
    released_joker_must_be_used: bool = False
    max_reshuffles: int = 3
    hunt_penalty: int = 25
    joker_penalty: int = 25
    ace_penalty: int = 11
    match: MatchMode = MatchMode.ELIMINATION
    elimination_limit: int = 150
    rounds: int | None = None
    point_value: float = 1.0

    def __post_init__(self) -> None:
        check_range("players", self.players, 2, 6)
        check_range("open_min", self.open_min, 0)
        check_range("max_reshuffles", self.max_reshuffles, 0)
        check_range("elimination_limit", self.elimination_limit, 0)
        check_range("rounds", self.rounds, 1)
        if self.match is MatchMode.ROUNDS and self.rounds is None:
            raise RulesError("rules.match_rounds")
        if self.rounds is not None and self.match is not MatchMode.ROUNDS:
            # the spec counts rounds only in the rounds match: refused, not ignored
            raise RulesError("rules.rounds_without_match", match=self.match.value)

    def values(self) -> CardValues:
        """Card values with this table's ace and joker penalties in hand (meld values unchanged)."""
        return replace(KALOOKI_VALUES, ace=self.ace_penalty, joker=self.joker_penalty)

    def meld_rules(self) -> MeldRules:
        """Sets of distinct suits and runs, ace low or high."""
        return MeldRules(Kind.CARDS)

    def hand_profile(self) -> HandProfile:
        """Fewest deadwood points; reports the maximum meld value for the opening."""
        return HandProfile(
            self.meld_rules(), Objective.DEADWOOD, HAND_SIZE, values=self.values(), max_value=True
        )
