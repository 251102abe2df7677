"""Games that check an action by planning it: :class:`PlannedGame`.

Kalooki and 101 Okey check a meld, lay-off or retract by carrying it out in full on a draft of the
seat's hand and the table; that draft is both the check and what :meth:`PlannedGame.apply`
commits, so an action is planned once, not once to check and again to apply. A discard plans
apart (what it takes from the hand, and what the table's rules say of it). The games keep every
action they made from an id in ``_well_formed`` (by identity), so its shape is not checked again.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Generic, TypeVar

from rummykit.engine.events import Event
from rummykit.engine.game import A, Game, S

D = TypeVar("D")
"""A game's draft: the hand and table an action leaves, as planned."""
P = TypeVar("P")
"""A game's discard plan: what a discard takes from the hand (a game's own tuple)."""


class PlannedGame(Game[S, A], Generic[S, A, D, P]):
    """A :class:`Game` whose actions are planned once: ``_validate`` plans and drops the plan,
    ``apply`` plans and commits it. Subclasses give the plans (:meth:`_plan`,
    :meth:`_discard_plan`), how to commit them (:meth:`_commit`, :meth:`_discard`) and the shape
    check of an action made elsewhere (:meth:`_shape_problem`)."""

    _well_formed: set[int]
    """The ids (``id()``) of the actions the game made itself, all well formed."""

    @abstractmethod
    def _is_discard(self, action: A) -> bool:
        """Whether ``action`` is a discard (planned by :meth:`_discard_plan`)."""

    @abstractmethod
    def _plan(self, state: S, seat: int, action: A) -> D | None:
        """Check ``action`` (not a discard) in full on a draft; raise
        :class:`rummykit.errors.IllegalActionError` if illegal. Returns the draft to commit
        (``None`` for an action with nothing to draft: a draw or a take)."""

    @abstractmethod
    def _discard_plan(self, state: S, seat: int, action: A) -> P:
        """Check the discard ``action``; raise :class:`rummykit.errors.IllegalActionError` if
        illegal. Returns what :meth:`_discard` carries out."""

    @abstractmethod
    def _commit(self, state: S, seat: int, action: A, draft: D | None) -> list[Event]:
        """Carry out ``action`` (not a discard) as :meth:`_plan` drafted it."""

    @abstractmethod
    def _discard(self, state: S, seat: int, plan: P) -> list[Event]:
        """Carry out a discard as :meth:`_discard_plan` found it, and end the turn (or the round)."""

    @abstractmethod
    def _shape_problem(self, action: object) -> str | None:
        """Why ``action``, not made by this game, is not one of its well-formed actions, or
        ``None`` (see :meth:`Game.action_problem`)."""

    def action_problem(self, action: object) -> str | None:
        """As :meth:`Game.action_problem`; an action the game made from an id is well formed,
        known by identity."""
        return None if id(action) in self._well_formed else self._shape_problem(action)

    def _validate(self, state: S, seat: int, action: A) -> None:
        if self._is_discard(action):
            self._discard_plan(state, seat, action)
        else:
            self._plan(state, seat, action)

    def apply(self, state: S, seat: int, action: A) -> list[Event]:
        """As :meth:`Game.apply`, planning the action once (the plan is both the check and what is
        committed)."""
        self._check_turn(state, seat)
        self._check_shape(action)
        return self._apply(state, seat, action)

    def _apply(self, state: S, seat: int, action: A) -> list[Event]:
        if self._is_discard(action):
            return self._discard(state, seat, self._discard_plan(state, seat, action))
        return self._commit(state, seat, action, self._plan(state, seat, action))
