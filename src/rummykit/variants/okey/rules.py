"""The Okey rules object: one field per option of ``okey.md`` ("Options summary"), same defaults."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rummykit.core.melds import MeldRules, PairRule, Wilds, okey_wilds
from rummykit.core.pieces import Kind
from rummykit.engine.options import MULTIPLIER_LIMIT, check_range
from rummykit.solvers.arrange import Objective
from rummykit.solvers.report import HandProfile
from rummykit.variants.tiles.options import Direction, DiscardHistory

HAND_SIZE = 14


class FalseJoker(StrEnum):
    """What a false joker is: the okey's own face (not wild), or wild."""

    OKEY_IDENTITY = "okey_identity"
    WILD = "wild"


class IndicatorBonus(StrEnum):
    """Whether showing the indicator's twin on one's first turn costs the others points."""

    FIRST_TURN = "first_turn"
    OFF = "off"


class OnStockEmpty(StrEnum):
    """What happens when the stock is empty and the player does not finish: the round is void."""

    VOID = "void"


@dataclass(frozen=True)
class OkeyRules:
    """Options of ``okey.md``; see that spec for each one's meaning."""

    players: int = 4
    direction: Direction = Direction.CCW
    false_joker: FalseJoker = FalseJoker.OKEY_IDENTITY
    allow_13_1: bool = True
    pair_rule: PairRule = PairRule.IDENTICAL
    okey_in_pairs: bool = True
    discard_history: DiscardHistory = DiscardHistory.VISIBLE
    forbid_rediscard_taken: bool = False
    indicator_bonus: IndicatorBonus = IndicatorBonus.FIRST_TURN
    indicator_bonus_points: int = 1
    on_stock_empty: OnStockEmpty = OnStockEmpty.VOID
    start_points: int = 20
    points_normal: int = 2
    okey_finish_multiplier: int = 2
    pairs_multiplier: int = 2
    stack_multipliers: bool = True
    colour_double: bool = False
    rounds: int | None = None

    def __post_init__(self) -> None:
        check_range("players", self.players, 2, 4)
        check_range("indicator_bonus_points", self.indicator_bonus_points, 0)
        check_range("points_normal", self.points_normal, 0)
        check_range("okey_finish_multiplier", self.okey_finish_multiplier, 1, MULTIPLIER_LIMIT)
        check_range("pairs_multiplier", self.pairs_multiplier, 1, MULTIPLIER_LIMIT)
        check_range("start_points", self.start_points, 1)
        check_range("rounds", self.rounds, 1)

    def meld_rules(self) -> MeldRules:
        """Sets, runs (``12-13-1`` per ``allow_13_1``) and pairs of tiles."""
        return MeldRules(
            Kind.TILES,
            ace_high=self.allow_13_1,
            pair_rule=self.pair_rule,
            wild_in_pairs=self.okey_in_pairs,
        )

    def wilds(self, indicator: int) -> Wilds:
        """The round's wilds for ``indicator``: the okeys (and false jokers if ``false_joker=wild``)."""
        return okey_wilds(indicator, self.false_joker is FalseJoker.WILD)

    def hand_profile(self) -> HandProfile:
        """Fewest ungrouped tiles; 14 tiles win as melds or seven pairs, finishing with a discard."""
        return HandProfile(self.meld_rules(), Objective.PIECES, HAND_SIZE, pairs_win=True)
