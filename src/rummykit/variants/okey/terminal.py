"""Okey in the terminal: the closed-hand client (:class:`~rummykit.variants.closed_hand.terminal.PlayClient`)
with Okey's view: coloured tiles, the indicator and the okey, one discard pile per seat, ``show``."""

from __future__ import annotations

from rich.text import Text

from rummykit.cli.table_view import WILD_MARK, Obs, Row, TileView, Who, glyphs_for
from rummykit.core.notation import format_face
from rummykit.core.pieces import Kind
from rummykit.variants.closed_hand.terminal import HELP, ClosedHandView, PlayClient, wilds_of
from rummykit.variants.okey.rules import OkeyRules
from rummykit.variants.tiles.options import DiscardHistory
from rummykit.variants.tiles.terminal import indicator_line, pile_rows


class OkeyView(ClosedHandView, TileView):
    """Okey: coloured tiles, the indicator and the okey, one discard pile per seat, ``show``."""

    title = "Okey"
    wild_finish = "okey finish"
    rules: OkeyRules

    def header_rows(self, obs: Obs, who: Who) -> list[Row]:
        """``indicator R5   okey R6 (wild, ...)   F = R6 (not wild)``."""
        return [("", [indicator_line(self, obs["indicator"], obs["okey"], wilds_of(obs))])]

    def pile_rows(self, obs: Obs, who: Who) -> list[Row]:
        """Every seat's tiles held and discard pile; the pile you may take from marked."""
        top_only = self.rules.discard_history is DiscardHistory.TOP_ONLY
        return pile_rows(self, obs, who, wilds_of(obs), top_only, obs["takeable_from"], self.take_note(obs))

    def turn_extra(self, obs: Obs, may_show: bool) -> Text | None:
        """``· you may show R5`` on the first turn when the indicator's twin may be shown."""
        if obs["first_turn"] and may_show:
            return Text(f"{self.glyphs.sep}you may show ").append_text(self.piece(obs["indicator"]))
        return None

    def hint_extra(self, obs: Obs, may_show: bool) -> list[Text]:
        """``you may show R5 ...`` when showing is legal."""
        if not may_show:
            return []
        name = format_face(Kind.TILES, obs["indicator"])
        return [self.command(f"you may show {name} (the indicator's twin): the others lose points")]

    def prepare_action(self, line: str, obs: Obs) -> str:
        """``show`` alone shows the indicator's twin."""
        words = line.split()
        if words[0].lower() == "show" and len(words) == 1 and ":" not in line:
            return f"show {format_face(Kind.TILES, obs['indicator'])}"
        return line

    def help_text(self) -> str:
        """Okey's commands, ``show`` included, and the tiles."""
        return HELP.format(
            noun="tile",
            a=self.example,
            take="take the tile the previous player just discarded",
            arrangement="R1 R2 R3 | B5 Y5 K5",
            extra="  show  (show R5)      first turn: show the indicator's twin, others lose\n",
            void="void round",
            suit="colour",
            legend="tiles: R red, Y yellow, B blue, K black, 1-13; F the false joker.\n"
            f"The okey is wild, marked {WILD_MARK} in your rack; brackets mark melds in your rack.",
        )


class OkeyClient(PlayClient):
    """Okey's terminal client: the closed-hand client with :class:`OkeyView`."""

    def default_view(self) -> OkeyView:
        """Okey's view for the console."""
        return OkeyView(self.game.rules, glyphs_for(self.console))
