"""Benchmark: self-play decisions per second of rummykit's bots, against OpenSpiel's ``gin_rummy``.

Not a test: for each game (``okey``, ``turkish_rummy``, ``kalooki``, ``carousel``, ``okey_101``)
and each bot kind (``random``, ``greedy``) it lets four bots of that kind play whole matches at the
game's default rules, back to back, for a time budget, and counts the decisions made. In the same
run, on the same pinned core, it plays OpenSpiel's ``gin_rummy`` (two players, one hand per
episode) with uniformly random moves from a Python loop, and prints each rummykit rate divided by
the gin_rummy rate.

What is counted:

* rummykit: one decision is one call to a bot's ``choose(observation, legal)``. Each decision's
  step is: the observation of the seat to move, its legal actions, the bot's choice and applying
  it; all four are inside the timed loop, since a bot can't play without them.
* gin_rummy: one decision is one move of a player (not a chance node): ``state.legal_actions()``,
  a ``random.Random.choice`` among them and ``state.apply_action``. Chance nodes (the deal, every
  draw from the stock) are played in the same loop by sampling ``state.chance_outcomes()``; their
  time is included but they are not counted. No observation is built on this side, so the ratio
  is, if anything, unfavourable to rummykit.

The clock (``time.process_time``, the CPU time of this process, as in ``bench/okey_solver.py`` and
``bench/envs.py``, so that other work on a shared machine slows neither side) runs over the whole
loop of one line, so dealing new matches and making their bots (rummykit) or new episodes
(gin_rummy) is included; a line stops at the first decision after its budget (``--seconds`` of CPU
time) or once ``--games`` matches have finished. Before the timing every line gets an untimed
warm-up (``--warmup`` seconds, another seed) that fills import-time and solver caches, as a long
self-play run would have them. The budgets are split into ``--rounds`` slices timed in turn (each
line, then the peer, round after round; a line's matches go on across its slices), so that a
machine that slows down or speeds up part-way through a run moves every line alike: even the
CPU time of one process moves by a third between minutes on a shared machine. Each ratio is
printed over the totals and, per round, as a range. Only complete matches are counted as matches;
the decision rate counts every decision, including those of the match cut off by the budget, so
lines with slow decisions (greedy Carousel) may cover only the start of one match.

All engine access is in :func:`rummykit_selfplay`, the one function to port when the engine API
changes; the rest of the file only counts what it yields.

To compare two versions of the code per decision, ``--decisions N`` makes exactly ``N`` decisions
per line instead of timing ``--seconds``: the same positions for both (the bots' moves don't
change with speed work), where a time budget lets the faster code reach later, slower positions
(a greedy Carousel match's table grows, and so does each solve).

Run: ``python bench/selfplay.py [--seconds S | --decisions N] [--games N] [--only GAME] [--json]`` (needs
``pip install open_spiel`` for the gin_rummy side; without it the rummykit rates are still printed).
"""

from __future__ import annotations

import argparse
import functools
import importlib
import importlib.metadata
import itertools
import json
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import rummykit
from benchtools import pin_one_core

GAMES = ("okey", "turkish_rummy", "kalooki", "carousel", "okey_101")
BOT_KINDS = ("random", "greedy")
PEER_GAME = "gin_rummy"


# ----------------------------------------------------------------------------- rummykit adapter
def rummykit_selfplay(variant: str, bot: str, seed: int) -> Iterator[int]:
    """Play matches of ``variant`` between bots of kind ``bot``, one per seat, forever: match ``i``
    is dealt from ``seed + i``. Yields once per decision (one bot ``choose`` call, applied) the
    number of matches finished so far, counting one that this decision ended.

    The only code in this file that touches rummykit, written against the Engine v2 API
    (``rummykit.load``, ``game.new_state(seed)``, ``game.observe(state, seat)``,
    ``game.legal_actions(state, seat)``, ``game.apply(state, seat, action)``); the game is built
    once (it is immutable) and each match is a new state.
    """
    from rummykit.bots.registry import make_bot

    game = rummykit.load(variant)
    for match in itertools.count():
        state = game.new_state(seed + match)
        bots = [make_bot(bot, game, (seed + match) * 16 + seat) for seat in range(game.players)]
        while (seat := game.current_seat(state)) is not None:
            game.apply(
                state, seat, bots[seat].choose(game.observe(state, seat), game.legal_actions(state, seat))
            )
            yield match + game.is_terminal(state)


# --------------------------------------------------------------------------------- gin_rummy side
def load_pyspiel() -> Any | None:
    """OpenSpiel's ``pyspiel`` module, or None when ``open_spiel`` is not installed."""
    try:
        return importlib.import_module("pyspiel")
    except ImportError:
        return None


def gin_rummy_selfplay(pyspiel: Any, seed: int) -> Iterator[int]:
    """Episodes of OpenSpiel's ``gin_rummy`` under uniform random play, forever. Yields once per
    player move (chance nodes are sampled, not yielded) the number of episodes finished so far,
    counting one that this move ended."""
    game = pyspiel.load_game(PEER_GAME)
    rng = random.Random(seed)
    finished = 0
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probabilities)[0])
                continue
            state.apply_action(rng.choice(state.legal_actions()))
            yield finished + state.is_terminal()
        finished += 1


