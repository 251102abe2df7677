"""``rummykit play carousel``: Carousel in the terminal, seat 0 against bots (``carousel.md``).

A Carousel meld hands in a whole new table. The client keeps a *draft* of it
(:class:`~rummykit.cli.carousel_draft.Draft`) that the player builds with small commands: ``new``
(a meld from the hand), ``add`` (hand cards to a meld), ``split`` (a meld in two), ``move`` (cards
between melds), ``replace`` (a joker by its real card; the joker then waits to be placed again),
``show`` (the table as it would be, each meld marked valid or not), ``undo``, ``reset`` and
``commit`` (the whole draft as one ``meld`` action, which the engine checks: a refusal is explained
and the draft stays for correction). ``hint`` shows the table solver's best new table, the points it
leaves and whether a knock would follow; ``hint use`` loads it into the draft. ``draw``, ``knock``,
``end`` and a typed ``meld <table>`` are the engine's actions.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from rich.text import Text

from rummykit.cli.carousel_draft import Card, Draft, check_meld, meld_cards
from rummykit.cli.table_common import BAD_STYLE, OK_STYLE, TableClient
from rummykit.cli.table_view import DIM
from rummykit.cli.terminal import HUMAN
from rummykit.core.melds import CAROUSEL_VALUES, Meld, MeldKind
from rummykit.core.notation import parse_declared, parse_face
from rummykit.core.pieces import JOKER, Kind
from rummykit.engine.game import Event, RoundResult
from rummykit.engine.table import MeldView
from rummykit.errors import IllegalActionError, RummykitError
from rummykit.solvers.rearrange import TableSolver
from rummykit.variants.carousel.actions import CarouselAction, CVerb
from rummykit.variants.carousel.rules import CarouselRules
from rummykit.variants.carousel.state import MAX_DRAWS, CarouselGame, CarouselObservation

KINDS = {MeldKind.RUN: "sequence", MeldKind.SET: "group"}

HELP = """\
commands
  draw                 draw a card (up to three a turn; meld after any)
  new 7H 7D 7C         draft: a new meld from your hand (a joker: JK[7S])
  add 3 8H             draft: add cards from your hand to meld 3 (or JK[9H])
  split 3 8H           draft: cut meld 3 before 8H into two melds
  move 2 5H 4          draft: move cards from meld 2 to meld 4 (or to new)
  replace 4 5H         draft: 5H from your hand replaces meld 4's JK[5H]
  replace 4 5H from 2  draft: ... the 5H of meld 2 does; then place the joker
  show  (draft)        the table as it would be, each meld marked valid or not
  undo                 take back the last draft step
  reset                back to the table as it is
  commit               play the draft as your meld (one meld a turn)
  meld 4H 5H 6H | ...  or type the whole new table yourself
  end                  end your turn (after a meld, or after the third draw)
  knock                end the round: {knock_max} points or less in hand{after_meld}
  hint                 the solver's best table and the points it leaves
  hint use             put the solver's table in your draft
  sort                 by suit; sort rank, sort runs, sort sets (melds first)
  move 7H 3            move a card (or: move 5 3, by position) to position 3
  table                show the table again
  help                 this list
  quit                 leave the game (asks first)
