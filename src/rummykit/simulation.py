"""Many bot matches: play one game by its index, then aggregate the per-game statistics.

Independent of any interface: the command line (``rummykit simulate``), a server or learning code
build a :class:`SimulationConfig`, call :func:`run_game` (or :func:`simulate`, which can spread the
games over processes) and :func:`aggregate` the :class:`GameStats`.

Definitions, fixed so that summaries are comparable:

- **Games** are numbered from 1. Game ``i`` of a simulation seeded ``S`` is dealt from
  ``derive_seed(S, "game", i)`` and seat ``s``'s bot from ``derive_seed(S, "bot", i, s)``: 48-bit
  numbers from SHA-256, so a game depends only on ``(S, i)``, never on which process ran it or in
  what order. The same ``S`` gives the same summary whatever the number of workers.
- A **turn** is one seat's go: it ends when an action hands the move to another seat or ends the
  round. (In Okey every turn ends with exactly one discard, finish or pass, so the turns of a round
  are its discards, finishes and passes; showing the indicator and drawing or taking are part of a
  turn.)
- **Match wins** are shared: a match won by ``k`` tied players counts ``1/k`` to each of them, so
  the seats' wins add up to the number of games. ``sole_wins`` counts the matches a seat won alone.
- **Round wins**: rounds with a winner (``RoundResult.winner``); a void round has none.
- A bot that keeps the move for more than :data:`MAX_TURN_ACTIONS` actions in one turn stops the
  simulation with a :class:`RummykitError` naming the bot and its seat: every built-in game's turn
  is finite (a retract is once a turn), so this guards other packages' games.
- **Finish kinds** are the ``RoundResult.kind`` words of rounds with a winner, those the game's
  package lists (:attr:`~rummykit.variants.declaration.GamePackage.finish_kinds`; Okey:
  ``normal``, ``okey``, ``pairs``, ``okey+pairs``) first and always; rounds without a winner count
  as void.
"""

from __future__ import annotations

import functools
import hashlib
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from rummykit.bots.registry import make_bot, parse_bot_list
from rummykit.engine.events import Event
from rummykit.engine.game import Game
from rummykit.engine.match import Bot, play_match
from rummykit.engine.options import rules_dict
from rummykit.engine.records import RecordWriter, make_records_dir, rules_hash
from rummykit.engine.state import State
from rummykit.errors import IllegalActionError, RummykitError
from rummykit.messages import seat_name
from rummykit.variants.registry import variant
from rummykit.workers import run_chunks

VOID = "void"

MAX_TURN_ACTIONS = 1000
"""The most actions one seat may play in one turn of a simulated or tournament match (the built-in
bots play at most a few dozen); one more stops the match with an error naming the bot."""


def derive_seed(seed: int, *parts: object) -> int:
    """A 48-bit seed from ``seed`` and ``parts`` (stable across runs, platforms and processes)."""
    text = "/".join(["rummykit-sim", str(seed), *(str(p) for p in parts)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:6], "big")


def game_seed(seed: int, index: int) -> int:
    """The deal seed of game ``index`` (from 1) of a simulation seeded ``seed``."""
    return derive_seed(seed, "game", index)


def bot_seed(seed: int, index: int, seat: int) -> int:
    """The seed of seat ``seat``'s bot in game ``index`` of a simulation seeded ``seed``."""
    return derive_seed(seed, "bot", index, seat)


def record_path(directory: Path, index: int) -> Path:
    """Where game ``index``'s record goes: ``directory/game-00001.jsonl``."""
    return directory / f"game-{index:05d}.jsonl"


@dataclass(frozen=True)
class SimulationConfig:
    """What to simulate: a variant under ``rules`` (a rules object), one bot name per seat, the
    simulation ``seed``, and optionally a ``records`` directory for each game's record."""

    variant: str
    rules: Any
    bots: tuple[str, ...]
    seed: int
    records: Path | None = None

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.bots)


def make_config(
    game: str,
    bots: str | Sequence[str],
    seed: int,
    preset: Path | None = None,
    overrides: Sequence[str] = (),
    records: Path | None = None,
) -> SimulationConfig:
    """A checked configuration: the variant ``game`` with its preset (or ``preset``) and
    ``name=value`` ``overrides``, ``bots`` as ``"greedy,random"`` or a list (one name is repeated
    for every seat). Raises :class:`RummykitError` for anything a user got wrong, before any game is
    played (unknown game or bot, a bad option, a game that can't be played yet)."""
    info = variant(game)
    rules = info.load_rules(preset, overrides)
    text = bots if isinstance(bots, str) else ",".join(bots)
    names = tuple(parse_bot_list(text, make_game(info.name, rules).players))
    config = SimulationConfig(info.name, rules, names, seed, records)
    make_bots(config, 1)
    return config


