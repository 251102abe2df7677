"""The 101 Okey match (``okey-101.md``): 21-tile hands, the indicator and the okeys, public melds
opened at ``open_min`` points or with ``pairs_open_min`` pairs, laying off on anyone's melds,
freeing okeys from the table, hand finishes, penalty scores with their multipliers and the fines
for a playable discard or a discarded okey.

:class:`Okey101Game` (immutable, built from :class:`~rummykit.variants.okey_101.rules.Okey101Rules`)
plays over a plain-data :class:`~rummykit.variants.okey_101.state.Okey101State`. An action is
checked in full on a draft of what it changes before anything changes, so an illegal action leaves
the state as it was. Actions, their text and ids: :mod:`rummykit.variants.okey_101.actions`; the
table's questions: :mod:`~rummykit.variants.okey_101.table`; scores:
:mod:`~rummykit.variants.okey_101.scoring`; position text: :mod:`~rummykit.variants.okey_101.position`.

**The turn** (``okey-101.md`` "A turn"): the starter's first turn has no take (22 tiles); every
other turn begins with ``draw`` or ``take``. With ``take_discard=use_now`` the previous player's
discard is taken only when it can go on the table this turn (in the opening for a player who has not
opened), and it must: until it is on the table every table play must put it there and the discard is
refused. The same holds for a freed okey under ``swapped_okey_must_be_used``. A player who has not
opened lays melds (or pairs) one action at a time toward the opening; they are *pending* until they
reach ``open_min`` (or ``pairs_open_min`` pairs), may be taken back (``retract``), and the turn can't
end while they don't open, unless they leave one tile: a hand finish (``hand_finish_min``).

**A turn is finite** (``docs/rule-choices.md``): a ``retract`` is once a turn, and after it a play
toward the opening must open by itself (``open A | B``, or one meld or pair that opens) or leave one
tile (a hand finish); a taken discard goes back on its pile with the retract and the mover draws
from the stock instead (the take was only for that opening), so after a retract the turn can always
end with a discard. A taken discard still in the hand (nothing laid yet) is given back by a
``retract`` alone: the turn timer's way to end a turn after a take without laying a tile of the
hand (:meth:`Okey101Game.timeout_action`).

**Returns** (:meth:`Okey101Game.returns`): zeros until the match is over; then each winner (the
lowest total; ties share) ``1 / number of winners``, every other seat 0.

**Resample and determinise**: the stock and the other hands, less the tiles known to be there
(taken from a discard pile, freed from the table, taken back), re-dealt at random, a new seed; the
buried tiles of the discard piles too when only their tops are shown.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain
from typing import Any

from rummykit.core.melds import MeldKind, Wilds, okey_face
from rummykit.core.notation import format_declared, format_face
from rummykit.core.pieces import JOKER, N_FACES, OKEY_TILES, Kind
from rummykit.engine.determinise import observer, past_results
from rummykit.engine.events import Event
from rummykit.engine.game import (
    Outcome,
    RoundResult,
    SharedViews,
    face_counts,
    first_wanted,
    fresh_seed,
    round_rng,
)
from rummykit.engine.piece_pool import FacePool, pick
from rummykit.engine.planned import PlannedGame
from rummykit.engine.table import Declared, TableMeld
from rummykit.errors import IllegalActionError, MeldError, message_of
from rummykit.memo import keep
from rummykit.variants.okey_101 import messages as _messages
from rummykit.variants.okey_101 import position as _position
from rummykit.variants.okey_101.actions import (
    DISCARD_BASE,
    LAYOFF_BASE,
    LAYOFF_CODES,
    MELD_BASE,
    NUM_ACTIONS,
    PAIR_BASE,
    SWAP_BASE,
    SWAP_CODES,
    V_DISCARD,
    V_DRAW,
    V_LAYOFF,
    V_MELD,
    V_OPEN,
    V_PAIR,
    V_RETRACT,
    V_SWAP,
    V_TAKE,
    Okey101Action,
    Tiles,
    action_from_id,
    hand_pairs,
    hand_shapes,
    pair_tiles,
    parse_action,
    shape_of,
    shape_problem,
    shape_tiles,
    simple_id,
    tile_list,
)
from rummykit.variants.okey_101.rules import (
    HAND_SIZE,
    Direction,
    DiscardHistory,
    HandFinishDouble,
    LastPairsOpen,
    Okey101Rules,
    OnStockEmpty,
    TakeDiscard,
)
from rummykit.variants.okey_101.scoring import (
    VOID,
    Finish,
    Scored,
    fine_for,
    round_result,
    score_round,
    void_scored,
)
from rummykit.variants.okey_101.solver import Okey101Solver
from rummykit.variants.okey_101.state import Fine, FineKind, Okey101State, Opened, Phase
from rummykit.variants.okey_101.table import FACES, TableBook, meld_value

MESSAGES = _messages.MESSAGES
OKEY_OF = tuple(okey_face(f) for f in range(N_FACES))
"""The okey's face for each indicator face (never a false joker)."""
NAMES = tuple(format_face(Kind.TILES, f) for f in range(JOKER + 1))
"""Every face in notation."""
TAKES_KEPT = 4096
"""Answers of whether a taken tile can go on the table that the game keeps (cleared when full)."""
REACHES_KEPT = 4096
"""Racks whose best opening value, most pairs and hand finishes (:meth:`Okey101Game._reach`) the
game keeps (cleared when full): asked only after a retract."""

_DRAW_ACTION = Okey101Action(V_DRAW)
_RETRACT_ACTION = Okey101Action(V_RETRACT)
"""The turn timer's moves (:meth:`Okey101Game.timeout_action`)."""

Refusal = tuple[str, dict[str, Any]]
"""Why an action is refused: the code and params of the error to raise (made only when raised:
the listing asks too)."""

_DRAW, _PLAY, _OVER = Phase.DRAW, Phase.PLAY, Phase.OVER
_NONE, _MELDS, _PAIRS = Opened.NONE, Opened.MELDS, Opened.PAIRS
_SET, _RUN, _PAIR = MeldKind.SET, MeldKind.RUN, MeldKind.PAIR
"""Enum members as module names: the hot paths compare with these (a member read through its enum
class runs Python code)."""
_PHASE_TEXT = {p: p.value for p in Phase}
_OPENED_TEXT = {o: o.value for o in Opened}
_KIND_TEXT = {k: k.value for k in MeldKind}
"""Each member's text (a dictionary lookup, where ``.value`` is a Python-level property)."""


def name(face: int) -> str:
    """A face in notation."""
    return NAMES[face]


def meld_view(meld: TableMeld) -> dict[str, Any]:
    """A table meld as every seat sees it (JSON): ``number``, ``owner``, ``kind`` (``set``,
    ``run``, ``pair``), ``faces`` (as played), ``stands_for`` and ``value`` (the sum of the tiles
    they stand for)."""
    return {
        "number": meld.number,
        "owner": meld.owner,
        "kind": _KIND_TEXT[meld.kind],
        "faces": list(meld.meld.faces),
        "stands_for": list(meld.meld.stands_for),
        "value": meld_value(meld.meld),
    }


