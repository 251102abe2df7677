"""The greedy Carousel bot: it plays the table solver's best new table whenever that plays a card,
knocks when it may and its hand is likely the lowest, and otherwise draws on."""

from __future__ import annotations

from rummykit.core.melds import CARD_JOKERS, CAROUSEL_VALUES
from rummykit.solvers.rearrange import TableSolver
from rummykit.variants.carousel.actions import CarouselAction, CVerb
from rummykit.variants.carousel.rules import CarouselRules
from rummykit.variants.carousel.state import CarouselObservation, declared_table, table_of_views


class CarouselGreedyBot:
    """Greedy Carousel play from the observation and legal actions only."""

    name = "greedy"

    def __init__(self, rules: CarouselRules, seed: int = 0) -> None:
        self.rules = rules
        self.solver = TableSolver(rules.decks)

    def likely_lowest(self, observation: CarouselObservation, points: int) -> bool:
        """Every card is worth at least 1: with fewer points than any opponent has cards, no one can
        tie or undercut."""
        others = [n for s, n in enumerate(observation.hand_counts) if s != observation.seat]
        return points < min(others, default=points + 1)

    def choose(self, observation: CarouselObservation, legal: list[CarouselAction]) -> CarouselAction:
        """The greedy choice among ``legal`` (a meld is the solver's, which is legal)."""
        verbs = {a.verb for a in legal}
        hand = list(observation.hand)
        points = sum(CAROUSEL_VALUES.hand_value(f, CARD_JOKERS) for f in hand)
        if CVerb.KNOCK in verbs and self.likely_lowest(observation, points):
            return CarouselAction(CVerb.KNOCK)
        if CVerb.MELD in verbs:
            best = self.solver.solve(
                table_of_views(observation.table), hand, CAROUSEL_VALUES, self.rules.joker_replace_from_table
            )
            if best.played:
                return CarouselAction(CVerb.MELD, declared_table(best.table))
        if CVerb.DRAW in verbs:
            return CarouselAction(CVerb.DRAW)
        return CarouselAction(CVerb.END) if CVerb.END in verbs else legal[0]
