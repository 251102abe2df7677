"""Kalooki: 13-card rummy with public melds, a 51 opening, laying off and joker release
(``kalooki.md``)."""

from rummykit.core.pieces import Kind
from rummykit.variants.declaration import GamePackage

GAME = GamePackage(
    name="kalooki",
    title="Kalooki",
    kind=Kind.CARDS,
    order=3,
    rules_class=f"{__name__}.rules:KalookiRules",
    game_class=f"{__name__}.game:KalookiGame",
    options_help=f"{__name__}.options_help",
    bots={
        "greedy": f"{__name__}.bots:KalookiGreedyBot",
        "search": f"{__name__}.bots:KalookiSearchBot",
        "expert": f"{__name__}.expert:KalookiExpertBot",
    },
    assist=f"{__name__}.assist:KalookiAssist",
    terminal=f"{__name__}.terminal:KalookiClient",
    env=f"{__name__}.encoding:ENV",
    fixed_rounds=("match=rounds", "rounds={n}"),
    steady_verbs=frozenset({"meld", "retract"}),
)