def _choose(hand: Sequence[int], face: int, prefer: Sequence[int]) -> tuple[int, int] | None:
    """Which tile of ``face`` leaves ``hand``: (where the first tile of that face is, the tile that
    leaves: the first of ``prefer``, tiles that must be used then tiles everyone knows are there,
    held with that face, else that first one); ``None`` when none is held. The hand's order of
    faces after :func:`_remove` depends on the faces alone, not on which copy is known."""
    at = next((i for i, p in enumerate(hand) if FACES[p] == face), None)
    if at is None:
        return None
    chosen = next((p for p in prefer if FACES[p] == face and p in hand), hand[at])
    return at, chosen


def _remove(hand: list[int], at: int, piece: int) -> None:
    """Take ``piece`` out of ``hand`` at position ``at`` (a tile of its face: the two trade
    places first, tiles of one face being alike)."""
    if hand[at] != piece:
        hand[hand.index(piece)] = hand[at]
    del hand[at]


@dataclass(slots=True)
class _Draft:
    """A copy of what a table play may change; committed only once the whole action is legal."""

    hand: list[int]
    table: list[TableMeld]
    opened: Opened
    pending: list[int]
    laid_off: bool
    layoffs: int
    freed: list[int]
    prefer: list[int]
    """The tiles played first for a face: those that must be used, then the known ones."""
    retracted: bool = False
    """Melds were taken back this turn (by this action or before)."""
    placed: list[int] = field(default_factory=list)
    """The tiles this action put on the table."""
    shown: list[int] = field(default_factory=list)
    """Tiles that went into the hand in view of all (freed okeys, melds taken back)."""
    events: list[Event] = field(default_factory=list)
    void: bool = False
    """The action voids the round (a last pairs opening with ``last_pairs_open=void``)."""
    given_back: int | None = None
    """The taken discard a retract puts back on its pile (the mover then draws from the stock)."""


