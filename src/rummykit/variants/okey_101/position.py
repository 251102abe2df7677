"""101 Okey position text: a whole match state on one line, hidden tiles included (like FEN).

One line of ``key=value`` fields after the word ``okey_101``, in this order (all on one line)::

    okey_101 seed=7 round=1 dealer=3 turn=0 phase=play indicator=R5 scores=0,0,0,0
    opened=none,melds,none,none pending=- open_at_start=0 laid_off=0 layoffs=0 taken=- freed=-
    hands=R1,R2,…/…/…/… known=-/B7/-/- piles=-/K3/-/R9,Y2 stock=…
    table=1@1:R10,R11,R12;2@1:Y4,B4,R6 fines=1:playable:K3:101 results=-

``-`` is an empty list or no value. Numbers and seats are separated by ``,``; tiles by ``,`` in
notation (an okey in a run with the tile it stands for, ``R6[B10]``); ``hands``, ``known`` (the
tiles of each hand every seat knows are there) and ``piles`` (the discard piles, bottom first) by
``/``, one entry per seat; the stock bottom first (the last tile is drawn next). ``opened``:
``none``, ``melds`` or ``pairs`` per seat. ``pending``: the numbers of the melds laid this turn
toward an opening not reached. ``taken``: the tile the mover took from the discard pile, while it
must still be used (``R7@hand``) or lies in a pending meld (``R7@3``); ``freed``: okeys freed this
turn that must still be used. ``table``: melds by ``;``, each ``number@owner:tiles`` in meld order
(two tiles: a pair). ``fines``: this round's fines by ``;``, each ``seat:kind:tile:points``.
``results``: the rounds dealt, by ``;``, each ``round:winner|-:kind:deltas``; their notes and hands
are not part of a position. Copies of one face are interchangeable: reading gives tile ids in order
of appearance (the indicator, the table, the hands, the piles, the stock), so a position read back
writes the same text and plays on identically.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from rummykit.core.melds import okey_face
from rummykit.core.notation import format_declared, format_face, parse_declared, parse_face
from rummykit.core.pieces import JOKER, Kind, PieceSet
from rummykit.engine.game import RoundResult
from rummykit.engine.piece_pool import FacePool
from rummykit.engine.table import TableMeld
from rummykit.errors import NotationError
from rummykit.variants.okey_101.state import Fine, FineKind, Okey101State, Opened, Phase
from rummykit.variants.okey_101.table import FACES, TableBook

FINE_KINDS = {kind.value: kind for kind in FineKind}
"""A fine's kind by its word in position text."""


class PositionGame(Protocol):
    """What position text asks of the game (:class:`~rummykit.variants.okey_101.game.PositionGame`):
    its seats, its tiles, its table's meld book and the round's okey."""

    players: int
    pieces: PieceSet
    book: TableBook

    def okey(self, state: Okey101State) -> int:
        """The round's okey (a face)."""
        ...


KEYS = (
    "seed",
    "round",
    "dealer",
    "turn",
    "phase",
    "indicator",
    "scores",
    "opened",
    "pending",
    "open_at_start",
    "laid_off",
    "layoffs",
    "retracted",
    "taken",
    "freed",
    "hands",
    "known",
    "piles",
    "stock",
    "table",
    "fines",
    "results",
)
"""The fields of a position line, in order."""


def _ints(values: Iterable[int]) -> str:
    return ",".join(map(str, values)) or "-"


def _tiles(pieces: Iterable[int]) -> str:
    return ",".join(format_face(Kind.TILES, FACES[p]) for p in pieces) or "-"


def _meld(game: PositionGame, meld: TableMeld, okey: int) -> str:
    kept = game.book.kept(meld, okey)
    tiles = ",".join(format_declared(Kind.TILES, FACES[p], d) for p, d in kept)
    return f"{meld.number}@{meld.owner}:{tiles}"


def _taken(state: Okey101State) -> str:
    """``face@hand``, or ``face@N`` for pending meld ``N``, or ``-``."""
    if state.taken is None:
        return "-"
    place = next((m.number for m in state.table if state.taken in m.pieces), None)
    return f"{format_face(Kind.TILES, FACES[state.taken])}@{'hand' if place is None else place}"


def _result(result: RoundResult) -> str:
    winner = "-" if result.winner is None else str(result.winner)
    return f"{result.round_no}:{winner}:{result.kind}:{_ints(result.deltas)}"


