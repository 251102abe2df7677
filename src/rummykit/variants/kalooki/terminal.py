"""``rummykit play kalooki``: Kalooki in the terminal, seat 0 against bots (``kalooki.md``).

The table shows every meld with its number, its owner, its cards (a joker with the card it stands
for, ``JK[7♥]``), its value and whether it is a closed set whose joker stays for ever; the discard
pile's top card, the stock and its reshuffles, the penalty points (and who is out of an elimination
match), who has opened, and this turn's melds toward the 51 of the opening. The player types the
engine's actions (``draw``, ``take``, ``meld 7H 7D 7C | 4S 5S 6S``, ``layoff 3 TH``,
``release 3 KS``, ``retract``, ``discard 7H``) and the client's own commands (``hint``, ``sort``,
``move``, ``table``, ``help``, ``quit``). Every bot move is shown, and every round's end with all
hands and their points.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from rummykit.bots.registry import make_bot
from rummykit.cli.table_common import TableClient, joker_stands, toward_opening
from rummykit.cli.table_view import DIM
from rummykit.engine.game import RoundResult
from rummykit.solvers.arrange import Arrangement
from rummykit.variants.kalooki.actions import KalookiAction, KVerb
from rummykit.variants.kalooki.assist import KalookiHint, kalooki_hint
from rummykit.variants.kalooki.game import KalookiGame
from rummykit.variants.kalooki.rules import KalookiRules, MatchMode

OWN_EVENTS = frozenset(
    f"kalooki_{verb}" for verb in ("draw", "take", "meld", "layoff", "release", "retract", "discard")
)
"""The events of the action itself, which the client tells in its own words (with the table)."""

HELP = """\
commands
  draw                 take the top card of the stock
  take                 take the top card of the discard pile
  meld 7H 7D 7C        lay down a meld; several: meld 7H 7D 7C | 4S 5S 6S
  meld 5H 6H JK[7H]    a joker in a run names its card; in a set just JK
  layoff 3 TH          add cards to meld 3 once you have opened (or JK[9H])
  release 3 KS         put a run's joker's card in its place, take the joker
  release 2 7D 7C      complete set 2 with its missing suits, take a joker
  retract              take back this turn's melds while they don't open (once a turn)
  discard 7H  (d 7H)   end your turn; your last card goes out
  sort                 by suit; sort rank, sort runs, sort sets (melds first)
  move 7H 3            move a card (or: move 5 3, by position) to position 3
  hint                 the greedy bot's move, your best melds, your deadwood
  auto                 let the greedy bot make your move
  table                show the table again
  help                 this list
  quit                 leave the game (asks first)