class Okey101Game(PlannedGame[Okey101State, Okey101Action, _Draft, tuple[int, int]]):
    """101 Okey under ``rules``: states are whole matches (module docstring)."""

    variant = "okey_101"
    title = "101 Okey"
    kind = Kind.TILES
    state_type = Okey101State
    rules: Okey101Rules

    def __init__(self, rules: Okey101Rules) -> None:
        self.rules = rules
        self.players = rules.players
        self.pieces = OKEY_TILES
        self.num_actions = NUM_ACTIONS
        self.meld_rules = rules.meld_rules()
        self.top = self.meld_rules.top
        self.book = TableBook(self.meld_rules)
        self.solver = Okey101Solver(rules)
        self._step = 1 if rules.direction is Direction.CCW else -1
        self._whole_piles = rules.discard_history is DiscardHistory.VISIBLE
        self._use_now = rules.take_discard is TakeDiscard.USE_NOW
        self._actions: dict[tuple[int, int], Okey101Action] = {}
        self._well_formed: set[int] = set()
        """``id`` of every action in ``_actions`` (kept alive there): their shape is not checked."""
        self._takes: dict[tuple[object, ...], bool] = {}
        self._reaches: dict[tuple[bool, int | None, bytes], int] = {}
        """:meth:`_reach` by its question (pairs, the hand finish's floor) and the okey's face and
        the rack's sorted faces."""
        self._results = SharedViews(RoundResult.to_json)
        self._meld_views = SharedViews(meld_view)

    # ------------------------------------------------------------------ seats, tiles, the okey
    def next_seat(self, seat: int) -> int:
        """The seat after ``seat`` in playing direction (``ccw``: ``seat + 1``)."""
        return (seat + self._step) % self.players

    def previous_seat(self, seat: int) -> int:
        """The seat before ``seat`` in playing direction: whose discard ``seat`` may take."""
        return (seat - self._step) % self.players

    @staticmethod
    def okey(state: Okey101State) -> int:
        """The okey's face this round (the indicator's colour, one higher)."""
        return OKEY_OF[FACES[state.indicator]]

    def wilds(self, state: Okey101State) -> Wilds:
        """The round's wilds: the two okeys (a false joker stands for the okey's face)."""
        return self.book.wilds(self.okey(state))

    def must_place(self, state: Okey101State, seat: int) -> list[int]:
        """The tiles of ``seat``'s hand it must put on the table before discarding: the tile taken
        from the discard pile (``take_discard=use_now``) and okeys freed this turn
        (``swapped_okey_must_be_used``)."""
        if seat != state.turn:
            return []
        hand = state.hands[seat]
        out = [state.taken] if state.taken is not None and state.taken in hand else []
        return out + [p for p in state.freed if p in hand]

    def counted_rounds(self, state: Okey101State) -> int:
        """Rounds played that count toward ``rounds`` (void rounds are dealt again)."""
        return sum(1 for r in state.results if r.kind != VOID)

    # ------------------------------------------------------------------ the deal
    def new_state(self, seed: int) -> Okey101State:
        """A new match dealt from ``seed``: the first dealer drawn from it, then round 1."""
        state = Okey101State(
            seed=seed,
            round_no=0,
            dealer=round_rng(seed, 0, "first dealer").randrange(self.players),
            scores=[0] * self.players,
            results=[],
            indicator=0,
            hands=[],
            known=[],
            piles=[],
            stock=[],
            table=[],
            opened=[],
            turn=0,
            phase=_PLAY,
            pending=[],
            open_at_start=False,
            laid_off=False,
            layoffs=0,
            retracted=False,
            taken=None,
            freed=[],
            fines=[],
        )
        self._deal(state)
        return state

    def _deal(self, state: Okey101State) -> None:
        """Deal a round (``okey-101.md`` "Equipment, players, deal"): the indicator (the first
        tile that is not a false joker), 21 tiles each and 22 to the starter, the next after the
        dealer, who plays first without taking."""
        state.round_no += 1
        tiles = list(range(OKEY_TILES.size))
        round_rng(state.seed, state.round_no).shuffle(tiles)
        state.indicator = tiles.pop(next(i for i, t in enumerate(tiles) if FACES[t] != JOKER))
        starter = self.next_seat(state.dealer)
        state.hands = [[] for _ in range(self.players)]
        seat = starter
        for _ in range(self.players):
            state.hands[seat] = [tiles.pop() for _ in range(HAND_SIZE)]
            seat = self.next_seat(seat)
        state.hands[starter].append(tiles.pop())
        state.stock = tiles
        state.known = [[] for _ in range(self.players)]
        state.piles = [[] for _ in range(self.players)]
        state.table = []
        state.opened = [_NONE] * self.players
        state.fines = []
        state.turn = starter
        self._begin_turn(state, _PLAY)

    def _begin_turn(self, state: Okey101State, phase: Phase) -> None:
        state.phase = phase
        state.pending = []
        state.open_at_start = state.opened[state.turn] is not _NONE
        state.laid_off = False
        state.layoffs = 0
        state.retracted = False
        state.taken = None
        state.freed = []

    # ------------------------------------------------------------------ protocol
    def current_seat(self, state: Okey101State) -> int | None:
        """The seat to move, ``None`` once the match is over."""
        return None if state.phase is _OVER else state.turn

    def parse_action(self, text: str) -> Okey101Action:
        """The action written as ``text`` (:mod:`rummykit.variants.okey_101.actions`)."""
        return parse_action(text)

    def action_id(self, state: Okey101State, action: Okey101Action) -> int | None:
        """The id of ``action`` this round (an okey's face is the round's); ``None`` for ``open``,
        a shortcut, or tiles that make no meld."""
        if id(action) not in self._well_formed and shape_problem(action) is not None:
            return None
        okey = self.okey(state)
        if action.verb is not V_MELD:
            return simple_id(action, okey)
        tiles = action.melds[0]
        meld = self.book.check([f for f, _ in tiles], [d for _, d in tiles], False, okey)
        if isinstance(meld, MeldError):
            return None
        index = shape_of(meld, okey)
        return None if index is None else MELD_BASE + index

    def action_from_id(self, state: Okey101State, seat: int, action_id: int) -> Okey101Action:
        """The action with id ``action_id`` this round (made once per id and okey)."""
        self._check_id(action_id)
        return self._action(action_id, self.okey(state))

    def _action(self, number: int, okey: int) -> Okey101Action:
        key = (number, okey)
        action = self._actions.get(key)
        if action is None:
            action = self._actions[key] = action_from_id(number, okey)
            self._well_formed.add(id(action))
        return action

    def outcome(self, state: Okey101State) -> Outcome | None:
        """Final totals and winners (the lowest total; ties share) once the match is over."""
        if state.phase is not _OVER:
            return None
        best = min(state.scores)
        winners = tuple(s for s, v in enumerate(state.scores) if v == best)
        return Outcome(tuple(state.scores), winners, self.counted_rounds(state))

    def returns(self, state: Okey101State) -> list[float]:
        """``1 / len(winners)`` for each winner of the match, 0 for the others; zeros until the
        end."""
        result = self.outcome(state)
        out = [0.0] * self.players
        if result is not None:
            for seat in result.winners:
                out[seat] = 1 / len(result.winners)
        return out

    def piece_groups(self, state: Okey101State) -> Iterable[Sequence[int]]:
        """The stock, every hand and discard pile, every table meld and the indicator."""
        return [state.stock, *state.hands, *state.piles, *(m.pieces for m in state.table), [state.indicator]]

    # ------------------------------------------------------------------ the view
    def observe(self, state: Okey101State, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees (``None``: a spectator): the common keys of ``docs/engine.md`` plus
        ``rounds_played`` (rounds that count), ``indicator`` and ``okey`` (faces), ``discards`` (one
        pile per seat, bottom first; only each top with ``discard_history=top_only``) and
        ``pile_counts``, ``takeable`` (the previous player's discard while the mover may take, else
        null), ``table`` (each meld's ``number``, ``owner``, ``kind``, ``faces``, ``stands_for``,
        ``value``), ``opened`` per seat (``none``, ``melds``, ``pairs``), ``known`` (faces in order,
        as which copy of a face is known is no one's to tell), and the turn as all see it:
        ``pending`` (meld numbers toward an opening), ``open_at_start``, ``laid_off``, ``layoffs``,
        ``retracted`` (melds taken back this turn: a meld or pair goes down only while the opening
        stays in reach), ``taken`` (the face taken from the discard pile while it still must be used
        or is in a pending meld)
        and ``taken_meld`` (that meld's number, null while in the hand), ``must_place`` (faces to
        put on the table before discarding), ``freed`` (freed okeys still to be used), ``fines``
        (this round's: ``seat``, ``kind``, ``tile`` face, ``points``). Every hand is scored at a
        round's end, so ``last_result`` shows them all."""
        phase = state.phase
        turn = state.turn
        piles = state.piles
        shown = piles if self._whole_piles else [p[-1:] for p in piles]
        before = piles[self.previous_seat(turn)]
        must = self.must_place(state, turn) if phase is _PLAY else []
        indicator = FACES[state.indicator]
        return {
            "variant": self.variant,
            "seat": seat,
            "players": self.players,
            "round": state.round_no,
            "rounds_played": self.counted_rounds(state),
            "dealer": state.dealer,
            "to_move": None if phase is _OVER else turn,
            "phase": _PHASE_TEXT[phase],
            "scores": list(state.scores),
            "hand": [FACES[p] for p in state.hands[seat]] if seat is not None else [],
            "hand_counts": [len(h) for h in state.hands],
            "stock_count": len(state.stock),
            "known": [sorted(FACES[p] for p in k) for k in state.known],
            "last_result": self._results(state.results[-1]) if state.results else None,
            "indicator": indicator,
            "okey": OKEY_OF[indicator],
            "discards": [[FACES[p] for p in pile] for pile in shown],
            "pile_counts": [len(p) for p in piles],
            "takeable": FACES[before[-1]] if phase is _DRAW and before else None,
            "table": [self._meld_views(m) for m in state.table],
            "opened": [_OPENED_TEXT[o] for o in state.opened],
            "pending": list(state.pending),
            "open_at_start": state.open_at_start,
            "laid_off": state.laid_off,
            "layoffs": state.layoffs,
            "retracted": state.retracted,
            "taken": None if state.taken is None else FACES[state.taken],
            "taken_meld": self._taken_meld(state),
            "must_place": [FACES[p] for p in must],
            "freed": len([p for p in state.freed if p in state.hands[turn]]),
            "fines": [
                {"seat": f.seat, "kind": f.kind, "tile": f.face, "points": f.points} for f in state.fines
            ],
        }

    def seen_counts(self, public: dict[str, Any]) -> list[int]:
        """Per face, the copies the spectators' view shows: the indicator, the discard piles as
        everyone sees them (every discard, or only the tops with ``discard_history=top_only``),
        every meld on the table (an okey counted as the tile it is, not the one it stands for) and
        the tiles each seat is known to hold."""
        melds = (meld["faces"] for meld in public["table"])
        return face_counts(chain([public["indicator"]], *public["discards"], *melds, *public["known"]))

    @staticmethod
    def _taken_meld(state: Okey101State) -> int | None:
        """The number of the pending meld holding the taken tile (``None``: it is in the hand, or
        there is none)."""
        if state.taken is None:
            return None
        return next((m.number for m in state.table if state.taken in m.pieces), None)

    # ------------------------------------------------------------------ legality
    def timeout_action(
        self, state: Okey101State, seat: int, first: bool, drawn: int | None
    ) -> Okey101Action | None:
        """Draw at the start of the timed-out turn (never a take), then discard the tile the
        timeout drew, else the first legal discard (a turn that had drawn before the time ran
        out; pending melds that leave one tile: the hand finish), else ``retract``: the turn's
        pending melds come back and a taken discard goes back on its pile for a tile from the
        stock, so a timeout never lays a tile of the hand on the table. Only melds laid after the
        turn's retract, which can't come back (or a freed okey that must be used, under
        ``swapped_okey_must_be_used``), leave it the first legal action: a play toward the
        opening they keep in reach (one that puts the okey down)."""
        legal = self.legal_actions(state, seat)
        return first_wanted(
            legal,
            [
                _DRAW_ACTION if first else None,
                None if drawn is None else Okey101Action(V_DISCARD, face=drawn),
                next((a for a in legal if a.verb is V_DISCARD), None),
                _RETRACT_ACTION,
                _DRAW_ACTION,
            ],
            lambda action: action.verb is V_DISCARD,
        )

    def legal_actions(self, state: Okey101State, seat: int) -> list[Okey101Action]:
        """Every legal action of ``seat`` in id order, each once: draw, take, retract, discards,
        every single set or run and pair the hand can lay, every one-tile lay-off and okey swap.
        ``open`` and several tiles laid off at once are legal too but not listed."""
        okey = self.okey(state)
        return [self._action(i, okey) for i in self.legal_ids(state, seat)]

    def legal_ids(self, state: Okey101State, seat: int) -> list[int]:
        """The ids of :meth:`legal_actions`, ascending."""
        if state.phase is _OVER or seat != state.turn:
            return []
        if state.phase is _DRAW:
            ids = [0] if state.stock else []
            if self._take_refusal(state, seat) is None:
                ids.append(1)
            return ids
        hand = state.hands[seat]
        faces = [FACES[p] for p in hand]
        okey = self.okey(state)
        must = {FACES[p] for p in self.must_place(state, seat)}
        ids = [2] if self._retract_refusal(state) is None else []
        if not must and self._discard_refusal(state, seat) is None:
            ids += sorted({DISCARD_BASE + f for f in faces})
        opened = state.opened[seat]
        kind = self._pending_kind(state.table, state.pending)
        cap = len(hand) - 1
        new = []
        if opened is _MELDS or (opened is _NONE and kind is not _PAIR):
            for index in hand_shapes(faces, okey, cap, self.top):
                if not must or any(f in must for f, _ in shape_tiles(index, okey)):
                    new.append(MELD_BASE + index)
        if cap >= 2 and self._pair_refusal(state, seat, opened, kind) is None:
            for code in hand_pairs(faces, okey):
                if not must or any(f in must for f, _ in pair_tiles(code, okey)):
                    new.append(PAIR_BASE + code)
        if opened is _NONE and state.retracted:
            # after a retract a meld or pair goes down only while the turn can still end after it
            # (the plan says: _can_still_end; the whole rack's reach rules most out at once)
            melds_may, pairs_may = self._rack_may_still_end(state, faces)
            kept = []
            for i in new:
                action = self._action(i, okey)
                may = pairs_may if i >= PAIR_BASE else melds_may
                if (may or len(action.melds[0]) == cap) and self.is_legal(state, seat, action):
                    kept.append(i)
            new = kept
        ids += new
        if opened is not _NONE:
            ids += self._table_ids(state, seat, faces, okey, must)
        ids.sort()
        return ids

    def _table_ids(
        self, state: Okey101State, seat: int, faces: list[int], okey: int, must: set[int]
    ) -> list[int]:
        """The ids of the one-tile lay-offs and the okey swaps of an opened ``seat``."""
        held = set(faces)
        ids = []
        if len(faces) > 1 and self._layoff_room(state.opened[seat], state.layoffs) > 0:
            for meld in state.table:
                base = LAYOFF_BASE + (meld.number - 1) * LAYOFF_CODES
                for fit in self.book.fits(meld, okey):
                    face = fit.tile[0]
                    if face in held and (not must or face in must):
                        ids.append(base + fit.code)
        if self.rules.okey_swap:
            for meld in state.table:
                base = SWAP_BASE + (meld.number - 1) * SWAP_CODES
                for swap in self.book.swaps(meld, okey):
                    if swap.face in held and (not must or swap.face in must):
                        if self.rules.swapped_okey_must_be_used and not self.is_legal(
                            state, seat, self._action(base + swap.face, okey)
                        ):
                            continue
                        ids.append(base + swap.face)
        return ids

    def _layoff_room(self, opened: Opened, layoffs: int) -> int:
        """How many more tiles a seat that opened as ``opened`` may lay off this turn."""
        limit = self.rules.pair_layoff_limit
        if opened is _PAIRS and limit is not None:
            return limit - layoffs
        return N_FACES

    @staticmethod
    def _pending_kind(table: Sequence[TableMeld], pending: Sequence[int]) -> MeldKind | None:
        """``PAIR`` when the pending melds are pairs, ``SET`` for sets and runs, ``None`` when
        none is pending."""
        if not pending:
            return None
        return _PAIR if table[pending[0] - 1].kind is _PAIR else _SET

    def _pair_refusal(
        self, state: Okey101State, seat: int, opened: Opened, kind: MeldKind | None
    ) -> Refusal | None:
        """Why ``seat``, having opened as ``opened`` (pending melds of ``kind``), may lay no new
        pair (``None``: it may)."""
        if opened is _PAIRS:
            return None
        if opened is _MELDS:
            if self.rules.meld_openers_add_pairs and _PAIRS in state.opened:
                return None
            return ("okey_101.meld_opener_no_pairs", {})
        if self.rules.pairs_open_min <= 0:
            return ("okey_101.pairs_off", {})
        if kind is _SET:
            return ("okey_101.one_kind", {})
        if self.rules.last_pairs_open is LastPairsOpen.FORBID and self._others_paired(state, seat):
            return ("okey_101.last_pairs", {})
        return None

    def _others_paired(self, state: Okey101State, seat: int) -> bool:
        """Whether every seat but ``seat`` has opened with pairs."""
        return all(o is _PAIRS for s, o in enumerate(state.opened) if s != seat)

    def _discard_refusal(self, state: Okey101State, seat: int) -> Refusal | None:
        """Why ``seat`` may discard nothing now (``None``: any held tile), beyond what must be
        used: pending melds that don't open and leave more than one tile (a hand finish), or
        melds under ``hand_finish_min``."""
        if self.must_place(state, seat):
            tiles = [name(FACES[p]) for p in self.must_place(state, seat)]
            return ("okey_101.use_first", {"tiles": tiles})
        return self._short_of_opening(state.table, state.pending, len(state.hands[seat]))

    def _short_of_opening(
        self, table: Sequence[TableMeld], pending: Sequence[int], left: int
    ) -> Refusal | None:
        """Why the ``pending`` melds of ``table`` (numbers), with ``left`` tiles in hand, keep the
        turn from ending (``None``: none is pending, or they make a hand finish: one tile left, sets
        and runs worth ``hand_finish_min`` or more)."""
        if not pending:
            return None
        if left != 1 or self._pending_kind(table, pending) is _PAIR:
            return ("okey_101.under_opening", {})
        value = sum(meld_value(table[n - 1].meld) for n in pending)
        if value < self.rules.hand_finish_min:
            return ("okey_101.hand_finish_short", {"minimum": self.rules.hand_finish_min})
        return None

    def _retract_refusal(self, state: Okey101State) -> Refusal | None:
        """Why the mover may not retract now (``None``: it may): nothing pending and no taken
        discard to give back (one not on the table yet), a retract already this turn, or a taken
        discard to give back with no stock to draw from instead."""
        if not state.pending and state.taken is None:
            return ("okey_101.nothing_to_retract", {})
        if state.retracted:
            return ("okey_101.retract_once", {})
        if state.taken is not None and not state.stock:
            return ("okey_101.stock_empty", {})
        return None

    def _take_refusal(self, state: Okey101State, seat: int) -> Refusal | None:
        """Why ``seat`` may not take the previous player's discard (``None``: it may)."""
        pile = state.piles[self.previous_seat(seat)]
        if not pile:
            return ("okey_101.nothing_to_take", {})
        if not self._use_now:
            return None
        face = FACES[pile[-1]]
        faces = [FACES[p] for p in state.hands[seat]]
        faces.append(face)
        opened = state.opened[seat]
        key = (
            tuple(sorted(faces)),
            face,
            opened,
            tuple(state.table),
            self.okey(state),
            _PAIRS in state.opened,
            self._others_paired(state, seat),
        )
        usable = self._takes.get(key)
        if usable is None:
            if opened is _NONE:
                usable = self._opens_with(state, seat, faces, face)
            else:
                usable = self._placeable(state, faces, face, state.table, opened, 0)
            keep(self._takes, key, usable, TAKES_KEPT)
        return None if usable else ("okey_101.take_unusable", {"tile": name(face)})

    def _opens_with(self, state: Okey101State, seat: int, faces: list[int], face: int) -> bool:
        """Whether an opening (sets and runs, pairs, or a hand finish) of ``faces`` holds a tile of
        ``face``: what a player who has not opened may take a discard for."""
        wilds = self.wilds(state)
        solver = self.solver
        if solver.opening_reaches(faces, wilds, face):
            return True
        if self._pair_refusal(state, seat, _NONE, None) is None and solver.pairs_reach(faces, wilds, face):
            return True
        return solver.hand_finish(faces, wilds, face, self.rules.hand_finish_min) is not None

    def _placeable(
        self,
        state: Okey101State,
        faces: list[int],
        face: int,
        table: Sequence[TableMeld],
        opened: Opened,
        layoffs: int,
    ) -> bool:
        """Whether a player who opened as ``opened``, holding ``faces`` (``face`` among them), with
        ``layoffs`` tiles laid off this turn, can put a tile of ``face`` on ``table`` now: a
        lay-off, a new meld or pair, or an okey swap (whose okey, when it must be used, can be
        put on the table in turn)."""
        if len(faces) < 2:
            return False
        okey = self.okey(state)
        book = self.book
        if self._layoff_room(opened, layoffs) > 0 and any(
            fit.tile[0] == face for meld in table for fit in book.fits(meld, okey)
        ):
            return True
        if opened is _MELDS and any(
            face in (f for f, _ in shape_tiles(i, okey))
            for i in hand_shapes(faces, okey, len(faces) - 1, self.top)
        ):
            return True
        paired = opened is _PAIRS or (self.rules.meld_openers_add_pairs and _PAIRS in state.opened)
        if (
            paired
            and len(faces) > 2
            and any(face in (f for f, _ in pair_tiles(c, okey)) for c in hand_pairs(faces, okey))
        ):
            return True
        if not self.rules.okey_swap or face == okey:
            return False
        for at, meld in enumerate(table):
            swap = next((s for s in book.swaps(meld, okey) if s.face == face), None)
            if swap is None:
                continue
            if not self.rules.swapped_okey_must_be_used:
                return True
            swapped = self._swapped(meld, swap.index, _free_piece(face), okey)
            assert not isinstance(swapped, MeldError)
            after = [*table[:at], swapped, *table[at + 1 :]]
            rest = list(faces)
            rest.remove(face)
            if self._placeable(state, [*rest, okey], okey, after, opened, layoffs):
                return True
        return False

    # ------------------------------------------------------------------ planning an action
    def _is_discard(self, action: Okey101Action) -> bool:
        return action.verb is V_DISCARD

    def _shape_problem(self, action: object) -> str | None:
        return shape_problem(action)

    def _plan(self, state: Okey101State, seat: int, action: Okey101Action) -> _Draft | None:
        """Check ``action`` (not a discard) in full on a draft; raise :class:`IllegalActionError`
        if illegal. Returns the draft to commit (``None`` for draw and take)."""
        verb = action.verb
        if verb is V_DRAW or verb is V_TAKE:
            if state.phase is not _DRAW:
                raise IllegalActionError("okey_101.no_take_now")
            if verb is V_DRAW and not state.stock:
                raise IllegalActionError("okey_101.stock_empty")
            if verb is V_TAKE:
                refusal = self._take_refusal(state, seat)
                if refusal is not None:
                    raise IllegalActionError(refusal[0], **refusal[1])
            return None
        if state.phase is _DRAW:
            raise IllegalActionError("okey_101.draw_first")
        must = self.must_place(state, seat)
        draft = _Draft(
            hand=list(state.hands[seat]),
            table=list(state.table),
            opened=state.opened[seat],
            pending=list(state.pending),
            laid_off=state.laid_off,
            layoffs=state.layoffs,
            freed=list(state.freed),
            prefer=must + state.known[seat],
            retracted=state.retracted,
        )
        if verb is V_OPEN:
            self._plan_open(state, seat, draft, action)
        elif verb is V_MELD or verb is V_PAIR:
            self._plan_new(state, seat, draft, action.melds[0], verb is V_PAIR)
            if state.retracted and not self._can_still_end(state, draft):
                raise IllegalActionError(
                    "okey_101.retracted_out_of_reach",
                    open_min=self.rules.open_min,
                    pairs_min=self.rules.pairs_open_min,
                )
        elif verb is V_LAYOFF:
            self._plan_layoff(draft, seat, action, self.okey(state))
        elif verb is V_SWAP:
            self._plan_swap(state, seat, draft, action, must)
        else:
            self._plan_retract(state, draft, seat)
        if must and verb is not V_RETRACT and not set(must) & set(draft.placed):
            raise IllegalActionError("okey_101.use_first", tiles=[name(FACES[p]) for p in must])
        return draft

    def _can_still_end(self, state: Okey101State, draft: _Draft) -> bool:
        """Whether the turn, a meld or pair just laid on ``draft`` after its retract (no retract
        left), can still end: it opened, or its pending melds end it now (a hand
        finish), or the rest of the hand can still bring them to the opening: pairs that the most
        pairs kept (one tile out) bring to ``pairs_open_min``, sets and runs that the best opening
        left (:meth:`Okey101Solver.best_opening`, okeys as the tiles they stand for) brings to
        ``open_min``, or a hand finish of the rest worth ``hand_finish_min`` with them."""
        if draft.opened is not _NONE:
            return True
        if self._short_of_opening(draft.table, draft.pending, len(draft.hand)) is None:
            return True
        faces = [FACES[p] for p in draft.hand]
        pending = [draft.table[n - 1] for n in draft.pending]
        if pending[0].kind is _PAIR:
            return self._pairs_in_reach(state, faces, len(pending))
        return self._melds_in_reach(state, faces, sum(meld_value(m.meld) for m in pending))

    def _pairs_in_reach(self, state: Okey101State, faces: list[int], laid: int) -> bool:
        """Whether the most pairs of the rack ``faces`` (one tile kept) bring ``laid`` pairs to
        ``pairs_open_min``."""
        return laid + self._reach(state, faces, pairs=True) >= self.rules.pairs_open_min

    def _melds_in_reach(self, state: Okey101State, faces: list[int], laid: int) -> bool:
        """Whether the best opening of the rack ``faces`` brings melds worth ``laid`` to
        ``open_min``, or a hand finish of it worth ``hand_finish_min`` with them."""
        return self._reach(state, faces) >= self.rules.open_min - laid or bool(
            self._reach(state, faces, floor=self.rules.hand_finish_min - laid)
        )

    def _rack_may_still_end(self, state: Okey101State, faces: list[int]) -> tuple[bool, bool]:
        """Whether a meld, and whether a pair, laid after the mover's retract may still let the turn
        end, judged from the whole rack ``faces`` (one answer of the solver for every candidate):
        :meth:`_can_still_end` asks of the rack left after the candidate what the whole rack bounds.
        A meld ``M`` and the best opening of the rest are an opening of the rack (a tile kept), so
        ``value(M) + best(rest) <= best(rack)``; so are ``M`` and a hand finish of the rest, and a
        pair and the most pairs of the rest. A candidate that leaves one tile (a hand finish of
        its own) is not judged here."""
        pending = [state.table[n - 1] for n in state.pending]
        if pending and pending[0].kind is _PAIR:
            return False, self._pairs_in_reach(state, faces, len(pending))
        melds = self._melds_in_reach(state, faces, sum(meld_value(m.meld) for m in pending))
        return melds, not pending and self._pairs_in_reach(state, faces, 0)

    def _reach(
        self, state: Okey101State, faces: list[int], pairs: bool = False, floor: int | None = None
    ) -> int:
        """What the rack ``faces`` can still lay toward the opening, kept per rack: with ``pairs``
        the most pairs (one tile kept); with a ``floor``, whether (1) or not (0) it makes a hand
        finish worth ``floor`` or more; else the best opening's value."""
        okey = self.okey(state)
        key = (pairs, floor, bytes([okey, *sorted(faces)]))
        found = self._reaches.get(key)
        if found is None:
            wilds, solver = self.wilds(state), self.solver
            if pairs:
                found = len(solver.most_pairs(faces, wilds))
            elif floor is not None:
                found = int(solver.hand_finish(faces, wilds, minimum=floor) is not None)
            else:
                found = solver.best_opening(faces, wilds).value
            keep(self._reaches, key, found, REACHES_KEPT)
        return found

    def _take_tiles(self, draft: _Draft, tiles: Tiles, keep_one: bool = True) -> list[Declared]:
        """Tile ids for ``tiles`` out of the draft hand (raises if one isn't held, or, with
        ``keep_one``, if no tile would be left for the discard)."""
        out: list[Declared] = []
        for face, declared in tiles:
            chosen = _choose(draft.hand, face, draft.prefer)
            if chosen is None:
                raise IllegalActionError("okey_101.not_held", tile=name(face))
            at, piece = chosen
            _remove(draft.hand, at, piece)
            out.append((piece, declared))
        if keep_one and not draft.hand:
            raise IllegalActionError("okey_101.keep_one")
        draft.placed += [p for p, _ in out]
        return out

    def _plan_open(self, state: Okey101State, seat: int, draft: _Draft, action: Okey101Action) -> None:
        if draft.opened is not _NONE:
            raise IllegalActionError("okey_101.opened_already")
        for tiles in action.melds:
            self._plan_new(state, seat, draft, tiles, len(tiles) == 2)
        if draft.opened is not _NONE:
            return
        if self._short_of_opening(draft.table, draft.pending, len(draft.hand)) is not None:
            raise IllegalActionError(
                "okey_101.open_short", open_min=self.rules.open_min, pairs_min=self.rules.pairs_open_min
            )

    def _plan_new(self, state: Okey101State, seat: int, draft: _Draft, tiles: Tiles, pair: bool) -> None:
        """Lay one new set or run (or, with ``pair``, a pair) from the draft hand; toward the
        opening for a player who has not opened."""
        opened = draft.opened
        kind = self._pending_kind(draft.table, draft.pending)
        if pair:
            refusal = self._pair_refusal(state, seat, opened, kind)
            if refusal is not None:
                raise IllegalActionError(refusal[0], **refusal[1])
        elif opened is _PAIRS:
            raise IllegalActionError("okey_101.pair_opener_no_melds")
        elif kind is _PAIR:
            raise IllegalActionError("okey_101.one_kind")
        played = self._take_tiles(draft, tiles)
        number = len(draft.table) + 1
        made = self.book.table_meld(number, seat, played, pair, self.okey(state))
        if isinstance(made, MeldError):
            raise IllegalActionError("okey_101.not_a_meld", reason=message_of(made))
        draft.table.append(made)
        code = "okey_101.pair" if pair else "okey_101.meld"
        draft.events.append(Event(code, seat, {"number": number, "tiles": tile_list(tiles)}))
        if opened is _NONE:
            draft.pending.append(number)
            self._check_opening(state, seat, draft)

    def _check_opening(self, state: Okey101State, seat: int, draft: _Draft) -> None:
        """Open ``seat`` when its pending melds reach ``open_min`` or its pending pairs
        ``pairs_open_min``; a last pairs opening voids the round with ``last_pairs_open=void``."""
        pending = [draft.table[n - 1] for n in draft.pending]
        if pending[0].kind is _PAIR:
            if len(pending) < self.rules.pairs_open_min:
                return
            draft.opened = _PAIRS
            draft.events.append(Event("okey_101.opens_pairs", seat, {"count": len(pending)}))
            draft.void = self.rules.last_pairs_open is LastPairsOpen.VOID and self._others_paired(state, seat)
        else:
            value = sum(meld_value(m.meld) for m in pending)
            if value < self.rules.open_min:
                return
            draft.opened = _MELDS
            draft.events.append(Event("okey_101.opens_melds", seat, {"value": value}))
        draft.pending = []

    @staticmethod
    def _meld(table: Sequence[TableMeld], number: int | None) -> TableMeld:
        if number is None or not 1 <= number <= len(table):
            raise IllegalActionError("okey_101.no_meld", number=number)
        return table[number - 1]

    def _plan_layoff(self, draft: _Draft, seat: int, action: Okey101Action, okey: int) -> None:
        if draft.opened is _NONE:
            raise IllegalActionError("okey_101.layoff_unopened")
        meld = self._meld(draft.table, action.target)
        if meld.kind is _PAIR:
            raise IllegalActionError("okey_101.pair_no_layoff", number=meld.number)
        room = self._layoff_room(draft.opened, draft.layoffs)
        if len(action.tiles) > room:
            raise IllegalActionError("okey_101.layoff_limit", limit=self.rules.pair_layoff_limit)
        if meld.kind is _RUN and any(f == okey and d is None for f, d in action.tiles):
            example = next((f.tile for f in self.book.fits(meld, okey) if f.tile[1] is not None), None)
            shown = format_declared(Kind.TILES, *example) if example else f"{name(okey)}[...]"
            raise IllegalActionError("okey_101.declare_okey", number=meld.number, example=shown)
        played = self._take_tiles(draft, action.tiles)
        grown = self.book.extended(meld, played, okey)
        if isinstance(grown, MeldError):
            raise IllegalActionError("okey_101.not_a_meld", reason=message_of(grown))
        draft.table[meld.number - 1] = grown
        draft.laid_off = True
        draft.layoffs += len(played)
        draft.events.append(
            Event("okey_101.layoff", seat, {"number": meld.number, "tiles": tile_list(action.tiles)})
        )

    def _swapped(self, meld: TableMeld, index: int, piece: int, okey: int) -> TableMeld | MeldError:
        """``meld`` with tile ``piece`` in place of its okey at ``index`` (or the
        :class:`MeldError` saying why that is no meld)."""
        kept = self.book.kept(meld, okey)
        kept[index] = (piece, None)
        return self.book.table_meld(meld.number, meld.owner, kept, meld.kind is _PAIR, okey)

    def _plan_swap(
        self, state: Okey101State, seat: int, draft: _Draft, action: Okey101Action, must: list[int]
    ) -> None:
        if not self.rules.okey_swap:
            raise IllegalActionError("okey_101.swap_off")
        if draft.opened is _NONE:
            raise IllegalActionError("okey_101.layoff_unopened")
        okey = self.okey(state)
        meld = self._meld(draft.table, action.target)
        face, declared = action.tiles[0]
        if face == okey:
            raise IllegalActionError("okey_101.swap_okey")
        swap = next((s for s in self.book.swaps(meld, okey) if s.face == face), None)
        if swap is None or declared is not None:
            text = format_declared(Kind.TILES, face, declared)
            raise IllegalActionError("okey_101.no_okey_for", number=meld.number, tile=text)
        (piece, _), *_ = self._take_tiles(draft, action.tiles, keep_one=False)
        if must and piece not in must:
            raise IllegalActionError("okey_101.use_first", tiles=[name(FACES[p]) for p in must])
        freed = meld.pieces[swap.index]
        swapped = self._swapped(meld, swap.index, piece, okey)
        if isinstance(swapped, MeldError):
            raise IllegalActionError("okey_101.not_a_meld", reason=message_of(swapped))
        draft.table[meld.number - 1] = swapped
        draft.hand.append(freed)
        draft.shown.append(freed)
        draft.laid_off = True
        draft.events.append(Event("okey_101.swap", seat, {"number": meld.number, "tile": name(face)}))
        if self.rules.swapped_okey_must_be_used:
            draft.freed.append(freed)
            faces = [FACES[p] for p in draft.hand]
            if not self._placeable(state, faces, okey, draft.table, draft.opened, draft.layoffs):
                raise IllegalActionError("okey_101.swap_stuck")

    def _plan_retract(self, state: Okey101State, draft: _Draft, seat: int) -> None:
        """Take the pending melds back into the draft hand, once a turn; a taken discard is given
        back, whether in a pending meld or still in the hand (nothing laid yet this turn: the
        retract is then its give-back alone), and :meth:`_commit` puts it on its pile and draws
        from the stock instead."""
        refusal = self._retract_refusal(state)
        if refusal is not None:
            raise IllegalActionError(refusal[0], **refusal[1])
        count = len(draft.pending)
        if count:
            for meld in draft.table[-count:]:
                draft.hand += meld.pieces
                draft.shown += meld.pieces
            del draft.table[-count:]
            draft.events.append(Event("okey_101.retract", seat))
        draft.pending = []
        draft.retracted = True
        if state.taken is not None:
            # the first tile of its face trades places with it: the hand's faces keep an order
            # that the faces alone decide (which copy was taken is no one's to tell)
            face = FACES[state.taken]
            _remove(draft.hand, next(i for i, p in enumerate(draft.hand) if FACES[p] == face), state.taken)
            draft.given_back = state.taken
            draft.events.append(Event("okey_101.give_back", seat, {"tile": name(FACES[state.taken])}))

    def _discard_plan(self, state: Okey101State, seat: int, action: Okey101Action) -> tuple[int, int]:
        """Check the discard ``action`` of ``seat``; returns where the tile is and which one
        (:func:`_choose`)."""
        if state.phase is _DRAW:
            raise IllegalActionError("okey_101.draw_first")
        assert action.face is not None
        chosen = _choose(state.hands[seat], action.face, state.known[seat])
        if chosen is None:
            raise IllegalActionError("okey_101.not_held", tile=name(action.face))
        refusal = self._discard_refusal(state, seat)
        if refusal is not None:
            raise IllegalActionError(refusal[0], **refusal[1])
        return chosen

    # ------------------------------------------------------------------ applying
    def _commit(
        self, state: Okey101State, seat: int, action: Okey101Action, draft: _Draft | None
    ) -> list[Event]:
        if draft is None:
            state.phase = _PLAY
            if action.verb is V_DRAW:
                piece = state.stock.pop()
                state.hands[seat].append(piece)
                return [Event("okey_101.draw", seat, {}, {"tile": name(FACES[piece])})]
            piece = state.piles[self.previous_seat(seat)].pop()
            state.hands[seat].append(piece)
            state.known[seat].append(piece)
            if self._use_now:
                state.taken = piece
            return [Event("okey_101.take", seat, {"tile": name(FACES[piece])})]
        state.hands[seat] = draft.hand
        held = set(draft.hand)
        state.known[seat] = [p for p in state.known[seat] + draft.shown if p in held]
        state.table = draft.table
        state.opened[seat] = draft.opened
        state.pending = draft.pending
        state.laid_off = draft.laid_off
        state.layoffs = draft.layoffs
        state.retracted = draft.retracted
        state.freed = [p for p in draft.freed if p in held]
        if state.taken is not None and state.taken not in held:
            pending = {p for n in state.pending for p in state.table[n - 1].pieces}
            if state.taken not in pending:
                state.taken = None  # on the table for good, or given back
        if draft.given_back is not None:
            state.piles[self.previous_seat(seat)].append(draft.given_back)
            piece = state.stock.pop()
            draft.hand.append(piece)
            draft.events.append(Event("okey_101.draw", seat, {}, {"tile": name(FACES[piece])}))
        if draft.void:
            return draft.events + self._void_round(state, seat)
        return draft.events

    def _discard(self, state: Okey101State, seat: int, plan: tuple[int, int]) -> list[Event]:
        at, piece = plan
        hand = state.hands[seat]
        _remove(hand, at, piece)
        state.known[seat] = [p for p in state.known[seat] if p != piece]
        state.piles[seat].append(piece)
        face = FACES[piece]
        events = [Event("okey_101.discard", seat, {"tile": name(face)})]
        if not hand:
            return events + self._finish(state, seat, face)
        okey = self.okey(state)
        fined = face == okey or (
            self.rules.playable_discard_penalty > 0 and face in self.book.islek(state.table, okey)
        )
        fine = fine_for(self.rules, seat, face, okey) if fined else None
        if fine is not None and fine.points:
            state.fines.append(fine)
            state.scores[seat] += fine.points
            code = "okey_101.fined_okey" if fine.kind is FineKind.OKEY else "okey_101.fined_playable"
            events.append(Event(code, seat, {"tile": name(face), "points": fine.points}))
        if not state.stock:
            if self.rules.on_stock_empty is OnStockEmpty.VOID:
                return events + self._void_round(state, None)
            return events + self._score(state, None, None)
        state.turn = self.next_seat(seat)
        self._begin_turn(state, _DRAW)
        return events

    def _finish(self, state: Okey101State, seat: int, face: int) -> list[Event]:
        """``seat`` discarded its last tile, ``face``: score the finish."""
        others_opened = any(o is not _NONE for s, o in enumerate(state.opened) if s != seat)
        hand = not state.open_at_start and not state.laid_off
        if self.rules.hand_finish_double is HandFinishDouble.NOBODY_OPENED and others_opened:
            hand = False
        finish = Finish(seat, face == self.okey(state), state.opened[seat] is _PAIRS, hand)
        return self._score(state, finish, face)

    def _score(self, state: Okey101State, finish: Finish | None, discard: int | None) -> list[Event]:
        okey = self.okey(state)
        hands = [[FACES[p] for p in h] for h in state.hands]
        scored = score_round(self.rules, hands, state.opened, okey, finish, state.fines)
        fined = [0] * self.players
        for fine in state.fines:
            fined[fine.seat] += fine.points
        for seat, delta in enumerate(scored.deltas):
            state.scores[seat] += delta - fined[seat]
        winner = None if finish is None else finish.seat
        return self._end_round(state, winner, scored, discard)

    def _void_round(self, state: Okey101State, paired: int | None) -> list[Event]:
        """End the round with no score (its fines given back): seat ``paired``'s last pairs
        opening, or (``None``) the stock ran out; it is dealt again by the same dealer."""
        for fine in state.fines:
            state.scores[fine.seat] -= fine.points
        return self._end_round(state, None, void_scored(self.players, paired), None)

    def _end_round(
        self, state: Okey101State, winner: int | None, scored: Scored, discard: int | None
    ) -> list[Event]:
        hands = [[FACES[p] for p in h] for h in state.hands]
        result = round_result(state.round_no, winner, scored, hands, self.okey(state), discard)
        state.results.append(result)
        events = [
            Event(
                "okey_101.round_end", winner, {"headline": scored.notes[0], "result": self._results(result)}
            )
        ]
        if self.counted_rounds(state) >= self.rules.rounds:
            state.phase = _OVER
            return [*events, Event("match_over")]
        if scored.kind != VOID:
            state.dealer = self.next_seat(state.dealer)
        self._deal(state)
        return events

    # ------------------------------------------------------------------ search
    def resample(self, state: Okey101State, seat: int, rng: random.Random) -> Okey101State:
        """A copy with the stock and the other hands' unknown tiles re-dealt (module docstring),
        and a new seed."""
        new = state.clone()
        if state.phase is not _OVER:
            others = [s for s in range(self.players) if s != seat]
            hidden = {s: [p for p in new.hands[s] if p not in new.known[s]] for s in others}
            pool = list(new.stock) + [p for s in others for p in hidden[s]]
            rng.shuffle(pool)
            for s in others:
                new.hands[s] = [p if p in new.known[s] else pool.pop() for p in new.hands[s]]
            new.stock = pool
        new.seed = fresh_seed(rng)
        return new

    def determinise(self, observation: dict[str, Any], rng: random.Random) -> Okey101State:
        """A state ``observation``'s seat can't tell from the true one: the indicator, the table,
        the discard piles (their buried tiles dealt at random when only tops are shown), its hand
        and every hand's known tiles as it sees them, the rest dealt from ``rng``, a new seed.
        ``observe(result, seat) == observation``. What the observation lacks: rounds before the
        last are void results (the scores are the observation's), the tiles taken or freed this
        turn are the known ones of their faces. Raises ``ValueError`` for a spectator's
        observation, one of another game or table size, or one whose tiles don't add up."""
        seat = observer(self, observation)
        pool = FacePool(OKEY_TILES)
        (indicator,) = pool.take([observation["indicator"]])
        okey = OKEY_OF[observation["indicator"]]
        table = self.book.view_melds(observation["table"], okey, pool.take)
        tops = observation["discards"]
        piles = [pool.take(p) for p in tops]
        hand = pool.take(observation["hand"])
        known = [
            pick(hand, FACES.__getitem__, k) if s == seat else pool.take(k)
            for s, k in enumerate(observation["known"])
        ]
        hands = [hand if s == seat else list(k) for s, k in enumerate(known)]
        buried: list[list[int]] = [[] for _ in piles]
        counts = [c - len(t) for c, t in zip(observation["pile_counts"], tops, strict=True)]
        dealt = pool.deal(
            [*hands, *buried], [*observation["hand_counts"], *counts], observation["stock_count"], rng
        )
        piles = [b + p for b, p in zip(buried, piles, strict=True)]
        to_move = observation["to_move"]
        turn = seat if to_move is None else to_move
        mover_known = known[turn]
        prefer = [*mover_known, *hands[turn]]
        taken = None
        if observation["taken"] is not None:
            face, number = observation["taken"], observation["taken_meld"]
            among = prefer if number is None else list(table[number - 1].pieces)
            taken = next(p for p in among if FACES[p] == face)
        freed = [p for p in mover_known if FACES[p] == okey and p != taken][: observation["freed"]]
        return Okey101State(
            seed=fresh_seed(rng),
            round_no=observation["round"],
            dealer=observation["dealer"],
            scores=list(observation["scores"]),
            results=self._past_results(observation),
            indicator=indicator,
            hands=hands,
            known=known,
            piles=piles,
            stock=dealt,
            table=table,
            opened=[Opened(o) for o in observation["opened"]],
            turn=turn,
            phase=Phase(observation["phase"]),
            pending=list(observation["pending"]),
            open_at_start=observation["open_at_start"],
            laid_off=observation["laid_off"],
            layoffs=observation["layoffs"],
            retracted=observation["retracted"],
            taken=taken,
            freed=freed,
            fines=[Fine(f["seat"], f["kind"], f["tile"], f["points"]) for f in observation["fines"]],
        )

    @staticmethod
    def _past_results(observation: Mapping[str, Any]) -> list[RoundResult]:
        """The rounds before this one as an observation shows them: the last result as it is, and
        before it as many rounds that count as ``rounds_played`` says (no score change, kind
        ``past``), the rest void."""
        results = past_results(observation["last_result"])
        counted = observation["rounds_played"] - sum(1 for r in results[-1:] if r.kind != VOID)
        return [
            RoundResult(r.round_no, None, "past", r.deltas, ()) if at < counted else r
            for at, r in enumerate(results[:-1])
        ] + results[-1:]

    # ------------------------------------------------------------------ position text
    def position(self, state: Okey101State) -> str:
        """The whole state as one line (:mod:`rummykit.variants.okey_101.position`)."""
        return _position.write_position(self, state)

    def from_position(self, text: str) -> Okey101State:
        """The state written as ``text``; raises :class:`NotationError`."""
        return _position.read_position(self, text)


def _free_piece(face: int) -> int:
    """A tile id of ``face`` standing for the one a swap would play (only its face is read)."""
    return OKEY_TILES.piece(face, 0)
