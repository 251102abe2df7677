"""``rummykit solve``: readable and JSON output, batches, and one-line errors with exit code 2."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

import rummykit
from rummykit.cli.app import app
from rummykit.cli.hand_solve import MAX_VALUE_HAND, _HandReader
from rummykit.core.notation import format_face, split_tokens
from rummykit.core.pieces import Kind, make_face
from rummykit.errors import RummykitError
from rummykit.variants.registry import variant

RUNNER = CliRunner()
WIN = "B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13 R3"


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = RUNNER.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_json_holds_the_documented_fields() -> None:
    code, out, _ = run(
        "solve",
        "okey",
        "--indicator",
        "R2",
        "--json",
        *["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "B10", "B11", "B12", "B13", "R3"],
    )
    assert code == 0
    data = json.loads(out)
    assert data["winning"] is True
    assert data["win_kind"] == "melds"
    assert data["okey"] == "R3"
    assert data["ungrouped"] == []
    pieces = [p for m in data["melds"] for p in m["pieces"]]
    assert sorted(pieces) == sorted(WIN.split())
    wild = [
        (p, s) for m in data["melds"] for p, s in zip(m["pieces"], m["stands_for"], strict=True) if p == "R3"
    ]
    assert len(wild) == 1 and wild[0][1].startswith("B")
    assert data["finishes"] is None and data["deadwood_points"] is None and data["max_meld_value"] is None


def test_fifteen_tiles_list_the_finishes() -> None:
    hand = "R1 Y1 B1 K1 K2 K3 R1 R2 R3 R4 R5 R6 R7 R8 B9"
    code, out, _ = run("solve", "okey", "--json", *hand.split())
    assert code == 0
    data = json.loads(out)
    assert data["finishes"] == ["B9"] and data["winning"] is True


def test_pairs_win_kind() -> None:
    hand = "R1 R1 R2 R2 B5 B5 B6 B6 Y7 Y7 K3 K3 Y11 Y11"
    data = json.loads(run("solve", "okey", "--indicator", "Y10", "--json", *hand.split())[1])
    assert data["win_kind"] == "pairs" and data["arrangement"] == "pairs"


def test_kalooki_values_in_json() -> None:
    data = json.loads(run("solve", "kalooki", "--json", "QS", "KS", "AS", "7D", "7H", "7C", "2C")[1])
    assert data["max_meld_value"] == 52
    assert data["deadwood_points"] == 2


def test_readable_output() -> None:
    code, out, _ = run("solve", "okey", "--indicator", "R6", "R4", "R7", "R6")
    assert code == 0
    assert "R7[R5]" in out and "winning:    yes (melds)" in out


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("solve", "okey", "R14"), "R14"),
        (("solve", "okey", "X3"), "X3"),
        (("solve", "turkish_rummy", "1H"), "1H"),
        (("solve", "kalooki", "F"), "F"),
        (("solve", "okey", "R7", "R7", "R7"), "R7"),
        (("solve", "okey", "R1", "R2", "F"), "indicator"),
        (("solve", "chess", "R1"), "unknown game"),
        (("solve", "okey", "--rule", "pair_rule=odd", "R1"), "pair_rule"),
        (("solve", "okey", "--rule", "nonsense=1", "R1"), "nonsense"),
        (("solve", "okey", "--indicator", "F", "R1"), "indicator"),
        (("solve", "okey", "--up-card", "7H", "R1"), "--up-card is for turkish_rummy"),
        (("solve", "kalooki", "--up-card", "7H", "8H"), "--up-card is for turkish_rummy"),
        (("solve", "carousel", "--table", "7H 8H 9H", "--batch", "-"), "--batch is for hands alone"),
        (("solve", "carousel", "--table", "7H 8H 9H", "TH"), "--hand"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: tuple[str, ...], needle: str) -> None:
    code, out, err = run(*args)
    assert code == 2
    assert needle in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert out == ""


def test_batch_answers_in_order_and_reports_bad_lines() -> None:
    text = "R5: R1 R2 R3\nR1 R2 X3\n\nY4: Y3 Y4 F\n"
    code, out, _ = run("solve", "okey", "--batch", "-", stdin=text)
    assert code == 0
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["line"] for r in rows] == [1, 2, 4]
    assert rows[0]["winning"] is True and rows[0]["okey"] == "R6"
    assert "X3" in rows[1]["error"]
    assert rows[2]["melds"][0]["stands_for"] == ["Y3", "Y4", "Y5"]


def test_batch_lines_with_a_bad_indicator_prefix_say_what_is_wrong() -> None:
    code, out, _ = run("solve", "okey", "--batch", "-", stdin=": R1 R2 R3\nR1 R2 R3\n")
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and "empty indicator" in rows[0]["error"] and rows[1]["winning"] is True
    code, out, _ = run("solve", "turkish_rummy", "--batch", "-", stdin="7H: 8H 9H TH\n")
    assert code == 0 and "before a batch line's pieces) is for okey" in json.loads(out)["error"]


def test_rule_override_changes_the_answer() -> None:
    data = json.loads(run("solve", "okey", "--json", "--rule", "allow_13_1=false", "R12", "R13", "R1")[1])
    assert data["winning"] is False


def test_fifteen_pieces_show_the_pairs_when_they_leave_fewer_out() -> None:
    hand = "2H 2H 3H 3H 4H 4H 5S 5S 6D 6D 7C 7C JK JK 9S"
    data = json.loads(run("solve", "turkish_rummy", "--json", *hand.split())[1])
    assert data["arrangement"] == "pairs" and data["ungrouped"] == ["9S"] and data["win_kind"] == "pairs"


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("solve", "okey", ""), "no pieces"),
        (("solve", "turkish_rummy", "--up-card", "5H", "5H", "5H", "6H"), "up card is out of play"),
        (("solve", "turkish_rummy", "--up-card", "JK", "5H", "6H", "7H"), "never a joker"),
    ],
)
def test_empty_hands_and_set_aside_pieces_are_checked(args: tuple[str, ...], needle: str) -> None:
    code, _, err = run(*args)
    assert code == 2 and needle in err


def test_binary_batch_and_preset_files_are_refused_cleanly(tmp_path: Path) -> None:
    blob = tmp_path / "blob"
    blob.write_bytes(bytes(range(128, 256)) * 4)
    code, _, err = run("solve", "okey", "--batch", str(blob))
    assert code == 2 and "not UTF-8" in err
    code, _, err = run("solve", "okey", "R1", "R2", "R3", "--preset", str(blob))
    assert code == 2 and "not UTF-8" in err


def test_a_huge_bad_token_is_cut_short_in_the_message() -> None:
    code, _, err = run("solve", "okey", "X" * 5000)
    assert code == 2 and len(err) < 200


def test_batch_lines_without_an_indicator_use_the_option() -> None:
    out = run("solve", "okey", "--indicator", "R5", "--batch", "-", stdin="R1 R2 R6\n")[1]
    assert json.loads(out)["okey"] == "R6" and json.loads(out)["winning"] is True


def test_carousel_decks_follow_the_players() -> None:
    """Four players (the default) and three to five play with two decks: a hand may hold two AH;
    two players play with one deck, and --decks overrides the rules."""
    hand = ["AH", "AS", "AD", "AC", "AH"]
    code, out, err = run("solve", "carousel", "--json", *hand)
    assert code == 0, err
    assert sorted(json.loads(out)["hand"]) == sorted(hand)
    code, _, err = run("solve", "carousel", "--rule", "players=3", *hand)
    assert code == 0, err
    for refused in (("--rule", "players=2"), ("--decks", "1")):
        code, out, err = run("solve", "carousel", *refused, *hand)
        assert code == 2 and out == "" and err.startswith("error: ") and "AH" in err
    code, _, err = run("solve", "carousel", "--rule", "players=2", "--decks", "2", *hand)
    assert code == 0, err


@pytest.mark.parametrize("game", ["okey", "turkish_rummy", "kalooki", "carousel"])
def test_a_hand_of_a_position_text_is_solved_with_its_wilds(game: str) -> None:
    """``--position`` solves the hand of the seat to move (or ``--seat``) as if written out, with
    the position's indicator (Okey) or up card (Turkish Rummy, where it sets the wilds)."""
    rules = ["up_card_sets_wild=true"] if game == "turkish_rummy" else []
    match = rummykit.load(game, **({"up_card_sets_wild": True} if rules else {}))
    state = match.new_state(5)
    text = match.position(state)
    options = [x for r in rules for x in ("--rule", r)]
    for seat in (None, 1):
        chosen = match.current_seat(state) if seat is None else seat
        assert chosen is not None
        view = match.observe(state, chosen)
        hand = [format_face(match.pieces.kind, f) for f in view["hand"]]
        wilds = []
        if game == "okey":
            wilds = ["--indicator", format_face(Kind.TILES, view["indicator"])]
        elif game == "turkish_rummy":
            wilds = ["--up-card", format_face(Kind.CARDS, view["up_card"])]
        picked = [] if seat is None else ["--seat", str(seat)]
        code, out, _ = run("solve", game, "--position", text, *picked, *options, "--json")
        assert code == 0
        assert json.loads(out) == json.loads(run("solve", game, *hand, *wilds, *options, "--json")[1])
    for bad, message in (
        (["--seat", "9"], "there is no seat 9"),
        (["R1"], "give no pieces"),
        (["--position", "nonsense"], "error: "),
    ):
        args = bad if bad[0] == "--position" else ["--position", text, *bad]
        code, _, err = run("solve", game, *args)
        assert code == 2 and message in err
    code, _, err = run("solve", game, "R1", "--seat", "1")
    assert code == 2 and "--seat names a seat of --position" in err


