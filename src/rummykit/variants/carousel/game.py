"""The Carousel match (``carousel.md``): draw up to three, meld by rearranging the table, knock at
5 or less, go out, the stock's last turns, and scores to 150.

:class:`CarouselGame` is the immutable game over a :class:`CarouselState`; it owns the table
solver (exact), which answers one question: can the mover meld at all now? A meld is built on the
draft with atomic edits and committed, or handed in whole (the ``meld`` shortcut); either way the
new table is checked in full (:func:`check_move`) before anything changes. Actions, their text
and the integer ids are in :mod:`rummykit.variants.carousel.actions`; the position text in
:mod:`rummykit.variants.carousel.position`.

When melding is allowed (after a draw, or with no draw left) and a legal new table exists (the
solver plays a card), the mover may edit the draft (``draft`` sets it whole, one edit); ``draw``,
``knock`` and ``end`` wait until the draft is back to the table as it is (``reset``, or ``undo`` to
the start). After each draw the draft takes at most ``T + H + 4`` edits, or ``2 T + H + 4`` when
``2 T + H > 120`` (:meth:`CarouselGame.edit_budget`; ``T`` cards on the table, ``H`` cards in the
mover's hand: what a player can count, so the limit tells nothing of what can be played); undo and
reset count, and ``reset`` stays allowed, so every turn ends. Every legal new table is reachable
within that budget and the limit of :data:`~rummykit.variants.carousel.actions.MAX_MELDS` melds:
say it plays ``M <= H`` hand cards; replace each joker to be freed (one edit each, at most two);
then move each table card that changes meld straight to its new meld (``move … new`` starts one),
add the hand cards and place the freed jokers (at most ``T + M + 2``). Old and new melds together
number at most ``T/3 + (T + M)/3 <= 40`` when ``2 T + H <= 120``;
otherwise first move every card into meld 1 (``T - 1`` more edits) and build the new melds out of
it, with never more than 36 melds. Under ``must_meld_if_able`` a mover who can meld must, until the
edits run out.

The engine ends a turn by itself when ending it is the only thing left to do (event
``carousel.turn_ended_auto``, or ``carousel.turn_skipped`` when the seat could do nothing at all
in its last turn).

``returns(state)``: all zeros until the match is over; then each of the ``k`` winners (highest
total, ties share) gets ``1 / k`` and every other seat ``-1 / (players - k)`` (zero-sum; all
zeros if every seat wins).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from operator import itemgetter
from typing import Any

from rummykit.core.melds import CARD_JOKERS
from rummykit.core.pieces import JOKER, Kind, PieceSet, card_set
from rummykit.engine.determinise import observer, past_results, table_from_views
from rummykit.engine.events import Event
from rummykit.engine.game import (
    Game,
    Outcome,
    RoundResult,
    SharedViews,
    first_wanted,
    fresh_seed,
    highest_wins,
    round_rng,
)
from rummykit.engine.piece_pool import FacePool
from rummykit.engine.table import Declared, TableMeld, table_meld
from rummykit.errors import IllegalActionError
from rummykit.memo import keep
from rummykit.solvers.rearrange import TableSolver
from rummykit.solvers.table_dp import SearchLimitError
from rummykit.variants.carousel import messages
from rummykit.variants.carousel.actions import (
    DRAFT_VERBS,
    MAX_MELDS,
    NUM_ACTIONS,
    SIMPLE,
    Card,
    CarouselAction,
    CVerb,
    Table,
    action_id,
    action_of_id,
    card_text,
    meld_text,
    melds_text,
    parse_action,
    table_text,
    well_formed,
)
from rummykit.variants.carousel.draft import DraftTable, edit, legal_edit_ids
from rummykit.variants.carousel.manipulation import Fault, check_move, move_fault, no_card_fits, simple_meld
from rummykit.variants.carousel.position import read_position, write_position
from rummykit.variants.carousel.rules import CAROUSEL_VALUES, HAND_SIZE, CarouselRules
from rummykit.variants.carousel.scoring import hand_points, round_result
from rummykit.variants.carousel.state import CarouselState, CPhase

MAX_DRAWS = 3
_EditMemo = tuple[DraftTable, CarouselAction, tuple[int, ...], tuple[DraftTable, int]]
"""The last draft edit made: the draft, the action, the hand, and the result."""
MEMO_SIZE = 4096
"""Positions the "how many cards can the mover play?" memo keeps (cleared when full)."""
OPTIMISER_FIRST = 5_000
"""States the solver's best-table search may take when :meth:`CarouselGame.can_meld` asks it
first (about 10 ms; the greedy bot then reuses its kept answer); past them ``can_meld`` asks the
search that stops at the first table instead (docs/speed.md)."""
MERGE_ABOVE = 3 * MAX_MELDS
"""Above this ``2 T + H`` a rearrangement may need every card gathered first (module docstring)."""
P = messages.P


def declared_cards(faces: Sequence[int], stands_for: Sequence[int]) -> tuple[tuple[int, int | None], ...]:
    """A meld's cards as (face, declared) pairs: a joker with what it stands for."""
    return tuple((f, s if f == JOKER else None) for f, s in zip(faces, stands_for, strict=True))


