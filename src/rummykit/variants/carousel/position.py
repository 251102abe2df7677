"""Carousel position text: a whole match state on one line, hidden cards included.

Sections separated by ``;``, each a key and its values, in this order (``-`` writes an empty
list; cards in notation, a declared joker ``JK[7H]``; seats from 0)::

    carousel; seed 7; round 2; dealer 1; phase turn; turn 2; draws 1; melded_turn 0;
    melded 0 2; last off; scores 31 0 12 0; won 1 0 1 0;
    hands 7H 8H JK / 2C 3C ... / ... ; stock 4D ... 9S; table 0: 4H JK[5H] 6H | 2: 9S 9D 9C;
    draft 4H 5H 6H | 9S 9D 9C ! 5H ! 1; history - ! - ! 0 ~ ...; edits 2;
    results knock 0 : 7H / 2C 3C KD / ... ~ stock : ... ~ out 3 : ...

(all on one line). ``seed``: the match seed (with the round number it keys the deals to come).
``phase``: ``turn`` or ``over``. ``melded``: the seats that melded this round. ``last``: ``off``
until the stock runs out, then the seats still to take their last turn (``-``: none). ``hands``:
one per seat, separated by ``/``. ``stock``: the next card drawn is the last. ``table``: the melds
in order, each ``owner: cards`` in meld order, separated by ``|``. ``draft`` (only while one is
open): the draft's melds ``!`` the hand cards placed ``!`` the jokers freed and not placed again;
``history``: the drafts before each edit, oldest first, separated by ``~``; ``edits``: edits made
since the last draw. ``results``: one per finished round, oldest first, separated by ``~``: how
it ended (``knock S``, ``out S`` or ``stock``), ``:``, the hands at its end; the scores of a
result follow from these under the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from rummykit.core.melds import CARD_JOKERS
from rummykit.core.notation import format_face, parse_declared, parse_faces
from rummykit.core.pieces import JOKER, N_FACES, Kind, PieceSet
from rummykit.engine.game import RoundResult
from rummykit.engine.table import TableMeld, table_meld
from rummykit.errors import NotationError, RummykitError
from rummykit.variants.carousel.actions import Card, Table, card_text, meld_text
from rummykit.variants.carousel.draft import DraftTable
from rummykit.variants.carousel.rules import CarouselRules
from rummykit.variants.carousel.scoring import round_result
from rummykit.variants.carousel.state import CarouselState, CPhase

T = TypeVar("T")
KEYS = (
    "seed",
    "round",
    "dealer",
    "phase",
    "turn",
    "draws",
    "melded_turn",
    "melded",
    "last",
    "scores",
    "won",
    "hands",
    "stock",
    "table",
    "draft",
    "history",
    "edits",
    "results",
)
"""The sections, in the order they are written."""
OPTIONAL = {"draft", "history", "edits", "results"}


def _cards(faces: Sequence[int]) -> str:
    return " ".join(format_face(Kind.CARDS, f) for f in faces) or "-"


def _ints(values: Sequence[int]) -> str:
    return " ".join(str(v) for v in values) or "-"


def _melds(table: Table) -> str:
    return " | ".join(map(meld_text, table)) or "-"


def _draft(draft: DraftTable) -> str:
    return f"{_melds(draft.melds)} ! {_cards(draft.used)} ! {draft.floating}"


def _result(result: RoundResult) -> str:
    how = {
        "knock": f"knock {result.notes[0]['params'].get('seat')}",
        "out": f"out {result.notes[0]['params'].get('seat')}",
    }
    hands = " / ".join(_cards(h or ()) for h in result.hands)
    return f"{how.get(result.kind, 'stock')} : {hands}"


def write_position(pieces: PieceSet, s: CarouselState) -> str:
    """``s`` as position text (see the module docstring); ``pieces`` are the game's cards."""
    table = " | ".join(f"{m.owner}: " + meld_text(zip_cards(m)) for m in s.table)
    parts = [
        "carousel",
        f"seed {s.seed}",
        f"round {s.round_no}",
        f"dealer {s.dealer}",
        f"phase {s.phase.value}",
        f"turn {s.turn}",
        f"draws {s.draws}",
        f"melded_turn {int(s.melded_turn)}",
        f"melded {_ints(sorted(s.melded))}",
        f"last {'off' if s.last_queue is None else _ints(s.last_queue)}",
        f"scores {_ints(s.scores)}",
        f"won {_ints(s.rounds_won)}",
        "hands " + " / ".join(_cards([pieces.face(c) for c in h]) for h in s.hands),
        f"stock {_cards([pieces.face(c) for c in s.stock])}",
        f"table {table or '-'}",
    ]
    if s.draft is not None:
        parts.append(f"draft {_draft(s.draft)}")
    if s.draft_history:
        parts.append("history " + " ~ ".join(_draft(d) for d in s.draft_history))
    if s.draft_edits:
        parts.append(f"edits {s.draft_edits}")
    if s.results:
        parts.append("results " + " ~ ".join(_result(r) for r in s.results))
    return "; ".join(parts)


