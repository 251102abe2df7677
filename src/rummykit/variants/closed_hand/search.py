"""The search bot of the closed-hand games (Okey, Turkish Rummy): an expectimax over its next draws
from its own seat's observation, with the exact solver as evaluation.

In this game a round goes to whoever goes out first, and what the others hold matters to a seat
only through the pieces it can't draw; so the search looks at its own hand and the draws ahead.
Each piece the seat can't see (:func:`rummykit.variants.closed_hand.draw_value.unseen_counts`) is
equally likely to be its next draw: a determinisation (:meth:`Game.determinise`) deals exactly these pieces
uniformly to the other racks and the stock.

- **Its count** (:meth:`SearchBot.left_out`) is the exact solver's count of pieces left out of the
  best arrangement into melds; seven pairs count only when they are within :data:`PAIRS_NEAR`
  pieces of going out. Far from it, each single's match is at most one unseen piece, so a race
  for pairs is slow, and greedy's count (the fewer of the two) often chased it.
- **Show, go out, draw or take** as the greedy bot does (go out at once, the best-scoring way),
  but take the discard only when it leaves fewer pieces out by its own count.
- **Discard**: the candidates are the discards that leave the fewest pieces out by its count
  (never a wild unless nothing else may go). Each is valued
  by :func:`~rummykit.variants.closed_hand.draw_value.draw_value`, the exact expectation over the next draw of
  the pieces then left out (a draw that lets the hand go out weighs more), so that among equal
  counts the hand keeps the pieces most draws improve.
- **Lookahead** (the budget): the ``width`` best candidates are then compared two draws deep on
  sampled determinisations of the next draw (the same draws for every candidate: common random
  numbers): the hand with that draw, its best discard by the same value (or going out), valued by
  its own next draw. ``iterations`` sampled draws per decision, or as many as fit in ``seconds`` of
  CPU time counted from the decision's start (:mod:`rummykit.bots.budget`); the candidate with the
  lowest mean wins (the one-draw value breaks ties).
- **Every decision ends within** ``seconds``: the bot checks the time (a
  :class:`~rummykit.bots.budget.Deadline`) before each hand it values, the candidates' own values
  as well as the lookahead's. A sampled draw the time interrupts is dropped for every candidate
  (each still meets the same draws; none done: the best by one draw); candidates the time leaves
  unvalued rank after the valued ones (none valued: the first in greedy's order).

Ties go to greedy's order (not a wild, then the highest face). With an iteration budget the bot is
reproducible from its seed; with a time budget its choice depends on the machine's speed.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Collection, Sequence
from typing import Any

from rummykit.bots.budget import Deadline, spent
from rummykit.core.melds import Wilds
from rummykit.variants.closed_hand.actions import HandAction, Verb
from rummykit.variants.closed_hand.bots import GreedyBot, _wilds, _without
from rummykit.variants.closed_hand.draw_value import FINISH_WEIGHT, draw_value, unseen_counts
from rummykit.variants.closed_hand.game import ClosedHandGame

ITERATIONS = 8
"""Sampled next draws per decision by default."""

WIDTH = 3
"""Candidate discards compared two draws deep by default."""

PAIRS_NEAR = 2
"""Pieces out of seven pairs (in 14 pieces; one more in 15) within which the search counts the
pairs as a way out (six pairs and two singles); further out it counts melds only."""


class _OutOfTimeError(Exception):
    """The decision's time passed within a sampled draw of the lookahead: the draw is dropped."""


