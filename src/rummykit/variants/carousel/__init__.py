"""Carousel: manipulation rummy with declared jokers and knocking (``carousel.md``): draw up to
three, rearrange the whole table, knock at 5 or less."""

from rummykit.core.pieces import Kind
from rummykit.variants.declaration import GamePackage

GAME = GamePackage(
    name="carousel",
    title="Carousel",
    kind=Kind.CARDS,
    order=4,
    rules_class=f"{__name__}.rules:CarouselRules",
    game_class=f"{__name__}.game:CarouselGame",
    options_help=f"{__name__}.options_help",
    bots={"greedy": f"{__name__}.bots:CarouselGreedyBot", "search": f"{__name__}.bots:CarouselSearchBot"},
    assist=f"{__name__}.assist:CarouselAssist",
    terminal=f"{__name__}.terminal:CarouselClient",
    env=f"{__name__}.encoding:ENV",
    table_solve=f"{__name__}.solve:solve_table",
    fixed_rounds=(),
    blunder_moves=frozenset({"draw"}),
)
