"""Turkish Rummy: Okey played with two card decks and two jokers (``turkish-rummy.md``): the card
draw for the order of play, the up card, penalties counted from 0 and the stalemate, on the
closed-hand family's engine (:mod:`rummykit.variants.closed_hand`)."""

from rummykit.core.pieces import Kind
from rummykit.variants.declaration import GamePackage

_FAMILY = "rummykit.variants.closed_hand"

GAME = GamePackage(
    name="turkish_rummy",
    title="Turkish Rummy",
    kind=Kind.CARDS,
    order=2,
    rules_class=f"{__name__}.rules:TurkishRummyRules",
    game_class=f"{__name__}.game:TurkishRummyGame",
    options_help=f"{__name__}.options_help",
    bots={
        "greedy": f"{_FAMILY}.bots:GreedyBot",
        "search": f"{_FAMILY}.search:SearchBot",
        "expert": f"{_FAMILY}.expert:ExpertBot",
    },
    assist=f"{_FAMILY}.assist:ClosedHandAssist",
    terminal=f"{__name__}.terminal:TurkishRummyClient",
    env=f"{__name__}.encoding:ENV",
    wild_marker="up_card",
    seen_count=True,
)
