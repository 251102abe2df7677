"""The Carousel match (``carousel.md``): draw up to three, meld by handing in a whole new table,
knock at 5 or less, go out, the stock's last turns, and scores to 150.

Every card is in exactly one place: the stock, a hand, or a meld on the table (there are no
discards). A meld is checked in full (:func:`check_move`) before anything changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum

from rummykit.core.melds import CARD_JOKERS, CAROUSEL_VALUES, Meld
from rummykit.core.pieces import JOKER, PieceSet, card_set
from rummykit.engine.game import Event, Game, Outcome, RoundResult, round_rng
from rummykit.engine.table import Declared, MeldView, TableMeld, table_meld
from rummykit.errors import IllegalActionError
from rummykit.solvers.rearrange import DeclaredFace, TableSolver
from rummykit.variants.carousel.actions import CarouselAction, CVerb, parse_action
from rummykit.variants.carousel.manipulation import check_move
from rummykit.variants.carousel.rules import HAND_SIZE, CarouselRules

MAX_DRAWS = 3


class CPhase(StrEnum):
    """Whether the match goes on."""

    TURN = "turn"
    OVER = "over"


@dataclass(frozen=True)
class CarouselObservation:
    """What one seat sees (faces throughout): its own hand and everything public."""

    seat: int
    players: int
    round_no: int
    dealer: int
    to_move: int | None
    hand: tuple[int, ...]
    table: tuple[MeldView, ...]
    stock_count: int
    hand_counts: tuple[int, ...]
    scores: tuple[int, ...]
    melded: tuple[int, ...]
    """Seats that have melded this round."""
    draws: int
    """Cards the seat to move has drawn this turn."""
    melded_this_turn: bool
    last_turns: bool
    """The stock is out: these are the last turns, with no draw."""
    rounds_won: tuple[int, ...]
    last_result: RoundResult | None


@dataclass(frozen=True)
class RoundScore:
    """A round's scores: ``deltas`` per seat, the ``winners`` and the explanation lines."""

    deltas: tuple[int, ...]
    winners: tuple[int, ...]
    explanation: tuple[str, ...]


def score_round(
    points: list[int], knocker: int | None, went_out: int | None, rules: CarouselRules
) -> RoundScore:
    """Scores of a round (``carousel.md`` "Scoring") from each seat's points in hand.

    The lowest count wins; a non-knocker who ties the knocker undercuts and wins instead; tied
    non-knockers all win. Each winner scores the sum of the differences to every non-winner (with
    two players, the difference); +``not_knocker_bonus`` to each winner who did not knock when
    someone knocked; +``go_out_bonus`` for going out.
    """
    low = min(points)
    lowest = [s for s, p in enumerate(points) if p == low]
    others = [s for s in lowest if s != knocker]
    winners = others or lowest
    losers = [s for s in range(len(points)) if s not in winners]
    deltas = [0] * len(points)
    notes = []
    for seat in winners:
        gain = sum(points[s] - low for s in losers)
        deltas[seat] += gain
        notes.append(f"seat {seat} has the lowest hand ({low}) and scores {gain}")
        if knocker is not None and seat != knocker:
            deltas[seat] += rules.not_knocker_bonus
            how = "undercuts the knocker" if points[knocker] == low else "beats the knocker"
            notes.append(f"seat {seat} {how}: +{rules.not_knocker_bonus}")
        if seat == went_out:
            deltas[seat] += rules.go_out_bonus
            notes.append(f"seat {seat} went out: +{rules.go_out_bonus}")
    return RoundScore(tuple(deltas), tuple(winners), tuple(notes))


