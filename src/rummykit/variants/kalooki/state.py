"""The Kalooki match (``kalooki.md``): a public table of numbered melds, the 51 opening, laying
off, joker release, going out and "Okey yapmak", reshuffles, hand scoring and the match modes.

Every card (id 0..105: two decks and two jokers) is in exactly one place: the stock, a hand, the
discard pile, or a meld on the table. An action is checked in full on a copy of what it changes
before anything is changed, so an illegal action leaves the state as it was.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import combinations

from rummykit.core.melds import CARD_JOKERS, HIGH_ACE, KALOOKI_VALUES, MeldKind
from rummykit.core.notation import format_face
from rummykit.core.pieces import JOKER, N_SUITS, Kind, card_set, make_face, rank_of, suit_of
from rummykit.engine.game import Event, Game, Outcome, RoundResult, round_rng
from rummykit.engine.table import Declared, MeldView, TableMeld, table_meld
from rummykit.errors import IllegalActionError, MeldError
from rummykit.variants.kalooki.actions import DeclaredFace, KalookiAction, KVerb, parse_action
from rummykit.variants.kalooki.rules import HAND_SIZE, KalookiRules, MatchMode

DECKS = card_set(2, 2)
WILDS = CARD_JOKERS
MAX_SET = 4


class KPhase(StrEnum):
    """Where the seat to move is in its turn."""

    DRAW = "draw"
    PLAY = "play"
    """After drawing: meld, lay off, release jokers, then discard."""
    OVER = "over"


@dataclass(frozen=True)
class KalookiMeldView(MeldView):
    """A table meld as every seat sees it, with whether a joker in it can never be released."""

    closed: bool
    value: int
    """Its value for the opening (jokers as what they stand for, a low ace 1)."""


@dataclass(frozen=True)
class KalookiObservation:
    """What one seat sees (faces throughout): its own hand and everything public."""

    seat: int
    players: int
    active: tuple[int, ...]
    round_no: int
    dealer: int
    to_move: int | None
    phase: KPhase
    hand: tuple[int, ...]
    table: tuple[KalookiMeldView, ...]
    discards: tuple[int, ...]
    stock_count: int
    hand_counts: tuple[int, ...]
    scores: tuple[int, ...]
    opened: tuple[int, ...]
    pending: tuple[int, ...]
    """Melds laid this turn by the seat to move that don't open yet (they may be retracted)."""
    reshuffles: int
    takeable: int | None
    last_result: RoundResult | None


@dataclass
class _Draft:
    """A copy of what an action may change; committed only once the whole action is legal."""

    hand: list[int]
    table: list[TableMeld]
    next_number: int
    opened: bool
    pending: list[int]
    released: list[int]
    laid_off: bool
    events: list[str] = field(default_factory=list)
    discarded: int | None = None