def test_an_argument_that_is_not_utf8_is_shown_as_bytes() -> None:
    """Bytes of the command line that are not UTF-8 reach Python as lone surrogates; the error
    shows them as ``\\xff``, never as ``\\udcff``."""
    code, _, err = run("solve", "okey", "R7\udcffK")
    assert code == 2 and err == "error: 'R7\\xffK': a tile's number is 1-13\n"


def _random_batch(rng: random.Random, game: str, okey: bool) -> str:
    """Lines of random hands of ``game``: dealt from its pieces (sizes around a hand, seven pairs and
    lone sets among them), with bad lines mixed in (a malformed token, a copy too many, an empty
    hand, a bad or joker indicator), comments, blank lines and commas."""
    info = variant(game)
    pieces = info.pieces(info.load_rules(None, []))
    names = [format_face(pieces.kind, pieces.face(i)) for i in range(pieces.size)]
    lines = []
    for _ in range(150):
        roll = rng.random()
        if roll < 0.1:
            hand = [rng.choice(names) for _ in range(7)] * 2
        elif roll < 0.15:
            rank = rng.randint(1, 13)
            hand = [format_face(pieces.kind, make_face(suit, rank)) for suit in rng.sample(range(4), 3)]
        elif roll < 0.25:
            hand = [rng.choice(names)] * 3 + rng.sample(names, 5)
        else:
            hand = rng.sample(names, rng.choice((0, 3, 9, 10, 13, 13, 14, 14, 14, 15, 15)))
        if rng.random() < 0.05:
            hand.insert(rng.randrange(len(hand) + 1), rng.choice(("X3", "R14", "0S", "JK", "F", "1")))
        text = rng.choice((" ", ", ")).join(hand)
        if okey and rng.random() < 0.9:
            text = f"{rng.choice([*names, 'F', 'Q9', ''])}: {text}"
        lines.append(text + rng.choice(("", "  # a comment", "\n")))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("okey", ()),
        ("okey", ("--indicator", "K13")),
        ("turkish_rummy", ()),
        ("turkish_rummy", ("--up-card", "5H")),
        ("kalooki", ()),
        ("carousel", ()),
    ],
)
def test_batch_lines_are_the_json_of_each_report(game: str, options: tuple[str, ...]) -> None:
    """``--batch`` writes each line straight from the report; it must read exactly as
    ``json.dumps`` of the report's dictionary (what ``--json`` prints for one hand), bad lines
    included, and a bad line must not stop the batch."""
    text = _random_batch(random.Random(f"{game}{options}"), game, game == "okey")
    code, out, _ = run("solve", game, "--json", "--batch", "-", *options, stdin=text)
    assert code == 0
    info = variant(game)
    rules = info.load_rules(None, [])
    given = dict(zip(options[::2], options[1::2], strict=True))
    reader = _HandReader(info, rules, info.pieces(rules), given.get("--up-card"))
    expected = []
    for number, line in enumerate(text.splitlines(), start=1):
        hand = line.partition("#")[0].strip()
        if not hand:
            continue
        indicator = given.get("--indicator")
        if ":" in hand:
            indicator, _, hand = (part.strip() for part in hand.partition(":"))
        try:
            data = {"line": number, **reader.solve(split_tokens(hand), indicator)[0]}
        except RummykitError as exc:
            data = {"line": number, "error": str(exc)}
        expected.append(json.dumps(data))
    assert out.splitlines() == expected
    answers = [json.loads(line) for line in expected]
    assert any("error" in a for a in answers) and any(a.get("winning") for a in answers)
    assert any(a.get("melds") for a in answers)