def zip_cards(meld: TableMeld) -> list[tuple[int, int | None]]:
    """A table meld's cards as (face, declared) in meld order."""
    return [
        (f, s if f == JOKER else None) for f, s in zip(meld.meld.faces, meld.meld.stands_for, strict=True)
    ]


class _Reader:
    """Reads the sections of one position text; errors name the section."""

    def __init__(self, text: str) -> None:
        parts = [p.strip() for p in text.split(";")]
        if parts[0] != "carousel":
            raise NotationError(text, "a Carousel position starts with 'carousel;'")
        self.sections: dict[str, str] = {}
        for part in parts[1:]:
            key, _, value = part.partition(" ")
            if key not in KEYS:
                raise NotationError(key, f"unknown section; the sections are {', '.join(KEYS)}")
            if key in self.sections:
                raise NotationError(key, "this section is given twice")
            self.sections[key] = value.strip()
        missing = [k for k in KEYS if k not in OPTIONAL and k not in self.sections]
        if missing:
            raise NotationError(text, f"the section {missing[0]!r} is missing")

    def optional(self, key: str, read: Callable[[str], T], default: T) -> T:
        """Section ``key`` read by ``read``, ``default`` when absent."""
        return self.read(key, read) if key in self.sections else default

    def read(self, key: str, read: Callable[[str], T]) -> T:
        """Section ``key`` (present) read by ``read``."""
        value = self.sections[key]
        try:
            return read(value)
        except NotationError:
            raise
        except (RummykitError, ValueError, IndexError) as exc:
            raise NotationError(f"{key} {value}", str(exc)) from None


def _int(value: str) -> int:
    if not value.isascii() or not value.isdigit() or len(value) > 30:
        raise NotationError(value, "expected a whole number")
    return int(value)


def _int_list(value: str) -> list[int]:
    return [] if value == "-" else [_int(v) for v in value.split()]


def _faces(value: str) -> list[int]:
    return [] if value.strip() == "-" else parse_faces(Kind.CARDS, value)


def _table(value: str) -> Table:
    if value.strip() == "-":
        return ()
    return tuple(tuple(parse_declared(Kind.CARDS, m)) for m in value.split("|"))


def _draft_of(value: str) -> DraftTable:
    parts = value.split("!")
    if len(parts) != 3:
        raise NotationError(value, "a draft is: melds ! hand cards placed ! jokers freed")
    return DraftTable(_table(parts[0]), tuple(sorted(_faces(parts[1]))), _int(parts[2].strip()))


class _Ids:
    """Card ids handed out by face, copy after copy."""

    def __init__(self, pieces: PieceSet) -> None:
        self.pieces = pieces
        self.next = [0] * (N_FACES + 1)

    def take(self, face: int) -> int:
        copy = self.next[face]
        if copy >= self.pieces.copies_of(face):
            name = format_face(Kind.CARDS, face)
            raise NotationError(name, f"more copies of {name} than the {self.pieces.size} cards hold")
        self.next[face] += 1
        return self.pieces.piece(face, copy)

    def check_all_placed(self) -> None:
        for face, used in enumerate(self.next):
            if used < self.pieces.copies_of(face):
                name = format_face(Kind.CARDS, face)
                raise NotationError(name, "every card must be somewhere: this one is missing")