@functools.lru_cache(maxsize=8)
def make_game(name: str, rules: Any) -> Game[Any, Any]:
    """The game of variant ``name`` under ``rules`` (a frozen rules object), built once per process:
    a game never changes, so every match of a simulation shares it."""
    return variant(name).game(rules)


def make_bots(config: SimulationConfig, index: int) -> list[Bot]:
    """The bots of game ``index``, one per seat, seeded from the simulation seed."""
    game = make_game(config.variant, config.rules)
    return [make_bot(name, game, bot_seed(config.seed, index, seat)) for seat, name in enumerate(config.bots)]


@dataclass(frozen=True)
class RoundStats:
    """One round of a game: its winner (``None``: void), kind word, and number of turns."""

    winner: int | None
    kind: str
    turns: int


@dataclass(frozen=True)
class GameStats:
    """One game's result: its index and deal seed, final scores, match winners (ties share), its
    rounds and the number of actions played."""

    index: int
    seed: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: tuple[RoundStats, ...]
    actions: int


def play_game(
    game: Game[Any, Any], state: State, bots: Sequence[Bot], writer: RecordWriter | None = None
) -> GameStats:
    """Let ``bots`` play the match ``state`` of ``game`` to its end (writing its record to
    ``writer``) and return the statistics (with index 0; :func:`run_game` sets the index). Raises
    :class:`RummykitError` naming the bot and its seat when a bot plays more than
    :data:`MAX_TURN_ACTIONS` actions in one turn or answers an action that is not legal."""
    rounds: list[RoundStats] = []
    counts = {"turns": 0, "actions": 0, "in_turn": 0}

    def count(seat: int, events: list[Event]) -> None:
        counts["actions"] += 1
        counts["in_turn"] += 1
        results = [e.params["result"] for e in events if "result" in e.params]
        if results or game.current_seat(state) != seat:
            counts["turns"] += 1
            counts["in_turn"] = 0
        elif counts["in_turn"] > MAX_TURN_ACTIONS:
            raise RummykitError(
                f"the bot {bots[seat].name!r} in {seat_name(seat)} played more than "
                f"{MAX_TURN_ACTIONS} actions in one turn without ending it ({game.variant}, deal seed "
                f"{state.seed}): the match was stopped"
            )
        for result in results:
            winner = result["winner"]
            rounds.append(RoundStats(winner, result["kind"] if winner is not None else VOID, counts["turns"]))
            counts["turns"] = 0

    try:
        outcome = play_match(game, state, bots, writer, count)
    except IllegalActionError as exc:
        seat = game.current_seat(state)  # an illegal action leaves the state as it was
        if seat is None:
            raise
        raise RummykitError(
            f"the bot {bots[seat].name!r} in {seat_name(seat)} answered an illegal action ({game.variant}, "
            f"deal seed {state.seed}): {exc}"
        ) from None
    return GameStats(0, state.seed, outcome.scores, outcome.winners, tuple(rounds), counts["actions"])


def run_game(config: SimulationConfig, index: int) -> GameStats:
    """Play game ``index`` (from 1) of the simulation, writing its record when asked."""
    game = make_game(config.variant, config.rules)
    state = game.new_state(game_seed(config.seed, index))
    bots = make_bots(config, index)
    if config.records is None:
        stats = play_game(game, state, bots)
    else:
        with record_path(config.records, index).open("w", encoding="utf-8") as stream:
            writer = RecordWriter(stream, game, state, list(config.bots))
            stats = play_game(game, state, bots, writer)
    return GameStats(index, stats.seed, stats.scores, stats.winners, stats.rounds, stats.actions)


def run_games(config: SimulationConfig, indices: Sequence[int]) -> list[GameStats]:
    """Play several games (one chunk of :func:`~rummykit.workers.run_chunks`)."""
    return [run_game(config, i) for i in indices]