class SearchBot:
    """Expectimax over the next draws for Okey and Turkish Rummy (module docstring).

    ``iterations`` at least 1 and ``width`` at least 1; ``seconds`` (a time budget per decision,
    replacing ``iterations``) positive or ``None``. Raises ``ValueError`` otherwise. ``clock`` reads
    the time ``seconds`` counts (the deciding thread's CPU time, ``time.thread_time``, by default)."""

    name = "search"
    finish_value = -FINISH_WEIGHT
    """The value of a hand that goes out on a sampled draw (lower is better), on :meth:`value`'s
    scale."""
    capped = False
    """Whether ``seconds`` caps ``iterations`` (:func:`rummykit.bots.budget.spent`) rather than
    replacing them."""

    def __init__(
        self,
        game: ClosedHandGame[Any],
        seed: int = 0,
        iterations: int = ITERATIONS,
        width: int = WIDTH,
        seconds: float | None = None,
        clock: Callable[[], float] = time.thread_time,
    ) -> None:
        if iterations < 1 or width < 1 or (seconds is not None and seconds <= 0):
            raise ValueError("a search needs at least one iteration, one candidate and a positive time")
        self.game = game
        self.rng = random.Random(f"search-bot/{seed}")
        self.iterations = iterations
        self.width = width
        self.seconds = seconds
        self.greedy = GreedyBot(game)
        self.pairs = self.greedy.profile.pairs_win
        self.solver = self.greedy.profile.solver()
        self._left: dict[tuple[int, ...], int] = {}
        """:meth:`left_out` of the hands of the decision being made (sorted faces) under
        ``self._wilds``, emptied at each decision and when the wilds change."""
        self._wilds: Wilds | None = None
        self.clock = clock
        self._deadline = Deadline(None)
        """The end of the decision being made, ``seconds`` from its start: a budget in ``seconds``
        counts the whole decision, not only its lookahead."""

    def left_out(self, faces: Sequence[int], wilds: Wilds) -> int:
        """Pieces of ``faces`` (14 or 15) left out of the best arrangement into melds, or into
        pairs when the rules let seven pairs go out and they leave at most :data:`PAIRS_NEAR`
        out of 14 (one more of 15) and fewer than the melds. Kept per hand for the decision being
        made: its lookahead meets the same hands again."""
        if wilds is not self._wilds:
            if wilds != self._wilds:
                self._left.clear()
            self._wilds = wilds
        key = tuple(sorted(faces))
        known = self._left.get(key)
        if known is not None:
            return known
        melds = self.solver.left_out(faces, wilds, False)
        if self.pairs:
            pairs = self.solver.pairs_left(faces, wilds)
            if pairs < melds and pairs <= PAIRS_NEAR + len(faces) - 14:
                melds = pairs
        self._left[key] = melds
        return melds

    def choose(self, observation: dict[str, Any], legal: list[HandAction]) -> HandAction:
        """The greedy choice, but taking the discard by the search's own count and, for a
        discard, the candidate that keeps the hand closest to going out over the next draws (one
        of ``legal``)."""
        self._deadline = Deadline(self.seconds, self.clock)
        self._left.clear()
        choice = self.greedy.choose(observation, legal)
        wilds = _wilds(observation)
        rack: list[int] = observation["hand"]
        if choice.verb in (Verb.TAKE, Verb.DRAW):
            return self.take_or_draw(rack, wilds, observation["takeable"], legal, choice)
        if choice.verb is not Verb.DISCARD:
            return choice
        discards = {a.face: a for a in legal if a.verb is Verb.DISCARD and a.face is not None}
        faces = self.fewest_discards(rack, wilds, discards)
        if len(faces) < 2:
            return choice
        unseen = self.unseen(observation)
        values = self.valued(rack, wilds, unseen, faces)
        order = sorted(faces, key=lambda f: values.get(f, math.inf))[: self.width]
        return discards[self.lookahead(rack, wilds, unseen, order) if len(order) > 1 else order[0]]

    def unseen(self, observation: dict[str, Any]) -> list[int]:
        """Per face, how many pieces the seat's next draw may be (the discard's candidates are
        valued over them): those it can't see (:func:`unseen_counts`), each equally likely."""
        return unseen_counts(observation, self.game.pieces)

    def take_or_draw(
        self, rack: list[int], wilds: Wilds, takeable: int | None, legal: list[HandAction], choice: HandAction
    ) -> HandAction:
        """Between drawing and taking ``takeable`` (both in ``legal``): take when the best discard
        of a rack from ``rack`` leaves fewer pieces out by :meth:`left_out` than ``rack`` does;
        otherwise (a take or a draw alone, as at a round's first turn) greedy's ``choice``."""
        verbs = {action.verb: action for action in legal}
        if takeable is None or Verb.TAKE not in verbs or Verb.DRAW not in verbs:
            return choice
        hand = [*rack, takeable]
        taken = min(self.left_out(_without(hand, face), wilds) for face in set(rack))
        return verbs[Verb.TAKE] if taken < self.left_out(rack, wilds) else verbs[Verb.DRAW]

    def value(self, hand: Sequence[int], wilds: Wilds, unseen: Sequence[int]) -> float:
        """:func:`draw_value` of ``hand`` by :meth:`left_out`."""
        return draw_value(hand, wilds, unseen, self.left_out, self.pairs)

    def lookahead(self, rack: list[int], wilds: Wilds, unseen: list[int], candidates: list[int]) -> int:
        """The candidate discard (``candidates``, best by one draw first) whose hand is closest to
        going out two draws deep, over sampled next draws (module docstring): those done within the
        decision's time, the first candidate when none is."""
        pool = [face for face, count in enumerate(unseen) for _ in range(count)]
        if not pool:
            return candidates[0]
        totals = [0.0] * len(candidates)
        over = spent(self.iterations, self.seconds, self.capped, self._deadline.start, self.clock)
        done = 0
        while True:
            drawn = self.rng.choice(pool)
            rest = list(unseen)
            rest[drawn] -= 1
            try:
                drawn_values = [
                    self.after_draw([*_without(rack, face), drawn], wilds, rest) for face in candidates
                ]
            except _OutOfTimeError:
                break
            totals = [total + value for total, value in zip(totals, drawn_values, strict=True)]
            done += 1
            if over(done):
                break
        return candidates[min(range(len(candidates)), key=lambda i: (totals[i], i))]

    def after_draw(self, hand: list[int], wilds: Wilds, unseen: list[int]) -> float:
        """The value of a 15-piece ``hand`` just drawn: going out (:attr:`finish_value`), else the
        best :meth:`value` among the discards that leave the fewest pieces out. Raises
        :class:`_OutOfTimeError` when the decision's time would pass before the hand is valued."""
        if self._deadline.passed():
            raise _OutOfTimeError
        faces = self.fewest_discards(hand, wilds)
        if not faces:
            return self.finish_value
        values = self.valued(hand, wilds, unseen, faces)
        if len(values) < len(faces):
            raise _OutOfTimeError
        return min(values.values())

    def fewest_discards(
        self, hand: Sequence[int], wilds: Wilds, allowed: Collection[int] | None = None
    ) -> list[int]:
        """The discards of a 15-piece ``hand`` (of the faces ``allowed``, if given) that leave the
        fewest pieces out by :meth:`left_out` (never a wild when another may go), in greedy's order
        (the highest face first); empty when the hand can go out."""
        left_out = self.left_out
        held = {f for f in hand if allowed is None or f in allowed}
        faces = sorted({f for f in held if not wilds.is_wild(f)} or held, key=lambda f: -f)
        left = {f: left_out(_without(hand, f), wilds) for f in faces}
        fewest = min(left.values())
        return [] if fewest == 0 else [f for f in faces if left[f] == fewest]

    def valued(
        self, hand: Sequence[int], wilds: Wilds, unseen: Sequence[int], faces: list[int]
    ) -> dict[int, float]:
        """The :meth:`value` of ``hand`` less each of ``faces`` in turn, until the decision's time
        would pass (:meth:`Deadline.passed <rummykit.bots.budget.Deadline.passed>` before each):
        those valued by then."""
        values: dict[int, float] = {}
        for face in faces:
            if self._deadline.passed():
                break
            values[face] = self.value(_without(hand, face), wilds, unseen)
        return values
