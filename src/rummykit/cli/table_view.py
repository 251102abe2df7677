"""How ``rummykit play`` draws the closed-hand games (Okey, Turkish Rummy) in the terminal.

The shared client (:mod:`rummykit.cli.play`) lays out the table, the rack and the messages from the
human's observation (the dict of ``game.observe``, see :meth:`ClosedHandGame.observe
<rummykit.variants.closed_hand.game.ClosedHandGame.observe>`); a :class:`TableView` supplies what
differs between the games: how a piece looks (coloured tiles or cards), the lines above the scores
(Okey's indicator and okey; Turkish Rummy's order-of-play draw and up card), the discard piles (one
per seat, or one shared pile), the words (tiles or cards, scores or penalties), the help text, and
Okey's ``show`` (typed alone: the indicator's twin).

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
from rummykit.errors import RummykitError
from rummykit.session import colour_key, number_key
from rummykit.variants.closed_hand.game import ClosedHandGame
from rummykit.variants.okey.rules import DiscardHistory, OkeyRules
from rummykit.variants.turkish_rummy.rules import TurkishRummyRules

Obs = dict[str, Any]
"""A seat's observation (``game.observe(state, seat)``)."""

Who = Callable[[int | None], str]
"""A seat's name on the table: ``seat 2 (greedy)``, ``seat 0 (you)``."""
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


HELP = """\
commands
  draw                 take the top {noun} of the stock
  take                 {take}
  discard {a}  (d {a})   discard a {noun}
  finish {a}            discard {a}, lay down the other 14 (arranged for you)
  finish {a} : {arrangement} | ...   ...arranged your way
{extra}  pass                 stock empty: decline the last discard ({void})
  sort runs            melds side by side, runs first; the rest by {suit}
  sort sets            melds side by side, sets first; the rest by number
  sort pairs           pairs side by side, the rest by {suit}
  sort                 by {suit} and number
  move {a} 3            move a {noun} (or: move 5 3, by position) to position 3
  hint                 best arrangement, suggested move, can you finish?
  auto                 let the greedy bot make your move
  table                show the table again
  help                 this list
  quit                 leave the game (asks first)
{legend}"""


def wilds_of(obs: Obs) -> Wilds:
    """The wilds of a closed-hand game's observation (``wilds``, ``joker_as``)."""
    return Wilds(frozenset(obs["wilds"]), obs["joker_as"])


class TableView(ABC):
    """What the terminal client draws differently for one game; see the module docstring.

    ``rules`` is the game's rules object, ``glyphs`` the characters of the layout.
    """

    title: str
    """The game's name in the title line."""
    kind: Kind
    noun: str
    """``tile`` or ``card``."""
    cell: int
    """Width of a rack cell: the widest piece and the wild mark."""
    wild_finish: str
    """How a finish discarding a wild is called in hints."""
    example: str
    """A piece in the help and in messages (``R7``, ``7H``)."""
    scores_label = "scores"
    change_label = "score change"
    total_label = "scores now"
    pattern: re.Pattern[str]
    """Piece notation inside a message."""

    def __init__(self, rules: Any, glyphs: Glyphs) -> None:
        self.rules = rules
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

    # ------------------------------------------------------------------ the table
    @abstractmethod
    def header_rows(self, obs: Obs, who: Who) -> list[Row]:
        """The game's lines between the title and the scores."""

    @abstractmethod
    def pile_rows(self, obs: Obs, who: Who) -> list[Row]:
        """The seats (pieces held) and the discard pile(s), with the piece the viewer may take."""

    def take_note(self, obs: Obs) -> list[Text]:
        """``← you may take X`` when the observing seat may take ``takeable``, else nothing."""
        if obs["takeable"] is None or obs["to_move"] != obs["seat"]:
            return []
        note = Text(f" {self.glyphs.left} you may take ", style=DIM)
        return [note.append_text(self.piece(obs["takeable"], wilds_of(obs)))]

    def turn_extra(self, obs: Obs, may_show: bool) -> Text | None:
        """An addition to the turn line (Okey: you may show the indicator's twin)."""
        return None

    def hint_extra(self, obs: Obs, may_show: bool) -> list[Text]:
        """Hint lines before the move hints (Okey: show)."""
        return []

    def prepare_action(self, line: str, obs: Obs) -> str:
        """The typed action line completed before parsing (Okey: ``show`` alone)."""
        return line

    @abstractmethod
    def help_text(self) -> str:
        """The command list and the notation of the pieces."""


