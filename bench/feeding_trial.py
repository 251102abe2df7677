"""Benchmark (strength, not speed): is it worth not feeding the next seat? Issue 32, four seats.

At four seats every discard may be taken by one seat only, the next; a greedy next seat takes it
exactly when it lowers its own count, a free draw of the piece it wants. This trial plays the
expert uncapped at ``--draws`` sampled draws a decision (the same moves on any machine) in seat 0
against greedy bots, on the same deals in every ``--mode``:

- ``reference``: the expert as shipped.
- ``peek``: not a fair bot, a bound. Among the expert's candidates (the discards that leave the
  fewest pieces out) it drops those the next seat would take, judged on the true state (the next
  seat's real rack), unless every candidate would be taken; the expert then chooses among the
  rest as usual. What not feeding is worth when the next rack is known: an honest bot, guessing
  the rack, can do no better.

Deal ``i`` (from 1) is ``game.new_state(game_seed(seed, i))``, the expert's seed ``bot_seed(seed,
i, 0)`` (:mod:`rummykit.simulation`); one-round matches, the expert always seat 0. Prints every
round's winner as a line of digits (``-`` void) for pairing runs, then the expert's rounds won with
a Wilson 95% interval. Run::

    python bench/feeding_trial.py okey --mode peek --deals 400 --seed 60606
    python bench/feeding_trial.py okey --mode reference --deals 400 --seed 60606
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import rummykit
from rummykit.bots.registry import make_bot
from rummykit.bots.tournament import wilson
from rummykit.simulation import bot_seed, game_seed
from rummykit.variants.closed_hand.actions import HandAction, Verb
from rummykit.variants.closed_hand.bots import GreedyBot, _wilds
from rummykit.variants.closed_hand.expert import ExpertBot
from rummykit.variants.closed_hand.game import ClosedHandGame

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=("okey", "turkish_rummy"))
    parser.add_argument("--mode", choices=("reference", "peek"), default="reference")
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
            expert = Peeking(game, seed, args.draws)
        others = {s: make_bot("greedy", game, bot_seed(args.seed, i, s)) for s in range(1, 4)}
        while (seat := game.current_seat(state)) is not None:
            if isinstance(expert, Peeking):
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
