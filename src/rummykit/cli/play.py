"""``rummykit play okey`` and ``rummykit play turkish_rummy``: play in the terminal, seat 0 against
bots.

One client serves both closed-hand games. :class:`PlayClient` holds what only the client knows (the
human's own ordering of the rack), renders the table from the human's
:class:`~rummykit.engine.closed_hand.ClosedHandObservation` alone, dispatches the typed commands
(the game's :class:`~rummykit.engine.hand_actions.HandAction` and the client's own: sort, move,
hint, ...) and lets the bots play between the human's turns. What differs between the games (the
pieces' look, the indicator or the up card and the order-of-play draw, per-seat or shared discard
piles, the wording, ``show``) comes from a :class:`~rummykit.cli.table_view.TableView`.

The client reads lines from a ``read_line`` function (``input`` by default) and writes with a rich
:class:`~rich.console.Console`, so it works the same in a terminal, with commands piped on standard
input, and in tests with a scripted input function.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Generic, TextIO

import typer
from rich.console import Console
from rich.text import Text

from rummykit.bots.base import Bot
from rummykit.bots.greedy import GreedyBot
from rummykit.bots.registry import make_bot, parse_bot_list
from rummykit.cli.errors import user_errors
from rummykit.cli.table_view import DIM, ObsT, TableView, view_for
from rummykit.core.melds import Meld, MeldKind, Wilds, validate_meld
from rummykit.core.notation import format_face, format_faces, parse_face
from rummykit.engine.closed_hand import ClosedHandGame, Phase
from rummykit.engine.game import Event, RoundResult
from rummykit.engine.hand_actions import HandAction, Verb
from rummykit.engine.records import RecordWriter
from rummykit.errors import IllegalActionError, MeldError, RummykitError
from rummykit.solvers.arrange import Arrangement
from rummykit.solvers.report import best_arrangement, finishes, whole_hand_kinds
from rummykit.variants.registry import variant

HUMAN = 0
"""The human's seat."""
INTERRUPTED = 130
"""Exit code after Ctrl-C (128 + SIGINT, as shells do)."""
STUCK = 1
"""Exit code when the seat to move has no legal action although the match is not over."""

ERROR_STYLE = "bold red"
PAIRS_SHOWN = 4
"""Adjacent pairs are bracketed (instead of melds) from this many on: a pairs hand in the making."""

PHASE_PROMPTS = {
    Phase.OPENING: "discard or finish",
    Phase.DRAW: "draw or take",
    Phase.DISCARD: "discard or finish",
    Phase.LAST_CHANCE: "take to finish, or pass",
    Phase.FINISH_ONLY: "finish",
}


class QuitError(Exception):
    """The human left the game (``quit`` confirmed, or end of input)."""


