"""Benchmark (strength, not speed): what would the Okey and Turkish Rummy expert gain from what it
can't see? Bounds for issue 32, four seats.

This plays the expert uncapped at ``--draws`` sampled draws a decision (the same moves on any
machine) in seat 0 against three greedy bots, on the same deals in every ``--mode``; every mode
but the first is not a fair bot but a bound, what a piece of hidden information is worth to it:

- ``reference``: the expert as shipped.
- ``peek``: not feeding the next seat. At four seats every discard may be taken by one seat
  only, the next; a greedy next seat takes it exactly when it lowers its own count, a free draw
  of the piece it wants. Among the expert's candidates (the discards that leave the fewest pieces
  out) it drops those the next seat would take, judged on the true state (the next seat's real
  rack), unless every candidate would be taken; the expert then chooses among the rest as usual.
  An honest bot, guessing the rack, can do no better at not feeding.
- ``stock``: the stock's contents. The expert's draws are valued as if every piece it can't see
  were equally likely to come next, the other racks' pieces too; here it counts only the pieces
  really in the stock (their order still unknown to it). What reading the other racks from their
  discards and takes could give the draw's value at most.

Deal ``i`` (from 1) is ``game.new_state(game_seed(seed, i))``, the expert's seed ``bot_seed(seed,
i, 0)`` (:mod:`rummykit.simulation`); one-round matches, the expert always seat 0. Prints every
round's winner as a line of digits (``-`` void) for pairing runs, then the expert's rounds won with
a Wilson 95% interval. Run::

    python bench/information_bound.py okey --mode reference --deals 1000 --seed 60606
    python bench/information_bound.py okey --mode peek --deals 1000 --seed 60606
    python bench/information_bound.py okey --mode stock --deals 1000 --seed 60606
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

import rummykit
from rummykit.bots.registry import make_bot
from rummykit.bots.tournament import wilson
from rummykit.core.melds import Wilds
from rummykit.core.pieces import N_FACES
from rummykit.simulation import bot_seed, game_seed
from rummykit.variants.closed_hand.actions import HandAction, Verb
from rummykit.variants.closed_hand.bots import GreedyBot, _wilds
from rummykit.variants.closed_hand.draw_value import unseen_counts
from rummykit.variants.closed_hand.expert import ExpertBot
from rummykit.variants.closed_hand.game import ClosedHandGame
from rummykit.variants.closed_hand.value import FEATURES, hand_features

EXPERT = 0
"""The expert's seat."""


def taken_by_next(
    game: ClosedHandGame[Any], state: Any, seat: int, action: HandAction, greedy: GreedyBot
) -> bool:
    """Whether the seat after ``seat`` would take ``action``'s discard in ``state`` (a greedy seat,
    asked with its own observation of a copy where the discard is made)."""
    trial = state.clone()
    game.apply(trial, seat, action)
    following = game.current_seat(trial)
    if following is None or following == seat:
        return False
    reply = greedy.choose(game.observe(trial, following), game.legal_actions(trial, following))
    return reply.verb is Verb.TAKE


class Peeking(ExpertBot):
    """The expert, dropping the candidate discards the next seat would take in the true state
    (module docstring); not a fair bot."""

    def __init__(self, game: ClosedHandGame[Any], seed: int, draws: int) -> None:
        super().__init__(game, seed, iterations=draws, seconds=None)
        self.truth: Any = None
        """The true state, set by the match loop before each of the bot's decisions."""

    def choose(self, observation: dict[str, Any], legal: list[HandAction]) -> HandAction:
        discards = {a.face: a for a in legal if a.verb is Verb.DISCARD and a.face is not None}
        if not discards or any(a.verb is Verb.FINISH for a in legal):
            return super().choose(observation, legal)
        faces = self.fewest_discards(observation["hand"], _wilds(observation), discards)
        if len(faces) < 2:
            return super().choose(observation, legal)
        fed = {
            face
            for face in faces
            if taken_by_next(self.game, self.truth, EXPERT, discards[face], self.greedy)
        }
        if len(fed) == len(faces) or not fed:
            return super().choose(observation, legal)
        kept = [a for a in legal if a.verb is not Verb.DISCARD or a.face not in fed]
        return super().choose(observation, kept)


class StockSeeing(ExpertBot):
    """The expert, its draws drawn from the true stock's contents (module docstring); not a fair
    bot. The net's input ``unseen`` (how many pieces the seat can't see) stays the honest count,
    as the net was trained on it; the draw's chances come from the stock."""

    def __init__(self, game: ClosedHandGame[Any], seed: int, draws: int) -> None:
        super().__init__(game, seed, iterations=draws, seconds=None)
        self.truth: Any = None
        """The true state, set by the match loop before each of the bot's decisions."""
        self.honest = 0
        """How many pieces the seat can't see, at the decision being made."""

    def unseen(self, observation: dict[str, Any]) -> list[int]:
        pieces = self.game.pieces
        self.honest = sum(unseen_counts(observation, pieces))
        stock = [0] * (N_FACES + 1)
        for piece in self.truth.stock:
            stock[pieces.face(piece)] += 1
        return stock

    def value(self, hand: Sequence[int], wilds: Wilds, unseen: Sequence[int]) -> float:
        game = self.game
        row = hand_features(
            hand, wilds, unseen, self._stock, game.players, self.left_out, self.solver, self.pairs
        )
        row[FEATURES.index("unseen")] = float(self.honest)
        return -float(self.net(np.array([row]))[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=("okey", "turkish_rummy"))
    parser.add_argument("--mode", choices=("reference", "peek", "stock"), default="reference")
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--first", type=int, default=1, help="the first deal's number")
    parser.add_argument("--seed", type=int, default=60606)
    parser.add_argument("--draws", type=int, default=8)
    args = parser.parse_args()
    game: ClosedHandGame[Any] = rummykit.load(args.game, rounds=1, players=4)  # type: ignore[assignment]
    won = played = 0
    line = []
    start = time.process_time()
    for i in range(args.first, args.first + args.deals):
        state = game.new_state(game_seed(args.seed, i))
        seed = bot_seed(args.seed, i, EXPERT)
        expert: ExpertBot
        if args.mode == "reference":
            expert = ExpertBot(game, seed, iterations=args.draws, seconds=None)
        else:
            expert = (Peeking if args.mode == "peek" else StockSeeing)(game, seed, args.draws)
        others = {s: make_bot("greedy", game, bot_seed(args.seed, i, s)) for s in range(1, 4)}
        while (seat := game.current_seat(state)) is not None:
            if isinstance(expert, Peeking | StockSeeing):
                expert.truth = state
            bot = expert if seat == EXPERT else others[seat]
            game.apply(state, seat, bot.choose(game.observe(state, seat), game.legal_actions(state, seat)))
        winner = state.results[-1].winner
        line.append("-" if winner is None else str(winner))
        played += winner is not None
        won += winner == EXPERT
    low, high = wilson(won, args.deals)
    print("".join(line))
    print(
        f"{args.game} {args.mode} ({args.draws} sampled draws), "
        f"deals {args.first}..{args.first + args.deals - 1} of seed {args.seed}: "
        f"expert {won} of {args.deals} "
        f"= {won / args.deals:.1%} [{low:.1%}, {high:.1%}], void {args.deals - played}; "
        f"{time.process_time() - start:.0f} s CPU",
        flush=True,
    )


if __name__ == "__main__":
    main()
