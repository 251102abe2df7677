"""The draft: the table being rearranged this turn, changed by atomic edits before it is committed
as a whole new table (``carousel.md`` "Melding (manipulation)").

A :class:`DraftTable` is one immutable state of the draft: its melds (in table order), the hand
cards placed (faces) and the jokers freed but not yet placed again. :func:`edit` gives the draft
after one edit, checking only what the edit itself can know (the cards are where they are taken
from, the meld numbers exist); whether the result is a legal new table is :func:`check_move`'s to
say at commit. ``draft`` sets the whole draft at once: its melds must hold the table's cards (a
joker fewer is one freed) and hand cards. After each edit every changed meld is *tidied* (its cards
in meld order when it is a valid meld, else by rank then suit) and empty melds disappear, the melds
after them moving up. :func:`legal_edits` lists every edit that :func:`edit` accepts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter
from typing import NamedTuple, TypeVar

from rummykit.core.melds import CARD_JOKERS, Meld, MeldKind, find_meld
from rummykit.core.pieces import JOKER, N_FACES, N_RANKS, rank_of, suit_of
from rummykit.errors import IllegalActionError
from rummykit.solvers.rearrange import CARD_MELDS
from rummykit.variants.carousel.actions import (
    ADD_BASE,
    MAX_MELDS,
    MOVE_BASE,
    NEW_BASE,
    PULL_BASE,
    REPLACE_BASE,
    SPLIT_BASE,
    TARGETS,
    TOKENS,
    Card,
    CarouselAction,
    CVerb,
    Table,
    action_of_id,
    card_text,
    token_of,
)

P = "carousel."


@dataclass(frozen=True)
class DraftTable:
    """One state of the draft: ``melds``, the hand cards ``used`` (faces, sorted; jokers as
    ``JOKER``) and the number of jokers ``floating`` (freed, to be placed again)."""

    melds: Table
    used: tuple[int, ...] = ()
    floating: int = 0


def meld_of(cards: tuple[Card, ...]) -> Meld | None:
    """The set or run ``cards`` (a draft meld) form, as :func:`~rummykit.core.melds.find_meld`
    finds it, or ``None``. Most cards an edit gathers are no meld: fewer than three, or every card
    (a joker by its declared card) neither of one rank nor of one suit; those are refused without
    the full check."""
    if len(cards) < 3:
        return None
    ranks = 0
    suits = 0
    for face, declared in cards:
        stands = face if declared is None else declared
        if not 0 <= stands < N_FACES:
            break
        ranks |= 1 << stands % N_RANKS
        suits |= 1 << stands // N_RANKS
    else:
        if ranks & (ranks - 1) and suits & (suits - 1):
            return None
    return find_meld([f for f, _ in cards], CARD_MELDS, CARD_JOKERS, declared=[d for _, d in cards])


@lru_cache(maxsize=16384)
def tidy(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """A meld's cards in table order: the meld's order when valid, else by rank (a joker by its
    declared card), then suit (kept in a bounded memo: every edit tidies the melds it changed)."""
    meld = meld_of(cards)
    if meld is None:
        return tuple(sorted(cards, key=_SORT_KEYS.__getitem__))
    return tuple((f, s if f == JOKER else None) for f, s in zip(meld.faces, meld.stands_for, strict=True))


@lru_cache(maxsize=16384)
def is_run(cards: tuple[Card, ...]) -> bool:
    """Whether ``cards`` (a draft meld, tidied) are a valid run (kept in a bounded memo: the legal
    edits ask it of every meld of every position)."""
    meld = meld_of(cards)
    return meld is not None and meld.kind is MeldKind.RUN


def _sort_key(card: Card) -> tuple[int, int, int]:
    face = card[1] if card[0] == JOKER and card[1] is not None else card[0]
    return (rank_of(face), suit_of(face), card[0] == JOKER)


K = TypeVar("K")
V = TypeVar("V")


class _Made(dict[K, V]):
    """A dict that makes each missing value with ``make`` and keeps it, for small domains such
    as cards: read through ``made.__getitem__`` (as a sort key, or mapped over cards), a lookup
    costs less than calling the function."""

    def __init__(self, make: Callable[[K], V]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: K) -> V:
        value = self[key] = self.make(key)
        return value


_SORT_KEYS: _Made[Card, tuple[int, int, int]] = _Made(_sort_key)
""":func:`_sort_key` of each card."""
_TOKENS: _Made[Card, int] = _Made(token_of)
""":func:`~rummykit.variants.carousel.actions.token_of` of each card."""


def _meld(melds: Sequence[Sequence[Card]], number: int) -> Sequence[Card]:
    if not 1 <= number <= len(melds):
        if melds:
            raise IllegalActionError(P + "no_such_meld", number=number, count=len(melds))
        raise IllegalActionError(P + "no_melds_yet", number=number)
    return melds[number - 1]


def _find(meld: Sequence[Card], card: Card, number: int) -> int:
    for i, held in enumerate(meld):
        if held == card:
            return i
    raise IllegalActionError(P + "meld_lacks", number=number, card=card_text(card))


class _Work:
    """A draft being edited: the melds (a mutable copy of each one the edit changes, the others
    kept as they are), the used hand cards and the jokers (the list of used cards made at the
    first :meth:`take`: most edits take nothing)."""

    def __init__(self, draft: DraftTable, hand: Sequence[int]) -> None:
        self.melds: list[list[Card] | tuple[Card, ...]] = list(draft.melds)
        self.draft_used = draft.used
        self.hand = hand
        self.floating = draft.floating
        self.changed: set[int] = set()
        self.used: list[int] | None = None
        """The hand cards used (faces), once a card is taken."""

    def take(self, card: Card) -> Card:
        """``card`` taken from the hand (a joker: a freed one first)."""
        if self.used is None:
            self.used = list(self.draft_used)
        used, hand = self.used, self.hand
        face, declared = card
        if face == JOKER:
            if declared is None or declared == JOKER:
                raise IllegalActionError(P + "joker_needs_card")
            if self.floating:
                self.floating -= 1
            elif used.count(JOKER) < hand.count(JOKER):
                used.append(JOKER)
            else:
                raise IllegalActionError(P + "no_joker")
            return card
        if declared is not None:
            raise IllegalActionError(P + "only_joker_declared", card=card_text((face, None)))
        held = hand.count(face)
        if used.count(face) >= held:
            code = "in_draft_already" if held else "not_held"
            raise IllegalActionError(P + code, card=card_text(card))
        used.append(face)
        return card

    def meld(self, number: int) -> list[Card]:
        """Meld ``number`` (1-based), marked as changed (a mutable copy)."""
        index = number - 1
        found = _meld(self.melds, number)
        if index not in self.changed:
            found = self.melds[index] = list(found)
            self.changed.add(index)
        assert isinstance(found, list)
        return found

    def append(self, cards: list[Card]) -> int:
        """A new meld (the last); its index."""
        self.melds.append(cards)
        self.changed.add(len(self.melds) - 1)
        return len(self.melds) - 1

    def done(self, watch: int | None) -> tuple[DraftTable, int]:
        """The new draft (changed melds tidied, empty ones dropped) and the number the meld at
        index ``watch`` has in it (0 when none)."""
        kept: list[tuple[Card, ...]] = []
        number = 0
        for i, meld in enumerate(self.melds):
            if not meld:
                continue
            kept.append(tidy(tuple(meld)) if i in self.changed else tuple(meld))
            if i == watch:
                number = len(kept)
        if len(kept) > MAX_MELDS:
            raise IllegalActionError(P + "too_many_melds", max=MAX_MELDS)
        used = self.draft_used if self.used is None else tuple(sorted(self.used))
        return DraftTable(tuple(kept), used, self.floating), number


def edit(
    draft: DraftTable, action: CarouselAction, hand: Sequence[int], replace_from_table: bool
) -> tuple[DraftTable, int]:
    """The draft after the edit ``action`` (``new``, ``add``, ``split``, ``move``, ``pull``,
    ``replace``, ``draft``) with ``hand`` (the mover's faces), and the number of the meld the edit
    made or changed (0 for ``draft``); raises :class:`IllegalActionError` (nothing changes) when it
    can't be done."""
    if action.verb is CVerb.DRAFT:
        return set_draft(draft, action.table, hand), 0
    work = _Work(draft, hand)
    verb, number, card = action.verb, action.number, action.card
    assert card is not None, "edit() takes well-formed actions (actions.well_formed)"
    if verb is CVerb.NEW:
        return work.done(work.append([work.take(card)]))
    if verb is CVerb.ADD:
        work.meld(number).append(work.take(card))
        return work.done(number - 1)
    if verb is CVerb.SPLIT:
        meld = work.meld(number)
        at = _find(meld, card, number)
        if at == 0:
            raise IllegalActionError(P + "split_first", card=card_text(card), number=number)
        tail = meld[at:]
        del meld[at:]
        return work.done(work.append(tail))
    if verb is CVerb.MOVE:
        if action.other == number:
            raise IllegalActionError(P + "same_meld")
        origin = work.meld(number)
        moved = origin.pop(_find(origin, card, number))
        if action.other is None:
            return work.done(work.append([moved]))
        work.meld(action.other).append(moved)
        return work.done(action.other - 1)
    if verb is CVerb.PULL:
        return _pull(work, action)
    return _replace(work, action, replace_from_table)


def _pull(work: _Work, action: CarouselAction) -> tuple[DraftTable, int]:
    """``pull``: the card out of the middle of a run, the run split around it (module docstring
    of :mod:`~rummykit.variants.carousel.actions`)."""
    number, card, target = action.number, action.card, action.other
    assert card is not None
    if target == number:
        raise IllegalActionError(P + "same_meld")
    origin = work.meld(number)
    if not is_run(tuple(origin)):
        raise IllegalActionError(P + "pull_not_run", number=number)
    at = _find(origin, card, number)
    if at in (0, len(origin) - 1):
        raise IllegalActionError(P + "pull_end", card=card_text(card), number=number)
    destination = None if target is None else work.meld(target)
    tail = origin[at + 1 :]
    del origin[at:]
    work.append(tail)
    if target is None or destination is None:
        return work.done(work.append([card]))
    destination.append(card)
    return work.done(target - 1)


def set_draft(draft: DraftTable, table: Table, hand: Sequence[int]) -> DraftTable:
    """The draft made ``table`` (each meld tidied): it holds every real card of the table as it is
    (``draft``'s cards less the hand cards it placed) and hand cards from ``hand`` (faces) besides;
    a joker of the table it lacks is freed (``floating``), a joker it adds comes from a freed one
    or the hand. Raises :class:`IllegalActionError` (``card_left_table``, ``not_held``,
    ``no_joker``, ``too_many_melds``) when ``table`` can't be the draft."""
    if len(table) > MAX_MELDS:
        raise IllegalActionError(P + "too_many_melds", max=MAX_MELDS)
    base: Counter[int] = Counter(f for m in draft.melds for f, _ in m)
    base[JOKER] += draft.floating
    base.subtract(draft.used)
    wanted: Counter[int] = Counter(f for m in table for f, _ in m)
    gone = base - wanted
    gone_real = sorted(f for f in gone if f != JOKER)
    if gone_real:
        raise IllegalActionError(P + "card_left_table", card=card_text((gone_real[0], None)))
    used = wanted - base
    short = used - Counter(hand)
    if short:
        face = min(short)
        if face == JOKER:
            raise IllegalActionError(P + "no_joker")
        raise IllegalActionError(P + "not_held", card=card_text((face, None)))
    melds = tuple(tidy(tuple(m)) for m in table)
    return DraftTable(melds, tuple(sorted(used.elements())), gone[JOKER])


def _replace(work: _Work, action: CarouselAction, replace_from_table: bool) -> tuple[DraftTable, int]:
    number, source = action.number, action.other
    assert action.card is not None
    face = action.card[0]
    if face == JOKER or action.card[1] is not None:
        raise IllegalActionError(P + "replace_real_card")
    if source is not None and not replace_from_table:
        raise IllegalActionError(P + "replace_from_hand")
    if source == number:
        raise IllegalActionError(P + "replace_other_meld")
    meld = work.meld(number)
    at = _find(meld, (JOKER, face), number)
    if source is None:
        work.take((face, None))
    else:
        origin = work.meld(source)
        origin.pop(_find(origin, (face, None), source))
    meld[at] = (face, None)
    work.floating += 1
    return work.done(number - 1)


def legal_edits(draft: DraftTable, hand: Sequence[int], replace_from_table: bool) -> Iterator[CarouselAction]:
    """Every edit :func:`edit` accepts on ``draft`` with ``hand`` (faces), in id order within each
    verb: ``new``, ``add``, ``split``, ``move``, ``replace`` (the actions of
    :func:`legal_edit_ids`)."""
    return map(action_of_id, legal_edit_ids(draft, hand, replace_from_table))


def _token_rows(base: int, rows: int) -> tuple[tuple[int, ...], ...]:
    """Row ``r`` (``0 <= r < rows``) holds the ids ``base + r * TOKENS + token`` of every card
    token, indexed by token. A listing reads its ids from such rows, made once, rather than adding
    them up: each sum makes a new int object, which costs more than the rest of what the listing
    does with the id."""
    return tuple(tuple(range(base + r * TOKENS, base + (r + 1) * TOKENS)) for r in range(rows))


_NEW_ROW = _token_rows(NEW_BASE, 1)[0]
"""``new`` ids by card token."""
_ADD_ROWS = _token_rows(ADD_BASE, MAX_MELDS)
"""``add`` ids by meld index, then card token."""
_SPLIT_ROWS = _token_rows(SPLIT_BASE, MAX_MELDS)
"""``split`` ids by meld index, then card token."""


_TargetRows = _Made[int, tuple[int, ...]]
"""The ids ``base + (i * TOKENS + token) * TARGETS + target`` of a ``move`` or a ``pull`` (by
``base``) of a card token out of meld index ``i``: one row of :data:`TARGETS` ids, indexed by
target, per ``i * TOKENS + token``, each made on first use and kept (as :func:`_token_rows`)."""


def _target_rows(base: int) -> _TargetRows:
    """:data:`_TargetRows` of ``base``."""
    return _Made(lambda at: tuple(range(base + at * TARGETS, base + (at + 1) * TARGETS)))


_MOVE_ROWS = _target_rows(MOVE_BASE)
_PULL_ROWS = _target_rows(PULL_BASE)


def legal_edit_ids(draft: DraftTable, hand: Sequence[int], replace_from_table: bool) -> list[int]:
    """The ids of every edit :func:`edit` accepts on ``draft`` with ``hand`` (faces), ascending:
    ``new`` and ``add`` of each hand card left (a joker, freed or from the hand, as each face),
    ``split`` before each card but a meld's first, ``move`` of each card to each other meld or a
    new one, ``replace`` of each declared joker by a real card of the hand or another meld, ``pull``
    of each card but the first and last of a run to each other meld or a new one (``draft`` has no
    id)."""
    melds = draft.melds
    count = len(melds)
    real, jokers, left = _hand_tokens(tuple(hand), draft.used, draft.floating > 0)
    ids = list(_place_ids(real, jokers, count))
    per_meld = [_meld_edit_ids(i, meld, count) for i, meld in enumerate(melds)]
    moves: list[int] = []
    pulls: list[int] = []
    jokers_declared = False
    for known in per_meld:
        ids += known.splits
        moves += known.moves
        pulls += known.pulls
        if known.declared:
            jokers_declared = True
    ids += moves
    if jokers_declared:
        ids += _legal_replacements(per_meld, left, replace_from_table)
    return ids + pulls


@lru_cache(maxsize=4096)
def _hand_tokens(
    hand: tuple[int, ...], used: tuple[int, ...], freed: bool
) -> tuple[tuple[int, ...], bool, frozenset[int]]:
    """The card tokens that ``new`` and ``add`` may place: each real face of ``hand`` not yet
    placed (``used``), ascending, and whether every joker token may be placed too (a joker is
    ``freed`` or left in the hand); and the faces left (kept in a bounded memo: a turn's edits ask
    it of one hand)."""
    faces = _faces_left(hand, used)
    return tuple(sorted(faces - {JOKER})), freed or JOKER in faces, faces


def _faces_left(hand: tuple[int, ...], used: tuple[int, ...]) -> frozenset[int]:
    """The faces of ``hand`` of which a card is left when the cards ``used`` (faces) are taken
    out of it."""
    placed = frozenset(used)
    if len(placed) == len(used):
        held, twice = _held(hand)
        return (held - placed) | (twice & placed)
    left = list(hand)
    for face in used:
        if face in left:
            left.remove(face)
    return frozenset(left)


@lru_cache(maxsize=256)
def _held(hand: tuple[int, ...]) -> tuple[frozenset[int], frozenset[int]]:
    """The faces of ``hand``, and those it holds more than once (kept in a bounded memo: the
    hand stays while the draft changes)."""
    held = frozenset(hand)
    if len(held) == len(hand):
        return held, frozenset()
    return held, frozenset(face for face, count in Counter(hand).items() if count > 1)


@lru_cache(maxsize=4096)
def _place_ids(real: tuple[int, ...], jokers: bool, count: int) -> tuple[int, ...]:
    """The ``new`` and ``add`` ids of the card tokens ``real`` (ascending), and of every joker
    token when ``jokers``, on a draft of ``count`` melds, ascending (kept in a bounded memo: the
    hand changes less often than the number of melds)."""
    rows = _ADD_ROWS[:count] if count >= MAX_MELDS else (_NEW_ROW, *_ADD_ROWS[:count])
    pick = _picker(real)
    ids: list[int] = []
    for row in rows:
        ids += pick(row)
        if jokers:
            ids += row[N_FACES:]
    return tuple(ids)


class _MeldIds(NamedTuple):
    """What :func:`legal_edit_ids` needs of one meld of the draft (lists not to be changed)."""

    splits: list[int]
    """``split`` ids, ascending."""
    moves: list[int]
    """``move`` ids, ascending."""
    pulls: list[int]
    """``pull`` ids, ascending."""
    declared: tuple[int, ...]
    """The faces its jokers are declared as, ascending, once each."""
    reals: frozenset[int]
    """The faces of its real cards."""


@lru_cache(maxsize=16384)
def _meld_edit_ids(i: int, meld: tuple[Card, ...], count: int) -> _MeldIds:
    """The edit ids of ``meld``, the ``i``-th of ``count`` melds, and its faces (kept in a bounded
    memo: an edit changes one or two melds, the others' stay; a new meld or an emptied one changes
    ``count``, and each meld's ids are read again from the rows of :func:`_token_rows` and
    :data:`_TargetRows`)."""
    facts = _meld_tokens(meld)
    if count >= MAX_MELDS:
        moves = _target_ids(_MOVE_ROWS, facts.tokens, i, count, len(meld) == 1)
        return _MeldIds([], moves, [], facts.declared, facts.reals)
    splits = list(map(_SPLIT_ROWS[i].__getitem__, facts.splits))
    moves = _target_ids(_MOVE_ROWS, facts.tokens, i, count, True)
    pulls = _target_ids(_PULL_ROWS, facts.pulls, i, count, count + 2 <= MAX_MELDS) if facts.pulls else []
    return _MeldIds(splits, moves, pulls, facts.declared, facts.reals)


def _target_ids(rows: _TargetRows, tokens: tuple[int, ...], i: int, count: int, room: bool) -> list[int]:
    """The ids of a ``move`` or ``pull`` (by ``rows``) of each of ``tokens`` (ascending) out of
    meld index ``i`` of ``count`` melds to each target of :func:`_targets`, ascending."""
    pick = _targets(i, count, room)
    at = i * TOKENS
    ids: list[int] = []
    for token in tokens:
        ids += pick(rows[at + token])
    return ids


@lru_cache(maxsize=4096)
def _targets(i: int, count: int, room: bool) -> Callable[[tuple[int, ...]], tuple[int, ...]]:
    """What reads, from a row of :data:`_TargetRows`, the ids of a card leaving meld index ``i``
    of ``count`` melds: to every other meld, then to a new meld (target :data:`MAX_MELDS`) when
    there is ``room``; ascending."""
    return _picker((*range(i), *range(i + 1, count), *((MAX_MELDS,) if room else ())))


def _picker(indices: tuple[int, ...]) -> Callable[[tuple[int, ...]], tuple[int, ...]]:
    """What reads the items at ``indices`` of a row, as a tuple (``itemgetter``'s, but for any
    number of indices)."""
    if len(indices) >= 2:
        return itemgetter(*indices)
    return lambda row: tuple(row[index] for index in indices)


class _MeldTokens(NamedTuple):
    """What :func:`_meld_edit_ids` reads of a meld wherever it lies among however many melds."""

    splits: tuple[int, ...]
    """The token of each distinct card whose first copy is not the meld's first card, ascending."""
    tokens: tuple[int, ...]
    """The token of each distinct card, ascending."""
    pulls: tuple[int, ...]
    """The tokens of the cards a ``pull`` may take (all but a run's ends), ascending; none unless
    the meld is a run."""
    declared: tuple[int, ...]
    """The faces its jokers are declared as, ascending, once each."""
    reals: frozenset[int]
    """The faces of its real cards."""


@lru_cache(maxsize=16384)
def _meld_tokens(meld: tuple[Card, ...]) -> _MeldTokens:
    """:class:`_MeldTokens` of ``meld`` (kept in a bounded memo: a new meld or an emptied one
    renumbers the others)."""
    first: dict[Card, int] = {}
    for at, card in enumerate(meld):
        first.setdefault(card, at)
    cards = sorted(zip(map(_TOKENS.__getitem__, first), first.values(), strict=True))
    pulled: tuple[int, ...] = ()
    if len(meld) >= 3 and is_run(meld):
        pulled = tuple(sorted(map(_TOKENS.__getitem__, meld[1:-1])))
    faces = frozenset(map(itemgetter(0), meld))
    declared: tuple[int, ...] = ()
    if JOKER in faces:
        declared = tuple(sorted({d for f, d in meld if f == JOKER and d is not None}))
        faces -= {JOKER}
    return _MeldTokens(
        tuple([token for token, at in cards if at]),
        tuple([token for token, _ in cards]),
        pulled,
        declared,
        faces,
    )


def _legal_replacements(
    per_meld: Sequence[_MeldIds], left: frozenset[int], replace_from_table: bool
) -> list[int]:
    """The ``replace`` ids of the draft whose melds are ``per_meld``, ascending, with ``left`` the
    faces of the hand cards not yet placed."""
    ids = []
    for n, known in enumerate(per_meld):
        for face in known.declared:
            base = REPLACE_BASE + (n * N_FACES + face) * TARGETS
            if replace_from_table:
                ids += [base + s for s, other in enumerate(per_meld) if s != n and face in other.reals]
            if face in left:
                ids.append(base + MAX_MELDS)
    return ids
