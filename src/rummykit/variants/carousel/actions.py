"""Carousel actions (``carousel.md`` "A turn"): values with a canonical text form and, except the
whole-table shortcut, an integer id.

Turn actions: ``draw`` (one card from the stock), ``knock`` (end the round, at the end of one's
turn, with 5 points or less in hand), ``end`` (end the turn without knocking, where it may end).

A meld is built on the *draft* (the table being rearranged this turn) by atomic edits, then
``commit`` hands the draft in as the new table. Meld numbers are 1-based positions in the draft
(``1..MAX_MELDS``); a card in a meld is ``7H`` or a declared joker ``JK[7H]`` (the first such card
of the meld):

- ``new 7H`` / ``new JK[7H]``: a new meld (the last) from a hand card, or a joker declared ``7H``
  (a freed joker first, else one from the hand);
- ``add 3 7H`` / ``add 3 JK[7H]``: a hand card (or a joker, as above) added to meld 3;
- ``split 3 7H``: meld 3 cut before its card ``7H``; the cards from there on become a new meld;
- ``move 3 7H 5`` / ``move 3 7H new``: a card moved from meld 3 to meld 5 (or to a new meld); a
  joker keeps its declared card;
- ``replace 3 7H`` / ``replace 3 7H from 5``: the joker declared ``7H`` in meld 3 replaced by a
  real ``7H`` from the hand (or from meld 5); the joker is freed and must be placed again;
- ``pull 3 7H 5`` / ``pull 3 7H new``: a card taken out of the middle of run 3 (neither its first
  nor its last card) to meld 5 (or a new meld): the run splits around it, the cards after it
  becoming a new meld (the last; then the card's new meld after it), as a player pulls a card out
  of a run on the table;
- ``undo`` (the last edit), ``reset`` (back to the table as it is), ``commit``.

Two actions take a whole table and have no id: the shortcut ``meld 4H 5H 6H | 7S 7D 7C JK[7H]``
hands in a whole new table at once (records and bots use it), and ``draft 4H 5H 6H | 7S 7D 7C
JK[7H]`` makes that table the draft, one edit, to be changed further, undone or committed (the
browser loads the hint's table so).

Integer ids (``NUM_ACTIONS`` = 434,830). A *card token* ``c`` is ``face`` (0..51) for a real card
and ``52 + declared face`` for a joker; ``i``, ``t``, ``s`` are 0-based meld indices
(number - 1), with ``t = 40`` meaning a new meld and ``s = 40`` the hand:

=================  ==========================================  ===============
ids                action                                      count
=================  ==========================================  ===============
0 .. 5             draw, knock, end, commit, undo, reset       6
6 + c              new c                                       104
110 + 104 i + c    add i+1 c                                   40 x 104
4270 + 104 i + c   split i+1 c                                 40 x 104
8430 + 41 (104 i + c) + t        move i+1 c t+1 (or new)       40 x 104 x 41
178990 + 41 (52 i + f) + s       replace i+1 f (from s+1)      40 x 52 x 41
264270 + 41 (104 i + c) + t      pull i+1 c t+1 (or new)       40 x 104 x 41
=================  ==========================================  ===============
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from rummykit.core.notation import format_declared, parse_declared, split_tokens
from rummykit.core.pieces import JOKER, N_FACES, Kind
from rummykit.engine.action_text import Parts, melds_parts, piece_parts, read_verb
from rummykit.errors import NotationError
from rummykit.solvers.rearrange import DeclaredFace

MAX_MELDS = 40
"""The most melds a draft may hold (a legal table holds at most 35: 106 cards in melds of 3)."""

Card = DeclaredFace
"""A card on a table: (face, the card a joker is declared as, or ``None`` for a real card)."""
Table = tuple[tuple[Card, ...], ...]
"""A whole table: melds of cards."""


class CVerb(StrEnum):
    """The kinds of Carousel action."""

    DRAW = "draw"
    KNOCK = "knock"
    END = "end"
    COMMIT = "commit"
    UNDO = "undo"
    RESET = "reset"
    NEW = "new"
    ADD = "add"
    SPLIT = "split"
    MOVE = "move"
    REPLACE = "replace"
    PULL = "pull"
    MELD = "meld"
    DRAFT = "draft"


SIMPLE = (CVerb.DRAW, CVerb.KNOCK, CVerb.END, CVerb.COMMIT, CVerb.UNDO, CVerb.RESET)
"""The verbs without arguments, in id order (ids 0..5)."""
EDITS = frozenset({CVerb.NEW, CVerb.ADD, CVerb.SPLIT, CVerb.MOVE, CVerb.REPLACE, CVerb.PULL, CVerb.DRAFT})
"""The verbs that change the draft's cards."""
WHOLE_TABLE = (CVerb.MELD, CVerb.DRAFT)
"""The verbs that take a whole table (no id)."""
DRAFT_VERBS = EDITS | {CVerb.UNDO, CVerb.RESET, CVerb.COMMIT}
"""Every verb that works on the draft."""

