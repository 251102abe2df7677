"""Carousel rules (``carousel.md``), one test or more per rule."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from helpers import cards
from rig import PiecePool
from rummykit.cli.app import app
from rummykit.core.melds import CARD_JOKERS
from rummykit.engine.table import table_meld
from rummykit.errors import IllegalActionError
from rummykit.variants.carousel.actions import CarouselAction, CVerb
from rummykit.variants.carousel.rules import CarouselRules
from rummykit.variants.carousel.state import CarouselGame, score_round

RULES = CarouselRules()


def rig(
    hands: list[str],
    table: list[str] | None = None,
    stock: int = 20,
    players: int | None = None,
    melded: set[int] | None = None,
    draws: str = "",
) -> CarouselGame:
    """A round with these hands and table; ``draws`` are the stock's next cards, in order, over
    ``stock`` more; the rest of the cards go to the last seat's hand (every card in one place)."""
    rules = CarouselRules(players=players or len(hands))
    game = CarouselGame(rules, seed=0)
    pool = PiecePool(game.pieces)
    game.table = [
        table_meld(i + 1, 0, pool.take(t), game.pieces, rules.meld_rules(), CARD_JOKERS)
        for i, t in enumerate(table or [])
    ]
    game.hands = [pool.ids(h) for h in hands]
    top = pool.ids(draws)
    rest = pool.rest(seed=1)
    game.stock, extra = rest[:stock] + top[::-1], rest[stock:]
    game.hands[-1] += extra
    game.melded = set(melded or set())
    game.last_queue = None
    game.turn = 0
    game._new_turn()
    return game


def snapshot(game: CarouselGame) -> tuple[object, ...]:
    return (
        [sorted(h) for h in game.hands],
        [m.pieces for m in game.table],
        list(game.stock),
        game.turn,
        game.draws,
        game.melded_turn,
        list(game.scores),
        game.round_no,
    )


def refused(game: CarouselGame, text: str) -> None:
    before = snapshot(game)
    with pytest.raises(IllegalActionError):
        game.apply_text(text)
    assert snapshot(game) == before


# ---------------------------------------------------------------- equipment and deal
@pytest.mark.parametrize(("players", "size"), [(2, 53), (3, 106), (5, 106)])
def test_decks_by_players(players: int, size: int) -> None:
    game = CarouselGame(CarouselRules(players=players), seed=1)
    assert game.pieces.size == size
    assert all(len(h) == 10 for h in game.hands) and len(game.stock) == size - 10 * players
    assert game.turn == (game.dealer + 1) % players


# ---------------------------------------------------------------- the turn
def test_draw_then_meld_ends_the_turn() -> None:
    game = rig(["7H 7D 7C 2S 9D", "2C 3C"])
    refused(game, "meld 7H 7D 7C")  # draw first
    game.apply_text("draw")
    game.apply_text("meld 7H 7D 7C")
    assert game.turn == 1 and [m.meld.faces for m in game.table] == [tuple(cards("7H 7D 7C"))]


def test_up_to_three_draws_and_no_meld_after_the_third() -> None:
    game = rig(["7H 7D 2S 9D", "2C 3C"])
    for _ in range(3):
        assert game.turn == 0
        game.apply_text("draw")
    assert game.turn == 1  # the turn ended by itself: no meld after a third draw, no knock
    assert len(game.hands[0]) == 7


def test_no_second_meld_in_a_turn() -> None:
    game = rig(["7H 7D 7C 8S 9S TS KD", "2C 3C"])
    game.apply_text("draw")
    game.apply_text("meld 7H 7D 7C")
    assert game.turn == 1


def test_knock_after_a_meld_with_five_or_less() -> None:
    game = rig(["7H 7D 7C 2S 2D", "2C 3C KD"], draws="AD")
    game.apply_text("draw")
    game.apply_text("meld 7H 7D 7C")
    assert game.turn == 0 and CarouselAction(CVerb.KNOCK) in game.legal_actions()
    events = game.apply_text("knock")
    result = next(e.result for e in events if e.result is not None)
    assert result.kind == "knock" and result.winner == 0


