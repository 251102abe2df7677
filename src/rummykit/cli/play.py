"""``rummykit play okey``: play Okey in the terminal, seat 0 against bots.

The :class:`PlayClient` holds what only the client knows (the human's own ordering of the rack),
renders the table from the human's observation alone, dispatches the typed commands and lets the
bots play between the human's turns. It reads lines from a ``read_line`` function (``input`` by
default) and writes with a rich :class:`~rich.console.Console`, so it works the same in a terminal,
with commands piped on standard input, and in tests with a scripted input function.
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, TextIO

import typer
from rich.console import Console
from rich.text import Text

from rummykit.bots.base import Bot
from rummykit.bots.greedy import GreedyBot
from rummykit.bots.registry import make_bot, parse_bot_list
from rummykit.cli.errors import user_errors
from rummykit.core.melds import Meld, MeldKind, Wilds, validate_meld
from rummykit.core.notation import format_face, format_faces, parse_face
from rummykit.core.pieces import JOKER, Kind, rank_of, suit_of
from rummykit.engine.closed_hand import Phase
from rummykit.engine.game import Event, RoundResult
from rummykit.engine.hand_actions import HandAction, Verb
from rummykit.engine.records import RecordWriter
from rummykit.errors import IllegalActionError, MeldError, RummykitError
from rummykit.solvers.arrange import Arrangement
from rummykit.solvers.report import best_arrangement, finishes, whole_hand_kinds
from rummykit.variants.okey.rules import DiscardHistory, OkeyRules
from rummykit.variants.okey.state import OkeyGame, OkeyObservation
from rummykit.variants.registry import variant

HUMAN = 0
"""The human's seat."""
INTERRUPTED = 130
"""Exit code after Ctrl-C (128 + SIGINT, as shells do)."""
STUCK = 1
"""Exit code when the seat to move has no legal action although the match is not over."""

TILE_STYLES = ("bold red", "bold yellow", "bold bright_blue", "bold bright_white on grey23")
"""Red, yellow, blue, black; black tiles are white on a dark chip so they read on any background."""
JOKER_STYLE = "bold magenta"
OKEY_STYLE = "underline"
OKEY_MARK = "*"
DIM = "dim"
ERROR_STYLE = "bold red"
CELL = 4
"""Width of one rack cell: the longest tile (``Y13``) and the okey mark."""
PAIRS_SHOWN = 4
"""Adjacent pairs are bracketed (instead of melds) from this many on: a pairs hand in the making."""

TILE_PATTERN = re.compile(r"(?<![\w])([RYBK](?:1[0-3]|[1-9])|F)(?![\w])")

PHASE_PROMPTS = {
    Phase.OPENING: "discard or finish",
    Phase.DRAW: "draw or take",
    Phase.DISCARD: "discard or finish",
    Phase.LAST_CHANCE: "take to finish, or pass",
    Phase.FINISH_ONLY: "finish",
}

HELP = """\
commands
  draw                 take the top tile of the stock
  take                 take the tile the previous player just discarded
  discard R7  (d R7)   discard a tile
  finish R7            discard R7, lay down the other 14 (arranged for you)
  finish R7 : R1 R2 R3 | B5 Y5 K5 | ...   ...arranged your way
  show  (show R5)      first turn: show the indicator's twin, others lose
  pass                 stock empty: decline the last discard (void round)
  sort runs            melds side by side, runs first; the rest by colour
  sort sets            melds side by side, sets first; the rest by number
  sort pairs           pairs side by side, the rest by colour
  sort                 by colour and number
  move R7 3            move a tile (or: move 5 3, by position) to position 3
  hint                 best arrangement, suggested move, can you finish?
  table                show the table again
  help                 this list
  quit                 leave the game (asks first)
tiles: R red, Y yellow, B blue, K black, 1-13; F the false joker.
The okey is wild, marked * in your rack; brackets mark melds in your rack."""


class QuitError(Exception):
    """The human left the game (``quit`` confirmed, or end of input)."""


def tile_text(face: int, wilds: Wilds | None = None, mark: bool = False) -> Text:
    """A tile in its colour; an okey (with ``wilds``) underlined, and marked ``*`` when ``mark``."""
    name = format_face(Kind.TILES, face)
    style = JOKER_STYLE if face == JOKER else TILE_STYLES[suit_of(face)]
    wild = wilds is not None and wilds.is_wild(face)
    text = Text(name, style=f"{style} {OKEY_STYLE}" if wild else style)
    if wild and mark:
        text.append(OKEY_MARK, style=DIM)
    return text


