"""The 101 Okey rules object: one field per option of ``okey-101.md`` ("Options summary"), same
defaults, and what the rules make of them: the meld rules, the round's wilds and the tiles' values.

Tiles, the indicator, the okey and the false jokers are Okey's (``okey.md``): the options that read
as in Okey (``direction``, ``discard_history``) share Okey's value types.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rummykit.core.melds import HIGH_ACE, CardValues, MeldKind, MeldRules, PairRule, Wilds, okey_wilds
from rummykit.core.pieces import Kind
from rummykit.engine.options import MULTIPLIER_LIMIT, check_range
from rummykit.solvers.arrange import Objective
from rummykit.solvers.report import HandProfile
from rummykit.variants.tiles.options import Direction, DiscardHistory

HAND_SIZE = 21
"""Tiles dealt to each player; the starter gets one more (``okey-101.md`` "Equipment")."""

__all__ = [
    "HAND_SIZE",
    "Direction",
    "DiscardHistory",
    "HandFinishDouble",
    "LastPairsOpen",
    "Okey101Rules",
    "OnStockEmpty",
    "TakeDiscard",
    "TileValues",
]


class LastPairsOpen(StrEnum):
    """The last player to open when every other opened with pairs: only with melds, or with pairs
    too, which voids the round (``okey-101.md`` "Opening")."""

    FORBID = "forbid"
    VOID = "void"


class TakeDiscard(StrEnum):
    """The previous player's discard: taken only to put it on the table this turn, or freely into
    the hand as in plain Okey (``okey-101.md`` "A turn")."""

    USE_NOW = "use_now"
    FREE = "free"


class HandFinishDouble(StrEnum):
    """When a hand finish (``elden bitmek``) is scored as one: only if no other player had opened,
    or always (``okey-101.md`` "Finishing")."""

    NOBODY_OPENED = "nobody_opened"
    ALWAYS = "always"


class OnStockEmpty(StrEnum):
    """The round ended by the stock running out: hands are scored, or nothing is (void)."""

    SCORE_HANDS = "score_hands"
    VOID = "void"


@dataclass(frozen=True)
class TileValues(CardValues):
    """Tile values (``okey-101.md`` "Equipment"): a tile is worth its number, in a meld and in
    hand (the 1 is 1 at either end of a run); a false joker is worth the okey's number (the face it
    stands for), an okey in a meld the tile it stands for. ``joker`` is what melding an okey scores
    under the solver's deadwood objective (an okey kept costs its number and a fine). ``bonus`` is
    added to every tile's value: with a bonus above any hand's value, the largest value is first the
    most tiles melded (the solver's hand finish question)."""

    bonus: int = 0

    def rank_value(self, rank: int) -> int:
        """Points of a tile of number ``rank`` (1..13)."""
        return rank + self.bonus

    def position_value(self, kind: MeldKind, position: int) -> int:
        """Value of the tile at run position or set number ``position`` (14: the 1 after a 13)."""
        return (1 if position == HIGH_ACE else position) + self.bonus


def tile_values(okey_kept: int = 0, bonus: int = 0) -> TileValues:
    """:class:`TileValues` with an okey kept costing ``okey_kept`` and ``bonus`` added to every
    tile (the ace and court fields of :class:`CardValues` are unused: a tile's value is its
    number)."""
    return TileValues(ace=1, ace_meld=1, ace_low_run=1, court=0, joker=okey_kept, bonus=bonus)


@dataclass(frozen=True)
class Okey101Rules:
    """Options of ``okey-101.md`` ("Options summary"); see that spec for each one's meaning. Points
    are penalty points (lower is better)."""

    players: int = 4
    direction: Direction = Direction.CCW
    discard_history: DiscardHistory = DiscardHistory.VISIBLE
    allow_13_1: bool = False
    open_min: int = 101
    pairs_open_min: int = 5
    last_pairs_open: LastPairsOpen = LastPairsOpen.FORBID
    take_discard: TakeDiscard = TakeDiscard.USE_NOW
    meld_openers_add_pairs: bool = True
    pair_layoff_limit: int | None = None
    okey_swap: bool = True
    swapped_okey_must_be_used: bool = False
    hand_finish_min: int = 0
    hand_finish_double: HandFinishDouble = HandFinishDouble.NOBODY_OPENED
    on_stock_empty: OnStockEmpty = OnStockEmpty.SCORE_HANDS
    finish_bonus: int = -101
    unopened_penalty: int = 202
    pairs_penalty_multiplier: int = 2
    okey_finish_multiplier: int = 2
    pairs_finish_multiplier: int = 2
    hand_finish_multiplier: int = 2
    stack_multipliers: bool = True
    okey_in_hand_penalty: int = 101
    playable_discard_penalty: int = 101
    okey_discard_penalty: int = 101
    rounds: int = 11

    def __post_init__(self) -> None:
        check_range("players", self.players, 2, 4)
        check_range("open_min", self.open_min, 0)
        check_range("pairs_open_min", self.pairs_open_min, 0, HAND_SIZE // 2)
        check_range("pair_layoff_limit", self.pair_layoff_limit, 0)
        check_range("hand_finish_min", self.hand_finish_min, 0)
        check_range("unopened_penalty", self.unopened_penalty, 0)
        for name in (
            "pairs_penalty_multiplier",
            "okey_finish_multiplier",
            "pairs_finish_multiplier",
            "hand_finish_multiplier",
        ):
            check_range(name, getattr(self, name), 1, MULTIPLIER_LIMIT)
        check_range("okey_in_hand_penalty", self.okey_in_hand_penalty, 0)
        check_range("playable_discard_penalty", self.playable_discard_penalty, 0)
        check_range("okey_discard_penalty", self.okey_discard_penalty, 0)
        check_range("rounds", self.rounds, 1)

    def meld_rules(self) -> MeldRules:
        """Sets of distinct colours, runs with the 1 low only (``12-13-1`` with ``allow_13_1``),
        pairs of identical tiles an okey may complete."""
        return MeldRules(Kind.TILES, ace_high=self.allow_13_1, pair_rule=PairRule.IDENTICAL)

    def wilds(self, indicator: int) -> Wilds:
        """The round's wilds for the indicator face ``indicator``: the two okeys; the false jokers
        stand for the okey's face and are not wild (``okey-101.md`` "Equipment")."""
        return okey_wilds(indicator)

    def values(self) -> TileValues:
        """The tiles' values, an okey kept costing its fine (:class:`TileValues`)."""
        return tile_values(okey_kept=self.okey_in_hand_penalty)

    def hand_profile(self) -> HandProfile:
        """Fewest points left in hand (an okey kept costing its fine): how a rack is sorted into
        melds and bracketed; pairs are laid down, never a whole hand of them."""
        return HandProfile(self.meld_rules(), Objective.DEADWOOD, HAND_SIZE, values=self.values())
