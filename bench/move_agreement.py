"""How often two bots make the same move at the positions of recorded matches.

Not a test: it reads the records a tournament wrote (``rummykit tournament ... --records DIR``),
replays each, and at every decision of the seats that ``--seat-bot`` played asks the bot ``--ask``
(built as ``make_bot(name, game, 0)``, from the seat's observation and legal actions, as in play)
what it would do; it prints the decisions, how many it would play the same, and the same for the
discards alone. This is how far two levels differ in practice (``docs/bots.md``: the expert
against ``hard`` heads-up).

Run: ``nice -n 19 python bench/move_agreement.py DIR --seat-bot expert --ask hard --matches 40``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import rummykit
from rummykit.bots.registry import make_bot


def agreement(folder: Path, seat_bot: str, ask: str, matches: int) -> tuple[int, int, int, int]:
    """(decisions, the same move, discard decisions, the same discard) over the first ``matches``
    records of ``folder`` (by name), at the decisions of the seats named ``seat_bot``."""
    decisions = same = discards = same_discards = 0
    for path in sorted(folder.glob("*.jsonl"))[:matches]:
        lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        head = lines[0]
        game = rummykit.load(head["variant"], **head["rules"])
        bot = make_bot(ask, game, 0)
        state = game.new_state(head["seed"])
        for line in lines[1:]:
            if "action" not in line:
                continue
            seat, played = line["seat"], game.parse_action(line["action"])
            legal = game.legal_actions(state, seat)
            if head["seats"][seat] == seat_bot and len(legal) > 1:
                agrees = bot.choose(game.observe(state, seat), legal) == played
                decisions += 1
                same += agrees
                if line["action"].startswith("discard"):
                    discards += 1
                    same_discards += agrees
            game.apply(state, seat, played)
    return decisions, same, discards, same_discards


def main() -> None:
    """Parse the command line, count, print one line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("records", type=Path)
    parser.add_argument("--seat-bot", default="expert")
    parser.add_argument("--ask", default="hard")
    parser.add_argument("--matches", type=int, default=40)
    args = parser.parse_args()
    decisions, same, discards, same_discards = agreement(args.records, args.seat_bot, args.ask, args.matches)
    print(
        f"{args.records}: {decisions} decisions of {args.seat_bot} with a choice, {args.ask} the same in "
        f"{same} ({100 * same / max(decisions, 1):.1f}%); discards {discards}, the same in {same_discards} "
        f"({100 * same_discards / max(discards, 1):.1f}%)"
    )


if __name__ == "__main__":
    main()