TOKENS = 2 * N_FACES
"""Card tokens: 52 real faces, then 52 jokers by declared face."""
TARGETS = MAX_MELDS + 1
"""A move's target (or a replacement's source): a meld, or the extra value (new meld / hand)."""
NEW_BASE = len(SIMPLE)
ADD_BASE = NEW_BASE + TOKENS
SPLIT_BASE = ADD_BASE + MAX_MELDS * TOKENS
MOVE_BASE = SPLIT_BASE + MAX_MELDS * TOKENS
REPLACE_BASE = MOVE_BASE + MAX_MELDS * TOKENS * TARGETS
PULL_BASE = REPLACE_BASE + MAX_MELDS * N_FACES * TARGETS
NUM_ACTIONS = PULL_BASE + MAX_MELDS * TOKENS * TARGETS
"""Size of the integer action space."""


@lru_cache(maxsize=4096)
def card_text(card: Card) -> str:
    """``7H`` or ``JK[7H]`` (kept in a bounded memo: every draft edit's event names cards)."""
    return format_declared(Kind.CARDS, card[0], card[1])


def meld_text(meld: Sequence[Card]) -> str:
    """A meld's cards separated by spaces: ``7S 7D 7C JK[7H]``."""
    return _meld_text(tuple(meld))


def melds_text(table: Table) -> list[str]:
    """The text of each meld of ``table`` (:func:`meld_text`)."""
    return list(map(_meld_text, table))


@lru_cache(maxsize=8192)
def _meld_text(meld: tuple[Card, ...]) -> str:
    """:func:`meld_text`, kept in a bounded memo (every draft edit's event writes each meld)."""
    return " ".join(card_text(c) for c in meld)


def table_text(table: Table) -> str:
    """A table as melds separated by ``|``: ``4H 5H 6H | 7S 7D 7C JK[7H]``."""
    return " | ".join(map(meld_text, table))


def token_of(card: Card) -> int:
    """The card token of ``card`` (see the module docstring)."""
    face, declared = card
    return N_FACES + declared if face == JOKER and declared is not None else face


def card_of(token: int) -> Card:
    """The card of card token ``token``."""
    return (JOKER, token - N_FACES) if token >= N_FACES else (token, None)


@dataclass(frozen=True)
class CarouselAction:
    """One Carousel action.

    ``table``: the whole new table of a ``meld`` or a ``draft``. ``number``: the meld (1-based) an
    ``add``, ``split``, ``move``, ``pull`` or ``replace`` works on. ``card``: the card of ``new``,
    ``add``, ``split``, ``move``, ``pull`` (a real card or a declared joker) and ``replace`` (the
    real card). ``other``: a move's or a pull's target meld (``None``: a new meld), a replacement's
    source meld (``None``: the hand).
    """

    verb: CVerb
    table: Table = ()
    number: int = 0
    card: Card | None = None
    other: int | None = None

    def text(self) -> str:
        """Canonical text of the action."""
        verb = self.verb
        if verb in WHOLE_TABLE:
            return f"{verb.value} {table_text(self.table)}"
        if self.card is None:
            return verb.value
        card = card_text(self.card)
        if verb is CVerb.NEW:
            return f"new {card}"
        if verb in (CVerb.MOVE, CVerb.PULL):
            return f"{verb.value} {self.number} {card} {'new' if self.other is None else self.other}"
        if verb is CVerb.REPLACE and self.other is not None:
            return f"replace {self.number} {card} from {self.other}"
        return f"{verb.value} {self.number} {card}"

    def parts(self) -> Parts:
        """The action's parts (:mod:`rummykit.engine.action_text`): ``verb``; the whole table as
        ``melds`` for ``meld`` and ``draft``; for an edit ``pieces`` (its card, a joker with its
        declared card), ``target`` (the meld the card goes to, ``null`` a new meld: ``new``,
        ``add``, ``move``, ``pull``, ``replace``; ``split`` cuts from the card on into a new meld)
        and ``source`` (the meld it comes from: ``split``, ``move``, ``pull``, a ``replace``
        from a meld)."""
        verb = self.verb
        if verb in WHOLE_TABLE:
            return {"verb": verb.value, **melds_parts(Kind.CARDS, self.table)}
        if self.card is None:
            return {"verb": verb.value, "pieces": []}
        out: Parts = {"verb": verb.value, **piece_parts(Kind.CARDS, [self.card])}
        if verb in (CVerb.SPLIT, CVerb.MOVE, CVerb.PULL):
            out["source"] = self.number
            out["target"] = None if verb is CVerb.SPLIT else self.other
        elif verb is CVerb.REPLACE and self.other is not None:
            out.update(source=self.other, target=self.number)
        else:
            out["target"] = None if verb is CVerb.NEW else self.number
        return out


