"""101 Okey: the Turkish tile game with public melds opened at 101 or with five pairs, lay-offs,
okeys freed from the table and penalty scores with doublings (``okey-101.md``)."""

from rummykit.core.pieces import Kind
from rummykit.variants.declaration import GamePackage

GAME = GamePackage(
    name="okey_101",
    title="101 Okey",
    kind=Kind.TILES,
    order=5,
    rules_class=f"{__name__}.rules:Okey101Rules",
    game_class=f"{__name__}.game:Okey101Game",
    options_help=f"{__name__}.options_help",
    bots={"greedy": f"{__name__}.bots:GreedyBot", "search": f"{__name__}.search:SearchBot"},
    assist=f"{__name__}.assist:Okey101Assist",
    hand_solve=f"{__name__}.report:solve_hand",
    position_solve=f"{__name__}.report:solve_position",
    terminal=f"{__name__}.terminal:Okey101Client",
    env=f"{__name__}.encoding:ENV",
    finish_kinds=("normal", "hand", "pairs", "okey", "hand+okey", "pairs+okey"),
    wild_marker="indicator",
    seen_count=True,
    steady_verbs=frozenset({"meld", "pair", "retract"}),
)