@lru_cache(maxsize=8192)
def draft_meld_view(meld: tuple[Card, ...]) -> list[list[int | None]]:
    """A draft meld as every seat sees it (JSON): ``[face, declared]`` per card; made once per
    meld in a bounded memo and shared by every observation that shows it (callers read it and
    never change it), as a turn's drafts keep most melds."""
    return [list(card) for card in meld]


def meld_view(meld: TableMeld) -> dict[str, Any]:
    """A table meld as every seat sees it (JSON): ``number``, ``owner``, ``kind``, ``faces``,
    ``stands_for``."""
    return {
        "number": meld.number,
        "owner": meld.owner,
        "kind": meld.kind.value,
        "faces": list(meld.meld.faces),
        "stands_for": list(meld.meld.stands_for),
    }


class CarouselGame(Game[CarouselState, CarouselAction]):
    """Carousel under ``rules``; see the module docstring."""

    variant = "carousel"
    title = "Carousel"
    kind = Kind.CARDS
    rules: CarouselRules

    def __init__(self, rules: CarouselRules) -> None:
        self.rules = rules
        self.players = rules.players
        self.pieces: PieceSet = card_set(rules.decks, rules.decks)
        self.num_actions = NUM_ACTIONS
        self.state_type = CarouselState
        self.solver = TableSolver(rules.decks)
        self._faces = tuple(self.pieces.face(p) for p in range(self.pieces.size))
        self._face_table = bytes(self._faces).ljust(256, b"\0")
        """``bytes.translate`` table: card id -> face (at most two decks: every id fits in a byte)."""
        self._meldable: dict[tuple[Table, tuple[int, ...]], bool] = {}
        self._actions: dict[int, CarouselAction] = {}
        self._last_edit: _EditMemo | None = None
        self._last_table: tuple[list[TableMeld], Table] | None = None
        self._last_hand: tuple[list[int], tuple[int, ...]] | None = None
        self._last_meldable: tuple[list[TableMeld], tuple[int, ...], bool] | None = None
        """The last answer of :meth:`can_meld`: the table list it was for (replaced, never changed
        in place, when the table changes), the mover's card ids and the answer; a turn's edits ask
        it again and again of the same table and hand."""
        self._results = SharedViews(RoundResult.to_json)
        self._meld_views = SharedViews(meld_view)

    def _actions_of(self, ids: Sequence[int]) -> list[CarouselAction]:
        """The actions with these ids, each made once (actions are immutable values; at most
        :data:`MEMO_SIZE` * 16 kept)."""
        made = self._actions
        try:
            return list(itemgetter(*ids)(made)) if len(ids) > 1 else [made[i] for i in ids]
        except KeyError:
            pass
        missing = set(ids).difference(made)
        if len(made) + len(missing) > 16 * MEMO_SIZE:
            made.clear()
            missing = set(ids)
        made.update((number, action_of_id(number)) for number in missing)
        return list(map(made.__getitem__, ids))

    def _edit(self, draft: DraftTable, action: CarouselAction, hand: Sequence[int]) -> tuple[DraftTable, int]:
        """:func:`~rummykit.variants.carousel.draft.edit` under these rules; the last success is
        kept, so that applying an edit reuses the one its validation made (raises as ``edit``)."""
        faces = tuple(hand)
        last = self._last_edit
        if (
            last is not None
            and (last[1] is action or last[1] == action)
            and last[2] == faces
            and (last[0] is draft or last[0] == draft)
        ):
            return last[3]
        result = edit(draft, action, faces, self.rules.joker_replace_from_table)
        self._last_edit = (draft, action, faces, result)
        return result

    # ------------------------------------------------------------------ reading a state
    def faces(self, pieces: Iterable[int]) -> list[int]:
        """Faces of card ids."""
        return list(bytes(pieces).translate(self._face_table))

    def hand_faces(self, state: CarouselState, seat: int) -> tuple[int, ...]:
        """The faces of ``seat``'s hand, in hand order (the last hand read is kept, compared card by
        card: a decision reads the mover's hand several times)."""
        hand = state.hands[seat]
        last = self._last_hand
        if last is not None and last[0] == hand:
            return last[1]
        faces = tuple(bytes(hand).translate(self._face_table))
        self._last_hand = (list(hand), faces)
        return faces

    def points(self, state: CarouselState, seat: int) -> int:
        """Points in ``seat``'s hand (joker 25, J Q K 10, ace 1, pips)."""
        return hand_points(self.hand_faces(state, seat))

    def table_cards(self, state: CarouselState) -> Table:
        """The table as melds of (face, declared) cards (the last table read is kept: a state's
        table list is replaced, never changed in place, when the table changes)."""
        last = self._last_table
        if last is not None and last[0] is state.table:
            return last[1]
        cards = tuple(declared_cards(m.meld.faces, m.meld.stands_for) for m in state.table)
        self._last_table = (state.table, cards)
        return cards

    def base_draft(self, state: CarouselState) -> DraftTable:
        """The draft as the table is."""
        return DraftTable(self.table_cards(state))

    def draft(self, state: CarouselState) -> DraftTable:
        """The draft now (the table as it is before any edit)."""
        return state.draft if state.draft is not None else self.base_draft(state)

    def draft_changed(self, state: CarouselState) -> bool:
        """Whether the draft differs from the table as it is."""
        draft = state.draft
        return draft is not None and (
            draft.melds != self.table_cards(state) or draft.used != () or draft.floating != 0
        )

    def _may_draw(self, s: CarouselState) -> bool:
        return not s.melded_turn and s.draws < MAX_DRAWS and bool(s.stock) and not s.last_turns

    def _may_meld(self, s: CarouselState) -> bool:
        no_draw_left = not s.stock or s.last_turns
        return not s.melded_turn and s.draws < MAX_DRAWS and (s.draws >= 1 or no_draw_left)

    @staticmethod
    def _turn_may_end(s: CarouselState) -> bool:
        return bool(s.melded_turn or s.draws >= MAX_DRAWS or not s.stock or s.last_turns)

    def _may_knock(self, s: CarouselState) -> bool:
        if not self._turn_may_end(s):
            return False
        if self.rules.knock_requires_prior_meld and s.turn not in s.melded:
            return False
        return self.points(s, s.turn) <= self.rules.knock_max

    def _position_key(self, state: CarouselState) -> tuple[Table, tuple[int, ...]]:
        """(the table, the mover's hand sorted): what the melding questions depend on."""
        return self.table_cards(state), tuple(sorted(self.hand_faces(state, state.turn)))

    def can_meld(self, state: CarouselState) -> bool:
        """Whether the mover may meld now and some legal new table exists: yes at once when a meld
        of three hand cards or a one-card lay-off is legal
        (:func:`~rummykit.variants.carousel.manipulation.simple_meld`), no at once when no card
        of the hand fits a meld of three (:func:`~rummykit.variants.carousel.manipulation.no_card_fits`),
        else whether some legal new table plays a card (:meth:`_table_plays`); kept in a bounded
        memo per (table, hand)."""
        if not self._may_meld(state):
            return False
        hand = tuple(state.hands[state.turn])
        last = self._last_meldable
        if last is not None and last[0] is state.table and last[1] == hand:
            return last[2]
        key = self._position_key(state)
        known = self._meldable.get(key)
        if known is None:
            table, faces = key
            replace = self.rules.joker_replace_from_table
            known = keep(
                self._meldable,
                key,
                simple_meld(table, faces, replace) is not None
                or (not no_card_fits(table, faces, replace) and self._table_plays(table, faces, replace)),
                MEMO_SIZE,
            )
        self._last_meldable = (state.table, hand, known)
        return known

    def _table_plays(self, table: Table, faces: tuple[int, ...], replace: bool) -> bool:
        """Whether some legal new table plays a card of ``faces``: the solver's best table (the
        greedy bot's question, whose answer the solver keeps for it) when its search ends within
        :data:`OPTIMISER_FIRST` states, else the search that stops at the first such table
        (:meth:`TableSolver.can_play`, exact and unbounded, seldom slow where the best is). Both
        give the same answer (tests/test_table_exists.py)."""
        try:
            best = self.solver.solve(table, faces, CAROUSEL_VALUES, replace, limit=OPTIMISER_FIRST)
        except SearchLimitError:
            return self.solver.can_play(table, faces, replace)
        return bool(best.played)

    def edit_budget(self, state: CarouselState) -> int:
        """How many draft edits the mover may make after its last draw: ``T + H + 4``, or
        ``2 T + H + 4`` when ``2 T + H > 120`` (``T`` cards on the table, ``H`` in the mover's
        hand; see the module docstring)."""
        table = sum(map(len, self.table_cards(state)))
        hand = len(state.hands[state.turn])
        extra = table if 2 * table + hand > MERGE_ABOVE else 0
        return table + hand + 4 + extra

    def _edit_room(self, state: CarouselState) -> bool:
        """Whether the mover has edits left (:meth:`edit_budget`)."""
        return state.draft_edits < self.edit_budget(state)

    def _must_meld(self, state: CarouselState) -> bool:
        """Whether ``must_meld_if_able`` forbids anything but melding now."""
        return self.rules.must_meld_if_able and self._edit_room(state) and self.can_meld(state)

    # ------------------------------------------------------------------ the state machine
    def new_state(self, seed: int) -> CarouselState:
        """A new match dealt from ``seed``: a random first dealer, then round 1."""
        state = CarouselState(
            seed=seed,
            round_no=0,
            dealer=round_rng(seed, 0, "first dealer").randrange(self.players),
            phase=CPhase.TURN,
            hands=[],
            stock=[],
            table=[],
            melded=set(),
            last_queue=None,
            turn=0,
            draws=0,
            melded_turn=False,
            scores=[0] * self.players,
            rounds_won=[0] * self.players,
            results=[],
        )
        self._start_round(state, first=True)
        return state

    def _start_round(self, state: CarouselState, first: bool = False) -> None:
        state.round_no += 1
        if not first:
            state.dealer = (state.dealer + 1) % self.players
        cards = list(range(self.pieces.size))
        round_rng(state.seed, state.round_no).shuffle(cards)
        state.hands = [[cards.pop() for _ in range(HAND_SIZE)] for _ in range(self.players)]
        state.stock = cards
        state.table = []
        state.melded = set()
        state.last_queue = None
        state.turn = (state.dealer + 1) % self.players
        self._new_turn(state)

    @staticmethod
    def _new_turn(state: CarouselState) -> None:
        state.draws = 0
        state.melded_turn = False
        CarouselGame._clear_draft(state)

    @staticmethod
    def _clear_draft(state: CarouselState) -> None:
        state.draft = None
        state.draft_history = []
        state.draft_edits = 0

    def current_seat(self, state: CarouselState) -> int | None:
        """The seat to move, ``None`` once the match is over."""
        return None if state.phase is CPhase.OVER else state.turn

    def timeout_action(
        self, state: CarouselState, seat: int, first: bool, drawn: int | None
    ) -> CarouselAction | None:
        """Draw at the start of the timed-out turn, then end the turn without melding where the
        rules allow it, else draw on (at most three a turn); a draft the mover was building is
        reset first (the table back as the turn found it, in one move), never committed: a
        timeout never melds (but under ``must_meld_if_able``, where nothing else is legal)."""
        return first_wanted(
            self.legal_actions(state, seat),
            [
                CarouselAction(CVerb.DRAW) if first else None,
                CarouselAction(CVerb.END),
                CarouselAction(CVerb.DRAW),
                CarouselAction(CVerb.RESET),
            ],
            lambda action: False,
        )

    def legal_actions(self, state: CarouselState, seat: int) -> list[CarouselAction]:
        """Every legal action of ``seat`` in id order: draw, knock, end, commit, undo, reset, then
        every legal edit. The ``meld`` shortcut is not listed (it has no id) but is accepted
        whenever a legal new table is handed in."""
        return self._actions_of(self.legal_ids(state, seat))

    def legal_ids(self, state: CarouselState, seat: int) -> list[int]:
        """The ids of :meth:`legal_actions`, ascending: draw 0, knock 1, end 2, commit 3, undo 4,
        reset 5, then the edits (:func:`~rummykit.variants.carousel.draft.legal_edit_ids`)."""
        if seat != self.current_seat(state):
            return []
        out: list[int] = []
        changed = self.draft_changed(state)
        if not changed:
            may = (self._may_draw(state), self._may_knock(state), self._turn_may_end(state))
            if any(may) and not self._must_meld(state):
                out += [number for number, ok in enumerate(may) if ok]
        if not self.can_meld(state):
            return out
        draft = self.draft(state)
        hand = self.hand_faces(state, seat)
        # a draft with a meld of fewer than three cards (or none) can't be committed: no full check
        whole = min(map(len, draft.melds), default=0) >= 3
        if changed and whole and self._commit_fault(state, draft, hand) is None:
            out.append(SIMPLE.index(CVerb.COMMIT))
        room = self._edit_room(state)
        if room and state.draft_history:
            out.append(SIMPLE.index(CVerb.UNDO))
        if changed:
            out.append(SIMPLE.index(CVerb.RESET))
        if room:
            out += legal_edit_ids(draft, hand, self.rules.joker_replace_from_table)
        return out

    def _commit_fault(self, state: CarouselState, draft: DraftTable, hand: Sequence[int]) -> Fault | None:
        """Why committing ``draft`` is refused (:func:`move_fault`), or ``None``."""
        return move_fault(self.table_cards(state), draft.melds, hand, self.rules.joker_replace_from_table)

    def action_problem(self, action: object) -> str | None:
        """Why ``action`` is not a well-formed Carousel action (:func:`well_formed`), or ``None``."""
        if not isinstance(action, CarouselAction):
            return "not a Carousel action"
        return None if well_formed(action) else "its parts don't fit its verb"

    def _validate(self, state: CarouselState, seat: int, action: CarouselAction) -> None:
        verb = action.verb
        if verb is CVerb.MELD or verb in DRAFT_VERBS:
            self._check_meld_now(state)
            if verb is not CVerb.MELD:
                self._check_draft_action(state, action)
                return
            hand = self.hand_faces(state, seat)
            check_move(self.table_cards(state), action.table, hand, self.rules.joker_replace_from_table)
            return
        if self.draft_changed(state):
            raise IllegalActionError(P + "draft_open")
        if verb is CVerb.DRAW and not self._may_draw(state):
            raise IllegalActionError(self._why_no_draw(state))
        if verb is CVerb.END and not self._turn_may_end(state):
            raise IllegalActionError(P + "end_too_soon")
        if verb is CVerb.KNOCK:
            self._check_knock(state)
        if self._must_meld(state):
            raise IllegalActionError(P + "must_meld")

    def _check_meld_now(self, s: CarouselState) -> None:
        if s.melded_turn:
            raise IllegalActionError(P + "one_meld_a_turn")
        if s.draws >= MAX_DRAWS:
            raise IllegalActionError(P + "no_meld_after_third")
        if not self._may_meld(s):
            raise IllegalActionError(P + "draw_first")

    def _check_draft_action(self, state: CarouselState, action: CarouselAction) -> None:
        verb = action.verb
        if verb is CVerb.RESET:
            if not self.draft_changed(state):
                raise IllegalActionError(P + "draft_unchanged")
            return
        hand = self.hand_faces(state, state.turn)
        if verb is CVerb.COMMIT:
            fault = self._commit_fault(state, self.draft(state), hand)
            if fault is not None:
                raise IllegalActionError(fault[0], **fault[1])
            return
        if not self._edit_room(state):
            raise IllegalActionError(P + "too_many_edits", max=self.edit_budget(state))
        if verb is CVerb.UNDO:
            if not state.draft_history:
                raise IllegalActionError(P + "nothing_to_undo")
            return
        if not self.can_meld(state):
            raise IllegalActionError(P + "nothing_to_meld")
        self._edit(self.draft(state), action, hand)

    def _why_no_draw(self, s: CarouselState) -> str:
        if s.melded_turn:
            return P + "draw_after_meld"
        if s.draws >= MAX_DRAWS:
            return P + "draw_after_third"
        return P + "stock_empty"

    def _check_knock(self, s: CarouselState) -> None:
        if not self._turn_may_end(s):
            raise IllegalActionError(P + "knock_at_turn_end")
        if self.rules.knock_requires_prior_meld and s.turn not in s.melded:
            raise IllegalActionError(P + "knock_after_meld")
        points = self.points(s, s.turn)
        if points > self.rules.knock_max:
            raise IllegalActionError(P + "knock_too_high", knock_max=self.rules.knock_max, points=points)

    # ------------------------------------------------------------------ applying
    def _apply(self, state: CarouselState, seat: int, action: CarouselAction) -> list[Event]:
        verb = action.verb
        if verb is CVerb.DRAW:
            return self._draw(state, seat)
        if verb is CVerb.KNOCK:
            knocked = Event(P + "knocked", seat, {"seat": seat, "points": self.points(state, seat)})
            return [knocked, *self._end_round(state, knocker=seat)]
        if verb is CVerb.END:
            return [Event(P + "turn_ended", seat, {"seat": seat}), *self._end_turn(state)]
        if verb is CVerb.MELD:
            return self._meld(state, seat, action.table)
        if verb is CVerb.COMMIT:
            return self._meld(state, seat, self.draft(state).melds)
        return self._edit_draft(state, seat, action)

    def _draw(self, state: CarouselState, seat: int) -> list[Event]:
        card = state.stock.pop()
        state.hands[seat].append(card)
        state.draws += 1
        self._clear_draft(state)
        name = card_text((self._faces[card], None))
        events = [Event(P + "drew", seat, {"seat": seat}, {"card": name})]
        if not state.stock and state.last_queue is None:
            events.append(Event(P + "last_card", seat, {"seat": seat}))
        return events + self._after_action(state, started=False)

    def _edit_draft(self, state: CarouselState, seat: int, action: CarouselAction) -> list[Event]:
        verb = action.verb
        current = self.draft(state)
        params: dict[str, Any] = {"seat": seat}
        if verb is CVerb.UNDO:
            state.draft = state.draft_history.pop()
            if not state.draft_history:
                state.draft = None
            code = "draft_undo"
        elif verb is CVerb.RESET:
            state.draft_history.append(current)
            state.draft = self.base_draft(state)
            code = "draft_reset"
        else:
            hand = self.hand_faces(state, seat)
            new, number = self._edit(current, action, hand)
            state.draft_history.append(current)
            state.draft = new
            code = "draft_" + verb
            if verb is CVerb.DRAFT:
                code = "draft_set"
            else:
                assert action.card is not None
                params.update(
                    number=number if verb is CVerb.NEW else action.number, card=card_text(action.card)
                )
            if verb in (CVerb.MOVE, CVerb.PULL):
                params["target"] = action.other if action.other is not None else number
            elif verb is CVerb.REPLACE and action.other is not None:
                params["source"] = action.other
                code = "draft_replace_from"
        state.draft_edits += 1
        draft = self.draft(state)
        params["draft"] = melds_text(draft.melds)
        params["floating"] = draft.floating
        return [Event(P + code, seat, params)]

    def _meld(self, state: CarouselState, seat: int, table: Table) -> list[Event]:
        old = self.table_cards(state)
        hand = self.hand_faces(state, seat)
        played = check_move(old, table, hand, self.rules.joker_replace_from_table)
        self._lay_table(state, seat, table)
        state.melded.add(seat)
        state.melded_turn = True
        self._clear_draft(state)
        events = [Event(P + "melded", seat, _meld_diff(seat, old, table, played))]
        if not state.hands[seat]:
            return [
                *events,
                Event(P + "went_out", seat, {"seat": seat}),
                *self._end_round(state, went_out=seat),
            ]
        return events + self._after_action(state, started=False)

    def _lay_table(self, state: CarouselState, seat: int, table: Table) -> None:
        """Replace the table with ``table``: table cards keep their ids (each face's ids taken in
        table order), the rest leave the hand."""
        face = self._faces
        pool: dict[int, list[int]] = {}
        for m in state.table:
            for p in m.pieces:
                pool.setdefault(face[p], []).append(p)
        hand = state.hands[seat]
        melds = []
        for number, meld in enumerate(table, start=1):
            played: list[Declared] = []
            for f, declared in meld:
                on_table = pool.get(f)
                if on_table:
                    source = on_table.pop(0)
                else:
                    source = next(p for p in hand if face[p] == f)
                    hand.remove(source)
                played.append((source, declared))
            melds.append(table_meld(number, seat, played, self.pieces, self.rules.meld_rules(), CARD_JOKERS))
        state.table = melds

    def _after_action(self, state: CarouselState, started: bool) -> list[Event]:
        """End the turn by itself when ending it is the only thing left to do (``started``: the
        seat's turn has just begun)."""
        if state.phase is CPhase.OVER:
            return []
        only_end = (
            self._turn_may_end(state)
            and not self._may_draw(state)
            and not self._may_knock(state)
            and not self.can_meld(state)
        )
        if not only_end:
            return []
        seat = state.turn
        code = "turn_skipped" if started else "turn_ended_auto"
        return [Event(P + code, seat, {"seat": seat}), *self._end_turn(state)]

    def _end_turn(self, state: CarouselState) -> list[Event]:
        seat = state.turn
        if state.last_queue is None and not state.stock:
            state.last_queue = [(seat + i) % self.players for i in range(1, self.players + 1)]
        if state.last_queue is not None:
            if not state.last_queue:
                return self._end_round(state)
            state.turn = state.last_queue.pop(0)
        else:
            state.turn = (seat + 1) % self.players
        self._new_turn(state)
        return self._after_action(state, started=True)

    def _end_round(
        self, state: CarouselState, knocker: int | None = None, went_out: int | None = None
    ) -> list[Event]:
        hands = [self.faces(h) for h in state.hands]
        result, winners = round_result(state.round_no, hands, knocker, went_out, self.rules)
        for seat, delta in enumerate(result.deltas):
            state.scores[seat] += delta
        for seat in winners:
            state.rounds_won[seat] += 1
        state.results.append(result)
        params = {
            "round": state.round_no,
            "how": result.notes[0],
            "winners": list(winners),
            "result": result.to_json(),
        }
        events = [Event(P + "round_over", result.winner, params)]
        self._clear_draft(state)
        if max(state.scores) < self.rules.target:
            self._start_round(state)
            return events + self._after_action(state, started=True)
        state.before_bonuses = list(state.scores)
        bonuses = self.match_bonuses(state)
        for bonus in bonuses or ():
            state.scores[bonus["seat"]] += bonus["game"] + bonus["round_bonus"]
        state.phase = CPhase.OVER
        params = {"scores": list(state.scores), "bonuses": bonuses}
        return [*events, Event(P + "match_ended", None, params)]

    def match_bonuses(self, state: CarouselState) -> list[dict[str, Any]] | None:
        """The bonuses added at the match's end (``None`` before it), one per seat: ``before``
        (the score after the last round), ``game`` (``game_bonus`` if ``before`` reached the
        target, else 0), ``rounds`` (rounds won) and ``round_bonus`` (``round_win_bonus`` each).
        The ``carousel.match_ended`` event's ``bonuses`` and the observation's ``match_bonuses``."""
        if state.before_bonuses is None:
            return None
        return [
            {
                "seat": seat,
                "before": before,
                "game": self.rules.game_bonus if before >= self.rules.target else 0,
                "rounds": won,
                "round_bonus": self.rules.round_win_bonus * won,
            }
            for seat, (before, won) in enumerate(zip(state.before_bonuses, state.rounds_won, strict=True))
        ]

    # ------------------------------------------------------------------ actions as text and ids
    def parse_action(self, text: str) -> CarouselAction:
        """The action written as ``text`` (see :mod:`rummykit.variants.carousel.actions`)."""
        return parse_action(text)

    def action_id(self, state: CarouselState, action: CarouselAction) -> int | None:
        """The integer id of ``action`` (``None`` for the ``meld`` shortcut); the same in every
        state."""
        return action_id(action) if well_formed(action) else None

    def action_from_id(self, state: CarouselState, seat: int, action_id: int) -> CarouselAction:
        """The action with id ``action_id`` (the same in every state)."""
        self._check_id(action_id)
        return self._actions_of((action_id,))[0]

    # ------------------------------------------------------------------ views
    def observe(self, state: CarouselState, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees (``None``: a spectator): its own hand, the table, the draft (public),
        the counts; at a round's end the result with every hand (all are scored). ``known``: per
        seat, the cards everyone knows are in its hand: the mover's hand cards placed in the
        draft (nothing is ever taken in view of all)."""
        draft = self.draft(state)
        return {
            "variant": self.variant,
            "seat": seat,
            "players": self.players,
            "round": state.round_no,
            "dealer": state.dealer,
            "to_move": self.current_seat(state),
            "phase": str(state.phase),
            "scores": list(state.scores),
            "hand": list(self.hand_faces(state, seat)) if seat is not None else [],
            "hand_counts": list(map(len, state.hands)),
            "stock_count": len(state.stock),
            "known": [list(draft.used) if s == state.turn else [] for s in range(self.players)],
            "last_result": self._results(state.results[-1]) if state.results else None,
            "table": list(map(self._meld_views, state.table)),
            "draft": {
                "melds": list(map(draft_meld_view, draft.melds)),
                "played": list(draft.used),
                "floating": draft.floating,
                "changed": self.draft_changed(state),
                "can_undo": bool(state.draft_history),
                "edits": state.draft_edits,
            },
            "melded": sorted(state.melded),
            "draws": state.draws,
            "melded_this_turn": state.melded_turn,
            "last_turns": state.last_turns,
            "rounds_won": list(state.rounds_won),
            "match_bonuses": self.match_bonuses(state),
        }

    # ------------------------------------------------------------------ results and search
    def outcome(self, state: CarouselState) -> Outcome | None:
        """Final totals (bonuses included) and winners (highest total; ties share)."""
        if state.phase is not CPhase.OVER:
            return None
        return highest_wins(state.scores, len(state.results))

    def returns(self, state: CarouselState) -> list[float]:
        """See the module docstring: ``1/k`` per winner, ``-1/(players-k)`` per other seat."""
        outcome = self.outcome(state)
        if outcome is None or len(outcome.winners) == self.players:
            return [0.0] * self.players
        k = len(outcome.winners)
        return [1 / k if s in outcome.winners else -1 / (self.players - k) for s in range(self.players)]

    def resample(self, state: CarouselState, seat: int, rng: random.Random) -> CarouselState:
        """The other hands and the stock re-dealt at random (sizes kept); the cards an open draft
        shows the mover placing from its hand stay in that hand; a new seed
        (:func:`rummykit.engine.game.fresh_seed`), drawn from ``rng`` after the shuffle."""
        new = state.clone()
        shown: Counter[int] = Counter(self.draft(state).used) if state.turn != seat else Counter()
        kept: dict[int, list[int]] = {}
        pool = list(state.stock)
        for other, hand in enumerate(state.hands):
            if other == seat:
                continue
            keep = []
            for piece in hand:
                if other == state.turn and shown[self._faces[piece]] > 0:
                    shown[self._faces[piece]] -= 1
                    keep.append(piece)
                else:
                    pool.append(piece)
            kept[other] = keep
        rng.shuffle(pool)
        for other, keep in kept.items():
            size = len(state.hands[other])
            new.hands[other] = keep + [pool.pop() for _ in range(size - len(keep))]
        new.stock = pool
        new.seed = fresh_seed(rng)
        return new

    def determinise(self, observation: dict[str, Any], rng: random.Random) -> CarouselState:
        """A state that ``observation``'s seat can't tell from the true one: the table, its hand
        (in its order), the open draft and the hand cards it shows the mover placing as the seat
        sees them; the stock and the rest of the other hands dealt at random from ``rng``; a new
        seed (:func:`rummykit.engine.game.fresh_seed`), drawn after the deal.
        ``observe(result, seat) == observation``.

        What an observation lacks is filled in so that play goes on correctly: the drafts before
        this turn's edits are not shown, so the history holds the table as it is once (one
        ``undo`` goes back to it; the edit count is the observation's); in the last turns, the
        seats still to play are every other seat after the mover (as if the stock ran out in the
        turn just before); the rounds before the last are void results with no score change (the
        scores and rounds won are the observation's). Raises ``ValueError`` for a spectator's
        observation, one of another game or table size, or one whose cards don't add up."""
        seat = observer(self, observation)
        pool = FacePool(self.pieces)
        views = observation["table"]
        table = table_from_views(views, pool, self.rules.meld_rules(), CARD_JOKERS)
        known = observation["known"]
        hands = [pool.take(observation["hand"] if s == seat else k) for s, k in enumerate(known)]
        stock = pool.deal(hands, observation["hand_counts"], observation["stock_count"], rng)
        to_move = observation["to_move"]
        turn = seat if to_move is None else to_move
        shown = observation["draft"]
        bonuses = observation["match_bonuses"]
        state = CarouselState(
            seed=fresh_seed(rng),
            round_no=observation["round"],
            dealer=observation["dealer"],
            phase=CPhase(observation["phase"]),
            hands=hands,
            stock=stock,
            table=table,
            melded=set(observation["melded"]),
            last_queue=[(turn + i) % self.players for i in range(1, self.players)]
            if observation["last_turns"]
            else None,
            turn=turn,
            draws=observation["draws"],
            melded_turn=observation["melded_this_turn"],
            scores=list(observation["scores"]),
            rounds_won=list(observation["rounds_won"]),
            results=past_results(observation["last_result"]),
            draft_edits=shown["edits"],
            before_bonuses=None if bonuses is None else [b["before"] for b in bonuses],
        )
        if shown["can_undo"]:
            melds = tuple(tuple((f, d) for f, d in m) for m in shown["melds"])
            state.draft = DraftTable(melds, tuple(shown["played"]), shown["floating"])
            state.draft_history = [self.base_draft(state)]
        return state

    # ------------------------------------------------------------------ position text
    def position(self, state: CarouselState) -> str:
        """The state as one line (grammar: :mod:`rummykit.variants.carousel.position`)."""
        return write_position(self.pieces, state)

    def from_position(self, text: str) -> CarouselState:
        """The state written as ``text``; raises :class:`NotationError`."""
        return read_position(self.rules, self.pieces, text)

    # ------------------------------------------------------------------ invariants
    def piece_groups(self, state: CarouselState) -> Iterable[Sequence[int]]:
        """The stock, each hand and each table meld."""
        return [state.stock, *state.hands, *(m.pieces for m in state.table)]


def _meld_diff(seat: int, old: Table, new: Table, played: Sequence[int]) -> dict[str, Any]:
    """The public parameters of a meld: the new table and what changed (cards played from the
    hand, jokers freed and declared anew, melds added and gone)."""
    old_melds = Counter(old)
    new_melds = Counter(new)
    old_jokers = Counter(d for m in old for f, d in m if f == JOKER)
    new_jokers = Counter(d for m in new for f, d in m if f == JOKER)
    freed = sorted((old_jokers - new_jokers).elements(), key=lambda d: d if d is not None else -1)
    return {
        "seat": seat,
        "text": table_text(new),
        "table": melds_text(new),
        "played": [card_text((f, None)) for f in played],
        "freed": [card_text((JOKER, d)) for d in freed],
        "added": list(map(meld_text, (new_melds - old_melds).elements())),
        "gone": list(map(meld_text, (old_melds - new_melds).elements())),
    }
