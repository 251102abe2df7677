"""Trial of a bot class against greedy bots, in one process, without installing it as a plugin.

Not a test: it seats the class ``module:Class`` (built as ``Class(game, seed)``, like any bot) in
one seat and the game's greedy bot in every other, plays ``--deals`` duplicate deals of ``rummykit
tournament`` (each deal in every rotation of the seats, the same seeds), and prints the rounds the
class won with a Wilson 95% interval. Void rounds count to no one. This is how the table search's
policies (``KalookiPolicy``, ``CarouselPolicy`` in the games' ``bots`` modules) were measured alone,
policy against greedy, before they went into the search (``docs/bots.md``): a policy plays as fast
as greedy, so thousands of rounds take a minute and a change of two points shows.

Run: ``python bench/policy_trial.py kalooki rummykit.variants.kalooki.bots:KalookiPolicy --players 2
--deals 100 --seed 1`` (``--rounds 1`` for matches of one round, as four-seat trials use; other
rules options as ``--rule k=v``). The class must be importable (``PYTHONPATH`` for a file of
your own).
"""

from __future__ import annotations

import argparse
import importlib
import time

from rummykit.bots import registry, tournament
from rummykit.variants.registry import variant

TRIAL_NAME = "trial"
"""The name the class plays under in this process."""


def trial(game: str, path: str, players: int, deals: int, seed: int, rules: list[str]) -> tuple[int, int]:
    """Rounds won by ``path`` (``module:Class``) in seat rotation against greedy bots, and rounds
    played (not void), over ``deals`` duplicate deals from ``seed``."""
    registry.register(TRIAL_NAME, {variant(game).name: path})
    config = tournament.make_tournament(
        game,
        ",".join([TRIAL_NAME, *["greedy"] * (players - 1)]),
        seed,
        overrides=[f"players={players}", *rules],
    )
    won = played = 0
    for match in tournament.run(config, deals):
        seat = match.lineup.index(0)
        for winner in match.round_winners:
            if winner is not None:
                played += 1
                won += winner == seat
    return won, played


def main() -> None:
    """Parse the command line, run the trial, print one line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("bot", help="module:Class of the bot on trial")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=None, help="matches of exactly N rounds")
    parser.add_argument("--rule", action="append", default=[], help="a rules option k=v (repeatable)")
    args = parser.parse_args()
    module, _, name = args.bot.partition(":")
    try:
        getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError, ValueError) as error:
        parser.error(f"can't load the bot class {args.bot!r} (module:Class): {error}")
    rules = list(args.rule) + (variant(args.game).rounds_overrides(args.rounds) if args.rounds else [])
    start = time.process_time()
    won, played = trial(args.game, args.bot, args.players, args.deals, args.seed, rules)
    low, high = tournament.wilson(won, played)
    print(
        f"{args.bot} against greedy, {args.game}, {args.players} players, {args.deals} deals of seed "
        f"{args.seed}: {won} of {played} rounds = {won / played:.1%} [{low:.1%}, {high:.1%}] "
        f"({time.process_time() - start:.0f} s of CPU time)"
    )


if __name__ == "__main__":
    main()
