"""What a seat's client asks the server beyond the game itself: its rack kept and arranged by the
seat session's logic, a hint, and the score sheet (``docs/protocol.md``, "Helping a seat").

A browser keeps the player's order of the pieces in slots (rows of a rack, gaps allowed), but the
rack's logic is the seat session's (:mod:`rummykit.session.rack`), so that the browser and the
terminal agree: the client sends its slots and the server answers them brought in line with the
seat's hand (:meth:`~rummykit.session.rack.Rack.sync`: new pieces land in a free slot, a new round
starts sorted), arranged when asked (:meth:`~rummykit.session.rack.Rack.sort`, each meld kept on one
row), with the groups of adjacent pieces that form melds. Every answer is computed from the seat's
own observation and legal actions only (Okey, Turkish Rummy and Kalooki).

Carousel's seats get the score sheet, the table solver's best new table as the hint
(:func:`carousel_hint_answer`) and, in every ``state`` message, the draft's melds checked and why
a commit or a knock is refused (:func:`carousel_draft`); Carousel has no rack to arrange.

Kalooki's seats get two more things: the greedy bot's move as the hint (:func:`kalooki_hint_answer`)
and, in every ``state`` message, the opening total toward the minimum (:func:`kalooki_opening`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rummykit.bots.registry import make_bot
from rummykit.core.melds import CARD_JOKERS, CAROUSEL_VALUES, KALOOKI_VALUES, Wilds, validate_meld
from rummykit.core.notation import format_face
from rummykit.core.pieces import JOKER, Kind
from rummykit.engine.game import Game, RoundResult
from rummykit.server.protocol import ProtocolError
from rummykit.session import (
    SORT_WAYS,
    SeatSession,
    SessionError,
    carousel_hint,
    closed_hand_hint,
    groups,
    kalooki_hint,
)
from rummykit.solvers.arrange import Arrangement
from rummykit.solvers.report import HandProfile
from rummykit.variants.carousel.actions import CarouselAction, CVerb, meld_text
from rummykit.variants.carousel.game import CarouselGame, declared_cards
from rummykit.variants.carousel.manipulation import meld_problem
from rummykit.variants.carousel.scoring import hand_points
from rummykit.variants.carousel.state import CarouselState
from rummykit.variants.closed_hand.actions import HandAction, Verb
from rummykit.variants.closed_hand.game import ClosedHandGame
from rummykit.variants.kalooki.actions import KalookiAction, KVerb, card_list
from rummykit.variants.kalooki.game import KalookiGame

MAX_SLOTS = 64
"""Most slots a client's rack may have."""
MAX_ROWS = 4
"""Most rows a client's rack may have."""

Slots = list[int | None]


RackGame = ClosedHandGame[Any] | KalookiGame
"""The games whose seats the server helps: a hand of pieces on a rack."""


def assisted(game: Game[Any, Any], feature: str) -> RackGame | CarouselGame:
    """``game`` as one the server helps with ``feature``: ``rack`` for Okey, Turkish Rummy and
    Kalooki, ``hint`` and ``scores`` for those and Carousel; raises ``unsupported`` naming
    ``feature`` for another."""
    if isinstance(game, ClosedHandGame | KalookiGame):
        return game
    if isinstance(game, CarouselGame) and feature != "rack":
        return game
    raise ProtocolError("unsupported", feature=feature, variant=game.variant)


def hand_logic(game: RackGame, observation: dict[str, Any]) -> tuple[HandProfile, Wilds]:
    """What arranges a hand of ``game``: its rules' hand profile and this round's wilds (Kalooki:
    the jokers)."""
    wilds = CARD_JOKERS if isinstance(game, KalookiGame) else wilds_of(observation)
    return game.rules.hand_profile(), wilds


def name(game: RackGame | CarouselGame, face: int) -> str:
    """``face`` in the game's notation."""
    return format_face(game.kind, face)


def wilds_of(observation: dict[str, Any]) -> Wilds:
    """The round's wilds from a closed-hand observation (``wilds`` faces, ``joker_as``)."""
    return Wilds(frozenset(observation["wilds"]), observation["joker_as"])


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
    game: RackGame, seat: int, observation: dict[str, Any], data: dict[str, Any]
) -> dict[str, Any]:
    """The ``rack`` answer to a ``rack`` message (see :func:`read_rack`): ``slots`` in line with
    the hand of ``observation`` (then the piece moved, then arranged, when asked), the faces
    that ``arrived`` (new since the client's slots), the ``round`` they belong to and the
    ``groups`` ``[start, end)`` of adjacent slots forming melds (never across rows)."""
    hand: list[int] = list(observation["hand"])
    request = read_rack(data, len(hand))
    rows = request.rows
    session = SeatSession(game, seat, capacity=len(request.slots))
    rack = session.rack
    rack.slots, rack.round_no = request.slots, request.round
    arrived = session.update(observation)
    profile, wilds = hand_logic(game, observation)
    try:
        if request.move is not None:
            rack.move(*request.move)
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
def _arrangement(game: RackGame, arrangement: Arrangement) -> dict[str, Any]:
    return {
        "melds": [[name(game, f) for f in meld.faces] for meld in arrangement.melds],
        "out": [name(game, f) for f in arrangement.ungrouped],
    }


