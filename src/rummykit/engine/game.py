"""The game protocol every variant implements, and the pieces of it that are shared.

A *game* is one whole match of a variant (its rounds, scores and dealer rotation) as a mutable state
machine: ``legal_actions()``, ``apply(action)``, ``observation(seat)``, ``is_terminal()``,
``outcome()``. Chance (shuffles, the first dealer) comes from the seed alone, so a record of the seed
and the actions replays bit for bit. An illegal action raises :class:`IllegalActionError` and
changes nothing.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from rummykit.core.melds import Meld, Wilds
from rummykit.errors import IllegalActionError


class TextAction(Protocol):
    """An action value with a canonical text form."""

    def text(self) -> str:
        """Canonical text of the action."""
        ...


A = TypeVar("A", bound=TextAction)
Obs = TypeVar("Obs")


def round_rng(seed: int, round_no: int, purpose: str = "deal") -> random.Random:
    """The random stream of one round (or of the match, with ``round_no`` 0 and its purpose)."""
    return random.Random(f"rummykit/{seed}/{round_no}/{purpose}")


@dataclass(frozen=True)
class RoundResult:
    """How a round ended: ``winner`` (``None`` for a void round or a stalemate), ``kind`` (a variant
    word such as ``normal``, ``okey``, ``pairs``, ``void``), ``deltas`` (score change per seat,
    points) and ``explanation`` (one line per cause, for people)."""

    round_no: int
    winner: int | None
    kind: str
    deltas: tuple[int, ...]
    explanation: tuple[str, ...]
    hands: tuple[tuple[int, ...], ...] = ()
    """Every seat's pieces (faces) at the end of the round, shown to all."""
    wilds: Wilds | None = None
    """What was wild in the round."""
    finishing_discard: int | None = None
    """The face the winner discarded to finish, if the game ends rounds that way."""
    laid: tuple[Meld, ...] = ()
    """The winner's melds as laid down (the player's own arrangement when given)."""


@dataclass(frozen=True)
class Outcome:
    """The end of a match: final ``scores`` (points per seat), the ``winners`` (ties share) and the
    number of rounds played."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: int


@dataclass
class Event:
    """Something that happened while applying an action, for interfaces to show."""

    seat: int | None
    text: str
    result: RoundResult | None = None
    data: dict[str, Any] = field(default_factory=dict)


class Game(ABC, Generic[A, Obs]):
    """A variant's match state. Subclasses implement the rules; this base holds the shared API."""

    variant: str
    players: int
    seed: int
    scores: list[int]
    """Running match scores, points per seat."""
    results: list[RoundResult]
    """Every finished round, in order."""

    @abstractmethod
    def legal_actions(self) -> list[A]:
        """The actions the seat to move may take now (empty when the match is over)."""

    @abstractmethod
    def _apply(self, action: A) -> list[Event]:
        """Carry out ``action``, known to be legal."""

    @abstractmethod
    def observation(self, seat: int) -> Obs:
        """Everything ``seat`` may see now, and nothing else."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """Whether the match is over."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The match's outcome once terminal, else ``None``."""

    @property
    @abstractmethod
    def current_seat(self) -> int | None:
        """The seat to move, ``None`` when the match is over."""

    @abstractmethod
    def parse_action(self, text: str) -> A:
        """The action written as ``text`` (canonical form); raises ``NotationError``."""

    def action_text(self, action: A) -> str:
        """The canonical text of ``action``."""
        return action.text()

    @abstractmethod
    def _piece_groups(self) -> Iterable[Iterable[int]]:
        """Every place pieces are now (stock, hands, discard piles, table melds, set aside)."""

    def piece_places(self) -> Counter[int]:
        """How many times each piece id is somewhere (every id exactly once when consistent)."""
        places: Counter[int] = Counter()
        for group in self._piece_groups():
            places.update(group)
        return places

    def apply(self, action: A) -> list[Event]:
        """Apply ``action`` for the seat to move and return what happened.

        Raises :class:`IllegalActionError` (state unchanged) when the action is not legal now.
        """
        if self.is_terminal():
            raise IllegalActionError("the match is over")
        self._validate(action)
        return self._apply(action)

    def _validate(self, action: A) -> None:
        """Raise :class:`IllegalActionError` unless ``action`` is legal now (default: it must be
        one of :meth:`legal_actions`; games whose actions can't all be listed override this)."""
        if action not in self.legal_actions():
            raise IllegalActionError(self.why_illegal(action))

    def is_legal(self, action: A) -> bool:
        """Whether ``action`` is legal now (the check :meth:`apply` makes, without applying)."""
        try:
            self._validate(action)
        except IllegalActionError:
            return False
        return True

    def why_illegal(self, action: A) -> str:
        """A person's explanation of why ``action`` is illegal now (override for detail)."""
        return f"{self.action_text(action)} is not legal now"

    def apply_text(self, text: str) -> list[Event]:
        """Parse and apply an action written in canonical text."""
        return self.apply(self.parse_action(text))