melds: groups (3 or 4 of a rank, no suit twice), sequences (3+ of a suit).
A joker keeps its declared card on the table until its real card frees it.
points in hand: JK 25, J Q K 10, A 1, the others their pips; lowest wins.
cards: A 2-9 T J Q K (T is ten) and S H D C{symbols}; JK the joker.
JK is wild, marked * in your hand; brackets mark melds in your hand."""


def table_cards(table: Sequence[MeldView]) -> list[list[Card]]:
    """The observed table as melds of (face, declared) cards."""
    return [
        [(f, s if f == JOKER else None) for f, s in zip(m.faces, m.stands_for, strict=True)] for m in table
    ]


class CarouselClient(TableClient[CarouselGame, CarouselObservation]):
    """One human seat (0) against bots in a Carousel match, with a draft of the new table."""

    change_label = "this round"
    total_label = "scores now"

    rules: CarouselRules

    def setup(self) -> None:
        """The rules, the card values, no draft yet, and the table solver when first asked for."""
        self.rules = self.game.rules
        self.values = CAROUSEL_VALUES
        self.draft: Draft | None = None
        self.bonus_notes: list[Text] = []
        self.before_bonuses: tuple[int, ...] | None = None
        self._solver: TableSolver | None = None

    # ------------------------------------------------------------------ state
    def legal_verbs(self) -> set[CVerb]:
        """The kinds of action legal now."""
        return {a.verb for a in self.game.legal_actions()}

    def solver(self) -> TableSolver:
        """The table solver for this match's decks (built once)."""
        if self._solver is None:
            self._solver = TableSolver(self.rules.decks)
        return self._solver

    def current_draft(self) -> Draft:
        """The draft, started from the table as it is when there is none (or the table changed)."""
        obs = self.obs
        table = table_cards(obs.table)
        if self.draft is None or self.draft.base != tuple(tuple(m) for m in table):
            self.draft = Draft(table, obs.hand, self.rules.joker_replace_from_table)
        self.draft.hand = list(self.order)
        return self.draft

    def why_no_meld(self, obs: CarouselObservation) -> str | None:
        """Why the human can't meld now, or ``None`` when they may."""
        if obs.to_move != HUMAN:
            return "it is not your turn"
        if obs.melded_this_turn:
            return "you melded this turn already: end your turn or knock"
        if obs.draws >= MAX_DRAWS:
            return "no meld after the third draw"
        if obs.draws == 0 and obs.stock_count > 0 and not obs.last_turns:
            return "draw first"
        return None

    # ------------------------------------------------------------------ commands
    def prompt_text(self) -> str:
        """What the human may do now, in brief."""
        obs, verbs = self.obs, self.legal_verbs()
        may_meld = self.why_no_meld(obs) is None
        words = []
        if CVerb.DRAW in verbs:
            words.append("draw")
        if may_meld:
            words.append("meld")
        if CVerb.KNOCK in verbs:
            words.append("knock")
        if CVerb.END in verbs:
            words.append("end")
        listed = ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else "".join(words)
        return f"you ({listed or '?'}) > "

    def extra_commands(self) -> dict[str, Callable[[list[str]], None]]:
        """The draft's commands and ``hint``."""
        return {
            "new": self.cmd_new,
            "add": self.cmd_add,
            "split": self.cmd_split,
            "replace": self.cmd_replace,
            "show": self.cmd_show,
            "draft": self.cmd_show,
            "undo": self.cmd_undo,
            "reset": self.cmd_reset,
            "commit": self.cmd_commit,
            "hint": self.cmd_hint,
        }

    def is_action(self, verb: str) -> bool:
        """Carousel's verbs: draw, meld, knock, end."""
        return verb in {v.value for v in CVerb}

    def help_text(self) -> str:
        """The commands, the melds, the points and the cards."""
        symbols = " or ♠ ♥ ♦ ♣" if self.view.glyphs.unicode else ""
        after = ", after a meld" if self.rules.knock_requires_prior_meld else ""
        return HELP.format(knock_max=self.rules.knock_max, after_meld=after, symbols=symbols)

    def cmd_action(self, line: str) -> None:
        """``draw``, ``knock``, ``end`` or a whole ``meld``."""
        action = self.game.parse_action(line)
        self.play(action)

    def play(self, action: CarouselAction) -> None:
        """Perform the human's ``action`` and show the table or the hand after it."""
        self.perform(HUMAN, action)
        if action.verb is CVerb.MELD:
            self.draft = None
        if self.game.is_terminal() or self.game.current_seat != HUMAN:
            return
        if action.verb is CVerb.DRAW:
            self.render_rack()
            if self.draft is not None and self.draft.changed:
                self.console.print(self.draft_note(self.draft))
            self.console.print(self.turn_line(self.obs))
        else:
            self.render_table()

    @staticmethod
    def number(word: str, example: str) -> int:
        """A meld number typed by the human."""
        if not word.isdigit():
            raise RummykitError(f"{word!r} is not a meld number: write {example}")
        return int(word)

    @staticmethod
    def cards(words: Sequence[str]) -> list[Card]:
        """Cards typed by the human (``7H``, ``JK[7H]``, ``JK``)."""
        return parse_declared(Kind.CARDS, list(words))

    def cmd_new(self, args: list[str]) -> None:
        """``new 7H 7D 7C``: a new meld from the hand."""
        if not args:
            raise RummykitError("write new 7H 7D 7C (cards from your hand; a joker as JK[7S])")
        number = self.current_draft().new(self.cards(args))
        self.render_draft(f"new meld {number}")

    def cmd_add(self, args: list[str]) -> None:
        """``add 3 8H``: hand cards added to meld 3."""
        if len(args) < 2:
            raise RummykitError("write add 3 8H (a meld number, then cards from your hand)")
        number = self.number(args[0], "add 3 8H")
        self.current_draft().add(number, self.cards(args[1:]))
        self.render_draft(f"added to meld {number}")

    def cmd_split(self, args: list[str]) -> None:
        """``split 3 8H``: meld 3 cut before 8H."""
        example = "write split 3 8H (a meld number, then the card the new meld starts with)"
        cards = self.cards(args[1:])
        if len(args) < 2 or len(cards) != 1:
            raise RummykitError(example)
        number = self.number(args[0], "split 3 8H")
        new = self.current_draft().split(number, cards[0])
        self.render_draft(f"meld {number} split: the rest is meld {new}")

    def cmd_move(self, args: list[str]) -> None:
        """``move 2 5H 4`` (cards between melds of the draft, ``new`` for a new meld), or with two
        arguments the hand's ``move 7H 3``."""
        if len(args) < 3:
            super().cmd_move(args)
            return
        source = self.number(args[0], "move 2 5H 4")
        target = None if args[-1].lower() == "new" else self.number(args[-1], "move 2 5H 4")
        number = self.current_draft().move(source, self.cards(args[1:-1]), target)
        self.render_draft(f"moved to meld {number}")

    def cmd_replace(self, args: list[str]) -> None:
        """``replace 4 5H`` or ``replace 4 5H from 2``: a joker's real card takes its place."""
        example = "replace 4 5H (or replace 4 5H from 2)"
        if len(args) not in (2, 4) or (len(args) == 4 and args[2].lower() != "from"):
            raise RummykitError(f"write {example}")
        number = self.number(args[0], example)
        face = parse_face(Kind.CARDS, args[1])
        source = self.number(args[3], example) if len(args) == 4 else None
        self.current_draft().replace(number, face, source)
        self.render_draft(f"the joker of meld {number} is free: place it with add N JK[..] or new ... JK[..]")

    def cmd_show(self, args: list[str]) -> None:
        """The draft: the table as it would be."""
        self.render_draft(None)

    def cmd_undo(self, args: list[str]) -> None:
        """One draft step back."""
        draft = self.draft
        if draft is None:
            raise IllegalActionError("nothing to undo")
        draft.undo()
        self.render_draft("undone")

    def cmd_reset(self, args: list[str]) -> None:
        """The draft back to the table as it is."""
        draft = self.draft
        if draft is None:
            raise IllegalActionError("the draft is the table as it is already")
        draft.reset()
        self.render_draft("the draft is the table again")

    def cmd_commit(self, args: list[str]) -> None:
        """Play the draft as one meld; a refusal leaves the draft as it is."""
        draft = self.draft
        if draft is None or not draft.changed:
            raise IllegalActionError("your draft is the table as it is: build one first (new, add, ...)")
        why = self.why_no_meld(self.obs)
        if why is not None:
            raise IllegalActionError(why)
        self.play(CarouselAction(CVerb.MELD, draft.table()))

    def cmd_hint(self, args: list[str]) -> None:
        """The solver's best new table, the points it leaves, and whether a knock would follow;
        ``hint use`` loads it into the draft."""
        use = [a.lower() for a in args] == ["use"]
        if args and not use:
            raise RummykitError("write hint, or hint use to put the solver's table in your draft")
        obs = self.obs
        if obs.to_move != HUMAN:
            raise IllegalActionError("it is not your turn")
        move = self.solver().solve(
            table_cards(obs.table), list(obs.hand), CAROUSEL_VALUES, self.rules.joker_replace_from_table
        )
        why = self.why_no_meld(obs)
        now = self.points(obs.hand)
        if not move.played:
            self.console.print(Text(f"hint: nothing from your hand fits the table (you hold {now} points)"))
            self.console.print(self.next_step_hint())
            return
        new = [meld_cards(m) for m in move.table]
        if use:
            self.current_draft().load(new, move.played)
            self.render_draft("the solver's table is your draft")
            return
        played = sorted(move.played, key=self.view.colour_key)
        line = Text("hint: meld, playing ").append_text(self.cards_text(played))
        line.append(f" from your hand; {move.points_left} point{'s' if move.points_left != 1 else ''} left")
        if move.left:
            left = sorted(move.left, key=self.view.colour_key)
            line.append(" (").append_text(self.cards_text(left)).append(")")
        self.console.print(line)
        self.render_cards_table(new, [not self.same_meld(m, obs.table) for m in new])
        if move.points_left <= self.rules.knock_max:
            self.console.print(
                Text(f"then you could knock ({move.points_left} points, {self.rules.knock_max} or less)")
            )
        if why is None:
            self.console.print(self.view.command("type hint use to draft it, then commit"))
        else:
            self.console.print(Text(f"not now: {why}", style=DIM))

    def next_step_hint(self) -> Text:
        """What to do when nothing can be melded: knock, draw or end."""
        verbs = self.legal_verbs()
        if CVerb.KNOCK in verbs:
            return Text(f"hint: knock ({self.points(self.obs.hand)} points)")
        if CVerb.DRAW in verbs:
            return Text("hint: draw")
        return Text("hint: end")

    @staticmethod
    def same_meld(cards: list[Card], table: Sequence[MeldView]) -> bool:
        """Whether a meld with exactly these cards is on the table."""
        want = Counter(cards)
        return any(Counter(m) == want for m in table_cards(table))

    # ------------------------------------------------------------------ drawing the table
    def meld_row(self, number: int, cards: Sequence[Card], marks: list[Text]) -> list[Text]:
        """``   3  sequence  5♥ 6♥ JK[7♥] 8♥  <marks>`` folded under the cards."""
        checked = check_meld(cards)
        kind = KINDS[checked.kind] if isinstance(checked, Meld) else "-"
        prefix = f"  {number:>2}  {kind:<8}  "
        return self.hanging(prefix, [*(self.card(f, d) for f, d in cards), *marks])

    def render_cards_table(self, melds: Sequence[Sequence[Card]], new: Sequence[bool] | None = None) -> None:
        """Numbered melds, those marked in ``new`` as new or changed."""
        if not melds:
            self.console.print(Text("table      no melds yet", style=DIM))
            return
        for i, cards in enumerate(melds):
            marks = [Text(" new", style=DIM)] if new is not None and new[i] else []
            self.print_rows(self.meld_row(i + 1, cards, marks))

    def render_draft(self, done: str | None) -> None:
        """The draft: each meld marked valid (or why not), new and changed melds marked, the freed
        jokers to place, the hand cards it plays and what stays in the hand."""
        draft = self.current_draft()
        if done is not None:
            self.console.print(Text(done, style=DIM))
        ok, bad = ("✓", "✗") if self.view.glyphs.unicode else ("ok", "BAD")
        self.console.print(
            Text("draft      the table as it would be (commit plays it; undo, reset)", style=DIM)
        )
        if not draft.melds:
            self.console.print(Text("           no melds", style=DIM))
        for i, cards in enumerate(draft.melds):
            checked = check_meld(cards)
            marks = []
            if isinstance(checked, Meld):
                marks.append(Text(f" {ok}", style=OK_STYLE))
            else:
                marks.append(Text(f" {bad} {checked}", style=BAD_STYLE))
            if draft.is_new(i):
                marks.append(Text(" new", style=DIM))
            self.print_rows(self.meld_row(i + 1, cards, marks))
        if draft.state.floating:
            count = draft.state.floating
            line = Text(f"jokers to place  {count} (add N JK[..] or new ... JK[..])", style="bold")
            self.console.print(line)
        played = sorted(draft.played(), key=self.view.colour_key)
        if played:
            self.console.print(Text("from your hand   ").append_text(self.cards_text(played)))
        left = draft.left()
        line = Text("left in hand     ").append_text(self.cards_text(left))
        self.console.print(line.append(f"  ({self.points(left)} points)", style=DIM))

    def draft_note(self, draft: Draft) -> Text:
        """One line about an unplayed draft."""
        played = sorted(draft.played(), key=self.view.colour_key)
        line = Text("your draft plays ", style=DIM).append_text(self.cards_text(played))
        return line.append(" (show to see it, commit to play it)", style=DIM)

    def render_table(self) -> None:
        """The title, scores, seats, the table, the hand, the draft and whose turn it is."""
        obs = self.obs
        if obs.to_move is None:
            return
        self.render_title(obs, "Carousel")
        line = self.scores_line("scores      ", obs.scores, signed=False)
        self.console.print(line.append(f"   (match to {self.rules.target})", style=DIM))
        if any(obs.rounds_won):
            self.console.print(self.scores_line("rounds won  ", obs.rounds_won, signed=False))
        self.render_seats("in hand     ", self.seat_entries(obs))
        if obs.table:
            self.console.print(Text("table      number, kind, cards", style=DIM))
        self.render_cards_table(table_cards(obs.table))
        if obs.last_turns:
            self.console.print(Text("the stock is out: one last turn each, without drawing", style="bold"))
        self.render_rack()
        if self.draft is not None and self.draft.changed and obs.to_move == HUMAN:
            self.console.print(self.draft_note(self.draft))
        self.console.print(self.turn_line(obs))

    def seat_entries(self, obs: CarouselObservation) -> list[Text]:
        """``you 10 melded``, ``random-1 12``, ..."""
        entries = []
        for seat in range(obs.players):
            entry = Text(f"{self.names[seat]} {obs.hand_counts[seat]}", style="bold" if seat == HUMAN else "")
            if seat in obs.melded:
                entry.append(" melded", style="green")
            entries.append(entry)
        return entries

    def turn_line(self, obs: CarouselObservation) -> Text:
        """Whose turn it is and what they may do."""
        if obs.to_move != HUMAN:
            return Text(f"turn: {self.who(obs.to_move)}")
        verbs = self.legal_verbs()
        points = self.points(obs.hand)
        line = Text("your turn: ", style="bold")
        if obs.melded_this_turn:
            line.append("you melded: end your turn")
        elif obs.draws == 0 and CVerb.DRAW in verbs:
            line.append(f"draw (up to {MAX_DRAWS} cards; after each you may meld)")
        elif CVerb.DRAW in verbs:
            line.append(
                f"{obs.draws} of {MAX_DRAWS} drawn: meld (new, add, split, move, replace, commit) or draw"
            )
        elif self.why_no_meld(obs) is None:
            line.append("meld or end your turn")
        else:
            line.append("end your turn")
        line.append(f"{self.view.glyphs.sep}you hold {points} points", style=DIM)
        if CVerb.KNOCK in verbs:
            line.append(f"{self.view.glyphs.sep}you may knock", style="bold")
        return line

    # ------------------------------------------------------------------ what happened
    def describe(self, seat: int, action: Any, before: CarouselObservation, events: list[Event]) -> None:
        """The action in words (a meld: the cards played and the new table), then the engine's
        other events; at the match's end, the bonuses."""
        assert isinstance(action, CarouselAction)
        now = self.obs
        rest = list(events)
        own = next((e for e in rest if e.seat == seat and e.result is None), None)
        if action.verb is CVerb.DRAW:
            if own is not None:
                rest.remove(own)
            count = f"card {before.draws + 1} of {MAX_DRAWS}"
            line = Text("draws ")
            if seat == HUMAN:
                drawn = list((Counter(now.hand) - Counter(before.hand)).elements())
                line.append_text(self.cards_text(drawn)).append(" ")
            line.append(f"({count})")
            if self.turn_passed(seat, before):
                line.append(": your turn is over")
            self.say(seat, line)
        elif action.verb is CVerb.MELD:
            if own is not None:
                rest.remove(own)
            self.say_meld(seat, action, before)
        elif action.verb is CVerb.END:
            self.say(seat, "ends the turn")
        result = next((e.result for e in rest if e.result is not None), None)
        if result is not None and self.game.is_terminal():
            self.bonus_notes = self.bonus_lines(before, result)
            self.before_bonuses = tuple(b + d for b, d in zip(before.scores, result.deltas, strict=True))
        for event in rest:
            self.show_event(event)

    def say_meld(self, seat: int, action: CarouselAction, before: CarouselObservation) -> None:
        """``melds, playing 7♥ 8♥ from the hand``, and for a bot the new table."""
        old = Counter(f for m in table_cards(before.table) for f, _ in m)
        new = Counter(f for m in action.table for f, _ in m)
        played = sorted((new - old).elements(), key=self.view.colour_key)
        line = Text("melds, playing ").append_text(self.cards_text(played)).append(" from the hand")
        if self.turn_passed(seat, before):
            line.append(": your turn is over")
        self.say(seat, line)
        if seat != HUMAN:
            melds = [list(m) for m in action.table]
            self.render_cards_table(melds, [not self.same_meld(m, before.table) for m in melds])

    def turn_passed(self, seat: int, before: CarouselObservation) -> bool:
        """Whether the human's turn ended by itself (nothing left to do but end it)."""
        game = self.game
        same_round = self.obs.round_no == before.round_no
        return seat == HUMAN and not game.is_terminal() and game.current_seat != seat and same_round

    def bonus_lines(self, before: CarouselObservation, result: RoundResult) -> list[Text]:
        """How each final score is made: the score after the last round, +100 for reaching the
        target, +25 for each round won."""
        outcome = self.game.outcome()
        if outcome is None:
            return []
        rounds_won = self.obs.rounds_won
        lines = [Text("match bonuses", style=DIM)]
        width = max(len(self.who(s)) for s in range(len(outcome.scores)))
        for seat, final in enumerate(outcome.scores):
            played = before.scores[seat] + result.deltas[seat]
            parts = [f"{played}"]
            if played >= self.rules.target:
                parts.append(f"+ {self.rules.game_bonus} for reaching {self.rules.target}")
            won = rounds_won[seat]
            if won:
                plural = "s" if won != 1 else ""
                parts.append(f"+ {self.rules.round_win_bonus * won} for {won} round{plural} won")
            lines.append(Text(f"  {self.who(seat):<{width}}  {' '.join(parts)} = {final}"))
        return lines

    def match_end_notes(self) -> list[Text]:
        """The bonuses added at the match's end."""
        return self.bonus_notes

    def totals(self) -> Sequence[int]:
        """The scores after the last round, before the match's bonuses."""
        return self.before_bonuses if self.before_bonuses is not None else self.obs.scores

    def round_end_extra(self, result: RoundResult) -> list[Text]:
        """The rounds won so far."""
        return [self.scores_line(f"{'rounds won':<{self.label_width()}}", self.obs.rounds_won, signed=False)]

    def label_width(self) -> int:
        """Room for ``rounds won`` too."""
        return max(super().label_width(), len("rounds won") + 2)


__all__ = ["CarouselClient", "table_cards"]