def test_no_knock_without_a_meld_this_round() -> None:
    game = rig(["AS", "2C 3C KD"], draws="AC AH AD")
    for _ in range(3):
        game.apply_text("draw")
    assert game.turn == 1  # 4 points but never melded: no knock, the turn ended by itself
    melded = rig(["AS", "2C 3C KD"], draws="AC AH AD", melded={0})
    for _ in range(3):
        melded.apply_text("draw")
    assert melded.turn == 0 and CarouselAction(CVerb.KNOCK) in melded.legal_actions()
    refused(melded, "draw")


def test_knock_only_with_five_points_or_less() -> None:
    game = rig(["AS 2S", "2C 3C KD"], draws="AC AH AD", melded={0})
    for _ in range(3):
        game.apply_text("draw")
    assert game.points(0) == 6 and game.turn == 1


def test_going_out_ends_the_round_with_25() -> None:
    game = rig(["7H 7D 7C", "2C 3C KD"], stock=20)
    game.apply_text("draw")
    drawn = game.hands[0][-1]
    game.hands[0].remove(drawn)
    game.stock.append(drawn)
    events = game.apply_text("meld 7H 7D 7C")
    result = next(e.result for e in events if e.result is not None)
    assert result.kind == "out" and result.deltas[0] >= 25


def test_meld_rearranges_the_table_and_refusals_change_nothing() -> None:
    game = rig(["5H 2C KD", "2D 3C"], table=["4H JK[5H] 6H", "9S 9D 9C"])
    game.apply_text("draw")
    refused(game, "meld 4H 5H 6H | 9S 9D 9C")  # the freed joker has no place
    refused(game, "meld 4H JK[5H] 6H | 9S 9D 9C")  # adds nothing
    refused(game, "meld 4H 5H 6H JK[7H] | 9S 9D")  # 9C went back to a hand, 9S 9D is no meld
    game.apply_text("meld 4H 5H 6H JK[7H] | 9S 9D 9C")
    assert len(game.hands[0]) == 3


def test_jokers_keep_their_card_unless_replaced() -> None:
    game = rig(["8H 2C KD", "2D 3C"], table=["4H JK[5H] 6H 7H"])
    game.apply_text("draw")
    refused(game, "meld 4H JK[3H] 6H 7H 8H")  # JK[5H] changed with no 5H to replace it
    game.apply_text("meld 4H JK[5H] 6H 7H 8H")


def test_joker_replaced_from_another_meld_by_option() -> None:
    table = ["4H JK[5H] 6H", "5H 5S 5D 5C"]
    move = "meld 4H 5H 6H JK[7H] | 5S 5D 5C | 8S 9S TS"
    game = rig(["8S 9S TS 2C", "2D 3C"], table=table)
    game.apply_text("draw")
    game.apply_text(move)
    strict = rig(["8S 9S TS 2C", "2D 3C"], table=table)
    strict.rules = CarouselRules(players=2, joker_replace_from_table=False)
    strict.apply_text("draw")
    refused(strict, move)


def test_stock_out_gives_everyone_a_last_turn() -> None:
    game = rig(["AS 2D 9C", "7H 7D 7C KD", "4H 8S"], stock=1, players=3)
    game.apply_text("draw")  # the last card; seat 0 can't meld, so its turn ends
    assert game.last_turns and game.turn == 1 and not game.stock
    refused(game, "draw")
    game.apply_text("meld 7H 7D 7C")  # a last turn: melding allowed, no draw
    seen = []
    while game.round_no == 1 and not game.is_terminal():
        seen.append(game.turn)
        game.apply_text("end")
    assert seen in ([2, 0], [2], [0], [])  # then seat 2 and, last, seat 0 who drew the last card
    assert game.results[-1].kind == "stock out"


def test_after_drawing_the_last_card_a_player_may_still_meld() -> None:
    game = rig(["7H 7D 7C 9C", "2C 3C KD", "4H 8S"], stock=1, players=3)
    game.apply_text("draw")
    assert game.turn == 0 and not game.stock
    refused(game, "draw")
    game.apply_text("meld 7H 7D 7C")
    assert game.last_turns and game.turn == 2  # seat 1 has nothing to meld: its last turn ends by itself


