"""The Turkish Rummy rules object: one field per option of ``turkish-rummy.md``, same defaults."""

from __future__ import annotations

from dataclasses import dataclass

from rummykit.core.melds import CARD_JOKERS, MeldRules, Wilds, okey_face
from rummykit.core.pieces import JOKER, N_SUITS, Kind
from rummykit.engine.options import check_range
from rummykit.errors import RulesError
from rummykit.solvers.arrange import Objective
from rummykit.solvers.report import HandProfile

HAND_SIZE = 14
PENALTIES = ("hunt_penalty", "pairs_penalty", "joker_discard_penalty", "up_card_penalty", "stalemate_penalty")
"""The options that are penalties: 0 or negative points (``turkish-rummy.md`` "Scoring")."""


@dataclass(frozen=True)
class TurkishRummyRules:
    """Options of ``turkish-rummy.md``; see that spec for each one's meaning."""

    players: int = 4
    set_distinct_suits: bool = True
    up_card_sets_wild: bool = False
    hunt_penalty: int = -2
    pairs_penalty: int = -4
    joker_discard_penalty: int = -4
    stack_bonuses: bool = True
    up_card_penalty: int = -1
    stalemate_penalty: int = -1
    rounds: int = 10
    penalty_limit: int | None = None

    def __post_init__(self) -> None:
        check_range("players", self.players, 2, 4)
        check_range("rounds", self.rounds, 1)
        for name in PENALTIES:
            value = getattr(self, name)
            if value > 0:
                raise RulesError("rules.not_penalty", name=name, value=value)
        if self.penalty_limit is not None and self.penalty_limit >= 0:
            raise RulesError("rules.not_negative_total", name="penalty_limit", value=self.penalty_limit)

    def meld_rules(self) -> MeldRules:
        """Sets (distinct suits, or up to 8 of a rank with ``set_distinct_suits=false``) and runs."""
        if self.set_distinct_suits:
            return MeldRules(Kind.CARDS)
        return MeldRules(Kind.CARDS, set_distinct=False, set_max=2 * N_SUITS)

    def wilds(self, up_card: int | None = None) -> Wilds:
        """The printed jokers, plus the card above the up card with ``up_card_sets_wild``."""
        if self.up_card_sets_wild and up_card is not None and up_card != JOKER:
            return Wilds(frozenset({JOKER, okey_face(up_card)}))
        return CARD_JOKERS

    def hand_profile(self) -> HandProfile:
        """Fewest ungrouped cards; 14 cards win as melds or seven pairs, with a 15th discarded."""
        return HandProfile(self.meld_rules(), Objective.PIECES, HAND_SIZE, pairs_win=True)
