"""``rummykit play okey_101``: the 101 Okey client, driven by piped commands and by scripted input
on rigged positions."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from rich.console import Console

from okey_101_rig import setup
from play_helpers import RUNNER, Line, Script, run_app
from rummykit.bots.registry import make_bot
from rummykit.cli.app import app
from rummykit.cli.seat_link import LocalLink
from rummykit.engine.game import RoundResult
from rummykit.engine.match import Bot
from rummykit.engine.records import read_lines, replay
from rummykit.variants.okey_101.game import Okey101Game
from rummykit.variants.okey_101.rules import Okey101Rules
from rummykit.variants.okey_101.scoring import Finish, score_round
from rummykit.variants.okey_101.state import Fine, FineKind, Okey101State, Opened
from rummykit.variants.okey_101.terminal import Okey101Client
from rummykit.variants.registry import game_from_record


def run(*args: str, stdin: str = "") -> tuple[int, str]:
    """Run ``rummykit play okey_101``; (exit code, standard output)."""
    return run_app("play", "okey_101", *args, stdin=stdin)


def client_on(game: Okey101Game, state: Okey101State, lines: list[Line]) -> tuple[Okey101Client, io.StringIO]:
    """The client of seat 0 on a rigged match, random bots at the other seats, writing plain text."""
    bots: list[Bot | None] = [None] + [make_bot("random", game, s) for s in range(1, game.players)]
    names = ["you"] + [f"random-{s + 1}" for s in range(1, game.players)]
    out = io.StringIO()
    console = Console(file=out, color_system=None, width=120, soft_wrap=True)
    script = Script(lines)
    client = Okey101Client(LocalLink(game, state, bots, names), console, script)
    script.client = client
    return client, out


def rigged(hand: str, **options: object) -> tuple[Okey101Game, Okey101State]:
    """Two players, the human (seat 0) to play with ``hand``; the okey is K13."""
    return setup([hand, None], **options)  # type: ignore[arg-type]


# ---------------------------------------------------------------------- the command line
def test_a_whole_match_by_piping_with_a_record(tmp_path: Path) -> None:
    record = tmp_path / "m.jsonl"
    args = ["--seed", "5", "--players", "2", "--rule", "rounds=1", "--no-color", "--record", str(record)]
    code, out = run(*args, stdin="help\nsort pairs\nhint\n" + "auto\n" * 300)
    assert code == 0 and "Traceback" not in out
    assert "101 Okey, 2 players" in out and "seat 2 (greedy)" in out
    assert re.search(r"^indicator [RYBK]\d+ +okey [RYBK]\d+ \(wild", out, re.MULTILINE)
    assert re.search(r"^  1 +2 +3 .* 11$", out, re.MULTILINE) and re.search(r"^  12 +13 ", out, re.MULTILINE)
    assert "round 1 over" in out and "score sheet" in out and "match over" in out
    assert re.search(r"^winners?: ", out, re.MULTILINE)
    assert "pair B4 B4" in out and "hint: " in out and "opening:" in out
    assert replay(read_lines(record), game_from_record).complete
    assert json.loads(read_lines(record)[-1])["outcome"]["rounds"] == 1


def test_end_of_input_quits_cleanly() -> None:
    code, out = run("--seed", "1", stdin="")
    assert code == 0 and out.rstrip().endswith("end of input: leaving the game")


# ---------------------------------------------------------------------- rigged positions
def test_bad_input_is_explained_and_changes_nothing() -> None:
    game, state = rigged("R1 R2 R3 Y4 Y5 B9 K2", table=[(1, "B6 B7 B8")], opened={1: "melds"})
    before = game.position(state)
    lines: list[Line] = [
        "frobnicate",
        "d Z9",
        "discard",
        "meld R1 R2",
        "layoff 1 B5",
        "layoff 99 R1",
        "swap 1 R1",
        "retract",
        "open R1 R2 R3",
        "sort nonsense",
        "move 99 1",
    ]
    client, out = client_on(game, state, lines)
    order = list(client.order)
    assert client.run() == 0
    text = out.getvalue()
    assert "unknown command 'frobnicate': type help for the list" in text
    assert "can't read that: 'Z9'" in text and "meld takes three tiles or more" in text
    assert "not allowed: lay-offs and freeing okeys come after opening" in text
    assert "can't read that: '99': a meld number is 1..53" in text
    assert "not allowed: there is nothing to take back" in text
    assert "not allowed: that doesn't open" in text
    assert "write sort runs, sort sets, sort pairs or sort" in text and "there is no position 99" in text
    assert game.position(client.link.state) == before and client.order == order


def test_an_islek_or_okey_discard_is_asked_about_and_no_keeps_the_tile() -> None:
    hand = "R1 R2 R3 Y4 Y5 B5 K13 K2"
    game, state = rigged(hand, table=[(1, "B6 B7 B8")], opened={0: "melds", 1: "melds"})
    before = game.position(state)
    client, out = client_on(game, state, ["d B5", "n", "d K13", "no"])
    assert client.run() == 0
    text = out.getvalue()
    assert "B5 could be laid off on meld 1 (işlek): discarding it costs +101" in text
    assert "K13 is an okey: discarding it costs +101" in text
    assert "kept B5: nothing changed" in text and "kept K13: nothing changed" in text
    assert game.position(client.link.state) == before

    game, state = rigged(hand, table=[(1, "B6 B7 B8")], opened={0: "melds", 1: "melds"})
    client, out = client_on(game, state, ["d B5", "y"])
    assert client.run() == 0
    assert "seat 1 (you) is fined +101: B5 could be laid off (işlek taş)" in out.getvalue()
    assert client.link.state.scores[0] == 101


def test_no_warning_for_a_plain_tile_or_the_finishing_discard() -> None:
    game, state = rigged("R1 R2 R3 Y9", table=[(1, "B6 B7 B8")], opened={0: "melds", 1: "melds"})
    client, out = client_on(game, state, ["d Y9"])
    assert client.run() == 0
    assert "discard it anyway" not in out.getvalue() and "seat 1 (you) discards Y9" in out.getvalue()
    game, state = rigged("B5", table=[(1, "B6 B7 B8"), (0, "R1 R2 R3")], opened={0: "melds", 1: "melds"})
    client, out = client_on(game, state, ["d B5"])
    assert client.run() == 0
    assert "discard it anyway" not in out.getvalue() and "round 1 over" in out.getvalue()


def test_melds_toward_the_opening_retract_open_swap_and_lay_off() -> None:
    hand = "R10 R11 R12 R13 Y10 Y11 Y12 Y13 B11 B12 B13 Y5 Y6 R1"
    game, state = rigged(hand, table=[(1, "Y3 Y4 K13[Y5]")], opened={1: "melds"})
    lines: list[Line] = [
        "meld R10 R11 R12 R13",
        "meld Y10 Y11 Y12 Y13",
        "retract",
        "meld R10 R11 R12 R13",
        "open Y10 Y11 Y12 Y13 | B11 B12 B13",
        "swap 1 Y5",
        "layoff 1 Y6",
        "table",
    ]
    client, out = client_on(game, state, lines)
    client.render_table()
    assert client.run() == 0
    text = out.getvalue()
    assert re.search(
        r"^  seat 2 \(random\)  opened with melds\n +1  run +12  Y3 Y4 K13\[Y5\]$", text, re.MULTILINE
    )
    assert "your rack  best sets and runs worth 128 of 101, 0 of 5 pairs" in text
    # each a sentence (issue 28, the tester's 13): what was laid, how far it goes, and why
    assert "this turn  your meld 2 is worth 46 of the 101 you need to open: lay more, or retract them" in text
    assert "this turn  your melds 2, 3 are worth 92 of the 101 you need to open" in text
    assert "seat 1 (you) takes back this turn's melds" in text
    assert (
        "this turn  you retracted (only once a turn), so a meld goes down only while the rest"
        " of your rack can still bring it to the opening or a finish: lay toward it, or discard"
    ) in text
    assert (
        "this turn  your meld 2 is worth 46 of the 101 you need to open: lay more (melds come back only"
        " once a turn)"
    ) in text
    assert "seat 1 (you) opens with melds worth 128" in text
    assert "seat 1 (you) puts Y5 on meld 1 and takes its okey" in text
    assert "seat 1 (you) lays off Y6 on meld 1" in text
    assert re.search(
        r"^  seat 1 \(you\)  opened with melds\n +2  run +46  R10 R11 R12 R13$", text, re.MULTILINE
    )
    assert re.search(r"^ +1  run +18  Y3 Y4 Y5 Y6$", text, re.MULTILINE)
    assert client.link.state.hands[0] and game.observe(client.link.state, 0)["opened"][0] == "melds"


def test_a_pair_toward_the_opening_is_told_in_a_sentence() -> None:
    """The tester's 13 (issue 28): ``this turn  pair 10 1 of the 5 pairs to open`` ran the pair's
    number into the count."""
    game, state = rigged("R4 R4 Y7 Y7 B9 K2 K5", table=[(1, "B6 B7 B8")], opened={1: "melds"})
    client, out = client_on(game, state, ["pair R4 R4", "pair Y7 Y7"])
    assert client.run() == 0
    text = out.getvalue()
    assert "this turn  your pair 2 is 1 of the 5 pairs you need to open: lay more, or retract them" in text
    assert "this turn  your pairs 2, 3 are 2 of the 5 pairs you need to open" in text


def test_a_round_end_names_every_multiplier_and_fine() -> None:
    game, state = setup(["R1 R2 R3 Y4", None, None, None])
    client, _ = client_on(game, state, [])
    rules = Okey101Rules(players=4)
    hands = [[], [12, 1], [3], [4, 5]]
    okey = 12
    fines = [Fine(1, FineKind.PLAYABLE, 7, 101), Fine(3, FineKind.OKEY, 12, 101)]
    opened = [Opened.PAIRS, Opened.MELDS, Opened.PAIRS, Opened.NONE]
    scored = score_round(rules, hands, opened, okey, Finish(0, okey=True, pairs=True, hand=False), fines)
    result = RoundResult(
        1, 0, scored.kind, scored.deltas, scored.notes, tuple(map(tuple, hands)), (okey,), okey
    )
    lines = [line.plain for line in client.round_end_notes(result)]
    assert lines[0].endswith("finishes, discarding R13 with a pairs finish and an okey finish")
    assert (
        lines[1]
        == "multiplier x4: x2 for a pairs finish, x2 for finishing with an okey (multiplied together)"
    )
    assert "discarded R8, which could be laid off (işlek taş): +101" in lines[2]
    assert "discarded R13, an okey: +101" in lines[3]
    words = [w.plain for w in client.round_end_hand(1, hands[1], result) or []]
    # each hand's multipliers named, a pair opener's doubling too
    assert (
        words[-1].strip()
        == "15 in tiles x2 for a pairs finish, x2 for finishing with an okey + 101 for 1 okey kept = 161"
    )
    words = [w.plain for w in client.round_end_hand(2, hands[2], result) or []]
    assert (
        words[-1].strip()
        == "4 in tiles x2 for a pairs finish, x2 for finishing with an okey, x2 for opening with pairs = 32"
    )
    words = [w.plain for w in client.round_end_hand(3, hands[3], result) or []]
    assert words[-1].strip() == "not opened: 202 x2 for a pairs finish, x2 for finishing with an okey = 808"
    words = [w.plain for w in client.round_end_hand(0, hands[0], result) or []]
    assert words == ["finished: -101 x2 for a pairs finish, x2 for finishing with an okey = -404"]


def test_the_screen_says_what_its_numbers_count() -> None:
    """The tester's misreadings: ``| 1 rounds`` in the title, ``21 tiles  K13`` under
    "discards" (read as 21 discarded), lay-offs offered by ``hint`` before the opening (when
    ``layoff`` is refused), and "no multiplier" over a pair opener's x2."""
    args = ["--seed", "3", "--players", "2", "--rule", "rounds=1", "--no-color"]
    code, out = run(*args, stdin="hint\n")
    assert code == 0
    assert "101 Okey | round 1 of 1 |" in out and "rounds" not in out.split("\n", 3)[2]
    assert "tiles in hand, then discards" in out
    assert re.search(r"^  seat 1 \(you\) +2[12] in hand  discards  ", out, re.MULTILINE)
    assert "hint: " in out and "lay-offs:" not in out

    game, state = setup(["R1 R2 R3 Y4", None, None, None])
    client, _ = client_on(game, state, [])
    rules = Okey101Rules(players=4)
    hands = [[3], [4, 5], [6], [7]]
    opened = [Opened.PAIRS, Opened.MELDS, Opened.MELDS, Opened.MELDS]
    scored = score_round(rules, hands, opened, 12, None, [])
    result = RoundResult(1, None, scored.kind, scored.deltas, scored.notes, tuple(map(tuple, hands)), (), 12)
    first = client.round_end_notes(result)[0].plain
    assert "no multiplier" not in first and "no finish to multiply it" in first
    words = [w.plain for w in client.round_end_hand(0, hands[0], result) or []]
    assert words[-1].strip() == "4 in tiles x2 for opening with pairs = 8"


