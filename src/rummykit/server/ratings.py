"""Ratings per game (variant) for rated tables, with OpenSkill's Plackett-Luce model: every seat
its own team, ranked by the match's outcome (its winners first, the others tied after them). An
account's rating moves; a bot's is fixed and published (:data:`BOT_RATINGS`, by level); a rating
is provisional until :data:`PROVISIONAL_GAMES` rated games. The rating shown is
``1500 + 40 * (mu - 25)`` rounded (a new account: 1500)."""

from __future__ import annotations

from dataclasses import dataclass
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


@dataclass
class Seat:
    """A seat of a rated match: its rating before (``mu``, ``sigma``), whether it moves (an
    account's), and whether it won."""

    mu: float
    sigma: float
    moves: bool
    won: bool


def rate(seats: list[Seat]) -> list[tuple[float, float]]:
    """Every seat's rating after the match (a seat that doesn't move keeps its own)."""
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in seats]
    ranks = [1.0 if s.won else 2.0 for s in seats]
    after = MODEL.rate(teams, ranks=ranks)
    return [
        (team[0].mu, team[0].sigma) if seat.moves else (seat.mu, seat.sigma)
        for seat, team in zip(seats, after, strict=True)
    ]