def parse_action(text: str) -> CarouselAction:
    """The action written as ``text``; raises :class:`NotationError` naming what is wrong."""
    verb, rest = read_verb(text, CVerb)
    if verb in WHOLE_TABLE:
        table = tuple(
            tuple(_card(token, placed=True) for token in split_tokens(part)) for part in rest.split("|")
        )
        if not table or any(not m for m in table):
            raise NotationError(text, "notation.whole_table", verb=verb.value)
        return CarouselAction(verb, table)
    words = rest.split()
    if verb in SIMPLE:
        if words:
            raise NotationError(text, "notation.takes_nothing", verb=verb.value)
        return CarouselAction(verb)
    if verb is CVerb.NEW:
        _arity(text, words, 1, "new 7H", "new JK[7H]")
        return CarouselAction(verb, card=_card(words[0], placed=True))
    if verb in (CVerb.ADD, CVerb.SPLIT):
        _arity(text, words, 2, f"{verb.value} 3 7H")
        return CarouselAction(verb, number=_number(words[0]), card=_card(words[1], placed=verb is CVerb.ADD))
    if verb in (CVerb.MOVE, CVerb.PULL):
        _arity(text, words, 3, f"{verb.value} 3 7H 5", f"{verb.value} 3 7H new")
        target = None if words[2].lower() == "new" else _number(words[2])
        return CarouselAction(
            verb, number=_number(words[0]), card=_card(words[1], placed=False), other=target
        )
    if len(words) not in (2, 4) or (len(words) == 4 and words[2].lower() != "from"):
        raise NotationError(text, "notation.write_or", example="replace 3 7H", other="replace 3 7H from 5")
    card = _card(words[1], placed=False)
    if card[0] == JOKER:
        raise NotationError(words[1], "notation.real_card")
    source = _number(words[3]) if len(words) == 4 else None
    return CarouselAction(verb, number=_number(words[0]), card=card, other=source)


def _arity(text: str, words: list[str], count: int, example: str, other: str | None = None) -> None:
    """Raise :class:`NotationError` (showing ``example``, and ``other`` if given) unless the action
    has ``count`` words after its verb."""
    if len(words) == count:
        return
    if other is None:
        raise NotationError(text, "notation.write", example=example)
    raise NotationError(text, "notation.write_or", example=example, other=other)


def _number(token: str) -> int:
    """A meld number 1..MAX_MELDS (checked before conversion: a huge number is refused cleanly)."""
    if not token.isdigit() or not token.isascii():
        raise NotationError(token, "notation.meld_number", max=MAX_MELDS)
    if len(token) > 2 or not 1 <= int(token) <= MAX_MELDS:
        raise NotationError(token, "notation.meld_number", max=MAX_MELDS)
    return int(token)


def _card(token: str, placed: bool) -> Card:
    """One card: a real card, or a joker with its declared card (``placed``: a joker from the hand
    or freed, which needs one; else a joker on the table, known by it)."""
    cards = parse_declared(Kind.CARDS, token)
    if len(cards) != 1:
        raise NotationError(token, "notation.one_card")
    face, declared = cards[0]
    if face != JOKER and declared is not None:
        raise NotationError(token, "notation.only_joker_declared")
    if face == JOKER and (declared is None or declared == JOKER):
        raise NotationError(token, "notation.joker_played" if placed else "notation.joker_named")
    return face, declared