# ------------------------------------------------------------------------------------- timing
@dataclass(frozen=True)
class Line:
    """One timed line: ``decisions`` made in ``seconds``, ``matches`` finished on the way;
    ``rates``: its decisions/s in each round (:func:`run_lines`)."""

    game: str
    bot: str
    decisions: int = 0
    matches: int = 0
    seconds: float = 0.0
    error: str | None = None
    rates: tuple[float, ...] = ()

    @property
    def rate(self) -> float:
        return self.decisions / self.seconds if self.seconds else 0.0


@dataclass
class Slice:
    """What one stretch of a line counted: ``decisions``, the ``matches`` finished so far (a
    running total), ``seconds``."""

    decisions: int
    matches: int
    seconds: float


def measure(
    plays: Iterator[int], seconds: float, max_matches: int | None, max_decisions: int | None = None
) -> Slice:
    """Count the decisions ``plays`` yields until ``seconds`` of CPU time have passed (or, with
    ``max_decisions``, that many decisions are made, whatever the time) or ``max_matches`` matches
    have finished (each yield is one decision and the matches finished so far). ``plays`` may be
    measured again: it goes on where it stopped."""
    cap = sys.maxsize if max_matches is None else max_matches
    clock = time.process_time
    decisions = finished = 0
    start = clock()
    deadline = start + seconds if max_decisions is None else float("inf")
    most = sys.maxsize if max_decisions is None else max_decisions
    for finished in plays:
        decisions += 1
        if finished >= cap or decisions >= most or clock() >= deadline:
            break
    return Slice(decisions, finished, clock() - start)


@dataclass(frozen=True)
class Spec:
    """A line to time: ``game``, ``bot`` and ``start_plays(seed)``, its decision iterator; an
    error of the peer's line ends the run (``on_error=False``) rather than becoming its line's."""

    game: str
    bot: str
    start_plays: Callable[[int], Iterator[int]]
    on_error: bool = True


def run_lines(specs: Sequence[Spec], args: argparse.Namespace) -> list[Line]:
    """Time every line of ``specs`` in ``args.rounds`` interleaved rounds: first each line's
    untimed warm-up (``args.warmup`` seconds, seed ``args.seed + 1_000_000``), then, round after
    round, ``args.seconds / args.rounds`` of each line in turn (seed ``args.seed``; each line goes
    on with its own matches where its last slice stopped), so that every line, the peer's
    included, is timed in the same minutes of a shared machine. With ``args.decisions`` each round
    makes its share of that many decisions instead, whatever the time. A line stops early once
    ``args.games`` matches have finished; an engine error becomes its line's ``error``."""
    plays: list[Iterator[int] | None] = []
    errors: list[str | None] = [None] * len(specs)
    for i, spec in enumerate(specs):
        try:
            if args.warmup > 0:
                measure(spec.start_plays(args.seed + 1_000_000), args.warmup, None)
            plays.append(spec.start_plays(args.seed))
        except Exception as error:
            if not spec.on_error:
                raise
            plays.append(None)
            errors[i] = f"{type(error).__name__}: {error}"
    slices: list[list[Slice]] = [[] for _ in specs]
    for round_no in range(args.rounds):
        share = None
        if args.decisions is not None:
            share = args.decisions // args.rounds + (round_no < args.decisions % args.rounds)
        for i, spec in enumerate(specs):
            running = plays[i]
            if running is None or (
                args.games is not None and slices[i] and slices[i][-1].matches >= args.games
            ):
                continue
            try:
                slices[i].append(measure(running, args.seconds / args.rounds, args.games, share))
            except Exception as error:
                if not spec.on_error:
                    raise
                plays[i] = None
                errors[i] = f"{type(error).__name__}: {error}"
    return [
        Line(
            spec.game,
            spec.bot,
            sum(s.decisions for s in done),
            done[-1].matches if done else 0,
            sum(s.seconds for s in done),
            errors[i],
            tuple(s.decisions / s.seconds if s.seconds else 0.0 for s in done),
        )
        for i, (spec, done) in enumerate(zip(specs, slices, strict=True))
    ]


# ------------------------------------------------------------------------------------ reporting
def _ratio(line: Line, peer: Line | None) -> float | None:
    if peer is None or peer.error or not peer.rate or line.error:
        return None
    return line.rate / peer.rate


def _round_ratios(line: Line, peer: Line | None) -> list[float]:
    """The line's rate over the peer's in each round both were timed in."""
    if peer is None or peer.error or line.error:
        return []
    return [mine / theirs for mine, theirs in zip(line.rates, peer.rates, strict=False) if theirs]


