"""``rummykit play``: play in the terminal, seat 0 against bots.

One client serves both closed-hand games (Okey, Turkish Rummy). :class:`PlayClient` renders the
table from the human's :class:`~rummykit.engine.closed_hand.ClosedHandObservation` alone,
dispatches the typed commands (the game's :class:`~rummykit.engine.hand_actions.HandAction` and the
client's own: hint, ...) and shows what happened. What differs between the games (the pieces' look,
the indicator or the up card and the order-of-play draw, per-seat or shared discard piles, the
wording, ``show``) comes from a :class:`~rummykit.cli.table_view.TableView`. The loop, the input,
the rack in the human's order (``sort``, ``move``) and the layout helpers are shared with the table
games' clients (:mod:`rummykit.cli.table_play`: Kalooki and Carousel) through
:class:`~rummykit.cli.terminal.TerminalClient`.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.text import Text

from rummykit.bots.greedy import GreedyBot
from rummykit.bots.registry import make_bot, parse_bot_list
from rummykit.cli.errors import user_errors
from rummykit.cli.table_play import table_client
from rummykit.cli.table_view import DIM, ObsT, TableView, view_for
from rummykit.cli.terminal import (
    HUMAN,
    QuitError,
    TerminalClient,
    default_bot,
    enable_line_editing,
    make_console,
    open_record,
    use_colour,
)
from rummykit.core.melds import Wilds
from rummykit.core.notation import format_faces
from rummykit.engine.closed_hand import ClosedHandGame, Phase
from rummykit.engine.game import Event, RoundResult
from rummykit.engine.hand_actions import HandAction, Verb
from rummykit.engine.match import Bot
from rummykit.engine.records import RecordWriter
from rummykit.solvers.arrange import Arrangement
from rummykit.solvers.report import HandProfile, best_arrangement, finishes, whole_hand_kinds
from rummykit.variants.registry import variant

PHASE_PROMPTS = {
    Phase.OPENING: "discard or finish",
    Phase.DRAW: "draw or take",
    Phase.DISCARD: "discard or finish",
    Phase.LAST_CHANCE: "take to finish, or pass",
    Phase.FINISH_ONLY: "finish",
}


class PlayClient(TerminalClient[ClosedHandGame[ObsT], ObsT]):
    """One human seat (0) against bots in a closed-hand game: its rendering and its commands.

    ``order`` is the human's own ordering of the rack (see
    :class:`~rummykit.cli.terminal.TerminalClient`). ``view`` draws the game's own parts (by
    default the view of ``game`` for ``console``).
    """

    view: TableView[ObsT]

    # ------------------------------------------------------------------ state
    def default_view(self) -> TableView[Any]:
        """The view of the game for the console."""
        return view_for(self.game, self.console)

    def setup(self) -> None:
        """The greedy bot that gives the hints."""
        self.advisor = GreedyBot(self.view.rules)

    def hand_profile(self) -> HandProfile:
        """The game's solver profile."""
        return self.game.solver_profile

    @property
    def held(self) -> Sequence[int]:
        """The rack."""
        return self.obs.rack

    @property
    def wilds(self) -> Wilds:
        """The wilds of the round being played."""
        return self.obs.wilds

    def prompt_text(self) -> str:
        """``you (draw or take) > ``."""
        return f"you ({PHASE_PROMPTS.get(self.obs.phase, '?')}) > "

    def extra_commands(self) -> dict[str, Callable[[list[str]], None]]:
        """``hint``."""
        return {"hint": self.cmd_hint}

    def is_action(self, verb: str) -> bool:
        """The game's verbs, and ``d`` for discard."""
        return verb in {v.value for v in self.game.verbs} or verb == "d"

    def help_text(self) -> str:
        """The view's command list."""
        return self.view.help_text()

    # ------------------------------------------------------------------ the game loop
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

    # ------------------------------------------------------------------ commands
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

    # ------------------------------------------------------------------ rendering
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

    def render_round_end(self, result: RoundResult) -> None:
        """The finishing discard, then the explanation of the score change, all hands (each at its
        best arrangement), the changes and the new totals (from ``result`` and the observation only)."""
        if result.winner is not None and result.finishing_discard is not None:
            piece = self.view.piece(result.finishing_discard, self.round_wilds(result))
            self.console.print(Text(f"{self.who(result.winner)} finishes, discarding ").append_text(piece))
        super().render_round_end(result)

    def round_end_hand(self, seat: int, hand: Sequence[int], result: RoundResult) -> list[Text]:
        """The winner's melds as laid down; any other hand at its best arrangement."""
        wilds = self.round_wilds(result)
        if seat == result.winner and result.laid:
            return self.arrangement_words(Arrangement(result.laid, (), 0), wilds)
        return self.arrangement_words(best_arrangement(self.profile, list(hand), wilds), wilds)

    def round_wilds(self, result: RoundResult) -> Wilds:
        """The wilds of the round that ended."""
        return result.wilds if result.wilds is not None else self.wilds


def play(
    game: Annotated[str, typer.Argument(help="The game to play: okey, turkish_rummy, kalooki or carousel")],
    bots: Annotated[
        str | None,
        typer.Option(help="Bots for the other seats, e.g. greedy,random,greedy (one name: every seat)"),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the deal (default: from the clock)")] = None,
    rule: Annotated[list[str] | None, typer.Option(help="Override a rules option: name=value")] = None,
    preset: Annotated[Path | None, typer.Option(help="A TOML preset file of rules options")] = None,
    players: Annotated[
        int | None, typer.Option(help="Number of players: 2-4 (Kalooki 2-6, Carousel 2-5); rule players=N")
    ] = None,
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
        names = parse_bot_list(bots or default_bot(info.name, rules), rules.players - 1)
        seats: list[Bot | None] = [None]
        seats += [make_bot(n, info.name, rules, seed * 10 + s) for s, n in enumerate(names, start=1)]
        seat_names = ["you", *(f"{n}-{s}" for s, n in enumerate(names, start=1))]
        console = make_console(use_colour(color, sys.stdout), sys.stdout.isatty())
        interactive = sys.stdin.isatty()
        client: TerminalClient[Any, Any]
        if isinstance(match, ClosedHandGame):
            client = PlayClient(
                match, seats, seat_names, console, input, interactive=interactive, echo_input=not interactive
            )
        else:
            client = table_client(match, seats, seat_names, console, input, interactive)
        stream = open_record(record)
    sep = client.view.glyphs.sep
    console.print(
        f"{info.title}, {rules.players} players{sep}seed {seed} (replay this deal with --seed {seed})"
    )
    console.print("you are seat 0; type help for the commands", style=DIM)
    if interactive:
        enable_line_editing()
    try:
        if stream is not None:
            client.writer = RecordWriter(stream, match, rules, seat_names)
        code = client.run()
    finally:
        if stream is not None:
            stream.close()
    if record is not None:
        console.print(f"record written to {record}", style=DIM)
    raise typer.Exit(code)


__all__ = ["HUMAN", "PlayClient", "QuitError", "play"]
