"""``rummykit play``: play in the terminal, seat 0 against bots.

One client serves both closed-hand games (Okey, Turkish Rummy). :class:`PlayClient` renders the
table from the human's :class:`~rummykit.variants.closed_hand.game.ClosedHandObservation` alone,
dispatches the typed commands (the game's :class:`~rummykit.variants.closed_hand.actions.HandAction` and the
client's own: hint, ...) and shows what happened. What differs between the games (the pieces' look,
the indicator or the up card and the order-of-play draw, per-seat or shared discard piles, the
wording, ``show``) comes from a :class:`~rummykit.cli.table_view.TableView`. The loop, the input,
the rack in the human's order (``sort``, ``move``) and the layout helpers are shared with the table
games' clients (:mod:`rummykit.cli.table_play`: Kalooki and Carousel) through
:class:`~rummykit.cli.terminal.TerminalClient`.
"""

from __future__ import annotations

import io
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any, TextIO

import typer
from rich.text import Text

from rummykit.bots.registry import make_bot, parse_bot_list
from rummykit.cli.errors import user_errors
from rummykit.cli.seat_link import LocalLink
from rummykit.cli.table_play import table_client
from rummykit.cli.table_view import DIM, TableView, view_for, wilds_of
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
from rummykit.core.pieces import JOKER
from rummykit.engine.game import RoundResult
from rummykit.engine.match import Bot
from rummykit.engine.options import parse_overrides
from rummykit.engine.records import RecordWriter
from rummykit.errors import RulesError, RummykitError
from rummykit.messages import render
from rummykit.session import ClosedHandHint, Move, closed_hand_hint, round_result
from rummykit.solvers.arrange import Arrangement
from rummykit.solvers.report import best_arrangement
from rummykit.variants.closed_hand.actions import HandAction, Verb
from rummykit.variants.closed_hand.game import ClosedHandGame
from rummykit.variants.closed_hand.state import Phase
from rummykit.variants.registry import variant

PHASE_PROMPTS = {
    Phase.OPENING: "discard or finish",
    Phase.DRAW: "draw or take",
    Phase.DISCARD: "discard or finish",
    Phase.LAST_CHANCE: "take to finish, or pass",
    Phase.FINISH_ONLY: "finish",
}
SILENT = frozenset({"finished", "passed", "match_over"})
"""Events told otherwise: a finish by the round's end (with its discard), a pass and the match's end
by the round's end and the final scores."""


