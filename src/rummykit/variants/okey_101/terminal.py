"""``rummykit play okey_101``: 101 Okey in the terminal, seat 0 against bots (``okey-101.md``), and
the same client at a server's table (``rummykit connect``).

The screen shows the indicator and the okey, the penalty scores, the table's melds grouped by
owner (each with its number, kind, value and tiles, an okey with the tile it stands for,
``R6[B10]``), every seat's discard pile with the tile the human may take, this turn's melds toward
the opening (``open_min`` points, or ``pairs_open_min`` pairs) and the best opening the rack holds
while the human has not opened, the rack in two rows with a bracket under each meld, and whose turn
it is. The player types the engine's actions (``draw``, ``take``, ``open``, ``meld``, ``pair``,
``retract``, ``layoff``, ``swap``, ``discard``) and the client's own commands (``hint``, ``sort``,
``move``, ``auto``, ``table``, ``help``, ``quit``). A discard that would be fined (an ``işlek``
tile, one the table's sets and runs take, or an okey) is asked about first; saying no changes
nothing. Every round's end names the finish, each multiplier and fine in words and every hand's
points, then the score sheet of the rounds so far.

Everything comes from the human's observation, legal actions and events (the session): the table
questions (which tiles are ``işlek``, what the rack opens with) are the solver's, asked of the
melds the observation shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from rummykit.bots.registry import make_bot
from rummykit.cli.table_common import TableClient, joker_stands, toward_opening
from rummykit.cli.table_view import DIM, WILD_MARK, TileView, glyphs_for
from rummykit.core.melds import Wilds
from rummykit.engine.game import RoundResult
from rummykit.engine.table import TableMeld
from rummykit.messages import render
from rummykit.variants.okey_101.actions import Okey101Action, Verb
from rummykit.variants.okey_101.game import Okey101Game
from rummykit.variants.okey_101.report import hand_report, report_text
from rummykit.variants.okey_101.rules import DiscardHistory, Okey101Rules, TakeDiscard
from rummykit.variants.okey_101.solver import islek_discards, layoff_options
from rummykit.variants.tiles.terminal import indicator_line, pile_rows

HELP = """\
commands
  draw                 take the top tile of the stock
  take                 take the tile the previous player just discarded{take_note}
  open R1 R2 R3 | K9 Y9 B9   open at once (el açmak): sets and runs, or pairs
  meld R5 R6 R7        lay one set or run (per, seri); before opening it counts toward the opening
  meld B8 B9 R6[B10]   an okey in a run names the tile it stands for; in a set just R6
  pair B4 B4           lay one pair (çift); before opening it counts toward a pairs opening
  retract              take back this turn's melds or pairs while they don't open, or give back
                       a taken tile not yet laid (you draw instead), once a turn
  layoff 3 B10         add tiles to meld 3 once you have opened (işlemek); layoff 3 R6[B11]
  swap 3 B10           put B10 in place of meld 3's okey and take the okey
  discard R7  (d R7)   end your turn; discarding your last tile finishes
  sort runs            melds side by side, runs first; the rest by colour
  sort sets            melds side by side, sets first; the rest by number
  sort pairs           pairs side by side, the rest by colour
  sort                 by colour and number
  move R7 3            move a tile (or: move 5 3, by position) to position 3
  hint                 the greedy bot's move, your best opening, pairs, lay-offs, işlek tiles
  auto                 let the greedy bot make your move
  table                show the table again
  help                 this list
  quit                 leave the game (asks first)
