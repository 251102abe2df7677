"""What every ``rummykit play`` client shares: the loop, the input, the rack, the layout.

:class:`TerminalClient` is one human seat in any game, here or at a server. It reads lines from a
``read_line`` function (``input`` by default) and writes with a rich :class:`~rich.console.Console`,
so a client works the same in a terminal, with commands piped on standard input, and in tests with a
scripted input function. It owns:

- the loop over the match, played through a :class:`~rummykit.cli.seat_link.SeatLink` (here
  against bots, or on a server): the other seats move between the human's turns; end of input and
  a confirmed ``quit`` (also typed where the client waits for Enter) leave with exit code 0,
  Ctrl-C with :data:`INTERRUPTED`; a mistake is explained in one line (long tokens cut, bytes
  that are not UTF-8 shown as ``\\xff``) and the same prompt comes back;
- the human's :class:`~rummykit.session.SeatSession`, fed after every action with the human's
  observation, events and legal actions: the client renders it and never reads the state (its
  rack order with ``sort`` and ``move``, drawn with positions and a bracket under each meld);
- the layout helpers: rules, score lines, lines folded under their first word, the match's end.

A game's client (:class:`~rummykit.cli.play.PlayClient` for Okey and Turkish Rummy,
:mod:`rummykit.cli.table_play` for Kalooki and Carousel) adds its commands, its rendering of the
table and how an action is performed and shown. How a piece looks comes from a
:class:`~rummykit.cli.table_view.PieceView`.

The module also holds the command line's shared set-up: colour or not, the console, the record file,
line editing, and the default bots.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Generic, TextIO, TypeVar

from rich.console import Console
from rich.text import Text

from rummykit.bots.registry import make_bot
from rummykit.cli.errors import INTERRUPTED, shown
from rummykit.cli.seat_link import SeatLink, StuckError
from rummykit.cli.table_view import DIM, PieceView
from rummykit.core.melds import Wilds
from rummykit.core.notation import format_face, parse_face
from rummykit.engine.game import Game, RoundResult
from rummykit.errors import MAX_SHOWN, IllegalActionError, NotationError, RummykitError
from rummykit.messages import render
from rummykit.session import SeatSession, groups
from rummykit.solvers.report import HandProfile
from rummykit.variants.registry import variant

HUMAN = 0
"""The human's seat in ``rummykit play``."""
STUCK = 1
"""Exit code when the seat to move has no legal action although the match is not over."""
MAX_ECHO = 200
"""Longest piped input line echoed in full."""

ERROR_STYLE = "bold red"

GameT = TypeVar("GameT", bound=Game[Any, Any])
T = TypeVar("T")
"""The game a client plays."""


def quoted(token: str) -> str:
    """A token typed by the user, quoted for a message: cut to :data:`MAX_SHOWN` characters, bytes
    that were not UTF-8 shown as ``\\xff``."""
    cut = token if len(token) <= MAX_SHOWN else token[: MAX_SHOWN - 3] + "..."
    return shown(repr(cut))


def discard_shorthand(line: str) -> str:
    """``line`` with a leading ``d`` written out as the verb: ``d R7`` is ``discard R7``, ``d``
    alone ``discard``."""
    words = line.split(maxsplit=1)
    if words and words[0].lower() == "d":
        return " ".join(["discard", *words[1:]])
    return line


def read_typed(line: str, parse: Callable[[str], T]) -> T:
    """The action typed as ``line``, read by ``parse`` once ``d`` is written out
    (:func:`discard_shorthand`); a refusal that names the whole line names it as typed (``d``
    alone: ``'d': discard takes exactly one piece``, not ``'discard '``)."""
    written = discard_shorthand(line)
    try:
        return parse(written)
    except NotationError as exc:
        if written == line or exc.token.strip() != written.strip():
            raise
        raise NotationError(line.strip(), exc.code, **exc.params) from None