class PlayClient(TerminalClient[ClosedHandGame[Any]]):
    """One human seat (0) against bots in a closed-hand game: its rendering and its commands.

    Everything shown comes from the human's session (observation, legal actions, rack order, events;
    see :class:`~rummykit.cli.terminal.TerminalClient`). ``view`` draws the game's own parts (by
    default the view of ``game`` for ``console``).
    """

    view: TableView

    # ------------------------------------------------------------------ state
    def default_view(self) -> TableView:
        """The view of the game for the console."""
        return view_for(self.game, self.console)

    @property
    def phase(self) -> Phase:
        """The phase of the turn now."""
        return Phase(self.obs["phase"])

    @property
    def wilds(self) -> Wilds:
        """The wilds of the round being played."""
        return wilds_of(self.obs)

    def prompt_text(self) -> str:
        """``you (draw or take) > ``."""
        return f"you ({PHASE_PROMPTS.get(self.phase, '?')}) > "

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
    def shown(
        self, seat: int, action: HandAction, before: dict[str, Any], events: list[dict[str, Any]]
    ) -> None:
        """The events one line each; at a new round, wait for Enter in a terminal."""
        for event in events:
            self.show_event(event)
        if self.session.round_no != before["round"] and not self.is_over():
            self.pause(f"press Enter to start round {self.session.round_no}")

    def show_event(self, event: dict[str, Any]) -> None:
        """One line per event (the human's draw names the piece); a round's end in full."""
        result = round_result(event)
        if result is not None:
            self.render_round_end(result)
            return
        seat, code, params = event["seat"], event["code"], event["params"]
        if seat is None or code in SILENT:
            return
        text = render(code, params)
        if code == "drew" and "piece" in params:
            text = f"draws {params['piece']} from the stock"
        self.console.print(Text(f"{self.who(seat)} ").append_text(self.view.colour_text(text)))

    # ------------------------------------------------------------------ commands
    def cmd_action(self, line: str) -> None:
        """A game action: ``draw``, ``take``, ``discard R7`` (``d R7``), ``finish ...``, ``pass``,
        and Okey's ``show``."""
        if line.split(maxsplit=1)[0].lower() == "d":
            line = "discard " + line.strip()[1:]
        action = self.game.parse_action(self.view.prepare_action(line, self.obs))
        self.perform(action)
        if self.to_move() == self.seat:
            if action.verb in (Verb.DRAW, Verb.TAKE, Verb.SHOW):
                self.render_rack()
            else:
                self.render_table()

    def hint(self) -> ClosedHandHint:
        """The session's hint for the rack now (:func:`rummykit.session.closed_hand_hint`)."""
        legal: list[HandAction] = self.session.legal
        finishes = [a.face for a in legal if a.verb is Verb.FINISH and a.face is not None]
        discards = [a.face for a in legal if a.verb is Verb.DISCARD and a.face is not None]
        show = self.obs.get("indicator") if self.session.can("show") else None
        return closed_hand_hint(
            self.profile,
            self.order,
            self.wilds,
            self.obs["takeable"],
            self.session.choices(),
            finishes,
            discards,
            show,
        )

    def cmd_hint(self, args: list[str]) -> None:
        """Best arrangement, the suggested move and any finish (the greedy bot's judgement)."""
        hint, wilds = self.hint(), self.wilds
        lines: list[Text] = self.view.hint_extra(self.obs, hint.show is not None)
        arrangement = self.hanging("best: ", self.arrangement_words(hint.arrangement, wilds))
        pieces = f"{self.noun}{'' if hint.left_out == 1 else 's'}"
        name = self.name(hint.piece) if hint.piece is not None else ""
        if hint.move is Move.TAKE_TO_FINISH:
            ends = " or ".join(f"finish {self.name(f)}" for f in hint.finishes)
            lines += [*arrangement, self.view.command(f"hint: take {name}, then {ends}")]
        elif hint.move is Move.TAKE:
            lines += arrangement
            lines.append(self.view.command(f"hint: take {name} (then {hint.left_out} {pieces} out of melds)"))
        elif hint.move is Move.PASS:
            lines += [*arrangement, Text("hint: pass")]
        elif hint.move is Move.DRAW:
            lines += [*arrangement, Text("hint: draw from the stock")]
        elif hint.move is Move.FINISH:
            kinds = ", ".join(self.view.wild_finish if k == "wild" else k for k in hint.kinds)
            lines.append(self.view.command(f"you can finish: finish {name} ({kinds})"))
            lines += arrangement
        else:
            lines.append(
                self.view.command(f"hint: discard {name} (leaves {hint.left_out} {pieces} out of melds)")
            )
            lines += [*arrangement, Text("no finish yet", style=DIM)]
        for line in lines:
            self.console.print(line)

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
        if obs["to_move"] is None:
            return
        sep = view.glyphs.sep
        self.console.print()
        title = [view.title, f"round {obs['round']}"]
        if obs["dealer"] is not None:
            title.append(f"dealer {self.who(obs['dealer'])}")
        title.append(f"stock {obs['stock_count']}")
        self.rule(sep.join(title))
        for prefix, words in view.header_rows(obs, self.who):
            self.print_rows(self.hanging(prefix, words))
        label = f"{view.scores_label:<8}  "
        self.console.print(self.scores_line(label, obs["scores"], signed=False))
        for prefix, words in view.pile_rows(obs, self.who):
            self.print_rows(self.hanging(prefix, words))
        self.render_rack()
        self.console.print(self.turn_line())

    def turn_line(self) -> Text:
        """Whose turn it is and what they may do."""
        obs, phase = self.obs, self.phase
        if obs["to_move"] != self.seat:
            return Text(f"turn: {self.who(obs['to_move'])}")
        line = Text("your turn: ", style="bold")
        if phase is Phase.OPENING:
            line.append(f"you start: discard a {self.noun} (no draw) or finish")
        elif phase is Phase.DRAW:
            line.append("draw from the stock")
            if obs["takeable"] is not None:
                line.append(" or take ").append_text(self.view.piece(obs["takeable"], self.wilds))
        elif phase is Phase.LAST_CHANCE:
            line.append("the stock is empty: take the last discard to finish, or pass")
        else:
            line.append(PHASE_PROMPTS.get(phase, ""))
        extra = self.view.turn_extra(obs, self.session.can("show"))
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
        """The wilds of the round that ended: its wild faces; a joker face that is not wild stands
        for the one wild face (Okey's false joker), as in :func:`rummykit.core.melds.okey_wilds`."""
        if not result.wilds:
            return self.wilds
        faces = frozenset(result.wilds)
        naturals = sorted(faces - {JOKER})
        stands = naturals[0] if JOKER not in faces and len(naturals) == 1 else None
        return Wilds(faces, stands)


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
    position: Annotated[
        str | None,
        typer.Option(help="Start from this position text (the game's one-line notation) instead of a deal"),
    ] = None,
) -> None:
    """Play a match in the terminal against bots (you are seat 0); type help for the commands."""
    with user_errors():
        if position is not None and (seed is not None or record is not None):
            raise RummykitError(
                "--position starts from a position, not from a deal: give it without --seed and --record"
            )
        info = variant(game)
        overrides = list(rule or [])
        if players is not None:
            given = parse_overrides(overrides).get("players")
            if given is not None and given.strip() != str(players):
                raise RulesError(
                    f"--players {players} and --rule players={given.strip()[:20]} disagree: give one of them"
                )
            overrides.append(f"players={players}")
        rules = info.load_rules(preset, overrides)
        match = info.game(rules)
        if isinstance(match, ClosedHandGame):
            match = info.game(rules, reveal_hands=True)
        if position is not None:
            state = match.from_position(position)
            seed = state.seed
        else:
            if seed is None:
                seed = time.time_ns() // 1000 % 1_000_000
            state = match.new_state(seed)
        names = parse_bot_list(bots or default_bot(match), rules.players - 1)
        seats: list[Bot | None] = [None]
        seats += [make_bot(n, match, seed * 10 + s) for s, n in enumerate(names, start=1)]
        seat_names = ["you", *(f"{n}-{s}" for s, n in enumerate(names, start=1))]
        console = make_console(use_colour(color, sys.stdout), sys.stdout.isatty())
        interactive = sys.stdin.isatty()
        keep_bytes(sys.stdin)
        link = LocalLink(match, state, seats, seat_names, HUMAN)
        client: TerminalClient[Any]
        if isinstance(match, ClosedHandGame):
            client = PlayClient(link, console, input, interactive=interactive, echo_input=not interactive)
        else:
            client = table_client(link, console, input, interactive)
        stream = open_record(record)
    sep = client.view.glyphs.sep
    start = "from the given position" if position is not None else f"replay this deal with --seed {seed}"
    console.print(f"{info.title}, {rules.players} players{sep}seed {seed} ({start})")
    console.print("you are seat 0; type help for the commands", style=DIM)
    if interactive:
        enable_line_editing()
    try:
        if stream is not None:
            link.writer = RecordWriter(stream, match, state, seat_names)
        code = client.run()
    finally:
        if stream is not None:
            stream.close()
    if record is not None:
        console.print(f"record written to {record}", style=DIM)
    raise typer.Exit(code)


def keep_bytes(stream: TextIO) -> None:
    """Read bytes that are not UTF-8 without failing (as lone surrogates, which messages show as
    ``\\xff``), where ``stream`` can be reconfigured."""
    if isinstance(stream, io.TextIOWrapper):
        stream.reconfigure(errors="surrogateescape")


__all__ = ["HUMAN", "PlayClient", "QuitError", "play"]
