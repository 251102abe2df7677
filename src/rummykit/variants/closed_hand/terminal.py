"""The terminal client of the closed-hand games (Okey, Turkish Rummy): one human seat against bots
(``rummykit play``) or at a server's table (``rummykit connect``).

:class:`PlayClient` renders the table from the human's observation alone (the dict of
:meth:`ClosedHandGame.observe <rummykit.variants.closed_hand.game.ClosedHandGame.observe>`),
dispatches the typed commands (the game's actions and the client's own: hint, ...) and shows what
happened. What differs between the games comes from a :class:`ClosedHandView` in the game's own
``terminal`` module: how a piece looks (coloured tiles or cards), the lines above the scores
(Okey's indicator and okey; Turkish Rummy's order-of-play draw and up card), the discard piles (one
per seat, or one shared pile), the words (tiles or cards, scores or penalties), the help text, and
Okey's ``show`` (typed alone: the indicator's twin). The loop, the input, the rack in the human's
order (``sort``, ``move``) and the layout helpers are shared with every game's client through
:class:`~rummykit.cli.terminal.TerminalClient`.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import Any

from rich.text import Text

from rummykit.cli.table_view import DIM, Glyphs, Obs, PieceView, Row, Who
from rummykit.cli.terminal import TerminalClient, read_typed
from rummykit.core.melds import Wilds
from rummykit.core.pieces import JOKER
from rummykit.engine.game import RoundResult
from rummykit.messages import render
from rummykit.session import round_result
from rummykit.solvers.arrange import Arrangement
from rummykit.solvers.report import best_arrangement
from rummykit.variants.closed_hand.actions import HandAction, Verb
from rummykit.variants.closed_hand.assist import ClosedHandHint, Move, closed_hand_hint
from rummykit.variants.closed_hand.game import ClosedHandGame
from rummykit.variants.closed_hand.state import Phase


class ClosedHandView(PieceView):
    """What the closed-hand client draws differently for one game (module docstring): a
    :class:`PieceView` with the game's ``rules``, title and table lines."""

    title: str
    """The game's name in the title line."""
    wild_finish: str
    """How a finish discarding a wild is called in hints."""

    def __init__(self, rules: Any, glyphs: Glyphs) -> None:
        super().__init__(glyphs)
        self.rules = rules

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

    view: ClosedHandView

    # ------------------------------------------------------------------ state
    @abstractmethod
    def default_view(self) -> ClosedHandView:
        """The game's view for the console."""

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
        action = read_typed(
            line, lambda text: self.game.parse_action(self.view.prepare_action(text, self.obs))
        )
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