class PlayClient(Generic[ObsT]):
    """One human seat (0) against bots: the client's state, its rendering and its commands.

    ``order`` is the human's own ordering of the rack (faces): new pieces go to the right, and it is
    kept equal, as a multiset, to the rack of the observation after every action. Apart from
    ``legal_actions`` and ``apply`` (and the parsing of typed actions), the client knows the game
    only through the human's observation. ``view`` draws the game's own parts (by default the
    view of ``game`` for ``console``).
    """

    def __init__(
        self,
        game: ClosedHandGame[ObsT],
        bots: Sequence[Bot | None],
        names: Sequence[str],
        console: Console,
        read_line: Callable[[str], str] = input,
        writer: RecordWriter | None = None,
        interactive: bool = False,
        echo_input: bool = False,
        view: TableView[ObsT] | None = None,
    ) -> None:
        self.game = game
        self.view: TableView[ObsT] = view if view is not None else view_for(game, console)
        self.bots = list(bots)
        self.names = list(names)
        self.console = console
        self.read_line = read_line
        self.writer = writer
        self.interactive = interactive
        self.echo_input = echo_input
        self.profile = game.solver_profile
        self.meld_rules = self.profile.meld_rules
        self.advisor = GreedyBot(self.view.rules)
        self.order: list[int] = []
        self.round_no = 0
        self.sync_rack()

    # ------------------------------------------------------------------ state
    @property
    def obs(self) -> ObsT:
        """The human's observation now."""
        return self.game.observation(HUMAN)

    @property
    def wilds(self) -> Wilds:
        """The wilds of the round being played."""
        return self.obs.wilds

    @property
    def noun(self) -> str:
        """``tile`` or ``card``."""
        return self.view.noun

    def who(self, seat: int | None) -> str:
        """``seat 2 (greedy)``, or ``seat 0 (you)``."""
        if seat is None:
            return "the table"
        bot = self.bots[seat]
        return f"seat {seat} ({'you' if bot is None else bot.name})"

    def name(self, face: int) -> str:
        """The typed notation of ``face`` (``R7``, ``7H``)."""
        return format_face(self.view.kind, face)

    def sync_rack(self) -> list[int]:
        """Bring ``order`` in line with the observed rack; return the faces that arrived.

        A new round starts from the rack sorted by suit (colour) and rank. Otherwise pieces that left
        go from the right end of ``order`` first, and new pieces are appended at the right.
        """
        obs = self.obs
        if obs.round_no != self.round_no:
            self.round_no = obs.round_no
            self.order = sorted(obs.rack, key=self.view.colour_key)
            return []
        surplus = Counter(self.order) - Counter(obs.rack)
        for face, count in surplus.items():
            for _ in range(count):
                index = len(self.order) - 1 - self.order[::-1].index(face)
                del self.order[index]
        missing = Counter(obs.rack) - Counter(self.order)
        arrived: list[int] = []
        for face in obs.rack:
            if missing[face] > 0:
                missing[face] -= 1
                arrived.append(face)
        self.order.extend(arrived)
        return arrived

    # ------------------------------------------------------------------ the game loop
    def run(self) -> int:
        """Play until the match ends or the human leaves (``quit``, end of input: 0; Ctrl-C:
        :data:`INTERRUPTED`; a seat left without a legal move: :data:`STUCK`); return the exit code."""
        try:
            self.render_table()
            while not self.game.is_terminal():
                if not self.game.legal_actions():
                    self.error(f"{self.who(self.game.current_seat)} has no legal move: the game can't go on")
                    return STUCK
                if self.game.current_seat != HUMAN:
                    self.play_bots()
                    continue
                self.prompt_once()
        except QuitError as leave:
            self.console.print(str(leave))
            return 0
        except KeyboardInterrupt:
            self.console.print("\ninterrupted: leaving the game")
            return INTERRUPTED
        self.render_match_end()
        return 0

    def play_bots(self) -> None:
        """Let the bots move until it is the human's turn or the match is over."""
        moved = False
        while not self.game.is_terminal() and self.game.current_seat != HUMAN and self.game.legal_actions():
            seat = self.game.current_seat
            assert seat is not None
            bot = self.bots[seat]
            assert bot is not None
            action = bot.choose(self.game.observation(seat), self.game.legal_actions())
            self.perform(seat, action)
            moved = True
        if moved and not self.game.is_terminal():
            self.render_table()

    def perform(self, seat: int, action: HandAction) -> None:
        """Apply ``action`` for ``seat`` (raises :class:`IllegalActionError`, state unchanged),
        record it and show what happened."""
        events = self.game.apply(action)
        if self.writer is not None:
            self.writer.action(seat, self.game.action_text(action))
        if seat == HUMAN and action.verb is Verb.DRAW:
            drawn = (Counter(self.obs.rack) - Counter(self.order)).elements()
            events = [Event(seat, f"draws {format_faces(self.view.kind, drawn)} from the stock")]
        for event in events:
            self.show_event(event)
        if self.obs.round_no != self.round_no:
            self.pause(f"press Enter to start round {self.obs.round_no}")
        self.sync_rack()

    def show_event(self, event: Event) -> None:
        """One line per event; a round's end in full."""
        if event.result is not None:
            self.render_round_end(event.result)
        elif event.seat is not None:
            text = event.text.removeprefix(f"seat {event.seat} ")
            self.console.print(Text(f"{self.who(event.seat)} ").append_text(self.view.colour_text(text)))

    def pause(self, message: str) -> None:
        """Wait for Enter in a terminal (never with piped input, where every line is a command)."""
        if not self.interactive:
            return
        try:
            self.read_line(f"{message} ")
        except EOFError:
            raise QuitError("end of input: leaving the game") from None

    def prompt_once(self) -> None:
        """Read one command from the human and carry it out."""
        prompt = f"you ({PHASE_PROMPTS.get(self.obs.phase, '?')}) > "
        try:
            line = self.read_line(prompt)
        except EOFError:
            raise QuitError("\nend of input: leaving the game") from None
        if self.echo_input:
            self.console.print(line, markup=False, highlight=False)
        self.handle(line)

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
            "hint": self.cmd_hint,
            "help": self.cmd_help,
            "?": self.cmd_help,
            "table": self.cmd_table,
            "quit": self.cmd_quit,
            "exit": self.cmd_quit,
        }
        try:
            if verb in commands:
                commands[verb](words[1:])
            elif verb in {v.value for v in self.game.verbs} or verb == "d":
                self.cmd_action(line)
            else:
                self.error(f"unknown command {words[0]!r}: type help for the list")
        except IllegalActionError as exc:
            self.error(f"not allowed: {exc}")
        except RummykitError as exc:
            self.error(f"can't read that: {exc}")

    def error(self, message: str) -> None:
        """A one-line explanation of a mistake."""
        self.console.print(Text(message, style=ERROR_STYLE))

    def cmd_action(self, line: str) -> None:
        """A game action: ``draw``, ``take``, ``discard R7`` (``d R7``), ``finish ...``, ``pass``,
        and Okey's ``show``."""
        if line.split(maxsplit=1)[0].lower() == "d":
            line = "discard " + line.strip()[1:]
        line = self.view.prepare_action(line, self.obs)
        action = self.game.parse_action(line)
        self.view.check_action(action, self.obs)
        self.perform(HUMAN, action)
        if not self.game.is_terminal() and self.game.current_seat == HUMAN:
            if action.verb in (Verb.DRAW, Verb.TAKE, Verb.SHOW):
                self.render_rack()
            else:
                self.render_table()

    def cmd_sort(self, args: list[str]) -> None:
        """``sort runs|sets|pairs`` (melds side by side, the rest at the right) or ``sort``."""
        how = args[0].lower() if args else "colours"
        if len(args) > 1 or how not in ("runs", "sets", "pairs", "colours", "colors", "suits"):
            raise RummykitError("write sort runs, sort sets, sort pairs or sort")
        self.order = self.sorted_rack(how)
        self.render_rack()

    def sorted_rack(self, how: str) -> list[int]:
        """The rack arranged ``how``: ``runs``/``sets`` (the solver's best melds, runs or sets
        first, the rest by suit or by rank), ``pairs`` (the most pairs), else by suit."""
        rack, wilds = list(self.order), self.wilds
        colour_key, number_key = self.view.colour_key, self.view.number_key
        if how in ("runs", "sets"):
            arrangement = self.profile.solver().arrange(rack, wilds)
            first = MeldKind.RUN if how == "runs" else MeldKind.SET
            key = colour_key if how == "runs" else number_key
            melds = sorted(arrangement.melds, key=lambda m: (m.kind is not first, key(m.stands_for[0])))
        elif how == "pairs":
            arrangement = self.profile.solver().pairs(rack, wilds)
            melds = sorted(arrangement.melds, key=lambda m: colour_key(m.stands_for[0]))
            key = colour_key
        else:
            return sorted(rack, key=colour_key)
        rest = sorted(arrangement.ungrouped, key=lambda f: (wilds.is_wild(f), key(f)))
        return [f for m in melds for f in m.faces] + rest

    def cmd_move(self, args: list[str]) -> None:
        """``move R7 3`` or ``move 5 3``: move a piece to a position of the rack (1-based)."""
        example = self.view.example
        if len(args) != 2 or not args[1].isdigit():
            raise RummykitError(
                f"write move {example} 3 (a {self.noun}, or its position, then the new position)"
            )
        size = len(self.order)
        if args[0].isdigit():
            index = int(args[0]) - 1
            if not 0 <= index < size:
                raise RummykitError(f"there is no position {args[0]}: the rack has 1..{size}")
        else:
            face = parse_face(self.view.kind, args[0])
            if face not in self.order:
                raise IllegalActionError(f"you don't hold {self.name(face)}")
            index = self.order.index(face)
        target = int(args[1])
        if not 1 <= target <= size:
            raise RummykitError(f"there is no position {target}: the rack has 1..{size}")
        self.order.insert(target - 1, self.order.pop(index))
        self.render_rack()

    def cmd_hint(self, args: list[str]) -> None:
        """Best arrangement, the suggested move and any finish (the greedy bot's judgement)."""
        obs, wilds = self.obs, self.wilds
        rack = list(self.order)
        legal = self.game.legal_actions()
        finish_faces = [a.face for a in legal if a.verb is Verb.FINISH and a.face is not None]
        lines: list[Text] = self.view.hint_extra(obs, legal)
        if obs.phase in (Phase.DRAW, Phase.LAST_CHANCE):
            lines += self.hint_before_drawing(rack, obs.takeable, wilds, obs.phase)
        elif finish_faces:
            best = max(finish_faces, key=lambda f: self.finish_value(rack, f, wilds))
            rest = list(rack)
            rest.remove(best)
            kinds = ", ".join(self.finish_words(rest, best, wilds))
            lines.append(self.view.command(f"you can finish: finish {self.name(best)} ({kinds})"))
            lines += self.arrangement_lines(rest, wilds)
        else:
            choices = [a.face for a in legal if a.verb is Verb.DISCARD and a.face is not None]
            left, face = self.advisor.best_discard(rack, wilds, choices)
            rest = list(rack)
            rest.remove(face)
            pieces = f"{self.noun}{'' if left == 1 else 's'}"
            lines.append(
                self.view.command(f"hint: discard {self.name(face)} (leaves {left} {pieces} out of melds)")
            )
            lines += self.arrangement_lines(rest, wilds)
            lines.append(Text("no finish yet", style=DIM))
        for line in lines:
            self.console.print(line)

    def hint_before_drawing(
        self, rack: list[int], takeable: int | None, wilds: Wilds, phase: Phase
    ) -> list[Text]:
        """Hint lines before drawing: take (to finish, or to improve) or draw."""
        lines = self.arrangement_lines(rack, wilds)
        now = len(best_arrangement(self.profile, rack, wilds).ungrouped)
        if takeable is not None:
            name = self.name(takeable)
            wins = finishes(self.profile, [*rack, takeable], wilds)
            if wins:
                ends = " or ".join(f"finish {self.name(f)}" for f in wins)
                lines.append(self.view.command(f"hint: take {name}, then {ends}"))
                return lines
            with_take, _ = self.advisor.best_discard([*rack, takeable], wilds, rack)
            if with_take < now:
                plural = "" if with_take == 1 else "s"
                lines.append(
                    self.view.command(
                        f"hint: take {name} (then {with_take} {self.noun}{plural} out of melds)"
                    )
                )
                return lines
        if phase is Phase.LAST_CHANCE:
            lines.append(Text("hint: pass"))
        else:
            lines.append(Text("hint: draw from the stock"))
        return lines

    def finish_words(self, rest: list[int], face: int, wilds: Wilds) -> list[str]:
        """How the 14 ``rest`` lay down after finishing with ``face``: pairs/melds, a wild finish."""
        kinds = [str(k) for k in whole_hand_kinds(self.profile, rest, wilds)]
        if wilds.is_wild(face):
            kinds.append(self.view.wild_finish)
        return kinds

    def finish_value(self, rack: list[int], face: int, wilds: Wilds) -> int:
        """Weight of a finish like the engines' scoring: pairs and wild finishes count double."""
        rest = list(rack)
        rest.remove(face)
        words = self.finish_words(rest, face, wilds)
        return (2 if "pairs" in words else 1) * (2 if self.view.wild_finish in words else 1)

    def arrangement_lines(self, faces: list[int], wilds: Wilds) -> list[Text]:
        """``best: <melds> out: <pieces>`` for ``faces``."""
        arrangement = best_arrangement(self.profile, faces, wilds)
        return self.hanging("best: ", self.arrangement_words(arrangement, wilds))

    def arrangement_words(self, arrangement: Arrangement, wilds: Wilds) -> list[Text]:
        """Melds (a wild's stand-in in brackets) separated by ``|``, then ``out:`` and the pieces
        left out, as words that a line may be folded between."""
        words = []
        for i, meld in enumerate(arrangement.melds):
            word = self.view.colour_text(meld.describe(self.view.kind))
            if i < len(arrangement.melds) - 1:
                word.append(" |", style=DIM)
            words.append(word)
        if arrangement.ungrouped:
            words.append(Text("  out:" if arrangement.melds else "out:", style=DIM))
            words += [self.view.piece(f, wilds) for f in arrangement.ungrouped]
        return words

    def cmd_help(self, args: list[str]) -> None:
        """The command list."""
        self.console.print(self.view.command(self.view.help_text()))

    def cmd_table(self, args: list[str]) -> None:
        """Show the whole table again."""
        self.render_table()

    def cmd_quit(self, args: list[str]) -> None:
        """Leave after confirmation; end of input while asking counts as yes."""
        try:
            answer = self.read_line("really quit? [y/N] ")
        except EOFError:
            raise QuitError("\nend of input: leaving the game") from None
        if self.echo_input:
            self.console.print(answer, markup=False, highlight=False)
        if answer.strip().lower() in ("y", "yes"):
            raise QuitError("leaving the game")
        self.console.print("still playing")

    # ------------------------------------------------------------------ rendering
    def rule(self, title: str) -> None:
        """A horizontal rule with ``title`` in it."""
        self.console.rule(title, style=DIM, characters=self.view.glyphs.rule)

    def render_table(self) -> None:
        """Everything the human may see: the round, the game's own lines (indicator or up card and
        order of play), the scores, the seats and discard piles, the rack, whose turn it is."""
        obs, view = self.obs, self.view
        if obs.to_move is None:
            return
        sep = view.glyphs.sep
        self.console.print()
        title = [view.title, f"round {obs.round_no}"]
        if obs.dealer is not None:
            title.append(f"dealer {self.who(obs.dealer)}")
        title.append(f"stock {obs.stock_count}")
        self.rule(sep.join(title))
        for prefix, words in view.header_rows(obs, self.who):
            self.print_rows(self.hanging(prefix, words))
        label = f"{view.scores_label:<8}  "
        self.console.print(self.scores_line(label, obs.scores, signed=False))
        for prefix, words in view.pile_rows(obs, self.who):
            self.print_rows(self.hanging(prefix, words))
        self.render_rack()
        self.console.print(self.turn_line(obs))

    def scores_line(self, label: str, values: Sequence[int], signed: bool) -> Text:
        """``label`` then ``name value`` per seat; the human's in bold."""
        line = Text(label)
        for seat, value in enumerate(values):
            if seat:
                line.append(self.view.glyphs.sep, style=DIM)
            number = f"{value:+d}" if signed else f"{value}"
            line.append(f"{self.names[seat]} {number}", style="bold" if seat == HUMAN else "")
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

    def turn_line(self, obs: ObsT) -> Text:
        """Whose turn it is and what they may do."""
        if obs.to_move != HUMAN:
            return Text(f"turn: {self.who(obs.to_move)}")
        line = Text("your turn: ", style="bold")
        if obs.phase is Phase.OPENING:
            line.append(f"you start: discard a {self.noun} (no draw) or finish")
        elif obs.phase is Phase.DRAW:
            line.append("draw from the stock")
            if obs.takeable is not None:
                line.append(" or take ").append_text(self.view.piece(obs.takeable, self.wilds))
        elif obs.phase is Phase.LAST_CHANCE:
            line.append("the stock is empty: take the last discard to finish, or pass")
        else:
            line.append(PHASE_PROMPTS.get(obs.phase, ""))
        extra = self.view.turn_extra(obs, self.game.legal_actions())
        if extra is not None:
            line.append_text(extra)
        return line

    def render_rack(self) -> None:
        """The rack in the human's order: positions, pieces, and a bracket under each meld; folded
        into several rows on a narrow terminal."""
        wilds, size, cell = self.wilds, len(self.order), self.view.cell
        self.console.print(Text(f"your rack ({size})", style=DIM))
        groups = self.rack_groups()
        per_row = size if self.console.soft_wrap else max(1, (self.console.width - 2) // (cell + 1))
        for first in range(0, size, max(per_row, 1)):
            last = min(first + per_row, size)
            numbers = Text("  ", style=DIM)
            pieces = Text("  ")
            for i in range(first, last):
                numbers.append(f"{i + 1:<{cell + 1}}")
                piece = self.view.piece(self.order[i], wilds, mark=True)
                pieces.append_text(piece)
                pieces.append(" " * (cell + 1 - piece.cell_len))
            numbers.rstrip()
            pieces.rstrip()
            self.console.print(numbers)
            self.console.print(pieces)
            marks = self.bracket_row(groups, first, last)
            if marks is not None:
                self.console.print(marks)

    def bracket_row(self, groups: list[tuple[int, int]], first: int, last: int) -> Text | None:
        """The brackets under rack positions ``[first, last)``: ``└───┘`` under each group (open
        where a group goes on in the row before or after); ``None`` when there are none."""
        cell = self.view.cell
        left_end, fill, right_end = self.view.glyphs.bracket
        marks = Text("  ", style=DIM)
        for start, end in groups:
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
        """Runs of adjacent rack positions ``[start, end)`` forming melds (or pairs, whichever
        covers more pieces), chosen to cover as many pieces as possible."""
        melds = self._segments(range(3, 14), allow_pair=False)
        pairs = self._segments(range(2, 3), allow_pair=True)
        covered = [sum(end - start for start, end in groups) for groups in (melds, pairs)]
        return pairs if len(pairs) >= PAIRS_SHOWN and covered[1] > covered[0] else melds

    def _segments(self, sizes: range, allow_pair: bool) -> list[tuple[int, int]]:
        faces, wilds = self.order, self.wilds
        n = len(faces)
        cover = [0] * (n + 1)
        choice: list[int | None] = [None] * (n + 1)
        for i in range(n - 1, -1, -1):
            cover[i], choice[i] = cover[i + 1], None
            for size in sizes:
                j = i + size
                if j > n or size + cover[j] <= cover[i]:
                    continue
                if self._is_group(faces[i:j], wilds, allow_pair):
                    cover[i], choice[i] = size + cover[j], j
        out: list[tuple[int, int]] = []
        at = 0
        while at < n:
            end = choice[at]
            if end is None:
                at += 1
            else:
                out.append((at, end))
                at = end
        return out

    def _is_group(self, faces: list[int], wilds: Wilds, allow_pair: bool) -> bool:
        try:
            meld: Meld = validate_meld(faces, self.meld_rules, wilds, allow_pair=allow_pair)
        except MeldError:
            return False
        return allow_pair or meld.kind is not MeldKind.PAIR

    def render_round_end(self, result: RoundResult) -> None:
        """The finishing discard, all hands, the explanation of the score change, the changes and the
        new totals (from ``result`` and the observation only)."""
        wilds = result.wilds if result.wilds is not None else self.wilds
        if result.winner is not None and result.finishing_discard is not None:
            line = Text(f"{self.who(result.winner)} finishes, discarding ")
            self.console.print(line.append_text(self.view.piece(result.finishing_discard, wilds)))
        self.console.print()
        self.rule(f"round {result.round_no} over")
        for note in result.explanation:
            self.console.print(self.view.colour_text(note))
        width = max(len(self.who(s)) for s in range(len(result.hands)))
        for seat, hand in enumerate(result.hands):
            arrangement = best_arrangement(self.profile, list(hand), wilds)
            prefix = f"  {self.who(seat):<{width}}  "
            self.print_rows(self.hanging(prefix, self.arrangement_words(arrangement, wilds)))
        view = self.view
        width = max(len(view.change_label), len(view.total_label)) + 2
        self.console.print(self.scores_line(f"{view.change_label:<{width}}", result.deltas, signed=True))
        self.console.print(self.scores_line(f"{view.total_label:<{width}}", self.obs.scores, signed=False))

    def render_match_end(self) -> None:
        """Final scores and the winner(s)."""
        outcome = self.game.outcome()
        if outcome is None:
            return
        self.console.print()
        self.rule("match over")
        width = max(len(self.who(s)) for s in range(len(outcome.scores)))
        for seat, score in enumerate(outcome.scores):
            mark = f"  {self.view.glyphs.left} winner" if seat in outcome.winners else ""
            self.console.print(f"  {self.who(seat):<{width}}  {score:>3}{mark}")
        names = ", ".join(self.names[s] for s in outcome.winners)
        plural = "winners" if len(outcome.winners) > 1 else "winner"
        rounds = f"{outcome.rounds} round{'s' if outcome.rounds != 1 else ''}"
        self.console.print(Text(f"{plural}: {names} after {rounds}", style="bold"))
        if self.writer is not None:
            self.writer.outcome(outcome)


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


def play(
    game: Annotated[str, typer.Argument(help="The game to play: okey or turkish_rummy")],
    bots: Annotated[
        str | None,
        typer.Option(help="Bots for the other seats, e.g. greedy,random,greedy (one name: every seat)"),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the deal (default: from the clock)")] = None,
    rule: Annotated[list[str] | None, typer.Option(help="Override a rules option: name=value")] = None,
    preset: Annotated[Path | None, typer.Option(help="A TOML preset file of rules options")] = None,
    players: Annotated[int | None, typer.Option(help="Number of players, 2-4 (rule players=N)")] = None,
    record: Annotated[Path | None, typer.Option(help="Write the game record (JSON Lines) to FILE")] = None,
    color: Annotated[
        bool | None, typer.Option("--color/--no-color", help="Colour the pieces (default: on a terminal)")
    ] = None,
) -> None:
    """Play a match in the terminal against bots (you are seat 0); type help for the commands."""
    with user_errors():
        info = variant(game)
        overrides = [*(rule or []), *([f"players={players}"] if players is not None else [])]
        rules = info.load_rules(preset, overrides)
        if seed is None:
            seed = time.time_ns() // 1000 % 1_000_000
        match = info.new_game(rules, seed)
        if not isinstance(match, ClosedHandGame):
            raise RummykitError(
                f"{info.title} can't be played yet in the terminal; play okey or turkish_rummy"
            )
        names = parse_bot_list(bots or "greedy", rules.players - 1)
        seats: list[Bot | None] = [None]
        seats += [make_bot(n, info.name, rules, seed * 10 + s) for s, n in enumerate(names, start=1)]
        seat_names = ["you", *(f"{n}-{s}" for s, n in enumerate(names, start=1))]
        console = make_console(use_colour(color, sys.stdout), sys.stdout.isatty())
        view = view_for(match, console)
        stream = _open_record(record)
    sep = view.glyphs.sep
    console.print(
        f"{info.title}, {rules.players} players{sep}seed {seed} (replay this deal with --seed {seed})"
    )
    console.print("you are seat 0; type help for the commands", style=DIM)
    interactive = sys.stdin.isatty()
    if interactive:
        _enable_line_editing()
    try:
        writer = None if stream is None else RecordWriter(stream, match, rules, seat_names)
        client = PlayClient(
            match,
            seats,
            seat_names,
            console,
            input,
            writer,
            interactive=interactive,
            echo_input=not interactive,
            view=view,
        )
        code = client.run()
    finally:
        if stream is not None:
            stream.close()
    if record is not None:
        console.print(f"record written to {record}", style=DIM)
    raise typer.Exit(code)


def _open_record(path: Path | None) -> TextIO | None:
    if path is None:
        return None
    try:
        return path.open("w", encoding="utf-8")
    except OSError as exc:
        raise RummykitError(f"can't write the record {path}: {exc.strerror}") from None


def _enable_line_editing() -> None:
    """Arrow keys and history for ``input`` in a terminal, where readline exists."""
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401, PLC0415


__all__ = ["PlayClient", "QuitError", "play"]
