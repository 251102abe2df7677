"""How pieces look in the terminal clients (``rummykit play``, ``rummykit connect``): a
:class:`PieceView` names and colours each piece (:class:`TileView` for tiles, :class:`CardView` for
cards), writes the pieces inside a message in colour, and gives the words for them; a game's
terminal client (its package's ``terminal`` module) draws the rest of its table with one.

:class:`Glyphs` are the few non-letter characters of the layout: Unicode in a colour terminal,
plain ASCII with ``--no-color`` or piped output (cards are then written ``7H``, never ``7♥``).
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from rich.console import Console
from rich.text import Text

from rummykit.core.melds import Wilds
from rummykit.core.notation import CARD_RANKS, format_face, parse_face
from rummykit.core.pieces import JOKER, Kind, rank_of, suit_of
from rummykit.session import colour_key, number_key

Obs = dict[str, Any]
"""A seat's observation (``game.observe(state, seat)``)."""

Who = Callable[[int | None], str]
"""A seat's name on the table: ``seat 3 (greedy)``, ``seat 1 (you)`` (:func:`rummykit.messages.seat_name`)."""
Row = tuple[str, list[Text]]
"""A table line: a plain prefix and the words after it (folded under the first word if long)."""

DIM = "dim"
WILD_STYLE = "underline"
WILD_MARK = "*"
TILE_STYLES = ("bold red", "bold yellow", "bold bright_blue", "bold bright_white on grey23")
"""Red, yellow, blue, black; black tiles are white on a dark chip so they read on any background."""
TILE_JOKER_STYLE = "bold magenta"
CARD_STYLES = ("bold", "bold red", "bold red", "bold")
"""Spades, hearts, diamonds, clubs: the red suits red, the black ones in the terminal's colour."""
CARD_JOKER_STYLE = "bold bright_white on magenta"
"""The jokers stand out as a magenta chip."""
SUIT_SYMBOLS = "♠♥♦♣"
"""Card suits S H D C as symbols (only in a colour terminal)."""

TILE_PATTERN = re.compile(r"(?<![\w])([RYBK](?:1[0-3]|[1-9])|F)(?![\w])")
CARD_PATTERN = re.compile(r"(?<![\w])([A2-9TJQK][SHDC]|JK)(?![\w])")


@dataclass(frozen=True)
class Glyphs:
    """The layout's non-letter characters: separators, arrows, rules and the rack's brackets."""

    unicode: bool
    """Whether pieces may use symbols (``7♥``) too."""
    sep: str
    """Between items of a list on one line (scores, the title)."""
    left: str
    """Points at something on the line (the discard you may take, the winner)."""
    right: str
    """Leads to a result (the order of play)."""
    rule: str
    """The horizontal rule above the table."""
    bracket: tuple[str, str, str]
    """The left end, the middle and the right end of a bracket under a meld in the rack."""


UNICODE_GLYPHS = Glyphs(True, " · ", "←", "→", "─", ("└", "─", "┘"))
ASCII_GLYPHS = Glyphs(False, " | ", "<-", "->", "-", ("+", "-", "+"))


def glyphs_for(console: Console) -> Glyphs:
    """Unicode for a colour console writing UTF-8, else plain ASCII (``--no-color``, pipes)."""
    if console.color_system is not None and console.encoding.lower().startswith("utf"):
        return UNICODE_GLYPHS
    return ASCII_GLYPHS


def split_words(text: Text) -> list[Text]:
    """``text`` cut into words (styles kept) that a line may be folded between; a word keeps the
    spaces after it beyond the one put back between words."""
    starts = [m.start() for m in re.finditer(r"\S+", text.plain)]
    words = [text[a : b - 1] for a, b in pairwise(starts)]
    if starts:
        words.append(text[starts[-1] :])
    return words


