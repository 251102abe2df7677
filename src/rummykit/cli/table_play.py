"""``rummykit play kalooki`` and ``rummykit play carousel``: the terminal clients of the games with
a public table of numbered melds.

The command (:func:`rummykit.cli.play.play`) builds the client here for any game that is not a
closed-hand game: :class:`~rummykit.variants.kalooki.terminal.KalookiClient` (melds, lay-offs, joker
release, the 51 opening) or :class:`~rummykit.variants.carousel.terminal.CarouselClient` (a draft of the new
table built step by step, then committed as one meld). Both stand on
:class:`~rummykit.cli.table_common.TableClient` (cards, numbered melds, declared jokers, hands and
rounds' ends) and :class:`~rummykit.cli.terminal.TerminalClient` (the loop, the input, the rack,
quitting), which the closed-hand client shares.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console

from rummykit.cli.seat_link import SeatLink
from rummykit.cli.terminal import TerminalClient
from rummykit.errors import RummykitError


def table_client(
    link: SeatLink, console: Console, read_line: Callable[[str], str], interactive: bool
) -> TerminalClient[Any]:
    """The client of the link's game for its seat (input echoed unless ``interactive``); raises
    :class:`RummykitError` for a game without one. The clients are imported here, so the command
    line loads a game's client only when it is played."""
    from rummykit.variants.carousel.game import CarouselGame
    from rummykit.variants.carousel.terminal import CarouselClient
    from rummykit.variants.kalooki.game import KalookiGame
    from rummykit.variants.kalooki.terminal import KalookiClient

    game = link.game
    if isinstance(game, KalookiGame):
        return KalookiClient(link, console, read_line, interactive=interactive, echo_input=not interactive)
    if isinstance(game, CarouselGame):
        return CarouselClient(link, console, read_line, interactive=interactive, echo_input=not interactive)
    raise RummykitError(f"{type(game).__name__} can't be played in the terminal yet")


__all__ = ["table_client"]
