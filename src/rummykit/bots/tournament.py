"""Tournaments between bots: duplicate deals with the seats rotated, win shares with confidence
intervals, mean scores and OpenSkill ratings.

Definitions (``docs/bots.md``):

- **Entrants** are the bots named, in order (a name may repeat: ``search,greedy,greedy,greedy``
  seats one search bot against three greedy ones). With ``k`` entrants for ``p`` seats, every
  combination of ``p`` entrants plays (one, when ``k == p``), each in its ``p`` rotations of the
  seats.
- **Deals** are numbered from 1; deal ``d`` of a tournament seeded ``S`` is the match seeded
  :func:`rummykit.simulation.game_seed` ``(S, d)``, played once by every combination in every
  rotation (the same shuffle with the bots moved round the table, to cancel luck). Entrant ``e``'s
  bot in deal ``d`` is seeded ``derive_seed(S, "bot", d, e)`` whatever its seat. A match depends on
  ``(S, d, seats)`` only, so the results never depend on the number of workers or on Ray.
- **Win shares**: a match won by ``k`` tied seats counts ``1/k`` to each; a round counts to its
  winner (a void round to no one). An entrant's share is its wins over the matches (rounds) it
  played; an even share is ``1/p``. The 95% interval is Wilson's score interval, which treats the
  matches as independent (duplicate deals are not, so it is a little wide for differences).
- **Mean score**: the match's final score (the game's points), with a normal 95% interval.
- **Ratings**: OpenSkill's Plackett-Luce model (the ``openskill`` package), one rating per entrant,
  updated match by match in schedule order (deal, combination, rotation) with the seats ranked
  by :meth:`Game.returns`; the interval is ``mu ± 1.96 sigma``.
- **Thinking time**: wall seconds inside ``choose`` per decision (machine-dependent; not part of
  the results compared across runs).
"""

from __future__ import annotations

import functools
import itertools
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce

from rummykit import simulation as sim
from rummykit.bots.registry import bot_factory, check_name, make_bot
from rummykit.engine.match import Bot
from rummykit.engine.options import rules_dict
from rummykit.engine.records import RecordWriter, make_records_dir, rules_hash
from rummykit.errors import RummykitError
from rummykit.variants.registry import variant
from rummykit.workers import RayCluster, run_chunks

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


@dataclass(frozen=True)
class TournamentConfig:
    """What to play: a variant under ``rules``, the entrants' bot names, the tournament ``seed``,
    and optionally a ``records`` directory."""

    variant: str
    rules: Any
    bots: tuple[str, ...]
    seed: int
    records: Path | None = None

    @property
    def players(self) -> int:
        """Seats per match."""
        return int(sim.make_game(self.variant, self.rules).players)

    def lineups(self) -> list[tuple[int, ...]]:
        """The seatings of one deal: entrant per seat, every combination in every rotation."""
        p = self.players
        out = []
        for combo in itertools.combinations(range(len(self.bots)), p):
            out += [combo[r:] + combo[:r] for r in range(p)]
        return out

    def labels(self) -> list[str]:
        """Each entrant's label: its bot name, numbered ``greedy#2`` when the name repeats."""
        out = []
        for i, name in enumerate(self.bots):
            if self.bots.count(name) == 1:
                out.append(name)
            else:
                out.append(f"{name}#{self.bots[: i + 1].count(name)}")
        return out


def make_tournament(
    game: str,
    bots: str,
    seed: int,
    preset: Path | None = None,
    overrides: Sequence[str] = (),
    records: Path | None = None,
) -> TournamentConfig:
    """A checked configuration: ``bots`` as ``"search,greedy,greedy,greedy"``, at least as many as
    the game's seats. Raises :class:`RummykitError` for a bad game, option or bot list (before
    any match is played)."""
    info = variant(game)
    rules = info.load_rules(preset, overrides)
    players = sim.make_game(info.name, rules).players
    names = tuple(n.strip().lower() for n in bots.split(","))
    if any(not n for n in names):
        raise RummykitError(f"an empty bot name in {bots[:60]!r}; name them separated by commas")
    if len(names) < players:
        raise RummykitError(
            f"{len(names)} bot{'s' if len(names) != 1 else ''} named for {players} seats: name at least "
            f"{players} (repeat a name to seat that bot more than once)"
        )
    for name in names:
        check_name(name)
        bot_factory(name, info.name)
    return TournamentConfig(info.name, rules, names, seed, records)


