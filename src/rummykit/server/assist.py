"""What a seat's client asks the server beyond the game itself: its rack kept and arranged by the
seat session's logic, a hint, and the score sheet (``docs/protocol.md``, "Helping a seat").

A browser keeps the player's order of the pieces in slots (rows of a rack, gaps allowed), but the
rack's logic is the seat session's (:mod:`rummykit.session.rack`), so that the browser and the
terminal agree: the client sends its slots and the server answers them brought in line with the
seat's hand (:meth:`~rummykit.session.rack.Rack.sync`: new pieces land in a free slot, a new round
starts sorted), arranged when asked (:meth:`~rummykit.session.rack.Rack.sort`, each meld kept on one
row), with the groups of adjacent pieces that form melds. Every answer is computed from the seat's
own observation and legal actions only.

What differs between games comes from each game's :class:`~rummykit.session.assist.SeatAssist`
(its package's ``assist``): whether its seats have a rack to arrange and what arranges it, the
hint, and what a ``state`` message carries besides the observation (:func:`state_extras`). A game
without one offers none of these but the score sheet.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rummykit.core.notation import format_face
from rummykit.core.pieces import JOKER
from rummykit.engine.game import Game, RoundResult
from rummykit.engine.state import State
from rummykit.server.protocol import ProtocolError
from rummykit.session import SORT_WAYS, SeatSession, SessionError, groups
from rummykit.session.assist import SeatAssist
from rummykit.variants.registry import variant

MAX_SLOTS = 64
"""Most slots a client's rack may have."""
MAX_ROWS = 4
"""Most rows a client's rack may have."""

Slots = list[int | None]


def assist_of(game: Game[Any, Any], feature: str) -> SeatAssist[Any]:
    """The seat help of ``game``'s package, asked for ``feature`` (``rack``, ``hint``); raises
    ``unsupported`` naming ``feature`` when the game's package has none."""
    make = variant(game.variant).part("assist")
    if make is None:
        raise ProtocolError("unsupported", feature=feature, variant=game.variant)
    assist: SeatAssist[Any] = make(game)
    return assist


# ---------------------------------------------------------------------- the rack
@dataclass(frozen=True)
class RackRequest:
    """A ``rack`` message read: ``slots`` (faces or gaps), ``rows``, ``round`` (the round the slots
    belong to, ``None``: none), ``move`` (``(source, target)`` slots, or ``None``) and ``by`` (a
    way to arrange, ``None``: keep the order)."""

    slots: Slots
    rows: int
    round: int | None
    move: tuple[int, int] | None
    by: str | None


def read_rack(data: dict[str, Any], held: int) -> RackRequest:
    """A ``rack`` message: ``slots`` (faces 0..52 or null, at least ``held`` of them, at most
    :data:`MAX_SLOTS`), ``rows`` (1..:data:`MAX_ROWS` dividing the slots, default 1), ``round``,
    ``move`` (two slot numbers, optional) and ``by`` (optional). Raises ``bad_rack`` naming what
    is wrong."""
    slots = data.get("slots")
    if not isinstance(slots, list) or not 0 < len(slots) <= MAX_SLOTS:
        raise ProtocolError("bad_rack", reason=f"slots is a list of 1 to {MAX_SLOTS} faces or nulls")
    if any(s is not None and (type(s) is not int or not 0 <= s <= JOKER) for s in slots):
        raise ProtocolError("bad_rack", reason=f"a slot holds a face 0..{JOKER} or null")
    if len(slots) < held:
        raise ProtocolError("bad_rack", reason=f"{held} pieces need at least {held} slots")
    rows = data.get("rows", 1)
    if type(rows) is not int or not 1 <= rows <= MAX_ROWS or len(slots) % rows:
        raise ProtocolError("bad_rack", reason=f"rows is 1 to {MAX_ROWS} and divides the slots")
    round_no = data.get("round")
    if round_no is not None and type(round_no) is not int:
        raise ProtocolError("bad_rack", reason="round is a round number or null")
    by = data.get("by")
    if by is not None and by not in SORT_WAYS:
        raise ProtocolError("bad_rack", reason=f"by is one of {', '.join(SORT_WAYS)} or null")
    move = data.get("move")
    if move is not None and (
        not isinstance(move, list) or len(move) != 2 or any(type(m) is not int for m in move)
    ):
        raise ProtocolError("bad_rack", reason="move is two slot numbers [source, target]")
    return RackRequest(list(slots), rows, round_no, None if move is None else (move[0], move[1]), by)


