"""The greedy 101 Okey bot (``rummykit.variants.okey_101.bots``): it opens as soon as it can, lays a
taken tile first, never throws an ``işlek`` tile or an okey while it has another, and reads only its
observation and the legal actions."""

from __future__ import annotations

import random
from typing import Any

import pytest

import rummykit
from okey_101_rig import play, setup
from rummykit.bots.budget import Deadline
from rummykit.bots.registry import make_bot
from rummykit.core.notation import parse_face
from rummykit.core.pieces import Kind
from rummykit.variants.okey_101.actions import Okey101Action, Verb, parse_action
from rummykit.variants.okey_101.assist import move_params
from rummykit.variants.okey_101.bots import GreedyBot
from rummykit.variants.okey_101.game import Okey101Game
from rummykit.variants.okey_101.rules import Okey101Rules, TakeDiscard
from rummykit.variants.okey_101.search import SearchBot
from rummykit.variants.okey_101.state import Okey101State, Opened


def turn(game: Okey101Game, state: Okey101State, bot: GreedyBot) -> list[str]:
    """The bot plays the seat to move until the turn passes; the texts of its actions."""
    seat = game.current_seat(state)
    assert seat is not None
    played = []
    while game.current_seat(state) == seat and state.round_no == 1:
        action = bot.choose(game.observe(state, seat), game.legal_actions(state, seat))
        played.append(game.action_text(action))
        game.apply(state, seat, action)
    return played


def test_greedy_opens_as_soon_as_it_can() -> None:
    game, state = setup(["R10 R11 K13 R13 Y10 Y11 Y12 Y13 R3 Y3 B3 B8 K1", None, None, None])
    played = turn(game, state, GreedyBot(game))
    assert state.opened[0] is Opened.MELDS and len(state.hands[0]) == 1
    assert played[-1].startswith("discard")


def test_greedy_does_not_open_short() -> None:
    game, state = setup(["R10 R11 R12 R13 Y9 Y10 Y11 Y12 R4 Y4 B4 B8 K1", None, None, None])
    played = turn(game, state, GreedyBot(game))
    assert state.opened[0] is Opened.NONE and not state.table and len(played) == 1


def test_greedy_opens_with_pairs_when_melds_fall_short() -> None:
    game, state = setup(["R2 R2 Y5 Y5 B7 B7 K9 K9 R12 R12 B1 Y8", None, None, None])
    turn(game, state, GreedyBot(game))
    assert state.opened[0] is Opened.PAIRS and len(state.table) == 5


def test_greedy_takes_pending_pairs_back_at_once_when_they_cannot_open() -> None:
    # the report: pair K6 K6 laid, then auto laid two more pairs (three of five) and retracted
    game, state = setup(["R2 R2 Y5 Y5 B7 B7 K9 R12 B1 Y8 B4 R6", None, None, None])
    play(game, state, "pair R2 R2")
    played = turn(game, state, GreedyBot(game))
    assert played[0] == "retract" and len(played) == 2 and played[1].startswith("discard")
    assert not state.table


def test_greedy_finishes_from_the_hand() -> None:
    game, state = setup(["R1 R2 R3 Y1 B1 K1 B5 B6 B7 K9", None, None, None])
    turn(game, state, GreedyBot(game))
    assert state.results and state.results[0].kind == "hand"


def test_greedy_never_throws_an_islek_tile_or_an_okey_when_it_has_another() -> None:
    game, state = setup(
        ["R10 K13 B2 Y5"] + [None] * 3, opened={0: "melds", 1: "melds"}, table=[(1, "R7 R8 R9")]
    )
    bot = GreedyBot(game)
    # it lays R10 off rather than keep it; then throws neither the okey nor an işlek tile
    played = turn(game, state, bot)
    assert "layoff 1 R10" in played
    assert played[-1] in ("discard B2", "discard Y5")


def test_greedy_reads_the_table_from_its_view_alone() -> None:
    # a bot of a fresh game, before it has opened (no lay-off listed yet): R2 is işlek on R3 R4 R5,
    # so it is thrown last although it is the loneliest, lowest tile
    game, state = setup(["R2 B9 Y12 K11 K1"] + [None] * 3, opened={1: "melds"}, table=[(1, "R3 R4 R5")])
    order = GreedyBot(game).discard_order(game.observe(state, 0), game.legal_actions(state, 0))
    assert [game.action_text(a) for a in order][-1] == "discard R2"


def test_greedy_throws_a_fined_tile_only_when_all_are() -> None:
    game, state = setup(["R10 K13"] + [None] * 3, opened={1: "melds"}, table=[(1, "R7 R8 R9")])
    bot = GreedyBot(game)
    action = bot.choose(game.observe(state, 0), game.legal_actions(state, 0))
    assert action.verb is Verb.DISCARD and action.face == parse_face(Kind.TILES, "R10")


def test_greedy_takes_a_discard_it_can_lay_at_once() -> None:
    game, state = setup(
        ["R1 R5 K2 Y7 B11", None, None, None],
        phase="draw",
        opened={0: "melds", 1: "melds"},
        table=[(1, "B6 B7 B8")],
        piles=["", "", "", "B9"],
    )
    played = turn(game, state, GreedyBot(game))
    assert played[:2] == ["take", "layoff 1 B9"]


@pytest.mark.parametrize("rule", [TakeDiscard.USE_NOW, TakeDiscard.FREE])
def test_greedy_draws_when_the_discard_does_not_help(rule: TakeDiscard) -> None:
    game, state = setup(
        ["R1 R5 K2 Y7", None, None, None],
        phase="draw",
        opened={0: "melds"},
        piles=["", "", "", "B9"],
        rules=Okey101Rules(take_discard=rule),
    )
    assert turn(game, state, GreedyBot(game))[0] == "draw"


