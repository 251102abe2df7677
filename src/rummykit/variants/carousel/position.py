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
from typing import TYPE_CHECKING, TypeVar

from rummykit.core.melds import CARD_JOKERS
from rummykit.core.notation import format_face, parse_declared, parse_faces
from rummykit.core.pieces import JOKER, N_FACES, Kind
from rummykit.engine.game import RoundResult
from rummykit.engine.table import TableMeld, table_meld
from rummykit.errors import NotationError, RummykitError
from rummykit.variants.carousel.actions import Table, card_text
from rummykit.variants.carousel.draft import DraftTable
from rummykit.variants.carousel.state import CarouselState, CPhase

if TYPE_CHECKING:
    from rummykit.variants.carousel.game import CarouselGame

T = TypeVar("T")
KEYS = (
    "seed round dealer phase turn draws melded_turn melded last scores won hands stock table "
    "draft history edits results"
).split()
OPTIONAL = {"draft", "history", "edits", "results"}


def _cards(faces: Sequence[int]) -> str:
    return " ".join(format_face(Kind.CARDS, f) for f in faces) or "-"


def _ints(values: Sequence[int]) -> str:
    return " ".join(str(v) for v in values) or "-"


def _melds(table: Table) -> str:
    return " | ".join(" ".join(card_text(c) for c in m) for m in table) or "-"


def _draft(draft: DraftTable) -> str:
    return f"{_melds(draft.melds)} ! {_cards(draft.used)} ! {draft.floating}"


def _result(result: RoundResult) -> str:
    how = {"knock": f"knock {result.notes[0]['params'].get('seat')}", "out": f"out {result.notes[0]['params'].get('seat')}"}
    hands = " / ".join(_cards(h or ()) for h in result.hands)
    return f"{how.get(result.kind, 'stock')} : {hands}"


def write_position(game: CarouselGame, s: CarouselState) -> str:
    """``s`` as position text (see the module docstring)."""
    table = " | ".join(
        f"{m.owner}: " + " ".join(card_text(c) for c in zip_cards(m)) for m in s.table
    )
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
        "hands " + " / ".join(_cards(game.faces(h)) for h in s.hands),
        f"stock {_cards(game.faces(s.stock))}",
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
    return [(f, s if f == JOKER else None) for f, s in zip(meld.meld.faces, meld.meld.stands_for, strict=True)]


class _Reader:
    """Reads the sections of one position text; errors name the section."""

    def __init__(self, text: str) -> None:
        self.text = text
        parts = [p.strip() for p in text.split(";")]
        if not parts or parts[0] != "carousel":
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

    def get(self, key: str, read: Callable[[str], T], default: T) -> T:
        if key not in self.sections:
            return default
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

    def __init__(self, game: CarouselGame) -> None:
        self.pieces = game.pieces
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


def read_position(game: CarouselGame, text: str) -> CarouselState:
    """The state written as ``text``; raises :class:`NotationError` naming what is wrong."""
    from rummykit.variants.carousel.game import round_result

    r = _Reader(text)
    players = game.players

    def seat(value: str) -> int:
        number = _int(value)
        if number >= players:
            raise NotationError(value, f"seats are 0..{players - 1}")
        return number

    def per_seat(values: list[int], what: str) -> list[int]:
        if len(values) != players:
            raise NotationError(what, f"give one value per seat ({players})")
        return values

    def phase(value: str) -> CPhase:
        if value not in ("turn", "over"):
            raise NotationError(value, "the phase is turn or over")
        return CPhase(value)

    def flag(value: str) -> bool:
        if value not in ("0", "1"):
            raise NotationError(value, "write 0 or 1")
        return value == "1"

    def last(value: str) -> list[int] | None:
        return None if value == "off" else [seat(v) for v in _int_list(value)]

    ids = _Ids(game)
    rules = game.rules
    table_melds = []
    for number, part in enumerate(r.get("table", lambda v: [] if v == "-" else v.split("|"), []), start=1):
        owner, colon, cards = part.partition(":")
        if not colon:
            raise NotationError(part, "a table meld is written owner: cards")
        played = [(ids.take(f), d) for f, d in parse_declared(Kind.CARDS, cards)]
        try:
            table_melds.append(table_meld(number, seat(owner.strip()), played, game.pieces, rules.meld_rules(), CARD_JOKERS))
        except RummykitError as exc:
            raise NotationError(part, str(exc)) from None
    hand_texts = r.get("hands", lambda v: v.split("/"), [])
    if len(hand_texts) != players:
        raise NotationError(r.sections["hands"], f"give one hand per seat ({players}), separated by /")
    hands = [[ids.take(f) for f in _faces(h)] for h in hand_texts]
    stock = [ids.take(f) for f in r.get("stock", _faces, [])]
    ids.check_all_placed()

    def results(value: str) -> list[RoundResult]:
        out = []
        for round_no, part in enumerate(value.split("~"), start=1):
            how, colon, rest = part.partition(":")
            words = how.split()
            if not colon or not words or words[0] not in ("knock", "out", "stock"):
                raise NotationError(part, "a result is: knock S | out S | stock, ':', the hands")
            actor = seat(words[1]) if words[0] != "stock" and len(words) == 2 else None
            if words[0] != "stock" and actor is None:
                raise NotationError(part, "name the seat that knocked or went out")
            end_hands = [_faces(h) for h in rest.split("/")]
            per_seat([0] * len(end_hands), "results")
            knocker = actor if words[0] == "knock" else None
            went_out = actor if words[0] == "out" else None
            out.append(round_result(round_no, end_hands, knocker, went_out, rules)[0])
        return out

    return CarouselState(
        seed=r.get("seed", _int, 0),
        round_no=r.get("round", _int, 0),
        dealer=r.get("dealer", seat, 0),
        phase=r.get("phase", phase, CPhase.TURN),
        hands=hands,
        stock=stock,
        table=table_melds,
        melded={seat(str(v)) for v in r.get("melded", _int_list, [])},
        last_queue=r.get("last", last, None),
        turn=r.get("turn", seat, 0),
        draws=r.get("draws", _int, 0),
        melded_turn=r.get("melded_turn", flag, False),
        scores=per_seat(r.get("scores", _int_list, []), "scores"),
        rounds_won=per_seat(r.get("won", _int_list, []), "won"),
        results=r.get("results", results, []),
        draft=r.get("draft", _draft_of, None),
        draft_history=r.get("history", lambda v: [_draft_of(d) for d in v.split("~")], []),
        draft_edits=r.get("edits", _int, 0),
    )