def test_retract_gives_a_taken_tile_back_before_anything_is_laid() -> None:
    """``retract`` right after ``take`` gives the tile back: the terminal says so and that the
    seat drew instead, shows the drawn tile to its player only, and the turn ends with a discard."""
    hand = "R10 R11 R12 R13 Y10 Y11 Y12 Y13 R3 Y3 K5 B1"
    game, state = rigged(hand, phase="draw", piles=["", "B3"])
    lines: list[Line] = ["take", "retract", "retract", "discard K5"]
    client, out = client_on(game, state, lines)
    client.render_table()
    assert client.run() == 0
    text = out.getvalue()
    assert "seat 1 (you) takes B3" in text
    assert "seat 1 (you) puts B3 back on the discard pile and draws from the stock instead" in text
    assert "seat 1 (you) takes back this turn's melds" not in text
    assert "not allowed: there is nothing to take back" in text
    assert "seat 1 (you) discards K5" in text


def test_an_inconsistent_position_is_refused_with_what_is_wrong() -> None:
    """``--position`` refuses seats opened with nothing on the table, melds down of a seat that
    has not opened, and a score no match reaches, naming each; exit 2 and nothing played."""
    game = Okey101Game(Okey101Rules())
    text = game.position(game.new_state(seed=3))
    assert "opened none none none none" in text and "table -" in text
    for bad, said in [
        (
            text.replace("opened none none none none", "opened melds pairs none none"),
            "seat 1 has opened with melds, but none of its melds is on the table",
        ),
        (
            text.replace("opened none none none none", "opened none none pairs none"),
            "seat 3 has opened with pairs, but none of its pairs is on the table",
        ),
        (
            text.replace("scores 0 0 0 0", "scores 99999999999999999999 0 0 0"),
            "scores is in -1000000000..1000000000",
        ),
        (text.replace("layoffs 0", "layoffs 10000000000"), "layoffs is in 0..1000000000"),
    ]:
        result = RUNNER.invoke(app, ["play", "okey_101", "--position", bad], input="")
        assert result.exit_code == 2 and result.stderr.startswith("error: "), result.stderr
        assert said in result.stderr, result.stderr
        assert "your rack" not in result.stdout
    # melds down of a seat that has not opened; the same with the seat opened plays
    placed, state = setup([None] * 4, table=[(1, "R7 R8 R9")], opened={1: "melds"})
    good = placed.position(state)
    assert "opened none melds none none" in good
    bad = good.replace("opened none melds none none", "opened none none none none")
    result = RUNNER.invoke(app, ["play", "okey_101", "--position", bad], input="")
    assert result.exit_code == 2 and "seat 2 has not opened, but melds of its" in result.stderr
    code, out = run("--position", good, "--bots", "random", "--no-color")
    assert code == 0 and "(from the given position)" in out