def tiles_text(faces: Sequence[int], wilds: Wilds | None = None) -> Text:
    """Tiles in colour, space separated (``-`` for none)."""
    if not faces:
        return Text("-", style=DIM)
    return Text(" ").join(tile_text(f, wilds) for f in faces)


def colour_tiles(text: str) -> Text:
    """``text`` with every tile written in it (``R7``, ``F``) in its colour."""
    out = Text(text)
    for match in TILE_PATTERN.finditer(text):
        face = parse_face(Kind.TILES, match.group(1))
        style = JOKER_STYLE if face == JOKER else TILE_STYLES[suit_of(face)]
        out.stylize(style, match.start(1), match.end(1))
    return out


def colour_key(face: int) -> tuple[int, int]:
    """Sort key: colour, then number; the false joker last."""
    return (9, 0) if face == JOKER else (suit_of(face), rank_of(face))


def number_key(face: int) -> tuple[int, int]:
    """Sort key: number, then colour; the false joker last."""
    return (99, 0) if face == JOKER else (rank_of(face), suit_of(face))


def arrangement_words(arrangement: Arrangement, wilds: Wilds) -> list[Text]:
    """Melds (a wild's stand-in in brackets) separated by ``|``, then ``out:`` and the tiles left
    out, as pieces that a line may be folded between."""
    words = []
    for i, meld in enumerate(arrangement.melds):
        word = colour_tiles(meld.describe(Kind.TILES))
        if i < len(arrangement.melds) - 1:
            word.append(" |", style=DIM)
        words.append(word)
    if arrangement.ungrouped:
        words.append(Text("  out:" if arrangement.melds else "out:", style=DIM))
        words += [tile_text(f, wilds) for f in arrangement.ungrouped]
    return words


