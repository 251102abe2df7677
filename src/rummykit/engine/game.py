"""The game interface every variant implements: an immutable :class:`Game` over a plain-data state.

``game = rummykit.load("okey", rounds=3)`` holds the rules, the solvers and the action codec; it
never changes. ``state = game.new_state(seed)`` is plain data (:mod:`rummykit.engine.state`). Play is
seat-scoped: ``game.legal_actions(state, seat)``, ``game.apply(state, seat, action) -> events``
(the state changes in place). A move by a seat that is not to move, or an illegal move, raises
:class:`rummykit.errors.IllegalActionError` (a code with parameters) and changes nothing.

Everything a seat may see comes from ``game.observe(state, seat)`` (``seat=None``: a spectator),
one audited function per variant; events reach a seat through ``game.events_for(events, seat)``.
Chance (shuffles, the first dealer) comes from the seed alone, so a record of the seed and the
actions replays bit for bit. See ``docs/engine.md``.
"""

from __future__ import annotations

import random
import threading
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from rummykit.core.melds import Meld
from rummykit.core.pieces import JOKER, Kind, PieceSet
from rummykit.engine.action_text import Parts
from rummykit.engine.codec import to_jsonable
from rummykit.engine.events import Event, events_for
from rummykit.engine.state import State
from rummykit.errors import IllegalActionError, MalformedActionError, NotationError, NotYourTurnError
from rummykit.messages import render


class TextAction(Protocol):
    """An action value with a canonical text form and its structured parts."""

    def text(self) -> str:
        """Canonical text of the action."""
        ...

    def parts(self) -> Parts:
        """The action's parts (:mod:`rummykit.engine.action_text`)."""
        ...


A = TypeVar("A", bound=TextAction)
S = TypeVar("S", bound=State)


def round_rng(seed: int, round_no: int, purpose: str = "deal") -> random.Random:
    """The random stream of one round (or of the match, with ``round_no`` 0 and its purpose)."""
    return random.Random(f"rummykit/{seed}/{round_no}/{purpose}")


SEED_BITS = 63
"""A resampled state's new seed has this many random bits."""


def fresh_seed(rng: random.Random) -> int:
    """A new match seed for a resampled state, drawn from ``rng``: the true seed would reveal the
    deal of this round's stock and of every round to come."""
    return rng.getrandbits(SEED_BITS)


@dataclass(frozen=True)
class RoundResult:
    """How a round ended, as every seat sees it.

    ``winner`` (``None`` for a void round or a stalemate), ``kind`` (a variant word such as
    ``normal``, ``okey``, ``pairs``, ``void``), ``deltas`` (score change per seat, points) and
    ``notes`` (each ``{"code", "params"}``: why, for people). ``hands``: each seat's pieces (faces)
    at the end of the round where the rules make them public, ``None`` where they stay hidden.
    ``wilds``: the faces that were wild. ``finishing_discard``: the face the winner discarded to
    finish. ``laid``: the winner's melds as laid down.
    """

    round_no: int
    winner: int | None
    kind: str
    deltas: tuple[int, ...]
    notes: tuple[Mapping[str, Any], ...]
    hands: tuple[tuple[int, ...] | None, ...] = ()
    wilds: tuple[int, ...] = ()
    finishing_discard: int | None = None
    laid: tuple[Meld, ...] = ()

    @property
    def explanation(self) -> tuple[str, ...]:
        """The notes in English, one line each."""
        return tuple(render(str(n["code"]), n.get("params", {})) for n in self.notes)

    def to_json(self) -> dict[str, Any]:
        """The result as JSON values."""
        data: dict[str, Any] = to_jsonable(self)
        return data


