"""Okey actions: values with a canonical text form and an integer id (``okey.md`` "A turn").

Text forms: ``draw`` (top of the stock), ``take`` (the previous player's discard), ``discard R7``,
``finish R7`` (discard R7 and lay the other 14 down, arranged by the engine, seven pairs first when
possible), ``finish R7 : R1 R2 R3 | B5 B5 | ...`` (with the player's own arrangement, validated),
``show R5`` (the indicator's twin, on one's first turn) and ``pass`` (stock empty: decline the
finishing take, which voids the round).

Integer ids (for learning environments): ``draw`` 0, ``take`` 1, ``pass`` 2, ``discard f`` 3+f,
``finish f`` 56+f, ``show`` 109, where f is the face 0..52 (52 = ``F``). An explicit arrangement is
not part of the id.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rummykit.core.notation import format_face, parse_faces
from rummykit.core.pieces import JOKER, Kind
from rummykit.errors import NotationError

N_FACE_IDS = JOKER + 1
DISCARD_BASE = 3
FINISH_BASE = DISCARD_BASE + N_FACE_IDS
SHOW_ID = FINISH_BASE + N_FACE_IDS
NUM_ACTIONS = SHOW_ID + 1


class Verb(StrEnum):
    """The kinds of Okey action."""

    DRAW = "draw"
    TAKE = "take"
    PASS = "pass"
    DISCARD = "discard"
    FINISH = "finish"
    SHOW = "show"


@dataclass(frozen=True)
class OkeyAction:
    """One Okey action. ``face`` for discard/finish/show; ``groups`` an optional finishing
    arrangement (faces per meld or pair). Equality ignores ``groups`` so a finish with an
    arrangement matches the legal finish of the same discard."""

    verb: Verb
    face: int | None = None
    groups: tuple[tuple[int, ...], ...] | None = None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, OkeyAction):
            return NotImplemented
        return (self.verb, self.face) == (other.verb, other.face)

    def __hash__(self) -> int:
        return hash((self.verb, self.face))

    def text(self) -> str:
        """Canonical text of the action."""
        if self.face is None:
            return self.verb.value
        out = f"{self.verb.value} {format_face(Kind.TILES, self.face)}"
        if self.groups:
            out += " : " + " | ".join(" ".join(format_face(Kind.TILES, f) for f in g) for g in self.groups)
        return out

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


def action_from_id(action_id: int, indicator: int) -> OkeyAction:
    """The action with integer id ``action_id`` (``show`` needs the round's ``indicator``)."""
    if not 0 <= action_id < NUM_ACTIONS:
        raise NotationError(str(action_id), f"an Okey action id is 0..{NUM_ACTIONS - 1}")
    if action_id < DISCARD_BASE:
        return OkeyAction((Verb.DRAW, Verb.TAKE, Verb.PASS)[action_id])
    if action_id < FINISH_BASE:
        return OkeyAction(Verb.DISCARD, action_id - DISCARD_BASE)
    if action_id < SHOW_ID:
        return OkeyAction(Verb.FINISH, action_id - FINISH_BASE)
    return OkeyAction(Verb.SHOW, indicator)


def parse_action(text: str) -> OkeyAction:
    """The action written as ``text``; raises :class:`NotationError` naming what is wrong."""
    head, colon, tail = text.strip().partition(":")
    words = head.split()
    if not words:
        raise NotationError(text, "empty action; try draw, take, discard R7, finish R7, show R5")
    try:
        verb = Verb(words[0].lower())
    except ValueError:
        raise NotationError(
            words[0], "unknown action; the actions are draw, take, discard, finish, show, pass"
        ) from None
    faces = parse_faces(Kind.TILES, words[1:])
    if verb in (Verb.DRAW, Verb.TAKE, Verb.PASS):
        if faces or colon:
            raise NotationError(text, f"{verb.value} takes no tile")
        return OkeyAction(verb)
    if len(faces) != 1:
        raise NotationError(text, f"{verb.value} takes exactly one tile, e.g. {verb.value} R7")
    groups = None
    if colon:
        if verb is not Verb.FINISH:
            raise NotationError(text, "only finish takes an arrangement")
        groups = tuple(tuple(parse_faces(Kind.TILES, part)) for part in tail.split("|"))
        if any(not g for g in groups):
            raise NotationError(text, "an empty group in the arrangement")
    return OkeyAction(verb, faces[0], groups)
