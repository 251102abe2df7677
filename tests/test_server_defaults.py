"""The turn timer's default move in every game (:meth:`Game.timeout_action`): draw, then discard the
drawn piece (Okey, Turkish Rummy, Kalooki) or end the turn (Carousel); where that is a discard, the
server plays its bot's choice among the discards (:mod:`rummykit.server.defaults`)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rummykit
from rummykit.bots.registry import make_bot
from rummykit.core.notation import format_face, parse_face
from rummykit.core.pieces import JOKER
from rummykit.server.bots import choose
from rummykit.server.defaults import MAX_DEFAULT_STEPS, TIMER_BOT, drawn_face, timer_choices, timer_pick
from rummykit.variants.registry import game_from_record

GAMES = {
    "okey": "discard",
    "turkish_rummy": "discard",
    "kalooki": "discard",
    "okey_101": "discard",
    "carousel": "end",
}


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


def test_a_timed_out_okey_turn_keeps_its_okeys_and_false_jokers() -> None:
    """Where the default move is a discard, the timer plays its bot's choice (greedy) among the
    discards and finishes (:func:`timer_choices`): a turn that drew an okey or a false joker lets
    another piece go, where the game's default would throw the piece drawn. Okey, greedy players,
    seeds 0-3, each turn that drew such a tile."""
    game, _ = game_from_record("okey", {})
    checked = 0
    for seed in range(4):
        state = game.new_state(seed)
        players = [make_bot("greedy", game, seed * 10 + s) for s in range(4)]
        while (seat := game.current_seat(state)) is not None:
            legal = game.legal_actions(state, seat)
            if any(game.action_text(a) == "draw" for a in legal):
                events = game.apply(state, seat, game.timeout_action(state, seat, True, None))
                drawn = drawn_face(game.kind, game.events_for(events, seat), game.events_for(events, None))
                observation = game.observe(state, seat)
                default = game.timeout_action(state, seat, False, drawn)
                if drawn == JOKER or drawn in observation["wilds"]:
                    assert game.action_text(default) == f"discard {format_face(game.kind, drawn)}"
                    choices = timer_choices(game, observation, game.legal_actions(state, seat))
                    chosen = timer_pick(
                        game, default, choices, choose("okey", "{}", TIMER_BOT, observation, choices)
                    )
                    parts = game.action_parts(chosen)
                    assert parts["verb"] == "finish" or parse_face(game.kind, parts["pieces"][0]) not in {
                        JOKER,
                        *observation["wilds"],
                    }, (seed, game.action_text(chosen))
                    checked += 1
                continue
            game.apply(state, seat, players[seat].choose(game.observe(state, seat), legal))
    assert checked >= 4, checked


def test_the_timers_choices_leave_out_wilds_only_while_another_discard_remains() -> None:
    """:func:`timer_choices`: the discards and finishes; a wild's or a joker's discard only when no
    other discard is legal; :func:`timer_pick` plays the bot's choice only from among them."""
    game, _ = game_from_record("okey", {})
    state = game.new_state(2)
    seat = game.current_seat(state)
    assert seat is not None
    observation = game.observe(state, seat)
    legal = game.legal_actions(state, seat)
    wild = {JOKER, *observation["wilds"]}
    texts = [game.action_text(a) for a in legal]
    spoiling = [t for t in texts if t.startswith("discard ") and parse_face(game.kind, t.split()[1]) in wild]
    choices = timer_choices(game, observation, legal)
    assert choices and not set(choices) & set(spoiling)
    assert {t.split()[0] for t in choices} <= {"discard", "finish"}
    only = [a for a in legal if game.action_text(a) in spoiling] or legal[:1]
    assert timer_choices(game, observation, only) == [
        game.action_text(a) for a in only if game.action_parts(a)["verb"] in ("discard", "finish")
    ]
    default = legal[0]
    assert timer_pick(game, default, choices, None) is default
    assert timer_pick(game, default, choices, "pass") is default
    assert game.action_text(timer_pick(game, default, choices, choices[-1])) == choices[-1]


def shown_faces(game: Any, state: Any, seat: int) -> Counter[int]:
    """The faces of ``seat``'s hand that the spectators' view shows: on the table (a meld's tiles,
    from any hand) and known to be in that hand."""
    view = game.observe(state, None)
    return Counter([f for meld in view["table"] for f in meld["faces"]] + view["known"][seat])


def timed_out_turn(game: Any, state: Any, seat: int) -> list[str]:
    """Play ``seat``'s timed-out turn as the server does (at most :data:`MAX_DEFAULT_STEPS`
    default moves, each knowing the tile the timeout drew); assert no move shows a tile of the hand
    to the table. Returns the moves' texts."""
    drawn: int | None = None
    played: list[str] = []
    for step in range(MAX_DEFAULT_STEPS):
        if game.current_seat(state) != seat:
            break
        action = game.timeout_action(state, seat, step == 0, drawn)
        assert action is not None
        before = shown_faces(game, state, seat)
        events = game.apply(state, seat, action)
        played.append(game.action_text(action))
        if game.current_seat(state) == seat:
            assert not shown_faces(game, state, seat) - before, (played, game.position(state))
        found = drawn_face(game.kind, game.events_for(events, seat), game.events_for(events, None))
        drawn = drawn if found is None else found
    return played


