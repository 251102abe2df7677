"""The bots: they choose legal actions from the observation alone, and the greedy ones follow
their documented policy."""

from __future__ import annotations

import pytest

from helpers import cards, tiles
from rig import rigged
from rummykit.bots.base import RandomBot
from rummykit.bots.registry import make_bot, parse_bot_list
from rummykit.errors import RummykitError
from rummykit.variants.closed_hand.actions import Verb
from rummykit.variants.closed_hand.bots import GreedyBot
from rummykit.variants.closed_hand.state import Phase
from rummykit.variants.kalooki.actions import KVerb
from rummykit.variants.kalooki.bots import KalookiGreedyBot
from rummykit.variants.kalooki.state import KPhase
from rummykit.variants.registry import VARIANTS
from test_kalooki_rules import setup as rigged_kalooki

WIN = "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 K10 K11 K12 K13 R9"


def test_random_bot_is_seeded_and_legal() -> None:
    game, state = rigged([WIN, None, None, None], "K5", phase=Phase.DISCARD)
    legal = game.legal_actions(state, 0)
    picks = [RandomBot(game, 3).choose(game.observe(state, 0), legal) for _ in range(3)]
    assert len(set(picks)) == 1 and picks[0] in legal


def test_greedy_finishes_when_it_can() -> None:
    game, state = rigged([WIN, None, None, None], "K5", phase=Phase.DISCARD)
    action = GreedyBot(game).choose(game.observe(state, 0), game.legal_actions(state, 0))
    assert action.verb is Verb.FINISH and action.face == tiles("R9")[0]


def test_greedy_prefers_the_okey_finish() -> None:
    hand = "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 K10 K11 K12 K13 K6"  # K6 is the okey
    game, state = rigged([hand, None, None, None], "K5", phase=Phase.DISCARD)
    action = GreedyBot(game).choose(game.observe(state, 0), game.legal_actions(state, 0))
    assert action.verb is Verb.FINISH and action.face == tiles("K6")[0]


def test_greedy_shows_the_indicator_on_its_first_turn() -> None:
    game, state = rigged(
        ["K5 R1 R5 R9 Y2 Y6 Y10 B3 B7 B11 K8 K12 R13 Y13", None, None, None], "K5", first_turn_done=False
    )
    assert GreedyBot(game).choose(game.observe(state, 0), game.legal_actions(state, 0)).verb is Verb.SHOW


def test_greedy_takes_a_discard_that_helps_and_draws_otherwise() -> None:
    hand = "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 K10 K11 R13 Y13 B1"
    helps, helps_state = rigged([hand, None, None, "K12"], "K5", discards=["", "", "", "K12"])
    assert (
        GreedyBot(helps).choose(helps.observe(helps_state, 0), helps.legal_actions(helps_state, 0)).verb
        is Verb.TAKE
    )
    useless, useless_state = rigged([hand, None, None, None], "K5", discards=["", "", "", "Y1"])
    assert (
        GreedyBot(useless)
        .choose(useless.observe(useless_state, 0), useless.legal_actions(useless_state, 0))
        .verb
        is Verb.DRAW
    )


def test_kalooki_greedy_opens_at_51_and_not_below() -> None:
    bot = KalookiGreedyBot(rigged_kalooki([None] * 4)[0])
    game, state = rigged_kalooki(["QS KS AS 7D 7H 7C 2C 4D 9H", None, None, None])
    action = bot.choose(game.observe(state, 0), game.legal_actions(state, 0))
    assert action.verb is KVerb.MELD
    game.apply(state, 0, action)
    game.apply(state, 0, bot.choose(game.observe(state, 0), game.legal_actions(state, 0)))
    assert 0 in state.opened
    low, low_state = rigged_kalooki(["AS 2S 3S TD TH TC 2C 4D 9H", None, None, None])
    assert bot.choose(low.observe(low_state, 0), low.legal_actions(low_state, 0)).verb is KVerb.DISCARD


def test_kalooki_greedy_lays_off_releases_and_discards_its_highest_deadwood() -> None:
    bot = KalookiGreedyBot(rigged_kalooki([None] * 4)[0])
    layoff, layoff_state = rigged_kalooki(["9H 2C KD", None, None, None], table=[(1, "6H 7H 8H")], opened={0})
    assert (
        bot.choose(layoff.observe(layoff_state, 0), layoff.legal_actions(layoff_state, 0)).verb
        is KVerb.LAYOFF
    )
    release, release_state = rigged_kalooki(
        ["7H 2C KD", None, None, None], table=[(1, "5H 6H JK[7H] 8H")], opened={0}
    )
    assert (
        bot.choose(release.observe(release_state, 0), release.legal_actions(release_state, 0)).verb
        is KVerb.RELEASE
    )
    discard, discard_state = rigged_kalooki(["2C KD 5S", None, None, None], opened={0})
    action = bot.choose(discard.observe(discard_state, 0), discard.legal_actions(discard_state, 0))
    assert action.verb is KVerb.DISCARD and action.face == cards("KD")[0]


def test_kalooki_greedy_takes_when_the_discard_lowers_its_deadwood() -> None:
    bot = KalookiGreedyBot(rigged_kalooki([None] * 4)[0])
    game, state = rigged_kalooki(["7H 8H KD QC", None, None, None], phase=KPhase.DRAW, pile="9H")
    assert bot.choose(game.observe(state, 0), game.legal_actions(state, 0)).verb is KVerb.TAKE


def test_bot_registry() -> None:
    assert parse_bot_list("greedy", 3) == ["greedy"] * 3
    with pytest.raises(RummykitError):
        parse_bot_list("greedy,clever", 2)
    with pytest.raises(RummykitError):
        parse_bot_list("greedy,random", 3)
    for info in VARIANTS.values():
        game = info.game(info.load_rules())
        assert make_bot("greedy", game, 0).name == "greedy" and make_bot("random", game, 0).name == "random"
    with pytest.raises(RummykitError):
        make_bot("clever", VARIANTS["okey"].game(VARIANTS["okey"].load_rules()), 0)


def test_kalooki_greedy_goes_out_in_one_move_below_51() -> None:
    """Melding every card but one below 51 is going out in one move: it discards, never retracts."""
    bot = KalookiGreedyBot(rigged_kalooki([None] * 4)[0])
    game, state = rigged_kalooki(["2S 2D 2C 3H 4H 5H 2H", None, None, None])
    for _ in range(4):
        action = bot.choose(game.observe(state, 0), game.legal_actions(state, 0))
        assert action.verb is not KVerb.RETRACT
        events = game.apply(state, 0, action)
        if any("result" in e.params for e in events):
            break
    assert state.results and state.results[0].winner == 0
