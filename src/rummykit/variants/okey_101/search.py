"""The 101 Okey search bot: determinised greedy rollouts from its own seat's view, with the 101
plan of :class:`rummykit.bots.table_search.TableSearchBot` (the search, its budget and its
paired comparison are that bot's; this module gives what is 101's).

Candidates, the policy's choice first (:class:`Okey101Policy`, greedy's play with another order of
discards once open): drawing and taking when both are legal; when it discards, its discard and the
``width`` next of its order of discards; when it opens (a meld or pair laid before opening), also
waiting: its first discard. Its other plays (melds once open, lay-offs, swaps, taking back) are
played at once. Rollouts: the searching seat plays the policy, every other seat greedy, to the
round's end or for ``horizon`` actions; a rollout cut
short scores the hands as the stock running out would (``okey-101.md`` "Scoring": 202 for a seat
that has not opened, the tiles in hand for one that has). Points are penalties.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rummykit.bots.table_search import TableSearchBot
from rummykit.core.melds import Meld, Wilds
from rummykit.engine.game import Game
from rummykit.solvers.arrange import Arrangement, Objective
from rummykit.variants.okey_101.actions import (
    V_DISCARD,
    V_DRAW,
    V_MELD,
    V_PAIR,
    V_TAKE,
    Okey101Action,
)
from rummykit.variants.okey_101.bots import GreedyBot
from rummykit.variants.okey_101.game import Okey101Game
from rummykit.variants.okey_101.scoring import score_round
from rummykit.variants.okey_101.state import Okey101State
from rummykit.variants.okey_101.table import FACES, meld_value

HORIZON = 48
"""Actions after which a rollout stops short of the round's end by default (about four turns a
seat: a round's stock lasts five draws a seat at four players)."""


class Okey101Policy(GreedyBot):
    """The search bot's own play: greedy's, but once open it throws the tile with the fewest tiles
    near it (same colour within two, or same number) before the one with the most points, as a
    finish (``finish_bonus`` x M, and every other seat's penalty) is worth more than the points a
    kept tile costs. Alone against three greedy bots it won 15.4% of 800 rounds where greedy won
    12.9% (deals 2000-2199, every seat in turn)."""

    name = "policy"

    def _opening(self, hand: list[int], wilds: Wilds, must: int | None, laid: int) -> Sequence[Meld]:
        """The melds leaving the fewest tiles in hand when they reach ``open_min`` (a finish is
        a race to lay every tile), else greedy's opening."""
        if must is None:
            fewest = self._arranged(hand, wilds)
            if fewest.ungrouped and laid + sum(meld_value(m) for m in fewest.melds) >= self.rules.open_min:
                return fewest.melds
        return super()._opening(hand, wilds, must, laid)

    def _arranged(self, hand: list[int], wilds: Wilds) -> Arrangement:
        """The arrangement leaving the fewest tiles in hand."""
        return self.points.arrange(hand, wilds, Objective.PIECES)

    @staticmethod
    def _discard_rank(face: int, near: Mapping[int, int], opened: str, okey: int) -> tuple[int, int]:
        alone, low = GreedyBot._discard_rank(face, near, "none", okey)  # (-near, -points)
        return (alone, -low) if opened != "none" else (alone, low)


class Okey101Plan:
    """101 Okey's candidates, rollout policy (greedy for every seat) and cut-short values."""

    points_sign = -1
    """Points are penalties."""

    def __init__(self, game: Okey101Game, width: int) -> None:
        self.game = game
        self.width = width
        self.greedy = GreedyBot(game)
        self.policy = Okey101Policy(game)

    def candidates(self, observation: dict[str, Any], legal: list[Okey101Action]) -> list[Okey101Action]:
        """The policy's choice, then the alternatives worth searching (module docstring)."""
        choice = self.policy.choose(observation, legal)
        verb = choice.verb
        if verb is V_DRAW or verb is V_TAKE:
            return [choice, *(a for a in legal if a.verb is V_DRAW or a.verb is V_TAKE)]
        order = self.policy.discard_order(observation, legal)
        if verb is V_DISCARD:
            return [choice, *[a for a in order if a != choice][: self.width]]
        opening = observation["opened"][observation["seat"]] == "none" and not observation["pending"]
        if opening and (verb is V_MELD or verb is V_PAIR) and order:
            return [choice, order[0]]
        return [choice]

    def step(self, state: Okey101State, seat: int, own: bool) -> Okey101Action:
        """The move for ``seat``: the policy's for the searching seat (``own``), else greedy's."""
        game = self.game
        bot = self.policy if own else self.greedy
        return bot.choose(game.observe(state, seat), game.legal_actions(state, seat))

    def in_hand(self, state: Okey101State) -> list[int]:
        """Each seat's score change were the stock to run out now (its fines included)."""
        game = self.game
        hands = [[FACES[p] for p in h] for h in state.hands]
        return list(score_round(game.rules, hands, state.opened, game.okey(state), None, state.fines).deltas)


class SearchBot(TableSearchBot):
    """:class:`TableSearchBot` with the 101 plan (:class:`Okey101Plan`, default horizon
    :data:`HORIZON`); the budget is ``search:N`` determinisations or ``search:0.1s`` of CPU time a
    decision. Raises ``ValueError`` for another game and for the budgets
    :class:`TableSearchBot` refuses."""

    default_horizon = HORIZON

    def make_plan(self, game: Game[Any, Any], width: int) -> Okey101Plan:
        """The 101 plan; raises ``ValueError`` for another game."""
        if not isinstance(game, Okey101Game):
            raise ValueError(f"this search plays okey_101, not {game.variant}")
        return Okey101Plan(game, width)
