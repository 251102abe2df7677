"""Ratings per game (variant) for rated tables, with OpenSkill's Plackett-Luce model: every seat
its own team, ranked by the match's final standing (:func:`standing`: its winners first, the others
after them by their final scores). An
account's rating moves; a bot's is fixed and published (:data:`BOT_RATINGS`, by level); a rating
is provisional until :data:`PROVISIONAL_GAMES` rated games. The rating shown is
``1500 + 40 * (mu - 25)`` rounded (a new account: 1500)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from itertools import permutations, product
from math import fsum
from typing import Any

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
PROVISIONAL_GAMES = 10
"""Rated games before a rating is no longer provisional."""
NEW = (MODEL.mu, MODEL.sigma)
"""A new account's rating (mu, sigma)."""
BOT_RATINGS: dict[str, tuple[float, float]] = {
    "random": (5.0, 1.0),
    "easy": (17.5, 1.0),
    "greedy": (22.5, 1.0),
    "medium": (25.0, 1.0),
    "hard": (30.0, 1.0),
    "expert": (30.0, 1.0),
}
"""Each bot level's fixed rating (mu, sigma); any other bot (``search``, a plugin): ``medium``'s.
``expert`` is rated as ``hard`` until it measurably beats it: heads-up against ``hard`` it won
48.0% [43.1, 52.9] of 400 Okey rounds and 51.5% [46.6, 56.4] of Turkish Rummy's (docs/bots.md)."""


def bot_rating(level: str) -> tuple[float, float]:
    return BOT_RATINGS.get(level, BOT_RATINGS["medium"])


def shown(mu: float) -> int:
    """The rating shown for ``mu``."""
    return round(1500 + 40 * (mu - 25.0))


def seat_rating(
    kind: str, level: str, mu_games: tuple[float, int] | None, account: bool
) -> dict[str, Any] | None:
    """What the lobby and the table show of a rated table's seat: ``{"rating", "provisional"}``
    (an account's, or a new account's 1500 provisional; a bot's fixed one), ``None`` for a seat
    that has none (an open one)."""
    if kind == "bot":
        return {"rating": shown(bot_rating(level)[0]), "provisional": False}
    if not account:
        return None
    if mu_games is None:
        return {"rating": shown(NEW[0]), "provisional": True}
    mu, games = mu_games
    return {"rating": shown(mu), "provisional": games < PROVISIONAL_GAMES}


def standing(scores: Sequence[float], winners: Collection[int]) -> list[int]:
    """Each seat's rank (1 the best; equal ranks tie) in a match that ended on ``scores`` with
    ``winners`` (:func:`~rummykit.engine.records.match_winners`; none: the match ended level, and
    every seat ties): the winners first, then the others by their final score, in the direction
    the game scores, read from the outcome itself (a winner holding the lowest score: lower is
    better; else higher). Seats with equal scores share a rank."""
    if not winners:
        return [1] * len(scores)
    lower = min(scores[w] for w in winners) == min(scores)
    others = sorted({s for seat, s in enumerate(scores) if seat not in winners}, reverse=not lower)
    place = {score: 2 + i for i, score in enumerate(others)}
    return [1 if seat in winners else place[s] for seat, s in enumerate(scores)]


@dataclass
class Seat:
    """A seat of a rated match: its rating before (``mu``, ``sigma``), whether it moves (an
    account's), whether it won, and its ``rank`` in the match's :func:`standing`."""

    mu: float
    sigma: float
    moves: bool
    won: bool
    rank: int


def rate(seats: list[Seat]) -> list[tuple[float, float]]:
    """Every seat's rating after the match (a seat that doesn't move keeps its own). Seats that
    share a rank are rated as the average over every order their tie could have been broken in
    (openskill's Plackett-Luce rates a tie ahead of other places wrongly: two tied winners can gain
    less than the seat after them: openskill.py issue 155, pull request 176)."""
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in seats]
    tied: dict[int, list[int]] = {}
    for i, seat in enumerate(seats):
        tied.setdefault(seat.rank, []).append(i)
    orders = [permutations(group) for _, group in sorted(tied.items())]
    afters: list[list[tuple[float, float]]] = [[] for _ in seats]
    for order in product(*orders):
        ranks = [0.0] * len(seats)
        for place, i in enumerate(i for group in order for i in group):
            ranks[i] = float(place + 1)
        for mine, team in zip(afters, MODEL.rate(teams, ranks=ranks), strict=True):
            mine.append((team[0].mu, team[0].sigma))
    # an exact sum, whatever its order: tied seats that were equal stay equal to the last bit
    return [
        (fsum(mu for mu, _ in mine) / len(mine), fsum(sigma for _, sigma in mine) / len(mine))
        if seat.moves
        else (seat.mu, seat.sigma)
        for seat, mine in zip(seats, afters, strict=True)
    ]
