"""The greedy Kalooki bot: every decision from the exact hand solver, one move deep.

It releases jokers when it holds the cards; opens when its best disjoint melds reach the opening
(the solver's maximum meld value), or goes out in one move when it can; once open, melds what its
best arrangement melds and lays off whenever it can; it takes the discard when that lowers its
deadwood, and discards its highest deadwood card (a joker last).
"""

from __future__ import annotations

from collections.abc import Sequence

from rummykit.core.melds import CARD_JOKERS, Meld, MeldKind
from rummykit.solvers.arrange import Arrangement, Objective
from rummykit.solvers.report import HandProfile
from rummykit.variants.kalooki.actions import KalookiAction, KVerb
from rummykit.variants.kalooki.rules import KalookiRules
from rummykit.variants.kalooki.state import KalookiObservation, KPhase


class KalookiGreedyBot:
    """Greedy Kalooki play from the observation and legal actions only."""

    name = "greedy"

    def __init__(self, rules: KalookiRules, seed: int = 0) -> None:
        self.rules = rules
        self.profile: HandProfile = rules.hand_profile()
        self.values = rules.values()

    # ------------------------------------------------------------------ solver questions
    def _arrange(self, hand: Sequence[int], objective: Objective) -> Arrangement:
        return self.profile.solver().arrange(hand, CARD_JOKERS, objective)

    def deadwood(self, hand: Sequence[int]) -> int:
        """Points left in hand after the best arrangement."""
        left = self._arrange(hand, Objective.DEADWOOD).ungrouped
        return sum(self.values.hand_value(f, CARD_JOKERS) for f in left)

    def worst_card(self, hand: Sequence[int]) -> int:
        """The highest deadwood card of ``hand`` (a joker only if nothing else is left out)."""
        left = list(self._arrange(hand, Objective.DEADWOOD).ungrouped) or list(hand)
        return max(
            left, key=lambda f: (not CARD_JOKERS.is_wild(f), self.values.hand_value(f, CARD_JOKERS), f)
        )

    def _keeping_one(self, hand: Sequence[int], objective: Objective) -> Arrangement:
        """The best arrangement that leaves at least one card for the final discard."""
        best = self._arrange(hand, objective)
        if best.ungrouped:
            return best
        options = []
        for face in dict.fromkeys(hand):
            rest = list(hand)
            rest.remove(face)
            options.append(self._arrange(rest, objective))
        return max(options, key=lambda a: a.score)

    # ------------------------------------------------------------------ choosing
    def choose(self, observation: KalookiObservation, legal: list[KalookiAction]) -> KalookiAction:
        """The greedy choice (one of ``legal``, or a meld of the solver's, which is legal too)."""
        hand = list(observation.hand)
        if observation.phase is KPhase.DRAW:
            return self._draw_or_take(observation, legal)
        releases = [a for a in legal if a.verb is KVerb.RELEASE]
        if releases:
            return releases[0]
        opened = observation.seat in observation.opened
        meld = self._next_meld(observation, hand, opened)
        if meld is not None:
            return meld
        layoffs = [a for a in legal if a.verb is KVerb.LAYOFF]
        if layoffs and opened:
            return min(layoffs, key=lambda a: [CARD_JOKERS.is_wild(f) for f, _ in a.cards])
        if observation.pending and len(hand) > 1:
            return KalookiAction(KVerb.RETRACT)
        discards = [a for a in legal if a.verb is KVerb.DISCARD]
        worst = self.worst_card(hand)
        return next((a for a in discards if a.face == worst), discards[0] if discards else legal[0])

    def _draw_or_take(self, observation: KalookiObservation, legal: list[KalookiAction]) -> KalookiAction:
        verbs = {a.verb for a in legal}
        top = observation.takeable
        if top is not None and KVerb.TAKE in verbs:
            hand = list(observation.hand)
            with_top = [*hand, top]
            with_top.remove(self.worst_card(with_top))
            if self.deadwood(with_top) < self.deadwood(hand):
                return KalookiAction(KVerb.TAKE)
        return KalookiAction(KVerb.DRAW) if KVerb.DRAW in verbs else KalookiAction(KVerb.TAKE)

    def _next_meld(
        self, observation: KalookiObservation, hand: list[int], opened: bool
    ) -> KalookiAction | None:
        """The next meld to lay this turn, if any."""
        if opened:
            melds = self._keeping_one(hand, Objective.DEADWOOD).melds
            return _meld_action(melds[0]) if melds else None
        best = self._keeping_one(hand, Objective.MELD_VALUE)
        laid = sum(m.value for m in observation.table if m.number in observation.pending)
        going_out = len(hand) - sum(len(m.faces) for m in best.melds) == 1
        if best.melds and (going_out or laid + best.score >= self.rules.open_min):
            return _meld_action(best.melds[0])
        return None


def _meld_action(meld: Meld) -> KalookiAction:
    """A ``meld`` action laying ``meld``, run jokers declared as what they stand for."""
    cards = tuple(
        (face, stands if CARD_JOKERS.is_wild(face) and meld.kind is MeldKind.RUN else None)
        for face, stands in zip(meld.faces, meld.stands_for, strict=True)
    )
    return KalookiAction(KVerb.MELD, melds=(cards,))
