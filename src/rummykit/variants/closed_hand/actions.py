"""Actions of the closed-hand games (Okey, Turkish Rummy): values with a canonical text form and an
integer id.

Text forms (tiles shown; cards alike, e.g. ``discard 7H``): ``draw`` (top of the stock), ``take``
(the discard the player may take), ``discard R7``, ``finish R7`` (discard R7 and lay the other 14
down, arranged by the engine, seven pairs first when possible), ``finish R7 : R1 R2 R3 | B5 B5 | …``
(with the player's own arrangement, validated; a wild may be declared, ``JK[AS]``), ``show R5``
(Okey: the indicator's twin, on one's first turn) and ``pass`` (stock empty: decline the finishing
take, which ends the round).

Integer ids (for learning environments): ``draw`` 0, ``take`` 1, ``pass`` 2, ``discard f`` 3+f,
``finish f`` 56+f, ``show`` 109, where f is the face 0..52 (52 = ``F`` or ``JK``). An explicit
arrangement is not part of the id.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from rummykit.core.notation import format_declared, format_face, parse_declared, parse_faces
from rummykit.core.pieces import JOKER, Kind
from rummykit.engine.action_text import Parts, melds_parts, piece_parts, read_verb
from rummykit.errors import NotationError

DeclaredFace = tuple[int, int | None]
"""A piece of a finishing arrangement: (face, the face a wild is declared as, or None)."""

N_FACE_IDS = JOKER + 1
DISCARD_BASE = 3
FINISH_BASE = DISCARD_BASE + N_FACE_IDS
SHOW_ID = FINISH_BASE + N_FACE_IDS
NUM_ACTIONS = SHOW_ID + 1


class Verb(StrEnum):
    """The kinds of action."""

    DRAW = "draw"
    TAKE = "take"
    PASS = "pass"
    DISCARD = "discard"
    FINISH = "finish"
    SHOW = "show"


@dataclass(frozen=True)
class HandAction:
    """One action. ``face`` for discard/finish/show; ``groups`` an optional finishing arrangement
    (faces per meld or pair); ``kind`` only for notation. Equality ignores ``groups`` and ``kind``,
    so a finish with an arrangement matches the legal finish of the same discard."""

    verb: Verb
    face: int | None = None
    groups: tuple[tuple[DeclaredFace, ...], ...] | None = field(default=None, compare=False)
    kind: Kind = field(default=Kind.TILES, compare=False)

    def text(self) -> str:
        """Canonical text of the action."""
        if self.face is None:
            return self.verb.value
        out = f"{self.verb.value} {format_face(self.kind, self.face)}"
        if self.groups:
            out += " : " + " | ".join(
                " ".join(format_declared(self.kind, f, d) for f, d in g) for g in self.groups
            )
        return out

    def parts(self) -> Parts:
        """The action's parts (:mod:`rummykit.engine.action_text`): ``verb``, ``pieces`` (the
        piece discarded, finished with or shown), and a finish's own arrangement as ``melds``
        (its pieces after the discard's)."""
        if self.face is None:
            return {"verb": self.verb.value, "pieces": []}
        if not self.groups:
            return {"verb": self.verb.value, **piece_parts(self.kind, [(self.face, None)])}
        laid = melds_parts(self.kind, self.groups)
        whole = piece_parts(self.kind, [(self.face, None), *(p for g in self.groups for p in g)])
        return {"verb": self.verb.value, **whole, "melds": laid["melds"]}

    @property
    def id(self) -> int:
        """The integer id of the action (see the module docstring)."""
        if self.verb is Verb.DRAW:
            return 0
        if self.verb is Verb.TAKE:
            return 1
        if self.verb is Verb.PASS:
            return 2
        assert self.face is not None
        if self.verb is Verb.DISCARD:
            return DISCARD_BASE + self.face
        if self.verb is Verb.FINISH:
            return FINISH_BASE + self.face
        return SHOW_ID


PIECELESS = frozenset({Verb.DRAW, Verb.TAKE, Verb.PASS})
"""The verbs that take no piece."""


def shape_problem(action: object, kind: Kind) -> str | None:
    """Why ``action`` (built in code, not parsed) is not a well-formed action of a closed-hand
    game played with pieces of ``kind``, or ``None``.

    Checks the types; that ``draw``, ``take`` and ``pass`` take no piece; that the others take one
    face 0..52 written in ``kind``'s notation; that only ``finish`` takes an arrangement, a tuple
    of non-empty groups of (face, declared) pairs, declared ``None`` or 0..51. Whether the
    arrangement is right (the pieces held, real melds) is the game's question, not this one.
    """
    if not isinstance(action, HandAction) or not isinstance(action.verb, Verb):
        return "not a closed-hand game's action (a HandAction)"
    verb = action.verb
    if not isinstance(action.kind, Kind):
        return f"kind is {action.kind!r}, not a Kind"
    if verb in PIECELESS:
        if action.face is not None or action.groups is not None:
            return f"{verb.value} takes no piece"
        return None
    if not _is_face(action.face, JOKER):
        return f"{verb.value} takes one face 0..{JOKER}"
    if action.kind is not kind:
        return f"its piece is written as {action.kind.value}, the game's pieces are {kind.value}"
    groups = action.groups
    if groups is None:
        return None
    if verb is not Verb.FINISH:
        return "only finish takes an arrangement"
    if not isinstance(groups, tuple) or not groups or not all(_group_ok(g) for g in groups):
        return "an arrangement is a tuple of non-empty tuples of (face, declared) pairs"
    return None


def _is_face(value: object, top: int) -> bool:
    return type(value) is int and 0 <= value <= top


def _group_ok(group: object) -> bool:
    return (
        isinstance(group, tuple)
        and bool(group)
        and all(
            isinstance(p, tuple)
            and len(p) == 2
            and _is_face(p[0], JOKER)
            and (p[1] is None or _is_face(p[1], JOKER - 1))
            for p in group
        )
    )


def action_from_id(action_id: int, kind: Kind, show_face: int | None = None) -> HandAction:
    """The action with integer id ``action_id`` (``show`` needs the face to show)."""
    if not 0 <= action_id < NUM_ACTIONS:
        raise NotationError(str(action_id), "notation.action_id", last=NUM_ACTIONS - 1)
    if action_id < DISCARD_BASE:
        return HandAction((Verb.DRAW, Verb.TAKE, Verb.PASS)[action_id], kind=kind)
    if action_id < FINISH_BASE:
        return HandAction(Verb.DISCARD, action_id - DISCARD_BASE, kind=kind)
    if action_id < SHOW_ID:
        return HandAction(Verb.FINISH, action_id - FINISH_BASE, kind=kind)
    return HandAction(Verb.SHOW, show_face, kind=kind)


def parse_action(text: str, kind: Kind, verbs: frozenset[Verb] = frozenset(Verb)) -> HandAction:
    """The action written as ``text``; raises :class:`NotationError` naming what is wrong.

    ``verbs`` are the verbs the game knows (Turkish Rummy has no ``show``).
    """
    head, colon, tail = text.strip().partition(":")
    verb, rest = read_verb(head, Verb, [v for v in Verb if v in verbs])
    if verb in PIECELESS:
        # before any piece is read: "draw now" takes nothing, whatever "now" would be
        if rest.strip() or colon:
            raise NotationError(text, "notation.takes_nothing", verb=verb.value)
        return HandAction(verb, kind=kind)
    faces = parse_faces(kind, rest)
    if len(faces) != 1:
        raise NotationError(text, "notation.one_piece", verb=verb.value, example=format_face(kind, 6))
    groups = None
    if colon:
        if verb is not Verb.FINISH:
            raise NotationError(text, "notation.arrangement_finish_only")
        groups = tuple(tuple(parse_declared(kind, part)) for part in tail.split("|"))
        if any(not g for g in groups):
            raise NotationError(text, "notation.empty_group")
    return HandAction(verb, faces[0], groups, kind)