def write_position(game: PositionGame, state: Okey101State) -> str:
    """``state`` as one line of position text (module docstring)."""
    okey = game.okey(state)
    fields = [
        ("seed", str(state.seed)),
        ("round", str(state.round_no)),
        ("dealer", str(state.dealer)),
        ("turn", str(state.turn)),
        ("phase", state.phase.value),
        ("indicator", format_face(Kind.TILES, FACES[state.indicator])),
        ("scores", _ints(state.scores)),
        ("opened", ",".join(o.value for o in state.opened)),
        ("pending", _ints(state.pending)),
        ("open_at_start", str(int(state.open_at_start))),
        ("laid_off", str(int(state.laid_off))),
        ("layoffs", str(state.layoffs)),
        ("retracted", str(int(state.retracted))),
        ("taken", _taken(state)),
        ("freed", _tiles(state.freed)),
        ("hands", "/".join(map(_tiles, state.hands))),
        ("known", "/".join(map(_tiles, state.known))),
        ("piles", "/".join(map(_tiles, state.piles))),
        ("stock", _tiles(state.stock)),
        ("table", ";".join(_meld(game, m, okey) for m in state.table) or "-"),
        (
            "fines",
            ";".join(f"{f.seat}:{f.kind}:{format_face(Kind.TILES, f.face)}:{f.points}" for f in state.fines)
            or "-",
        ),
        ("results", ";".join(map(_result, state.results)) or "-"),
    ]
    return "okey_101 " + " ".join(f"{k}={v}" for k, v in fields)