class OkeyView(TableView):
    """Okey: coloured tiles, the indicator and the okey, one discard pile per seat, ``show``."""

    title = "Okey"
    kind = Kind.TILES
    noun = "tile"
    cell = 4
    wild_finish = "okey finish"
    example = "R7"
    pattern = TILE_PATTERN
    rules: OkeyRules

    def style(self, face: int) -> str:
        """Red, yellow, blue, black; the false joker magenta."""
        return TILE_JOKER_STYLE if face == JOKER else TILE_STYLES[suit_of(face)]

    def header_rows(self, obs: Obs, who: Who) -> list[Row]:
        """``indicator R5   okey R6 (wild, ...)   F = R6 (not wild)``."""
        wilds = wilds_of(obs)
        line = Text("indicator ").append_text(self.piece(obs["indicator"]))
        line.append("   okey ").append_text(self.piece(obs["okey"], wilds))
        line.append(f" (wild, marked {WILD_MARK} in your rack)", style=DIM)
        if wilds.is_wild(JOKER):
            line.append("   ").append_text(self.piece(JOKER)).append(" wild too", style=DIM)
        else:
            line.append("   ").append_text(self.piece(JOKER)).append(" = ")
            line.append_text(self.piece(obs["okey"])).append(" (not wild)", style=DIM)
        return [("", [line])]

    def pile_rows(self, obs: Obs, who: Who) -> list[Row]:
        """Every seat's tiles held and discard pile; the pile you may take from marked."""
        top_only = self.rules.discard_history is DiscardHistory.TOP_ONLY
        rows: list[Row] = [("", [Text("discards" + (" (top only)" if top_only else ""), style=DIM)])]
        players, wilds = obs["players"], wilds_of(obs)
        width = max(len(who(s)) for s in range(players))
        for seat in range(players):
            words = [self.piece(f, wilds) for f in obs["discards"][seat]] or [Text("-", style=DIM)]
            if seat == obs["takeable_from"]:
                words += self.take_note(obs)
            rows.append((f"  {who(seat):<{width}}  {obs['hand_counts'][seat]:>2} tiles  ", words))
        return rows

    def turn_extra(self, obs: Obs, may_show: bool) -> Text | None:
        """``· you may show R5`` on the first turn when the indicator's twin may be shown."""
        if obs["first_turn"] and may_show:
            return Text(f"{self.glyphs.sep}you may show ").append_text(self.piece(obs["indicator"]))
        return None

    def hint_extra(self, obs: Obs, may_show: bool) -> list[Text]:
        """``you may show R5 ...`` when showing is legal."""
        if not may_show:
            return []
        name = format_face(Kind.TILES, obs["indicator"])
        return [self.command(f"you may show {name} (the indicator's twin): the others lose points")]

    def prepare_action(self, line: str, obs: Obs) -> str:
        """``show`` alone shows the indicator's twin."""
        words = line.split()
        if words[0].lower() == "show" and len(words) == 1 and ":" not in line:
            return f"show {format_face(Kind.TILES, obs['indicator'])}"
        return line

    def help_text(self) -> str:
        """Okey's commands, ``show`` included, and the tiles."""
        return HELP.format(
            noun="tile",
            a=self.example,
            take="take the tile the previous player just discarded",
            arrangement="R1 R2 R3 | B5 Y5 K5",
            extra="  show  (show R5)      first turn: show the indicator's twin, others lose\n",
            void="void round",
            suit="colour",
            legend="tiles: R red, Y yellow, B blue, K black, 1-13; F the false joker.\n"
            f"The okey is wild, marked {WILD_MARK} in your rack; brackets mark melds in your rack.",
        )