def is_number(word: str) -> bool:
    """Whether ``word`` is written in the digits 0-9 only."""
    return word.isascii() and word.isdigit()


class QuitError(Exception):
    """The human left the game (``quit`` confirmed, or end of input)."""


class TerminalClient(ABC, Generic[GameT]):
    """One human seat: the loop, the input, the rack and the layout helpers.

    ``link`` is the match as the human's seat sees it (:attr:`game`, :attr:`seat`, :attr:`names`
    come from it). The human's :attr:`session` holds what the client shows: the
    observation (:attr:`obs`), the legal actions, the rack in the human's order (:attr:`order`).
    ``view`` draws the pieces (:meth:`default_view` unless given); ``profile`` is the game's hand
    profile (meld rules, solver), used to sort and to bracket melds in the rack.
    """

    rack_word = "rack"
    """What the pieces held are called: ``rack`` or ``hand``."""
    sort_ways: tuple[str, ...] = ("runs", "sets", "pairs")
    """The arguments ``sort`` takes besides nothing (by suit or colour)."""
    rack_rows = 1
    """Rows the rack is drawn in (101 Okey's rack of 21-22 tiles: two), each folded further on a
    narrow terminal."""

    def __init__(
        self,
        link: SeatLink,
        console: Console,
        read_line: Callable[[str], str] = input,
        interactive: bool = False,
        echo_input: bool = False,
        view: PieceView | None = None,
    ) -> None:
        self.link = link
        self.game: GameT = link.game  # type: ignore[assignment]
        self.seat = link.seat
        self.console = console
        self.read_line = read_line
        self.interactive = interactive
        self.echo_input = echo_input
        self.discard_typed_ahead: Callable[[], None] = discard_typed_ahead
        self.view = view if view is not None else self.default_view()
        self.setup()
        self.profile: HandProfile = self.game.rules.hand_profile()
        self.session = SeatSession(self.game, self.seat, rack_word=self.rack_word)
        self.refresh()

    # ------------------------------------------------------------------ what the game supplies
    @abstractmethod
    def default_view(self) -> PieceView:
        """How the pieces look on :attr:`console` when no ``view`` is given."""

    def setup(self) -> None:
        """The client's own state, made before the session is first fed."""

    @property
    def obs(self) -> dict[str, Any]:
        """The human's observation now (the session's)."""
        return self.session.observation

    @property
    def order(self) -> list[int]:
        """The human's pieces in their own order."""
        return self.session.order

    @property
    @abstractmethod
    def wilds(self) -> Wilds:
        """The wilds of the round being played."""

    @property
    def noun(self) -> str:
        """``tile`` or ``card``."""
        return self.view.noun

    @abstractmethod
    def prompt_text(self) -> str:
        """The prompt when the human is to move."""

    @abstractmethod
    def shown(self, seat: int, action: Any, before: dict[str, Any], events: list[dict[str, Any]]) -> None:
        """Show what ``seat``'s ``action`` did (``before``: the human's observation before it;
        ``events``: what the human learnt of it; the session already follows it)."""

    @abstractmethod
    def render_table(self) -> None:
        """Everything the human may see."""

    @abstractmethod
    def help_text(self) -> str:
        """The command list."""

    def extra_commands(self) -> dict[str, Callable[[list[str]], None]]:
        """The game's own commands by name (besides sort, move, table, help, hint and quit)."""
        return {}

    @abstractmethod
    def cmd_hint(self, args: list[str]) -> None:
        """``hint``: what the game's advice says of the human's hand now."""

    bare_words: frozenset[str] = frozenset({"table", "auto", "help", "?", "quit", "exit", "hint"})
    """The commands that take no words after them: ``table extra`` is refused as the games refuse
    ``draw now`` (``notation.takes_nothing``)."""

    action_verbs: frozenset[str] = frozenset()
    """The words a typed game action starts with (:meth:`is_action`)."""

    def is_action(self, verb: str) -> bool:
        """Whether a line starting with ``verb`` is a game action (see :meth:`cmd_action`): one of
        :attr:`action_verbs`, or ``d`` where ``discard`` is one (:func:`discard_shorthand`)."""
        return verb in self.action_verbs or (verb == "d" and "discard" in self.action_verbs)

    def cmd_action(self, line: str) -> None:
        """A game action typed by the human."""
        raise RummykitError(f"unknown command {quoted(line.split(maxsplit=1)[0])}: type help for the list")

    def match_end_notes(self) -> list[Text]:
        """Lines before the final scores (Carousel: the bonuses)."""
        return []

    # ------------------------------------------------------------------ the match
    def to_move(self) -> int | None:
        """The seat to move (``None`` at the match's end)."""
        return self.link.to_move()

    def is_over(self) -> bool:
        """Whether the match is over."""
        return self.link.is_over()

    def perform(self, action: Any) -> None:
        """Play the human's ``action`` (raises :class:`IllegalActionError`, nothing changed), feed
        the session and show what happened."""
        before = self.obs
        events = self.link.play(action)
        self.refresh(events)
        self.shown(self.seat, action, before, events)

    def refresh(self, events: Sequence[dict[str, Any]] = ()) -> list[int]:
        """Feed the human's session with their observation, ``events`` and legal actions; returns
        the faces that arrived in the rack."""
        observation, legal = self.link.view()
        return self.session.update(observation, events, legal)

    # ------------------------------------------------------------------ state
    def who(self, seat: int | None) -> str:
        """``seat 3 (greedy)``, or ``seat 1 (you)``."""
        if seat is None:
            return "the table"
        return self.link.who(seat)

    def name(self, face: int) -> str:
        """The typed notation of ``face`` (``R7``, ``7H``)."""
        return format_face(self.view.kind, face)

    # ------------------------------------------------------------------ the game loop
    def run(self) -> int:
        """Play until the match ends or the human leaves (``quit``, end of input: 0; Ctrl-C:
        :data:`INTERRUPTED`; a seat left without a legal move: :data:`STUCK`); return the exit code."""
        try:
            self.render_table()
            while self.to_move() is not None:
                if self.link.waiting():
                    self.play_others()
                    continue
                if not self.link.view()[1]:
                    self.error(f"{self.who(self.seat)} has no legal move: the game can't go on")
                    return STUCK
                self.prompt_once()
        except StuckError as stuck:
            self.error(f"{self.who(stuck.seat)} has no legal move: the game can't go on")
            return STUCK
        except QuitError as leave:
            self.console.print(str(leave))
            return 0
        except KeyboardInterrupt:
            self.console.print("\ninterrupted: leaving the game")
            return INTERRUPTED
        self.render_match_end()
        return 0

    def play_others(self) -> None:
        """Show the other seats' moves until it is the human's turn or the match is over."""
        moved = False
        while (move := self.link.others()) is not None:
            before = self.obs
            self.refresh(move.events)
            for notice in move.notices:
                self.console.print(Text(render(notice["code"], notice.get("params", {})), style=DIM))
            if move.action is None:
                self.console.print(Text("the view was brought up to date", style=DIM))
            else:
                self.shown(move.seat, move.action, before, move.events)
            moved = True
        if moved and not self.is_over():
            self.render_table()

    def pause(self, message: str) -> None:
        """Wait for Enter in a terminal (never with piped input, where every line is a command);
        ``quit`` there leaves, asking first as it does at the prompt."""
        if not self.interactive:
            return
        while True:
            try:
                self.forget_typed_ahead()
                answer = self.read_line(f"{message} ")
            except EOFError:
                raise QuitError("end of input: leaving the game") from None
            if answer.strip().lower() not in ("quit", "exit"):
                return
            self.cmd_quit([])

    def forget_typed_ahead(self) -> None:
        """In a terminal, drop the lines typed before this prompt (while bots played, while the
        table was drawn): each was meant for a moment that is gone, and a queued ``quit`` must not
        answer a later "really quit?". Piped input is kept: there every line is a command."""
        if self.interactive:
            self.discard_typed_ahead()

    def ask(self, prompt: str) -> str:
        """One line from the human (echoed when the input is piped, cut when very long); end of
        input leaves."""
        try:
            self.forget_typed_ahead()
            line = self.read_line(prompt)
        except EOFError:
            raise QuitError("\nend of input: leaving the game") from None
        if self.echo_input:
            echo = line if len(line) <= MAX_ECHO else line[: MAX_ECHO - 3] + "..."
            self.console.print(shown(echo), markup=False, highlight=False)
        return line

    def prompt_once(self) -> None:
        """Read one command from the human and carry it out."""
        self.handle(self.ask(self.prompt_text()))

    # ------------------------------------------------------------------ commands
    def handle(self, line: str) -> None:
        """Carry out one command line; a mistake is explained in one line and changes nothing."""
        words = line.split()
        if not words:
            return
        verb = words[0].lower()
        commands: dict[str, Callable[[list[str]], None]] = {
            "sort": self.cmd_sort,
            "move": self.cmd_move,
            "help": self.cmd_help,
            "?": self.cmd_help,
            "table": self.cmd_table,
            "auto": self.cmd_auto,
            "quit": self.cmd_quit,
            "exit": self.cmd_quit,
            "hint": self.cmd_hint,
            **self.extra_commands(),
            **self.link.commands(),
        }
        try:
            if verb in self.bare_words and len(words) > 1:
                raise NotationError(" ".join(words), "notation.takes_nothing", verb=verb)
            if verb in commands:
                commands[verb](words[1:])
            elif self.is_action(verb):
                self.cmd_action(line)
            else:
                self.error(f"unknown command {quoted(words[0])}: type help for the list")
        except IllegalActionError as exc:
            self.error(f"not allowed: {exc}")
        except RummykitError as exc:
            self.error(f"can't read that: {exc}")

    def error(self, message: str) -> None:
        """A one-line explanation of a mistake (bytes that were not UTF-8 shown as ``\\xff``)."""
        self.console.print(Text(shown(message), style=ERROR_STYLE))

    def cmd_sort(self, args: list[str]) -> None:
        """``sort runs|sets|...`` (melds side by side, the rest at the right) or ``sort``."""
        how = args[0].lower() if args else "colours"
        if len(args) > 1 or how not in (*self.sort_ways, "colours", "colors", "suits"):
            ways = ", ".join(f"sort {way}" for way in self.sort_ways)
            raise RummykitError(f"write {ways} or sort")
        way = how if how in self.sort_ways else "suit"
        self.session.rack.sort(way, self.profile, self.wilds)
        self.render_rack()

    def cmd_move(self, args: list[str]) -> None:
        """``move R7 3`` or ``move 5 3``: move a piece to a position of the rack (1-based)."""
        example = self.view.example
        if len(args) != 2 or not is_number(args[1]):
            raise RummykitError(
                f"write move {example} 3 (a {self.noun}, or its position, then the new position)"
            )
        rack = self.session.rack
        size = len(rack.slots)
        if is_number(args[0]):
            index = self.position(args[0], size) - 1
        else:
            index = rack.slot_of(parse_face(self.view.kind, args[0]))
        target = self.position(args[1], size)
        rack.move(index, target - 1)
        self.render_rack()

    def position(self, word: str, size: int) -> int:
        """The rack position ``word`` (1-based, digits); raises :class:`RummykitError` outside
        ``1..size``."""
        if len(word) > MAX_SHOWN or not 1 <= int(word) <= size:
            raise RummykitError(
                f"there is no position {shown(word[:MAX_SHOWN])}: the {self.rack_word} has 1..{size}"
            )
        return int(word)

    def cmd_auto(self, args: list[str]) -> None:
        """Let the game's default bot choose the human's move from the human's view, and play it
        as the typed action would be."""
        if not self.session.legal:
            raise RummykitError("it is not your turn")
        bot = make_bot(default_bot(self.game), self.game, self.seat)
        text = self.game.action_text(bot.choose(self.obs, self.session.legal))
        self.console.print(Text(f"auto: {text}", style=DIM))
        self.cmd_action(text)

    def cmd_help(self, args: list[str]) -> None:
        """The command list."""
        extra = self.link.help_text()
        self.console.print(self.view.command(self.help_text() + ("\n" + extra if extra else "")))

    def cmd_table(self, args: list[str]) -> None:
        """Show the whole table again."""
        self.render_table()

    def cmd_quit(self, args: list[str]) -> None:
        """Leave after confirmation; end of input while asking counts as yes."""
        answer = self.ask("really quit? [y/N] ")
        if answer.strip().lower() in ("y", "yes"):
            raise QuitError("leaving the game")
        self.console.print("still playing")

    # ------------------------------------------------------------------ layout
    def rule(self, title: str) -> None:
        """A horizontal rule with ``title`` in it."""
        self.console.rule(title, style=DIM, characters=self.view.glyphs.rule)

    def scores_line(self, label: str, values: Sequence[int], signed: bool) -> Text:
        """``label`` then ``name value`` per seat; the human's in bold."""
        line = Text(label)
        for seat, value in enumerate(values):
            if seat:
                line.append(self.view.glyphs.sep, style=DIM)
            number = f"{value:+d}" if signed else f"{value}"
            line.append(f"{self.who(seat)} {number}", style="bold" if seat == self.seat else "")
        return line

    def print_rows(self, rows: list[Text]) -> None:
        """Print lines, without trailing spaces."""
        for row in rows:
            row.rstrip()
            self.console.print(row)

    def hanging(self, prefix: str, words: list[Text]) -> list[Text]:
        """``prefix`` then ``words`` space separated, folded to the terminal's width under the
        first word (never folded when the output is not a terminal)."""
        limit = None if self.console.soft_wrap else self.console.width
        lines = [Text(prefix)]
        for word in words:
            line = lines[-1]
            fresh = line.cell_len == len(prefix)
            if limit is not None and not fresh and line.cell_len + 1 + word.cell_len > limit:
                lines.append(Text(" " * len(prefix)))
                line, fresh = lines[-1], True
            if not fresh:
                line.append(" ")
            line.append_text(word)
        return lines

    # ------------------------------------------------------------------ the rack
    def render_rack(self) -> None:
        """The rack in the human's order: positions, pieces, and a bracket under each meld; in
        :attr:`rack_rows` rows, folded into more on a narrow terminal."""
        wilds, order, cell = self.wilds, self.order, self.view.cell
        size = len(order)
        self.console.print(Text(f"your {self.rack_word} ({size})", style=DIM))
        found = self.rack_groups()
        per_row = max(1, -(-size // self.rack_rows))
        if not self.console.soft_wrap:
            per_row = min(per_row, max(1, (self.console.width - 2) // (cell + 1)))
        for first in range(0, size, max(per_row, 1)):
            last = min(first + per_row, size)
            numbers = Text("  ", style=DIM)
            pieces = Text("  ")
            for i in range(first, last):
                numbers.append(f"{i + 1:<{cell + 1}}")
                piece = self.view.piece(order[i], wilds, mark=True)
                pieces.append_text(piece)
                pieces.append(" " * (cell + 1 - piece.cell_len))
            numbers.rstrip()
            pieces.rstrip()
            self.console.print(numbers)
            self.console.print(pieces)
            marks = self.bracket_row(found, first, last)
            if marks is not None:
                self.console.print(marks)

    def bracket_row(self, found: list[tuple[int, int]], first: int, last: int) -> Text | None:
        """The brackets under rack positions ``[first, last)``: ``└───┘`` under each group (open
        where a group goes on in the row before or after); ``None`` when there are none."""
        cell = self.view.cell
        left_end, fill, right_end = self.view.glyphs.bracket
        marks = Text("  ", style=DIM)
        for start, end in found:
            lo, hi = max(start, first), min(end, last)
            if lo >= hi:
                continue
            marks.append(" " * (2 + (lo - first) * (cell + 1) - marks.cell_len))
            tail = self.view.piece(self.order[hi - 1]).cell_len if hi == end else cell + 1
            width = (hi - 1 - lo) * (cell + 1) + tail
            left = left_end if lo == start else fill
            right = right_end if hi == end else fill
            marks.append(left + fill * (width - 2) + right)
        return marks if marks.cell_len > 2 else None

    def rack_groups(self) -> list[tuple[int, int]]:
        """Runs of adjacent rack positions ``[start, end)`` forming melds (or pairs, where the game
        lays pairs down and ``sort pairs`` exists): :func:`rummykit.session.groups`."""
        pairs = "pairs" in self.sort_ways
        return groups(self.order, self.profile.meld_rules, self.wilds, pairs)

    # ------------------------------------------------------------------ a round's end
    def render_round_end(self, result: RoundResult) -> None:
        """The explanation, every hand of the round (:meth:`round_end_hand`), the changes and the
        totals."""
        self.console.print()
        self.rule(f"round {result.round_no} over")
        for line in self.round_end_notes(result):
            self.console.print(line)
        width = max(len(self.who(s)) for s in range(len(result.hands)))
        for seat, hand in enumerate(result.hands):
            if hand is None:
                continue
            words = self.round_end_hand(seat, hand, result)
            if words is None:
                continue
            prefix = f"  {self.who(seat):<{width}}  "
            self.print_rows(self.hanging(prefix, words))
        change, total = self.round_end_labels()
        label = self.label_width()
        self.console.print(self.scores_line(f"{change:<{label}}", result.deltas, signed=True))
        self.console.print(self.scores_line(f"{total:<{label}}", self.totals(), signed=False))
        for line in self.round_end_extra(result):
            self.console.print(line)

    def round_end_notes(self, result: RoundResult) -> list[Text]:
        """The lines that explain a round's score changes, before the hands: the result's notes."""
        return [self.view.colour_text(note) for note in result.explanation]

    @abstractmethod
    def round_end_hand(self, seat: int, hand: Sequence[int], result: RoundResult) -> list[Text] | None:
        """``seat``'s hand at the round's end as words a line may be folded between (``None``:
        not shown)."""

    def round_end_labels(self) -> tuple[str, str]:
        """The labels of the score change and of the totals at a round's end."""
        return self.view.change_label, self.view.total_label

    def label_width(self) -> int:
        """The width of the labels before the score lines of a round's end."""
        return max(len(label) for label in self.round_end_labels()) + 2

    def totals(self) -> Sequence[int]:
        """The match scores now."""
        scores: list[int] = self.obs["scores"]
        return scores

    def round_end_extra(self, result: RoundResult) -> list[Text]:
        """Lines after the totals."""
        return []

    # ------------------------------------------------------------------ the end
    def render_match_end(self) -> None:
        """Final scores and the winner(s)."""
        outcome = self.link.outcome()
        if outcome is None:
            return
        self.console.print()
        self.rule("match over")
        for note in self.match_end_notes():
            self.console.print(note)
        width = max(len(self.who(s)) for s in range(len(outcome.scores)))
        for seat, score in enumerate(outcome.scores):
            mark = f"  {self.view.glyphs.left} winner" if seat in outcome.winners else ""
            self.console.print(f"  {self.who(seat):<{width}}  {score:>3}{mark}")
        names = ", ".join(self.who(s) for s in outcome.winners)
        plural = "winners" if len(outcome.winners) > 1 else "winner"
        rounds = f"{outcome.rounds} round{'s' if outcome.rounds != 1 else ''}"
        self.console.print(Text(f"{plural}: {names} after {rounds}", style="bold"))


# ---------------------------------------------------------------------- the command line's set-up
def use_colour(flag: bool | None, stream: TextIO) -> bool:
    """``--color``/``--no-color`` win; by default colour only on a terminal and without NO_COLOR."""
    if flag is not None:
        return flag
    return stream.isatty() and not os.environ.get("NO_COLOR")


def make_console(colour: bool, terminal: bool) -> Console:
    """A console that writes to the current standard output, with or without colour; lines are
    wrapped to the width of a ``terminal``, never when the output goes to a file or a pipe."""
    if colour:
        return Console(force_terminal=True, soft_wrap=not terminal, highlight=False, emoji=False)
    return Console(color_system=None, no_color=True, soft_wrap=not terminal, highlight=False, emoji=False)


def open_record(path: Path | None) -> TextIO | None:
    """The record file opened for writing, or ``None``; raises :class:`RummykitError`."""
    if path is None:
        return None
    try:
        return path.open("w", encoding="utf-8")
    except OSError as exc:
        raise RummykitError(f"can't write the record {path}: {exc.strerror}") from None


def discard_typed_ahead() -> None:
    """Drop what was typed on the terminal (standard input) and not read yet; nothing where
    standard input is not a terminal or has no such call (Windows)."""
    with contextlib.suppress(ImportError, OSError, ValueError, AttributeError):
        import termios

        if sys.stdin.isatty():
            termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)


class PromptInput:
    """``input`` (``read_line``) that lets another thread write lines while the prompt waits:
    each shows above the prompt, which is written again with what was typed so far (readline's
    buffer), so the line being typed is not lost."""

    def __init__(self, read_line: Callable[[str], str] = input) -> None:
        self.read_line = read_line
        self.prompt: str | None = None
        self.lock = threading.Lock()

    def __call__(self, prompt: str) -> str:
        with self.lock:
            self.prompt = prompt
        try:
            return self.read_line(prompt)
        finally:
            with self.lock:
                self.prompt = None

    def write(self, line: str) -> None:
        """Write ``line`` above the prompt (a plain line when none waits)."""
        with self.lock:
            if self.prompt is None:
                print(line, flush=True)
                return
            typed = ""
            with contextlib.suppress(ImportError):
                import readline

                typed = readline.get_line_buffer()
            sys.stdout.write(f"\r\x1b[K{line}\n{self.prompt}{typed}")
            sys.stdout.flush()


def enable_line_editing() -> None:
    """Arrow keys and history for ``input`` in a terminal, where readline exists."""
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401


def default_bot(game: Game[Any, Any]) -> str:
    """The bot the other seats get by default: ``greedy`` where the game has one, else ``random``."""
    try:
        make_bot("greedy", game, 0)
    except RummykitError:
        return "random"
    return "greedy"


__all__ = [
    "HUMAN",
    "INTERRUPTED",
    "STUCK",
    "PromptInput",
    "QuitError",
    "TerminalClient",
    "default_bot",
    "discard_typed_ahead",
    "enable_line_editing",
    "is_number",
    "make_console",
    "open_record",
    "quoted",
    "shown",
    "use_colour",
]


def terminal_client(
    link: SeatLink, console: Console, read_line: Callable[[str], str], interactive: bool
) -> TerminalClient[Any]:
    """The terminal client of the link's game for its seat (its package's ``terminal``; input
    echoed unless ``interactive``); raises :class:`RummykitError` for a game without one. A
    game's client is imported when it is played."""
    game = link.game
    client_type = variant(game.variant).part("terminal")
    if client_type is None:
        raise RummykitError(f"{game.title} can't be played in the terminal yet")
    client: TerminalClient[Any] = client_type(
        link, console, read_line, interactive=interactive, echo_input=not interactive
    )
    return client
