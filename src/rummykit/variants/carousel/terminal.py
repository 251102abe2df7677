"""``rummykit play carousel``: Carousel in the terminal, seat 0 against bots (``carousel.md``).

A Carousel meld hands in a whole new table, built on the engine's *draft* (the table being
rearranged this turn). The player builds it with the draft commands of the seat session
(:class:`~rummykit.variants.carousel.planner.DraftPlanner`, which maps each to the engine's atomic edits):
``new`` (a meld from the hand), ``add`` (hand cards to a meld), ``split`` (a meld in two),
``move`` (cards between melds), ``pull`` (a card out of the middle of a run, splitting it),
``replace`` (a joker by its real card; the joker then waits to be placed again), ``draft <table>``
(a whole table typed as the draft), ``show`` or ``draft`` alone (the table as it would be, each
meld marked valid or not), ``undo`` (the last command), ``reset`` and ``commit`` (the engine checks
the whole table: a refusal is explained and the draft stays for correction). ``hint`` shows the
table solver's best new table, the points it leaves and whether a knock could follow; ``hint use``
makes it the draft (one edit). ``draw``, ``knock``, ``end`` and a typed ``meld <table>`` are the
engine's actions. A command is tried on a copy of the match first, so one that fails half-way
changes nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from rich.text import Text

from rummykit.cli.table_common import BAD_STYLE, OK_STYLE, TableClient
from rummykit.cli.table_view import DIM
from rummykit.cli.terminal import is_number, quoted
from rummykit.core.melds import Meld, MeldKind
from rummykit.core.notation import parse_declared, parse_face
from rummykit.core.pieces import Kind
from rummykit.engine.game import RoundResult
from rummykit.errors import IllegalActionError, NotationError, RummykitError
from rummykit.session import round_result
from rummykit.variants.carousel.actions import EDITS, MAX_MELDS, Card, CarouselAction, CVerb, card_text
from rummykit.variants.carousel.assist import carousel_hint
from rummykit.variants.carousel.game import MAX_DRAWS, CarouselGame
from rummykit.variants.carousel.planner import (
    DraftPlanner,
    cards_of,
    is_new,
    meld_cards,
    meld_status,
    table_of,
)
from rummykit.variants.carousel.rules import CAROUSEL_VALUES

KINDS = {MeldKind.RUN: "sequence", MeldKind.SET: "group"}
P = "carousel."
QUIET = frozenset(
    {P + "drew", P + "melded", P + "turn_ended", P + "turn_ended_auto"}
    | {
        P + "draft_" + verb
        for verb in ("new", "add", "split", "move", "pull", "replace", "replace_from", "set", "undo", "reset")
    }
)
"""Events the client tells in its own words (the action's line, the draft) or not at all (a turn
that passes by itself: ``your turn is over``)."""

HELP = """\
commands
  draw                 draw a card (up to three a turn; meld after any)
  new 7H 7D 7C         draft: a new meld from your hand (a joker: JK[7S])
  add 3 8H             draft: add cards from your hand to meld 3 (or JK[9H])
  split 3 8H           draft: cut meld 3 before 8H into two melds
  move 2 5H 4          draft: move cards from meld 2 to meld 4 (or to new)
  pull 3 8H 5          draft: take 8H from the middle of run 3 to meld 5 (or to new),
                       splitting the run: its cards after 8H become a new meld
  replace 4 5H         draft: 5H from your hand replaces meld 4's JK[5H]
  replace 4 5H from 2  draft: ... the 5H of meld 2 does; then place the joker
  show  (or draft)     the table as it would be, each meld marked valid or not
  draft 4H 5H 6H | ... make this whole table your draft (undo takes it back)
  undo                 take back the last draft step
  reset                back to the table as it is
  commit               play the draft as your meld; this ends your turn (one meld a
                       turn, no draw after it; you may still knock)
  meld 4H 5H 6H | ...  or type the whole new table yourself
  end                  end your turn (after a meld, or after the third draw)
  knock                end the round: {knock_max} points or less in hand{after_meld}
  hint                 the solver's best table and the points it leaves
  auto                 let the greedy bot make your move
  hint use             make the solver's table your draft (then change it or commit)
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


