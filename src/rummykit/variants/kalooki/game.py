"""The Kalooki match (``kalooki.md``): a public table of numbered melds, the 51 opening, laying
off, joker release, going out and "Okey yapmak", reshuffles, hand scoring and the match modes.

:class:`KalookiGame` (immutable, built from :class:`KalookiRules`) plays over a plain-data
:class:`KalookiState`. Every card (id 0..105: two decks and two jokers) is in exactly one place: the
stock, a hand, the discard pile, or a meld on the table. An action is checked in full on a draft of
what it changes before anything is changed, so an illegal action leaves the state as it was.

Actions, their text and integer ids: :mod:`rummykit.variants.kalooki.actions` (one meld, one card
laid off or one joker released per action; ``meld A | B`` is a shortcut applied atomically).
Messages: :mod:`rummykit.variants.kalooki.messages`.

**Returns** (:meth:`KalookiGame.returns`): all zeros until the match is over; then each winner of
the match (lowest total, or the last player left in an elimination match) gets ``1 / number of
winners`` and every other seat ``0``.

**Resample** (:meth:`KalookiGame.resample`): the stock and every other seat's hand, minus the cards
known to be in it (taken from the discard pile, released jokers, retracted melds, until they leave
the hand), are shuffled and re-dealt, hand sizes kept; the seed is replaced (it would reveal the
deal of the round and of the rounds to come). **Determinise** (:meth:`KalookiGame.determinise`)
does the same from a seat's observation alone: the unknown cards of the other hands and the stock
are the cards the observation doesn't show, dealt at random.

**Position text**: :mod:`rummykit.variants.kalooki.position`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from operator import itemgetter
from typing import Any, NamedTuple

from rummykit.core.melds import (
    CARD_JOKERS,
    HIGH_ACE,
    MAX_RUN,
    MIN_MELD,
    Meld,
    MeldKind,
    missing_suits,
    run_ends,
    validate_meld,
)
from rummykit.core.notation import format_face
from rummykit.core.pieces import JOKER, N_RANKS, N_SUITS, Kind, rank_of, suit_of
from rummykit.engine.determinise import observer, past_results, table_from_views
from rummykit.engine.events import Event
from rummykit.engine.game import Outcome, RoundResult, SharedViews, first_wanted, fresh_seed, round_rng
from rummykit.engine.piece_pool import FacePool, pick
from rummykit.engine.planned import PlannedGame
from rummykit.engine.table import Declared, TableMeld
from rummykit.errors import IllegalActionError, MeldError, message_of
from rummykit.memo import keep
from rummykit.solvers.arrange import Objective, keeping_one
from rummykit.variants.kalooki import messages as _messages
from rummykit.variants.kalooki.actions import (
    DISCARD_BASE,
    LAYOFF_BASE,
    LAYOFF_CODES,
    MAX_JOKERS,
    MAX_SET,
    MELD_BASE,
    MELD_IDS,
    NUM_ACTIONS,
    V_DISCARD,
    V_DRAW,
    V_LAYOFF,
    V_MELD,
    V_RELEASE,
    V_RETRACT,
    V_TAKE,
    DeclaredFace,
    KalookiAction,
    MeldCards,
    action_from_id,
    action_id,
    card_list,
    layoff_code,
    parse_action,
    release_id,
    run_key,
    set_key,
    shape_problem,
)
from rummykit.variants.kalooki.position import read_position, write_position
from rummykit.variants.kalooki.rules import DECKS, HAND_SIZE, KALOOKI_VALUES, KalookiRules, MatchMode
from rummykit.variants.kalooki.scoring import hand_points, round_result
from rummykit.variants.kalooki.state import KalookiState, KPhase

WILDS = CARD_JOKERS
EXTENSIONS_KEPT = 65536
"""Lay-off checks (table meld, card), and table melds' options, the game keeps (each cleared when
full)."""
MELDS_KEPT = 65536
"""Meld validations (faces and declarations) the game keeps (cleared when full)."""
TABLE_MELDS_KEPT = 1024
"""Table melds whose options the game keeps by identity (cleared when full; options found again
by the meld's cards, see :meth:`KalookiGame._meld_options`): each keeps its meld alive, and a table's
melds are done with when its round ends."""
REACHES_KEPT = 4096
"""Hands whose reach (:meth:`KalookiGame._reach`) the game keeps (cleared when full): asked only
after a retract."""
MESSAGES = _messages.MESSAGES


_DRAW, _PLAY, _OVER = KPhase.DRAW, KPhase.PLAY, KPhase.OVER
"""The phases as module names: reading a member through its enum class runs Python code (the
enum metaclass's attribute hook), a module name does not; the hot paths compare with these."""
_PHASE_TEXT = {phase: phase.value for phase in KPhase}
"""Each phase's text (a dictionary lookup, where ``.value`` is a Python-level property)."""
_SET, _RUN = MeldKind.SET, MeldKind.RUN
"""The meld kinds as module names, for the same reason (the verbs: ``actions.V_DRAW`` …)."""
_KIND_TEXT = {kind: kind.value for kind in MeldKind}
"""Each meld kind's text."""


@dataclass(slots=True)
class _Draft:
    """A copy of what an action may change (any but a discard, which :meth:`KalookiGame.apply`
    checks and carries out on its own); committed only once the whole action is legal."""

    hand: list[int]
    table: list[TableMeld]
    next_number: int
    opened: bool
    pending: list[int]
    released: list[int]
    laid_off: bool
    retracted: bool = False
    known: Sequence[int] = ()
    """The cards of the hand everyone knows are there (the state's list, read only)."""
    forgotten: set[int] = field(default_factory=set)
    """Known cards no longer known: a card of their face left the hand (:func:`_held`)."""
    events: list[Event] = field(default_factory=list)
    shown: list[int] = field(default_factory=list)
    """Cards that went into the hand in view of all (released jokers, retracted melds)."""


FACES = tuple(DECKS.face(p) for p in range(DECKS.size))
"""The face of every card id."""
FACE_TABLE = bytes(FACES).ljust(256, b"\0")
"""``bytes.translate`` table: card id -> face (every id and face fits in a byte)."""
_DISCARD_TABLE = bytes(DISCARD_BASE + f for f in FACES).ljust(256, b"\0")
"""``bytes.translate`` table: card id -> the id of the action discarding its face."""


def face(piece: int) -> int:
    """The face of card id ``piece``."""
    return FACES[piece]


def faces(pieces: Iterable[int]) -> list[int]:
    """Faces of card ids."""
    return list(bytes(pieces).translate(FACE_TABLE))


CARDS = tuple(format_face(Kind.CARDS, f) for f in range(JOKER + 1))
"""Every face in notation."""


def card(face_: int) -> str:
    """A face in notation."""
    return CARDS[face_]


def meld_value(meld: TableMeld) -> int:
    """Value of a meld for the opening (jokers as what they stand for, a low ace 1); memoised by
    its positions and whether it is a run, all that the value reads."""
    made = meld.meld
    key = (made.kind is _RUN, made.positions)
    value = _MELD_VALUES.get(key)
    if value is None:
        value = keep(_MELD_VALUES, key, KALOOKI_VALUES.meld_value(made), MELDS_KEPT)
    return value


_MELD_VALUES: dict[tuple[bool, tuple[int, ...]], int] = {}
""":func:`meld_value` by (run or not, positions)."""


def closed(meld: TableMeld) -> bool:
    """A set of four holding a joker: that joker can never be released."""
    made = meld.meld
    return made.kind is _SET and len(made.faces) == MAX_SET and JOKER in made.faces


def meld_view(meld: TableMeld) -> dict[str, Any]:
    """A table meld as every seat sees it (JSON): ``number``, ``owner``, ``kind``, ``faces``,
    ``stands_for``, ``closed``, ``value``."""
    return {
        "number": meld.number,
        "owner": meld.owner,
        "kind": _KIND_TEXT[meld.meld.kind],
        "faces": list(meld.meld.faces),
        "stands_for": list(meld.meld.stands_for),
        "closed": closed(meld),
        "value": meld_value(meld),
    }


class KalookiSeatView(NamedTuple):
    """What one seat (``None``: a spectator) may see of a Kalooki match: the view
    :meth:`KalookiGame.observe` is made from, fields named as its keys. Lists of faces are
    ``bytes``, one byte a face (card ids mapped to faces by ``bytes.translate``): ``hand`` (empty
    for a spectator), ``known`` per seat, ``discards`` (the pile, bottom first). ``table``: the
    shared views of the table's melds (a tuple, the same object while the table is unchanged;
    neither it nor the views are changed by anyone). ``takeable``: the top discard while the mover
    may take it. Fresh lists, the caller's to keep."""

    seat: int | None
    round: int
    dealer: int
    to_move: int | None
    phase: str
    scores: list[int]
    hand: bytes
    hand_counts: list[int]
    stock_count: int
    known: list[bytes]
    table: tuple[dict[str, Any], ...]
    discards: bytes
    opened: list[int]
    pending: list[int]
    retracted: bool
    active: list[int]
    reshuffles: int
    takeable: int | None


class KalookiGame(PlannedGame[KalookiState, KalookiAction, _Draft, tuple[int, set[int]]]):
    """Kalooki under ``rules``: states are whole matches (:class:`KalookiState`)."""

    variant = "kalooki"
    title = "Kalooki"
    kind = Kind.CARDS
    state_type = KalookiState

    def __init__(self, rules: KalookiRules) -> None:
        self.rules = rules
        self.players = rules.players
        self.pieces = DECKS
        self.num_actions = NUM_ACTIONS
        self.values = rules.values()
        self.meld_rules = rules.meld_rules()
        self._actions: dict[int, KalookiAction] = {}
        self._well_formed: set[int] = set()
        """``id`` of every action in ``_actions`` (kept alive there)."""
        self._extensions: dict[tuple[int, DeclaredFace], tuple[TableMeld, bool]] = {}
        self._meld_fits: dict[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], _MeldFits] = {}
        self._options_by_meld: dict[int, tuple[TableMeld, _MeldOptions]] = {}
        """:meth:`_meld_options` by meld (its ``id``, the meld kept alive while cached)."""
        self._last_options: tuple[tuple[TableMeld, ...], _TableOptions] = ((), _TableOptions((), (), (), ()))
        """The last table whose lay-off options were listed (its melds) and those options."""
        self._validated: dict[tuple[bytes, tuple[int | None, ...]], _Checked | MeldError] = {}
        self._results = SharedViews(RoundResult.to_json)
        self._meld_views = SharedViews(meld_view)
        self._table_views: tuple[tuple[TableMeld, ...], tuple[dict[str, Any], ...]] = ((), ())
        """The last table observed (its melds, immutable) and their views."""
        self._past: tuple[dict[str, Any] | None, tuple[RoundResult, ...]] = (None, ())
        """The last ``last_result`` view determinised from and the results read from it."""
        self._solver = rules.hand_profile().solver()
        self._reaches: dict[bytes, tuple[int, bool]] = {}
        """:meth:`_reach` by the hand's sorted faces."""

    def _extends(self, meld: TableMeld, card: DeclaredFace) -> bool:
        """Whether ``card`` laid off on ``meld`` leaves a meld (what :meth:`_plan_layoff` checks
        beyond the mover having opened and keeping a card); memoised per meld (kept alive while
        cached) and card."""
        key = (id(meld), card)
        hit = self._extensions.get(key)
        if hit is not None and hit[0] is meld:
            return hit[1]
        fits = self._fits(self._kept(meld), card)
        keep(self._extensions, key, (meld, fits), EXTENSIONS_KEPT)
        return fits

    def _fits(self, kept: list[Declared], card: DeclaredFace) -> bool:
        """Whether a table meld's cards ``kept`` (:meth:`_kept`) and ``card`` make a meld."""
        return not isinstance(self._checked([*kept, (DECKS.piece(card[0], 0), card[1])]), MeldError)

    def _table_meld(self, number: int, owner: int, played: Sequence[Declared]) -> TableMeld | MeldError:
        """``played`` (card ids, declarations) as table meld ``number`` laid by ``owner`` (what
        :func:`placed_meld` makes of it), or the reason it is no meld (the :class:`MeldError`)."""
        checked = self._checked(played)
        if isinstance(checked, MeldError):
            return checked
        meld, order = checked
        return TableMeld(number, owner, tuple([played[i][0] for i in order]), meld)

    def _checked(self, played: Sequence[Declared]) -> _Checked | MeldError:
        """The meld :func:`validate_meld` makes of ``played`` (card ids, declarations) and the
        order of its cards (:data:`_Checked`), or the reason it is none (the :class:`MeldError`,
        its traceback dropped); memoised per faces and declarations, the same for every copy of a
        card."""
        key = (bytes(map(_CARD, played)).translate(FACE_TABLE), tuple(map(_DECLARATION, played)))
        checked = self._validated.get(key)
        if checked is None:
            try:
                meld = validate_meld(list(key[0]), self.meld_rules, WILDS, declared=list(key[1]))
                checked = (meld, _face_order(key[0], meld.faces))
            except MeldError as exc:
                checked = exc.with_traceback(None)
            keep(self._validated, key, checked, MELDS_KEPT)
        return checked

    def _table_options(self, table: list[TableMeld]) -> _TableOptions:
        """What ``table`` accepts from a hand (:class:`_TableOptions`), each meld's
        :meth:`_meld_options` gathered; those of the last table asked about kept (its melds,
        immutable, compared as a tuple), as every seat lists lay-offs on one table until it
        changes."""
        melds = tuple(table)
        last = self._last_options
        if last[0] == melds:
            return last[1]
        naturals: list[tuple[int, int]] = []
        any_natural: list[tuple[TableMeld, int]] = []
        jokers: list[int] = []
        releasable: list[tuple[TableMeld, _Releases]] = []
        for meld in melds:
            meld_naturals, any_base, meld_jokers, releases = self._meld_options(meld)
            naturals += meld_naturals
            if any_base is not None:
                any_natural.append((meld, any_base))
            jokers += meld_jokers
            if releases is not None:
                releasable.append((meld, releases))
        options = _TableOptions(tuple(naturals), tuple(any_natural), tuple(jokers), tuple(releasable))
        self._last_options = (melds, options)
        return options

    def _meld_options(self, meld: TableMeld) -> _MeldOptions:
        """What ``meld`` accepts from a hand: its :meth:`_fitting` as lay-off ids under its number,
        kept per meld (by identity) while the table holds it."""
        hit = self._options_by_meld.get(id(meld))
        if hit is not None and hit[0] is meld:
            return hit[1]
        fit_naturals, any_fits, fit_jokers, releases = self._fitting(meld)
        base = LAYOFF_BASE + (meld.number - 1) * LAYOFF_CODES
        options = (
            tuple([(f, base + f) for f in fit_naturals]),
            base if any_fits else None,
            tuple([base + c for c in fit_jokers]),
            releases,
        )
        keep(self._options_by_meld, id(meld), (meld, options), TABLE_MELDS_KEPT)
        return options

    def _fitting(self, meld: TableMeld) -> _MeldFits:
        """The lay-offs of :func:`_layoff_cards` that fit ``meld``, whatever its number (the faces
        of the naturals, the lay-off codes of the jokers), whether any natural may fit and what
        may release one of its jokers. Worked out once per cards (the faces, what each stands for
        and their positions make the meld; which copy of a card is played, who laid it and its
        number change nothing), so a table rebuilt from a view (a search's determinisation) and a
        meld of the same cards under another number find them."""
        made = meld.meld
        key = (made.faces, made.stands_for, made.positions)
        fits = self._meld_fits.get(key)
        if fits is None:
            fits = self._worked_fits(meld, key)
        return fits

    def _worked_fits(
        self, meld: TableMeld, key: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    ) -> _MeldFits:
        """:meth:`_fitting` of ``meld`` worked out, kept at ``key`` (its faces, what each stands
        for, their positions)."""
        naturals, any_natural, jokers = _layoff_cards(meld)
        kept = self._kept(meld)
        # validate_meld reads a declared joker as the card it stands for, as it reads that card
        # itself: a joker declared as a natural fits where the natural does (one check for both).
        fitting = {f for _, f in jokers if f is not None and self._fits(kept, (f, None))}
        fit_jokers = [c for c in jokers if (self._fits(kept, c) if c[1] is None else c[1] in fitting)]
        fits = (
            tuple([f for f, _ in naturals if f in fitting]),
            any_natural,
            tuple(map(layoff_code, fit_jokers)),
            _release_cards(meld),
        )
        keep(self._meld_fits, key, fits, EXTENSIONS_KEPT)
        return fits

    def _action(self, number: int) -> KalookiAction:
        """The action with id ``number``, made once (actions are immutable values, well formed:
        :meth:`action_problem` knows them by identity and skips their shape check)."""
        action = self._actions.get(number)
        if action is None:
            action = self._actions.setdefault(number, action_from_id(number))
            self._well_formed.add(id(action))
        return action

    # ------------------------------------------------------------------ seats and the deal
    def new_state(self, seed: int) -> KalookiState:
        """A new match dealt from ``seed`` (the first dealer drawn from it too)."""
        state = KalookiState(
            seed=seed,
            round_no=0,
            dealer=round_rng(seed, 0, "first dealer").randrange(self.players),
            active=list(range(self.players)),
            scores=[0] * self.players,
            results=[],
            hands=[],
            known=[],
            pile=[],
            stock=[],
            table=[],
            next_number=1,
            opened=set(),
            pending=[],
            released=[],
            laid_off=False,
            open_at_start=False,
            retracted=False,
            phase=_DRAW,
            turn=0,
            reshuffles=0,
        )
        self._start_round(state, first=True)
        return state

    def next_active(self, state: KalookiState, seat: int) -> int:
        """The next seat still in the match, clockwise (``seat + 1``)."""
        for step in range(1, self.players + 1):
            candidate = (seat + step) % self.players
            if candidate in state.active:
                return candidate
        raise AssertionError("no active seat")

    def _start_round(self, state: KalookiState, first: bool = False) -> None:
        state.round_no += 1
        if not first or state.dealer not in state.active:
            state.dealer = self.next_active(state, state.dealer)
        cards = list(range(DECKS.size))
        round_rng(state.seed, state.round_no).shuffle(cards)
        state.hands = [[] for _ in range(self.players)]
        state.known = [[] for _ in range(self.players)]
        starter = self.next_active(state, state.dealer)
        seat = starter
        for _ in state.active:
            state.hands[seat] = [cards.pop() for _ in range(HAND_SIZE)]
            seat = self.next_active(state, seat)
        state.pile = [cards.pop()]
        state.stock = cards
        state.table = []
        state.next_number = 1
        state.opened = set()
        state.reshuffles = 0
        state.turn = starter
        self._begin_turn(state, check_stock=False)

    def _begin_turn(self, state: KalookiState, check_stock: bool = True) -> list[Event]:
        state.phase = _DRAW
        state.pending = []
        state.released = []
        state.laid_off = False
        state.retracted = False
        state.open_at_start = state.turn in state.opened
        if not check_stock or state.stock:
            return []
        if state.reshuffles < self.rules.max_reshuffles and len(state.pile) > 1:
            state.reshuffles += 1
            state.stock = state.pile[:-1]
            state.pile = state.pile[-1:]
            round_rng(state.seed, state.round_no, f"reshuffle {state.reshuffles}").shuffle(state.stock)
            return [Event("kalooki_reshuffle", None, {"count": state.reshuffles})]
        return self._end_round(state, None, "exhausted")

    # ------------------------------------------------------------------ helpers
    def hand_value(self, state: KalookiState, seat: int) -> int:
        """Points of the cards left in ``seat``'s hand (A 11, J Q K 10, joker 25, pips)."""
        return hand_points(faces(state.hands[seat]), self.values)

    @staticmethod
    def meld(state: KalookiState, number: int) -> TableMeld:
        """Table meld ``number``; raises :class:`IllegalActionError` if there is none."""
        for m in state.table:
            if m.number == number:
                return m
        raise IllegalActionError("kalooki_no_meld", number=number)

    # ------------------------------------------------------------------ protocol
    def current_seat(self, state: KalookiState) -> int | None:
        """The seat to move, ``None`` once the match is over."""
        return None if state.phase is _OVER else state.turn

    def parse_action(self, text: str) -> KalookiAction:
        """The action written as ``text`` (see :mod:`rummykit.variants.kalooki.actions`)."""
        return parse_action(text)

    def action_id(self, state: KalookiState, action: KalookiAction) -> int | None:
        """The id of ``action`` (:mod:`rummykit.variants.kalooki.actions`); ``None`` for a
        shortcut."""
        return action_id(action) if shape_problem(action) is None else None

    def action_from_id(self, state: KalookiState, seat: int, action_id: int) -> KalookiAction:
        """The action with id ``action_id`` (the same for every state and seat)."""
        self._check_id(action_id)
        return self._action(action_id)

    def outcome(self, state: KalookiState) -> Outcome | None:
        """Final totals and winners once the match is over (lowest total; elimination: the last
        player left)."""
        if state.phase is not _OVER:
            return None
        if self.rules.match is MatchMode.ELIMINATION and len(state.active) == 1:
            winners = tuple(state.active)
        else:
            pool = state.active or list(range(self.players))
            best = min(state.scores[s] for s in pool)
            winners = tuple(s for s in pool if state.scores[s] == best)
        return Outcome(tuple(state.scores), winners, state.round_no)

    def returns(self, state: KalookiState) -> list[float]:
        """``1 / len(winners)`` for each winner of the match, 0 for the others; zeros until the
        end (see the module docstring)."""
        result = self.outcome(state)
        out = [0.0] * self.players
        if result is not None:
            for seat in result.winners:
                out[seat] = 1 / len(result.winners)
        return out

    def piece_groups(self, state: KalookiState) -> Iterable[Sequence[int]]:
        """The stock, the pile, every hand and every table meld."""
        return [state.stock, state.pile, *state.hands, *(m.pieces for m in state.table)]

    # ------------------------------------------------------------------ the view
    def observe(self, state: KalookiState, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees (``None``: a spectator): the common keys of ``docs/engine.md`` plus
        ``table`` (each meld's ``number``, ``owner``, ``kind``, ``faces``, ``stands_for``,
        ``closed``, ``value``), ``discards`` (the whole pile, bottom first), ``opened``,
        ``pending``, ``retracted`` (the mover took melds back this turn: no retract is left, and a
        meld goes down only while the turn can still end after it), ``active``, ``reshuffles``
        and ``takeable`` (the top discard while the mover may take it, else null); ``known``: per
        seat, the faces of the cards everyone knows are in its hand (taken from the pile, released
        jokers, retracted melds). Every hand is scored at a round's end, so ``last_result`` shows
        them all."""
        seen = self.seat_view(state, seat)
        return {
            "variant": self.variant,
            "seat": seat,
            "players": self.players,
            "round": seen.round,
            "dealer": seen.dealer,
            "to_move": seen.to_move,
            "phase": seen.phase,
            "scores": seen.scores,
            "hand": list(seen.hand),
            "hand_counts": seen.hand_counts,
            "stock_count": seen.stock_count,
            "known": [list(k) for k in seen.known],
            "last_result": self._results(state.results[-1]) if state.results else None,
            "table": list(seen.table),
            "discards": list(seen.discards),
            "opened": sorted(seen.opened),
            "pending": seen.pending,
            "retracted": seen.retracted,
            "active": seen.active,
            "reshuffles": seen.reshuffles,
            "takeable": seen.takeable,
        }

    def seat_view(self, state: KalookiState, seat: int | None) -> KalookiSeatView:
        """What ``seat`` may see (``None``: a spectator) as a :class:`KalookiSeatView`: what
        :meth:`observe` shows but the last round's result, faces as ``bytes``."""
        phase = state.phase
        pile = state.pile
        return KalookiSeatView(
            seat,
            state.round_no,
            state.dealer,
            None if phase is _OVER else state.turn,
            _PHASE_TEXT[phase],
            list(state.scores),
            b"" if seat is None else bytes(state.hands[seat]).translate(FACE_TABLE),
            list(map(len, state.hands)),
            len(state.stock),
            [bytes(k).translate(FACE_TABLE) for k in state.known],
            self._table_view(state.table),
            bytes(pile).translate(FACE_TABLE),
            list(state.opened),
            list(state.pending),
            state.retracted,
            list(state.active),
            state.reshuffles,
            FACES[pile[-1]] if pile and phase is _DRAW else None,
        )

    def _table_view(self, table: list[TableMeld]) -> tuple[dict[str, Any], ...]:
        """The views of ``table``'s melds (shared, as the views are), those of the last table
        observed kept: observing the same melds again returns the same tuple and builds no views,
        and a table changed since (a meld laid or replaced, the rest in place) looks up only its
        new melds' views."""
        melds = tuple(table)
        last_melds, last_views = self._table_views
        if last_melds == melds:
            return last_views
        views = tuple(
            last_views[at] if at < len(last_melds) and last_melds[at] is meld else self._meld_views(meld)
            for at, meld in enumerate(melds)
        )
        self._table_views = (melds, views)
        return views

    # ------------------------------------------------------------------ legality
    def timeout_action(
        self, state: KalookiState, seat: int, first: bool, drawn: int | None
    ) -> KalookiAction | None:
        """Draw at the start of the timed-out turn (never the discard), then discard the card the
        timeout drew; a turn that had drawn before the time ran out discards its first legal
        discard."""
        return first_wanted(
            self.legal_actions(state, seat),
            [
                KalookiAction(V_DRAW) if first else None,
                None if drawn is None else KalookiAction(V_DISCARD, face=drawn),
                KalookiAction(V_DRAW),
            ],
            lambda action: action.verb is V_DISCARD,
        )

    def legal_actions(self, state: KalookiState, seat: int) -> list[KalookiAction]:
        """Every legal action of ``seat`` in id order, each once: draw, take, retract, discards,
        every single meld the hand can make (sets and runs, jokers at any places), every one-card
        lay-off and every joker release. Shortcuts (several melds or cards at once) are legal too
        but not listed."""
        ids = self.legal_ids(state, seat)
        try:
            return list(map(self._actions.__getitem__, ids))
        except KeyError:
            return list(map(self._action, ids))

    def legal_ids(self, state: KalookiState, seat: int) -> list[int]:
        """The ids of :meth:`legal_actions`, ascending."""
        if state.phase is _OVER or seat != state.turn:
            return []
        if state.phase is _DRAW:
            ids = [0] if state.stock else []
            if state.pile:
                ids.append(1)
            return ids
        hand = faces(state.hands[seat])
        ids = _meld_ids(hand)
        if seat not in state.opened and state.retracted:
            # after a retract only a meld after which the turn can still end goes down (the
            # whole hand's reach rules most out at once: _hand_may_still_end)
            may = self._hand_may_still_end(state, hand)
            left = len(hand) - 1
            kept = []
            for i in ids:
                action = self._action(i)
                if (may or len(action.melds[0]) >= left) and self._still_ends(state, seat, action):
                    kept.append(i)
            ids = kept
        if state.pending and not state.retracted:
            ids.append(2)  # retract: once a turn, while melds are pending (see _plan_retract)
        if self._discard_refusal(state, seat) is None:
            ids += set(bytes(state.hands[seat]).translate(_DISCARD_TABLE))
        if seat in state.opened:
            held = set(hand)
            options = self._table_options(state.table)
            if len(hand) > 1:
                ids += [i for f, i in options.naturals if f in held]
                for meld, base in options.any_natural:
                    ids += [base + f for f in held if f != JOKER and self._extends(meld, (f, None))]
                if JOKER in held:
                    ids += options.jokers
            for meld, releases in options.releasable:
                for cards in _releases(releases, held):
                    number = release_id(meld.number, cards)
                    assert number is not None
                    try:
                        self._plan(state, seat, self._action(number))
                    except IllegalActionError:
                        continue
                    ids.append(number)
        ids.sort()
        return ids

    def _still_ends(self, state: KalookiState, seat: int, action: KalookiAction) -> bool:
        """Whether the meld ``action``, laid by ``seat`` who has not opened, is legal after a
        retract: the turn can still end after it (:meth:`_plan` decides, :meth:`_can_still_end`)."""
        try:
            self._plan(state, seat, action)
        except IllegalActionError:
            return False
        return True

    def _discard_refusal(self, state: KalookiState, seat: int) -> tuple[str, dict[str, int]] | None:
        """Why no held card may be discarded now, as the code and params of the error to raise
        (``None``: any may): melds are pending and the discard would not go out, or a released
        joker is kept against the rule (what :meth:`_discard_plan` checks beyond holding the
        card). The error itself, its message rendered, is made only when raised: the listing
        asks while melds are pending too."""
        hand = state.hands[seat]
        if state.pending and len(hand) > 1:
            return "kalooki_under_opening", {"open_min": self.rules.open_min}
        if self.rules.released_joker_must_be_used and any(p in hand for p in state.released):
            return "kalooki_use_released_joker", {}
        return None

    def _check_turn(self, state: KalookiState, seat: int) -> None:
        """As :meth:`Game._check_turn`, the seat to move let through at once (a hot path)."""
        if type(seat) is int and seat == state.turn and state.phase is not _OVER and 0 <= seat < self.players:
            return
        super()._check_turn(state, seat)

    def _is_discard(self, action: KalookiAction) -> bool:
        return action.verb is V_DISCARD

    def _shape_problem(self, action: object) -> str | None:
        return shape_problem(action)

    # ------------------------------------------------------------------ planning an action
    def _plan(self, state: KalookiState, seat: int, action: KalookiAction) -> _Draft | None:
        """Check a well-formed ``action`` (not a discard) in full on a draft; raise
        :class:`IllegalActionError` if illegal. Returns the draft to commit (``None`` for draw and
        take)."""
        verb = action.verb
        if verb is V_DRAW or verb is V_TAKE:
            if state.phase is not _DRAW:
                raise IllegalActionError("kalooki_drawn_already")
            if verb is V_DRAW and not state.stock:
                raise IllegalActionError("kalooki_stock_empty")
            if verb is V_TAKE and not state.pile:
                raise IllegalActionError("kalooki_pile_empty")
            return None
        if state.phase is _DRAW:
            raise IllegalActionError("kalooki_draw_first")
        draft = _Draft(
            hand=list(state.hands[seat]),
            table=list(state.table),
            next_number=state.next_number,
            opened=seat in state.opened,
            pending=list(state.pending),
            released=list(state.released),
            laid_off=state.laid_off,
            retracted=state.retracted,
            known=state.known[seat],
        )
        if verb is V_MELD:
            self._plan_melds(draft, seat, action)
            if draft.retracted and draft.pending and not self._can_still_end(draft):
                raise IllegalActionError("kalooki_retracted_out_of_reach", open_min=self.rules.open_min)
        elif verb is V_LAYOFF:
            self._plan_layoff(state, draft, action)
        elif verb is V_RELEASE:
            self._plan_release(state, draft, action)
        else:
            self._plan_retract(draft)
        return draft

    def _can_still_end(self, draft: _Draft) -> bool:
        """Whether a turn with melds pending after its retract (no retract left) can still end:
        the hand is down to one card (the discard goes out), or the melds the rest of the hand
        can still lay, one card kept, bring the pending melds to ``open_min``, or lay all of it
        but one card (going out) (:meth:`_reach`)."""
        hand = faces(draft.hand)
        if len(hand) <= 1:
            return True
        return self._in_reach(hand, draft.table, draft.pending)

    def _in_reach(self, hand: list[int], table: Sequence[TableMeld], pending: Sequence[int]) -> bool:
        """Whether the melds ``hand`` (faces) can still lay, one card kept, bring the ``pending``
        melds of ``table`` to ``open_min``, or lay all of it but one card (:meth:`_reach`)."""
        value, going_out = self._reach(hand)
        laid = sum(meld_value(m) for m in table if m.number in pending)
        return going_out or laid + value >= self.rules.open_min

    def _hand_may_still_end(self, state: KalookiState, hand: list[int]) -> bool:
        """Whether a meld from ``hand`` (faces) laid after the mover's retract may still let the
        turn end, judged from the whole hand (one answer of the solver for every candidate):
        :meth:`_can_still_end` asks of the hand left after the meld what the whole hand bounds. A
        meld and the best melds of the rest, one card kept, are melds of the hand with one card
        kept, so their value is at most the hand's best; a meld and a going out of the rest are a
        going out of the hand. A meld that leaves at most one card is not judged here."""
        return self._in_reach(hand, state.table, state.pending)

    def _reach(self, hand: list[int]) -> tuple[int, bool]:
        """What melds of ``hand`` (faces) can still do this turn: the most opening value they add,
        one card kept for the discard (the solver's best melds by value, as the hint's and
        greedy's), and whether they take all of it but one card (going out); kept per hand."""
        key = bytes(sorted(hand))
        found = self._reaches.get(key)
        if found is None:
            best = keeping_one(lambda cards: self._solver.arrange(cards, WILDS, Objective.MELD_VALUE), hand)
            going_out = bool(self._solver.meld_finishes(hand, WILDS))
            found = keep(self._reaches, key, (best.score, going_out), REACHES_KEPT)
        return found

    @staticmethod
    def _take_from_hand(draft: _Draft, cards: MeldCards, keep_one: bool = True) -> list[Declared]:
        """Card ids for ``cards`` out of the draft hand (raises if one isn't held, or, with
        ``keep_one``, if no card would be left for the final discard)."""
        out: list[Declared] = []
        for face_, declared in cards:
            piece = _held(draft.hand, draft.known, draft.forgotten, face_)
            if piece is None:
                raise IllegalActionError("kalooki_not_held", card=card(face_))
            draft.hand.remove(piece)
            out.append((piece, declared))
        if keep_one and not draft.hand:
            raise IllegalActionError("kalooki_keep_one")
        return out

    def _new_meld(self, number: int, owner: int, played: list[Declared]) -> TableMeld:
        meld = self._table_meld(number, owner, played)
        if isinstance(meld, MeldError):
            raise IllegalActionError("kalooki_not_a_meld", reason=message_of(meld))
        return meld

    def _plan_melds(self, draft: _Draft, seat: int, action: KalookiAction) -> None:
        for group in action.melds:
            new = self._new_meld(draft.next_number, seat, self._take_from_hand(draft, group))
            draft.table.append(new)
            draft.next_number += 1
            draft.events.append(
                Event("kalooki_meld", seat, {"number": new.number, "cards": _card_texts(group)})
            )
            if not draft.opened:
                draft.pending.append(new.number)
        if not draft.opened:
            value = sum(meld_value(m) for m in draft.table if m.number in draft.pending)
            if value >= self.rules.open_min:
                draft.opened = True
                draft.pending = []
                draft.events.append(Event("kalooki_opens", seat, {"value": value}))

    def _replace(self, draft: _Draft, old: TableMeld, played: list[Declared]) -> None:
        # ``old`` is the draft table's own meld (found by identity: no other is equal to it)
        at = list(map(id, draft.table)).index(id(old))
        draft.table[at] = self._new_meld(old.number, old.owner, played)

    @staticmethod
    def _kept(meld: TableMeld) -> list[Declared]:
        """A meld's cards with the declarations they keep when cards are added (run jokers; what
        ``meld.declarations(DECKS, WILDS, fixed_sets=False)`` gives, the joker being the one wild)."""
        if meld.kind is _RUN:
            return [
                (p, s if FACES[p] == JOKER else None)
                for p, s in zip(meld.pieces, meld.meld.stands_for, strict=True)
            ]
        return [(p, None) for p in meld.pieces]

    def _plan_layoff(self, state: KalookiState, draft: _Draft, action: KalookiAction) -> None:
        if not draft.opened:
            raise IllegalActionError("kalooki_layoff_closed_hand", open_min=self.rules.open_min)
        assert action.target is not None
        old = self.meld(state, action.target)
        played = self._take_from_hand(draft, action.cards)
        try:
            self._replace(draft, old, self._kept(old) + played)
        except IllegalActionError as exc:
            # the cards laid off, in notation, and the meld: not the whole new meld's checker text
            if exc.code != "kalooki_not_a_meld":
                raise
            cards = card_list(action.cards)
            raise IllegalActionError("kalooki_no_fit", cards=cards, number=old.number) from None
        draft.laid_off = True

    def _plan_release(self, state: KalookiState, draft: _Draft, action: KalookiAction) -> None:
        if not draft.opened:
            raise IllegalActionError("kalooki_release_closed_hand")
        assert action.target is not None
        old = self.meld(state, action.target)
        if not old.wild_ids(DECKS, WILDS):
            raise IllegalActionError("kalooki_no_joker", number=old.number)
        if closed(old):
            raise IllegalActionError("kalooki_closed_set", number=old.number)
        # the freed joker refills the hand, unless it must be used this turn: a hand of that joker
        # alone could neither use it (a lay-off keeps a card) nor discard it (docs/rule-choices.md)
        played = self._take_from_hand(draft, action.cards, keep_one=self.rules.released_joker_must_be_used)
        if any(WILDS.is_wild(face(p)) for p, _ in played):
            raise IllegalActionError("kalooki_joker_for_joker")
        if old.kind is _RUN:
            freed = self._release_from_run(draft, old, played)
        else:
            freed = self._release_from_set(draft, old, played)
        draft.hand += freed
        draft.released += freed
        draft.shown += freed
        draft.laid_off = True

    def _release_from_run(self, draft: _Draft, old: TableMeld, played: list[Declared]) -> list[int]:
        if len(played) != 1:
            raise IllegalActionError("kalooki_run_release")
        piece_played = played[0][0]
        kept = self._kept(old)
        for i, (piece, declared) in enumerate(kept):
            if WILDS.is_wild(face(piece)) and declared == face(piece_played):
                kept[i] = (piece_played, None)
                self._replace(draft, old, kept)
                return [piece]
        raise IllegalActionError("kalooki_no_joker_for", number=old.number, card=card(face(piece_played)))

    def _release_from_set(self, draft: _Draft, old: TableMeld, played: list[Declared]) -> list[int]:
        jokers = old.wild_ids(DECKS, WILDS)
        naturals = [p for p in old.pieces if p not in jokers]
        freed = len(naturals) + len(played) + len(jokers) - MAX_SET
        if freed < 1:
            raise IllegalActionError("kalooki_set_release")
        kept = jokers[freed:]
        self._replace(draft, old, [(p, None) for p in naturals + kept] + played)
        return jokers[:freed]

    @staticmethod
    def _plan_retract(draft: _Draft) -> None:
        """Take the pending melds back into the draft hand, once a turn (``docs/rule-choices.md``:
        a turn is finite)."""
        if not draft.pending:
            raise IllegalActionError("kalooki_nothing_to_retract")
        if draft.retracted:
            raise IllegalActionError("kalooki_retract_once")
        for meld in [m for m in draft.table if m.number in draft.pending]:
            draft.table.remove(meld)
            draft.hand += list(meld.pieces)
            draft.shown += list(meld.pieces)
        draft.pending = []
        draft.retracted = True
        draft.next_number = max((m.number for m in draft.table), default=0) + 1

    def _discard_plan(self, state: KalookiState, seat: int, action: KalookiAction) -> tuple[int, set[int]]:
        """Check the discard ``action`` of ``seat``, the seat to move; raise
        :class:`IllegalActionError` if illegal. Returns the card it discards and the known cards
        it makes no longer known (:func:`_held`); changes nothing."""
        if state.phase is _DRAW:
            raise IllegalActionError("kalooki_draw_first")
        assert action.face is not None
        hand = state.hands[seat]
        forgotten: set[int] = set()
        piece = _held(hand, state.known[seat], forgotten, action.face)
        if piece is None:
            raise IllegalActionError("kalooki_not_held", card=card(action.face))
        refusal = self._discard_refusal(state, seat)
        if refusal is not None:
            raise IllegalActionError(refusal[0], **refusal[1])
        return piece, forgotten

    # ------------------------------------------------------------------ applying
    def _discard(self, state: KalookiState, seat: int, plan: tuple[int, set[int]]) -> list[Event]:
        """Carry out ``seat``'s discard as :meth:`_discard_plan` found it (the card, and the known
        cards it makes no longer known), and end the turn, or the round when the hand is empty."""
        piece, forgotten = plan
        hand = list(state.hands[seat])
        hand.remove(piece)
        state.hands[seat] = hand
        known = state.known[seat]
        if known:
            held = set(hand)
            state.known[seat] = [p for p in known if p in held and p not in forgotten]
        state.pile.append(piece)
        events = [_card_event("kalooki_discard", seat, FACES[piece])]
        if not hand:
            hunt = not state.open_at_start and not state.laid_off
            return events + self._end_round(state, seat, "hunt" if hunt else "out")
        state.turn = self.next_active(state, seat)
        return events + self._begin_turn(state)

    def _commit(
        self, state: KalookiState, seat: int, action: KalookiAction, draft: _Draft | None
    ) -> list[Event]:
        """Carry out ``action`` (not a discard) as planned (``draft``, ``None`` for draw and
        take)."""
        verb = action.verb
        if draft is None:
            source = state.stock if verb is V_DRAW else state.pile
            piece = source.pop()
            state.hands[seat].append(piece)
            state.phase = _PLAY
            if verb is V_DRAW:
                return [_card_event("kalooki_draw", seat, FACES[piece], private=True)]
            state.known[seat].append(piece)
            return [_card_event("kalooki_take", seat, FACES[piece])]
        state.hands[seat] = draft.hand
        if state.known[seat] or draft.shown:
            held = set(draft.hand)
            state.known[seat] = [
                p for p in state.known[seat] + draft.shown if p in held and p not in draft.forgotten
            ]
        state.table = draft.table
        state.next_number = draft.next_number
        state.pending = draft.pending
        state.released = draft.released
        state.laid_off = draft.laid_off
        state.retracted = draft.retracted
        if draft.opened:
            state.opened.add(seat)
        events = draft.events
        if verb is V_LAYOFF or verb is V_RELEASE:
            params = {"number": action.target, "cards": _card_texts(action.cards)}
            events.insert(0, Event(f"kalooki_{verb.value}", seat, params))
        elif verb is V_RETRACT:
            events.insert(0, Event("kalooki_retract", seat))
        return events

    def _end_round(self, state: KalookiState, winner: int | None, kind: str) -> list[Event]:
        hands = [faces(h) for h in state.hands]
        result = round_result(state.round_no, winner, kind, state.reshuffles, hands, self.rules)
        for seat, delta in enumerate(result.deltas):
            state.scores[seat] += delta
        state.results.append(result)
        notes = result.notes
        events = [Event("kalooki_round_end", winner, {"headline": notes[0], "result": self._results(result)})]
        if self.rules.match is MatchMode.ELIMINATION:
            out = [s for s in state.active if state.scores[s] > self.rules.elimination_limit]
            events += [Event("kalooki_eliminated", s, {"score": state.scores[s]}) for s in out]
            remaining = [s for s in state.active if s not in out]
            over = len(remaining) <= 1
            if remaining:
                state.active = remaining
        elif self.rules.match is MatchMode.SINGLE_ROUND:
            over = True
        else:
            assert self.rules.rounds is not None
            over = state.round_no >= self.rules.rounds
        if over:
            state.phase = _OVER
            return [*events, Event("match_over")]
        self._start_round(state)
        return events

    # ------------------------------------------------------------------ search
    def resample(self, state: KalookiState, seat: int, rng: random.Random) -> KalookiState:
        """A copy with the stock and the other hands' unknown cards re-dealt (module docstring)."""
        new = state.clone()
        if state.phase is _OVER:
            return new
        others = [s for s in range(self.players) if s != seat]
        hidden = {s: [p for p in new.hands[s] if p not in set(new.known[s])] for s in others}
        pool = list(new.stock) + [p for s in others for p in hidden[s]]
        rng.shuffle(pool)
        for s in others:
            known = [p for p in new.hands[s] if p in set(new.known[s])]
            new.hands[s] = known + [pool.pop() for _ in hidden[s]]
        new.stock = pool
        new.seed = fresh_seed(rng)
        return new

    def determinise(self, observation: dict[str, Any], rng: random.Random) -> KalookiState:
        """A state that ``observation``'s seat can't tell from the true one (module docstring):
        the table, the pile, its hand (in its order) and every hand's known cards placed as it
        sees them; the stock and the rest of the other hands dealt at random from ``rng``; a new
        seed (:func:`fresh_seed`), drawn after the deal. ``observe(result, seat) == observation``.

        What an observation lacks is filled in so that play goes on correctly: meld numbers run
        on from the table (``next`` is one more than the melds on it, as they are numbered 1, 2,
        … in order); jokers released this turn are not marked (under
        ``released_joker_must_be_used`` the copy lets the mover discard while holding one, which
        the true state refuses: a search applies only the true legal actions at the root); the
        mover laid nothing off this turn, and had opened when it began if it has opened now (so
        going out in the turn that opens is scored as out, not as a hunt); the rounds before
        the last are void results with no score change (the scores are the observation's).
        Raises ``ValueError`` for a spectator's observation, one of another game or table size,
        or one whose cards don't add up."""
        seat = observer(self, observation)
        pool = FacePool(DECKS)
        table = table_from_views(observation["table"], pool, self.meld_rules, WILDS)
        pile = pool.take(observation["discards"])
        hand = pool.take(observation["hand"])
        known = [
            pick(hand, face, k) if s == seat else pool.take(k) for s, k in enumerate(observation["known"])
        ]
        hands = [hand if s == seat else list(k) for s, k in enumerate(known)]
        stock = pool.deal(hands, observation["hand_counts"], observation["stock_count"], rng)
        phase = KPhase(observation["phase"])
        to_move = observation["to_move"]
        turn = seat if to_move is None else to_move
        opened = set(observation["opened"])
        return KalookiState(
            seed=fresh_seed(rng),
            round_no=observation["round"],
            dealer=observation["dealer"],
            active=list(observation["active"]),
            scores=list(observation["scores"]),
            results=self._past_results(observation["last_result"]),
            hands=hands,
            known=known,
            pile=pile,
            stock=stock,
            table=table,
            next_number=len(table) + 1,
            opened=opened,
            pending=list(observation["pending"]),
            released=[],
            laid_off=False,
            open_at_start=turn in opened,
            retracted=observation["retracted"],
            phase=phase,
            turn=turn,
            reshuffles=observation["reshuffles"],
        )

    def _past_results(self, last: dict[str, Any] | None) -> list[RoundResult]:
        """:func:`past_results` of an observation's ``last_result`` (a new list), those of the
        last view read kept: every observation of a round shows the same view object, so a search
        determinising one observation again and again reads it once, and its states share the
        (immutable) results and so their views."""
        kept = self._past
        if kept[0] is not last or last is None:
            kept = self._past = (last, tuple(past_results(last)))
        return list(kept[1])

    # ------------------------------------------------------------------ position text
    def position(self, state: KalookiState) -> str:
        """The whole state as one line (:mod:`rummykit.variants.kalooki.position`)."""
        return write_position(state)

    def from_position(self, text: str) -> KalookiState:
        """The state written as ``text`` (:mod:`rummykit.variants.kalooki.position`); raises
        :class:`NotationError`."""
        return read_position(self.rules, text)


def _held(hand: list[int], known: Sequence[int], forgotten: set[int], face_: int) -> int | None:
    """The first card of ``face_`` in ``hand`` (``None`` if there is none). When it is not a card
    everyone knows is there (``known``) but another of that face is, that other is added to
    ``forgotten`` (no longer known), as everyone would conclude."""
    held = bytes(hand).translate(FACE_TABLE)
    at = held.find(face_)
    if at < 0:
        return None
    first = hand[at]
    if first not in known:
        at = held.find(face_, at + 1)
        while at >= 0:
            if hand[at] in known:
                forgotten.add(hand[at])
                break
            at = held.find(face_, at + 1)
    return first


_CARD, _DECLARATION = itemgetter(0), itemgetter(1)
"""A played card's id and its declaration (:data:`Declared`)."""

_Checked = tuple[Meld, tuple[int, ...]]
"""A validated meld and the order of its cards: for each of its faces in turn, the index of the
card played for it (:func:`_face_order`)."""


def _face_order(played: bytes, ordered: Sequence[int]) -> tuple[int, ...]:
    """For each face of ``ordered`` in turn, the index in ``played`` (faces) of the first card of
    that face not taken by an earlier one: how :func:`placed_meld` orders the cards of a meld that
    ``validate_meld`` made of ``played`` (``ordered`` its faces)."""
    taken = bytearray(played)
    order = []
    for f in ordered:
        at = taken.index(f)
        taken[at] = 255
        order.append(at)
    return tuple(order)


_CARD_TEXTS: dict[MeldCards, tuple[str, ...]] = {}
""":func:`card_list` by cards."""


def _card_texts(cards: MeldCards) -> list[str]:
    """:func:`card_list` of ``cards`` (a new list), memoised: the event of a meld or lay-off
    names its cards."""
    texts = _CARD_TEXTS.get(cards)
    if texts is None:
        texts = keep(_CARD_TEXTS, cards, tuple(card_list(cards)), MELDS_KEPT)
    return list(texts)


_CARD_EVENTS: dict[tuple[str, int, int], Event] = {}
""":func:`_card_event` by (code, seat, face)."""


def _card_event(code: str, seat: int, face_: int, private: bool = False) -> Event:
    """The event ``code`` of ``seat`` drawing, taking or discarding a card of ``face_`` (the card
    ``private`` to the seat: a draw from the stock), made once per code, seat and face: events are
    immutable values whose params are read, never changed, and these are most of a match's
    events."""
    key = (code, seat, face_)
    event = _CARD_EVENTS.get(key)
    if event is None:
        named = {"card": CARDS[face_]}
        event = _CARD_EVENTS[key] = Event(code, seat, {}, named) if private else Event(code, seat, named)
    return event


# ---------------------------------------------------------------------- listing candidates
def _meld_ids(hand: list[int]) -> list[int]:
    """The action id of every single meld ``hand`` (faces) can lay, keeping a card: the sets rank
    by rank, then the runs suit by suit (each answer memoised per rank or suit, by the suits held
    or the positions held that some run can hold, the jokers and the hand's size or the longest
    run it can make)."""
    size = len(hand)
    if size <= MIN_MELD:
        return []  # no meld leaves a card to keep
    jokers = min(hand.count(JOKER), MAX_JOKERS)
    held = sum(map(_FACE_BIT.__getitem__, set(hand)))
    a, b, c, d = rows = (
        held & _ROW,
        held >> N_RANKS & _ROW,
        held >> 2 * N_RANKS & _ROW,
        held >> 3 * N_RANKS & _ROW,
    )
    # The ranks held in at least 3 - jokers suits: those that may make a set.
    if jokers == 0:
        ranks = a & b & (c | d) | c & d & (a | b)
    elif jokers == 1:
        ranks = a & (b | c | d) | b & (c | d) | c & d
    else:
        ranks = a | b | c | d
    out: list[int] = []
    set_cap = min(size, MAX_SET + 1)
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        suits = bool(a & low) | bool(b & low) << 1 | bool(c & low) << 2 | bool(d & low) << 3
        out += _set_ids(low.bit_length(), suits, jokers, set_cap)
    longest = min(MAX_RUN, size - 1)
    for suit, row in enumerate(rows):
        spots = row << 1 | (row & 1) << HIGH_ACE
        # Every run holds three positions in a row that the jokers can fill: three naturals
        # without a joker, two at most two positions apart with one, one natural with two.
        # ``kept``: the positions held that some such three can hold. A position held outside
        # every run of three is in no run (a longer run holds a run of three through it missing
        # no more positions), and the runs without it list the same ids whether it is held or
        # not, so the cache is asked by ``kept`` (a suit with none has no run and needs no look-up).
        if jokers > 1:
            kept = spots
        elif jokers:
            kept = spots & (spots >> 1 | spots >> 2 | spots << 1 | spots << 2)
        else:
            starts = spots & spots >> 1 & spots >> 2
            kept = starts | starts << 1 | starts << 2
        if kept:
            # A run's naturals are at kept positions, so it is no longer than those and the
            # jokers: a longer ``longest`` lists the same ids.
            out += _run_ids(suit, kept, jokers, min(longest, kept.bit_count() + jokers))
    return out


_FACE_BIT = tuple(1 << f if f != JOKER else 0 for f in range(JOKER + 1))
"""Per face: its bit in a hand's mask of natural faces (none for the joker), for :func:`_meld_ids`."""
_ROW = (1 << N_RANKS) - 1
"""A suit's ranks in a mask of faces: ``mask >> suit * N_RANKS & _ROW`` (bit ``rank - 1``)."""


@lru_cache(maxsize=4096)
def _set_ids(rank: int, held: int, jokers: int, size: int) -> tuple[int, ...]:
    """The action ids of the sets of ``rank`` from the suits in bit mask ``held`` and up to
    ``jokers`` jokers, fewer cards than ``size``."""
    suits = [s for s in range(N_SUITS) if held >> s & 1]
    out = []
    for k in range(1, len(suits) + 1):
        for chosen in combinations(suits, k):
            for extra in range(max(0, 3 - k), min(jokers, MAX_SET - k) + 1):
                if k + extra < size:
                    out.append(MELD_BASE + MELD_IDS[set_key(rank, chosen, extra)])
    return tuple(out)


@lru_cache(maxsize=65536)
def _run_ids(suit: int, held: int, jokers: int, longest: int) -> tuple[int, ...]:
    """The action ids of the runs of ``suit`` from the positions in bit mask ``held`` (1..14, 14 the
    high ace) and up to ``jokers`` jokers, at most ``longest`` cards."""
    row = [bool(held >> p & 1) for p in range(HIGH_ACE + 1)]
    out = []
    for lo in range(1, HIGH_ACE - 1):
        if not jokers and not row[lo]:
            continue
        missing: list[int] = []
        for hi in range(lo, min(lo + longest - 1, HIGH_ACE) + 1):
            if not row[hi]:
                missing.append(hi)
                if len(missing) > jokers:
                    break
            length = hi - lo + 1
            if length < 3 or (length == MAX_RUN and lo > 1):
                continue
            out.append(MELD_BASE + MELD_IDS[run_key(suit, lo, hi, tuple(missing))])
            if len(missing) < jokers:
                present = [p for p in range(lo, hi + 1) if row[p]]
                for extra in range(1, jokers - len(missing) + 1):
                    for more in combinations(present, extra):
                        places = tuple(sorted(missing + list(more)))
                        out.append(MELD_BASE + MELD_IDS[run_key(suit, lo, hi, places)])
    return tuple(out)


_Releases = tuple[tuple[int, ...], int, int]
"""What may release a joker of a table meld, whatever the hand (:func:`_release_cards`): the faces
that may, and the fewest and most of them one release plays."""

_MeldFits = tuple[tuple[int, ...], bool, tuple[int, ...], _Releases | None]
"""What :meth:`KalookiGame._fitting` finds for a meld's cards: (the naturals' faces, any natural,
the jokers' lay-off codes, what may release a joker, if any may), what :class:`_TableOptions`
reads of a meld, whatever its number."""

_MeldOptions = tuple[tuple[tuple[int, int], ...], int | None, tuple[int, ...], _Releases | None]
"""What :meth:`KalookiGame._meld_options` finds for a table meld, as :class:`_TableOptions`
gathers it: (each fitting natural's face and lay-off id, the id of laying off code 0 when any
natural may fit, the fitting jokers' lay-off ids, what may release a joker)."""


@dataclass(frozen=True, slots=True)
class _TableOptions:
    """What the melds of a table accept, whatever the hand (:meth:`KalookiGame._table_options`);
    lay-off ids in any order (the listing sorts its ids)."""

    naturals: tuple[tuple[int, int], ...]
    """(natural face, lay-off id) for each meld the face fits, listed when held (on each meld
    once: an ace fits at both ends of a run of 2..K and is one lay-off)."""
    any_natural: tuple[tuple[TableMeld, int], ...]
    """(meld, the action id of laying off code 0 on it) of each set of one natural and two
    jokers: any natural may fit it (it may become a run), each checked as held."""
    jokers: tuple[int, ...]
    """The lay-off ids of the jokers that fit, undeclared or declared, listed when one is held."""
    releasable: tuple[tuple[TableMeld, _Releases], ...]
    """The melds holding a joker that a card may release (not closed sets), in table order, each
    with what may release it."""


def _layoff_cards(meld: TableMeld) -> tuple[list[DeclaredFace], bool, list[DeclaredFace]]:
    """One-card lay-offs that may fit ``meld`` (checked in full by the game), whatever the hand:
    the naturals (of a set's missing suits, at a run's ends), whether any natural may fit (a set
    of one natural and two jokers may become a run), and the jokers, undeclared or declared as a
    missing suit or a run's end. Each card once: an ace fits at both ends of a run of 2..K, and
    laid off (natural, or a joker declared as it) it goes below the 2 (:func:`validate_meld`
    reads an ace low first). A set of four takes nothing."""
    if meld.kind is _SET:
        if len(meld.pieces) >= MAX_SET:
            return [], False, []
        ends = missing_suits(rank_of(meld.meld.stands_for[0]), meld.meld.faces)
        any_natural = len(ends) == N_SUITS - 1
    else:
        ends = run_ends(suit_of(meld.meld.stands_for[0]), meld.meld.positions)
        any_natural = False
    fixed: list[DeclaredFace] = [] if any_natural else [(f, None) for f in ends]
    return fixed, any_natural, [(JOKER, None), *((JOKER, f) for f in ends)]


def _release_cards(meld: TableMeld) -> _Releases | None:
    """What may release a joker of ``meld``, whatever the hand (``None``: nothing, it holds no
    joker or is a closed set): a run's joker the card it stands for, one card; a set's its missing
    suits (``actions.SUIT_COMBOS`` holds every two or three of them), enough of them to make it more
    than :data:`MAX_SET` cards, so that one is freed."""
    made = meld.meld
    if JOKER not in made.faces or closed(meld):
        return None
    if meld.kind is _RUN:
        return tuple([s for f, s in zip(made.faces, made.stands_for, strict=True) if f == JOKER]), 1, 1
    return (
        tuple(missing_suits(rank_of(made.stands_for[0]), made.faces)),
        max(1, MAX_SET + 1 - len(meld.pieces)),
        N_SUITS,
    )


def _releases(releases: _Releases, held: set[int]) -> Iterator[MeldCards]:
    """The cards of a hand holding the faces ``held`` that might release a joker of a table meld
    (its :func:`_release_cards`; checked in full by the game), in the order it lists them."""
    cards, fewest, most = releases
    present = [f for f in cards if f in held]
    for size in range(fewest, min(most, len(present)) + 1):
        for chosen in combinations(present, size):
            yield tuple([(f, None) for f in chosen])