class CarouselGame(Game[CarouselAction, CarouselObservation]):
    """A whole Carousel match under ``rules``, dealt from ``seed``."""

    variant = "carousel"

    def __init__(self, rules: CarouselRules, seed: int) -> None:
        self.rules = rules
        self.seed = seed
        self.players = rules.players
        self.pieces: PieceSet = card_set(rules.decks, rules.decks)
        self.solver = TableSolver(rules.decks)
        self.scores = [0] * self.players
        self.rounds_won = [0] * self.players
        self.results: list[RoundResult] = []
        self.round_no = 0
        self.dealer = round_rng(seed, 0, "first dealer").randrange(self.players)
        self.phase = CPhase.TURN
        self._legal: list[CarouselAction] | None = None
        self._start_round(first=True)

    # ------------------------------------------------------------------ the deal and turns
    def _start_round(self, first: bool = False) -> None:
        self.round_no += 1
        if not first:
            self.dealer = (self.dealer + 1) % self.players
        cards = list(range(self.pieces.size))
        round_rng(self.seed, self.round_no).shuffle(cards)
        self.hands = [[cards.pop() for _ in range(HAND_SIZE)] for _ in range(self.players)]
        self.stock = cards
        self.table: list[TableMeld] = []
        self.melded: set[int] = set()
        self.last_queue: list[int] | None = None
        self.turn = (self.dealer + 1) % self.players
        self._new_turn()

    def _new_turn(self) -> None:
        self.draws = 0
        self.melded_turn = False
        self._legal = None

    @property
    def last_turns(self) -> bool:
        """Whether the stock ran out and these are the last turns (no draw)."""
        return self.last_queue is not None

    def face(self, piece: int) -> int:
        """The face of card id ``piece``."""
        return self.pieces.face(piece)

    def faces(self, pieces: list[int]) -> list[int]:
        """Faces of card ids."""
        return [self.pieces.face(p) for p in pieces]

    def points(self, seat: int) -> int:
        """Points in ``seat``'s hand (joker 25, J Q K 10, ace 1, pips)."""
        return sum(CAROUSEL_VALUES.hand_value(f, CARD_JOKERS) for f in self.faces(self.hands[seat]))

    def table_cards(self) -> list[list[DeclaredFace]]:
        """The table as melds of (face, declared) cards."""
        return [list(m) for m in declared_table([m.meld for m in self.table])]

    def _may_draw(self) -> bool:
        return not self.melded_turn and self.draws < MAX_DRAWS and bool(self.stock) and not self.last_turns

    def _may_meld(self) -> bool:
        no_draw_left = not self.stock or self.last_turns
        return not self.melded_turn and self.draws < MAX_DRAWS and (self.draws >= 1 or no_draw_left)

    def _turn_may_end(self) -> bool:
        return self.melded_turn or self.draws >= MAX_DRAWS or not self.stock or self.last_turns

    def _may_knock(self) -> bool:
        if not self._turn_may_end():
            return False
        if self.rules.knock_requires_prior_meld and self.turn not in self.melded:
            return False
        return self.points(self.turn) <= self.rules.knock_max

    # ------------------------------------------------------------------ protocol
    @property
    def current_seat(self) -> int | None:
        """The seat to move, ``None`` once the match is over."""
        return None if self.phase is CPhase.OVER else self.turn

    def is_terminal(self) -> bool:
        """Whether the match is over."""
        return self.phase is CPhase.OVER

    def parse_action(self, text: str) -> CarouselAction:
        """The action written as ``text`` (see :mod:`rummykit.variants.carousel.actions`)."""
        return parse_action(text)

    def legal_actions(self) -> list[CarouselAction]:
        """Every legal draw, knock and end, and representative melds: the table solver's best
        new table, and the old table with one new meld or one card laid off. Any other legal new
        table is accepted by :meth:`apply` too."""
        if self._legal is None:
            self._legal = list(dict.fromkeys(a for a in self._candidates() if self.is_legal(a)))
        return list(self._legal)

    def _candidates(self) -> Iterator[CarouselAction]:
        if self.phase is CPhase.OVER:
            return
        yield CarouselAction(CVerb.DRAW)
        yield CarouselAction(CVerb.KNOCK)
        yield CarouselAction(CVerb.END)
        if not self._may_meld():
            return
        old = self.table_cards()
        hand = self.faces(self.hands[self.turn])
        best = self.solver.solve(old, hand, CAROUSEL_VALUES, self.rules.joker_replace_from_table)
        if best.played:
            yield CarouselAction(CVerb.MELD, declared_table(best.table))
        for i, meld in enumerate(old):
            for face in dict.fromkeys(hand):
                card: DeclaredFace = (face, None)
                if face == JOKER:
                    continue
                for extended in ([*meld, card], [card, *meld]):
                    yield CarouselAction(
                        CVerb.MELD, tuple(tuple(m) for m in [*old[:i], extended, *old[i + 1 :]])
                    )

    def _validate(self, action: CarouselAction) -> None:
        if self.phase is CPhase.OVER:
            raise IllegalActionError("the match is over")
        verb = action.verb
        if verb is CVerb.DRAW and not self._may_draw():
            raise IllegalActionError(self._why_no_draw())
        if verb is CVerb.END and not self._turn_may_end():
            raise IllegalActionError("draw or meld: a turn ends after a meld or a third draw")
        if verb is CVerb.KNOCK and not self._may_knock():
            raise IllegalActionError(self._why_no_knock())
        if verb is not CVerb.MELD and self.rules.must_meld_if_able and self._can_play():
            raise IllegalActionError("you can meld, so you must (must_meld_if_able)")
        if verb is CVerb.MELD:
            if not self._may_meld():
                raise IllegalActionError(self._why_no_meld())
            hand = self.faces(self.hands[self.turn])
            check_move(self.table_cards(), action.table, hand, self.rules.joker_replace_from_table)

    def _can_play(self) -> bool:
        """Whether a meld is possible now (the table solver plays at least one card)."""
        if not self._may_meld():
            return False
        hand = self.faces(self.hands[self.turn])
        move = self.solver.solve(
            self.table_cards(), hand, CAROUSEL_VALUES, self.rules.joker_replace_from_table
        )
        return bool(move.played)

    def _why_no_draw(self) -> str:
        if self.melded_turn:
            return "you melded: your turn is over (knock or end)"
        if self.draws >= MAX_DRAWS:
            return "three cards drawn: your turn is over"
        return "the stock is empty: no more draws"

    def _why_no_meld(self) -> str:
        if self.melded_turn:
            return "one meld a turn"
        if self.draws >= MAX_DRAWS:
            return "no meld after the third draw"
        return "draw first"

    def _why_no_knock(self) -> str:
        if not self._turn_may_end():
            return "knock at the end of your turn (after a meld or the third draw)"
        if self.rules.knock_requires_prior_meld and self.turn not in self.melded:
            return "knock only after you have melded this round"
        return f"knock with {self.rules.knock_max} points or less in hand (you hold {self.points(self.turn)})"

    def observation(self, seat: int) -> CarouselObservation:
        """What ``seat`` sees: its own hand, the table and the counts."""
        return CarouselObservation(
            seat=seat,
            players=self.players,
            round_no=self.round_no,
            dealer=self.dealer,
            to_move=self.current_seat,
            hand=tuple(self.faces(self.hands[seat])),
            table=tuple(MeldView.of(m) for m in self.table),
            stock_count=len(self.stock),
            hand_counts=tuple(len(h) for h in self.hands),
            scores=tuple(self.scores),
            melded=tuple(sorted(self.melded)),
            draws=self.draws,
            melded_this_turn=self.melded_turn,
            last_turns=self.last_turns,
            rounds_won=tuple(self.rounds_won),
            last_result=self.results[-1] if self.results else None,
        )

    def outcome(self) -> Outcome | None:
        """Final totals (bonuses included) and winners (highest total; ties share)."""
        if not self.is_terminal():
            return None
        best = max(self.scores)
        return Outcome(
            tuple(self.scores), tuple(s for s, v in enumerate(self.scores) if v == best), len(self.results)
        )

    # ------------------------------------------------------------------ applying
    def _apply(self, action: CarouselAction) -> list[Event]:
        seat = self.turn
        self._legal = None
        if action.verb is CVerb.DRAW:
            self.hands[seat].append(self.stock.pop())
            self.draws += 1
            events = [Event(seat, "draws")]
            if not self.stock and self.last_queue is None:
                events.append(Event(seat, "drew the last card: everyone gets one last turn, without drawing"))
            return events + self._after_action()
        if action.verb is CVerb.KNOCK:
            return [Event(seat, f"knocks with {self.points(seat)}"), *self._end_round(knocker=seat)]
        if action.verb is CVerb.END:
            return self._end_turn()
        self._lay_table(action.table)
        self.melded.add(seat)
        self.melded_turn = True
        events = [Event(seat, action.text())]
        if not self.hands[seat]:
            return [*events, Event(seat, "goes out"), *self._end_round(went_out=seat)]
        return events + self._after_action()

    def _lay_table(self, table: tuple[tuple[DeclaredFace, ...], ...]) -> None:
        """Replace the table with ``table``: table cards keep their ids, the rest leave the hand."""
        pool = [p for m in self.table for p in m.pieces]
        hand = self.hands[self.turn]
        melds = []
        for number, meld in enumerate(table, start=1):
            played: list[Declared] = []
            for face, declared in meld:
                source = next((p for p in pool if self.face(p) == face), None)
                if source is None:
                    source = next(p for p in hand if self.face(p) == face)
                    hand.remove(source)
                else:
                    pool.remove(source)
                played.append((source, declared))
            melds.append(
                table_meld(number, self.turn, played, self.pieces, self.rules.meld_rules(), CARD_JOKERS)
            )
        self.table = melds

    def _after_action(self) -> list[Event]:
        """End the turn by itself when ending it is the only thing left to do."""
        legal = self.legal_actions()
        if legal == [CarouselAction(CVerb.END)]:
            return self._end_turn()
        return []

    def _end_turn(self) -> list[Event]:
        seat = self.turn
        if self.last_queue is None and not self.stock:
            self.last_queue = [(seat + i) % self.players for i in range(1, self.players + 1)]
        if self.last_queue is not None:
            if not self.last_queue:
                return self._end_round()
            self.turn = self.last_queue.pop(0)
        else:
            self.turn = (seat + 1) % self.players
        self._new_turn()
        return self._after_action()

    def _end_round(self, knocker: int | None = None, went_out: int | None = None) -> list[Event]:
        points = [self.points(s) for s in range(self.players)]
        score = score_round(points, knocker, went_out, self.rules)
        for seat, delta in enumerate(score.deltas):
            self.scores[seat] += delta
        for seat in score.winners:
            self.rounds_won[seat] += 1
        kind = "knock" if knocker is not None else "out" if went_out is not None else "stock out"
        how = {
            "knock": f"seat {knocker} knocks with {points[knocker] if knocker is not None else 0}",
            "out": f"seat {went_out} goes out",
            "stock out": "the stock ran out and everyone had a last turn",
        }[kind]
        hands = tuple(tuple(self.faces(h)) for h in self.hands)
        notes = (how, *score.explanation)
        result = RoundResult(self.round_no, score.winners[0], kind, score.deltas, notes, hands, CARD_JOKERS)
        self.results.append(result)
        events = [Event(score.winners[0], notes[1], result)]
        if max(self.scores) < self.rules.target:
            self._start_round()
            return events + self._after_action()
        for seat in range(self.players):
            if self.scores[seat] >= self.rules.target:
                self.scores[seat] += self.rules.game_bonus
            self.scores[seat] += self.rules.round_win_bonus * self.rounds_won[seat]
        self.phase = CPhase.OVER
        self._legal = None
        return [*events, Event(None, "the match is over: game and round bonuses added")]

    # ------------------------------------------------------------------ invariants
    def _piece_groups(self) -> Iterable[Iterable[int]]:
        return [self.stock, *self.hands, *(m.pieces for m in self.table)]


def declared_table(melds: Sequence[Meld]) -> tuple[tuple[DeclaredFace, ...], ...]:
    """Melds (a solver's table) as melds of (face, declared) cards."""
    return tuple(
        tuple((f, s if f == JOKER else None) for f, s in zip(m.faces, m.stands_for, strict=True))
        for m in melds
    )


def table_of_views(views: Sequence[MeldView]) -> list[list[DeclaredFace]]:
    """An observation's table as melds of (face, declared) cards."""
    return [
        [(f, s if f == JOKER else None) for f, s in zip(v.faces, v.stands_for, strict=True)] for v in views
    ]
