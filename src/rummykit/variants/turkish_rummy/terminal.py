"""Turkish Rummy in the terminal: the closed-hand client
(:class:`~rummykit.variants.closed_hand.terminal.PlayClient`) with Turkish Rummy's view: cards, the
order-of-play draw, the up card, one shared discard pile, penalties."""

from __future__ import annotations

from rich.text import Text

from rummykit.cli.table_view import DIM, WILD_MARK, CardView, Obs, Row, Who, glyphs_for, split_words
from rummykit.core.pieces import JOKER
from rummykit.messages import seat_name
from rummykit.variants.closed_hand.terminal import HELP, ClosedHandView, PlayClient, wilds_of
from rummykit.variants.turkish_rummy.rules import TurkishRummyRules


class TurkishRummyView(ClosedHandView, CardView):
    """Turkish Rummy: cards with red and black suits, the order-of-play draw, the up card, one shared
    discard pile, penalties."""

    title = "Turkish Rummy"
    wild_finish = "joker finish"
    scores_label = "penalties"
    change_label = "this round"
    total_label = "penalties now"
    rules: TurkishRummyRules

    def header_rows(self, obs: Obs, who: Who) -> list[Row]:
        """The draw for the order of play, and the up card with what its twin costs."""
        rows: list[Row] = [("order of play  ", self.order_words(obs))]
        wilds = wilds_of(obs)
        line = self.piece(obs["up_card"]).append(" (out of play)", style=DIM)
        penalty = self.rules.up_card_penalty
        if penalty:
            line.append(f"   its twin in a hand at the round's end: every opponent {penalty:+d}")
            if obs["up_card"] in obs["hand"]:
                line.append(" (you hold it)", style="bold")
        line.append("   ").append_text(self.piece(JOKER, wilds))
        others = sorted(f for f in wilds.faces if f != JOKER)
        if others:
            line.append(" and ").append_text(self.pieces(others, wilds))
            line.append(" (the card above the up card)", style=DIM)
        line.append(f" wild, marked {WILD_MARK} in your rack", style=DIM)
        return [*rows, ("up card ", split_words(line))]

    def order_words(self, obs: Obs) -> list[Text]:
        """``seat 3 drew K♠, you drew JK then 7♥, seat 2 redrew 9♣ (tie), ... → seat 3, you, ...``:
        every card drawn for this round's order of play, then the order."""

        def short(seat: int) -> str:
            return "you" if seat == obs["seat"] else seat_name(seat)

        segments: list[list[tuple[int, int]]] = []
        for pair in obs["order_draws"]:
            draw = (int(pair[0]), int(pair[1]))
            if segments and segments[-1][-1][0] == draw[0] and segments[-1][-1][1] == JOKER:
                segments[-1].append(draw)
            else:
                segments.append([draw])
        words: list[Text] = []
        seen: set[int] = set()
        for i, segment in enumerate(segments):
            seat = segment[0][0]
            again = seat in seen
            seen.add(seat)
            word = Text(f"{short(seat)} {'redrew' if again else 'drew'} ")
            for j, (_, face) in enumerate(segment):
                if j:
                    word.append(" then ")
                word.append_text(self.piece(face))
            if again:
                word.append(" (tie)", style=DIM)
            if i < len(segments) - 1:
                word.append(",")
            words.append(word)
        order = ", ".join(short(s) for s in obs["order"])
        words.append(Text(f"{self.glyphs.right} {order}", style="bold"))
        return words

    def pile_rows(self, obs: Obs, who: Who) -> list[Row]:
        """How many cards each seat holds, then the shared discard pile (bottom first) and the card
        you may take."""
        held = Text("in hand    ")
        for seat in range(obs["players"]):
            if seat:
                held.append(self.glyphs.sep, style=DIM)
            name = "you" if seat == obs["seat"] else seat_name(seat)
            held.append(f"{name} {obs['hand_counts'][seat]}", style="bold" if seat == obs["seat"] else "")
        pile = obs["discards"][0]
        words = [self.piece(f, wilds_of(obs)) for f in pile] or [Text("-", style=DIM)]
        note = self.take_note(obs) if obs["takeable_from"] == 0 else []
        if note:
            words += note
        elif pile:
            words.append(Text(f" {self.glyphs.left} top", style=DIM))
        return [("", [held]), ("discard pile  ", words)]

    def help_text(self) -> str:
        """Turkish Rummy's commands and the cards."""
        symbols = (
            ", or with symbols ♠ ♥ ♦ ♣ (type 7H or 7♥)"
            if self.glyphs.unicode
            else " (spades, hearts, diamonds, clubs)"
        )
        return HELP.format(
            noun="card",
            a=self.example,
            take="take the top card of the discard pile",
            arrangement="AS 2S 3S | 5H 5D 5C",
            extra="",
            void="stalemate",
            suit="suit",
            legend=f"cards: rank A 2-9 T J Q K (T is ten), suit S H D C{symbols}; JK the joker.\n"
            f"Jokers are wild, marked {WILD_MARK} in your rack; brackets mark melds in your rack.",
        )


class TurkishRummyClient(PlayClient):
    """Turkish Rummy's terminal client: the closed-hand client with :class:`TurkishRummyView`."""

    def default_view(self) -> TurkishRummyView:
        """Turkish Rummy's view for the console."""
        return TurkishRummyView(self.game.rules, glyphs_for(self.console))