def print_table(lines: Sequence[Line], peer: Line | None) -> None:
    head = f"{'game':<14} {'bot':<7} {'decisions':>10} {'matches':>8} {'seconds':>8} {'decisions/s':>12}"
    print(f"\n{head} {'÷ ' + PEER_GAME:>12} {'rounds':>13}")
    print("-" * (len(head) + 27))
    for line in [*lines, *([peer] if peer else [])]:
        if line.error:
            print(f"{line.game:<14} {line.bot:<7} error: {line.error}")
            continue
        ratio = _ratio(line, peer)
        shown = f"{ratio:11.3f}x" if ratio is not None else f"{'n/a':>12}"
        per_round = _round_ratios(line, peer) if line is not peer else []
        spread = f"{min(per_round):.2f}-{max(per_round):.2f}x" if per_round else ""
        print(
            f"{line.game:<14} {line.bot:<7} {line.decisions:>10,} {line.matches:>8,} "
            f"{line.seconds:>8.2f} {line.rate:>12,.1f} {shown} {spread:>13}"
        )


def line_json(line: Line, peer: Line | None) -> dict[str, Any]:
    return {
        "game": line.game,
        "bot": line.bot,
        "decisions": line.decisions,
        "matches": line.matches,
        "seconds": round(line.seconds, 4),
        "decisions_per_second": round(line.rate, 2),
        "ratio_to_gin_rummy": None if (r := _ratio(line, peer)) is None else round(r, 4),
        "rates_by_round": [round(rate, 2) for rate in line.rates],
        "ratios_by_round": [round(r, 4) for r in _round_ratios(line, peer)],
        "error": line.error,
    }


def _version(distribution: str) -> str | None:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=3.0, help="time budget per line (default 3)")
    parser.add_argument(
        "--rounds",
        type=int,
        default=5,
        help="interleaved rounds the lines' budgets are split into (default 5)",
    )
    parser.add_argument("--games", type=int, default=None, help="stop a line after N finished matches")
    parser.add_argument(
        "--decisions",
        type=int,
        default=None,
        help="make exactly N decisions per line instead of timing --seconds (the same positions "
        "for every version of the code: compare two versions per decision with it)",
    )
    parser.add_argument("--only", choices=GAMES, default=None, help="time only this rummykit game")
    parser.add_argument(
        "--bots", choices=BOT_KINDS, action="append", default=None, help="time only this bot kind (repeat it)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first match of each line")
    parser.add_argument(
        "--warmup", type=float, default=0.3, help="untimed warm-up per line, seconds (default 0.3)"
    )
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.warmup < 0:
        parser.error("--seconds must be positive and --warmup not negative")
    if args.games is not None and args.games < 1:
        parser.error("--games must be at least 1")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if args.decisions is not None and args.decisions < args.rounds:
        parser.error("--decisions must be at least --rounds")

    pinning = pin_one_core()
    source = str(Path(rummykit.__file__).parent)
    pyspiel = load_pyspiel()
    if not args.json:
        print(
            f"Python {sys.version.split()[0]}, {pinning}, seed {args.seed}, "
            + (f"{args.decisions:,} decisions" if args.decisions else f"{args.seconds:g} s")
            + f" per line in {args.rounds} interleaved rounds, "
            f"after a {args.warmup:g} s warm-up"
            + (f", at most {args.games} matches per line" if args.games else "")
        )
        print(f"rummykit {_version('rummykit')} from {source}: 4 bots of one kind, default rules")
        if pyspiel is None:
            print(f"open_spiel is not installed (pip install open_spiel): no {PEER_GAME} line, no ratios")
        else:
            print(f"open_spiel {_version('open_spiel')}: {PEER_GAME}, 2 players, uniform random moves")

    games = [args.only] if args.only else list(GAMES)
    specs = [
        Spec(game, bot, functools.partial(rummykit_selfplay, game, bot))
        for game in games
        for bot in args.bots or BOT_KINDS
    ]
    if pyspiel is not None:
        specs.append(
            Spec(PEER_GAME, "random", functools.partial(gin_rummy_selfplay, pyspiel), on_error=False)
        )
    timed = run_lines(specs, args)
    lines = timed[: len(timed) - (pyspiel is not None)]
    peer = timed[-1] if pyspiel is not None else None

    if args.json:
        report = {
            "python": sys.version.split()[0],
            "pinning": pinning,
            "seed": args.seed,
            "seconds_per_line": args.seconds,
            "rounds": args.rounds,
            "warmup": args.warmup,
            "max_matches": args.games,
            "decisions_per_line": args.decisions,
            "rummykit": {"version": _version("rummykit"), "source": source},
            "open_spiel": _version("open_spiel") if pyspiel is not None else None,
            "lines": [line_json(line, peer) for line in lines],
            PEER_GAME: line_json(peer, peer) if peer is not None else None,
        }
        print(json.dumps(report, indent=2))
    else:
        print_table(lines, peer)
        print("\none decision = one bot choose() call (rummykit) or one non-chance move (gin_rummy)")
    return 1 if any(line.error for line in lines) else 0


if __name__ == "__main__":
    raise SystemExit(main())