class PieceView(ABC):
    """How pieces look in the terminal: their names, colours, the words for them; a game's client
    draws every piece through one (:class:`TileView`, :class:`CardView`, or a game's own
    subclass). ``glyphs`` are the characters of the layout."""

    kind: Kind
    noun: str
    """``tile`` or ``card``."""
    cell: int
    """Width of a rack cell: the widest piece and the wild mark."""
    example: str
    """A piece in the help and in messages (``R7``, ``7H``)."""
    scores_label = "scores"
    change_label = "score change"
    total_label = "scores now"
    pattern: re.Pattern[str]
    """Piece notation inside a message."""

    def __init__(self, glyphs: Glyphs) -> None:
        self.glyphs = glyphs

    # ------------------------------------------------------------------ pieces
    def name(self, face: int, symbols: bool = True) -> str:
        """How ``face`` is written on the table (the notation, unless the view has symbols)."""
        return format_face(self.kind, face)

    @abstractmethod
    def style(self, face: int) -> str:
        """The colour of ``face``."""

    def piece(self, face: int, wilds: Wilds | None = None, mark: bool = False, symbols: bool = True) -> Text:
        """A piece in its colour; a wild (given ``wilds``) underlined, and marked ``*`` when ``mark``.

        ``symbols=False`` keeps the typed notation (``7H``) where the view would show ``7♥``.
        """
        wild = wilds is not None and wilds.is_wild(face)
        style = self.style(face)
        text = Text(self.name(face, symbols), style=f"{style} {WILD_STYLE}" if wild else style)
        if wild and mark:
            text.append(WILD_MARK, style=DIM)
        return text

    def pieces(self, faces: Sequence[int], wilds: Wilds | None = None) -> Text:
        """Pieces in colour, space separated (``-`` for none)."""
        if not faces:
            return Text("-", style=DIM)
        return Text(" ").join(self.piece(f, wilds) for f in faces)

    def colour_text(self, text: str, symbols: bool = True) -> Text:
        """``text`` with every piece written in it (``R7``, ``7H``) in its colour; with ``symbols``
        as the table shows it (``7♥``), else in the notation one types."""
        out = Text()
        at = 0
        for match in self.pattern.finditer(text):
            out.append(text[at : match.start(1)])
            out.append_text(self.piece(parse_face(self.kind, match.group(1)), symbols=symbols))
            at = match.end(1)
        out.append(text[at:])
        return out

    def command(self, text: str) -> Text:
        """A command to type (``discard 7H``): pieces coloured, in the typed notation."""
        return self.colour_text(text, symbols=False)

    def colour_key(self, face: int) -> tuple[int, int]:
        """Sort key: suit (colour), then rank; jokers last (:func:`rummykit.session.colour_key`)."""
        return colour_key(self.kind)(face)

    def number_key(self, face: int) -> tuple[int, int]:
        """Sort key: rank, then suit (colour); jokers last."""
        return number_key(self.kind)(face)


class TileView(PieceView):
    """Okey's tiles: red, yellow, blue and black numbers, the false joker ``F``."""

    kind = Kind.TILES
    noun = "tile"
    cell = 4
    example = "R7"
    pattern = TILE_PATTERN

    def style(self, face: int) -> str:
        """Red, yellow, blue, black; the false joker magenta."""
        return TILE_JOKER_STYLE if face == JOKER else TILE_STYLES[suit_of(face)]


class CardView(PieceView):
    """Cards: hearts and diamonds red, spades and clubs the default colour, suit symbols where the
    terminal has them (``7♥``, else ``7H``), the joker ``JK``."""

    kind = Kind.CARDS
    noun = "card"
    cell = 3
    example = "7H"
    pattern = CARD_PATTERN

    def name(self, face: int, symbols: bool = True) -> str:
        """``7♥`` with Unicode glyphs (and ``symbols``), else ``7H``; the joker ``JK``."""
        if face == JOKER or not (symbols and self.glyphs.unicode):
            return format_face(Kind.CARDS, face)
        return f"{CARD_RANKS[rank_of(face) - 1]}{SUIT_SYMBOLS[suit_of(face)]}"

    def style(self, face: int) -> str:
        """Hearts and diamonds red, spades and clubs the default colour, jokers a magenta chip."""
        return CARD_JOKER_STYLE if face == JOKER else CARD_STYLES[suit_of(face)]


__all__ = [
    "ASCII_GLYPHS",
    "UNICODE_GLYPHS",
    "CardView",
    "Glyphs",
    "PieceView",
    "Row",
    "TileView",
    "Who",
    "glyphs_for",
]
