"""The table search bot (Kalooki, Carousel): determinised greedy rollouts from its own seat's
observation.

For each decision with a real choice it lists a few candidate moves, first the choice of its own
policy (:mod:`rummykit.bots.table_policy`: greedy's play, changed where greedy gives rounds away),
then, for each of ``iterations`` determinisations (:meth:`Game.determinise` of the observation:
the cards the seat can't see dealt at random), applies every candidate to a copy and plays on with
the rollout policies to the end of the round or for ``horizon`` actions: the other seats play
greedy (Kalooki: the greedy bot; Carousel: greedy's play without the table solver, which is too
slow for rollouts), the searching seat its own policy (Kalooki: the policy itself; Carousel: the
same solver-free play, knocking whenever it may and holding its cards back as the policy
does). Every candidate meets the same
determinisations and, the policies being deterministic, the same cards afterwards (common random
numbers), so each other candidate is compared with the policy's choice by its paired
differences: it is played only if their mean less ``margin`` standard errors is positive (the
largest such bound wins), and only after at least
:data:`MIN_PAIRS` determinisations; rollout values are noisy and most candidates tie, so without
these guards the search would play whichever alternative the noise favoured.

A rollout's value is the seat's share of the round: :data:`WIN_VALUE` if it wins the round, plus
its score change against the mean of the other seats' (points; Kalooki's points are penalties, so
there the other seats' mean less the seat's). A rollout cut short scores the hands as they are
(Kalooki: each hand's deadwood after greedy's arrangement; Carousel: the points in hand), the
seat winning if its hand is strictly the best.

Candidates:

- **Kalooki** (:class:`~rummykit.bots.table_policy.KalookiPolicy`): drawing and taking the
  discard when both are legal; when the policy discards, its discard, greedy's and the ``width``
  other discards that leave the least deadwood. The policy's other moves (greedy's melds,
  lay-offs, releases, retracting) are played at once.
- **Carousel** (:class:`~rummykit.bots.table_policy.CarouselPolicy`: knock whenever legal,
  hold cards back):
  the policy's choice, greedy's (not where the policy holds back its cards and greedy melds: a
  rollout cut short can't judge that), knocking, drawing and ending the turn, each when legal,
  and the solver's best meld (the whole-table ``meld``) when greedy would knock.

The budget is ``iterations`` determinisations per decision (reproducible from the seed), or, when
``seconds`` is set, as many as fit in that many seconds of CPU time from the call, listing the
candidates included (at least one; then the choice depends on the machine's speed;
:mod:`rummykit.bots.budget`). The bot reads only its
observation and the legal actions: every world it searches comes from :meth:`Game.determinise`.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any, Protocol

from rummykit.bots.budget import spent
from rummykit.bots.carousel_greedy import CarouselGreedyBot
from rummykit.bots.kalooki_greedy import KalookiGreedyBot
from rummykit.bots.table_policy import CarouselPolicy, KalookiPolicy
from rummykit.core.melds import CARD_JOKERS, CAROUSEL_VALUES
from rummykit.engine.game import Game
from rummykit.variants.carousel.actions import CarouselAction, CVerb
from rummykit.variants.carousel.manipulation import Table, simple_meld
from rummykit.variants.carousel.state import CarouselGame, CarouselState
from rummykit.variants.kalooki.actions import KalookiAction, KVerb
from rummykit.variants.kalooki.state import KalookiGame, KalookiState, faces

ITERATIONS = 8
"""Determinisations per decision by default."""

WIDTH = 2
"""Kalooki discards searched besides the policy's own."""

MARGIN = 2.0
"""Standard errors by which another candidate must beat the policy's choice to be played."""

MIN_PAIRS = 4
"""Determinisations below which the policy's choice is played (too few to judge another)."""

WIN_VALUE = 50.0
"""What winning the round adds to a rollout's value, in points."""

KALOOKI_HORIZON = 24
"""Actions after which a Kalooki rollout stops short of the round's end by default (some four
turns each for two players)."""

CAROUSEL_HORIZON = 8
"""Actions after which a Carousel rollout stops short of the round's end by default (about a turn
each for two players: longer rollouts leave too few determinisations in a tenth of a second)."""