# ---------------------------------------------------------------- scoring
def test_two_players_winner_scores_the_difference() -> None:
    score = score_round([3, 20], knocker=0, went_out=None, rules=CarouselRules(players=2))
    assert score.winners == (0,) and score.deltas == (17, 0)


def test_more_players_winner_scores_the_sum_of_differences() -> None:
    score = score_round([3, 20, 10, 3 + 2], knocker=0, went_out=None, rules=RULES)
    assert score.winners == (0,) and score.deltas[0] == 17 + 7 + 2


def test_winner_who_did_not_knock_gets_10() -> None:
    score = score_round([5, 2, 9], knocker=0, went_out=None, rules=RULES)
    assert score.winners == (1,) and score.deltas[1] == 3 + 7 + 10


def test_undercut_tie_goes_to_the_non_knocker() -> None:
    score = score_round([4, 4, 9], knocker=0, went_out=None, rules=RULES)
    assert score.winners == (1,) and score.deltas == (0, 0 + 5 + 10, 0)


def test_tied_non_knockers_all_win() -> None:
    score = score_round([5, 2, 2, 8], knocker=0, went_out=None, rules=RULES)
    assert score.winners == (1, 2)
    assert score.deltas[1] == score.deltas[2] == 3 + 6 + 10


def test_going_out_bonus() -> None:
    score = score_round([0, 12, 30], knocker=None, went_out=0, rules=RULES)
    assert score.deltas[0] == 12 + 30 + 25


def test_match_to_150_with_game_and_round_bonuses() -> None:
    game = rig(["7H 7D 7C", "KC KD KS QH QD", "KH JD JS QS TD"], stock=20, players=3)
    game.scores = [140, 0, 0]
    game.rounds_won = [2, 1, 0]
    game.apply_text("draw")
    drawn = game.hands[0][-1]
    game.hands[0].remove(drawn)
    game.stock.append(drawn)
    game.apply_text("meld 7H 7D 7C")
    assert game.is_terminal()
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.scores[0] >= 150 + 100 + 3 * 25


# ---------------------------------------------------------------- solve carousel
def test_solve_carousel_json() -> None:
    result = CliRunner().invoke(
        app, ["solve", "carousel", "--table", "AS 2S 3S | 7H 7D 7C", "--hand", "4S QS KS", "--json"]
    )
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["points_left"] == 0 and sorted(data["played"]) == ["4S", "KS", "QS"] and data["goes_out"]
    cards_on_table = sorted(c for m in data["table"] for c in m["cards"])
    assert cards_on_table == sorted(["AS", "2S", "3S", "4S", "QS", "KS", "7H", "7D", "7C"])


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--table", "AS 2S 4S", "--hand", "5H"], "invalid meld"),
        (["--table", "5H 6H 7H", "--hand", "5H"], "copies"),
        (["--table", "5H 6H JK", "--hand", "5H"], "declared"),
        (["--hand", "5H X9"], "X9"),
    ],
)
def test_solve_carousel_refuses_impossible_positions(args: list[str], needle: str) -> None:
    result = CliRunner().invoke(app, ["solve", "carousel", *args])
    assert result.exit_code == 2 and needle in result.stderr


def test_must_meld_if_able_by_option() -> None:
    game = rig(["7H 7D 7C 9C", "2C 3C KD"], draws="2H 3D")
    game.apply_text("draw")
    game.apply_text("draw")  # melding is optional by default
    strict = rig(["7H 7D 7C 9C", "2C 3C KD"], draws="2H 3D")
    strict.rules = CarouselRules(players=2, must_meld_if_able=True)
    strict.apply_text("draw")
    refused(strict, "draw")
    strict.apply_text("meld 7H 7D 7C")


def test_solve_carousel_needs_a_hand() -> None:
    result = CliRunner().invoke(app, ["solve", "carousel", "--table", "AS 2S 3S"])
    assert result.exit_code == 2 and "--hand" in result.stderr


def test_round_explanation_says_how_it_ended() -> None:
    game = rig(["7H 7D 7C 2S 2D", "2C 3C KD"], draws="AD")
    game.apply_text("draw")
    game.apply_text("meld 7H 7D 7C")
    events = game.apply_text("knock")
    result = next(e.result for e in events if e.result is not None)
    assert result.explanation[0] == "seat 0 knocks with 5"