class CarouselClient(TableClient[CarouselGame]):
    """One human seat (0) against bots in a Carousel match, drafting on the engine's draft."""

    action_verbs = frozenset(v.value for v in (CVerb.DRAW, CVerb.MELD, CVerb.KNOCK, CVerb.END))
    bare_words = (TableClient.bare_words - {"hint"}) | {"show", "undo", "reset", "commit"}
    """As every game's, but ``hint use`` (its own check) and the draft's commands that take nothing."""
    """Carousel's turn verbs (the draft has its own commands)."""
    change_label = "this round"
    total_label = "scores now"

    def setup(self) -> None:
        """The card values, the draft planner and the match's end notes."""
        self.values = CAROUSEL_VALUES
        self.planner = DraftPlanner(self.rules.joker_replace_from_table)
        self.bonus_notes: list[Text] = []
        self.before_bonuses: tuple[int, ...] | None = None

    # ------------------------------------------------------------------ state
    def legal_verbs(self) -> set[CVerb]:
        """The kinds of action legal now."""
        return {a.verb for a in self.session.legal}

    def may_meld(self) -> bool:
        """Whether the engine lets the human work on the draft now."""
        return bool(self.legal_verbs() & (EDITS | {CVerb.COMMIT}))

    def draft_changed(self) -> bool:
        """Whether the draft differs from the table as it is."""
        return bool(self.obs["draft"]["changed"])

    def why_not(self, action: CarouselAction) -> IllegalActionError | None:
        """The engine's refusal of ``action`` now (tried on a copy of the match), or ``None`` when
        it would be accepted."""
        try:
            self.link.check([action])
        except IllegalActionError as exc:
            return exc
        return None

    # ------------------------------------------------------------------ commands
    def prompt_text(self) -> str:
        """What the human may do now, in brief."""
        verbs = self.legal_verbs()
        words = []
        if CVerb.DRAW in verbs:
            words.append("draw")
        if self.may_meld():
            words.append("meld")
        if CVerb.KNOCK in verbs:
            words.append("knock")
        if CVerb.END in verbs:
            words.append("end")
        listed = ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else "".join(words)
        return f"you ({listed or '?'}) > "

    def extra_commands(self) -> dict[str, Callable[[list[str]], None]]:
        """The draft's commands."""
        return {
            "new": self.cmd_new,
            "add": self.cmd_add,
            "split": self.cmd_split,
            "replace": self.cmd_replace,
            "show": self.cmd_show,
            "pull": self.cmd_pull,
            "draft": self.cmd_draft,
            "undo": self.cmd_undo,
            "reset": self.cmd_reset,
            "commit": self.cmd_commit,
        }

    def help_text(self) -> str:
        """The commands, the melds, the points and the cards."""
        symbols = " or ♠ ♥ ♦ ♣" if self.view.glyphs.unicode else ""
        after = ", after a meld" if self.rules.knock_requires_prior_meld else ""
        return HELP.format(knock_max=self.rules.knock_max, after_meld=after, symbols=symbols)

    def cmd_action(self, line: str) -> None:
        """``draw``, ``knock``, ``end`` or a whole ``meld``."""
        self.play([self.game.parse_action(line)])

    def play(self, actions: Sequence[CarouselAction]) -> None:
        """Carry out the human's ``actions`` (one command): tried on a copy of the match first, so
        a refusal anywhere changes nothing; then applied, and the table or the hand shown."""
        self.link.check(actions)
        for action in actions:
            self.perform(action)
        self.planner.done(actions)
        self.planner.sync(self.obs)
        last = actions[-1].verb if actions else None
        if last in EDITS or last in (CVerb.UNDO, CVerb.RESET) or self.to_move() != self.seat:
            return
        if last is CVerb.DRAW:
            self.render_rack()
            self.console.print(self.turn_line())
        else:
            self.render_table()

    @staticmethod
    def number(word: str, example: str) -> int:
        """A meld number typed by the human; raises :class:`RummykitError` for a word that is none,
        :class:`NotationError` (the token cut short) for one beyond any draft."""
        if not is_number(word):
            raise RummykitError(f"{quoted(word)} is not a meld number: write {example}")
        if len(word) > len(str(MAX_MELDS)):
            raise NotationError(word, "notation.meld_number", max=MAX_MELDS)
        return int(word)

    @staticmethod
    def cards(words: Sequence[str]) -> list[Card]:
        """Cards typed by the human (``7H``, ``JK[7H]``, ``JK``)."""
        return parse_declared(Kind.CARDS, list(words))

    def edit(self, actions: Sequence[CarouselAction], done: str) -> None:
        """Play the draft edits of one command and show the draft with ``done``."""
        self.play(actions)
        self.render_draft(done)

    def last_number(self) -> int:
        """The number of the draft's last meld (where new melds go)."""
        return len(self.obs["draft"]["melds"])

    def cmd_new(self, args: list[str]) -> None:
        """``new 7H 7D 7C``: a new meld from the hand."""
        if not args:
            raise RummykitError("write new 7H 7D 7C (cards from your hand; a joker as JK[7S])")
        self.play(self.planner.plan_new(self.obs, self.cards(args)))
        self.render_draft(f"new meld {self.last_number()}")

    def cmd_add(self, args: list[str]) -> None:
        """``add 3 8H``: hand cards added to meld 3."""
        if len(args) < 2:
            raise RummykitError("write add 3 8H (a meld number, then cards from your hand)")
        number = self.number(args[0], "add 3 8H")
        self.edit(self.planner.plan_add(self.obs, number, self.cards(args[1:])), f"added to meld {number}")

    def cmd_split(self, args: list[str]) -> None:
        """``split 3 8H``: meld 3 cut before 8H."""
        example = "write split 3 8H (a meld number, then the card the new meld starts with)"
        cards = self.cards(args[1:])
        if len(args) < 2 or len(cards) != 1:
            raise RummykitError(example)
        number = self.number(args[0], "split 3 8H")
        self.play(self.planner.plan_split(self.obs, number, cards[0]))
        self.render_draft(f"meld {number} split: the rest is meld {self.last_number()}")

    def cmd_move(self, args: list[str]) -> None:
        """``move 2 5H 4`` (cards between melds of the draft, ``new`` for a new meld), or with two
        arguments the hand's ``move 7H 3``."""
        if len(args) < 3:
            super().cmd_move(args)
            return
        source = self.number(args[0], "move 2 5H 4")
        target = None if args[-1].lower() == "new" else self.number(args[-1], "move 2 5H 4")
        self.play(self.planner.plan_move(self.obs, source, self.cards(args[1:-1]), target))
        self.render_draft(f"moved to meld {self.last_number() if target is None else target}")

    def cmd_replace(self, args: list[str]) -> None:
        """``replace 4 5H`` or ``replace 4 5H from 2``: a joker's real card takes its place."""
        example = "replace 4 5H (or replace 4 5H from 2)"
        if len(args) not in (2, 4) or (len(args) == 4 and args[2].lower() != "from"):
            raise RummykitError(f"write {example}")
        number = self.number(args[0], example)
        face = parse_face(Kind.CARDS, args[1])
        source = self.number(args[3], example) if len(args) == 4 else None
        self.edit(
            self.planner.plan_replace(self.obs, number, face, source),
            f"the joker of meld {number} is free: place it with add N JK[..] or new ... JK[..]",
        )

    def cmd_pull(self, args: list[str]) -> None:
        """``pull 3 8H 5`` (or ``new``): 8H taken out of the middle of run 3 to meld 5, the run
        split around it."""
        example = "pull 3 8H 5 (or pull 3 8H new)"
        if len(args) != 3:
            raise RummykitError(f"write {example}: a run's number, a card from its middle, a meld or new")
        number = self.number(args[0], example)
        (card,) = self.cards(args[1:2])
        target = None if args[2].lower() == "new" else self.number(args[2], example)
        actions = self.planner.plan_pull(self.obs, number, card, target)
        self.play(actions)
        last = self.last_number()
        rest, to = (last - 1, last) if target is None else (last, target)
        assert actions[0].card is not None
        pulled = card_text(actions[0].card)
        self.render_draft(
            f"run {number} split around {pulled}: the rest is meld {rest}, {pulled} in meld {to}"
        )

    def cmd_show(self, args: list[str]) -> None:
        """The draft: the table as it would be."""
        self.render_draft(None)

    def cmd_draft(self, args: list[str]) -> None:
        """``draft`` alone shows the draft; ``draft 4H 5H 6H | 7S 7D 7C`` makes that whole table the
        draft (one edit: ``undo`` takes it back)."""
        if not args:
            self.render_draft(None)
            return
        action = self.game.parse_action(" ".join(["draft", *args]))
        self.edit(self.planner.plan_draft(self.obs, action.table), "your table is the draft")

    def cmd_undo(self, args: list[str]) -> None:
        """The last draft command taken back."""
        self.edit(self.planner.plan_undo(self.obs), "undone")

    def cmd_reset(self, args: list[str]) -> None:
        """The draft back to the table as it is."""
        self.edit([CarouselAction(CVerb.RESET)], "the draft is the table again")

    def cmd_commit(self, args: list[str]) -> None:
        """Play the draft as one meld; a refusal leaves the draft as it is."""
        try:
            self.play([CarouselAction(CVerb.COMMIT)])
        except IllegalActionError as exc:
            if exc.code == P + "nothing_played" and not self.draft_changed():
                raise IllegalActionError("draft_not_built") from None
            raise

    def cmd_hint(self, args: list[str]) -> None:
        """The solver's best new table, the points it leaves, and whether a knock would follow;
        ``hint use`` makes it the draft (the engine's one ``draft`` edit)."""
        use = [a.lower() for a in args] == ["use"]
        if args and not use:
            raise RummykitError("write hint, or hint use to make the solver's table your draft")
        if not self.session.my_turn:
            raise IllegalActionError("not_your_turn", seat=self.seat, to_move=self.to_move())
        obs = self.obs
        replace = self.rules.joker_replace_from_table
        move = carousel_hint(self.game.solver, table_of(obs), obs["hand"], replace)
        now = self.points(obs["hand"])
        if not move.played:
            self.console.print(Text(f"hint: nothing from your hand fits the table (you hold {now} points)"))
            self.console.print(self.next_step_hint())
            return
        new = [meld_cards(m) for m in move.table]
        if use:
            self.edit(self.planner.plan_draft(obs, new), "the solver's table is your draft")
            return
        why = self.why_not(CarouselAction(CVerb.DRAFT, tuple(tuple(m) for m in new)))
        draw_first = why is not None and why.code == P + "draw_first"
        if draw_first:
            self.console.print(Text("hint: draw first: a meld comes only after a draw this turn"))
        played = sorted(move.played, key=self.view.colour_key)
        line = Text("then, with the cards you hold now: meld" if draw_first else "hint: meld")
        line.append(", playing ").append_text(self.cards_text(played))
        line.append(f" from your hand; {move.points_left} point{'s' if move.points_left != 1 else ''} left")
        if move.left:
            left = sorted(move.left, key=self.view.colour_key)
            line.append(" (").append_text(self.cards_text(left)).append(")")
        self.console.print(line)
        base = table_of(obs)
        self.render_cards_table(new, [is_new(m, base) for m in new])
        if move.points_left <= self.rules.knock_max:
            self.console.print(
                Text(f"then you could knock ({move.points_left} points, {self.rules.knock_max} or less)")
            )
        if why is None:
            self.console.print(self.view.command("type hint use to draft it, then commit"))
        elif not draw_first:
            self.console.print(Text(f"not now: {why}", style=DIM))

    def next_step_hint(self) -> Text:
        """What to do when nothing can be melded: knock, draw or end."""
        verbs = self.legal_verbs()
        if CVerb.KNOCK in verbs:
            return Text(f"hint: knock ({self.points(self.obs['hand'])} points)")
        if CVerb.DRAW in verbs:
            return Text("hint: draw")
        return Text("hint: end")

    # ------------------------------------------------------------------ drawing the table
    def meld_row(self, number: int, cards: Sequence[Card], marks: list[Text]) -> list[Text]:
        """``   3  sequence  5♥ 6♥ JK[7♥] 8♥  <marks>`` folded under the cards."""
        checked = meld_status(cards)
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

    def draft_left(self) -> list[int]:
        """The hand cards the draft doesn't place (in the human's order)."""
        used = Counter(self.obs["draft"]["played"])
        out = []
        for face in self.order:
            if used[face] > 0:
                used[face] -= 1
            else:
                out.append(face)
        return out

    def render_draft(self, done: str | None) -> None:
        """The draft: each meld marked valid (or why not), new and changed melds marked, the freed
        jokers to place, the hand cards it plays and what stays in the hand."""
        draft = self.obs["draft"]
        base = table_of(self.obs)
        melds = cards_of(draft["melds"]) if draft["changed"] or draft["can_undo"] else base
        if done is not None:
            self.console.print(Text(done, style=DIM))
        ok, bad = ("✓", "✗") if self.view.glyphs.unicode else ("ok", "BAD")
        self.console.print(
            Text(
                "draft      the table as it would be (commit plays it and ends your turn; undo, reset)",
                style=DIM,
            )
        )
        if not melds:
            self.console.print(Text("           no melds", style=DIM))
        for i, cards in enumerate(melds):
            checked = meld_status(cards)
            marks = []
            if isinstance(checked, Meld):
                marks.append(Text(f" {ok}", style=OK_STYLE))
            else:
                marks.append(Text(f" {bad} {checked}", style=BAD_STYLE))
            if is_new(cards, base):
                marks.append(Text(" new", style=DIM))
            self.print_rows(self.meld_row(i + 1, cards, marks))
        if draft["floating"]:
            count = draft["floating"]
            line = Text(f"jokers to place  {count} (add N JK[..] or new ... JK[..])", style="bold")
            self.console.print(line)
        played = sorted(draft["played"], key=self.view.colour_key)
        if played:
            self.console.print(Text("from your hand   ").append_text(self.cards_text(played)))
        left = self.draft_left()
        line = Text("left in hand     ").append_text(self.cards_text(left))
        self.console.print(line.append(f"  ({self.points(left)} points)", style=DIM))

    def draft_note(self) -> Text:
        """One line about an unplayed draft."""
        played = sorted(self.obs["draft"]["played"], key=self.view.colour_key)
        line = Text("your draft plays ", style=DIM).append_text(self.cards_text(played))
        return line.append(" (show to see it, commit to play it and end your turn)", style=DIM)

    def render_table(self) -> None:
        """The title, scores, seats, the table, the hand, the draft and whose turn it is."""
        obs = self.obs
        if obs["to_move"] is None:
            return
        self.render_title(obs, "Carousel")
        line = self.scores_line("scores      ", obs["scores"], signed=False)
        self.console.print(line.append(f"   (match to {self.rules.target})", style=DIM))
        if any(obs["rounds_won"]):
            self.console.print(self.scores_line("rounds won  ", obs["rounds_won"], signed=False))
        self.render_seats("in hand     ", self.seat_entries())
        if obs["table"]:
            self.console.print(Text("table      number, kind, cards", style=DIM))
        self.render_cards_table(table_of(obs))
        if obs["last_turns"]:
            self.console.print(Text("the stock is out: one last turn each, without drawing", style="bold"))
        self.render_rack()
        if self.draft_changed() and obs["to_move"] == self.seat:
            self.console.print(self.draft_note())
        self.console.print(self.turn_line())

    def seat_entries(self) -> list[Text]:
        """``seat 1 (you) 10 cards, has melded``, ``seat 2 (random) 12 cards``, ..."""
        obs = self.obs
        entries = []
        for seat in range(obs["players"]):
            count = obs["hand_counts"][seat]
            cards = f"{count} card{'s' if count != 1 else ''}"
            entry = Text(f"{self.who(seat)} {cards}", style="bold" if seat == self.seat else "")
            if seat in obs["melded"]:
                entry.append(", has melded", style="green")
            entries.append(entry)
        return entries

    def turn_line(self) -> Text:
        """Whose turn it is and what they may do."""
        obs = self.obs
        if obs["to_move"] != self.seat:
            return Text(f"turn: {self.who(obs['to_move'])}")
        verbs = self.legal_verbs()
        points = self.points(obs["hand"])
        line = Text("your turn: ", style="bold")
        if obs["melded_this_turn"]:
            line.append("you melded: end your turn")
        elif obs["draws"] == 0 and CVerb.DRAW in verbs:
            line.append(f"draw (up to {MAX_DRAWS} cards; after each you may meld)")
        elif CVerb.DRAW in verbs:
            line.append(
                f"{obs['draws']} of {MAX_DRAWS} drawn: "
                "meld (new, add, split, move, pull, replace, commit) or draw"
            )
        elif self.may_meld():
            line.append("meld or end your turn")
        else:
            line.append("end your turn")
        line.append(f"{self.view.glyphs.sep}you hold {points} points", style=DIM)
        if CVerb.KNOCK in verbs:
            line.append(f"{self.view.glyphs.sep}you may knock", style="bold")
        return line

    # ------------------------------------------------------------------ what happened
    def describe(self, seat: int, action: Any, before: dict[str, Any], events: list[dict[str, Any]]) -> None:
        """The action in words (a draw, a meld: the cards played and for a bot the new table, the
        end of a turn), then the engine's other events; at the match's end, the bonuses."""
        assert isinstance(action, CarouselAction)
        if action.verb is CVerb.DRAW:
            line = Text("draws ")
            drawn = next((e["params"].get("card") for e in events if e["code"] == P + "drew"), None)
            if drawn is not None:
                line.append_text(self.view.colour_text(drawn)).append(" ")
            line.append(f"(card {before['draws'] + 1} of {MAX_DRAWS})")
            if self.turn_passed(seat, before):
                line.append(": your turn is over")
            self.say(seat, line)
        melded = next((e for e in events if e["code"] == P + "melded"), None)
        if melded is not None:
            self.say_meld(seat, melded["params"], before)
        if action.verb is CVerb.END:
            self.say(seat, "ends the turn")
        result = next((r for e in events if (r := round_result(e)) is not None), None)
        if result is not None and self.is_over():
            self.bonus_notes = self.bonus_lines()
            self.before_bonuses = tuple(b["before"] for b in self.obs["match_bonuses"])
        for event in events:
            if event["code"] not in QUIET:
                self.show_event(event)

    def say_meld(self, seat: int, params: dict[str, Any], before: dict[str, Any]) -> None:
        """``melds, playing 7♥ 8♥ from the hand``, and for a bot the new table."""
        played = sorted(
            (f for card in params["played"] for f, _ in parse_declared(Kind.CARDS, card)),
            key=self.view.colour_key,
        )
        line = Text("melds, playing ").append_text(self.cards_text(played)).append(" from the hand")
        if self.turn_passed(seat, before):
            line.append(": your turn is over")
        self.say(seat, line)
        if seat != self.seat:
            melds = [parse_declared(Kind.CARDS, meld) for meld in params["table"]]
            old = table_of(before)
            self.render_cards_table(melds, [is_new(m, old) for m in melds])

    def turn_passed(self, seat: int, before: dict[str, Any]) -> bool:
        """Whether the human's turn ended by itself (nothing left to do but end it)."""
        same_round = self.session.round_no == before["round"]
        return seat == self.seat and not self.is_over() and self.to_move() != seat and same_round

    def bonus_lines(self) -> list[Text]:
        """How each final score is made (the view's ``match_bonuses``): the score after the last
        round, +100 for reaching the target, +25 for each round won."""
        bonuses = self.obs["match_bonuses"]
        if bonuses is None:
            return []
        lines = [Text("match bonuses", style=DIM)]
        width = max(len(self.who(b["seat"])) for b in bonuses)
        for b in bonuses:
            parts = [f"{b['before']}"]
            if b["game"]:
                parts.append(f"+ {b['game']} for reaching {self.rules.target}")
            if b["round_bonus"]:
                plural = "s" if b["rounds"] != 1 else ""
                parts.append(f"+ {b['round_bonus']} for {b['rounds']} round{plural} won")
            lines.append(
                Text(f"  {self.who(b['seat']):<{width}}  {' '.join(parts)} = {self.obs['scores'][b['seat']]}")
            )
        return lines

    def match_end_notes(self) -> list[Text]:
        """The bonuses added at the match's end."""
        return self.bonus_notes

    def totals(self) -> Sequence[int]:
        """The scores after the last round, before the match's bonuses."""
        return self.before_bonuses if self.before_bonuses is not None else self.obs["scores"]

    def round_end_extra(self, result: RoundResult) -> list[Text]:
        """The rounds won so far."""
        label = f"{'rounds won':<{self.label_width()}}"
        return [self.scores_line(label, self.obs["rounds_won"], signed=False)]

    def label_width(self) -> int:
        """Room for ``rounds won`` too."""
        return max(super().label_width(), len("rounds won") + 2)


__all__ = ["CarouselClient"]