class KalookiGame(Game[KalookiAction, KalookiObservation]):
    """A whole Kalooki match under ``rules``, dealt from ``seed``."""

    variant = "kalooki"
    pieces = DECKS

    def __init__(self, rules: KalookiRules, seed: int) -> None:
        self.rules = rules
        self.seed = seed
        self.players = rules.players
        self.values = rules.values()
        self.meld_rules = rules.meld_rules()
        self.scores = [0] * self.players
        self.results: list[RoundResult] = []
        self.active = list(range(self.players))
        self.round_no = 0
        self.dealer = round_rng(seed, 0, "first dealer").randrange(self.players)
        self._legal: list[KalookiAction] | None = None
        self._start_round(first=True)

    # ------------------------------------------------------------------ seats and the deal
    def next_active(self, seat: int) -> int:
        """The next seat still in the match, clockwise (``seat + 1``)."""
        for step in range(1, self.players + 1):
            candidate = (seat + step) % self.players
            if candidate in self.active:
                return candidate
        raise AssertionError("no active seat")

    def _start_round(self, first: bool = False) -> None:
        self.round_no += 1
        if not first or self.dealer not in self.active:
            self.dealer = self.next_active(self.dealer)
        rng = round_rng(self.seed, self.round_no)
        cards = list(range(DECKS.size))
        rng.shuffle(cards)
        self.hands: list[list[int]] = [[] for _ in range(self.players)]
        starter = self.next_active(self.dealer)
        seat = starter
        for _ in self.active:
            self.hands[seat] = [cards.pop() for _ in range(HAND_SIZE)]
            seat = self.next_active(seat)
        self.pile = [cards.pop()]
        self.stock = cards
        self.table: list[TableMeld] = []
        self.next_number = 1
        self.opened: set[int] = set()
        self.reshuffles = 0
        self.turn = starter
        self._begin_turn(check_stock=False)

    def _begin_turn(self, check_stock: bool = True) -> list[Event]:
        self.phase = KPhase.DRAW
        self.pending: list[int] = []
        self.released: list[int] = []
        self.laid_off = False
        self.open_at_start = self.turn in self.opened
        self._legal = None
        if not check_stock or self.stock:
            return []
        if self.reshuffles < self.rules.max_reshuffles and len(self.pile) > 1:
            self.reshuffles += 1
            self.stock = self.pile[:-1]
            self.pile = self.pile[-1:]
            round_rng(self.seed, self.round_no, f"reshuffle {self.reshuffles}").shuffle(self.stock)
            return [Event(None, f"the stock ran out: the discards are reshuffled ({self.reshuffles})")]
        return self._end_round(None, "exhausted")

    # ------------------------------------------------------------------ helpers
    def face(self, piece: int) -> int:
        """The face of card id ``piece``."""
        return DECKS.face(piece)

    def faces(self, pieces: list[int]) -> list[int]:
        """Faces of card ids."""
        return [DECKS.face(p) for p in pieces]

    def meld(self, number: int) -> TableMeld:
        """Table meld ``number``; raises :class:`IllegalActionError` if there is none."""
        for m in self.table:
            if m.number == number:
                return m
        raise IllegalActionError(f"there is no meld {number} on the table")

    def meld_value(self, meld: TableMeld) -> int:
        """Value of a meld for the opening (jokers as what they stand for, a low ace 1)."""
        return KALOOKI_VALUES.meld_value(meld.meld)

    def closed(self, meld: TableMeld) -> bool:
        """A set of four holding a joker: that joker can never be released."""
        return meld.kind is MeldKind.SET and len(meld.pieces) == MAX_SET and bool(meld.wild_ids(DECKS, WILDS))

    def hand_value(self, seat: int) -> int:
        """Points of the cards left in ``seat``'s hand (A 11, J Q K 10, joker 25, pips)."""
        return sum(self.values.hand_value(f, WILDS) for f in self.faces(self.hands[seat]))

    # ------------------------------------------------------------------ protocol
    @property
    def current_seat(self) -> int | None:
        """The seat to move, ``None`` once the match is over."""
        return None if self.phase is KPhase.OVER else self.turn

    def is_terminal(self) -> bool:
        """Whether the match is over."""
        return self.phase is KPhase.OVER

    def parse_action(self, text: str) -> KalookiAction:
        """The action written as ``text`` (see :mod:`rummykit.variants.kalooki.actions`)."""
        return parse_action(text)

    def outcome(self) -> Outcome | None:
        """Final totals and winners once the match is over (lowest total; elimination: the last
        player left)."""
        if not self.is_terminal():
            return None
        if self.rules.match is MatchMode.ELIMINATION and len(self.active) == 1:
            winners = tuple(self.active)
        else:
            pool = self.active or list(range(self.players))
            best = min(self.scores[s] for s in pool)
            winners = tuple(s for s in pool if self.scores[s] == best)
        return Outcome(tuple(self.scores), winners, len(self.results))

    def observation(self, seat: int) -> KalookiObservation:
        """What ``seat`` sees: its own hand, the table, the discards and the counts."""
        table = tuple(
            KalookiMeldView(
                m.number, m.owner, m.kind, m.meld.faces, m.meld.stands_for, self.closed(m), self.meld_value(m)
            )
            for m in self.table
        )
        return KalookiObservation(
            seat=seat,
            players=self.players,
            active=tuple(self.active),
            round_no=self.round_no,
            dealer=self.dealer,
            to_move=self.current_seat,
            phase=self.phase,
            hand=tuple(self.faces(self.hands[seat])),
            table=table,
            discards=tuple(self.faces(self.pile)),
            stock_count=len(self.stock),
            hand_counts=tuple(len(h) for h in self.hands),
            scores=tuple(self.scores),
            opened=tuple(sorted(self.opened)),
            pending=tuple(self.pending),
            reshuffles=self.reshuffles,
            takeable=self.face(self.pile[-1]) if self.pile and self.phase is KPhase.DRAW else None,
            last_result=self.results[-1] if self.results else None,
        )

    # ------------------------------------------------------------------ legality
    def _validate(self, action: KalookiAction) -> None:
        self._plan(action)

    def legal_actions(self) -> list[KalookiAction]:
        """Every legal draw, take, lay-off, release, retract and discard, and every single new
        meld from the hand in canonical form (naturals where held, run jokers declared; any other
        legal meld, and several melds in one action, are accepted by :meth:`apply` too)."""
        if self._legal is None:
            self._legal = [a for a in self._candidates() if self.is_legal(a)]
        return list(self._legal)

    def _candidates(self) -> Iterator[KalookiAction]:
        if self.phase is KPhase.DRAW:
            yield KalookiAction(KVerb.DRAW)
            yield KalookiAction(KVerb.TAKE)
            return
        if self.phase is not KPhase.PLAY:
            return
        hand = self.faces(self.hands[self.turn])
        for group in _meld_candidates(hand):
            yield KalookiAction(KVerb.MELD, melds=(group,))
        if self.turn in self.opened:
            for meld in self.table:
                for card in _layoff_candidates(meld, hand):
                    yield KalookiAction(KVerb.LAYOFF, target=meld.number, cards=(card,))
                for cards in self._release_candidates(meld, hand):
                    yield KalookiAction(KVerb.RELEASE, target=meld.number, cards=cards)
        if self.pending:
            yield KalookiAction(KVerb.RETRACT)
        for face in dict.fromkeys(hand):
            yield KalookiAction(KVerb.DISCARD, face=face)

    def _release_candidates(self, meld: TableMeld, hand: list[int]) -> Iterator[tuple[DeclaredFace, ...]]:
        jokers = len(meld.wild_ids(DECKS, WILDS))
        if not jokers:
            return
        if meld.kind is MeldKind.RUN:
            for piece, stands in zip(meld.pieces, meld.meld.stands_for, strict=True):
                if WILDS.is_wild(self.face(piece)) and stands in hand:
                    yield ((stands, None),)
            return
        rank = rank_of(meld.meld.stands_for[0])
        held = {
            suit_of(f) for f, p in zip(meld.meld.faces, meld.pieces, strict=True) if not WILDS.is_wild(f)
        } | set()
        missing = [make_face(s, rank) for s in range(N_SUITS) if s not in held and make_face(s, rank) in hand]
        for size in range(1, len(missing) + 1):
            for combo in combinations(missing, size):
                yield tuple((f, None) for f in combo)

    # ------------------------------------------------------------------ planning an action
    def _draft(self) -> _Draft:
        return _Draft(
            hand=list(self.hands[self.turn]),
            table=list(self.table),
            next_number=self.next_number,
            opened=self.turn in self.opened,
            pending=list(self.pending),
            released=list(self.released),
            laid_off=self.laid_off,
        )

    def _plan(self, action: KalookiAction) -> _Draft | None:
        """Check ``action`` in full on a draft; raise :class:`IllegalActionError` if illegal.
        Returns the draft to commit (``None`` for draw/take/discard, which change little)."""
        verb = action.verb
        if self.phase is KPhase.OVER:
            raise IllegalActionError("the match is over")
        if verb in (KVerb.DRAW, KVerb.TAKE):
            if self.phase is not KPhase.DRAW:
                raise IllegalActionError("you have drawn already this turn")
            if verb is KVerb.DRAW and not self.stock:
                raise IllegalActionError("the stock is empty")
            if verb is KVerb.TAKE and not self.pile:
                raise IllegalActionError("the discard pile is empty")
            return None
        if self.phase is KPhase.DRAW:
            raise IllegalActionError("draw from the stock or take the discard first")
        draft = self._draft()
        if verb is KVerb.MELD:
            self._plan_melds(draft, action)
        elif verb is KVerb.LAYOFF:
            self._plan_layoff(draft, action)
        elif verb is KVerb.RELEASE:
            self._plan_release(draft, action)
        elif verb is KVerb.RETRACT:
            self._plan_retract(draft)
        else:
            self._plan_discard(draft, action)
        return draft

    def _take_from_hand(
        self, draft: _Draft, cards: tuple[DeclaredFace, ...], keep_one: bool = True
    ) -> list[Declared]:
        """Card ids for ``cards`` out of the draft hand (raises if one isn't held, or, with
        ``keep_one``, if no card would be left for the final discard)."""
        out: list[Declared] = []
        for face, declared in cards:
            piece = next((p for p in draft.hand if self.face(p) == face), None)
            if piece is None:
                raise IllegalActionError(f"you don't hold {format_face(Kind.CARDS, face)}")
            draft.hand.remove(piece)
            out.append((piece, declared))
        if keep_one and not draft.hand:
            raise IllegalActionError("keep one card: a turn always ends with a discard")
        return out

    def _plan_melds(self, draft: _Draft, action: KalookiAction) -> None:
        for group in action.melds:
            played = self._take_from_hand(draft, group)
            try:
                new = table_meld(draft.next_number, self.turn, played, DECKS, self.meld_rules, WILDS)
            except MeldError as exc:
                raise IllegalActionError(str(exc)) from None
            draft.table.append(new)
            draft.next_number += 1
            if not draft.opened:
                draft.pending.append(new.number)
        if not draft.opened:
            value = sum(self.meld_value(m) for m in draft.table if m.number in draft.pending)
            if value >= self.rules.open_min:
                draft.opened = True
                draft.pending = []
                draft.events.append(f"opens with {value}")

    def _replace(self, draft: _Draft, old: TableMeld, played: list[Declared]) -> TableMeld:
        try:
            new = table_meld(old.number, old.owner, played, DECKS, self.meld_rules, WILDS)
        except MeldError as exc:
            raise IllegalActionError(str(exc)) from None
        draft.table[draft.table.index(old)] = new
        return new

    def _kept(self, meld: TableMeld) -> list[Declared]:
        """A meld's cards with the declarations they keep when cards are added (run jokers)."""
        return list(zip(meld.pieces, meld.declarations(DECKS, WILDS, fixed_sets=False), strict=True))

    def _plan_layoff(self, draft: _Draft, action: KalookiAction) -> None:
        if not draft.opened:
            raise IllegalActionError("lay-offs come after opening (melds worth 51 in one turn)")
        assert action.target is not None
        old = self.meld(action.target)
        played = self._take_from_hand(draft, action.cards)
        self._replace(draft, old, self._kept(old) + played)
        draft.laid_off = True

    def _plan_release(self, draft: _Draft, action: KalookiAction) -> None:
        if not draft.opened:
            raise IllegalActionError("only a player who has opened may release a joker")
        assert action.target is not None
        old = self.meld(action.target)
        jokers = old.wild_ids(DECKS, WILDS)
        if not jokers:
            raise IllegalActionError(f"meld {old.number} holds no joker")
        if self.closed(old):
            raise IllegalActionError(f"meld {old.number} is a closed set of four: its joker stays for ever")
        played = self._take_from_hand(draft, action.cards, keep_one=False)
        if any(WILDS.is_wild(self.face(p)) for p, _ in played):
            raise IllegalActionError("a joker is released for natural cards")
        if old.kind is MeldKind.RUN:
            freed = self._release_from_run(draft, old, played)
        else:
            freed = self._release_from_set(draft, old, played)
        draft.hand += freed
        draft.released += freed
        draft.laid_off = True

    def _release_from_run(self, draft: _Draft, old: TableMeld, played: list[Declared]) -> list[int]:
        if len(played) != 1:
            raise IllegalActionError("a run's joker is released with exactly its declared card")
        card = played[0][0]
        kept = self._kept(old)
        for i, (piece, declared) in enumerate(kept):
            if WILDS.is_wild(self.face(piece)) and declared == self.face(card):
                kept[i] = (card, None)
                self._replace(draft, old, kept)
                return [piece]
        raise IllegalActionError(
            f"no joker in meld {old.number} stands for {format_face(Kind.CARDS, self.face(card))}"
        )

    def _release_from_set(self, draft: _Draft, old: TableMeld, played: list[Declared]) -> list[int]:
        jokers = old.wild_ids(DECKS, WILDS)
        naturals = [p for p in old.pieces if p not in jokers]
        freed = len(naturals) + len(played) + len(jokers) - MAX_SET
        if freed < 1:
            raise IllegalActionError(
                "a set's joker is released by completing the set with natural cards of the missing suits"
            )
        kept = jokers[freed:]
        self._replace(draft, old, [(p, None) for p in naturals + kept] + played)
        return jokers[:freed]

    def _plan_retract(self, draft: _Draft) -> None:
        if not draft.pending:
            raise IllegalActionError("there is nothing to take back: only melds that don't open yet can be")
        for meld in [m for m in draft.table if m.number in draft.pending]:
            draft.table.remove(meld)
            draft.hand += list(meld.pieces)
        draft.pending = []
        draft.next_number = max((m.number for m in draft.table), default=0) + 1

    def _plan_discard(self, draft: _Draft, action: KalookiAction) -> None:
        assert action.face is not None
        piece = next((p for p in draft.hand if self.face(p) == action.face), None)
        if piece is None:
            raise IllegalActionError(f"you don't hold {format_face(Kind.CARDS, action.face)}")
        draft.hand.remove(piece)
        draft.discarded = piece
        going_out = not draft.hand
        if draft.pending and not going_out:
            raise IllegalActionError(
                f"your melds this turn are worth less than {self.rules.open_min}: meld more, or retract them"
            )
        if self.rules.released_joker_must_be_used and any(
            p in draft.hand or p == piece for p in draft.released
        ):
            raise IllegalActionError("a released joker must be used in a meld this turn")

    # ------------------------------------------------------------------ applying
    def _apply(self, action: KalookiAction) -> list[Event]:
        seat = self.turn
        draft = self._plan(action)
        self._legal = None
        verb = action.verb
        if verb is KVerb.DRAW:
            self.hands[seat].append(self.stock.pop())
            self.phase = KPhase.PLAY
            return [Event(seat, "draws from the stock")]
        if verb is KVerb.TAKE:
            card = self.pile.pop()
            self.hands[seat].append(card)
            self.phase = KPhase.PLAY
            return [Event(seat, f"takes {format_face(Kind.CARDS, self.face(card))}")]
        assert draft is not None
        self.hands[seat] = draft.hand
        self.table = draft.table
        self.next_number = draft.next_number
        self.pending = draft.pending
        self.released = draft.released
        self.laid_off = draft.laid_off
        if draft.opened:
            self.opened.add(seat)
        events = [Event(seat, action.text().replace("layoff", "lays off", 1))] + [
            Event(seat, e) for e in draft.events
        ]
        if verb is not KVerb.DISCARD:
            return events
        assert draft.discarded is not None
        self.pile.append(draft.discarded)
        if not self.hands[seat]:
            hunt = not self.open_at_start and not self.laid_off
            return events + self._end_round(seat, "hunt" if hunt else "out")
        self.turn = self.next_active(seat)
        return events + self._begin_turn()

    def _end_round(self, winner: int | None, kind: str) -> list[Event]:
        deltas = [0] * self.players
        notes = []
        for seat in self.active:
            if seat == winner:
                continue
            points = self.hand_value(seat)
            if kind == "hunt":
                points += self.rules.hunt_penalty
            deltas[seat] = points
        if winner is not None:
            what = (
                "Okey yapmak: every other player +" + str(self.rules.hunt_penalty)
                if kind == "hunt"
                else "goes out"
            )
            notes.append(f"seat {winner} {what}")
        else:
            notes.append(f"the stock ran out after {self.reshuffles} reshuffles: every hand is scored")
        notes.append(
            "hand values: " + ", ".join(f"seat {s} +{deltas[s]}" for s in self.active if s != winner)
        )
        if self.rules.match is MatchMode.SINGLE_ROUND and winner is not None:
            value = self.rules.point_value
            owed = ", ".join(f"seat {s} pays {deltas[s] * value:g}" for s in self.active if s != winner)
            notes.append(f"settled at {value:g} a point to seat {winner}: {owed}")
        for seat, delta in enumerate(deltas):
            self.scores[seat] += delta
        hands = tuple(tuple(self.faces(h)) for h in self.hands)
        result = RoundResult(self.round_no, winner, kind, tuple(deltas), tuple(notes), hands, WILDS)
        self.results.append(result)
        events = [Event(winner, notes[0], result)]
        if self.rules.match is MatchMode.ELIMINATION:
            out = [s for s in self.active if self.scores[s] > self.rules.elimination_limit]
            for seat in out:
                events.append(Event(seat, f"is out of the match with {self.scores[seat]}"))
            remaining = [s for s in self.active if s not in out]
            over = len(remaining) <= 1
            if remaining:
                self.active = remaining
        elif self.rules.match is MatchMode.SINGLE_ROUND:
            over = True
        else:
            assert self.rules.rounds is not None
            over = len(self.results) >= self.rules.rounds
        if over:
            self.phase = KPhase.OVER
            self._legal = None
            return [*events, Event(None, "the match is over")]
        self._start_round()
        return events

    # ------------------------------------------------------------------ invariants
    def _piece_groups(self) -> Iterable[Iterable[int]]:
        return [self.stock, self.pile, *self.hands, *(m.pieces for m in self.table)]


