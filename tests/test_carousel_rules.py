"""Carousel rules (``carousel.md``), one test or more per rule."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from helpers import cards
from rummykit.cli.app import app
from rummykit.core.notation import format_face, parse_declared, parse_faces
from rummykit.core.pieces import N_FACES, Kind
from rummykit.engine.codec import from_jsonable
from rummykit.engine.events import Event
from rummykit.engine.game import RoundResult
from rummykit.errors import IllegalActionError
from rummykit.variants.carousel.actions import CarouselAction, CVerb
from rummykit.variants.carousel.game import CarouselGame
from rummykit.variants.carousel.rules import CarouselRules
from rummykit.variants.carousel.scoring import score_round
from rummykit.variants.carousel.state import CarouselState

RULES = CarouselRules()


def rig(
    hands: list[str],
    table: list[str] | None = None,
    stock: int = 20,
    players: int | None = None,
    melded: set[int] | None = None,
    draws: str = "",
    drawn: int = 0,
    scores: list[int] | None = None,
    won: list[int] | None = None,
    **options: object,
) -> tuple[CarouselGame, CarouselState]:
    """A round with these hands and table (melds laid by seat 0), seat 0 to move having drawn
    ``drawn`` cards; ``draws`` are the stock's next cards, in order, over ``stock`` more; the rest
    of the cards go to the last seat's hand (every card in one place). Built from position text."""
    count = players or len(hands)
    game = CarouselGame(CarouselRules(players=count, **options))  # type: ignore[arg-type]
    left = {f: game.pieces.copies_of(f) for f in range(N_FACES + 1)}

    def take(faces: list[int]) -> list[int]:
        for face in faces:
            left[face] -= 1
            assert left[face] >= 0, f"too many {format_face(Kind.CARDS, face)}"
        return faces

    for meld in table or []:
        take([f for f, _ in parse_declared(Kind.CARDS, meld)])
    held = [take(parse_faces(Kind.CARDS, h)) for h in hands]
    top = take(parse_faces(Kind.CARDS, draws))
    rest = [f for f, n in left.items() for _ in range(n)]
    random.Random(1).shuffle(rest)
    held[-1] += rest[stock:]

    def line(faces: list[int]) -> str:
        return " ".join(format_face(Kind.CARDS, f) for f in faces) or "-"

    zeros = " ".join("0" for _ in range(count))
    text = "; ".join(
        [
            "carousel",
            "seed 0",
            "round 1",
            f"dealer {count - 1}",
            "phase turn",
            "turn 0",
            "draft -",
            "history -",
            "edits 0",
            "results -",
            "before_bonuses -",
            f"draws {drawn}",
            "melded_turn 0",
            "melded " + (" ".join(str(s) for s in sorted(melded or ())) or "-"),
            "last off",
            "scores " + (" ".join(map(str, scores)) if scores else zeros),
            "won " + (" ".join(map(str, won)) if won else zeros),
            "hands " + " / ".join(line(h) for h in held),
            "stock " + line(rest[:stock] + top[::-1]),
            "table " + (" ~ ".join(f"0 : {m}" for m in table or []) or "-"),
        ]
    )
    return game, game.from_position(text)


def play(game: CarouselGame, state: CarouselState, text: str) -> list[Event]:
    """``text`` played by the seat to move."""
    seat = game.current_seat(state)
    assert seat is not None
    return game.apply_text(state, seat, text)


def refused(game: CarouselGame, state: CarouselState, text: str) -> IllegalActionError:
    """``text`` is refused and changes nothing; the error."""
    before = state.to_json()
    seat = game.current_seat(state)
    assert seat is not None
    with pytest.raises(IllegalActionError) as caught:
        game.apply_text(state, seat, text)
    assert state.to_json() == before
    return caught.value


def result_of(events: list[Event]) -> RoundResult:
    """The round result announced in ``events``."""
    result: RoundResult = from_jsonable(
        RoundResult, next(e.params["result"] for e in events if "result" in e.params)
    )
    return result


def table_faces(state: CarouselState) -> list[tuple[int, ...]]:
    """The faces of each table meld."""
    return [m.meld.faces for m in state.table]


# ---------------------------------------------------------------- equipment and deal
@pytest.mark.parametrize(("players", "size"), [(2, 53), (3, 106), (5, 106)])
def test_decks_by_players(players: int, size: int) -> None:
    game = CarouselGame(CarouselRules(players=players))
    state = game.new_state(1)
    assert game.pieces.size == size
    assert all(len(h) == 10 for h in state.hands) and len(state.stock) == size - 10 * players
    assert state.turn == (state.dealer + 1) % players