class TableSearchBot:
    """Determinised greedy-rollout search for Kalooki and Carousel (module docstring).

    ``iterations``, ``width`` and ``horizon`` (actions per rollout at most; ``None``: the game's,
    :data:`KALOOKI_HORIZON` or :data:`CAROUSEL_HORIZON`) at least 1; ``seconds`` (a time budget
    per decision, replacing ``iterations``) positive or ``None``; ``margin`` (standard errors)
    at least 0. Raises ``ValueError`` otherwise, and for a game other than Kalooki or
    Carousel."""

    name = "search"
    variants: tuple[str, ...] = ("kalooki", "carousel")

    def __init__(
        self,
        game: Game[Any, Any],
        seed: int = 0,
        iterations: int = ITERATIONS,
        width: int = WIDTH,
        seconds: float | None = None,
        margin: float = MARGIN,
        horizon: int | None = None,
    ) -> None:
        if (
            min(iterations, width, 1 if horizon is None else horizon) < 1
            or (seconds is not None and seconds <= 0)
            or margin < 0
        ):
            raise ValueError(
                "a search needs at least one iteration, one candidate and one action per rollout, a "
                "positive time and a margin of at least 0"
            )
        self.plan, default_horizon = self.plan_for(game, width)
        self.game = game
        self.rng = random.Random(f"table-search-bot/{seed}")
        self.iterations = iterations
        self.seconds = seconds
        self.margin = margin
        self.horizon = horizon or default_horizon

    def plan_for(self, game: Game[Any, Any], width: int) -> tuple[_Plan, int]:
        """The plan of ``game`` (its candidates, rollout policies and cut-short values, keeping
        ``width`` candidates besides the policy's where it ranks them) and its rollouts' default
        horizon; raises ``ValueError`` for a game this bot doesn't play (a subclass adds games)."""
        if isinstance(game, KalookiGame):
            return _KalookiPlan(game, width), KALOOKI_HORIZON
        if isinstance(game, CarouselGame):
            return _CarouselPlan(game), CAROUSEL_HORIZON
        raise ValueError(f"the table search plays {' and '.join(self.variants)}, not {game.variant}")

    def candidates(self, observation: dict[str, Any], legal: list[Any]) -> list[Any]:
        """The moves worth searching, the policy's choice first (only it when the choice is
        clear), each once."""
        return list(dict.fromkeys(self.plan.candidates(observation, legal)))

    def choose(self, observation: dict[str, Any], legal: list[Any]) -> Any:
        """The candidate whose paired rollout values beat the policy's choice by the widest margin
        (the policy's choice when none does clearly)."""
        over = spent(self.iterations, self.seconds)
        candidates = self.candidates(observation, legal)
        if len(candidates) == 1:
            return candidates[0]
        seat: int = observation["seat"]
        values: list[list[float]] = [[] for _ in candidates]
        while True:
            world = self.game.determinise(observation, self.rng)
            for i, action in enumerate(candidates):
                values[i].append(self.rollout(world.clone(), seat, action))
            if over(len(values[0])):
                break
        best, best_bound = 0, 0.0
        if len(values[0]) < MIN_PAIRS:
            return candidates[0]
        for i in range(1, len(candidates)):
            bound = lower_bound([v - g for v, g in zip(values[i], values[0], strict=True)], self.margin)
            if bound > best_bound:
                best, best_bound = i, bound
        return candidates[best]

    def rollout(self, state: Any, seat: int, action: Any) -> float:
        """Apply ``action`` for ``seat``, let the rollout policy play every seat to the round's
        end (or :attr:`horizon` actions), and return the rollout's value (module docstring)."""
        game, plan = self.game, self.plan
        played = len(state.results)
        game.apply(state, seat, action)
        for _ in range(self.horizon):
            mover = game.current_seat(state)
            if mover is None or len(state.results) > played:
                break
            game.apply(state, mover, plan.step(state, mover, mover == seat))
        if len(state.results) > played:
            result = state.results[played]
            deltas, won = list(result.deltas), result.winner == seat
        else:
            deltas = plan.in_hand(state)
            won = all(
                deltas[seat] * plan.points_sign > d * plan.points_sign
                for s, d in enumerate(deltas)
                if s != seat
            )
        others = [d for s, d in enumerate(deltas) if s != seat]
        return float(WIN_VALUE * won + plan.points_sign * (deltas[seat] - sum(others) / len(others)))


class _Plan(Protocol):
    """What the search needs of a game: its candidates, the rollout policy's move and each seat's
    score change for a round cut short."""

    points_sign: int
    """+1 where points are gains (Carousel), -1 where they are penalties (Kalooki)."""

    def candidates(self, observation: dict[str, Any], legal: list[Any]) -> list[Any]: ...

    def step(self, state: Any, seat: int, own: bool) -> Any: ...

    def in_hand(self, state: Any) -> list[int]: ...


class _KalookiPlan:
    """Kalooki's candidates, rollout policies (the searching seat's :class:`KalookiPolicy`, the
    greedy bot for the others) and cut-short values."""

    points_sign = -1
    """Points are penalties."""

    def __init__(self, game: KalookiGame, width: int) -> None:
        self.game = game
        self.width = width
        self.greedy = KalookiGreedyBot(game)
        self.policy = KalookiPolicy(game)

    def candidates(self, observation: dict[str, Any], legal: list[KalookiAction]) -> list[KalookiAction]:
        """The policy's choice; drawing and taking; the policy's discard, greedy's and the
        ``width`` others that leave the least deadwood."""
        greedy = self.greedy
        choice = self.policy.choose(observation, legal)
        if choice.verb in (KVerb.DRAW, KVerb.TAKE):
            return [choice, *(a for a in legal if a.verb in (KVerb.DRAW, KVerb.TAKE))]
        if choice.verb is not KVerb.DISCARD:
            return [choice]
        hand: list[int] = observation["hand"]

        def left(action: KalookiAction) -> int:
            rest = list(hand)
            rest.remove(action.face)  # type: ignore[arg-type]
            return greedy.deadwood(rest)

        others = sorted((a for a in legal if a.verb is KVerb.DISCARD and a != choice), key=left)
        return [choice, greedy.choose(observation, legal), *others[: self.width]]

    def step(self, state: KalookiState, seat: int, own: bool) -> KalookiAction:
        """The move for ``seat``: the policy's if it is the searching seat (``own``), else greedy's."""
        game = self.game
        bot = self.policy if own else self.greedy
        return bot.choose(game.observe(state, seat), game.legal_actions(state, seat))

    def in_hand(self, state: KalookiState) -> list[int]:
        """Each hand's deadwood after greedy's arrangement (the penalty it is heading for)."""
        return [self.greedy.deadwood(faces(h)) for h in state.hands]


class _CarouselPlan:
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


def lower_bound(differences: list[float], margin: float) -> float:
    """The mean of paired ``differences`` less ``margin`` standard errors (the mean itself for a
    single difference)."""
    n = len(differences)
    mean = sum(differences) / n
    if n < 2:
        return mean
    variance = sum((d - mean) ** 2 for d in differences) / (n - 1)
    return mean - margin * math.sqrt(variance / n)