def test_a_kalooki_hand_holds_at_most_max_value_hand_cards(tmp_path: Path) -> None:
    """Past :data:`MAX_VALUE_HAND` cards a Kalooki hand is refused at once (the search of its
    highest-value melds of 40 cards in a row of ranks ran for minutes); a batch line says so and
    the next line is still answered; the other games take every card of their decks."""
    deck = [f"{rank}{suit}" for rank in "A23456789TJQK" for suit in "SHDC"] * 2
    code, _, err = run("solve", "kalooki", *deck[: MAX_VALUE_HAND + 1])
    assert code == 2 and f"{MAX_VALUE_HAND + 1} cards" in err and f"at most {MAX_VALUE_HAND}" in err
    code, out, _ = run("solve", "kalooki", "--json", *deck[:MAX_VALUE_HAND])
    assert code == 0 and len(json.loads(out)["hand"]) == MAX_VALUE_HAND
    batch = tmp_path / "hands"
    batch.write_text(" ".join(deck[:40]) + "\n7H 8H 9H\n", "utf-8")
    code, out, _ = run("solve", "kalooki", "--json", "--batch", str(batch))
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and "at most" in rows[0]["error"] and rows[1]["winning"] is True
    code, out, _ = run("solve", "turkish_rummy", "--json", *deck)
    assert code == 0 and len(json.loads(out)["hand"]) == len(deck)


def test_a_batch_file_may_start_with_a_byte_order_mark(tmp_path: Path) -> None:
    batch = tmp_path / "hands"
    batch.write_text("\ufeffR5: R1 R2 R3\n", "utf-8")
    code, out, _ = run("solve", "okey", "--json", "--batch", str(batch))
    assert code == 0 and json.loads(out)["indicator"] == "R5"
