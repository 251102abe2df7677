"""Carousel's draft for a seat: the player's draft commands mapped to the engine's atomic edits.

The draft (the table being rearranged this turn) is engine state: ``observe`` shows it under
``draft`` (its ``melds`` of ``[face, declared]`` cards, the hand cards ``played``, the jokers
``floating``, whether it ``changed``) and the engine changes it by atomic actions (``new 7H``,
``add 3 7H``, ``split 3 7H``, ``move 3 7H 5``, ``pull 3 7H 5``, ``replace 3 7H from 5``, ``draft
<whole table>``, ``undo``, ``reset``, ``commit``; :mod:`rummykit.variants.carousel.actions`). A
person types bigger steps: several cards at once (``new 7H 7D 7C``, ``add 3 8H 9H``, ``move 2 5H
6H new``), a meld's only joker as ``JK``, and ``hint use`` (the table solver's whole new table, as
one ``draft`` edit). :class:`DraftPlanner` turns each into the list of atomic actions that does it,
working each step out with the engine's own :func:`rummykit.variants.carousel.draft.edit` (so a
step that can't be done is refused with the engine's message before anything is sent), and keeps
how many edits each command made so that ``undo`` takes back the whole command, as a person
expects.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rummykit.core.melds import Meld
from rummykit.core.pieces import JOKER
from rummykit.errors import IllegalActionError, RummykitError
from rummykit.messages import render
from rummykit.session.messages import SessionError
from rummykit.solvers.rearrange import validate_table_meld
from rummykit.variants.carousel.actions import Card, CarouselAction, CVerb, card_text
from rummykit.variants.carousel.draft import DraftTable, edit
from rummykit.variants.carousel.manipulation import meld_problem

Melds = list[list[Card]]


def cards_of(melds: Sequence[Sequence[Sequence[Any]]]) -> Melds:
    """Melds of ``[face, declared]`` pairs (JSON) as lists of (face, declared) cards."""
    return [[(int(c[0]), None if c[1] is None else int(c[1])) for c in meld] for meld in melds]


def table_of(observation: Mapping[str, Any]) -> Melds:
    """The table as it is, as melds of (face, declared) cards (a natural card declared ``None``)."""
    return [
        [(f, s if f == JOKER else None) for f, s in zip(m["faces"], m["stands_for"], strict=True)]
        for m in observation["table"]
    ]


def draft_of(observation: Mapping[str, Any]) -> DraftTable:
    """The draft the observation shows."""
    draft = observation["draft"]
    melds = tuple(tuple(m) for m in cards_of(draft["melds"]))
    return DraftTable(melds, tuple(draft["played"]), int(draft["floating"]))


def meld_status(cards: Sequence[Card]) -> Meld | str:
    """The meld ``cards`` form, or why they form none, in English: the engine's problem
    (:func:`~rummykit.variants.carousel.manipulation.meld_problem`, the ``why`` of its refusal),
    or, for a joker written without its card, the table checker's reason."""
    try:
        return validate_table_meld(cards)
    except RummykitError as exc:
        problem = meld_problem(cards)
        return str(exc) if problem is None else render(*problem)


def is_new(cards: Sequence[Card], table: Sequence[Sequence[Card]]) -> bool:
    """Whether no meld of ``table`` holds exactly ``cards``."""
    want = Counter(cards)
    return all(Counter(m) != want for m in table)


def meld_cards(meld: Meld) -> list[Card]:
    """A validated meld as table cards (jokers declared as what they stand for)."""
    return [(f, s if f == JOKER else None) for f, s in zip(meld.faces, meld.stands_for, strict=True)]


