"""What the clients of the games with a public table of melds (Kalooki, Carousel, 101 Okey) share on
top of :class:`~rummykit.cli.terminal.TerminalClient`: numbered melds with their wilds declared
(``JK[7♥]``, ``R6[B10]``), the human's hand in their own order, events shown one line each, and a
round's end with every hand. By default the pieces are cards drawn like Turkish Rummy's (coloured
suits, symbols in a colour terminal, plain ``7H`` otherwise), only the jokers wild, and a hand's
points at a round's end counted card by card; a tile game's client gives its own view and wilds.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import Any

from rich.text import Text

from rummykit.cli.table_view import DIM, CardView, PieceView, glyphs_for
from rummykit.cli.terminal import GameT, TerminalClient, read_typed
from rummykit.core.melds import CARD_JOKERS, CardValues, Wilds
from rummykit.engine.game import RoundResult
from rummykit.messages import render, seat_name
from rummykit.session import round_result

OK_STYLE = "green"
BAD_STYLE = "bold red"


def joker_stands(
    faces: Sequence[int], stands_for: Sequence[int], wilds: Wilds = CARD_JOKERS
) -> list[int | None]:
    """What each piece of a meld stands for, for the ``wilds`` only (by default the jokers)."""
    return [s if wilds.is_wild(f) else None for f, s in zip(faces, stands_for, strict=True)]


def toward_opening(numbers: Sequence[int], counted: int, needed: int, todo: str, pairs: bool = False) -> Text:
    """This turn's melds (or ``pairs``) numbered ``numbers`` toward the opening, in a sentence: how
    far they go (``counted`` of the ``needed`` points, or pairs) and, in bold, what the player may
    do next (``todo``): ``this turn  your melds 2, 3 are worth 92 of the 101 you need to open: …``."""
    several = len(numbers) > 1
    word = ("pair" if pairs else "meld") + ("s" if several else "")
    listed = ", ".join(str(n) for n in numbers)
    amount = f"{counted} of the {needed} pairs" if pairs else f"worth {counted} of the {needed}"
    line = Text(f"this turn  your {word} {listed} {'are' if several else 'is'} {amount} you need to open: ")
    return line.append(todo, style="bold")


class TableClient(TerminalClient[GameT]):
    """A human seat in a game with a public table of numbered melds (by default of cards, no wild
    but the jokers: :meth:`default_view` and :attr:`wilds` say otherwise).

    Subclasses supply the commands, the table, and in :meth:`setup` the card values; this class
    draws pieces, melds and hands, shows events and the end of a round, and performs an action
    (recorded, then described).
    """

    rack_word = "hand"
    sort_ways = ("runs", "sets", "rank")
    scores_label = "scores"
    values: CardValues
    """Card values in hand (the points of a hand at a round's end; set in :meth:`setup`)."""

    # ------------------------------------------------------------------ commands
    def cmd_action(self, line: str) -> None:
        """A game action typed by the human (``d X`` is ``discard X``), played once
        :meth:`confirmed`; while the human is still to move, a draw or a take shows the rack and
        :meth:`turn_line` again, anything else the table."""
        action = read_typed(line, self.game.parse_action)
        if not self.confirmed(action):
            return
        self.perform(action)
        if self.to_move() != self.seat:
            return
        if self.game.action_parts(action)["verb"] in ("draw", "take"):
            self.render_rack()
            self.console.print(self.turn_line())
        else:
            self.render_table()

    def confirmed(self, action: Any) -> bool:
        """Whether to play ``action``, legal or not: yes, unless the game asks the human first."""
        return True

    @abstractmethod
    def turn_line(self) -> Text:
        """Whose turn it is and what they may do."""

    def default_view(self) -> PieceView:
        """Cards on the console (:class:`~rummykit.cli.table_view.CardView`)."""
        return CardView(glyphs_for(self.console))

    @property
    def rules(self) -> Any:
        """The game's rules."""
        return self.game.rules

    @property
    def wilds(self) -> Wilds:
        """Only the jokers are wild."""
        return CARD_JOKERS

    # ------------------------------------------------------------------ cards and melds
    def card(self, face: int, stands: int | None = None) -> Text:
        """A piece; a wild with the piece it stands for (``stands``): ``JK[7♥]``, ``R6[B10]``."""
        text = self.view.piece(face)
        if stands is not None:
            text.append("[", style=DIM).append_text(self.view.piece(stands)).append("]", style=DIM)
        return text

    def meld_text(self, faces: Sequence[int], stands: Sequence[int | None]) -> Text:
        """A meld's cards, jokers with what they stand for."""
        return Text(" ").join(self.card(f, s) for f, s in zip(faces, stands, strict=True))

    def meld_words(self, faces: Sequence[int], stands: Sequence[int | None]) -> list[Text]:
        """A meld's cards as words a line may be folded between."""
        return [self.card(f, s) for f, s in zip(faces, stands, strict=True)]

    def cards_text(self, faces: Sequence[int]) -> Text:
        """Cards space separated (``-`` for none)."""
        return self.view.pieces(faces)

    def points(self, faces: Sequence[int]) -> int:
        """The points of cards left in hand."""
        return sum(self.values.hand_value(f, CARD_JOKERS) for f in faces)

    def say(self, seat: int | None, text: Text | str) -> None:
        """``seat 2 (greedy) <text>``; pieces in ``text`` (a string) in their colours."""
        body = self.view.colour_text(text) if isinstance(text, str) else text
        if seat is None:
            self.console.print(body)
        else:
            self.console.print(Text(f"{self.who(seat)} ").append_text(body))

    def render_title(
        self, obs: dict[str, Any], game_name: str, *extra: str, rounds: int | None = None
    ) -> None:
        """A blank line, then a rule titled with the game, the round (``round 3 of 11`` in a
        match of ``rounds``), the dealer, the stock and ``extra``."""
        self.console.print()
        title = [
            game_name,
            f"round {obs['round']}" + ("" if rounds is None else f" of {rounds}"),
            f"dealer {self.who(obs['dealer'])}",
            f"stock {obs['stock_count']}",
            *extra,
        ]
        self.rule(self.view.glyphs.sep.join(title))

    def render_seats(self, prefix: str, entries: list[Text]) -> None:
        """One entry per seat after ``prefix``, separated, folded between entries."""
        sep = self.view.glyphs.sep.rstrip()
        words = [
            entry if i == len(entries) - 1 else entry.copy().append(sep, style=DIM)
            for i, entry in enumerate(entries)
        ]
        self.print_rows(self.hanging(prefix, words))

    # ------------------------------------------------------------------ performing
    def shown(self, seat: int, action: Any, before: dict[str, Any], events: list[dict[str, Any]]) -> None:
        """Describe the action; at a new round, wait for Enter in a terminal."""
        self.describe(seat, action, before, events)
        if self.session.round_no != before["round"] and not self.is_over():
            self.pause(f"press Enter to start round {self.session.round_no}")

    @abstractmethod
    def describe(self, seat: int, action: Any, before: dict[str, Any], events: list[dict[str, Any]]) -> None:
        """Show what ``seat``'s ``action`` did (``before``: the human's observation before it;
        ``events``: what the human learnt of it)."""

    def show_event(self, event: dict[str, Any]) -> None:
        """An event in one line after the seat's name (a text that starts with the seat, as
        ``seat 3 knocks``, said once); a round's end in full."""
        result = round_result(event)
        if result is not None:
            self.render_round_end(result)
            return
        seat, text = event["seat"], render(event["code"], event["params"])
        self.say(seat, text if seat is None else text.removeprefix(f"{seat_name(seat)} "))

    # ------------------------------------------------------------------ a round's end
    def round_end_hand(self, seat: int, hand: Sequence[int], result: RoundResult) -> list[Text] | None:
        """The hand with its points card by card (:meth:`hand_words`), for the seats in the round."""
        if not self.in_round(seat, result):
            return None
        return self.hand_words(hand, self.hand_extra(seat, result))

    change_label = "this round"
    total_label = "totals"

    def round_end_labels(self) -> tuple[str, str]:
        """:attr:`change_label` and :attr:`total_label`."""
        return self.change_label, self.total_label

    def in_round(self, seat: int, result: RoundResult) -> bool:
        """Whether ``seat`` played the round (Kalooki: not yet eliminated)."""
        return True

    def hand_extra(self, seat: int, result: RoundResult) -> tuple[int, str] | None:
        """Points added to a hand's value at a round's end, and why (Kalooki's hunt penalty)."""
        return None

    def hand_words(self, hand: Sequence[int], extra: tuple[int, str] | None = None) -> list[Text]:
        """``K♠ 7♥ JK  10+7+25 = 42 points`` (``out`` for an empty hand), with ``extra`` points
        added and named."""
        if not hand:
            return [Text("out, no cards left", style="bold")]
        faces = sorted(hand, key=self.view.colour_key)
        words = [self.view.piece(f) for f in faces]
        sums = "+".join(str(self.values.hand_value(f, CARD_JOKERS)) for f in faces)
        total = self.points(faces)
        if extra is not None:
            sums = f"{sums} = {total}, +{extra[0]} {extra[1]}"
            total += extra[0]
        words.append(Text(f" {sums} = {total} point{'s' if total != 1 else ''}", style=DIM))
        return words


__all__ = ["BAD_STYLE", "OK_STYLE", "TableClient", "joker_stands"]