class _Reader:
    """Reads one position line, handing out tile ids as the tiles appear (each copy once)."""

    def __init__(self, game: PositionGame, text: str) -> None:
        self.game = game
        self.text = text
        self.pool = FacePool(game.pieces)
        words = text.split()
        if not words or words[0] != "okey_101":
            raise NotationError(text, "a 101 Okey position starts with 'okey_101'")
        self.fields: dict[str, str] = {}
        for word in words[1:]:
            key, sep, value = word.partition("=")
            if not sep or key not in KEYS or key in self.fields:
                raise NotationError(word, f"a position field is one of {', '.join(KEYS)}, once each")
            self.fields[key] = value
        missing = [k for k in KEYS if k not in self.fields]
        if missing:
            raise NotationError(text, f"the position has no {missing[0]}=")

    def number(self, key: str, low: int | None = 0, high: int | None = None, text: str | None = None) -> int:
        value = self.fields[key] if text is None else text
        digits = value.removeprefix("-")
        if not (digits.isascii() and digits.isdigit()) or len(value) > 30:
            raise NotationError(value, f"{key} is a whole number")
        number = int(value)
        if (low is not None and number < low) or (high is not None and number > high):
            raise NotationError(value, f"{key} is out of range")
        return number

    def numbers(self, key: str, text: str | None = None, low: int | None = None) -> list[int]:
        value = self.fields[key] if text is None else text
        return [] if value == "-" else [self.number(key, low, None, part) for part in value.split(",")]

    def per_seat(self, key: str) -> list[str]:
        parts = self.fields[key].split("/")
        if len(parts) != self.game.players:
            raise NotationError(self.fields[key], f"{key} has one entry per seat ({self.game.players})")
        return parts

    def faces(self, text: str) -> list[int]:
        found = [] if text == "-" else parse_declared(Kind.TILES, text.split(","))
        if any(d is not None for _, d in found):
            raise NotationError(text, "only an okey in a table run is declared")
        return [f for f, _ in found]

    def seat(self, text: str, key: str) -> int:
        return self.number(key, 0, self.game.players - 1, text)

    def table(self, okey: int) -> list[TableMeld]:
        melds: list[TableMeld] = []
        if self.fields["table"] == "-":
            return melds
        for part in self.fields["table"].split(";"):
            head, _, body = part.partition(":")
            number, _, owner = head.partition("@")
            if self.number("table", 1, None, number) != len(melds) + 1:
                raise NotationError(part, "table melds are numbered 1, 2, 3, … in order")
            tiles = parse_declared(Kind.TILES, body.split(","))
            played = list(zip(self.pool.take([f for f, _ in tiles]), [d for _, d in tiles], strict=True))
            made = self.game.book.table_meld(
                len(melds) + 1, self.seat(owner, "table"), played, len(tiles) == 2, okey
            )
            if isinstance(made, str):
                raise NotationError(part, made)
            melds.append(made)
        return melds

    def known(self, hands: list[list[int]]) -> list[list[int]]:
        out = []
        for text, hand in zip(self.per_seat("known"), hands, strict=True):
            left = list(hand)
            chosen = []
            for face in self.faces(text):
                piece = next((p for p in left if FACES[p] == face), None)
                if piece is None:
                    raise NotationError(text, "known names a tile that is not in the hand")
                left.remove(piece)
                chosen.append(piece)
            out.append(chosen)
        return out

    def state(self) -> Okey101State:
        game = self.game
        phase = self.fields["phase"]
        if phase not in {p.value for p in Phase}:
            raise NotationError(phase, "phase is draw, play or over")
        indicator_face = parse_face(Kind.TILES, self.fields["indicator"])
        if indicator_face == JOKER:
            raise NotationError(self.fields["indicator"], "a false joker is never the indicator")
        (indicator,) = self.pool.take([indicator_face])
        okey = okey_face(indicator_face)
        table = self.table(okey)
        hands = [self.pool.take(self.faces(h)) for h in self.per_seat("hands")]
        piles = [self.pool.take(self.faces(p)) for p in self.per_seat("piles")]
        stock = self.pool.take(self.faces(self.fields["stock"]))
        self.pool.check_all_placed(self.text[:40])
        turn = self.seat(self.fields["turn"], "turn")
        known = self.known(hands)
        scores = self.numbers("scores")
        opened_text = self.fields["opened"].split(",")
        if len(scores) != game.players or len(opened_text) != game.players:
            raise NotationError(self.fields["scores"], "scores and opened have one entry per seat")
        if any(o not in {x.value for x in Opened} for o in opened_text):
            raise NotationError(self.fields["opened"], "opened is none, melds or pairs per seat")
        pending = self.numbers("pending", low=1)
        if any(n > len(table) for n in pending):
            raise NotationError(self.fields["pending"], "pending lists table meld numbers")
        taken = self.taken(table, pending, [*known[turn], *hands[turn]])
        freed = []
        left = [p for p in [*known[turn], *hands[turn]] if p != taken]
        for face in self.faces(self.fields["freed"]):
            piece = next((p for p in left if FACES[p] == face and p not in freed), None)
            if piece is None or face != okey:
                raise NotationError(self.fields["freed"], "freed names okeys in the mover's hand")
            freed.append(piece)
        return Okey101State(
            seed=self.number("seed", None),
            round_no=self.number("round", 1),
            dealer=self.seat(self.fields["dealer"], "dealer"),
            scores=scores,
            results=self.results(),
            indicator=indicator,
            hands=hands,
            known=known,
            piles=piles,
            stock=stock,
            table=table,
            opened=[Opened(o) for o in opened_text],
            turn=turn,
            phase=Phase(phase),
            pending=pending,
            open_at_start=bool(self.number("open_at_start", 0, 1)),
            laid_off=bool(self.number("laid_off", 0, 1)),
            layoffs=self.number("layoffs", 0),
            retracted=bool(self.number("retracted", 0, 1)),
            taken=taken,
            freed=freed,
            fines=self.fines(),
        )

    def taken(self, table: list[TableMeld], pending: list[int], hand: list[int]) -> int | None:
        """The taken tile: ``face@hand`` in the mover's hand (``hand`` lists its known tiles
        first), ``face@N`` in pending meld ``N``."""
        text = self.fields["taken"]
        if text == "-":
            return None
        tile, _, place = text.partition("@")
        face = parse_face(Kind.TILES, tile)
        if place == "hand":
            among = hand
        elif place.isascii() and place.isdigit() and int(place) in pending:
            among = list(table[int(place) - 1].pieces)
        else:
            raise NotationError(text, "taken is face@hand or face@N, N a pending meld")
        piece = next((p for p in among if FACES[p] == face), None)
        if piece is None:
            raise NotationError(text, "the taken tile is not where the position says")
        return piece

    def fines(self) -> list[Fine]:
        out: list[Fine] = []
        if self.fields["fines"] == "-":
            return out
        for part in self.fields["fines"].split(";"):
            bits = part.split(":")
            if len(bits) != 4 or bits[1] not in FINE_KINDS:
                raise NotationError(part, f"a fine is seat:{'|'.join(FINE_KINDS)}:tile:points")
            face = parse_face(Kind.TILES, bits[2])
            points = self.number("fines", 0, None, bits[3])
            out.append(Fine(self.seat(bits[0], "fines"), FINE_KINDS[bits[1]], face, points))
        return out

    def results(self) -> list[RoundResult]:
        out: list[RoundResult] = []
        if self.fields["results"] == "-":
            return out
        for part in self.fields["results"].split(";"):
            bits = part.split(":")
            if len(bits) != 4 or not bits[2]:
                raise NotationError(part, "a result is round:winner|-:kind:deltas")
            winner = None if bits[1] == "-" else self.seat(bits[1], "results")
            deltas = tuple(self.numbers("results", bits[3]))
            if len(deltas) != self.game.players:
                raise NotationError(part, "a result has one score change per seat")
            out.append(RoundResult(self.number("results", 1, None, bits[0]), winner, bits[2], deltas, ()))
        return out


def read_position(game: PositionGame, text: str) -> Okey101State:
    """The state written as ``text`` (module docstring); raises :class:`NotationError` naming what
    is wrong."""
    return _Reader(game, text).state()