def hint_answer(
    game: ClosedHandGame[Any], seat: int, observation: dict[str, Any], legal: Sequence[HandAction]
) -> dict[str, Any]:
    """The ``hint`` answer: :func:`rummykit.session.closed_hand_hint` for the seat's hand and legal
    actions, pieces in notation: ``move`` (``take_to_finish``, ``take``, ``draw``, ``pass``,
    ``finish``, ``discard``), ``piece``, ``finishes``, ``left_out``, ``kinds``, ``show`` and the
    ``arrangement`` (``melds``, ``out``). Raises ``no_hint`` when the seat is not to move."""
    session = SeatSession(game, seat)
    session.update(observation, (), legal)
    if not session.my_turn or not legal:
        raise ProtocolError("no_hint")
    finishes = [a.face for a in legal if a.verb is Verb.FINISH and a.face is not None]
    discards = [a.face for a in legal if a.verb is Verb.DISCARD and a.face is not None]
    show = observation.get("indicator") if session.can("show") else None
    hint = closed_hand_hint(
        game.rules.hand_profile(),
        session.hand,
        wilds_of(observation),
        observation["takeable"],
        session.choices(),
        finishes,
        discards,
        show,
    )

    def piece(face: int | None) -> str | None:
        return None if face is None else game.name(face)

    return {
        "type": "hint",
        "hint": {
            "move": hint.move.value,
            "piece": piece(hint.piece),
            "finishes": [game.name(f) for f in hint.finishes],
            "left_out": hint.left_out,
            "kinds": list(hint.kinds),
            "show": piece(hint.show),
            "arrangement": _arrangement(game, hint.arrangement),
        },
    }


def kalooki_hint_answer(
    game: KalookiGame, seat: int, observation: dict[str, Any], legal: Sequence[KalookiAction]
) -> dict[str, Any]:
    """Kalooki's ``hint`` answer (:func:`rummykit.session.kalooki_hint`): ``move`` ``"kalooki"``,
    the greedy bot's ``action`` (canonical text, one of the legal ones), its ``verb`` and its parts
    (``params``, :func:`kalooki_move_params`) for the client to word it, the best melds by value
    (``by_value``: ``melds``, ``out``, ``value``), ``opening`` (their value with this turn's
    pending melds, null once the seat has opened), ``laid`` (the pending melds' value),
    ``open_min``, the arrangement leaving the fewest points (``fewest``) and those
    ``points_left``. Raises ``no_hint`` when the seat is not to move."""
    if observation["to_move"] != seat or not legal:
        raise ProtocolError("no_hint")
    choice = make_bot("greedy", game, 0).choose(observation, list(legal))
    laid = pending_value(observation)
    hint = kalooki_hint(
        game.rules.hand_profile().solver(),
        game.values,
        observation["hand"],
        game.action_text(choice),
        observation["takeable"],
        seat in observation["opened"],
        laid,
        game.rules.open_min,
    )
    return {
        "type": "hint",
        "hint": {
            "move": "kalooki",
            "action": hint.action,
            "verb": hint.verb,
            "params": kalooki_move_params(choice, hint.takes),
            "by_value": {**_arrangement(game, hint.by_value), "value": hint.by_value.score},
            "opening": hint.opening,
            "laid": hint.laid,
            "open_min": hint.open_min,
            "fewest": _arrangement(game, hint.fewest),
            "points_left": hint.points_left,
        },
    }


def kalooki_move_params(action: KalookiAction, takes: int | None) -> dict[str, Any]:
    """The parts of Kalooki ``action`` a client words it with, cards in notation (a joker with its
    declaration, ``JK[7H]``), as its event names them: ``melds`` (each a list of cards) for
    ``meld``; ``number`` (the table meld) and ``cards`` for ``layoff`` and ``release``; ``card``
    for ``discard``, and for ``take`` the discard it takes (``takes``, a face); ``{}`` for ``draw``
    and ``retract``."""
    if action.verb is KVerb.MELD:
        return {"melds": [card_list(meld) for meld in action.melds]}
    if action.verb in (KVerb.LAYOFF, KVerb.RELEASE):
        return {"number": action.target, "cards": card_list(action.cards)}
    face = action.face if action.verb is KVerb.DISCARD else takes
    return {} if face is None else {"card": format_face(Kind.CARDS, face)}


