"""Okey, the Turkish tile game (``okey.md``): the indicator, wild okeys, false jokers, seven pairs
and scores from 20 down, on the closed-hand family's engine (:mod:`rummykit.variants.closed_hand`)."""

from rummykit.core.pieces import Kind
from rummykit.variants.declaration import GamePackage

_FAMILY = "rummykit.variants.closed_hand"

GAME = GamePackage(
    name="okey",
    title="Okey",
    kind=Kind.TILES,
    order=1,
    rules_class=f"{__name__}.rules:OkeyRules",
    game_class=f"{__name__}.game:OkeyGame",
    options_help=f"{__name__}.options_help",
    bots={
        "greedy": f"{_FAMILY}.bots:GreedyBot",
        "search": f"{_FAMILY}.search:SearchBot",
        "expert": f"{_FAMILY}.expert:ExpertBot",
    },
    assist=f"{_FAMILY}.assist:ClosedHandAssist",
    terminal=f"{__name__}.terminal:OkeyClient",
    env=f"{__name__}.encoding:ENV",
    finish_kinds=("normal", "okey", "pairs", "okey+pairs"),
    wild_marker="indicator",
    seen_count=True,
)
