"""The default move a turn timer plays when a person's time runs out.

One rule for every game, by action text, the first legal one of:

1. at the start of the timed-out turn: ``draw`` (the top of the stock; never the discard);
2. ``discard P`` where ``P`` is the piece just drawn by the timeout (Okey, Turkish Rummy,
   Kalooki: the drawn piece goes straight back out);
3. ``end`` (Carousel: end the turn without melding);
4. ``pass`` (Okey, Turkish Rummy with an empty stock: decline the discard);
5. ``draw`` (Carousel: the turn's next card, when it can't end yet; never a meld);
6. the first legal ``discard`` (a turn that had already drawn before the time ran out);
7. the first legal action.

The server keeps playing defaults for the same seat until its turn is over (at most
:data:`MAX_DEFAULT_STEPS` actions): Okey, Turkish Rummy and Kalooki ``draw`` then
``discard <the drawn piece>``; Carousel ``draw`` then ``end`` where the rules allow it, else its
draws until the turn ends (at most three). Every default move is marked ``timed_out`` for all to
see.
"""

from __future__ import annotations

from typing import Any

from rummykit.engine.game import Game
from rummykit.engine.state import State

MAX_DEFAULT_STEPS = 3
"""Most actions a timeout plays for one turn."""


def default_action(game: Game[Any, Any], state: State, seat: int, first: bool, drawn: str | None) -> Any:
    """The default move of ``seat`` (see the module docstring): ``first`` is whether it opens the
    timed-out turn, ``drawn`` the piece (notation) the timeout drew, if any. ``None`` when ``seat``
    has no legal action."""
    legal = game.legal_actions(state, seat)
    if not legal:
        return None
    by_text = {game.action_text(a): a for a in legal}
    wanted = ["draw"] if first else []
    if drawn is not None:
        wanted.append(f"discard {drawn}")
    wanted += ["end", "pass", "draw"]
    for text in wanted:
        if text in by_text:
            return by_text[text]
    for text, action in by_text.items():
        if text.startswith("discard "):
            return action
    return legal[0]


def drawn_piece(own: list[dict[str, Any]], public: list[dict[str, Any]]) -> str | None:
    """The piece a seat learnt it drew: the first text parameter of an action's events that the
    seat's view (``own``, ``game.events_for(events, seat)``) has and the public view (``public``,
    ``game.events_for(events, None)``) lacks."""
    for mine, theirs in zip(own, public, strict=True):
        for key, value in mine["params"].items():
            if key not in theirs["params"] and isinstance(value, str):
                return value
    return None
