"""101 Okey actions (``okey-101.md`` "A turn", "Opening", "After opening", "Finishing"): values with a
canonical text form and integer ids.

Tiles are written in Okey's notation (``R7``, ``K13``, the false joker ``F``); an okey in a run says
which tile it stands for in brackets, ``R6[B10]`` (the okey ``R6`` standing for ``B10``), while in a
set or a pair it stands for a missing colour or its partner and is written bare. Text forms:

- ``draw``: the top tile of the stock; ``take``: the tile the previous player just discarded;
- ``open R1 R2 R3 | K9 Y9 B9 | …``: the whole opening (``el açmak``) at once, sets and runs worth
  ``open_min`` or more, or ``pairs_open_min`` pairs or more (each part two tiles), or a hand finish
  (every tile but one as sets and runs); applied atomically, without an id;
- ``meld R5 R6[R6] R7``: one new set or run (``per``, ``seri``); before opening it counts toward
  the opening (pending until the melds reach ``open_min``);
- ``pair B4 B4``: one new pair (``çift``); before opening it counts toward a pairs opening;
- ``retract``: take back this turn's melds or pairs that don't open yet, once a turn (a taken
  discard goes back on its pile and the stock's top tile comes instead); after a ``take``, before
  anything is laid, it gives the taken tile back alone;
- ``layoff 3 B10`` (``işlemek``): one tile onto table meld 3 (``layoff 3 R6[B10]`` an okey at a
  run's end, ``layoff 3 R6`` an okey onto a set); several at once, ``layoff 3 B10 B11``, is a
  shortcut without an id;
- ``swap 3 B10``: put ``B10`` in place of the okey of meld 3 that stands for it (in a set, any colour
  the set lacks) and take the okey into the hand;
- ``discard R7``: ends the turn; discarding the last tile finishes.

Integer ids (:data:`NUM_ACTIONS` in all, fixed; an okey's face is the round's, given by the
caller):

=========================================  ======================================================
``0`` / ``1`` / ``2``                      ``draw`` / ``take`` / ``retract``
``DISCARD_BASE + f``                       ``discard f``, face ``f`` 0..52 (52 = ``F``)
``MELD_BASE + i``                          meld ``i`` of :data:`SHAPES`: every set (number, natural
                                           colours, 0-2 okeys, 3-4 tiles), then every run (colour,
                                           span ``lo..hi`` of positions 1..14, 14 the 1 after a 13,
                                           3-13 tiles, 13 only as 1..13, okeys at any 0-2
                                           positions, at least one natural)
``PAIR_BASE + p``                          a pair: ``p`` = face ``f`` twice, ``52 + f`` face ``f``
                                           and an okey, ``104`` two okeys
``LAYOFF_BASE + (n-1) * LAYOFF_CODES + c`` ``layoff n``: ``c`` = face 0..52 of the tile (an okey's
                                           own face: an okey onto a set), ``53 + f`` an okey
                                           declared as ``f``
``SWAP_BASE + (n-1) * SWAP_CODES + c``     ``swap n``: ``c`` = face 0..52 of the tile put in
=========================================  ======================================================

``n`` is a table meld number, 1..:data:`MAX_MELDS`. A natural tile of the okey's face is a false
joker (both tiles printed with that face are the okeys): a meld id whose natural is the okey's face
is played with ``F``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache, lru_cache

from rummykit.core.melds import HIGH_ACE, MAX_RUN, MIN_MELD, Meld, MeldKind
from rummykit.core.notation import format_declared, format_face, parse_declared
from rummykit.core.pieces import JOKER, N_FACES, N_RANKS, N_SUITS, Kind, make_face, rank_of, suit_of
from rummykit.engine.action_text import Parts, melds_parts, piece_parts, read_verb
from rummykit.errors import NotationError

Tile = tuple[int, int | None]
"""A tile to play: its face and, for an okey in a run, the face it stands for (else ``None``)."""
Tiles = tuple[Tile, ...]

MAX_OKEYS = 2
"""Okeys in one meld at most: the round has two."""
MAX_SET = 4
MAX_MELDS = 53
"""The largest table meld number: 106 tiles make at most 53 melds (pairs)."""


class Verb(StrEnum):
    """The kinds of 101 Okey action."""

    DRAW = "draw"
    TAKE = "take"
    OPEN = "open"
    MELD = "meld"
    PAIR = "pair"
    RETRACT = "retract"
    LAYOFF = "layoff"
    SWAP = "swap"
    DISCARD = "discard"


V_DRAW, V_TAKE, V_OPEN, V_MELD, V_PAIR, V_RETRACT, V_LAYOFF, V_SWAP, V_DISCARD = tuple(Verb)
"""The verbs as module names, for the hot paths (a member read through its enum class runs the
enum metaclass's Python code)."""


@dataclass(frozen=True)
class Okey101Action:
    """One 101 Okey action: ``melds`` for ``open`` (several), ``meld`` and ``pair`` (one);
    ``target`` (a table meld number) and ``tiles`` for ``layoff`` and ``swap``; ``face`` for
    ``discard``."""

    verb: Verb
    melds: tuple[Tiles, ...] = ()
    target: int | None = None
    tiles: Tiles = ()
    face: int | None = None

    def text(self) -> str:
        """Canonical text of the action."""
        verb = self.verb
        if verb is V_OPEN:
            return "open " + " | ".join(map(tiles_text, self.melds))
        if verb is V_MELD or verb is V_PAIR:
            return f"{verb.value} {tiles_text(self.melds[0])}"
        if verb is V_LAYOFF or verb is V_SWAP:
            return f"{verb.value} {self.target} {tiles_text(self.tiles)}"
        if verb is V_DISCARD and self.face is not None:
            return f"discard {format_face(Kind.TILES, self.face)}"
        return verb.value

    def parts(self) -> Parts:
        """The action's parts (:mod:`rummykit.engine.action_text`): ``verb``; ``melds`` (and their
        ``pieces``) for ``open``, ``meld`` and ``pair``; ``pieces`` and ``target`` (the table meld)
        for ``layoff`` and ``swap``; ``pieces`` (the tile) for ``discard``; an okey's ``declared``
        tile where the action names it."""
        verb = self.verb
        if verb is V_OPEN or verb is V_MELD or verb is V_PAIR:
            return {"verb": verb.value, **melds_parts(Kind.TILES, self.melds)}
        if verb is V_LAYOFF or verb is V_SWAP:
            return {"verb": verb.value, **piece_parts(Kind.TILES, self.tiles), "target": self.target}
        if verb is V_DISCARD and self.face is not None:
            return {"verb": verb.value, **piece_parts(Kind.TILES, [(self.face, None)])}
        return {"verb": verb.value, "pieces": []}


def tiles_text(tiles: Tiles) -> str:
    """Tiles in notation, okeys in runs with what they stand for: ``B8 B9 R6[B10]``."""
    return " ".join(format_declared(Kind.TILES, f, d) for f, d in tiles)


def tile_list(tiles: Tiles) -> list[str]:
    """Tiles in notation, one string each (event and error parameters)."""
    return [format_declared(Kind.TILES, f, d) for f, d in tiles]


# ---------------------------------------------------------------------- parsing
def parse_action(text: str) -> Okey101Action:
    """The action written as ``text``; raises :class:`NotationError` naming what is wrong."""
    verb, rest = read_verb(text, Verb)
    if verb is V_DRAW or verb is V_TAKE or verb is V_RETRACT:
        if rest:
            raise NotationError(text, "notation.takes_nothing", verb=verb.value)
        return Okey101Action(verb)
    if verb is V_DISCARD:
        single = parse_declared(Kind.TILES, rest)
        if len(single) != 1 or single[0][1] is not None:
            raise NotationError(text, "okey_101.notation_discard")
        return Okey101Action(verb, face=single[0][0])
    if verb is V_OPEN:
        melds = tuple(tuple(parse_declared(Kind.TILES, part)) for part in rest.split("|"))
        if any(len(m) < 2 for m in melds):
            raise NotationError(text, "okey_101.notation_open")
        return Okey101Action(verb, melds=melds)
    if verb is V_MELD or verb is V_PAIR:
        if "|" in rest:
            raise NotationError(text, "okey_101.notation_one_at_a_time", verb=verb.value)
        tiles = tuple(parse_declared(Kind.TILES, rest))
        if verb is V_PAIR and len(tiles) != 2:
            raise NotationError(text, "okey_101.notation_pair_size")
        if verb is V_MELD and len(tiles) < MIN_MELD:
            raise NotationError(text, "okey_101.notation_meld_size")
        return Okey101Action(verb, melds=(tiles,))
    number, _, tiles_part = rest.partition(" ")
    if not (number.isascii() and number.isdigit()):
        raise NotationError(text, "okey_101.notation_number_then_tiles", verb=verb.value)
    if len(number) > len(str(MAX_MELDS)) or not 1 <= int(number) <= MAX_MELDS:
        raise NotationError(number, "notation.meld_number", max=MAX_MELDS)
    tiles = tuple(parse_declared(Kind.TILES, tiles_part))
    if not tiles or (verb is V_SWAP and len(tiles) != 1):
        raise NotationError(
            text, "okey_101.notation_swap_one" if verb is V_SWAP else "okey_101.notation_layoff_tiles"
        )
    return Okey101Action(verb, target=int(number), tiles=tiles)


# ---------------------------------------------------------------------- the meld shapes
@dataclass(frozen=True)
class Shape:
    """A set or run whatever the round's okey: ``kind``; a set's ``number`` and the colour ``mask``
    of its natural tiles (bit ``c`` for colour ``c``), or a run's ``colour``, span ``lo..hi``
    (positions 1..14) and the ``mask`` of the positions okeys hold (bit ``p``); ``okeys``: how
    many okeys it holds."""

    kind: MeldKind
    number: int
    colour: int
    lo: int
    hi: int
    mask: int
    okeys: int


def _okey_places(lo: int, hi: int) -> list[int]:
    """Every mask of 0 to :data:`MAX_OKEYS` positions of ``lo..hi`` leaving a natural."""
    spots = [1 << p for p in range(lo, hi + 1)]
    masks = [0, *spots]
    masks += [a | b for i, a in enumerate(spots) for b in spots[i + 1 :]]
    return [m for m in masks if m.bit_count() < len(spots)]


def _shapes() -> tuple[Shape, ...]:
    shapes = []
    for number in range(1, N_RANKS + 1):
        for colours in range(1, 1 << N_SUITS):
            for okeys in range(MAX_OKEYS + 1):
                if MIN_MELD <= colours.bit_count() + okeys <= MAX_SET:
                    shapes.append(Shape(MeldKind.SET, number, -1, number, number, colours, okeys))
    for colour in range(N_SUITS):
        for lo in range(1, HIGH_ACE - 1):
            for hi in range(lo + MIN_MELD - 1, min(lo + MAX_RUN - 1, HIGH_ACE) + 1):
                if hi - lo + 1 == MAX_RUN and lo != 1:
                    continue  # 2..13 and the 1 after it hold the tiles of 1..13
                for mask in _okey_places(lo, hi):
                    shapes.append(Shape(MeldKind.RUN, -1, colour, lo, hi, mask, mask.bit_count()))
    return tuple(shapes)


SHAPES = _shapes()
"""Every meld shape, by meld index (module docstring)."""
SHAPE_INDEX = {shape: i for i, shape in enumerate(SHAPES)}
PAIR_CODES = 2 * N_FACES + 1
OKEY_PAIR = 2 * N_FACES
LAYOFF_CODES = 2 * N_FACES + 1
SWAP_CODES = N_FACES + 1

DISCARD_BASE = 3
MELD_BASE = DISCARD_BASE + N_FACES + 1
PAIR_BASE = MELD_BASE + len(SHAPES)
LAYOFF_BASE = PAIR_BASE + PAIR_CODES
SWAP_BASE = LAYOFF_BASE + MAX_MELDS * LAYOFF_CODES
NUM_ACTIONS = SWAP_BASE + MAX_MELDS * SWAP_CODES


def position_face(colour: int, position: int) -> int:
    """The face at run position ``position`` (1..14) of ``colour``."""
    return make_face(colour, 1 if position == HIGH_ACE else position)


def _natural(face: int, okey: int) -> int:
    """The tile played for a natural ``face``: the false joker for the okey's face."""
    return JOKER if face == okey else face


@cache
def shape_tiles(index: int, okey: int) -> Tiles:
    """The canonical tiles of meld shape ``index`` when the okey's face is ``okey``: a set's
    naturals in colour order then its okeys, a run's tiles in order, okeys declared."""
    shape = SHAPES[index]
    if shape.kind is MeldKind.SET:
        naturals = [
            (_natural(make_face(c, shape.number), okey), None) for c in range(N_SUITS) if shape.mask >> c & 1
        ]
        return (*naturals, *((okey, None),) * shape.okeys)
    out: list[Tile] = []
    for p in range(shape.lo, shape.hi + 1):
        face = position_face(shape.colour, p)
        out.append((okey, face) if shape.mask >> p & 1 else (_natural(face, okey), None))
    return tuple(out)


def shape_of(meld: Meld, okey: int) -> int | None:
    """The index in :data:`SHAPES` of the validated set or run ``meld`` (faces as played, the okey's
    face ``okey``), ``None`` for a pair or a shape outside the table (more than two okeys)."""
    wild = [f == okey for f in meld.faces]
    okeys = sum(wild)
    if meld.kind is MeldKind.SET:
        colours = 0
        for face, stands, is_wild in zip(meld.faces, meld.stands_for, wild, strict=True):
            if not is_wild:
                colours |= 1 << suit_of(stands if face == JOKER else face)
        shape = Shape(
            MeldKind.SET,
            rank_of(meld.stands_for[0]),
            -1,
            meld.positions[0],
            meld.positions[0],
            colours,
            okeys,
        )
    elif meld.kind is MeldKind.RUN:
        mask = sum(1 << p for p, is_wild in zip(meld.positions, wild, strict=True) if is_wild)
        colour = suit_of(meld.stands_for[0])
        shape = Shape(MeldKind.RUN, -1, colour, meld.positions[0], meld.positions[-1], mask, okeys)
    else:
        return None
    return SHAPE_INDEX.get(shape)


def pair_code(tiles: Tiles, okey: int) -> int | None:
    """The pair code of two tiles (module docstring) when the okey's face is ``okey``, ``None`` if
    they make no pair or a declaration is given."""
    if len(tiles) != 2 or any(d is not None for _, d in tiles):
        return None
    a, b = tiles[0][0], tiles[1][0]
    okeys = (a == okey) + (b == okey)
    if okeys == 2:
        return OKEY_PAIR
    natural = b if a == okey else a
    face = okey if natural == JOKER else natural
    if okeys == 1:
        return N_FACES + face
    return face if a == b else None


@cache
def pair_tiles(code: int, okey: int) -> Tiles:
    """The canonical tiles of pair ``code`` when the okey's face is ``okey``: the natural first."""
    if code == OKEY_PAIR:
        return ((okey, None), (okey, None))
    natural = (_natural(code % N_FACES, okey), None)
    return (natural, (okey, None)) if code >= N_FACES else (natural, natural)


def layoff_code(tile: Tile, okey: int) -> int | None:
    """The lay-off code of one tile (module docstring), ``None`` for a declared tile that is not
    the okey."""
    face, declared = tile
    if declared is None:
        return face
    return N_FACES + 1 + declared if face == okey else None


# ---------------------------------------------------------------------- ids
_SIMPLE = (V_DRAW, V_TAKE, V_RETRACT)


def simple_id(action: Okey101Action, okey: int) -> int | None:
    """The id of ``action`` that needs no validation (all but ``meld``, whose shape follows from
    what the tiles make), ``None`` for ``open``, a ``meld``, a shortcut or a malformed action."""
    verb = action.verb
    if verb in _SIMPLE:
        return _SIMPLE.index(verb)
    if verb is V_DISCARD:
        return None if action.face is None else DISCARD_BASE + action.face
    if verb is V_PAIR:
        code = pair_code(action.melds[0], okey) if len(action.melds) == 1 else None
        return None if code is None else PAIR_BASE + code
    target = action.target
    if (verb is not V_LAYOFF and verb is not V_SWAP) or target is None or len(action.tiles) != 1:
        return None
    if not 1 <= target <= MAX_MELDS:
        return None
    if verb is V_LAYOFF:
        code = layoff_code(action.tiles[0], okey)
        return None if code is None else LAYOFF_BASE + (target - 1) * LAYOFF_CODES + code
    face, declared = action.tiles[0]
    return None if declared is not None else SWAP_BASE + (target - 1) * SWAP_CODES + face


def action_from_id(number: int, okey: int) -> Okey101Action:
    """The action with id ``number`` (``0 <= number < NUM_ACTIONS``, checked by the caller) when
    the okey's face is ``okey``."""
    if number < DISCARD_BASE:
        return Okey101Action(_SIMPLE[number])
    if number < MELD_BASE:
        return Okey101Action(V_DISCARD, face=number - DISCARD_BASE)
    if number < PAIR_BASE:
        return Okey101Action(V_MELD, melds=(shape_tiles(number - MELD_BASE, okey),))
    if number < LAYOFF_BASE:
        return Okey101Action(V_PAIR, melds=(pair_tiles(number - PAIR_BASE, okey),))
    if number < SWAP_BASE:
        slot, code = divmod(number - LAYOFF_BASE, LAYOFF_CODES)
        tile: Tile = (code, None) if code <= N_FACES else (okey, code - N_FACES - 1)
        return Okey101Action(V_LAYOFF, target=slot + 1, tiles=(tile,))
    slot, code = divmod(number - SWAP_BASE, SWAP_CODES)
    return Okey101Action(V_SWAP, target=slot + 1, tiles=((code, None),))


# ---------------------------------------------------------------------- listing melds from a hand
@lru_cache(maxsize=8192)
def set_indices(number: int, colours: int, okeys: int, cap: int) -> tuple[int, ...]:
    """The shape indices of the sets of ``number`` from the natural colours in mask ``colours``
    and up to ``okeys`` okeys, at most ``cap`` tiles."""
    out = []
    subset = colours
    while subset:
        held = subset.bit_count()
        for more in range(min(okeys, MAX_OKEYS) + 1):
            if MIN_MELD <= held + more <= min(MAX_SET, cap):
                out.append(SHAPE_INDEX[Shape(MeldKind.SET, number, -1, number, number, subset, more)])
        subset = (subset - 1) & colours
    return tuple(sorted(out))


@lru_cache(maxsize=65536)
def run_indices(colour: int, held: int, okeys: int, cap: int, top: int) -> tuple[int, ...]:
    """The shape indices of the runs of ``colour`` from the positions in mask ``held`` (bit ``p``
    for position 1..14) and up to ``okeys`` okeys, at most ``cap`` tiles, no position above
    ``top``; okeys at any positions (in place of a natural held, too)."""
    okeys = min(okeys, MAX_OKEYS)
    out = []
    for lo in range(1, top - 1):
        for hi in range(lo + MIN_MELD - 1, min(lo + min(MAX_RUN, cap) - 1, top) + 1):
            span = ((1 << (hi + 1)) - 1) ^ ((1 << lo) - 1)
            missing = span & ~held
            if missing.bit_count() > okeys:
                break
            if hi - lo + 1 == MAX_RUN and lo != 1:
                continue
            for mask in _okey_places(lo, hi):
                if mask & missing == missing and mask.bit_count() <= okeys:
                    out.append(SHAPE_INDEX[Shape(MeldKind.RUN, -1, colour, lo, hi, mask, mask.bit_count())])
    return tuple(sorted(out))


def hand_shapes(faces: Sequence[int], okey: int, cap: int, top: int) -> list[int]:
    """The shape indices (:data:`SHAPES`) of every set and run the tiles ``faces`` can make, the
    okey's face ``okey`` (its tiles wild, a false joker standing for it), at most ``cap`` tiles, no
    run position above ``top`` (13, or 14 with ``allow_13_1``); sets then runs, each group by
    number or colour."""
    out: list[int] = []
    if cap < MIN_MELD:
        return out
    okeys = faces.count(okey)
    held = 0
    for face in set(faces):
        if face != okey:
            held |= _FACE_BIT[okey if face == JOKER else face]
    rows = [held >> (c * _LANE) & _ROW for c in range(N_SUITS)]
    # the numbers held in at least 3 - okeys colours: those that may make a set
    a, b, c, d = rows
    if okeys == 0:
        numbers = a & b & (c | d) | c & d & (a | b)
    elif okeys == 1:
        numbers = a & (b | c | d) | b & (c | d) | c & d
    else:
        numbers = a | b | c | d
    while numbers:
        low = numbers & -numbers
        numbers ^= low
        colours = bool(a & low) | bool(b & low) << 1 | bool(c & low) << 2 | bool(d & low) << 3
        out += set_indices(low.bit_length() - 1, colours, okeys, cap)
    for colour, row in enumerate(rows):
        held = row | ((row >> 1 & 1) << HIGH_ACE if top == HIGH_ACE else 0)
        if held:
            out += run_indices(colour, held, okeys, cap, top)
    return out


_LANE = 16
"""Bits per colour in :func:`hand_shapes`'s mask of faces held: face ``(c, n)`` at bit ``16c + n``."""
_ROW = (1 << _LANE) - 1
_FACE_BIT = tuple(1 << (suit_of(f) * _LANE + rank_of(f)) for f in range(N_FACES))
"""Each natural face's bit in that mask."""


def hand_pairs(faces: Sequence[int], okey: int) -> list[int]:
    """The pair codes (module docstring) of every pair the tiles ``faces`` can make, the okey's
    face ``okey``; ascending."""
    okeys = faces.count(okey)
    counts = [0] * N_FACES
    for face in faces:
        if face != okey:
            counts[okey if face == JOKER else face] += 1
    out = [f for f in range(N_FACES) if counts[f] >= 2]
    if okeys:
        out += [N_FACES + f for f in range(N_FACES) if counts[f]]
    if okeys >= MAX_OKEYS:
        out.append(OKEY_PAIR)
    return out


# ---------------------------------------------------------------------- actions built in code
_FIELDS: dict[Verb, frozenset[str]] = {
    V_DRAW: frozenset(),
    V_TAKE: frozenset(),
    V_RETRACT: frozenset(),
    V_OPEN: frozenset({"melds"}),
    V_MELD: frozenset({"melds"}),
    V_PAIR: frozenset({"melds"}),
    V_LAYOFF: frozenset({"target", "tiles"}),
    V_SWAP: frozenset({"target", "tiles"}),
    V_DISCARD: frozenset({"face"}),
}
"""The fields each verb fills (the others stay empty)."""


def _is_tile(tile: object) -> bool:
    """A (face 0..52, declared face 0..51 or ``None``) pair."""
    if not (isinstance(tile, tuple) and len(tile) == 2):
        return False
    face, declared = tile
    return (
        type(face) is int
        and 0 <= face <= JOKER
        and (declared is None or (type(declared) is int and 0 <= declared < N_FACES))
    )


def shape_problem(action: object) -> str | None:
    """Why ``action`` (built in code, not parsed) is not a well-formed 101 Okey action, or
    ``None``: the types, the fields its verb fills and no others, faces 0..52, declarations 0..51,
    meld numbers 1..:data:`MAX_MELDS`, one meld for ``meld`` and ``pair``, one tile to swap."""
    if not isinstance(action, Okey101Action) or not isinstance(action.verb, Verb):
        return "not a 101 Okey action"
    verb = action.verb
    filled = {
        name for name in ("melds", "target", "tiles", "face") if getattr(action, name) not in (None, ())
    }
    if filled != _FIELDS[verb]:
        wanted = ", ".join(sorted(_FIELDS[verb])) or "nothing"
        return f"{verb.value} takes {wanted}"
    if verb is V_DISCARD:
        return None if _is_tile((action.face, None)) else "discard takes one tile face"
    if verb is V_OPEN or verb is V_MELD or verb is V_PAIR:
        melds = action.melds
        if not isinstance(melds, tuple) or not all(
            isinstance(m, tuple) and all(map(_is_tile, m)) for m in melds
        ):
            return f"{verb.value} takes tuples of (face, declared) tiles"
        return None if verb is V_OPEN or len(melds) == 1 else f"{verb.value} lays one meld"
    if verb is V_LAYOFF or verb is V_SWAP:
        if type(action.target) is not int or not 1 <= action.target <= MAX_MELDS:
            return f"a meld number is 1..{MAX_MELDS}"
        if not isinstance(action.tiles, tuple) or not all(map(_is_tile, action.tiles)):
            return f"{verb.value} takes a tuple of (face, declared) tiles"
        return None if verb is V_LAYOFF or len(action.tiles) == 1 else "swap takes one tile"
    return None
