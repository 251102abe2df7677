"""Kalooki actions (``kalooki.md`` "A turn"): values with a canonical text form and integer ids.

Text forms: ``draw`` and ``take`` (the top of the stock or of the discard pile); ``meld 5H 6H JK[7H]``
(one new meld from the hand; a run's joker is declared as the card it stands for, a set's joker is
not); ``layoff 3 TH`` (one card onto table meld 3; ``layoff 3 JK[9H]`` at a run's end, ``layoff 3
JK`` onto a set); ``release 3 KS`` (put the joker's declared card in run 3 and take the joker) or
``release 2 7D 7C`` (complete set 2 with the missing suits and take a joker); ``retract`` (take back
this turn's melds while the opening's minimum is not reached); ``discard 7H`` (ends the turn;
discarding the last card goes out). Meld numbers are 1..:data:`MAX_MELDS`.

Shortcuts (accepted, applied atomically, without an id): several melds in one action, ``meld QS KS
AS | 7D 7H 7C`` (the records of the engine before v2 hold them); several cards laid off at once,
``layoff 3 TH JH``; a set's joker written declared (``meld 7H 7S JK[7D]``). A run's joker written
undeclared, or the cards of a meld in another order, map to the id of the meld they make.

Integer ids (``NUM_ACTIONS`` in all, fixed):

====================  ==============================================================================
``0`` / ``1`` / ``2``  ``draw`` / ``take`` / ``retract``
``3 + f``             ``discard f`` for face ``f`` 0..52 (52 = ``JK``)
``MELD_BASE + i``     meld ``i`` of :data:`MELDS`: every set (rank, natural suits, 0-2 jokers, 3-4
                      cards) then every run (suit, span ``lo..hi`` of positions 1..14 with 14 the
                      high ace, 3-13 cards, 13 only as A..K with the ace low, jokers at any 0-2
                      positions, at least one natural)
``LAYOFF_BASE + (n-1) * LAYOFF_CODES + c``   ``layoff n`` of one card: ``c`` = face 0..51 for a
                      natural, 52 for an undeclared joker (a set's missing suit; on a run above its
                      top if it can, else below), ``53 + f`` for ``JK[f]``
``RELEASE_BASE + (n-1) * RELEASE_CODES + c``  ``release n``: ``c`` = face 0..51 for one card, else
                      ``52 + (rank-1) * 10 + k`` for the ``k``-th of the ten 2- or 3-suit subsets
                      (:data:`SUIT_COMBOS`) of one rank
====================  ==============================================================================

``n`` is the table meld number, 1..:data:`MAX_MELDS` (106 cards make at most 35 melds, and numbers
stay 1..count: a retract gives its numbers again). In all 19,254 ids: 9,153 melds (325 sets,
8,828 runs), 35 x 105 lay-offs, 35 x 182 releases.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations

from rummykit.core.melds import CARD_JOKERS, HIGH_ACE, MAX_RUN, Meld, MeldKind, MeldRules, validate_meld
from rummykit.core.notation import format_declared, format_face, parse_declared
from rummykit.core.pieces import JOKER, N_FACES, N_RANKS, N_SUITS, Kind, make_face, rank_of, suit_of
from rummykit.engine.action_text import Parts, melds_parts, piece_parts, read_verb
from rummykit.errors import MeldError, NotationError

DeclaredFace = tuple[int, int | None]
"""A card to play: (face, declared face for a joker, or None)."""

MeldCards = tuple[DeclaredFace, ...]
MAX_SET = 4
MAX_JOKERS = 2
MAX_MELDS = 35
"""The largest meld number: 106 cards make at most 35 melds of three."""


class KVerb(StrEnum):
    """The kinds of Kalooki action."""

    DRAW = "draw"
    TAKE = "take"
    MELD = "meld"
    LAYOFF = "layoff"
    RELEASE = "release"
    RETRACT = "retract"
    DISCARD = "discard"


V_DRAW, V_TAKE, V_MELD, V_LAYOFF, V_RELEASE, V_RETRACT, V_DISCARD = (
    KVerb.DRAW,
    KVerb.TAKE,
    KVerb.MELD,
    KVerb.LAYOFF,
    KVerb.RELEASE,
    KVerb.RETRACT,
    KVerb.DISCARD,
)
"""The verbs as module names, for hot paths: reading a member through its enum class runs Python
code (the enum metaclass's attribute hook, Python 3.11), reading a module name does not."""


@dataclass(frozen=True)
class KalookiAction:
    """One Kalooki action: ``melds`` for ``meld``; ``target`` (a table meld number) and ``cards``
    for ``layoff`` and ``release``; ``face`` for ``discard``."""

    verb: KVerb
    melds: tuple[MeldCards, ...] = ()
    target: int | None = None
    cards: MeldCards = ()
    face: int | None = None

    def text(self) -> str:
        """Canonical text of the action."""
        if self.verb is KVerb.MELD:
            return "meld " + " | ".join(cards_text(m) for m in self.melds)
        if self.verb in (KVerb.LAYOFF, KVerb.RELEASE):
            return f"{self.verb.value} {self.target} {cards_text(self.cards)}"
        if self.verb is KVerb.DISCARD and self.face is not None:
            return f"discard {format_face(Kind.CARDS, self.face)}"
        return self.verb.value

    def parts(self) -> Parts:
        """The action's parts (:mod:`rummykit.engine.action_text`): ``verb``; ``melds`` (and
        their ``pieces``) for ``meld``; ``pieces`` and ``target`` (the table meld) for ``layoff``
        and ``release``; ``pieces`` (the card) for ``discard``."""
        verb = self.verb.value
        if self.verb is KVerb.MELD:
            return {"verb": verb, **melds_parts(Kind.CARDS, self.melds)}
        if self.verb in (KVerb.LAYOFF, KVerb.RELEASE):
            return {"verb": verb, **piece_parts(Kind.CARDS, self.cards), "target": self.target}
        if self.verb is KVerb.DISCARD and self.face is not None:
            return {"verb": verb, **piece_parts(Kind.CARDS, [(self.face, None)])}
        return {"verb": verb, "pieces": []}


def cards_text(cards: MeldCards) -> str:
    """Cards in notation, jokers with their declarations: ``5H 6H JK[7H]``."""
    return " ".join(format_declared(Kind.CARDS, f, d) for f, d in cards)


def card_list(cards: MeldCards) -> list[str]:
    """Cards in notation, one string each (event and error parameters)."""
    return [format_declared(Kind.CARDS, f, d) for f, d in cards]


# ---------------------------------------------------------------------- parsing
def parse_action(text: str) -> KalookiAction:
    """The action written as ``text``; raises :class:`NotationError` naming what is wrong."""
    verb, rest = read_verb(text, KVerb)
    if verb in (KVerb.DRAW, KVerb.TAKE, KVerb.RETRACT):
        if rest:
            raise NotationError(text, "notation.takes_nothing", verb=verb.value)
        return KalookiAction(verb)
    if verb is KVerb.DISCARD:
        single = parse_declared(Kind.CARDS, rest)
        if len(single) != 1:
            raise NotationError(text, "notation.one_piece", verb=verb.value, example="7H")
        if single[0][1] is not None:
            raise NotationError(text, "notation.discard_undeclared", verb=verb.value)
        return KalookiAction(verb, face=single[0][0])
    if verb is KVerb.MELD:
        melds = tuple(tuple(parse_declared(Kind.CARDS, part)) for part in rest.split("|"))
        if not melds or any(not m for m in melds):
            raise NotationError(text, "notation.melds")
        _natural_undeclared(text, [c for m in melds for c in m])
        return KalookiAction(verb, melds=melds)
    number, _, cards_part = rest.partition(" ")
    if not (number.isascii() and number.isdigit()):
        raise NotationError(text, "notation.number_then_cards", verb=verb.value)
    if len(number) > len(str(MAX_MELDS)) or not 1 <= int(number) <= MAX_MELDS:
        raise NotationError(number, "notation.meld_number", max=MAX_MELDS)
    cards = tuple(parse_declared(Kind.CARDS, cards_part))
    if not cards:
        raise NotationError(text, "notation.number_then_cards", verb=verb.value)
    _natural_undeclared(text, cards)
    return KalookiAction(verb, target=int(number), cards=cards)


def _natural_undeclared(text: str, cards: Sequence[tuple[int, int | None]]) -> None:
    """Raise :class:`NotationError` if one of ``cards`` declares a card other than a joker (a
    natural card stands for itself) or declares a joker as a joker."""
    if any((face != JOKER and said is not None) or said == JOKER for face, said in cards):
        raise NotationError(text, "notation.only_joker_declared")


# ---------------------------------------------------------------------- the meld table
MELD_RULES = MeldRules(Kind.CARDS)
SUIT_COMBOS: tuple[tuple[int, ...], ...] = tuple(
    c for size in (2, 3) for c in combinations(range(N_SUITS), size)
)
"""The suit subsets a set's joker is released with when it takes two or three cards."""


def _face_at(suit: int, position: int) -> int:
    return make_face(suit, 1 if position == HIGH_ACE else position)


_SET_KEY, _RUN_KEY = 0, 1
"""The first item of a set's and a run's key in :data:`MELD_IDS`: ints, not :class:`MeldKind`, so
that the keys hold ints only and the garbage collector stops tracking (and scanning) them."""


def set_key(rank: int, suits: tuple[int, ...], jokers: int) -> tuple[object, ...]:
    """The key of a set in :data:`MELD_IDS`: rank 1..13, the natural suits (ascending), joker count."""
    return (_SET_KEY, rank, suits, jokers)


def run_key(suit: int, lo: int, hi: int, jokers: tuple[int, ...]) -> tuple[object, ...]:
    """The key of a run in :data:`MELD_IDS`: suit, span ``lo..hi`` (positions 1..14), the positions
    held by jokers (ascending)."""
    return (_RUN_KEY, suit, lo, hi, jokers)


def _set_cards(rank: int, suits: tuple[int, ...], jokers: int) -> MeldCards:
    return tuple((make_face(s, rank), None) for s in suits) + ((JOKER, None),) * jokers


def _run_cards(suit: int, lo: int, hi: int, jokers: tuple[int, ...]) -> MeldCards:
    return tuple(
        (JOKER, _face_at(suit, p)) if p in jokers else (_face_at(suit, p), None) for p in range(lo, hi + 1)
    )


def _meld_table() -> tuple[tuple[MeldCards, ...], dict[tuple[object, ...], int]]:
    cards: list[MeldCards] = []
    keys: dict[tuple[object, ...], int] = {}
    for rank in range(1, N_RANKS + 1):
        for size in range(1, N_SUITS + 1):
            for suits in combinations(range(N_SUITS), size):
                for jokers in range(MAX_JOKERS + 1):
                    if 3 <= size + jokers <= MAX_SET:
                        keys[set_key(rank, suits, jokers)] = len(cards)
                        cards.append(_set_cards(rank, suits, jokers))
    for suit in range(N_SUITS):
        for lo in range(1, HIGH_ACE - 1):
            for hi in range(lo + 2, min(lo + MAX_RUN - 1, HIGH_ACE) + 1):
                if hi - lo + 1 == MAX_RUN and lo > 1:
                    continue
                for count in range(MAX_JOKERS + 1):
                    for places in combinations(range(lo, hi + 1), count):
                        keys[run_key(suit, lo, hi, places)] = len(cards)
                        cards.append(_run_cards(suit, lo, hi, places))
    return tuple(cards), keys


MELDS, MELD_IDS = _meld_table()
"""Every single meld's canonical cards, by meld index; the index of each set or run key."""
CANONICAL_MELDS = {cards: i for i, cards in enumerate(MELDS)}

DISCARD_BASE = 3
MELD_BASE = DISCARD_BASE + N_FACES + 1
LAYOFF_BASE = MELD_BASE + len(MELDS)
LAYOFF_CODES = 2 * N_FACES + 1
RELEASE_BASE = LAYOFF_BASE + MAX_MELDS * LAYOFF_CODES
RELEASE_CODES = N_FACES + N_RANKS * len(SUIT_COMBOS)
NUM_ACTIONS = RELEASE_BASE + MAX_MELDS * RELEASE_CODES

_SIMPLE = (KVerb.DRAW, KVerb.TAKE, KVerb.RETRACT)


def meld_of(cards: MeldCards) -> Meld | None:
    """The meld ``cards`` make (``None`` if none)."""
    try:
        return validate_meld([f for f, _ in cards], MELD_RULES, CARD_JOKERS, declared=[d for _, d in cards])
    except MeldError:
        return None


def meld_index(cards: MeldCards) -> int | None:
    """The index in :data:`MELDS` of the meld ``cards`` make, ``None`` if they make none or only
    as a shortcut (a set's joker declared)."""
    known = CANONICAL_MELDS.get(cards)
    if known is not None:
        return known
    meld = meld_of(cards)
    if meld is None:
        return None
    if meld.kind is MeldKind.SET:
        if any(d is not None for _, d in cards):
            return None
        suits = tuple(sorted(suit_of(f) for f in meld.faces if f != JOKER))
        return MELD_IDS.get(set_key(rank_of(meld.stands_for[0]), suits, meld.faces.count(JOKER)))
    jokers = tuple(p for p, f in zip(meld.positions, meld.faces, strict=True) if f == JOKER)
    suit = suit_of(meld.stands_for[0])
    return MELD_IDS.get(run_key(suit, meld.positions[0], meld.positions[-1], jokers))


def layoff_code(card: DeclaredFace) -> int:
    """The lay-off code ``c`` of one card (module docstring): its face, 52 for an undeclared
    joker, ``53 + f`` for ``JK[f]``."""
    face, declared = card
    if face != JOKER:
        return face
    return N_FACES if declared is None else N_FACES + 1 + declared


def _release_code(cards: MeldCards) -> int | None:
    if len(cards) == 1:
        return cards[0][0] if cards[0][0] != JOKER else None
    faces = [f for f, _ in cards]
    if JOKER in faces or len({rank_of(f) for f in faces}) != 1:
        return None
    suits = tuple(sorted(suit_of(f) for f in faces))
    if suits not in SUIT_COMBOS:
        return None
    return N_FACES + (rank_of(faces[0]) - 1) * len(SUIT_COMBOS) + SUIT_COMBOS.index(suits)


def action_id(action: KalookiAction) -> int | None:
    """The integer id of ``action`` (module docstring), ``None`` for a shortcut or a malformed
    action."""
    verb = action.verb
    if verb in _SIMPLE:
        return _SIMPLE.index(verb)
    if verb is V_DISCARD:
        return None if action.face is None else DISCARD_BASE + action.face
    if verb is V_MELD:
        index = meld_index(action.melds[0]) if len(action.melds) == 1 else None
        return None if index is None else MELD_BASE + index
    if action.target is None or not 1 <= action.target <= MAX_MELDS:
        return None
    if verb is V_LAYOFF:
        if len(action.cards) != 1:
            return None
        return LAYOFF_BASE + (action.target - 1) * LAYOFF_CODES + layoff_code(action.cards[0])
    return release_id(action.target, action.cards)


def release_id(target: int, cards: MeldCards) -> int | None:
    """The integer id of ``release target cards`` (``target`` 1..``MAX_MELDS``), ``None`` if
    ``cards`` are no release's (a shortcut or a joker)."""
    code = _release_code(cards)
    return None if code is None else RELEASE_BASE + (target - 1) * RELEASE_CODES + code


def action_from_id(number: int) -> KalookiAction:
    """The action with id ``number`` (``0 <= number < NUM_ACTIONS``, checked by the caller)."""
    if number < DISCARD_BASE:
        return KalookiAction(_SIMPLE[number])
    if number < MELD_BASE:
        return KalookiAction(V_DISCARD, face=number - DISCARD_BASE)
    if number < LAYOFF_BASE:
        return KalookiAction(V_MELD, melds=(MELDS[number - MELD_BASE],))
    if number < RELEASE_BASE:
        slot, code = divmod(number - LAYOFF_BASE, LAYOFF_CODES)
        if code < N_FACES:
            card: DeclaredFace = (code, None)
        else:
            card = (JOKER, None if code == N_FACES else code - N_FACES - 1)
        return KalookiAction(V_LAYOFF, target=slot + 1, cards=(card,))
    slot, code = divmod(number - RELEASE_BASE, RELEASE_CODES)
    if code < N_FACES:
        cards: MeldCards = ((code, None),)
    else:
        rank, combo = divmod(code - N_FACES, len(SUIT_COMBOS))
        cards = tuple((make_face(s, rank + 1), None) for s in SUIT_COMBOS[combo])
    return KalookiAction(V_RELEASE, target=slot + 1, cards=cards)


def shape_problem(action: object) -> str | None:
    """Why ``action`` (built in code, not parsed) is not a well-formed Kalooki action, or ``None``.

    Checks the types, the fields each verb takes (and no others), card faces 0..52 and
    declarations 0..51 on jokers only, meld numbers 1..``MAX_MELDS``.
    """
    if not isinstance(action, KalookiAction) or not isinstance(action.verb, KVerb):
        return "not a Kalooki action"
    verb = action.verb
    uses = _USES[verb]
    for name in _FIELDS:
        value = getattr(action, name)
        empty = value is None or value == ()
        used = name in uses
        if used and empty:
            return f"{verb.value} needs {name}"
        if not used and not empty:
            return f"{verb.value} takes no {name}"
    if verb in _SIMPLE:
        return None
    if verb is V_DISCARD:
        return None if _is_face(action.face) else "discard takes one card face"
    if verb is V_MELD:
        if not isinstance(action.melds, tuple) or not all(
            isinstance(m, tuple) and m and _cards_ok(m) for m in action.melds
        ):
            return "meld takes tuples of (face, declared) cards"
        return None
    target = action.target
    if type(target) is not int or not 1 <= target <= MAX_MELDS:
        return f"a meld number is 1..{MAX_MELDS}"
    if not isinstance(action.cards, tuple) or not _cards_ok(action.cards):
        return f"{verb.value} takes a tuple of (face, declared) cards"
    return None


_FIELDS = ("melds", "target", "cards", "face")
"""The fields of :class:`KalookiAction` beside its verb, in the order :func:`shape_problem` checks
them."""
_USES: dict[KVerb, tuple[str, ...]] = {
    V_DRAW: (),
    V_TAKE: (),
    V_RETRACT: (),
    V_MELD: ("melds",),
    V_LAYOFF: ("target", "cards"),
    V_RELEASE: ("target", "cards"),
    V_DISCARD: ("face",),
}
"""The fields each verb takes (the others are left empty)."""


def _is_face(value: object, top: int = JOKER) -> bool:
    return type(value) is int and 0 <= value <= top


def _cards_ok(cards: tuple[object, ...]) -> bool:
    for card in cards:
        if not (isinstance(card, tuple) and len(card) == 2 and _is_face(card[0])):
            return False
        declared = card[1]
        if declared is not None and (card[0] != JOKER or not _is_face(declared, N_FACES - 1)):
            return False
    return True