def carousel_hint_answer(game: CarouselGame, state: CarouselState, seat: int) -> dict[str, Any]:
    """Carousel's ``hint`` answer: the table solver's best new table for the seat's hand
    (:func:`rummykit.session.carousel_hint`): ``move`` ``"carousel"``, ``table`` (meld texts),
    ``action`` (the whole table as the ``meld`` shortcut) and ``draft`` (the same table as the
    ``draft`` action, which makes it the seat's draft to change further, undo or commit), each
    its text when the seat may play it now, else null (no card can be played, or the seat may not
    meld or edit now); ``played`` (cards from the hand), ``points_left`` (the hand's points after
    it). Raises ``no_hint`` when the seat is not to move."""
    if game.current_seat(state) != seat:
        raise ProtocolError("no_hint")
    table = game.table_cards(state)
    hand = game.faces(state.hands[seat])
    move = carousel_hint(game.solver, table, hand, CAROUSEL_VALUES, game.rules.joker_replace_from_table)
    new = tuple(declared_cards(m.faces, m.stands_for) for m in move.table) if move.played else table

    def legal(verb: CVerb) -> str | None:
        action = CarouselAction(verb, new)
        return action.text() if move.played and game.refusal(state, seat, action) is None else None

    return {
        "type": "hint",
        "hint": {
            "move": "carousel",
            "table": list(map(meld_text, new)),
            "action": legal(CVerb.MELD),
            "draft": legal(CVerb.DRAFT),
            "played": [name(game, f) for f in move.played],
            "points_left": move.points_left if move.played else game.points(state, seat),
        },
    }


def _refused(game: CarouselGame, state: CarouselState, seat: int, verb: CVerb) -> dict[str, Any] | None:
    error = game.refusal(state, seat, CarouselAction(verb))
    return None if error is None else {"code": error.code, "params": dict(error.params)}


def carousel_draft(game: CarouselGame, state: CarouselState, viewer: int | None) -> dict[str, Any]:
    """Carousel's ``carousel`` entry of a ``state`` message: ``melds``, per meld of the draft
    (public, as ``observation.draft.melds``), ``null`` when it is a valid meld, else why not
    (``{"code", "params"}``, :func:`~rummykit.variants.carousel.manipulation.meld_problem`);
    ``points``: the viewer's hand value (null for a spectator); for the seat to move, ``commit``
    and ``knock``: why each is refused now (``{"code", "params"}``, ``carousel.draft_meld_invalid``
    naming the first invalid meld), or null when it is legal (or, for ``commit``, when the draft
    is the table as it is)."""
    draft = game.draft(state)
    melds: list[dict[str, Any] | None] = []
    for meld in draft.melds:
        problem = meld_problem(meld)
        melds.append(None if problem is None else {"code": problem[0], "params": problem[1]})
    out: dict[str, Any] = {
        "melds": melds,
        "points": None if viewer is None else hand_points(game.faces(state.hands[viewer])),
        "commit": None,
        "knock": None,
    }
    if viewer is None or game.current_seat(state) != viewer:
        return out
    bad = next(((n, m) for n, m in enumerate(melds, start=1) if m is not None), None)
    if game.draft_changed(state):
        if bad is not None:
            number, why = bad
            out["commit"] = {"code": "carousel.draft_meld_invalid", "params": {"number": number, "why": why}}
        else:
            out["commit"] = _refused(game, state, viewer, CVerb.COMMIT)
    out["knock"] = _refused(game, state, viewer, CVerb.KNOCK)
    return out


# ---------------------------------------------------------------------- Kalooki's opening
def pending_value(observation: dict[str, Any]) -> int:
    """The opening value of the seat's melds laid this turn that don't open yet (the table melds
    numbered in ``pending``; each meld's ``value`` is the engine's)."""
    pending = set(observation["pending"])
    return sum(m["value"] for m in observation["table"] if m["number"] in pending)


def kalooki_opening(
    game: KalookiGame,
    observation: dict[str, Any],
    legal: list[dict[str, Any]],
    actions: Sequence[KalookiAction],
) -> dict[str, Any] | None:
    """The opening toward ``open_min`` for a Kalooki seat's ``state`` message, or ``None`` once
    the seat has opened (or for a spectator): ``{"laid": value of this turn's pending melds,
    "min": the rules' open_min}``; and each entry of ``legal`` (the texts of ``actions``, in
    order) that melds one meld gets ``opening``:
    ``laid`` plus that meld's value (jokers as the card they stand for, an ace 1 low in a run and
    11 elsewhere), what the opening would be with it."""
    seat = observation["seat"]
    if seat is None or seat in observation["opened"]:
        return None
    laid = pending_value(observation)
    for entry, action in zip(legal, actions, strict=True):
        if action.verb is KVerb.MELD and len(action.melds) == 1:
            cards = action.melds[0]
            meld = validate_meld(
                [f for f, _ in cards], game.meld_rules, CARD_JOKERS, declared=[d for _, d in cards]
            )
            entry["opening"] = laid + KALOOKI_VALUES.meld_value(meld)
    return {"laid": laid, "min": game.rules.open_min}


# ---------------------------------------------------------------------- the score sheet
def score_sheet(game: RackGame | CarouselGame, results: Sequence[RoundResult]) -> dict[str, Any]:
    """The ``scores`` answer: every finished round of the match so far as everyone may see it
    (``round``, ``winner``, ``kind``, ``deltas``, ``notes``, ``finishing``: the finishing discard
    in notation or null; no hands)."""
    return {
        "type": "scores",
        "rounds": [
            {
                "round": r.round_no,
                "winner": r.winner,
                "kind": r.kind,
                "deltas": list(r.deltas),
                "notes": [dict(n) for n in r.notes],
                "finishing": None if r.finishing_discard is None else name(game, r.finishing_discard),
            }
            for r in results
        ],
    }