def read_position(rules: CarouselRules, pieces: PieceSet, text: str) -> CarouselState:
    """The state written as ``text``; raises :class:`NotationError` naming what is wrong."""
    r = _Reader(text)
    players = rules.players

    def seat(value: str) -> int:
        number = _int(value)
        if number >= players:
            raise NotationError(value, f"seats are 0..{players - 1}")
        return number

    def seats(value: str) -> list[int]:
        return [] if value == "-" else [seat(v) for v in value.split()]

    def per_seat(value: str) -> list[int]:
        values = _int_list(value)
        if len(values) != players:
            raise NotationError(value, f"give one value per seat ({players})")
        return values

    def hands_of(value: str) -> list[list[int]]:
        hands = [_faces(h) for h in value.split("/")]
        if len(hands) != players:
            raise NotationError(value, f"give one hand per seat ({players}), separated by /")
        return hands

    def phase(value: str) -> CPhase:
        if value not in ("turn", "over"):
            raise NotationError(value, "the phase is turn or over")
        return CPhase(value)

    def flag(value: str) -> bool:
        if value not in ("0", "1"):
            raise NotationError(value, "write 0 or 1")
        return value == "1"

    def last(value: str) -> list[int] | None:
        return None if value == "off" else seats(value)

    def table(value: str) -> list[tuple[int, list[Card]]]:
        melds = []
        for part in [] if value == "-" else value.split("|"):
            owner, colon, cards = part.partition(":")
            if not colon:
                raise NotationError(part, "a table meld is written owner: cards")
            melds.append((seat(owner.strip()), parse_declared(Kind.CARDS, cards)))
        return melds

    def results(value: str) -> list[RoundResult]:
        out = []
        for round_no, part in enumerate(value.split("~"), start=1):
            how, colon, rest = part.partition(":")
            words = how.split()
            shape = [1] if words[:1] == ["stock"] else [2]
            if not colon or not words or words[0] not in ("knock", "out", "stock") or [len(words)] != shape:
                raise NotationError(part, "a result is: knock S | out S | stock, then ':' and the hands")
            actor = seat(words[1]) if len(words) == 2 else None
            knocker = actor if words[0] == "knock" else None
            went_out = actor if words[0] == "out" else None
            out.append(round_result(round_no, hands_of(rest), knocker, went_out, rules)[0])
        return out

    ids = _Ids(pieces)
    table_melds = []
    for number, (owner, cards) in enumerate(r.read("table", table), start=1):
        played = [(ids.take(f), d) for f, d in cards]
        try:
            meld = table_meld(number, owner, played, pieces, rules.meld_rules(), CARD_JOKERS)
        except RummykitError as exc:
            raise NotationError(" ".join(card_text(c) for c in cards), str(exc)) from None
        table_melds.append(meld)
    hands = [[ids.take(f) for f in h] for h in r.read("hands", hands_of)]
    stock = [ids.take(f) for f in r.read("stock", _faces)]
    ids.check_all_placed()
    return CarouselState(
        seed=r.read("seed", _int),
        round_no=r.read("round", _int),
        dealer=r.read("dealer", seat),
        phase=r.read("phase", phase),
        hands=hands,
        stock=stock,
        table=table_melds,
        melded=set(r.read("melded", seats)),
        last_queue=r.read("last", last),
        turn=r.read("turn", seat),
        draws=r.read("draws", _int),
        melded_turn=r.read("melded_turn", flag),
        scores=r.read("scores", per_seat),
        rounds_won=r.read("won", per_seat),
        results=r.optional("results", results, []),
        draft=r.optional("draft", _draft_of, None),
        draft_history=r.optional("history", lambda v: [_draft_of(d) for d in v.split("~")], []),
        draft_edits=r.optional("edits", _int, 0),
    )