# ---------------------------------------------------------------- the turn
def test_draw_then_meld_ends_the_turn() -> None:
    game, state = rig(["7H 7D 7C 2S 9D", "2C 3C"])
    refused(game, state, "meld 7H 7D 7C")  # draw first
    play(game, state, "draw")
    play(game, state, "meld 7H 7D 7C")
    assert state.turn == 1 and table_faces(state) == [tuple(cards("7H 7D 7C"))]


def test_up_to_three_draws_and_no_meld_after_the_third() -> None:
    game, state = rig(["7H 7D 2S 9D", "2C 3C"])
    for _ in range(3):
        assert state.turn == 0
        play(game, state, "draw")
    assert state.turn == 1  # the turn ended by itself: no meld after a third draw, no knock
    assert len(state.hands[0]) == 7


def test_no_second_meld_in_a_turn() -> None:
    game, state = rig(["7H 7D 7C 8S 9S TS KD", "2C 3C"])
    play(game, state, "draw")
    play(game, state, "meld 7H 7D 7C")
    assert state.turn == 1


def test_knock_after_a_meld_with_five_or_less() -> None:
    game, state = rig(["7H 7D 7C 2S 2D", "2C 3C KD"], draws="AD")
    play(game, state, "draw")
    play(game, state, "meld 7H 7D 7C")
    assert state.turn == 0 and CarouselAction(CVerb.KNOCK) in game.legal_actions(state, 0)
    result = result_of(play(game, state, "knock"))
    assert result.kind == "knock" and result.winner == 0


def test_no_knock_without_a_meld_this_round() -> None:
    game, state = rig(["AS", "2C 3C KD"], draws="AC AH AD")
    for _ in range(3):
        play(game, state, "draw")
    assert state.turn == 1  # 4 points but never melded: no knock, the turn ended by itself
    game, melded = rig(["AS", "2C 3C KD"], draws="AC AH AD", melded={0})
    for _ in range(3):
        play(game, melded, "draw")
    assert melded.turn == 0 and CarouselAction(CVerb.KNOCK) in game.legal_actions(melded, 0)
    refused(game, melded, "draw")


def test_knock_only_with_five_points_or_less() -> None:
    game, state = rig(["AS 2S", "2C 3C KD"], draws="AC AH AD", melded={0})
    for _ in range(3):
        play(game, state, "draw")
    assert game.points(state, 0) == 6 and state.turn == 1


def test_going_out_ends_the_round_with_25() -> None:
    game, state = rig(["7H 7D 7C", "2C 3C KD"], drawn=1)
    result = result_of(play(game, state, "meld 7H 7D 7C"))
    assert result.kind == "out" and result.deltas[0] >= 25


def test_meld_rearranges_the_table_and_refusals_change_nothing() -> None:
    game, state = rig(["5H 2C KD", "2D 3C"], table=["4H JK[5H] 6H", "9S 9D 9C"])
    play(game, state, "draw")
    refused(game, state, "meld 4H 5H 6H | 9S 9D 9C")  # the freed joker has no place
    refused(game, state, "meld 4H JK[5H] 6H | 9S 9D 9C")  # adds nothing
    refused(game, state, "meld 4H 5H 6H JK[7H] | 9S 9D")  # 9C went back to a hand, 9S 9D is no meld
    play(game, state, "meld 4H 5H 6H JK[7H] | 9S 9D 9C")
    assert len(state.hands[0]) == 3


def test_jokers_keep_their_card_unless_replaced() -> None:
    game, state = rig(["8H 2C KD", "2D 3C"], table=["4H JK[5H] 6H 7H"])
    play(game, state, "draw")
    refused(game, state, "meld 4H JK[3H] 6H 7H 8H")  # JK[5H] changed with no 5H to replace it
    play(game, state, "meld 4H JK[5H] 6H 7H 8H")


def test_joker_replaced_from_another_meld_by_option() -> None:
    table = ["4H JK[5H] 6H", "5H 5S 5D 5C"]
    move = "meld 4H 5H 6H JK[7H] | 5S 5D 5C | 8S 9S TS"
    game, state = rig(["8S 9S TS 2C", "2D 3C"], table=table)
    play(game, state, "draw")
    play(game, state, move)
    strict, state = rig(["8S 9S TS 2C", "2D 3C"], table=table, joker_replace_from_table=False)
    play(strict, state, "draw")
    refused(strict, state, move)


def test_stock_out_gives_everyone_a_last_turn() -> None:
    game, state = rig(["AS 2D 9C", "7H 7D 7C KD", "4H 8S"], stock=1, players=3)
    play(game, state, "draw")  # the last card; seat 0 can't meld, so its turn ends
    assert state.last_turns and state.turn == 1 and not state.stock
    refused(game, state, "draw")
    play(game, state, "meld 7H 7D 7C")  # a last turn: melding allowed, no draw
    seen = []
    while state.round_no == 1 and not game.is_terminal(state):
        seen.append(state.turn)
        play(game, state, "end")
    assert seen in ([2, 0], [2], [0], [])  # then seat 2 and, last, seat 0 who drew the last card
    assert state.results[-1].kind == "stock out"