class DraftPlanner:
    """Plans a seat's draft commands as atomic engine actions, from its observation.

    Each ``plan_*`` method returns the actions that carry out the command on the draft now, each
    checked in turn by the engine's :func:`~rummykit.variants.carousel.draft.edit` (an
    :class:`IllegalActionError` with the engine's code when a step can't be done, a
    :class:`SessionError` for what only the session can say). Once the actions are applied,
    :meth:`done` notes how many there were, for :meth:`plan_undo`.
    """

    def __init__(self, replace_from_table: bool) -> None:
        self.replace_from_table = replace_from_table
        self.steps: list[int] = []

    def sync(self, observation: Mapping[str, Any]) -> None:
        """Forget the commands when the draft has no edit to take back (a new draw, a commit, a new
        turn)."""
        if not observation["draft"]["can_undo"]:
            self.steps.clear()

    def done(self, actions: Sequence[CarouselAction]) -> None:
        """The ``actions`` of one command were applied."""
        verbs = {a.verb for a in actions}
        if verbs & {CVerb.COMMIT, CVerb.MELD}:
            self.steps.clear()
        elif verbs == {CVerb.UNDO}:
            if self.steps:
                self.steps.pop()
        elif actions:
            self.steps.append(len(actions))

    # ------------------------------------------------------------------ planning
    def _run(self, observation: Mapping[str, Any], actions: Sequence[CarouselAction]) -> list[int]:
        """Check ``actions`` one after the other on the draft; the number of the meld each made or
        changed."""
        draft, hand = draft_of(observation), list(observation["hand"])
        numbers = []
        for action in actions:
            draft, number = edit(draft, action, hand, self.replace_from_table)
            numbers.append(number)
        return numbers

    def _grow(
        self, observation: Mapping[str, Any], first: CarouselAction, cards: Sequence[Card]
    ) -> list[CarouselAction]:
        """``first``, then each of ``cards`` added to the meld it made."""
        actions = [first]
        for card in cards:
            number = self._run(observation, actions)[-1]
            actions.append(CarouselAction(CVerb.ADD, number=number, card=card))
        self._run(observation, actions)
        return actions

    def plan_new(self, observation: Mapping[str, Any], cards: Sequence[Card]) -> list[CarouselAction]:
        """``new 7H 7D 7C``: a new meld from hand cards (and jokers, declared)."""
        if not cards:
            raise SessionError("draft_name_cards")
        first = CarouselAction(CVerb.NEW, card=cards[0])
        return self._grow(observation, first, cards[1:])

    def plan_add(
        self, observation: Mapping[str, Any], number: int, cards: Sequence[Card]
    ) -> list[CarouselAction]:
        """``add 3 8H 9H``: hand cards added to meld ``number``."""
        if not cards:
            raise SessionError("draft_name_cards")
        actions = [CarouselAction(CVerb.ADD, number=number, card=card) for card in cards]
        self._run(observation, actions)
        return actions

    def plan_split(self, observation: Mapping[str, Any], number: int, card: Card) -> list[CarouselAction]:
        """``split 3 8H``: meld ``number`` cut before ``card`` (``JK``: its only joker)."""
        actions = [CarouselAction(CVerb.SPLIT, number=number, card=self.named(observation, number, card))]
        self._run(observation, actions)
        return actions

    def plan_move(
        self, observation: Mapping[str, Any], source: int, cards: Sequence[Card], target: int | None
    ) -> list[CarouselAction]:
        """``move 2 5H 6H 4`` (``target`` ``None``: to a new meld): cards moved between melds."""
        if not cards:
            raise SessionError("draft_name_cards_to_move")
        if target == source:
            raise IllegalActionError("carousel.same_meld")
        named = [self.named(observation, source, card) for card in cards]
        first = CarouselAction(CVerb.MOVE, number=source, card=named[0], other=target)
        actions = [first]
        for card in named[1:]:
            # the source keeps its number while it holds cards: only the last move can empty it
            target_now = self._run(observation, actions)[-1]
            actions.append(CarouselAction(CVerb.MOVE, number=source, card=card, other=target_now))
        self._run(observation, actions)
        return actions

    def plan_replace(
        self, observation: Mapping[str, Any], number: int, face: int, source: int | None
    ) -> list[CarouselAction]:
        """``replace 4 5H`` (from the hand) or ``replace 4 5H from 2``: a joker's real card takes
        its place; the joker is freed."""
        actions = [CarouselAction(CVerb.REPLACE, number=number, card=(face, None), other=source)]
        self._run(observation, actions)
        return actions

    def plan_undo(self, observation: Mapping[str, Any]) -> list[CarouselAction]:
        """``undo``: the edits of the last command taken back."""
        count = self.steps[-1] if self.steps else 1
        return [CarouselAction(CVerb.UNDO)] * count

    def plan_pull(
        self, observation: Mapping[str, Any], number: int, card: Card, target: int | None
    ) -> list[CarouselAction]:
        """``pull 3 8H 5`` (``target`` ``None``: to a new meld): ``card`` (``JK``: the meld's only
        joker) taken out of the middle of run ``number`` to meld ``target``, the run split around
        it (the cards after it become the last meld, then the new meld, if any, after them)."""
        named = self.named(observation, number, card)
        actions = [CarouselAction(CVerb.PULL, number=number, card=named, other=target)]
        self._run(observation, actions)
        return actions

    def plan_draft(
        self, observation: Mapping[str, Any], table: Sequence[Sequence[Card]]
    ) -> list[CarouselAction]:
        """``draft 4H 5H 6H | 7S 7D 7C`` (or ``hint use``, with the solver's table): ``table`` (melds
        of (face, declared) cards) made the whole draft as one edit, whatever the draft was; it
        must hold every card of the table as it is, and hand cards besides (the engine's
        ``carousel.card_left_table``, ``carousel.not_held``, ... otherwise)."""
        actions = [CarouselAction(CVerb.DRAFT, tuple(tuple(m) for m in table))]
        self._run(observation, actions)
        return actions

    @staticmethod
    def named(observation: Mapping[str, Any], number: int, card: Card) -> Card:
        """``card`` as it is in draft meld ``number``: ``JK`` (undeclared) names the meld's only
        joker."""
        face, declared = card
        if face != JOKER or declared is not None:
            return card
        melds = cards_of(observation["draft"]["melds"])
        if not 1 <= number <= len(melds):
            return card
        jokers = [c for c in melds[number - 1] if c[0] == JOKER]
        if len(jokers) > 1:
            raise IllegalActionError("draft_which_joker", number=number, count=len(jokers))
        if not jokers:
            raise IllegalActionError("carousel.meld_lacks", number=number, card=card_text(card))
        return jokers[0]


__all__ = ["DraftPlanner", "cards_of", "draft_of", "is_new", "meld_cards", "meld_status", "table_of"]
