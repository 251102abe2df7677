"""The Carousel client's draft: a new table built step by step before it is played as one meld.

A Carousel meld hands in a whole new table (``carousel.md`` "Melding (manipulation)"). A person
builds it with small steps on a :class:`Draft` of the table as it is: a new meld from hand cards,
cards added to a meld, a meld split in two, cards moved between melds, a joker replaced by its real
card (the joker then *floats* until it is placed again with a new declaration). Every step is
checked only for what it can know (the cards exist where they are taken from); whether the result is
a legal move is the engine's to say when the draft is committed. The draft keeps every earlier state
for ``undo``.

Cards are ``(face, declared)`` pairs as on the engine's tables: a joker always carries its declared
card (``JK[7H]``), a natural card ``None``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from rummykit.core.melds import Meld
from rummykit.core.notation import format_declared, format_face
from rummykit.core.pieces import JOKER, Kind, rank_of, suit_of
from rummykit.errors import IllegalActionError, RummykitError
from rummykit.solvers.rearrange import DeclaredFace, validate_table_meld

Card = DeclaredFace
"""A card on a table: (face, the card a joker is declared as, or ``None``)."""
TableCards = tuple[tuple[Card, ...], ...]
"""A whole table as the engine takes it."""


def card_name(card: Card) -> str:
    """``7H`` or ``JK[7H]``."""
    return format_declared(Kind.CARDS, card[0], card[1])


def meld_cards(meld: Meld) -> list[Card]:
    """A validated meld as table cards (jokers declared as what they stand for)."""
    return [(f, s if f == JOKER else None) for f, s in zip(meld.faces, meld.stands_for, strict=True)]


def check_meld(cards: Sequence[Card]) -> Meld | str:
    """The meld ``cards`` form, or the reason they form none."""
    try:
        return validate_table_meld(cards)
    except RummykitError as exc:
        text = str(exc).removeprefix("the table holds an invalid meld: ")
        return text.split(" is not a meld: ", 1)[-1]


def tidy(cards: list[Card]) -> list[Card]:
    """A meld's cards in their order on the table: the meld's order when valid, else by number
    (a joker by its declared card), then suit."""
    meld = check_meld(cards)
    if isinstance(meld, Meld):
        return meld_cards(meld)

    def key(card: Card) -> tuple[int, int]:
        face = card[1] if card[0] == JOKER and card[1] is not None else card[0]
        return (99, 0) if face == JOKER else (rank_of(face), suit_of(face))

    return sorted(cards, key=key)


@dataclass
class DraftState:
    """One state of the draft: the melds (in table order), the hand cards placed (by face, jokers
    under ``JOKER``) and the jokers freed but not yet placed again."""

    melds: list[list[Card]]
    used: Counter[int] = field(default_factory=Counter)
    floating: int = 0

    def copy(self) -> DraftState:
        """An independent copy."""
        return DraftState([list(m) for m in self.melds], Counter(self.used), self.floating)


class Draft:
    """The new table being built from ``table`` (the table as it is) and the ``hand`` (faces).

    Each step raises :class:`IllegalActionError` (nothing changed) when it can't be done, and
    otherwise records the state before it for :meth:`undo`. Meld numbers are 1-based positions in
    the draft; a meld left empty disappears and the melds after it move up.
    ``replace_from_table`` is the rules option allowing a joker's real card to come from a meld.
    """

    def __init__(self, table: Sequence[Sequence[Card]], hand: Sequence[int], replace_from_table: bool = True):
        self.base: TableCards = tuple(tuple(m) for m in table)
        self.hand = list(hand)
        self.replace_from_table = replace_from_table
        self.state = DraftState([list(m) for m in self.base])
        self.history: list[DraftState] = []

    # ------------------------------------------------------------------ reading
    @property
    def melds(self) -> list[list[Card]]:
        """The draft's melds."""
        return self.state.melds

    @property
    def changed(self) -> bool:
        """Whether the draft differs from the table as it is."""
        return self.table() != self.base or bool(self.state.used) or self.state.floating > 0

    def table(self) -> TableCards:
        """The draft as the engine's new table."""
        return tuple(tuple(m) for m in self.melds if m)

    def left(self) -> list[int]:
        """The hand cards not placed in the draft (in the hand's order)."""
        used = Counter(self.state.used)
        out = []
        for face in self.hand:
            if used[face] > 0:
                used[face] -= 1
            else:
                out.append(face)
        return out

    def played(self) -> list[int]:
        """The hand cards placed in the draft."""
        return sorted(self.state.used.elements())

    def is_new(self, index: int) -> bool:
        """Whether draft meld ``index`` (0-based) differs from every meld of the table as it is."""
        cards = Counter(self.melds[index])
        return all(Counter(old) != cards for old in self.base)

    # ------------------------------------------------------------------ steps
    def _step(self) -> DraftState:
        """A copy of the state to change; :meth:`_commit` makes it current."""
        return self.state.copy()

    def _commit(self, state: DraftState, watch: int | None = None) -> int:
        """Make ``state`` current (melds tidied, empty ones dropped); returns the new number of
        the meld at index ``watch`` (0-based, before dropping), or 0."""
        number = 0
        kept = []
        for i, meld in enumerate(state.melds):
            if meld:
                kept.append(tidy(meld))
                if i == watch:
                    number = len(kept)
        state.melds = kept
        self.history.append(self.state)
        self.state = state
        return number

    def _meld(self, state: DraftState, number: int) -> list[Card]:
        if not 1 <= number <= len(state.melds):
            count = len(state.melds)
            have = f"melds 1..{count}" if count else "no melds yet"
            raise IllegalActionError(f"there is no meld {number}: the draft has {have}")
        return state.melds[number - 1]

    def _take_from_hand(self, state: DraftState, cards: Sequence[Card]) -> list[Card]:
        """``cards`` taken from the hand (a joker from the freed ones first)."""
        if not cards:
            raise RummykitError("name the cards, e.g. 7H 8H or JK[9H]")
        held = Counter(self.hand)
        out = []
        for face, declared in cards:
            if face == JOKER:
                if declared is None or declared == JOKER:
                    raise IllegalActionError("a joker is played with the card it stands for, e.g. JK[9H]")
                if state.floating:
                    state.floating -= 1
                elif state.used[JOKER] < held[JOKER]:
                    state.used[JOKER] += 1
                else:
                    raise IllegalActionError("you have no joker to play")
            else:
                if declared is not None:
                    name = format_face(Kind.CARDS, face)
                    raise IllegalActionError(f"only a joker is declared; {name} is itself")
                if state.used[face] >= held[face]:
                    name = format_face(Kind.CARDS, face)
                    where = " (it is in the draft already)" if held[face] else ""
                    raise IllegalActionError(f"you don't hold {name}{where}")
                state.used[face] += 1
            out.append((face, declared))
        return out

    @staticmethod
    def _find(meld: list[Card], card: Card, number: int) -> int:
        """The index of ``card`` in meld ``number``: ``7H``, ``JK[7H]``, or ``JK`` for its only
        joker."""
        face, declared = card
        if face == JOKER and declared is None:
            jokers = [i for i, (f, _) in enumerate(meld) if f == JOKER]
            if len(jokers) == 1:
                return jokers[0]
            if jokers:
                raise IllegalActionError(f"meld {number} holds {len(jokers)} jokers: say which, e.g. JK[5H]")
        elif face != JOKER and declared is not None:
            raise IllegalActionError(f"only a joker is declared; {format_face(Kind.CARDS, face)} is itself")
        else:
            for i, held in enumerate(meld):
                if held == card:
                    return i
        raise IllegalActionError(f"meld {number} holds no {card_name(card)}")

    def new(self, cards: Sequence[Card]) -> int:
        """A new meld (the last) from hand cards and freed jokers; returns its number."""
        state = self._step()
        state.melds.append(self._take_from_hand(state, cards))
        return self._commit(state, len(state.melds) - 1)

    def add(self, number: int, cards: Sequence[Card]) -> None:
        """Hand cards (or freed jokers) added to meld ``number``."""
        state = self._step()
        meld = self._meld(state, number)
        meld += self._take_from_hand(state, cards)
        self._commit(state)

    def split(self, number: int, card: Card) -> int:
        """Meld ``number`` cut before ``card``: the cards from ``card`` on become a new meld (the
        last); returns its number."""
        state = self._step()
        meld = self._meld(state, number)
        at = self._find(meld, card, number)
        if at == 0:
            raise IllegalActionError(
                f"{card_name(card)} is the first card of meld {number}: nothing to split off"
            )
        tail = meld[at:]
        del meld[at:]
        state.melds.append(tail)
        return self._commit(state, len(state.melds) - 1)

    def move(self, source: int, cards: Sequence[Card], target: int | None) -> int:
        """``cards`` moved from meld ``source`` to meld ``target`` (``None``: a new meld); a joker
        keeps its declared card. Returns the target's number after the move."""
        if not cards:
            raise RummykitError("name the cards to move, e.g. move 2 5H 4")
        if target == source:
            raise IllegalActionError("the cards are in that meld already")
        state = self._step()
        origin = self._meld(state, source)
        moved = []
        for card in cards:
            moved.append(origin.pop(self._find(origin, card, source)))
        if target is None:
            state.melds.append([])
            target = len(state.melds)
        self._meld(state, target).extend(moved)
        return self._commit(state, target - 1)

    def replace(self, number: int, face: int, source: int | None = None) -> None:
        """The joker declared ``face`` in meld ``number`` replaced by a real ``face`` from the hand
        (or from meld ``source``); the joker is freed, to be placed again."""
        if face == JOKER:
            raise RummykitError("name the real card, e.g. replace 4 5H")
        if source is not None and not self.replace_from_table:
            raise IllegalActionError("under these rules a joker's real card comes from your hand")
        if source == number:
            raise IllegalActionError("the real card must come from your hand or from another meld")
        state = self._step()
        meld = self._meld(state, number)
        at = self._find(meld, (JOKER, face), number)
        if source is None:
            self._take_from_hand(state, [(face, None)])
        else:
            origin = self._meld(state, source)
            origin.pop(self._find(origin, (face, None), source))
        meld[at] = (face, None)
        state.floating += 1
        self._commit(state)

    def load(self, table: Sequence[Sequence[Card]], played: Sequence[int]) -> None:
        """Replace the draft by a whole new ``table`` that plays ``played`` from the hand (the
        solver's move)."""
        state = DraftState([list(m) for m in table], Counter(played), 0)
        self._commit(state)

    def undo(self) -> None:
        """Back one step."""
        if not self.history:
            raise IllegalActionError("nothing to undo")
        self.state = self.history.pop()

    def reset(self) -> None:
        """Back to the table as it is (one step for :meth:`undo`)."""
        if not self.changed:
            raise IllegalActionError("the draft is the table as it is already")
        self.history.append(self.state)
        self.state = DraftState([list(m) for m in self.base])


__all__ = ["Card", "Draft", "DraftState", "TableCards", "card_name", "check_meld", "meld_cards", "tidy"]