opening: sets and runs worth {open_min} or more in one turn{pairs_rule}; or every tile
but one in one turn (elden bitmek). Then lay melds, lay off on anyone's sets and runs, free okeys.
fines: +{playable} for discarding a tile the table's sets and runs take (işlek taş), +{okey_fine} for
discarding an okey (you are asked first); a finishing discard is never fined.
tiles: R red, Y yellow, B blue, K black, 1-13; F the false joker (the okey's tile, not wild).
The okey is wild, marked {mark} in your rack; brackets mark melds (or pairs) in your rack."""

OPENED_WORDS = {"none": "not opened", "melds": "opened with melds", "pairs": "opened with pairs"}
"""A seat's opening as the observation's ``opened`` names it, in words."""
FINISH_WORDS = {
    "hand": "a hand finish (elden bitmek)",
    "pairs": "a pairs finish",
    "okey": "an okey finish",
}
"""The parts of a finish's kind (``hand+pairs+okey``) in words."""
HAND_NOTES = frozenset({"okey_101.finisher_points", "okey_101.unopened_points", "okey_101.hand_points"})
"""The round-result notes that score one seat's hand."""
FINE_NOTES = frozenset({"okey_101.fine_playable", "okey_101.fine_okey"})
"""The round-result notes of the fines incurred during the round."""


class Okey101Client(TableClient[Okey101Game]):
    """One human seat in a 101 Okey match (module docstring)."""

    action_verbs = frozenset(v.value for v in Verb)
    rack_word = "rack"
    rack_rows = 2
    sort_ways = ("runs", "sets", "pairs")
    change_label = "penalty points"
    total_label = "totals"

    rules: Okey101Rules

    def setup(self) -> None:
        """The greedy bot that gives the hints, and the score sheet (each round seen: its number,
        kind and score changes)."""
        self.advisor = make_bot("greedy", self.game, 0)
        self.sheet: list[RoundResult] = []

    def default_view(self) -> TileView:
        """Okey's coloured tiles."""
        return TileView(glyphs_for(self.console))

    @property
    def wilds(self) -> Wilds:
        """The round's okeys (a false joker stands for the okey's tile)."""
        return self.game.book.wilds(self.obs["okey"])

    @property
    def opened(self) -> str:
        """How the human has opened: ``none``, ``melds`` or ``pairs``."""
        opened: str = self.obs["opened"][self.seat]
        return opened

    def table_melds(self) -> list[TableMeld]:
        """The table's melds as the observation shows them, for the solver's questions."""
        return self.game.book.view_melds(self.obs["table"], self.obs["okey"])

    # ------------------------------------------------------------------ commands
    def prompt_text(self) -> str:
        """``you (draw or take) >`` or what the human may do in the table play."""
        if self.obs["phase"] == "draw":
            return "you (draw or take) > "
        if self.opened == "none":
            return "you (open, meld, pair or discard) > "
        return "you (meld, lay off, swap or discard) > "

    def help_text(self) -> str:
        """The commands, the opening, the fines and the tiles."""
        rules = self.rules
        pairs = f", or {rules.pairs_open_min} pairs or more" if rules.pairs_open_min else ""
        use_now = rules.take_discard is TakeDiscard.USE_NOW
        return HELP.format(
            take_note=", only to lay it this turn" if use_now else "",
            open_min=rules.open_min,
            pairs_rule=pairs,
            playable=rules.playable_discard_penalty,
            okey_fine=rules.okey_discard_penalty,
            mark=WILD_MARK,
        )

    def confirmed(self, action: Okey101Action) -> bool:
        """Whether to play ``action``: yes, unless it is a discard that would be fined
        (:meth:`fine_warning`) and the human, told why, doesn't answer yes (no leaves everything
        as it was)."""
        warning = self.fine_warning(action)
        if warning is None or action.face is None:
            return True
        self.console.print(self.view.colour_text(warning))
        if self.ask("discard it anyway? [y/N] ").strip().lower() in ("y", "yes"):
            return True
        self.console.print(self.view.colour_text(f"kept {self.name(action.face)}: nothing changed"))
        return False

    def fine_warning(self, action: Okey101Action) -> str | None:
        """Why the legal discard ``action`` would be fined (the tile is an okey, or a set or run of
        the table takes it: ``işlek``), else ``None`` (not a discard, not legal now, the last tile,
        which finishes, or no fine at this table)."""
        if action.verb is not Verb.DISCARD or action.face is None or action not in self.session.legal:
            return None
        obs, face, rules = self.obs, action.face, self.rules
        if len(obs["hand"]) == 1:
            return None
        name = self.name(face)
        if face == obs["okey"]:
            if rules.okey_discard_penalty:
                return f"{name} is an okey: discarding it costs +{rules.okey_discard_penalty}"
            return None
        if not rules.playable_discard_penalty:
            return None
        table, okey = self.table_melds(), obs["okey"]
        if not islek_discards(self.game.book, table, [face], okey):
            return None
        numbers = sorted(
            {o.number for o in layoff_options(self.game.book, table, [face], okey) if o.tile[1] is None}
        )
        where = ", ".join(str(n) for n in numbers)
        return (
            f"{name} could be laid off on meld{'s' if len(numbers) > 1 else ''} {where} (işlek): "
            f"discarding it costs +{rules.playable_discard_penalty}"
        )

    def cmd_hint(self, args: list[str]) -> None:
        """The greedy bot's move, then the solver's answers for the rack on this table: the best
        opening, the most pairs, a hand finish, the lay-offs (once opened) and the ``işlek``
        tiles."""
        if not self.session.my_turn:
            self.error("it is not your turn")
            return
        obs = self.obs
        choice = self.advisor.choose(obs, self.session.legal)
        self.console.print(self.view.command(f"hint: {self.game.action_text(choice)}"))
        data = hand_report(self.rules, obs["hand"], obs["indicator"], self.table_melds())
        if self.opened == "none":
            data["layoffs"] = None  # lay-offs come after the opening: none to suggest yet
        for line in report_text(data).splitlines()[1:]:
            self.console.print(self.view.colour_text(line))

    # ------------------------------------------------------------------ what happened
    def describe(self, seat: int, action: Any, before: dict[str, Any], events: list[dict[str, Any]]) -> None:
        """The engine's events, one line each (the human's draw names the tile; a fine says what
        for); a round's end in full."""
        for event in events:
            code, params = event["code"], event["params"]
            if code == "okey_101.draw" and "tile" in params:
                self.say(event["seat"], f"draws {params['tile']} from the stock")
            elif code == "okey_101.fined_playable":
                self.say(
                    event["seat"],
                    f"is fined +{params['points']}: {params['tile']} could be laid off (işlek taş)",
                )
            elif code == "okey_101.fined_okey":
                self.say(event["seat"], f"is fined +{params['points']} for discarding an okey")
            elif code != "match_over":
                self.show_event(event)

    # ------------------------------------------------------------------ the table
    def render_table(self) -> None:
        """The title, the indicator and okey, the scores, the melds by owner, the discard piles,
        the opening, the rack and whose turn it is."""
        obs = self.obs
        if obs["to_move"] is None:
            return
        self.render_title(obs, "101 Okey", rounds=self.rules.rounds)
        self.console.print(indicator_line(self.view, obs["indicator"], obs["okey"], self.wilds))
        self.console.print(self.scores_line("penalties  ", obs["scores"], signed=False))
        self.render_melds()
        take_from = self.game.previous_seat(obs["to_move"])
        top_only = self.rules.discard_history is DiscardHistory.TOP_ONLY
        for prefix, words in pile_rows(
            self.view, obs, self.who, self.wilds, top_only, take_from, self.take_note()
        ):
            self.print_rows(self.hanging(prefix, words))
        for line in self.fines_lines():
            self.console.print(line)
        for line in self.opening_lines():
            self.console.print(line)
        self.render_rack()
        self.console.print(self.turn_line())

    def render_melds(self) -> None:
        """The table's melds grouped by owner (``   3  run   27  R8 R9 R6[R10]``), then the seats
        with none."""
        obs = self.obs
        if not obs["table"]:
            self.console.print(Text("table      no melds yet", style=DIM))
            return
        self.console.print(Text("table      melds by owner: number, kind, value, tiles", style=DIM))
        owners = [s for s in range(obs["players"]) if any(m["owner"] == s for m in obs["table"])]
        for seat in owners:
            state = OPENED_WORDS[obs["opened"][seat]]
            if obs["opened"][seat] == "none":
                state = "this turn, not open yet"
            self.console.print(Text(f"  {self.who(seat)}  ").append(state, style=DIM))
            for meld in obs["table"]:
                if meld["owner"] != seat:
                    continue
                value = f"{meld['value']:>3}" if meld["kind"] != "pair" else "  -"
                prefix = f"    {meld['number']:>2}  {meld['kind']:<4}  {value}  "
                stands = joker_stands(meld["faces"], meld["stands_for"], self.wilds)
                self.print_rows(self.hanging(prefix, self.meld_words(meld["faces"], stands)))
        rest = [self.who(s) for s in range(obs["players"]) if s not in owners]
        if rest:
            self.console.print(Text(f"  not opened: {', '.join(rest)}", style=DIM))

    def take_note(self) -> list[Text]:
        """``← you may take X`` (only to lay it this turn, under ``take_discard=use_now``) while the
        human may take the previous player's discard."""
        obs = self.obs
        if obs["takeable"] is None or not self.session.can("take"):
            return []
        note = Text(f" {self.view.glyphs.left} you may take ", style=DIM)
        note.append_text(self.view.piece(obs["takeable"], self.wilds))
        if self.rules.take_discard is TakeDiscard.USE_NOW:
            note.append(" to lay it this turn", style=DIM)
        return [note]

    def fines_lines(self) -> list[Text]:
        """This round's fines so far, one line each."""
        lines = []
        for fine in self.obs["fines"]:
            what = "could be laid off (işlek taş)" if fine["kind"] == "playable" else "is an okey"
            tile = self.name(fine["tile"])
            lines.append(
                self.view.colour_text(
                    f"fine       {self.who(fine['seat'])} discarded {tile}, which {what}: "
                ).append(f"+{fine['points']}", style="bold")
            )
        return lines

    def opening_lines(self) -> list[Text]:
        """The human's way to the opening: this turn's melds or pairs toward it, the tiles that
        must go on the table, and while not opened the best the rack holds."""
        obs, rules = self.obs, self.rules
        if obs["to_move"] != self.seat:
            return []
        lines = []
        pending = [m for m in obs["table"] if m["number"] in obs["pending"]]
        if pending:
            lines.append(self.pending_line(pending))
        elif obs["retracted"] and self.opened == "none":
            line = Text("this turn  you retracted (only once a turn), so a meld goes down ")
            line.append("only while the rest of your rack can still bring it to the opening or a finish: ")
            lines.append(line.append("lay toward it, or discard", style="bold"))
        if obs["must_place"]:
            tiles = " ".join(self.name(f) for f in obs["must_place"])
            lines.append(
                self.view.colour_text(f"must lay   {tiles} on the table this turn, before the discard")
            )
        if self.opened == "none":
            solver, wilds = self.game.solver, self.wilds
            best = solver.best_opening(obs["hand"], wilds)
            line = Text(f"your rack  best sets and runs worth {best.value} of {rules.open_min}")
            if rules.pairs_open_min:
                pairs = len(solver.most_pairs(obs["hand"], wilds))
                line.append(f", {pairs} of {rules.pairs_open_min} pairs")
            lines.append(line.append("  (hint shows them)", style=DIM))
        else:
            lines.append(Text(f"you        {OPENED_WORDS[self.opened]}", style=DIM))
        return lines

    def pending_line(self, pending: list[dict[str, Any]]) -> Text:
        """This turn's melds or pairs toward the opening, ``pending`` (their views), in a
        sentence (:func:`~rummykit.cli.table_common.toward_opening`)."""
        numbers = [m["number"] for m in pending]
        if not self.obs["retracted"]:
            todo = "lay more, or retract them"
        elif len(self.obs["hand"]) == 1:
            todo = "discard the last tile"
        else:
            todo = "lay more (melds come back only once a turn)"
        if pending[0]["kind"] == "pair":
            return toward_opening(numbers, len(pending), self.rules.pairs_open_min, todo, pairs=True)
        return toward_opening(numbers, sum(m["value"] for m in pending), self.rules.open_min, todo)

    def turn_line(self) -> Text:
        """Whose turn it is and what they may do."""
        obs = self.obs
        if obs["to_move"] != self.seat:
            return Text(f"turn: {self.who(obs['to_move'])}")
        line = Text("your turn: ", style="bold")
        if obs["phase"] == "draw":
            line.append("draw from the stock")
            if obs["takeable"] is not None and self.session.can("take"):
                line.append(", or take ").append_text(self.view.piece(obs["takeable"], self.wilds))
            return line
        if self.opened == "none":
            return line.append("open (meld and pair one at a time, or open ... at once), then discard")
        if self.opened == "pairs":
            return line.append("lay pairs, lay off (layoff N tile), free an okey (swap N tile), then discard")
        return line.append("lay melds, lay off (layoff N tile), free an okey (swap N tile), then discard")

    # ------------------------------------------------------------------ a round's end
    def render_round_end(self, result: RoundResult) -> None:
        """The round's end (:meth:`round_end_notes`, every hand, the changes, the totals), then the
        score sheet of the rounds seen."""
        self.sheet.append(result)
        super().render_round_end(result)

    def round_end_notes(self, result: RoundResult) -> list[Text]:
        """How the round ended, the multiplier with each of its factors, and every fine, in words."""
        if result.kind == "void":
            return [self.view.colour_text(n) for n in result.explanation] + [
                Text("nobody scores; the round is dealt again by the same dealer", style=DIM)
            ]
        if result.winner is None:
            lines = [Text("the stock ran out: every hand is scored, with no finish to multiply it (M = 1)")]
        else:
            kinds = [FINISH_WORDS[k] for k in result.kind.split("+") if k in FINISH_WORDS]
            line = Text(f"{self.who(result.winner)} finishes")
            if result.finishing_discard is not None:
                line.append(", discarding ").append_text(self.view.piece(result.finishing_discard))
            line.append(f" with {' and '.join(kinds)}" if kinds else ": a normal finish")
            lines = [line]
        factor = self.multiplier(result)
        for note in result.notes:
            if note["code"] == "okey_101.multiplier":
                terms = ", ".join(render(t["code"], t.get("params", {})) for t in note["params"]["terms"])
                how = "multiplied together" if self.rules.stack_multipliers else "the largest applies"
                lines.append(Text(f"multiplier x{factor}: {terms} ({how})", style="bold"))
        for note in result.notes:
            if note["code"] in FINE_NOTES:
                params = note["params"]
                what = (
                    "which could be laid off (işlek taş)" if note["code"].endswith("playable") else "an okey"
                )
                who, tile = self.who(params["seat"]), params["tile"]
                text = f"fine: {who} discarded {tile}, {what}: +{params['points']}"
                lines.append(self.view.colour_text(text))
        return lines

    @staticmethod
    def multiplier(result: RoundResult) -> int:
        """The round's multiplier M (1 when nothing multiplied)."""
        factor: int = next(
            (n["params"]["factor"] for n in result.notes if n["code"] == "okey_101.multiplier"), 1
        )
        return factor

    def round_end_hand(self, seat: int, hand: Sequence[int], result: RoundResult) -> list[Text] | None:
        """``seat``'s tiles left (okeys marked) and its points in words: the finisher's bonus, the
        unopened penalty, or the tiles, each with the multipliers that apply and why (the note's
        ``factors``), plus each okey kept; a void round's hands are not shown."""
        if result.kind == "void":
            return None
        okey = result.wilds[0] if result.wilds else self.obs["okey"]
        wilds = self.game.book.wilds(okey)
        words = [self.view.piece(f, wilds, mark=True) for f in sorted(hand, key=self.view.colour_key)]
        note = next(
            (n for n in result.notes if n["code"] in HAND_NOTES and n["params"]["seat"] == seat), None
        )
        if note is None:
            return words
        params = note["params"]
        times = "".join(f" {render(f['code'], f['params'])}," for f in params["factors"]).rstrip(",")
        if note["code"] == "okey_101.finisher_points":
            text = f"finished: {params['bonus']}{times}"
        elif note["code"] == "okey_101.unopened_points":
            text = f"not opened: {params['penalty']}{times}"
        else:
            text = f"{params['total']} in tiles{times}"
            okeys = params["okeys"]
            if okeys:
                text += f" + {params['fine']} for {okeys} okey{'s' if okeys > 1 else ''} kept"
        text += f" = {params['points']}"
        return [*words, Text(f"  {text}" if words else text, style="bold" if seat == self.seat else DIM)]

    def round_end_extra(self, result: RoundResult) -> list[Text]:
        """The score sheet: each round seen with its score changes, then the totals."""
        names = [self.who(s) for s in range(len(result.deltas))]
        width = max(6, *(len(n) for n in names))
        lines = [Text("score sheet" + "".join(f"  {n:>{width}}" for n in names), style="bold")]
        for past in self.sheet:
            kind = {"void": "void, dealt again", "stock": "stock ran out"}.get(
                past.kind, f"{past.kind} finish"
            )
            cells = "".join(
                f"  {d:>+{width}d}" if past.kind != "void" else f"  {'-':>{width}}" for d in past.deltas
            )
            lines.append(Text(f"  round {past.round_no:<3}{cells}").append(f"  {kind}", style=DIM))
        totals = "".join(f"  {t:>{width}d}" for t in self.totals())
        lines.append(Text(f"  {'totals':<9}{totals}", style="bold"))
        return lines


__all__ = ["Okey101Client"]