def simulate(
    config: SimulationConfig,
    games: int,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[GameStats]:
    """Play games ``1..games`` and return their statistics sorted by index.

    ``workers`` > 1 spreads them over that many processes (started with ``spawn``, safe in threaded
    programs); ``progress`` is called with the number of games just finished. The result does not
    depend on ``workers``. On any exception here, ``KeyboardInterrupt`` included, the worker
    processes are stopped at once (none is left running) and the exception propagates.
    """
    if games < 1:
        raise RummykitError(f"the number of games must be at least 1, not {games}")
    if workers < 1:
        raise RummykitError(f"the number of workers must be at least 1, not {workers}")
    if config.records is not None:
        make_records_dir(config.records)
    indices = list(range(1, games + 1))
    size = 1 if workers == 1 else max(1, min(16, games // (workers * 8)))
    chunks = [indices[i : i + size] for i in range(0, games, size)]
    results = run_chunks(functools.partial(run_games, config), chunks, workers, progress)
    return sorted(results, key=lambda s: s.index)


@dataclass(frozen=True)
class SeatSummary:
    """One seat over all games: its bot, shared match wins (``1/k`` per ``k``-way tie), matches
    won alone, mean final score and rounds won."""

    seat: int
    bot: str
    wins: Fraction
    sole_wins: int
    mean_score: Fraction
    round_wins: int


@dataclass(frozen=True)
class Summary:
    """Aggregated statistics of a simulation (see the module docstring for the definitions)."""

    variant: str
    seed: int
    rules: dict[str, object]
    rules_hash: str
    games: int
    seats: tuple[SeatSummary, ...]
    rounds: int
    void_rounds: int
    finishes: dict[str, int]
    turns: int
    actions: int

    @property
    def mean_turns_per_round(self) -> Fraction:
        """Turns per round, over all rounds (void ones included)."""
        return Fraction(self.turns, self.rounds) if self.rounds else Fraction(0)

    @property
    def mean_rounds_per_game(self) -> Fraction:
        """Rounds per game."""
        return Fraction(self.rounds, self.games) if self.games else Fraction(0)

    def to_json(self) -> dict[str, object]:
        """The summary as JSON-ready values (fractions as floats)."""
        return {
            "variant": self.variant,
            "seed": self.seed,
            "rules": self.rules,
            "rules_hash": self.rules_hash,
            "games": self.games,
            "seats": [
                {
                    "seat": s.seat,
                    "bot": s.bot,
                    "wins": float(s.wins),
                    "sole_wins": s.sole_wins,
                    "mean_score": float(s.mean_score),
                    "round_wins": s.round_wins,
                }
                for s in self.seats
            ],
            "rounds": self.rounds,
            "void_rounds": self.void_rounds,
            "finishes": dict(self.finishes),
            "turns": self.turns,
            "mean_turns_per_round": float(self.mean_turns_per_round),
            "mean_rounds_per_game": float(self.mean_rounds_per_game),
            "actions": self.actions,
        }


def aggregate(config: SimulationConfig, stats: Iterable[GameStats]) -> Summary:
    """Sum per-game statistics; the result does not depend on the order of ``stats`` (exact
    fractions throughout)."""
    players = config.players
    wins = [Fraction(0)] * players
    sole = [0] * players
    score_sum = [0] * players
    round_wins = [0] * players
    kinds = variant(config.variant).finish_kinds
    finishes: Counter[str] = Counter(dict.fromkeys(kinds, 0))
    games = rounds = void = turns = actions = 0
    for game in stats:
        games += 1
        actions += game.actions
        for seat in game.winners:
            wins[seat] += Fraction(1, len(game.winners))
        if len(game.winners) == 1:
            sole[game.winners[0]] += 1
        for seat, value in enumerate(game.scores):
            score_sum[seat] += value
        for r in game.rounds:
            rounds += 1
            turns += r.turns
            if r.winner is None:
                void += 1
            else:
                round_wins[r.winner] += 1
                finishes[r.kind] += 1
    seats = tuple(
        SeatSummary(
            seat,
            config.bots[seat],
            wins[seat],
            sole[seat],
            Fraction(score_sum[seat], games) if games else Fraction(0),
            round_wins[seat],
        )
        for seat in range(players)
    )
    ordered = [k for k in kinds if k in finishes] + sorted(k for k in finishes if k not in kinds)
    return Summary(
        variant=config.variant,
        seed=config.seed,
        rules=rules_dict(config.rules),
        rules_hash=rules_hash(config.rules),
        games=games,
        seats=seats,
        rounds=rounds,
        void_rounds=void,
        finishes={k: finishes[k] for k in ordered},
        turns=turns,
        actions=actions,
    )


@dataclass(frozen=True)
class Timing:
    """Wall time of a simulation and its rate."""

    seconds: float
    games: int
    workers: int

    @property
    def games_per_second(self) -> float:
        """Games finished per second of wall time."""
        return self.games / max(self.seconds, 1e-9)

    def to_json(self) -> dict[str, object]:
        """The timing as JSON-ready values."""
        return {
            "wall_seconds": round(self.seconds, 4),
            "games_per_second": round(self.games_per_second, 3),
            "workers": self.workers,
        }


def run_simulation(
    config: SimulationConfig,
    games: int,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> tuple[Summary, Timing]:
    """:func:`simulate` then :func:`aggregate`, timed."""
    start = time.perf_counter()
    stats = simulate(config, games, workers, progress)
    seconds = time.perf_counter() - start
    return aggregate(config, stats), Timing(seconds, games, workers)
