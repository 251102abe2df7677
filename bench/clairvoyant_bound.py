"""Benchmark (strength, not speed): how much a bot that sees every hidden piece wins against a given
bot, in Okey or Turkish Rummy, heads-up or at more seats. Not a test, and not a fair bot: it bounds
what a one-move search over greedy play can reach when nothing is hidden, for issue 32's targets.

Seat 0 is the clairvoyant: at each decision with more than one legal action it tries every one on
a clone of the real state (the stock's real order, the other rack known), plays the round out with
greedy bots at both seats, and takes the first action whose play-out it wins, else one with no
winner, else greedy's own choice (greedy's choice is tried first, so it keeps ties). Every other seat ``s`` of
``--players`` (2 by default) is ``--opponent`` (a bot name of the registry, ``hard`` by default),
asked with its own observation as in any match. Deal ``i`` (from 1) is
``game.new_state(game_seed(seed, i))`` and seat ``s``'s bot seed ``bot_seed(seed, i, s)``
(:mod:`rummykit.simulation`), one-round matches. Against greedy opponents the play-outs foresee
their moves exactly (greedy is deterministic), so the bound is then the best single move given the
whole future of greedy play.

Prints the rounds won by the clairvoyant, by the other seats together and void rounds every 20
deals and at the end, with the clairvoyant's share and its Wilson 95% interval. Run::

    python bench/clairvoyant_bound.py okey --deals 100 --seed 31337
    python bench/clairvoyant_bound.py okey --players 4 --opponent greedy --deals 200 --seed 41414
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import rummykit
from rummykit.bots.registry import make_bot
from rummykit.bots.tournament import wilson
from rummykit.engine.game import Game
from rummykit.simulation import bot_seed, game_seed

CLAIRVOYANT = 0
"""The clairvoyant's seat."""


def play_out(game: Game[Any, Any], state: Any, greedy: Any, played: int) -> int | None:
    """Play ``state``'s round in place to its end (``state.results`` longer than ``played``),
    greedy at every seat; the round's winner (``None``: void)."""
    while len(state.results) == played and (seat := game.current_seat(state)) is not None:
        game.apply(state, seat, greedy.choose(game.observe(state, seat), game.legal_actions(state, seat)))
    winner: int | None = state.results[played].winner
    return winner


def clairvoyant_choice(game: Game[Any, Any], state: Any, greedy: Any) -> Any:
    """The clairvoyant's action in ``state`` (module docstring)."""
    legal = game.legal_actions(state, CLAIRVOYANT)
    base = greedy.choose(game.observe(state, CLAIRVOYANT), legal)
    if len(legal) == 1:
        return base
    best, best_score = base, -1
    for action in [base, *(a for a in legal if a != base)]:
        trial = state.clone()
        game.apply(trial, CLAIRVOYANT, action)
        winner = play_out(game, trial, greedy, len(state.results))
        score = 2 if winner == CLAIRVOYANT else 1 if winner is None else 0
        if score > best_score:
            best, best_score = action, score
            if score == 2:
                break
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=("okey", "turkish_rummy"))
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=31337)
    parser.add_argument("--opponent", default="hard")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    args = parser.parse_args()
    game = rummykit.load(args.game, rounds=1, players=args.players)
    greedy = make_bot("greedy", game, 0)
    won = {CLAIRVOYANT: 0, "others": 0, None: 0}
    start = time.process_time()
    for i in range(1, args.deals + 1):
        state = game.new_state(game_seed(args.seed, i))
        opponents = {
            s: make_bot(args.opponent, game, bot_seed(args.seed, i, s)) for s in range(1, args.players)
        }
        while (seat := game.current_seat(state)) is not None:
            if seat == CLAIRVOYANT:
                action = clairvoyant_choice(game, state, greedy)
            else:
                action = opponents[seat].choose(game.observe(state, seat), game.legal_actions(state, seat))
            game.apply(state, seat, action)
        winner = state.results[-1].winner
        won[winner if winner in (CLAIRVOYANT, None) else "others"] += 1
        if i % 20 == 0 or i == args.deals:
            share, (low, high) = won[CLAIRVOYANT] / i, wilson(won[CLAIRVOYANT], i)
            print(
                f"{i} deals: clairvoyant {won[CLAIRVOYANT]} ({share:.1%} [{low:.1%}, {high:.1%}]), "
                f"{args.opponent} ({args.players - 1} seats) {won['others']}, void {won[None]}; "
                f"{time.process_time() - start:.0f} s CPU",
                flush=True,
            )


if __name__ == "__main__":
    main()
