"""The levels for people, ``easy``, ``medium`` and ``hard``: names of every game, ``medium`` the
game's greedy bot, ``hard`` its search bot at its default budget (determinisations, not seconds)
where one plays the game (else greedy), ``easy`` greedy with a seeded share of random moves."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from rummykit import simulation as sim
from rummykit.bots import registry
from rummykit.bots.levels import EASY_BLUNDERS, LEVELS, EasyBot
from rummykit.errors import RummykitError
from rummykit.variants.registry import variant

GAMES = ("okey", "turkish_rummy", "kalooki", "carousel")


def game_of(name: str, **options: Any) -> Any:
    return sim.make_game(name, variant(name).load_rules(None, options))


def questions(game: Any, state: Any, limit: int = 10_000) -> Iterator[tuple[int, Any, list[Any]]]:
    """The questions of a round of ``game`` from ``state``, at most ``limit``: the seat to move, its
    observation and its legal actions; the caller applies the seat's action before the next."""
    for _ in range(limit):
        if game.is_terminal(state):
            return
        seat = game.current_seat(state)
        assert seat is not None
        yield seat, game.observe(state, seat), game.legal_actions(state, seat)


@pytest.mark.parametrize("name", GAMES)
def test_the_levels_resolve_for_every_game(name: str) -> None:
    game = game_of(name)
    greedy = registry.bot_factory("greedy", name)
    assert registry.bot_names()[:4] == LEVELS
    assert registry.bot_factory("medium", name) is greedy
    easy = registry.make_bot("easy", game, 4)
    assert isinstance(easy, EasyBot) and isinstance(easy.strong, greedy) and easy.blunders == EASY_BLUNDERS
    hard = registry.make_bot("hard", game, 4)
    try:
        search = registry.bot_factory("search", name)
    except RummykitError:
        assert type(hard) is greedy
    else:
        assert type(hard) is search and getattr(hard, "seconds", None) is None
    for level in LEVELS:
        registry.check_name(level.upper())
    with pytest.raises(RummykitError, match="only the search and expert bots take a budget"):
        registry.bot_factory("hard:3", name)


def test_hard_searches_in_every_game() -> None:
    for name in GAMES:
        assert registry.make_bot("hard", game_of(name), 0).name == "search"


def test_easy_plays_greedy_but_for_a_seeded_share_of_random_moves() -> None:
    """Over the real questions of a Kalooki match played by greedy bots, an easy bot answers
    like greedy except at about its blunder rate, the same for the same seed."""
    game = game_of("kalooki", players=2)
    greedy = registry.make_bot("greedy", game, 0)
    easy, twin, other = (registry.make_bot("easy", game, seed) for seed in (1, 1, 2))
    state = game.new_state(11)
    answers: list[tuple[Any, Any, Any, Any]] = []
    for seat, observation, legal in questions(game, state):
        action = greedy.choose(observation, legal)
        if len(legal) > 1:
            answers.append(
                (
                    action,
                    easy.choose(observation, legal),
                    twin.choose(observation, legal),
                    other.choose(observation, legal),
                )
            )
        game.apply(state, seat, action)
    assert len(answers) > 100
    differ = sum(mine != strong for strong, mine, _, _ in answers) / len(answers)
    assert 0.1 < differ < EASY_BLUNDERS
    assert [mine for _, mine, _, _ in answers] == [same for _, _, same, _ in answers]
    assert [mine for _, mine, _, _ in answers] != [seeded for _, _, _, seeded in answers]


def test_a_blunder_rate_is_a_share() -> None:
    with pytest.raises(ValueError, match="between 0 and 1"):
        EasyBot(game_of("okey"), 0, registry.bot_factory("greedy", "okey"), blunders=1.5)


def test_easy_blunders_in_carousel_by_drawing() -> None:
    """A Carousel edit at random would be undone by greedy's next choice; easy draws instead."""
    game = game_of("carousel", players=2, target=15)
    greedy = registry.make_bot("greedy", game, 0)
    easy = registry.make_bot("easy", game, 3)
    state = game.new_state(5)
    blunders = 0
    for seat, observation, legal in questions(game, state, 400):
        action = greedy.choose(observation, legal)
        mine = game.action_text(easy.choose(observation, legal))
        if mine != game.action_text(action):
            assert mine == "draw"
            blunders += 1
        game.apply(state, seat, action)
    assert blunders > 0


@pytest.mark.parametrize("name", ["kalooki", "okey_101"])
def test_easy_blunders_neither_lay_what_it_must_take_back_nor_retract(name: str) -> None:
    """Issue 28: an easy bot's random move is never a meld or a retract while another move is
    legal (a random meld short of the opening was taken back, a random retract took back
    greedy's melds: the log showed an easy bot laying and retracting melds turn after turn)."""
    game = game_of(name, players=2)
    easy = EasyBot(game, 7, registry.bot_factory("greedy", name), blunders=1.0)
    state = game.new_state(3)
    steady = variant(name).steady_verbs
    random_moves = 0
    for seat, observation, legal in questions(game, state, 300):
        action = easy.choose(observation, legal)
        others = [a for a in legal if game.action_parts(a)["verb"] not in steady]
        if others:
            assert game.action_parts(action)["verb"] not in steady, game.action_text(action)
            random_moves += 1
        game.apply(state, seat, action)
    assert random_moves > 50