class PlayClient:
    """One human seat (0) against bots: the client's state, its rendering and its commands.

    ``order`` is the human's own ordering of the rack (faces): new tiles go to the right, and it is
    kept equal, as a multiset, to the rack of the observation after every action.
    """

    def __init__(
        self,
        game: OkeyGame,
        bots: Sequence[Bot | None],
        names: Sequence[str],
        console: Console,
        read_line: Callable[[str], str] = input,
        writer: RecordWriter | None = None,
        interactive: bool = False,
        echo_input: bool = False,
    ) -> None:
        self.game = game
        self.rules: OkeyRules = game.rules
        self.bots = list(bots)
        self.names = list(names)
        self.console = console
        self.read_line = read_line
        self.writer = writer
        self.interactive = interactive
        self.echo_input = echo_input
        self.profile = self.rules.hand_profile()
        self.meld_rules = self.rules.meld_rules()
        self.advisor = GreedyBot(self.rules)
        self.order: list[int] = []
        self.round_no = 0
        self.sync_rack()

    # ------------------------------------------------------------------ state
    @property
    def obs(self) -> OkeyObservation:
        """The human's observation now."""
        return self.game.observation(HUMAN)

    @property
    def wilds(self) -> Wilds:
        """The wilds of the round being played."""
        return self.rules.wilds(self.obs.indicator)

    def who(self, seat: int | None) -> str:
        """``seat 2 (greedy)``, or ``seat 0 (you)``."""
        if seat is None:
            return "the table"
        bot = self.bots[seat]
        return f"seat {seat} ({'you' if bot is None else bot.name})"

    def sync_rack(self) -> list[int]:
        """Bring ``order`` in line with the observed rack; return the faces that arrived.

        A new round starts from the rack sorted by colour and number. Otherwise tiles that left go
        from the right end of ``order`` first, and new tiles are appended at the right.
        """
        obs = self.obs
        if obs.round_no != self.round_no:
            self.round_no = obs.round_no
            self.order = sorted(obs.rack, key=colour_key)
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
        wilds = self.wilds
        events = self.game.apply(action)
        if self.writer is not None:
            self.writer.action(seat, self.game.action_text(action))
        if action.verb is Verb.FINISH and action.face is not None:
            line = Text(f"{self.who(seat)} finishes, discarding ")
            self.console.print(line.append_text(tile_text(action.face, wilds)))
        if seat == HUMAN and action.verb is Verb.DRAW:
            drawn = (Counter(self.obs.rack) - Counter(self.order)).elements()
            events = [Event(seat, f"draws {format_faces(Kind.TILES, drawn)} from the stock")]
        for event in events:
            self.show_event(event, wilds)
        if self.obs.round_no != self.round_no:
            self.pause(f"press Enter to start round {self.obs.round_no}")
        self.sync_rack()

    def show_event(self, event: Event, wilds: Wilds) -> None:
        """One line per event; a round's end in full."""
        if event.result is not None:
            self.render_round_end(event.result, wilds)
        elif event.seat is not None:
            text = event.text.removeprefix(f"seat {event.seat} ")
            self.console.print(Text(f"{self.who(event.seat)} ").append_text(colour_tiles(text)))

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
            elif verb in {v.value for v in Verb} or verb == "d":
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
        """A game action: ``draw``, ``take``, ``discard R7`` (``d R7``), ``finish ...``, ``show``,
        ``pass``."""
        words = line.split()
        verb = words[0].lower()
        if verb == "d":
            line = "discard " + line.strip()[1:]
        elif verb == "show" and len(words) == 1 and ":" not in line:
            line = f"show {format_face(Kind.TILES, self.obs.indicator)}"
        action = self.game.parse_action(line)
        if action.verb is Verb.SHOW and action.face != self.obs.indicator:
            name = format_face(Kind.TILES, self.obs.indicator)
            raise IllegalActionError(f"the indicator is {name}: only its twin can be shown (show {name})")
        self.perform(HUMAN, action)
        if not self.game.is_terminal() and self.game.current_seat == HUMAN:
            if action.verb in (Verb.DRAW, Verb.TAKE, Verb.SHOW):
                self.render_rack()
            else:
                self.render_table()

    def cmd_sort(self, args: list[str]) -> None:
        """``sort runs|sets|pairs`` (melds side by side, the rest at the right) or ``sort``."""
        how = args[0].lower() if args else "colours"
        if len(args) > 1 or how not in ("runs", "sets", "pairs", "colours", "colors"):
            raise RummykitError("write sort runs, sort sets, sort pairs or sort")
        self.order = self.sorted_rack(how)
        self.render_rack()

    def sorted_rack(self, how: str) -> list[int]:
        """The rack arranged ``how``: ``runs``/``sets`` (the solver's best melds, runs or sets
        first, the rest by colour or by number), ``pairs`` (the most pairs), else by colour."""
        rack, wilds = list(self.order), self.wilds
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
        """``move R7 3`` or ``move 5 3``: move a tile to a position of the rack (1-based)."""
        if len(args) != 2 or not args[1].isdigit():
            raise RummykitError("write move R7 3 (a tile, or its position, then the new position)")
        size = len(self.order)
        if args[0].isdigit():
            index = int(args[0]) - 1
            if not 0 <= index < size:
                raise RummykitError(f"there is no position {args[0]}: the rack has 1..{size}")
        else:
            face = parse_face(Kind.TILES, args[0])
            if face not in self.order:
                raise IllegalActionError(f"you don't hold {format_face(Kind.TILES, face)}")
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
        lines: list[Text] = []
        if any(a.verb is Verb.SHOW for a in legal):
            name = format_face(Kind.TILES, obs.indicator)
            lines.append(colour_tiles(f"you may show {name} (the indicator's twin): the others lose points"))
        if obs.phase in (Phase.DRAW, Phase.LAST_CHANCE):
            lines += self.hint_before_drawing(rack, obs.takeable, wilds, obs.phase)
        elif finish_faces:
            best = max(finish_faces, key=lambda f: self.finish_value(rack, f, wilds))
            rest = list(rack)
            rest.remove(best)
            kinds = ", ".join(self.finish_words(rest, best, wilds))
            lines.append(colour_tiles(f"you can finish: finish {format_face(Kind.TILES, best)} ({kinds})"))
            lines += self.arrangement_lines(rest, wilds)
        else:
            choices = [a.face for a in legal if a.verb is Verb.DISCARD and a.face is not None]
            left, face = self.advisor.best_discard(rack, wilds, choices)
            rest = list(rack)
            rest.remove(face)
            name = format_face(Kind.TILES, face)
            lines.append(
                colour_tiles(
                    f"hint: discard {name} (leaves {left} tile{'' if left == 1 else 's'} out of melds)"
                )
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
            name = format_face(Kind.TILES, takeable)
            wins = finishes(self.profile, [*rack, takeable], wilds)
            if wins:
                ends = " or ".join(f"finish {format_face(Kind.TILES, f)}" for f in wins)
                lines.append(colour_tiles(f"hint: take {name}, then {ends}"))
                return lines
            with_take, _ = self.advisor.best_discard([*rack, takeable], wilds, rack)
            if with_take < now:
                plural = "" if with_take == 1 else "s"
                lines.append(colour_tiles(f"hint: take {name} (then {with_take} tile{plural} out of melds)"))
                return lines
        if phase is Phase.LAST_CHANCE:
            lines.append(Text("hint: pass"))
        else:
            lines.append(Text("hint: draw from the stock"))
        return lines

    def finish_words(self, rest: list[int], face: int, wilds: Wilds) -> list[str]:
        """How the 14 ``rest`` lay down after finishing with ``face``: pairs/melds, okey."""
        kinds = [str(k) for k in whole_hand_kinds(self.profile, rest, wilds)]
        if wilds.is_wild(face):
            kinds.append("okey finish")
        return kinds

    def finish_value(self, rack: list[int], face: int, wilds: Wilds) -> int:
        """Weight of a finish like the engine's scoring: pairs and okey finishes double."""
        rest = list(rack)
        rest.remove(face)
        words = self.finish_words(rest, face, wilds)
        return (2 if "pairs" in words else 1) * (2 if "okey finish" in words else 1)

    def arrangement_lines(self, faces: list[int], wilds: Wilds) -> list[Text]:
        """``best: <melds> out: <tiles>`` for ``faces``."""
        arrangement = best_arrangement(self.profile, faces, wilds)
        return self.hanging("best: ", arrangement_words(arrangement, wilds))

    def cmd_help(self, args: list[str]) -> None:
        """The command list."""
        self.console.print(colour_tiles(HELP))

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
    def render_table(self) -> None:
        """Everything the human may see: round, dealer, stock, indicator, scores, piles, rack."""
        obs, wilds = self.obs, self.wilds
        if obs.to_move is None:
            return
        self.console.print()
        title = f"Okey · round {obs.round_no} · dealer {self.who(obs.dealer)} · stock {obs.stock_count}"
        self.console.rule(title, style=DIM)
        okey_line = Text("indicator ").append_text(tile_text(obs.indicator))
        okey_line.append("   okey ").append_text(tile_text(obs.okey, wilds))
        okey_line.append(f" (wild, marked {OKEY_MARK} in your rack)", style=DIM)
        if wilds.is_wild(JOKER):
            okey_line.append("   ").append_text(tile_text(JOKER)).append(" wild too", style=DIM)
        else:
            okey_line.append("   ").append_text(tile_text(JOKER)).append(" = ")
            okey_line.append_text(tile_text(obs.okey)).append(" (not wild)", style=DIM)
        self.console.print(okey_line)
        scores = Text("scores    ")
        for seat, score in enumerate(obs.scores):
            if seat:
                scores.append(" · ", style=DIM)
            scores.append(f"{self.names[seat]} {score}", style="bold" if seat == HUMAN else "")
        self.console.print(scores)
        top_only = self.rules.discard_history is DiscardHistory.TOP_ONLY
        self.console.print(Text("discards" + (" (top only)" if top_only else ""), style=DIM))
        width = max(len(self.who(s)) for s in range(obs.players))
        for seat in range(obs.players):
            words = [tile_text(f, wilds) for f in obs.discards[seat]] or [Text("-", style=DIM)]
            if obs.takeable is not None and obs.to_move == HUMAN and seat == self.game.previous_seat():
                words.append(Text(" ← you may take ", style=DIM).append_text(tile_text(obs.takeable, wilds)))
            prefix = f"  {self.who(seat):<{width}}  {obs.rack_counts[seat]:>2} tiles  "
            for line in self.hanging(prefix, words):
                self.console.print(line)
        self.render_rack()
        self.console.print(self.turn_line(obs))

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

    def turn_line(self, obs: OkeyObservation) -> Text:
        """Whose turn it is and what they may do."""
        if obs.to_move != HUMAN:
            return Text(f"turn: {self.who(obs.to_move)}")
        line = Text("your turn: ", style="bold")
        if obs.phase is Phase.OPENING:
            line.append("you start: discard a tile (no draw) or finish")
        elif obs.phase is Phase.DRAW:
            line.append("draw from the stock")
            if obs.takeable is not None:
                line.append(" or take ").append_text(tile_text(obs.takeable, self.wilds))
        elif obs.phase is Phase.LAST_CHANCE:
            line.append("the stock is empty: take the last discard to finish, or pass")
        else:
            line.append(PHASE_PROMPTS.get(obs.phase, ""))
        if obs.first_turn and any(a.verb is Verb.SHOW for a in self.game.legal_actions()):
            line.append(" · you may show ").append_text(tile_text(obs.indicator))
        return line

    def render_rack(self) -> None:
        """The rack in the human's order: positions, tiles, and a bracket under each meld; folded
        into several rows on a narrow terminal."""
        wilds, size = self.wilds, len(self.order)
        self.console.print(Text(f"your rack ({size})", style=DIM))
        groups = self.rack_groups()
        per_row = size if self.console.soft_wrap else max(1, (self.console.width - 2) // (CELL + 1))
        for first in range(0, size, max(per_row, 1)):
            last = min(first + per_row, size)
            numbers = Text("  ", style=DIM)
            tiles = Text("  ")
            for i in range(first, last):
                numbers.append(f"{i + 1:<{CELL + 1}}")
                cell = tile_text(self.order[i], wilds, mark=True)
                tiles.append_text(cell)
                tiles.append(" " * (CELL + 1 - cell.cell_len))
            numbers.rstrip()
            tiles.rstrip()
            self.console.print(numbers)
            self.console.print(tiles)
            marks = self.bracket_row(groups, first, last)
            if marks is not None:
                self.console.print(marks)

    def bracket_row(self, groups: list[tuple[int, int]], first: int, last: int) -> Text | None:
        """The brackets under rack positions ``[first, last)``: ``└───┘`` under each group (open
        where a group goes on in the row before or after); ``None`` when there are none."""
        marks = Text("  ", style=DIM)
        for start, end in groups:
            lo, hi = max(start, first), min(end, last)
            if lo >= hi:
                continue
            marks.append(" " * (2 + (lo - first) * (CELL + 1) - marks.cell_len))
            tail = len(format_face(Kind.TILES, self.order[hi - 1])) if hi == end else CELL + 1
            width = (hi - 1 - lo) * (CELL + 1) + tail
            left = "└" if lo == start else "─"
            right = "┘" if hi == end else "─"
            marks.append(left + "─" * (width - 2) + right)
        return marks if marks.cell_len > 2 else None

    def rack_groups(self) -> list[tuple[int, int]]:
        """Runs of adjacent rack positions ``[start, end)`` forming melds (or pairs, whichever
        covers more tiles), chosen to cover as many tiles as possible."""
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

    def render_round_end(self, result: RoundResult, wilds: Wilds) -> None:
        """All hands, the explanation of the score change, the deltas and the new scores."""
        self.console.print()
        self.console.rule(f"round {result.round_no} over", style=DIM)
        for line in result.explanation:
            self.console.print(line)
        width = max(len(self.who(s)) for s in range(len(result.hands)))
        for seat, hand in enumerate(result.hands):
            arrangement = best_arrangement(self.profile, list(hand), wilds)
            for row in self.hanging(f"  {self.who(seat):<{width}}  ", arrangement_words(arrangement, wilds)):
                self.console.print(row)
        change = Text("score change  ")
        scores = Text("scores now    ")
        totals = self.obs.scores
        for seat, delta in enumerate(result.deltas):
            sep = " · " if seat else ""
            change.append(sep, style=DIM).append(f"{self.names[seat]} {delta:+d}")
            scores.append(sep, style=DIM).append(f"{self.names[seat]} {totals[seat]}")
        self.console.print(change)
        self.console.print(scores)

    def render_match_end(self) -> None:
        """Final scores and the winner(s)."""
        outcome = self.game.outcome()
        if outcome is None:
            return
        self.console.print()
        self.console.rule("match over", style=DIM)
        width = max(len(self.who(s)) for s in range(len(outcome.scores)))
        for seat, score in enumerate(outcome.scores):
            mark = "  ← winner" if seat in outcome.winners else ""
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
    game: Annotated[str, typer.Argument(help="The game to play: okey")],
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
        bool | None, typer.Option("--color/--no-color", help="Colour tiles (default: on a terminal)")
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
        if not isinstance(match, OkeyGame):
            raise RummykitError(f"{info.title} can't be played in the terminal yet; play okey")
        names = parse_bot_list(bots or "greedy", rules.players - 1)
        seats: list[Bot | None] = [None]
        seats += [make_bot(n, info.name, rules, seed * 10 + s) for s, n in enumerate(names, start=1)]
        seat_names = ["you", *(f"{n}-{s}" for s, n in enumerate(names, start=1))]
        stream = _open_record(record)
    console = make_console(use_colour(color, sys.stdout), sys.stdout.isatty())
    console.print(f"Okey, {rules.players} players · seed {seed} (replay this deal with --seed {seed})")
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
