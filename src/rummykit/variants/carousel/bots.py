"""The greedy Carousel bot: it plays the table solver's best new table whenever that plays a card,
knocks when it may and its hand is likely the lowest, and otherwise draws on."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummykit.core.melds import CARD_JOKERS, CAROUSEL_VALUES
from rummykit.solvers.rearrange import TableMove, TableSolver
from rummykit.variants.carousel.actions import EDITS, CarouselAction, CVerb
from rummykit.variants.carousel.game import CarouselGame, declared_cards


class CarouselGreedyBot:
    """Greedy Carousel play from the observation and the legal actions only. Its meld is the
    whole-table ``meld`` shortcut (legal whenever the draft may be edited)."""

    name = "greedy"

    def __init__(self, game: CarouselGame, seed: int = 0) -> None:
        self.rules = game.rules
        self.solver = TableSolver(game.rules.decks)

    @staticmethod
    def likely_lowest(points: int, hand_counts: Sequence[int], seat: int) -> bool:
        """Whether ``seat``'s hand of ``points`` is surely the lowest, given every seat's number of
        cards: every card is worth at least 1, so with fewer points than any opponent has cards, no
        one can tie or undercut."""
        others = [n for s, n in enumerate(hand_counts) if s != seat]
        return points < min(others, default=points + 1)

    def best_meld(self, observation: dict[str, Any]) -> TableMove:
        """The table solver's best new table for the observed table and hand (fewest points left;
        ``played`` empty when no card can be played)."""
        table = [declared_cards(m["faces"], m["stands_for"]) for m in observation["table"]]
        return self.solver.solve(
            table, list(observation["hand"]), CAROUSEL_VALUES, self.rules.joker_replace_from_table
        )

    def choose(self, observation: dict[str, Any], legal: list[CarouselAction]) -> CarouselAction:
        """The greedy choice: knock, the solver's best meld, draw, end, or else the first legal
        action."""
        verbs = {a.verb for a in legal}
        hand = list(observation["hand"])
        points = sum(CAROUSEL_VALUES.hand_value(f, CARD_JOKERS) for f in hand)
        if CVerb.KNOCK in verbs and self.likely_lowest(
            points, observation["hand_counts"], observation["seat"]
        ):
            return CarouselAction(CVerb.KNOCK)
        if verbs & EDITS:
            best = self.best_meld(observation)
            if best.played:
                return meld_action(best)
        if CVerb.DRAW in verbs:
            return CarouselAction(CVerb.DRAW)
        return CarouselAction(CVerb.END) if CVerb.END in verbs else legal[0]


def meld_action(move: TableMove) -> CarouselAction:
    """The whole-table ``meld`` action laying the solver's new table ``move.table``."""
    return CarouselAction(CVerb.MELD, tuple(declared_cards(m.faces, m.stands_for) for m in move.table))