@dataclass(frozen=True)
class Outcome:
    """The end of a match: final ``scores`` (points per seat), the ``winners`` (ties share) and the
    number of rounds played."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: int


V = TypeVar("V")


class SharedViews(Generic[V]):
    """The JSON view of immutable values (round results, table melds), made once per value by
    ``make`` and shared by every observation that shows it, so that observing doesn't convert the
    same value on every call. Callers read these parts of an observation and never change them.

    Keyed by the value itself (its identity, the value kept alive while cached); at most
    :attr:`LIMIT` values are held, the oldest dropped first (under a lock: a server observes from
    several threads). Pickled (and deep-copied) as ``make`` alone: the copy starts with no views
    and a lock of its own (the views are keyed by the identity of values of this process).
    """

    LIMIT = 256

    def __init__(self, make: Callable[[V], dict[str, Any]]) -> None:
        self._make = make
        self._views: dict[int, tuple[V, dict[str, Any]]] = {}
        self._lock = threading.Lock()

    def __reduce__(self) -> tuple[type[SharedViews[V]], tuple[Callable[[V], dict[str, Any]]]]:
        """A new, empty cache over the same ``make`` (for ``pickle`` and ``copy``)."""
        return (type(self), (self._make,))

    def __call__(self, value: V) -> dict[str, Any]:
        """The view of ``value``."""
        views = self._views
        hit = views.get(id(value))
        if hit is not None and hit[0] is value:
            return hit[1]
        view = self._make(value)
        with self._lock:
            if len(views) >= self.LIMIT:
                del views[next(iter(views))]
            views[id(value)] = (value, view)
        return view


def first_wanted(legal: Sequence[A], wanted: Iterable[A | None], fallback: Callable[[A], bool]) -> A | None:
    """The first of ``wanted`` (``None`` entries skipped) that is in ``legal``, else the first legal
    action ``fallback`` accepts, else the first legal action; ``None`` when nothing is legal (how a
    game picks its :meth:`Game.timeout_action`)."""
    for action in wanted:
        if action is not None and action in legal:
            return action
    return next((a for a in legal if fallback(a)), legal[0] if legal else None)


def face_counts(faces: Iterable[int]) -> list[int]:
    """How many times each face ``0..JOKER`` occurs in ``faces``: a list indexed by face."""
    counts = [0] * (JOKER + 1)
    for face in faces:
        counts[face] += 1
    return counts


def highest_wins(scores: Sequence[int], rounds: int) -> Outcome:
    """The outcome of a match won by the highest score (ties share the win)."""
    best = max(scores)
    return Outcome(tuple(scores), tuple(s for s, v in enumerate(scores) if v == best), rounds)


class Game(ABC, Generic[S, A]):
    """A variant under fixed rules: creates states, lists and applies actions, builds views.

    Subclasses set ``variant``, ``title``, ``kind``, ``rules``, ``players``, ``pieces`` and
    ``num_actions`` and implement the abstract methods; this base holds the shared API.
    """

    variant: ClassVar[str]
    title: ClassVar[str]
    kind: ClassVar[Kind]
    state_type: type[S]
    rules: Any
    players: int
    pieces: PieceSet
    num_actions: int
    """Size of the integer action space: every action with an id has ``0 <= id < num_actions``."""

    def revealing_hands(self) -> Game[S, A]:
        """This game as a match with every seat at one screen plays it (the local terminal client,
        one person against bots): where the rules keep the losers' hands hidden at a round's end,
        the copy shows them; by default the game itself, whose round ends show what its rules
        show."""
        return self

    # ------------------------------------------------------------------ the state machine
    @abstractmethod
    def new_state(self, seed: int) -> S:
        """A new match dealt from ``seed`` (every shuffle follows from it)."""

    @abstractmethod
    def current_seat(self, state: S) -> int | None:
        """The seat to move, ``None`` once the match is over."""

    def is_terminal(self, state: S) -> bool:
        """Whether the match is over."""
        return self.current_seat(state) is None

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[A]:
        """Every legal action of ``seat`` now (empty when it is not to move), in id order where
        actions have ids."""

    @abstractmethod
    def action_problem(self, action: object) -> str | None:
        """Why ``action`` is not a well-formed action of this game, or ``None`` when it is: a value
        of another type (another game's action, ``None``, a string), or fields that don't fit its
        verb (a piece face out of range, a part the verb doesn't take). Told in English to the
        code that built it: every action read from text or an id is well formed. Looks at
        ``action`` alone, not at any state."""

    def _check_shape(self, action: object) -> None:
        """Raise :class:`MalformedActionError` when ``action`` is not a well-formed action of this
        game (:meth:`action_problem`)."""
        problem = self.action_problem(action)
        if problem is not None:
            raise MalformedActionError(action, problem)

    @abstractmethod
    def _validate(self, state: S, seat: int, action: A) -> None:
        """Raise :class:`IllegalActionError` unless ``action``, well formed (:meth:`action_problem`),
        is legal for ``seat``, the seat to move; must not change ``state``."""

    @abstractmethod
    def _apply(self, state: S, seat: int, action: A) -> list[Event]:
        """Carry out ``action``, already validated, and return what happened."""

    def apply(self, state: S, seat: int, action: A) -> list[Event]:
        """Apply ``seat``'s ``action`` to ``state`` (in place) and return what happened.

        Raises :class:`NotYourTurnError` when ``seat`` is not to move, :class:`MalformedActionError`
        when ``action`` is no well-formed action of this game and :class:`IllegalActionError` when
        it is illegal; either way ``state`` is unchanged and the message tells ``seat`` nothing it
        may not see.
        """
        self._check(state, seat, action)
        return self._apply(state, seat, action)

    def _check(self, state: S, seat: int, action: A) -> None:
        """The checks :meth:`apply` makes before it changes anything: ``seat`` is to move,
        ``action`` is well formed and legal; raises the first :class:`IllegalActionError` found."""
        self._check_turn(state, seat)
        self._check_shape(action)
        self._validate(state, seat, action)

    def _check_turn(self, state: S, seat: int) -> None:
        if type(seat) is not int or not 0 <= seat < self.players:
            raise NotYourTurnError("not_a_seat", seat=str(seat)[:20], players=self.players)
        to_move = self.current_seat(state)
        if to_move is None:
            raise IllegalActionError("match_over")
        if seat != to_move:
            raise NotYourTurnError("not_your_turn", seat=seat, to_move=to_move)

    def timeout_action(self, state: S, seat: int, first: bool, drawn: int | None) -> A | None:
        """The move a turn timer plays for ``seat``, whose time ran out (``docs/protocol.md``,
        "Turn timer"): ``first`` is whether it opens the timed-out turn, ``drawn`` the face the
        timeout drew this turn (``None``: none). The timer plays these until the seat's turn is
        over; each game gives its own (draw, then let the drawn piece go: discard it, or end the
        turn). ``None`` when ``seat`` has no legal action; by default the first legal action."""
        legal = self.legal_actions(state, seat)
        return legal[0] if legal else None

    def is_legal(self, state: S, seat: int, action: A) -> bool:
        """Whether ``seat`` may play ``action`` now (the check :meth:`apply` makes)."""
        return self.refusal(state, seat, action) is None

    def refusal(self, state: S, seat: int, action: A) -> IllegalActionError | None:
        """Why ``seat`` may not play ``action`` now (the error :meth:`apply` would raise, with its
        code and parameters), or ``None`` when it may."""
        try:
            self._check(state, seat, action)
        except IllegalActionError as exc:
            return exc
        return None

    # ------------------------------------------------------------------ actions as text and ids
    @abstractmethod
    def parse_action(self, text: str) -> A:
        """The action written as ``text``; raises :class:`NotationError`."""

    def action_text(self, action: A) -> str:
        """The canonical text of ``action`` (:meth:`parse_action` reads it back)."""
        return action.text()

    def action_parts(self, action: A) -> Parts:
        """The structured parts of ``action``, JSON values in one scheme for every game
        (:mod:`rummykit.engine.action_text`): ``{"verb", "pieces"}`` and, as the action has them,
        ``declared``, ``melds``, ``target``, ``source``; what clients read instead of the text."""
        return action.parts()

    @abstractmethod
    def action_id(self, state: S, action: A) -> int | None:
        """The integer id of ``action`` in ``state`` (``None`` for a shortcut without one, such as
        Carousel's whole-table meld)."""

    @abstractmethod
    def action_from_id(self, state: S, seat: int, action_id: int) -> A:
        """The action with id ``action_id`` for ``seat`` in ``state`` (legal or not); raises
        :class:`NotationError` for an id outside ``0..num_actions-1``."""

    def _check_id(self, action_id: int) -> None:
        if type(action_id) is not int or not 0 <= action_id < self.num_actions:
            raise NotationError(str(action_id)[:20], "notation.action_id", last=self.num_actions - 1)

    def legal_ids(self, state: S, seat: int) -> list[int]:
        """The ids of :meth:`legal_actions`, ascending."""
        ids = (self.action_id(state, a) for a in self.legal_actions(state, seat))
        return sorted({i for i in ids if i is not None})

    def legal_mask(self, state: S, seat: int) -> list[bool]:
        """One flag per action id: legal for ``seat`` now or not."""
        mask = [False] * self.num_actions
        for i in self.legal_ids(state, seat):
            mask[i] = True
        return mask

    def apply_text(self, state: S, seat: int, text: str) -> list[Event]:
        """Parse and apply an action written in text."""
        return self.apply(state, seat, self.parse_action(text))

    def apply_id(self, state: S, seat: int, action_id: int) -> list[Event]:
        """Apply the action with integer id ``action_id``."""
        return self.apply(state, seat, self.action_from_id(state, seat, action_id))

    def apply_legal_id(self, state: S, seat: int, action_id: int) -> list[Event]:
        """Apply ``action_id``, taken from :meth:`legal_ids` of ``seat`` in this very ``state``
        (unchanged since): :meth:`apply_id`, where a game may skip the checks ``legal_ids`` has
        already made. For any other id the result is undefined: use :meth:`apply_id`."""
        return self.apply_id(state, seat, action_id)

    # ------------------------------------------------------------------ views
    @abstractmethod
    def observe(self, state: S, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may see now and nothing else, as JSON values (``seat=None``: a
        spectator). The one function through which anything outside the variant sees a state."""

    def seen_counts(self, public: dict[str, Any]) -> list[int] | None:
        """How many copies of each face the spectators' view ``public`` (:meth:`observe` with
        ``seat=None``) shows lying in the open (a list indexed by face, ``0..JOKER``): built from
        that view alone, so it is the same for every seat and never counts a hidden piece.
        ``None`` where the game offers no such count (its package declares ``seen_count``)."""
        return None

    def events_for(self, events: Iterable[Event], seat: int | None) -> list[dict[str, Any]]:
        """What ``seat`` (``None``: a spectator) may learn of ``events``, as JSON."""
        return events_for(events, seat)

    # ------------------------------------------------------------------ results and search
    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """The match's outcome once it is over, else ``None``."""

    @abstractmethod
    def returns(self, state: S) -> list[float]:
        """Each seat's match result once over (higher is better; see the variant's docstring)."""

    @abstractmethod
    def resample(self, state: S, seat: int, rng: random.Random) -> S:
        """A full state consistent with everything ``seat`` has seen, the pieces it can't see
        re-dealt at random among the places it can't see (for search bots), with a new seed
        (:func:`fresh_seed`)."""

    def determinise(self, observation: dict[str, Any], rng: random.Random) -> S:
        """A full state consistent with ``observation`` (a seat's :meth:`observe`), the pieces
        that seat can't see dealt at random from ``rng``, with a new seed: :meth:`resample` for
        someone who holds only the observation (a bot). ``observe(result, seat) ==
        observation``. Raises ``ValueError`` for a spectator's observation, and
        ``NotImplementedError`` in a game that can't rebuild its state from a view yet."""
        raise NotImplementedError(f"{self.variant} can't rebuild a state from an observation yet")

    def wild_marker(self, state: S) -> int | None:
        """The face of the piece set aside that makes this round's wilds (Okey's indicator), or
        ``None`` where the wilds are printed jokers (or none); by default ``None``."""
        return None

    # ------------------------------------------------------------------ position text
    @abstractmethod
    def position(self, state: S) -> str:
        """The whole state as one line of position text (like FEN); :meth:`from_position` reads
        it back to a state with the same position text."""

    @abstractmethod
    def from_position(self, text: str) -> S:
        """The state written as ``text``; raises :class:`NotationError` naming what is wrong."""

    # ------------------------------------------------------------------ invariants
    @abstractmethod
    def piece_groups(self, state: S) -> Iterable[Sequence[int]]:
        """Every place pieces are now (stock, hands, discard piles, table melds, set aside)."""

    def piece_places(self, state: S) -> Counter[int]:
        """How many times each piece id is somewhere (every id exactly once when consistent)."""
        places: Counter[int] = Counter()
        for group in self.piece_groups(state):
            places.update(group)
        return places