@dataclass(frozen=True)
class MatchResult:
    """One match: its deal, the entrant in each seat, final scores and returns, the winning seats
    (ties share), each round's winning seat (``None``: void), and per seat the decisions made and
    the seconds spent choosing them."""

    deal: int
    lineup: tuple[int, ...]
    scores: tuple[int, ...]
    returns: tuple[float, ...]
    winners: tuple[int, ...]
    round_winners: tuple[int | None, ...]
    decisions: tuple[int, ...]
    seconds: tuple[float, ...]


class _Timed:
    """A bot whose choices are counted and timed."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.decisions = 0
        self.seconds = 0.0

    def choose(self, observation: dict[str, Any], legal: list[Any]) -> Any:
        start = time.perf_counter()
        action = self.bot.choose(observation, legal)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return action


def record_path(directory: Path, deal: int, lineup: Sequence[int]) -> Path:
    """Where a match's record goes: ``directory/deal-00001-seats-2-0-1.jsonl`` (entrants by seat)."""
    return directory / f"deal-{deal:05d}-seats-{'-'.join(map(str, lineup))}.jsonl"


def play(config: TournamentConfig, deal: int, lineup: tuple[int, ...]) -> MatchResult:
    """Play deal ``deal`` with entrant ``lineup[s]`` in seat ``s`` (writing its record when asked)."""
    game = sim.make_game(config.variant, config.rules)
    state = game.new_state(sim.game_seed(config.seed, deal))
    bots = [
        _Timed(make_bot(config.bots[e], game, sim.derive_seed(config.seed, "bot", deal, e))) for e in lineup
    ]
    if config.records is None:
        stats = sim.play_game(game, state, bots)
    else:
        names = [config.bots[e] for e in lineup]
        with record_path(config.records, deal, lineup).open("w", encoding="utf-8") as stream:
            stats = sim.play_game(game, state, bots, RecordWriter(stream, game, state, names, flush=False))
    return MatchResult(
        deal,
        lineup,
        stats.scores,
        tuple(game.returns(state)),
        stats.winners,
        tuple(r.winner for r in stats.rounds),
        tuple(b.decisions for b in bots),
        tuple(b.seconds for b in bots),
    )


def play_many(config: TournamentConfig, matches: Sequence[tuple[int, tuple[int, ...]]]) -> list[MatchResult]:
    """Play several matches (one chunk of :func:`~rummykit.workers.run_chunks`)."""
    return [play(config, deal, lineup) for deal, lineup in matches]


def run(
    config: TournamentConfig,
    deals: int,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    ray: RayCluster | None = None,
) -> list[MatchResult]:
    """Play deals ``1..deals`` in every seating; the results in schedule order (deal, then
    :meth:`TournamentConfig.lineups`), whatever ``workers`` (processes started with ``spawn``;
    on any exception they are stopped and it propagates) or on the Ray cluster ``ray``, one task
    per match (:func:`~rummykit.workers.run_chunks`). ``progress`` gets the number of matches
    just finished."""
    if deals < 1:
        raise RummykitError(f"the number of games must be at least 1, not {deals}")
    if workers < 1:
        raise RummykitError(f"the number of workers must be at least 1, not {workers}")
    if config.records is not None:
        make_records_dir(config.records)
    lineups = config.lineups()
    schedule = [(d, lineup) for d in range(1, deals + 1) for lineup in lineups]
    order = {key: i for i, key in enumerate(schedule)}
    chunks = [schedule[i : i + 1] for i in range(len(schedule))]
    results = run_chunks(functools.partial(play_many, config), chunks, workers, progress, ray)
    return sorted(results, key=lambda r: order[(r.deal, r.lineup)])


def wilson(wins: float, n: int) -> tuple[float, float]:
    """Wilson's 95% score interval of a proportion ``wins / n`` (``(0, 1)`` when ``n`` is 0)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """(mean, low, high): the mean with a normal 95% interval (zero width below two values)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    return mean, mean - half, mean + half