def pack_rows(slots: Sequence[int | None], rows: int) -> Slots:
    """The pieces of ``slots`` in the same order, each group of adjacent pieces (a meld, or the
    rest) kept on one row when it fits, a gap after each; without room for the gaps, the pieces
    from the first slot on."""
    width = len(slots) // rows
    segments: list[list[int]] = [[]]
    for face in slots:
        if face is None:
            if segments[-1]:
                segments.append([])
        else:
            segments[-1].append(face)
    out: Slots = [None] * len(slots)
    row = col = 0
    for segment in (s for s in segments if s):
        rest = segment
        while rest:
            if row >= rows:
                faces = [f for f in slots if f is not None]
                return [*faces, *[None] * (len(slots) - len(faces))]
            room = width - col
            if len(rest) > room and col > 0 and len(rest) <= width and row + 1 < rows:
                row, col = row + 1, 0
                continue
            placed = rest[:room]
            out[row * width + col : row * width + col + len(placed)] = placed
            rest = rest[room:]
            col += len(placed) + 1
            if col >= width:
                row, col = row + 1, 0
    return out


def rack_answer(
    assist: SeatAssist[Any], seat: int, observation: dict[str, Any], data: dict[str, Any]
) -> dict[str, Any]:
    """The ``rack`` answer to a ``rack`` message (see :func:`read_rack`): ``slots`` in line with
    the hand of ``observation`` (then the piece moved, then arranged, when asked), the faces
    that ``arrived`` (new since the client's slots), the ``round`` they belong to and the
    ``groups`` ``[start, end)`` of adjacent slots forming melds (never across rows). Raises
    ``unsupported`` for a game without a rack to arrange."""
    game = assist.game
    logic = assist.hand_logic(observation)
    if logic is None:
        raise ProtocolError("unsupported", feature="rack", variant=game.variant)
    profile, wilds = logic
    hand: list[int] = list(observation["hand"])
    request = read_rack(data, len(hand))
    rows = request.rows
    session = SeatSession(game, seat, capacity=len(request.slots))
    rack = session.rack
    rack.slots, rack.round_no = request.slots, request.round
    arrived = session.update(observation)
    try:
        if request.move is not None:
            rack.move(*request.move, width=len(rack.slots) // rows)
        if request.by is not None:
            rack.sort(request.by, profile, wilds)
            rack.slots = pack_rows(rack.slots, rows)
    except SessionError as exc:
        raise ProtocolError(exc.code, **exc.params) from None
    width = len(rack.slots) // rows
    found: list[list[int]] = []
    for r in range(rows):
        row = rack.slots[r * width : (r + 1) * width]
        found += [
            [r * width + a, r * width + b]
            for a, b in groups(row, profile.meld_rules, wilds, profile.pairs_win)
        ]
    return {
        "type": "rack",
        "round": session.round_no,
        "slots": rack.slots,
        "arrived": arrived,
        "groups": found,
    }


# ---------------------------------------------------------------------- hints
def hint_answer(assist: SeatAssist[Any], state: State, seat: int) -> dict[str, Any]:
    """The ``hint`` answer: the game's hint for ``seat`` (:meth:`SeatAssist.hint`); raises
    ``no_hint`` when the seat is not to move."""
    try:
        return {"type": "hint", "hint": assist.hint(state, seat)}
    except SessionError as exc:
        raise ProtocolError(exc.code, **exc.params) from None


def state_extras(
    game: Game[Any, Any],
    state: State,
    viewer: int | None,
    observation: dict[str, Any],
    legal: list[dict[str, Any]],
    actions: Sequence[Any],
) -> dict[str, Any]:
    """What a ``state`` message for ``viewer`` carries besides the observation and the legal
    actions (:meth:`SeatAssist.extras` of the game's assist; nothing for a game without one)."""
    make = variant(game.variant).part("assist")
    if make is None:
        return {}
    extras: dict[str, Any] = make(game).extras(state, viewer, observation, legal, actions)
    return extras


# ---------------------------------------------------------------------- the score sheet
def score_sheet(game: Game[Any, Any], results: Sequence[RoundResult]) -> dict[str, Any]:
    """The ``scores`` answer: every finished round of the match so far as everyone may see it
    (``round``, ``winner``, ``kind``, ``deltas``, ``notes``, ``finishing``: the finishing discard
    in notation or null; no hands)."""
    kind = game.kind
    return {
        "type": "scores",
        "rounds": [
            {
                "round": r.round_no,
                "winner": r.winner,
                "kind": r.kind,
                "deltas": list(r.deltas),
                "notes": [dict(n) for n in r.notes],
                "finishing": None if r.finishing_discard is None else format_face(kind, r.finishing_discard),
            }
            for r in results
        ],
    }
