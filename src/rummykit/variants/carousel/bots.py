"""Carousel's bots: the greedy bot, the search bot's own policy and its plan.

:class:`CarouselGreedyBot` plays the table solver's best new table whenever that plays a card,
knocks when it may and its hand is likely the lowest, and otherwise draws on.

:class:`CarouselPolicy`, greedy's play changed where greedy gives rounds away, knocks whenever it
may, and holds its cards back. Greedy knocks only when its hand is surely the lowest (fewer points
than any opponent has cards), so it often draws on with a hand of 5 or less and gives the
opponent turns to undercut it or go out; and it lays greedy's best new table whenever that plays a
card, which puts on the table the cards the opponent then rearranges to meld its own. The policy
lays that table only when it lets it knock or go out (at most ``knock_max`` points left, or none),
when its hand has grown to :data:`HOLD_CARDS` cards, or when fewer than :data:`STOCK_LOW` cards
are left to draw; else it draws on. Measured without search against greedy
(``bench/policy_trial.py``, ``docs/bots.md``), it wins some 75% of two-player rounds.

:class:`CarouselSearchBot`, the table search (:mod:`rummykit.bots.table_search`) with Carousel's
:class:`CarouselPlan`: its candidates are the policy's choice, greedy's (not where the policy holds
back its cards and greedy melds: a rollout cut short can't judge that), knocking, drawing and
ending the turn, each when legal, and the solver's best meld (the whole-table ``meld``) when
greedy would knock. Its rollouts play greedy's policy without the table solver, which is too slow
for rollouts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from rummykit.bots.table_search import TableSearchBot
from rummykit.core.melds import CARD_JOKERS
from rummykit.engine.game import Game
from rummykit.solvers.rearrange import TableMove, TableSolver
from rummykit.variants.carousel.actions import EDITS, CarouselAction, CVerb
from rummykit.variants.carousel.game import CarouselGame
from rummykit.variants.carousel.macros import best_table, meld_action
from rummykit.variants.carousel.manipulation import Table, simple_meld
from rummykit.variants.carousel.rules import CAROUSEL_VALUES
from rummykit.variants.carousel.state import CarouselState


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
        return best_table(self.solver, self.rules, observation, observation["hand"])

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


HOLD_CARDS = 20
"""Cards in hand from which :class:`CarouselPolicy` melds whatever it can (measured with two
players: ``docs/bots.md``)."""


STOCK_LOW = 6
"""Cards left in the stock below which :class:`CarouselPolicy` melds whatever it can (the round
ends soon after the stock does, and a hand held back then counts against it)."""


class CarouselPolicy(CarouselGreedyBot):
    """Greedy Carousel play that knocks whenever knocking is legal and holds its cards back
    (module docstring)."""

    name = "carousel-policy"

    @staticmethod
    def knock(legal: list[CarouselAction]) -> CarouselAction | None:
        """Knocking if it is among ``legal``, else ``None``."""
        return CarouselAction(CVerb.KNOCK) if any(a.verb is CVerb.KNOCK for a in legal) else None

    def melds_now(self, cards_left: int, points_left: int, hand: int, stock: int) -> bool:
        """Whether to lay a new table that leaves ``cards_left`` cards worth ``points_left`` in a
        hand of ``hand`` cards, with ``stock`` cards left to draw (module docstring)."""
        return (
            cards_left == 0 or points_left <= self.rules.knock_max or hand >= HOLD_CARDS or stock < STOCK_LOW
        )

    def choose(self, observation: dict[str, Any], legal: list[CarouselAction]) -> CarouselAction:
        """Knock when legal; lay greedy's best new table when :meth:`melds_now` says so or no
        draw is left; else draw (or greedy's choice when nothing can be played)."""
        knock = self.knock(legal)
        if knock is not None:
            return knock
        verbs = {a.verb for a in legal}
        if verbs & EDITS and CVerb.DRAW in verbs:
            best = self.best_meld(observation)
            if best.played and not self.melds_now(
                len(best.left), best.points_left, len(observation["hand"]), observation["stock_count"]
            ):
                return CarouselAction(CVerb.DRAW)
        return super().choose(observation, legal)


CAROUSEL_HORIZON = 8
"""Actions after which a Carousel rollout stops short of the round's end by default (about a turn
each for two players: longer rollouts leave too few determinisations in a tenth of a second)."""


class CarouselPlan:
    """Carousel's candidates, rollout policy (greedy's without the solver; the searching seat
    knocks whenever it may, as :class:`CarouselPolicy` does) and cut-short values."""

    points_sign = 1
    """Points are gains."""

    def __init__(self, game: CarouselGame) -> None:
        self.game = game
        self.greedy = CarouselGreedyBot(game)
        self.policy = CarouselPolicy(game)

    def candidates(self, observation: dict[str, Any], legal: list[CarouselAction]) -> list[CarouselAction]:
        """:class:`CarouselPolicy`'s choice, greedy's (unless the policy holds its cards back
        where greedy melds: a rollout cut short scores the points in hand, which melding always
        lowers, so it can't judge holding back, whose gain comes later), then knocking, drawing,
        ending the turn and (when greedy would knock) the solver's best meld, each when legal.
        The solver runs once at most."""
        greedy = self.greedy.choose(observation, legal)
        choice = self.policy.choose(observation, legal)
        verbs = {a.verb for a in legal}
        holds = choice.verb is CVerb.DRAW and greedy.verb is CVerb.MELD
        out = [
            choice,
            *([] if holds else [greedy]),
            *(CarouselAction(v) for v in (CVerb.KNOCK, CVerb.DRAW, CVerb.END) if v in verbs),
        ]
        if greedy.verb is CVerb.KNOCK:
            meld = self.greedy.choose(observation, [a for a in legal if a.verb is not CVerb.KNOCK])
            if meld.verb is CVerb.MELD:
                out.append(meld)
        return out

    def step(self, state: CarouselState, seat: int, own: bool) -> CarouselAction:
        """Greedy's policy without the solver: knock when greedy would (the searching seat,
        ``own``: whenever it may), else lay a meld of three hand cards or lay off one card when
        that is legal
        (:func:`~rummykit.variants.carousel.manipulation.simple_meld`; the searching seat only
        when :meth:`CarouselPolicy.melds_now` says so), else draw, else end the turn."""
        game = self.game
        knock = CarouselAction(CVerb.KNOCK)
        points = game.points(state, seat)
        counts = [len(h) for h in state.hands]
        if (own or self.greedy.likely_lowest(points, counts, seat)) and game.is_legal(state, seat, knock):
            return knock
        old, hand = game.table_cards(state), game.faces(state.hands[seat])
        new = simple_meld(old, hand, game.rules.joker_replace_from_table)
        if new is not None:
            meld = CarouselAction(CVerb.MELD, tuple(tuple(m) for m in new))
            if (not own or self._melds_now(old, new, hand, points, len(state.stock))) and game.is_legal(
                state, seat, meld
            ):
                return meld
        for verb in (CVerb.DRAW, CVerb.END):
            if game.is_legal(state, seat, CarouselAction(verb)):
                return CarouselAction(verb)
        return game.legal_actions(state, seat)[0]

    def _melds_now(self, old: Table, new: Table, hand: list[int], points: int, stock: int) -> bool:
        """:meth:`CarouselPolicy.melds_now` for laying ``new`` over ``old`` from ``hand`` (worth
        ``points``)."""
        played = Counter(f for meld in new for f, _ in meld)
        played.subtract(f for meld in old for f, _ in meld)
        value = sum(CAROUSEL_VALUES.hand_value(f, CARD_JOKERS) * n for f, n in played.items())
        return self.policy.melds_now(len(hand) - played.total(), points - value, len(hand), stock)

    def in_hand(self, state: CarouselState) -> list[int]:
        """Minus each hand's points (lower is better)."""
        return [-self.game.points(state, s) for s in range(self.game.players)]


class CarouselSearchBot(TableSearchBot):
    """The table search bot with Carousel's plan (:class:`CarouselPlan`) and horizon
    (:data:`CAROUSEL_HORIZON`); built and budgeted as :class:`TableSearchBot`."""

    default_horizon = CAROUSEL_HORIZON

    def make_plan(self, game: Game[Any, Any], width: int) -> CarouselPlan:
        """Carousel's plan for ``game`` (``width`` is not used: the plan's candidates are fixed);
        raises ``ValueError`` for another game."""
        if not isinstance(game, CarouselGame):
            raise ValueError(f"the Carousel search bot plays carousel, not {game.variant}")
        return CarouselPlan(game)