def _meld_candidates(hand: list[int]) -> Iterator[tuple[DeclaredFace, ...]]:
    """Every set and run the hand can make, naturals where held, run jokers declared."""
    counts = Counter(hand)
    jokers = counts.get(JOKER, 0)
    for rank in range(1, 14):
        suits = [s for s in range(N_SUITS) if counts.get(make_face(s, rank))]
        for size in range(1, len(suits) + 1):
            for chosen in combinations(suits, size):
                for extra in range(min(jokers, MAX_SET - size) + 1):
                    if 3 <= size + extra <= MAX_SET:
                        yield tuple((make_face(s, rank), None) for s in chosen) + ((JOKER, None),) * extra
    for suit in range(N_SUITS):
        for lo in range(1, HIGH_ACE - 1):
            for hi in range(lo + 2, min(lo + 12, HIGH_ACE) + 1):
                cards: list[DeclaredFace] = []
                need = 0
                for position in range(lo, hi + 1):
                    face = make_face(suit, 1 if position == HIGH_ACE else position)
                    if counts.get(face):
                        cards.append((face, None))
                    else:
                        need += 1
                        cards.append((JOKER, face))
                if need <= jokers and need < len(cards):
                    yield tuple(cards)


def _layoff_candidates(meld: TableMeld, hand: list[int]) -> Iterator[DeclaredFace]:
    """Cards of the hand that might extend ``meld`` (checked in full by the game)."""
    for face in dict.fromkeys(hand):
        if face != JOKER:
            yield (face, None)
    if JOKER not in hand:
        return
    if meld.kind is MeldKind.SET:
        yield (JOKER, None)
        return
    positions = meld.meld.positions
    suit = suit_of(meld.meld.stands_for[0])
    for position in (positions[0] - 1, positions[-1] + 1):
        if 1 <= position <= HIGH_ACE:
            yield (JOKER, make_face(suit, 1 if position == HIGH_ACE else position))