opening: {open_min} or more in melds in one turn (A in A-2-3 counts 1); then lay off.
penalty points in hand: A {ace}, J Q K 10, JK {joker}, the others their pips.
cards: A 2-9 T J Q K (T is ten) and S H D C{symbols}; JK the joker.
JK is wild, marked * in your hand; brackets mark melds in your hand."""


class KalookiClient(TableClient[KalookiGame]):
    """One human seat (0) against bots in a Kalooki match."""

    action_verbs = frozenset(v.value for v in KVerb)
    change_label = "penalty points"
    total_label = "penalties now"

    rules: KalookiRules

    def setup(self) -> None:
        """The card values and the greedy bot that gives the hints."""
        self.values = self.game.rules.values()
        self.advisor = make_bot("greedy", self.game, 0)

    @property
    def opened(self) -> bool:
        """Whether the human has opened."""
        return self.seat in self.obs["opened"]

    # ------------------------------------------------------------------ commands
    def prompt_text(self) -> str:
        """``you (draw or take) >`` or ``you (meld, lay off, discard) >``."""
        if self.obs["phase"] == "draw":
            return "you (draw or take) > "
        if self.opened:
            return "you (meld, lay off, release or discard) > "
        return "you (meld or discard) > "

    def help_text(self) -> str:
        """The commands, the opening, the penalties and the cards."""
        symbols = " or ♠ ♥ ♦ ♣" if self.view.glyphs.unicode else ""
        return HELP.format(
            open_min=self.rules.open_min,
            ace=self.rules.ace_penalty,
            joker=self.rules.joker_penalty,
            symbols=symbols,
        )

    def hint(self) -> KalookiHint:
        """The session's hint: the greedy bot's move, the best melds by value, the fewest points
        (:func:`rummykit.session.kalooki_hint`)."""
        obs = self.obs
        choice = self.advisor.choose(obs, self.session.legal)
        laid = sum(m["value"] for m in obs["table"] if m["number"] in obs["pending"])
        return kalooki_hint(
            self.profile.solver(),
            self.values,
            obs["hand"],
            self.game.action_text(choice),
            obs["takeable"],
            self.opened,
            laid,
            self.rules.open_min,
        )

    def cmd_hint(self, args: list[str]) -> None:
        """The greedy bot's next move, then the best melds by value (toward the opening) and the
        fewest points a hand can leave."""
        if not self.session.my_turn:
            self.error("it is not your turn")
            return
        hint = self.hint()
        line = self.view.command(f"hint: {hint.action}")
        line.append(f"  ({self.reason(hint)})", style=DIM)
        self.console.print(line)
        by_value = hint.by_value
        if by_value.melds:
            note = ""
            if hint.opening is not None:
                with_laid = f" ({hint.opening} with this turn's melds)" if hint.laid else ""
                verdict = "enough to open" if hint.opening >= hint.open_min else "not enough"
                note = f"{with_laid}: {verdict}, the opening needs {hint.open_min}"
            value = Text(f"worth {by_value.score}{note}", style="bold")
            self.print_rows(self.hanging("best melds by value  ", self.arrangement_words(by_value, value)))
        else:
            self.console.print(Text("best melds by value  none yet", style=DIM))
        left = hint.points_left
        total = Text(f"leaves {left} point{'s' if left != 1 else ''} in hand", style="bold")
        self.print_rows(self.hanging("fewest points left   ", self.arrangement_words(hint.fewest, total)))

    def reason(self, hint: KalookiHint) -> str:
        """Why the greedy bot moves so, in a few words (the card a ``take`` takes named here: the
        action itself is just ``take``)."""
        verb = hint.verb
        if verb == KVerb.TAKE:
            card = f"the {self.name(hint.takes)} on the discard pile" if hint.takes is not None else "it"
            return f"{card} lowers your deadwood"
        if verb == KVerb.DRAW:
            return "the discard doesn't help"
        if verb == KVerb.MELD:
            return "you have opened" if self.opened else "toward or past the opening"
        if verb == KVerb.LAYOFF:
            return "a card less in your hand"
        if verb == KVerb.RELEASE:
            return "a joker for your hand"
        if verb == KVerb.RETRACT:
            return f"these melds don't reach {self.rules.open_min}"
        return "your highest card out of melds"

    def arrangement_words(self, arrangement: Arrangement, summary: Text) -> list[Text]:
        """Melds (jokers with what they stand for) separated by ``|``, ``summary``, then ``out:``
        and the cards left out, as words a line may be folded between."""
        words: list[Text] = []
        for i, meld in enumerate(arrangement.melds):
            word = self.meld_text(meld.faces, joker_stands(meld.faces, meld.stands_for))
            if i < len(arrangement.melds) - 1:
                word.append(" |", style=DIM)
            words.append(word)
        words.append(summary)
        if arrangement.ungrouped:
            words.append(Text(" out:", style=DIM))
            words += [self.view.piece(f) for f in sorted(arrangement.ungrouped, key=self.view.colour_key)]
        return words

    def table_meld_text(self, meld: dict[str, Any]) -> Text:
        """A table meld's cards, jokers with what they stand for."""
        return self.meld_text(meld["faces"], joker_stands(meld["faces"], meld["stands_for"]))

    # ------------------------------------------------------------------ what happened
    def describe(self, seat: int, action: Any, before: dict[str, Any], events: list[dict[str, Any]]) -> None:
        """The action in words (the new melds with their numbers, the meld laid off on or released
        from as it is now), then the engine's other events."""
        assert isinstance(action, KalookiAction)
        drawn = [e["params"].get("card") for e in events if e["code"] == "kalooki_draw"]
        for line in self.action_lines(seat, action, before, drawn[0] if drawn else None):
            self.say(seat, line)
        for event in events:
            if event["code"] not in OWN_EVENTS:
                self.show_event(event)

    def action_lines(
        self, seat: int, action: KalookiAction, before: dict[str, Any], drawn: str | None
    ) -> list[Text]:
        """What ``action`` did, one line each (the table read after it; ``drawn``: the card the
        human drew, as the draw's event told them)."""
        verb, now = action.verb, self.obs
        if verb is KVerb.DRAW:
            if drawn is None:
                return [Text("draws from the stock")]
            return [Text("draws ").append_text(self.view.colour_text(drawn)).append(" from the stock")]
        if verb is KVerb.TAKE:
            assert before["takeable"] is not None
            return [
                Text("takes ")
                .append_text(self.view.piece(before["takeable"]))
                .append(" from the discard pile")
            ]
        if verb is KVerb.DISCARD:
            assert action.face is not None
            return [Text("discards ").append_text(self.view.piece(action.face))]
        if verb is KVerb.RETRACT:
            return [Text("takes back this turn's melds")]
        old = {m["number"] for m in before["table"]}
        if verb is KVerb.MELD:
            lines = []
            for meld in now["table"]:
                if meld["number"] not in old:
                    line = Text("melds ").append_text(self.table_meld_text(meld))
                    kind, value = meld["kind"], meld["value"]
                    line.append(f"  as meld {meld['number']} ({kind}, worth {value})", style=DIM)
                    lines.append(line)
            return lines
        assert action.target is not None
        meld = next(m for m in now["table"] if m["number"] == action.target)
        cards = Text(" ").join(self.card(f, d) for f, d in action.cards)
        shown = self.table_meld_text(meld)
        number = meld["number"]
        if verb is KVerb.LAYOFF:
            line = Text("lays off ").append_text(cards).append(f" on meld {number}: ").append_text(shown)
        else:
            line = Text("puts ").append_text(cards).append(f" in meld {number} and takes a joker: ")
            line.append_text(shown)
        if meld["closed"]:
            line.append("  (closed: its joker stays)", style=DIM)
        return [line]

    def hand_extra(self, seat: int, result: RoundResult) -> tuple[int, str] | None:
        """The hunt penalty after an Okey yapmak."""
        if result.kind == "hunt" and seat != result.winner and self.rules.hunt_penalty:
            return (self.rules.hunt_penalty, "for the Okey yapmak")
        return None

    def in_round(self, seat: int, result: RoundResult) -> bool:
        """Seats that were dealt cards (not out of the match) and the winner."""
        return seat == result.winner or bool(result.hands[seat])

    # ------------------------------------------------------------------ the table
    def render_table(self) -> None:
        """The title, penalties, seats, melds, discard pile, hand, this turn's melds and whose turn
        it is."""
        obs = self.obs
        if obs["to_move"] is None:
            return
        reshuffles = f"reshuffles {obs['reshuffles']} of {self.rules.max_reshuffles}"
        self.render_title(obs, "Kalooki", reshuffles)
        line = self.scores_line("penalties  ", obs["scores"], signed=False)
        if self.rules.match is MatchMode.ELIMINATION:
            line.append(f"   (over {self.rules.elimination_limit} is out)", style=DIM)
        self.console.print(line)
        self.render_seats("in hand    ", self.seat_entries())
        self.render_melds()
        self.console.print(self.pile_line())
        self.render_rack()
        pending = self.pending_line()
        if pending is not None:
            self.console.print(pending)
        if self.seat not in obs["active"]:
            self.console.print(Text("you are out of the match: the bots play on", style="bold"))
        self.console.print(self.turn_line())

    def seat_entries(self) -> list[Text]:
        """``seat 1 (you) 13``, ``seat 2 (greedy) 11 opened``, ``seat 3 (greedy) out of the match``."""
        obs = self.obs
        entries = []
        for seat in range(obs["players"]):
            entry = Text(self.who(seat), style="bold" if seat == self.seat else "")
            if seat not in obs["active"]:
                entry.append(" out of the match", style=DIM)
            else:
                entry.append(f" {obs['hand_counts'][seat]}")
                if seat in obs["opened"]:
                    entry.append(" opened", style="green")
            entries.append(entry)
        return entries

    def render_melds(self) -> None:
        """``  3  seat 2 (greedy)  run  26  5♥ 6♥ JK[7♥] 8♥  closed``, one meld a line."""
        obs = self.obs
        if not obs["table"]:
            self.console.print(Text("table      no melds yet", style=DIM))
            return
        self.console.print(Text("table      number, owner, kind, value, cards", style=DIM))
        width = max(len(self.who(m["owner"])) for m in obs["table"])
        for meld in obs["table"]:
            owner, kind, value = self.who(meld["owner"]), meld["kind"], meld["value"]
            prefix = f"  {meld['number']:>2}  {owner:<{width}}  {kind:<3}  {value:>3}  "
            words = self.meld_words(meld["faces"], joker_stands(meld["faces"], meld["stands_for"]))
            if meld["closed"]:
                words.append(Text(" closed", style=DIM))
            if meld["number"] in obs["pending"]:
                words.append(Text(" (this turn, not open yet)", style=DIM))
            self.print_rows(self.hanging(prefix, words))

    def pile_line(self) -> Text:
        """The discard pile's top card, how many lie there, and whether you may take it."""
        obs = self.obs
        line = Text("discard pile  ")
        pile = obs["discards"]
        if not pile:
            return line.append("empty", style=DIM)
        line.append_text(self.view.piece(pile[-1], self.wilds))
        count = len(pile)
        line.append(f"  ({count} card{'s' if count != 1 else ''})", style=DIM)
        if obs["takeable"] is not None and obs["to_move"] == self.seat:
            line.append(f"  {self.view.glyphs.left} you may take it", style=DIM)
        return line

    def pending_line(self) -> Text | None:
        """This turn's melds toward the opening in a sentence, while they don't reach it; after a
        retract, that a meld now goes down only while the hand can still reach the opening."""
        obs = self.obs
        pending = obs["pending"]
        if obs["to_move"] != self.seat:
            return None
        open_min = self.rules.open_min
        if pending:
            value = sum(m["value"] for m in obs["table"] if m["number"] in pending)
            if not obs["retracted"]:
                todo = "meld more, or retract them"
            elif len(obs["hand"]) == 1:
                todo = "discard the last card"
            else:
                todo = "meld more (melds come back only once a turn)"
            return toward_opening(pending, value, open_min, todo)
        if obs["retracted"] and self.seat not in obs["opened"]:
            line = Text("this turn  you took your melds back (only once a turn), so a meld goes down ")
            line.append(f"only while the melds left in your hand can still make the {open_min} or go out: ")
            return line.append("meld toward it, or discard", style="bold")
        return None

    def turn_line(self) -> Text:
        """Whose turn it is and what they may do."""
        obs = self.obs
        if obs["to_move"] != self.seat:
            return Text(f"turn: {self.who(obs['to_move'])}")
        line = Text("your turn: ", style="bold")
        if obs["phase"] == "draw":
            line.append("draw from the stock")
            if obs["takeable"] is not None:
                line.append(", or take ").append_text(self.view.piece(obs["takeable"], self.wilds))
            return line
        if self.opened:
            return line.append(
                "meld, lay off (layoff N card), release a joker (release N card), then discard"
            )
        return line.append(f"meld ({self.rules.open_min} in melds this turn opens), then discard")


__all__ = ["KalookiClient"]