def test_after_drawing_the_last_card_a_player_may_still_meld() -> None:
    game, state = rig(["7H 7D 7C 9C", "2C 3C KD", "4H 8S"], stock=1, players=3)
    play(game, state, "draw")
    assert state.turn == 0 and not state.stock
    refused(game, state, "draw")
    events = play(game, state, "meld 7H 7D 7C")
    assert state.last_turns and state.turn == 2  # seat 1 has nothing to meld: its last turn ends by itself
    skipped = [e for e in events if e.code == "carousel.turn_skipped"]
    assert [e.seat for e in skipped] == [1]
    assert skipped[0].text() == "seat 2 has nothing to meld in the last turn: the turn passes"


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
    game, state = rig(
        ["7H 7D 7C", "KC KD KS QH QD", "KH JD JS QS TD"],
        players=3,
        drawn=1,
        scores=[140, 0, 0],
        won=[2, 1, 0],
    )
    play(game, state, "meld 7H 7D 7C")
    assert game.is_terminal(state)
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.scores[0] >= 150 + 100 + 3 * 25


@pytest.mark.parametrize("game_bonus", [100, -20])
def test_every_view_of_the_match_end_shows_its_bonuses(game_bonus: int) -> None:
    """The match's bonuses are in every seat's view and the spectators' (``match_bonuses``, null
    before the end), the same as the ``carousel.match_ended`` event's: a page reloaded after the
    match shows the dialog the live one did. They are the state's (``before_bonuses``, kept
    through position text and determinise), not worked back from the totals: with a negative game
    bonus a total of 145 reads both as 145 short of 150 and as 165 with -20."""
    game, state = rig(
        ["7H 7D 7C", "KC KD KS QH QD", "KH JD JS QS TD"],
        players=3,
        drawn=1,
        scores=[100, 140, 0],
        won=[0, 2, 1],
        game_bonus=game_bonus,
    )
    assert all(game.observe(state, seat)["match_bonuses"] is None for seat in (0, 1, 2, None))
    events = play(game, state, "meld 7H 7D 7C")
    ended = next(e for e in events if e.code == "carousel.match_ended")
    before = state.scores[0] - game_bonus - 25, 140, 0
    assert before[0] >= 150
    assert [b["before"] for b in ended.params["bonuses"]] == list(before)
    assert [b["game"] for b in ended.params["bonuses"]] == [game_bonus, 0, 0]
    assert [b["round_bonus"] for b in ended.params["bonuses"]] == [25, 50, 25]
    for seat in (0, 1, 2, None):
        assert game.observe(state, seat)["match_bonuses"] == ended.params["bonuses"]
    back = game.from_position(game.position(state))
    assert game.position(back) == game.position(state)
    assert game.observe(back, None) == game.observe(state, None)
    world = game.determinise(game.observe(state, 1), random.Random(3))
    assert game.observe(world, 1) == game.observe(state, 1)


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
        (["--table", "5H 6H 7H", "--hand", "5H", "--rule", "players=2"], "copies"),
        (["--table", "5H 6H 7H", "--hand", "5H", "--decks", "1"], "copies"),
        (["--table", "5H 6H JK", "--hand", "5H"], "declared"),
        (["--hand", "5H X9"], "X9"),
    ],
)
def test_solve_carousel_refuses_impossible_positions(args: list[str], needle: str) -> None:
    result = CliRunner().invoke(app, ["solve", "carousel", *args])
    assert result.exit_code == 2 and needle in result.stderr


def test_must_meld_if_able_by_option() -> None:
    game, state = rig(["7H 7D 7C 9C", "2C 3C KD"], draws="2H 3D")
    play(game, state, "draw")
    play(game, state, "draw")  # melding is optional by default
    strict, state = rig(["7H 7D 7C 9C", "2C 3C KD"], draws="2H 3D", must_meld_if_able=True)
    play(strict, state, "draw")
    assert str(refused(strict, state, "draw")) == "you can meld, so you must (must_meld_if_able)"
    play(strict, state, "meld 7H 7D 7C")


def test_solve_carousel_needs_a_hand() -> None:
    result = CliRunner().invoke(app, ["solve", "carousel", "--table", "AS 2S 3S"])
    assert result.exit_code == 2 and "--hand" in result.stderr


def test_round_explanation_says_how_it_ended() -> None:
    game, state = rig(["7H 7D 7C 2S 2D", "2C 3C KD"], draws="AD")
    play(game, state, "draw")
    play(game, state, "meld 7H 7D 7C")
    result = result_of(play(game, state, "knock"))
    assert result.explanation[0] == "seat 1 knocks with 5"