@dataclass(frozen=True)
class Share:
    """Wins (ties shared) out of ``n``, with the share and its 95% interval."""

    wins: float
    n: int

    @property
    def share(self) -> float:
        """``wins / n`` (0 when nothing was played)."""
        return self.wins / self.n if self.n else 0.0

    def to_json(self) -> dict[str, float]:
        """``{"wins", "n", "share", "low", "high"}``."""
        low, high = wilson(self.wins, self.n)
        return {"wins": self.wins, "n": self.n, "share": self.share, "low": low, "high": high}


@dataclass(frozen=True)
class EntrantSummary:
    """One entrant over the tournament (see the module docstring)."""

    entrant: int
    bot: str
    label: str
    matches: Share
    rounds: Share
    mean_score: tuple[float, float, float]
    rating: tuple[float, float]
    decisions: int
    seconds: float

    def to_json(self) -> dict[str, object]:
        """The entrant as JSON values (``rating``: ``mu``, ``sigma``, ``low``, ``high``,
        ``ordinal``; ``ms_per_decision``: machine-dependent)."""
        mu, sigma = self.rating
        mean, low, high = self.mean_score
        return {
            "entrant": self.entrant,
            "bot": self.bot,
            "label": self.label,
            "match_wins": self.matches.to_json(),
            "round_wins": self.rounds.to_json(),
            "mean_score": {"mean": mean, "low": low, "high": high},
            "rating": {
                "mu": mu,
                "sigma": sigma,
                "low": mu - Z95 * sigma,
                "high": mu + Z95 * sigma,
                "ordinal": mu - 3 * sigma,
            },
            "decisions": self.decisions,
            "ms_per_decision": 1000 * self.seconds / self.decisions if self.decisions else 0.0,
        }


@dataclass(frozen=True)
class Standings:
    """A tournament's results."""

    config: TournamentConfig
    deals: int
    matches: int
    rounds: int
    void_rounds: int
    entrants: tuple[EntrantSummary, ...]

    def to_json(self) -> dict[str, object]:
        """Everything as JSON values; only the entrants' ``ms_per_decision`` depends on the
        machine."""
        return {
            "variant": self.config.variant,
            "rules": rules_dict(self.config.rules),
            "rules_hash": rules_hash(self.config.rules),
            "seed": self.config.seed,
            "bots": list(self.config.bots),
            "seats": self.config.players,
            "deals": self.deals,
            "matches": self.matches,
            "rounds": self.rounds,
            "void_rounds": self.void_rounds,
            "even_share": 1 / self.config.players,
            "entrants": [e.to_json() for e in self.entrants],
        }


def standings(config: TournamentConfig, deals: int, results: Sequence[MatchResult]) -> Standings:
    """The standings of ``results`` (in schedule order, as :func:`run` returns them)."""
    model = PlackettLuce()
    k = len(config.bots)
    ratings = [model.rating(name=str(e)) for e in range(k)]
    match_wins = [0.0] * k
    played = [0] * k
    round_wins = [0] * k
    rounds_played = [0] * k
    scores: list[list[float]] = [[] for _ in range(k)]
    decisions = [0] * k
    seconds = [0.0] * k
    rounds = void = 0
    for result in results:
        rounds += len(result.round_winners)
        void += sum(w is None for w in result.round_winners)
        for seat, e in enumerate(result.lineup):
            played[e] += 1
            rounds_played[e] += len(result.round_winners)
            round_wins[e] += sum(w == seat for w in result.round_winners)
            scores[e].append(result.scores[seat])
            decisions[e] += result.decisions[seat]
            seconds[e] += result.seconds[seat]
            if seat in result.winners:
                match_wins[e] += 1 / len(result.winners)
        ranks = [1.0 + sum(other > mine for other in result.returns) for mine in result.returns]
        rated = model.rate([[ratings[e]] for e in result.lineup], ranks=ranks)
        for e, team in zip(result.lineup, rated, strict=True):
            ratings[e] = team[0]
    labels = config.labels()
    entrants = tuple(
        EntrantSummary(
            e,
            config.bots[e],
            labels[e],
            Share(match_wins[e], played[e]),
            Share(round_wins[e], rounds_played[e]),
            mean_interval(scores[e]),
            (ratings[e].mu, ratings[e].sigma),
            decisions[e],
            seconds[e],
        )
        for e in range(k)
    )
    return Standings(config, deals, len(results), rounds, void, entrants)