def test_the_registry_builds_the_greedy_and_random_bots() -> None:
    game = Okey101Game(Okey101Rules())
    assert isinstance(make_bot("greedy", game, 1), GreedyBot)
    assert make_bot("random", game, 1).name == "random"
    assert make_bot("medium", game, 1).name == "greedy"


# ---------------------------------------------------------------- the search bot
def test_the_search_bot_is_the_hard_level() -> None:
    game = Okey101Game(Okey101Rules())
    assert isinstance(make_bot("search:3", game, 1), SearchBot)
    assert isinstance(make_bot("hard", game, 1), SearchBot)
    with pytest.raises(ValueError, match="plays okey_101, not okey"):
        SearchBot(rummykit.load("okey"), 0)
    with pytest.raises(ValueError, match="at least one iteration"):
        SearchBot(game, 0, iterations=0)


def test_the_search_weighs_drawing_taking_and_discards() -> None:
    game, state = setup(
        ["R1 R5 K2 Y7 B11", None, None, None],
        phase="draw",
        opened={0: "melds", 1: "melds"},
        table=[(1, "B6 B7 B8")],
        piles=["", "", "", "B9"],
    )
    bot = SearchBot(game, 1, iterations=2, width=2)
    view, legal = game.observe(state, 0), game.legal_actions(state, 0)
    assert [a.verb for a in bot.candidates(view, legal)] == [Verb.TAKE, Verb.DRAW]
    play(game, state, "draw")
    view, legal = game.observe(state, 0), game.legal_actions(state, 0)
    candidates = bot.candidates(view, legal)
    assert len(candidates) == 3 and all(a.verb is Verb.DISCARD for a in candidates)
    assert candidates[0] == GreedyBot(game).choose(view, legal)
    assert bot.choose(view, legal) in candidates


def test_the_search_plays_whole_rounds() -> None:
    game = Okey101Game(Okey101Rules(rounds=1))
    state = game.new_state(3)
    bots = [make_bot("search:2" if s == 0 else "greedy", game, s) for s in range(4)]
    steps = 0
    while (seat := game.current_seat(state)) is not None:
        game.apply(state, seat, bots[seat].choose(game.observe(state, seat), game.legal_actions(state, seat)))
        steps += 1
        assert steps < 2000
    assert state.results


def test_the_search_sees_only_its_observation() -> None:
    # a real choice between discards; the other hands and the stock then dealt anew: the search
    # plays every rollout from a world game.determinise made of the seat's view, and chooses the
    # same, with the same seed, whatever the tiles it can't see
    game = Okey101Game(Okey101Rules(rounds=1))
    state = game.new_state(11)
    greedy = GreedyBot(game)
    bot = SearchBot(game, 3, iterations=4)
    while True:
        seat = game.current_seat(state)
        assert seat is not None
        view, legal = game.observe(state, seat), game.legal_actions(state, seat)
        if view["phase"] == "play" and len(bot.candidates(view, legal)) > 1:
            break
        game.apply(state, seat, greedy.choose(view, legal))
    other = game.determinise(view, random.Random(5))
    assert other.hands != state.hands and game.observe(other, seat) == view
    worlds: list[Okey101State] = []
    determinise, rollout = game.determinise, bot.rollout

    def spied_determinise(observation: dict[str, Any], rng: random.Random) -> Okey101State:
        assert observation == view
        worlds.append(determinise(observation, rng))
        return worlds[-1]

    def spied_rollout(
        world: Okey101State, at: int, action: Okey101Action, deadline: Deadline | None = None
    ) -> float | None:
        # a copy of a world made by determinise, never the world itself nor the real state
        assert at == seat and any(world == w for w in worlds) and all(world is not w for w in worlds)
        return rollout(world, at, action, deadline)

    game.determinise = spied_determinise
    bot.rollout = spied_rollout
    chosen = bot.choose(view, legal)
    assert len(worlds) == 4
    again = SearchBot(game, 3, iterations=4)
    again.rollout = spied_rollout
    assert again.choose(game.observe(other, seat), game.legal_actions(other, seat)) == chosen


def test_greedy_opens_meld_by_meld_after_a_retract() -> None:
    # a meld laid short of 101, then taken back: the melds that keep 101 in reach are listed, and
    # the bot (and so the hint) lays them one at a time
    game, state = setup(["R10 R11 K13 R13 Y10 Y11 Y12 Y13 R3 Y3 B3 B8 K1", None, None, None])
    play(game, state, "meld R3 Y3 B3", "retract")
    played = turn(game, state, GreedyBot(game))
    assert [p.split()[0] for p in played] == ["meld", "meld", "meld", "discard"]
    assert state.opened[0] is Opened.MELDS and len(state.hands[0]) == 1


def test_a_pair_hint_says_what_its_okey_stands_for() -> None:
    """A pair laid with the okey says which tile the okey pairs (the phone round of issue 28 read
    «R8 R7» with R7 the okey); a natural pair, and a false joker with the okey's face, as written."""
    okey = parse_face(Kind.TILES, "R7")
    for text, okey_face, tiles in (
        ("pair R8 R7", okey, ["R8", "R7[R8]"]),
        ("pair R7 R8", okey, ["R7[R8]", "R8"]),
        ("pair B5 B5", okey, ["B5", "B5"]),
        ("pair R7 F", okey, ["R7", "F"]),
        ("pair R8 R7", None, ["R8", "R7"]),
    ):
        assert move_params(parse_action(text), None, okey_face) == {"tiles": tiles}, text