def _is_card(card: object, real: bool = False) -> bool:
    """Whether ``card`` is a real card ``(face, None)`` or (unless ``real``) a declared joker."""
    if not isinstance(card, tuple) or len(card) != 2:
        return False
    face, declared = card
    if type(face) is not int or not 0 <= face <= JOKER:
        return False
    if face != JOKER:
        return declared is None
    return not real and type(declared) is int and 0 <= declared < N_FACES


def _is_number(number: object, optional: bool = False) -> bool:
    if number is None:
        return optional
    return type(number) is int and 1 <= number <= MAX_MELDS


def well_formed(action: object) -> bool:
    """Whether ``action`` is a :class:`CarouselAction` whose fields fit its verb (as
    :func:`parse_action` builds them); an action object built by hand may not be."""
    if not isinstance(action, CarouselAction) or not isinstance(action.verb, CVerb):
        return False
    verb = action.verb
    if verb in WHOLE_TABLE:
        table = action.table
        return (
            isinstance(table, tuple)
            and bool(table)
            and all(isinstance(m, tuple) and m and all(_is_card(c) for c in m) for m in table)
        )
    if action.table:
        return False
    if verb in SIMPLE:
        return action.number == 0 and action.card is None and action.other is None
    if verb is CVerb.NEW:
        return action.number == 0 and _is_card(action.card) and action.other is None
    if not _is_number(action.number):
        return False
    if verb in (CVerb.ADD, CVerb.SPLIT):
        return _is_card(action.card) and action.other is None
    if verb in (CVerb.MOVE, CVerb.PULL):
        return _is_card(action.card) and _is_number(action.other, optional=True)
    return _is_card(action.card, real=True) and _is_number(action.other, optional=True)


def action_id(action: CarouselAction) -> int | None:
    """The integer id of a well-formed ``action`` (``None`` for a whole-table ``meld`` or
    ``draft``)."""
    verb = action.verb
    if verb in WHOLE_TABLE:
        return None
    if verb in SIMPLE:
        return SIMPLE.index(verb)
    assert action.card is not None
    token = token_of(action.card)
    if verb is CVerb.NEW:
        return NEW_BASE + token
    i = action.number - 1
    if verb is CVerb.ADD:
        return ADD_BASE + i * TOKENS + token
    if verb is CVerb.SPLIT:
        return SPLIT_BASE + i * TOKENS + token
    other = MAX_MELDS if action.other is None else action.other - 1
    if verb is CVerb.MOVE:
        return MOVE_BASE + (i * TOKENS + token) * TARGETS + other
    if verb is CVerb.PULL:
        return PULL_BASE + (i * TOKENS + token) * TARGETS + other
    return REPLACE_BASE + (i * N_FACES + action.card[0]) * TARGETS + other


def action_of_id(action_id: int) -> CarouselAction:
    """The action with integer id ``action_id`` (``0 <= action_id < NUM_ACTIONS``, checked by
    the caller)."""
    if action_id < NEW_BASE:
        return CarouselAction(SIMPLE[action_id])
    if action_id < ADD_BASE:
        return CarouselAction(CVerb.NEW, card=card_of(action_id - NEW_BASE))
    if action_id < MOVE_BASE:
        verb, rest = (
            (CVerb.ADD, action_id - ADD_BASE)
            if action_id < SPLIT_BASE
            else (CVerb.SPLIT, action_id - SPLIT_BASE)
        )
        i, token = divmod(rest, TOKENS)
        return CarouselAction(verb, number=i + 1, card=card_of(token))
    if MOVE_BASE <= action_id < REPLACE_BASE or action_id >= PULL_BASE:
        verb, base = (CVerb.MOVE, MOVE_BASE) if action_id < REPLACE_BASE else (CVerb.PULL, PULL_BASE)
        rest, other = divmod(action_id - base, TARGETS)
        i, token = divmod(rest, TOKENS)
        target = None if other == MAX_MELDS else other + 1
        return CarouselAction(verb, number=i + 1, card=card_of(token), other=target)
    rest, other = divmod(action_id - REPLACE_BASE, TARGETS)
    i, face = divmod(rest, N_FACES)
    source = None if other == MAX_MELDS else other + 1
    return CarouselAction(CVerb.REPLACE, number=i + 1, card=(face, None), other=source)