def test_a_timed_out_101_turn_after_a_take_gives_the_tile_back() -> None:
    """The tester's case: seat 1 takes the discard (playable only on the table this turn), then its
    time runs out. The timeout laid a meld of its hand (shown to all), took it back and discarded;
    it now gives the tile back (``retract``: onto its pile, a tile from the stock instead) and
    discards what it drew, showing nothing of the hand."""
    game = rummykit.load("okey_101", players=2)
    state = game.new_state(seed=0)
    rng = random.Random(1)
    while True:
        seat = game.current_seat(state)
        assert seat is not None
        legal = game.legal_actions(state, seat)
        texts = [game.action_text(a) for a in legal]
        if "take" in texts:
            break
        game.apply(state, seat, rng.choice([a for a in legal if a.verb.value in ("draw", "discard")]))
    game.apply(state, seat, game.parse_action("take"))
    taken = game.observe(state, None)["taken"]
    played = timed_out_turn(game, state, seat)
    assert [p.split()[0] for p in played] == ["retract", "discard"]
    assert game.current_seat(state) != seat
    assert game.observe(state, None)["discards"][1 - seat][-1] == taken


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**16), moves=st.integers(0, 120), take=st.booleans())
def test_every_timed_out_101_turn_ends_showing_no_tile(seed: int, moves: int, take: bool) -> None:
    """From any position random players reach (a take when ``take`` and it is legal, the mover's
    own melds toward the opening pending or not), the timed-out turn ends within the timer's moves
    and no move of it shows a tile of the hand: no meld laid to be taken back. Left out: melds the
    player laid after the turn's own retract, which can't come back (the timeout then lays on
    toward the opening they keep in reach; ``docs/protocol.md``)."""
    game = rummykit.load("okey_101", players=2)
    state = game.new_state(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = game.current_seat(state)
        assert seat is not None
        legal = game.legal_actions(state, seat)
        wanted = [a for a in legal if a.verb.value == "take"] if take else []
        game.apply(state, seat, rng.choice(wanted or legal))
    if game.observe(state, None)["retracted"] and game.observe(state, None)["pending"]:
        return
    seat = game.current_seat(state)
    assert seat is not None
    round_no = state.round_no
    timed_out_turn(game, state, seat)
    assert game.current_seat(state) != seat or state.round_no != round_no


def committable_draft(game: Any, seed: int) -> tuple[Any, int] | None:
    """A Carousel state from ``seed`` (greedy play, then random edits by the mover) whose mover has
    changed the table into a draft it may commit, and that seat; ``None`` if none was reached."""
    rng = random.Random(seed)
    state = game.new_state(seed)
    bots = [make_bot("greedy", game, s) for s in range(game.players)]
    for _ in range(200):
        seat = game.current_seat(state)
        if seat is None:
            return None
        trial = state.clone()
        for _ in range(8):
            edits = [a for a in game.legal_actions(trial, seat) if game.action_text(a) not in SIMPLE_WORDS]
            if not edits:
                break
            game.apply(trial, seat, rng.choice(edits))
            if "commit" in [game.action_text(a) for a in game.legal_actions(trial, seat)]:
                return trial, seat
        game.apply(state, seat, bots[seat].choose(game.observe(state, seat), game.legal_actions(state, seat)))
    return None


SIMPLE_WORDS = {"draw", "knock", "end", "commit", "undo", "reset"}


def test_a_timed_out_carousel_turn_sets_its_draft_aside_and_never_commits_it() -> None:
    """A Carousel mover whose time runs out with a draft it could commit (its cards rearranged into
    a legal table) does not meld: the timer resets the draft in one move (not an undo an edit), then
    ends the turn or draws, and the table is as it was at the turn's start (the helper's probe: the
    first legal action, commit, would have laid the half-made table down)."""
    game, _ = game_from_record("carousel", {"players": 2})
    found = [c for seed in range(6) if (c := committable_draft(game, seed)) is not None]
    assert len(found) >= 3, len(found)
    for state, seat in found:
        table = game.observe(state, None)["table"]
        played = []
        for step in range(MAX_DEFAULT_STEPS):
            if game.current_seat(state) != seat:
                break
            action = game.timeout_action(state, seat, step == 0, None)
            played.append(game.action_text(action))
            game.apply(state, seat, action)
        assert played[0] == "reset" and "commit" not in played, played
        assert game.observe(state, None)["table"] == table, played
