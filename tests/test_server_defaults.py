"""The turn timer's default move in every game (:meth:`Game.timeout_action`): draw, then discard the
drawn piece (Okey, Turkish Rummy, Kalooki) or end the turn (Carousel)."""

from __future__ import annotations

import pytest

import rummykit
from rummykit.core.notation import format_face
from rummykit.server.defaults import drawn_face

GAMES = {"okey": "discard", "turkish_rummy": "discard", "kalooki": "discard", "carousel": "end"}


@pytest.mark.parametrize("variant", list(GAMES))
def test_the_timed_out_turn_draws_then_lets_go(variant: str) -> None:
    game = rummykit.load(variant)
    state = game.new_state(5)
    for _ in range(200):
        seat = game.current_seat(state)
        assert seat is not None
        texts = [game.action_text(a) for a in game.legal_actions(state, seat)]
        if "draw" in texts:
            break
        game.apply(state, seat, game.timeout_action(state, seat, False, None))
    first = game.timeout_action(state, seat, True, None)
    assert game.action_text(first) == "draw"
    events = game.apply(state, seat, first)
    drawn = drawn_face(game.kind, game.events_for(events, seat), game.events_for(events, None))
    assert drawn is not None
    assert game.current_seat(state) == seat
    texts = [game.action_text(a) for a in game.legal_actions(state, seat)]
    second = game.action_text(game.timeout_action(state, seat, False, drawn))
    if GAMES[variant] == "discard":
        assert second == f"discard {format_face(game.kind, drawn)}"
    else:
        assert second == ("end" if "end" in texts else "draw")
    for _ in range(3):
        if game.current_seat(state) != seat:
            break
        game.apply(state, seat, game.timeout_action(state, seat, False, drawn))
    assert game.current_seat(state) != seat