class TurkishRummyView(TableView):
    """Turkish Rummy: cards with red and black suits, the order-of-play draw, the up card, one shared
    discard pile, penalties."""

    title = "Turkish Rummy"
    kind = Kind.CARDS
    noun = "card"
    cell = 3
    wild_finish = "joker finish"
    example = "7H"
    scores_label = "penalties"
    change_label = "this round"
    total_label = "penalties now"
    pattern = CARD_PATTERN
    rules: TurkishRummyRules

    def name(self, face: int, symbols: bool = True) -> str:
        """``7♥`` with Unicode glyphs (and ``symbols``), else ``7H``; the joker ``JK``."""
        if face == JOKER or not (symbols and self.glyphs.unicode):
            return format_face(Kind.CARDS, face)
        return f"{CARD_RANKS[rank_of(face) - 1]}{SUIT_SYMBOLS[suit_of(face)]}"

    def style(self, face: int) -> str:
        """Hearts and diamonds red, spades and clubs the default colour, jokers a magenta chip."""
        return CARD_JOKER_STYLE if face == JOKER else CARD_STYLES[suit_of(face)]

    def header_rows(self, obs: Obs, who: Who) -> list[Row]:
        """The draw for the order of play, and the up card with what its twin costs."""
        rows: list[Row] = [("order of play  ", self.order_words(obs))]
        wilds = wilds_of(obs)
        line = self.piece(obs["up_card"]).append(" (out of play)", style=DIM)
        penalty = self.rules.up_card_penalty
        if penalty:
            line.append(f"   its twin in a hand at the round's end: every opponent {penalty:+d}")
            if obs["up_card"] in obs["hand"]:
                line.append(" (you hold it)", style="bold")
        line.append("   ").append_text(self.piece(JOKER, wilds))
        others = sorted(f for f in wilds.faces if f != JOKER)
        if others:
            line.append(" and ").append_text(self.pieces(others, wilds))
            line.append(" (the card above the up card)", style=DIM)
        line.append(f" wild, marked {WILD_MARK} in your rack", style=DIM)
        return [*rows, ("up card ", split_words(line))]

    def order_words(self, obs: Obs) -> list[Text]:
        """``seat 2 drew K♠, you drew JK then 7♥, seat 1 redrew 9♣ (tie), ... → seat 2, you, ...``:
        every card drawn for this round's order of play, then the order."""

        def short(seat: int) -> str:
            return "you" if seat == obs["seat"] else f"seat {seat}"

        segments: list[list[tuple[int, int]]] = []
        for pair in obs["order_draws"]:
            draw = (int(pair[0]), int(pair[1]))
            if segments and segments[-1][-1][0] == draw[0] and segments[-1][-1][1] == JOKER:
                segments[-1].append(draw)
            else:
                segments.append([draw])
        words: list[Text] = []
        seen: set[int] = set()
        for i, segment in enumerate(segments):
            seat = segment[0][0]
            again = seat in seen
            seen.add(seat)
            word = Text(f"{short(seat)} {'redrew' if again else 'drew'} ")
            for j, (_, face) in enumerate(segment):
                if j:
                    word.append(" then ")
                word.append_text(self.piece(face))
            if again:
                word.append(" (tie)", style=DIM)
            if i < len(segments) - 1:
                word.append(",")
            words.append(word)
        order = ", ".join(short(s) for s in obs["order"])
        words.append(Text(f"{self.glyphs.right} {order}", style="bold"))
        return words

    def pile_rows(self, obs: Obs, who: Who) -> list[Row]:
        """How many cards each seat holds, then the shared discard pile (bottom first) and the card
        you may take."""
        held = Text("in hand    ")
        for seat in range(obs["players"]):
            if seat:
                held.append(self.glyphs.sep, style=DIM)
            name = "you" if seat == obs["seat"] else f"seat {seat}"
            held.append(f"{name} {obs['hand_counts'][seat]}", style="bold" if seat == obs["seat"] else "")
        pile = obs["discards"][0]
        words = [self.piece(f, wilds_of(obs)) for f in pile] or [Text("-", style=DIM)]
        note = self.take_note(obs) if obs["takeable_from"] == 0 else []
        if note:
            words += note
        elif pile:
            words.append(Text(f" {self.glyphs.left} top", style=DIM))
        return [("", [held]), ("discard pile  ", words)]

    def help_text(self) -> str:
        """Turkish Rummy's commands and the cards."""
        symbols = (
            ", or with symbols ♠ ♥ ♦ ♣ (type 7H or 7♥)"
            if self.glyphs.unicode
            else " (spades, hearts, diamonds, clubs)"
        )
        return HELP.format(
            noun="card",
            a=self.example,
            take="take the top card of the discard pile",
            arrangement="AS 2S 3S | 5H 5D 5C",
            extra="",
            void="stalemate",
            suit="suit",
            legend=f"cards: rank A 2-9 T J Q K (T is ten), suit S H D C{symbols}; JK the joker.\n"
            f"Jokers are wild, marked {WILD_MARK} in your rack; brackets mark melds in your rack.",
        )


def view_for(game: ClosedHandGame[Any], console: Console) -> TableView:
    """The view of ``game`` for ``console``; raises :class:`RummykitError` for a game without one."""
    glyphs = glyphs_for(console)
    if game.variant == "okey":
        return OkeyView(game.rules, glyphs)
    if game.variant == "turkish_rummy":
        return TurkishRummyView(game.rules, glyphs)
    raise RummykitError(f"{type(game).__name__} can't be played in the terminal yet")


__all__ = [
    "ASCII_GLYPHS",
    "UNICODE_GLYPHS",
    "Glyphs",
    "OkeyView",
    "Row",
    "TableView",
    "TurkishRummyView",
    "Who",
    "glyphs_for",
    "view_for",
    "wilds_of",
]
