"""Carousel's draft for a seat: the player's draft commands mapped to the engine's atomic edits.

The draft (the table being rearranged this turn) is engine state: ``observe`` shows it under
``draft`` (its ``melds`` of ``[face, declared]`` cards, the hand cards ``played``, the jokers
``floating``, whether it ``changed``) and the engine changes it by atomic actions (``new 7H``,
``add 3 7H``, ``split 3 7H``, ``move 3 7H 5``, ``replace 3 7H from 5``, ``undo``, ``reset``,
``commit``; :mod:`rummykit.variants.carousel.actions`). A person types bigger steps: several
cards at once (``new 7H 7D 7C``, ``add 3 8H 9H``, ``move 2 5H 6H new``), a meld's only joker as
``JK``, and ``hint use`` (the table solver's whole new table). :class:`DraftPlanner` turns each
into the list of atomic actions that does it, working each step out with the engine's own
:func:`rummykit.variants.carousel.draft.edit` (so a step that can't be done is refused with the
engine's message before anything is sent), and keeps how many edits each command made so that
``undo`` takes back the whole command, as a person expects.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rummykit.core.melds import Meld
from rummykit.core.pieces import JOKER
from rummykit.errors import IllegalActionError, RummykitError
from rummykit.session.messages import SessionError
from rummykit.solvers.rearrange import validate_table_meld
from rummykit.variants.carousel.actions import Card, CarouselAction, CVerb, card_text
from rummykit.variants.carousel.draft import DraftTable, edit

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
    """The meld ``cards`` form, or why they form none (the table checker's reason)."""
    try:
        return validate_table_meld(cards)
    except RummykitError as exc:
        text = str(exc).removeprefix("the table holds an invalid meld: ")
        return text.split(" is not a meld: ", 1)[-1]


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

    def plan_table(
        self, observation: Mapping[str, Any], table: Sequence[Sequence[Card]], played: Sequence[int]
    ) -> list[CarouselAction]:
        """The edits that turn the table as it is into ``table`` (playing ``played`` from the hand),
        each card moved at most once: the draft reset when it changed; each joker to be freed
        replaced by its real card (from the hand when the hand plays it, else from the meld that
        holds it); each new meld grown from the meld of the table it shares most cards with (a
        meld kept whole costs nothing), its missing cards moved from melds that don't keep them,
        else added from the hand (and the freed jokers). Raises :class:`IllegalActionError` (the
        engine's) when an edit can't be made."""
        plan = _TablePlan(observation, self.replace_from_table)
        return plan.build(table, played)

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


class _TablePlan:
    """The edits from the table as it is to a whole new table, worked out on the engine's draft.

    Draft melds are known by *labels* that survive renumbering (a meld emptied disappears and the
    melds after it move up; a new meld goes last)."""

    def __init__(self, observation: Mapping[str, Any], replace_from_table: bool) -> None:
        self.replace_from_table = replace_from_table
        self.hand = list(observation["hand"])
        self.actions: list[CarouselAction] = []
        if observation["draft"]["changed"]:
            self.actions.append(CarouselAction(CVerb.RESET))
        self.base = table_of(observation)
        self.draft = DraftTable(tuple(tuple(m) for m in self.base))
        self.labels = list(range(len(self.base)))

    def step(self, action: CarouselAction) -> None:
        """Make one edit on the draft (the engine's :func:`edit`), following the labels."""
        before = self.draft
        self.draft, _ = edit(before, action, self.hand, self.replace_from_table)
        self.actions.append(action)
        if action.verb in (CVerb.NEW, CVerb.SPLIT) or (action.verb is CVerb.MOVE and action.other is None):
            self.labels.append(max(self.labels, default=-1) + 1)
        if action.verb is CVerb.MOVE and len(before.melds[action.number - 1]) == 1:
            del self.labels[action.number - 1]

    def number(self, label: int) -> int:
        """The meld number of ``label`` now."""
        return self.labels.index(label) + 1

    def content(self, label: int) -> Counter[Card]:
        """The cards of meld ``label`` now."""
        return Counter(self.draft.melds[self.labels.index(label)])

    def build(self, table: Sequence[Sequence[Card]], played: Sequence[int]) -> list[CarouselAction]:
        """The plan (see :meth:`DraftPlanner.plan_table`)."""
        self.free_jokers(table, played)
        wants = [Counter(m) for m in table]
        homes = self.homes(wants)
        needs = {label: wants[t] for t, label in homes.items()}
        for t, want in enumerate(wants):
            label = homes.get(t)
            have = self.content(label) if label is not None else Counter[Card]()
            for card in (want - have).elements():
                source = self.source(card, needs, label)
                if label is None:
                    if source is None:
                        self.step(CarouselAction(CVerb.NEW, card=card))
                    else:
                        self.step(CarouselAction(CVerb.MOVE, number=self.number(source), card=card))
                    label = self.labels[-1]
                    needs[label] = want
                elif source is None:
                    self.step(CarouselAction(CVerb.ADD, number=self.number(label), card=card))
                else:
                    move = CarouselAction(
                        CVerb.MOVE, number=self.number(source), card=card, other=self.number(label)
                    )
                    self.step(move)
        return self.actions

    def free_jokers(self, table: Sequence[Sequence[Card]], played: Sequence[int]) -> None:
        """Replace each joker that the new table declares no more by its real card."""
        from_hand = Counter(played)
        wanted = Counter(c for m in table for c in m if c[0] == JOKER)
        had = Counter(c for m in self.base for c in m if c[0] == JOKER)
        for joker in (had - wanted).elements():
            real = joker[1]
            assert real is not None
            holder = next(n for n, m in enumerate(self.draft.melds, start=1) if joker in m)
            source = None
            if from_hand[real] > 0:
                from_hand[real] -= 1
            else:
                source = next(
                    n for n, m in enumerate(self.draft.melds, start=1) if (real, None) in m and n != holder
                )
            self.step(CarouselAction(CVerb.REPLACE, number=holder, card=(real, None), other=source))

    def homes(self, wants: Sequence[Counter[Card]]) -> dict[int, int]:
        """For each new meld, the label of the meld it grows from (the most cards shared, each meld
        used once); new melds sharing nothing start empty."""
        shared = sorted(
            (
                (sum((want & Counter(meld)).values()), t, label)
                for t, want in enumerate(wants)
                for label, meld in zip(self.labels, self.draft.melds, strict=True)
            ),
            reverse=True,
        )
        homes: dict[int, int] = {}
        taken: set[int] = set()
        for count, t, label in shared:
            if count and t not in homes and label not in taken:
                homes[t] = label
                taken.add(label)
        return homes

    def source(self, card: Card, needs: Mapping[int, Counter[Card]], home: int | None) -> int | None:
        """A meld with ``card`` to spare (not kept where it is), or ``None``: from the hand."""
        for label in self.labels:
            if label == home:
                continue
            spare = self.content(label)[card] - needs.get(label, Counter[Card]())[card]
            if spare > 0:
                return label
        return None


__all__ = ["DraftPlanner", "cards_of", "draft_of", "is_new", "meld_cards", "meld_status", "table_of"]
