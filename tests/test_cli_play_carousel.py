"""``rummykit play carousel``: the table client with its draft, driven by piped commands and by
scripted input."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from play_helpers import Script, card_pool, fresh_match, keep_or_swap, load_game, reread, run_app, take_cards
from rummykit.cli.seat_link import LocalLink
from rummykit.cli.terminal import HUMAN
from rummykit.core.notation import parse_faces
from rummykit.core.pieces import JOKER, Kind
from rummykit.engine.position import fields_of, position_text
from rummykit.engine.records import read_lines, replay
from rummykit.variants.carousel.planner import cards_of, table_of
from rummykit.variants.carousel.terminal import CarouselClient
from rummykit.variants.registry import game_from_record
from test_server_support import running, sqlite_url

ANSI = re.compile(r"\x1b\[")


def run(*args: str, stdin: str = "") -> tuple[int, str]:
    """Run ``rummykit play carousel``; (exit code, standard output)."""
    return run_app("play", "carousel", *args, stdin=stdin)


def turn_feed(cycles: int) -> str:
    """Lines that make whole turns: draw, then meld the solver's table when there is one (else the
    commands are refused), then end (refused when the turn is over already)."""
    turn = ["draw", "hint use", "commit", "draw", "draw", "end"]
    return "\n".join(turn * cycles) + "\n"


def new_client(
    seed: int = 0, rules: tuple[str, ...] = ("players=3",), lines: list[str] | None = None
) -> tuple[CarouselClient, Script, io.StringIO]:
    """A client on a fresh match against random bots, writing plain text to a buffer."""
    game, state, bots, names, console, out = fresh_match("carousel", seed, rules)
    script = Script(lines or [])
    return CarouselClient(LocalLink(game, state, bots, names), console, script), script, out


def starter_seed(players: int = 3) -> int:
    """A seed whose first turn is the human's."""
    game = load_game("carousel", [f"players={players}"])
    return next(s for s in range(100) if game.current_seat(game.new_state(s)) == HUMAN)


def rig(client: CarouselClient, hand: str, table: tuple[str, ...] = (), next_cards: str = "8D") -> None:
    """Give the human ``hand`` at the start of their turn, the ``table`` melds (seat 1's) and
    ``next_cards`` on top of the stock (the first drawn first); the bots keep their cards where
    they can. The position is written as text and read back (``CarouselGame.from_position``), so
    every card stays in exactly one place."""
    game = client.game
    sections = fields_of(game.position(client.link.state), game.variant)
    assert sections["turn"] == str(HUMAN) and sections["draws"] == "0"
    laid = [meld.split(" : ", 1)[1] for meld in sections["table"].split(" ~ ") if meld != "-"]
    pool = card_pool([sections["hands"], sections["stock"], *laid])
    melds = [f"1 : {' '.join(take_cards(pool, text))}" for text in table]
    hands = [" ".join(take_cards(pool, hand))]
    top = take_cards(pool, next_cards)
    for held in sections["hands"].split(" / ")[1:]:
        hands.append(" ".join(keep_or_swap(pool, held.split())))
    sections.update(
        hands=" / ".join(hands),
        stock=" ".join([*pool.elements(), *top[::-1]]),
        table=" ~ ".join(melds) or "-",
    )
    client.link.state = game.from_position(position_text(game.variant, sections.items()))
    assert set(game.piece_places(client.link.state).values()) == {1}
    reread(client)


def last_line(out: io.StringIO) -> str:
    return out.getvalue().splitlines()[-1]


def draft_rows(out: io.StringIO) -> list[str]:
    """The meld rows of the last draft printed."""
    lines = out.getvalue().splitlines()
    start = max(i for i, line in enumerate(lines) if line.startswith("draft      "))
    rows = []
    for line in lines[start + 1 :]:
        if not re.match(r"^ +\d+  ", line):
            break
        rows.append(line.strip())
    return rows


HAND = "7H 7D 7C 8H 5H 9S 2C 3C JK KD"
TABLE = ("5S 6S JK[7S] 8S", "9H TH JH", "4C 5C 6C 7C")


# ---------------------------------------------------------------------- the command line
def test_piped_session_plays_turns_shows_bot_moves_and_writes_a_record(tmp_path: Path) -> None:
    record = tmp_path / "c.jsonl"
    args = ["--seed", "4", "--bots", "random", "--players", "3", "--no-color", "--record", str(record)]
    code, out = run(*args, stdin=turn_feed(6))
    assert code == 0
    assert "Carousel, 3 players" in out and "seed 4" in out
    assert re.search(r"^seat 1 \(you\) draws .. \(card 1 of 3\)", out, re.MULTILINE)
    assert re.search(r"^seat [23] \(random\) (draws|melds|ends the turn)", out, re.MULTILINE)
    assert "end of input: leaving the game" in out and "Traceback" not in out
    replayed = replay(read_lines(record), game_from_record)
    assert replayed.header["seats"] == ["you", "random-2", "random-3"] and replayed.actions >= 6


def test_end_of_input_quits_cleanly() -> None:
    code, out = run("--seed", "1", stdin="")
    assert code == 0 and out.rstrip().endswith("end of input: leaving the game")
    assert "Traceback" not in out


def test_no_color_output_is_plain_ascii_and_color_can_be_forced() -> None:
    feed = "help\nhint\n" + turn_feed(3) + "show\n"
    code, plain = run("--seed", "2", "--bots", "random", "--no-color", stdin=feed)
    assert code == 0 and plain.isascii() and not ANSI.search(plain)
    code, coloured = run("--seed", "2", "--bots", "random", "--color", stdin=feed)
    assert code == 0 and ANSI.search(coloured) and any(suit in coloured for suit in "♠♥♦♣")
    assert ANSI.sub("", coloured).count(" draws ") == plain.count(" draws ")


def test_a_whole_match_by_piping_ends_with_the_bonuses() -> None:
    args = ["--seed", "3", "--bots", "random", "--players", "2", "--rule", "target=30", "--no-color"]
    code, out = run(*args, stdin=turn_feed(150))
    assert code == 0
    assert "round 1 over" in out and "this round" in out and "scores now" in out and "rounds won" in out
    assert "match over" in out and "match bonuses" in out
    assert re.search(r"\+ 100 for reaching 30", out) and re.search(r"for \d rounds? won = \d+", out)
    assert re.search(r"^winners?: ", out, re.MULTILINE) and "end of input" not in out


# ---------------------------------------------------------------------- the draft
def test_build_a_draft_with_every_command_undo_and_commit() -> None:
    client, _, out = new_client(seed=starter_seed())
    rig(client, HAND, TABLE)
    client.render_table()
    assert re.search(r"^ +1  sequence  5S 6S JK\[7S\] 8S$", out.getvalue(), re.MULTILINE)
    client.handle("draw")
    assert "seat 1 (you) draws 8D (card 1 of 3)" in out.getvalue()
    client.handle("new 7H 7D")
    assert draft_rows(out)[-1] == "4  -         7H 7D  BAD a meld holds at least 3 cards, this one 2  new"
    client.handle("add 4 7C")
    assert draft_rows(out)[-1] == "4  group     7H 7D 7C  ok  new"
    client.handle("split 3 6C")
    assert draft_rows(out)[2:] == [
        "3  -         4C 5C  BAD a meld holds at least 3 cards, this one 2  new",
        "4  group     7H 7D 7C  ok  new",
        "5  -         6C 7C  BAD a meld holds at least 3 cards, this one 2  new",
    ]
    client.handle("undo")
    client.handle("move 3 7C 4")
    rows = draft_rows(out)
    assert rows[2] == "3  sequence  4C 5C 6C  ok  new"
    assert rows[3].startswith("4  -         7H 7D 7C 7C  BAD a set's cards are all of different suits")
    client.handle("undo")
    client.handle("replace 1 7S")
    assert last_line(out) == "not allowed: you don't hold 7S"
    client.handle("replace 2 9H")
    assert last_line(out) == "not allowed: meld 2 holds no JK[9H]"
    client.handle("add 2 8H")
    assert draft_rows(out)[1] == "2  sequence  8H 9H TH JH  ok  new"
    client.handle("show")
    assert "from your hand   7H 8H 7C 7D" in out.getvalue()
    assert re.search(r"^left in hand     .*\(\d+ points\)$", out.getvalue(), re.MULTILINE)
    expected = cards_of(client.obs["draft"]["melds"])
    client.handle("commit")
    assert "seat 1 (you) melds, playing 7H 8H 7C 7D from the hand: your turn is over" in out.getvalue()
    assert table_of(client.obs) == expected
    assert not client.obs["draft"]["changed"] and client.to_move() != HUMAN
    assert HUMAN in client.obs["melded"] and len(client.obs["hand"]) == 7


def test_an_illegal_draft_is_refused_by_the_engine_and_kept_for_correction() -> None:
    client, _, out = new_client(seed=starter_seed())
    rig(client, HAND, (*TABLE, "7S 7D 7H"))
    client.handle("new 2C 3C JK[4C]")
    client.handle("commit")
    assert last_line(out) == "not allowed: draw first"
    client.handle("undo")
    client.handle("draw")
    client.handle("replace 1 7S from 4")
    assert "the joker of meld 1 is free" in out.getvalue() and "jokers to place  1" in out.getvalue()
    assert draft_rows(out)[0] == "1  sequence  5S 6S 7S 8S  ok  new"
    assert draft_rows(out)[3].startswith("4  -         7H 7D  BAD a meld holds at least 3 cards, this one 2")
    refusals = []
    for fix in ("add 4 7C", "add 2 JK[QH]"):
        before, places = client.obs, client.game.piece_places(client.link.state)
        client.handle("commit")
        refusals.append(last_line(out))
        assert client.obs == before and client.game.piece_places(client.link.state) == places
        assert client.obs["draft"]["changed"]
        client.handle(fix)
    assert refusals[0] == "not allowed: meld 4 is not a valid meld: a meld holds at least 3 cards, this one 2"
    assert refusals[1] == "not allowed: a joker left the table: a freed joker must be played again"
    assert draft_rows(out)[1] == "2  sequence  9H TH JH JK[QH]  ok  new"
    client.handle("commit")
    assert "seat 1 (you) melds, playing 7C from the hand" in out.getvalue()
    assert not client.obs["draft"]["changed"]
    melds = table_of(client.obs)
    assert ((JOKER, parse_faces(Kind.CARDS, "QH")[0]),) == tuple(c for m in melds for c in m if c[0] == JOKER)


def test_move_to_a_new_meld_and_a_joker_from_the_hand() -> None:
    client, _, out = new_client(seed=starter_seed())
    rig(client, HAND, TABLE)
    client.handle("draw")
    client.handle("add 3 JK")
    assert last_line(out) == "not allowed: a joker is played with the card it stands for, e.g. JK[9H]"
    client.handle("new 2C 3C JK[4C]")
    assert draft_rows(out)[-1] == "4  sequence  2C 3C JK[4C]  ok  new"
    client.handle("move 3 4C 5C new")
    assert draft_rows(out)[2:] == [
        "3  -         6C 7C  BAD a meld holds at least 3 cards, this one 2  new",
        "4  sequence  2C 3C JK[4C]  ok  new",
        "5  -         4C 5C  BAD a meld holds at least 3 cards, this one 2  new",
    ]
    client.handle("reset")
    assert not client.obs["draft"]["changed"]
    client.handle("undo")
    assert client.obs["draft"]["changed"]


def test_pull_a_card_out_of_a_runs_middle_and_build_the_table_around_it() -> None:
    client, _, out = new_client(seed=starter_seed())
    rig(client, "2H 8H 5D 5S KD QC", ("3H 4H 5H 6H 7H", "9C TC JC"))
    client.handle("draw")
    client.handle("pull 1 5H 2")
    assert last_line(out).startswith("left in hand")
    assert "run 1 split around 5H: the rest is meld 3, 5H in meld 2" in out.getvalue()
    assert draft_rows(out) == [
        "1  -         3H 4H  BAD a meld holds at least 3 cards, this one 2  new",
        "2  -         5H 9C TC JC  BAD a meld's cards share one rank (a set) or one suit (a run)  new",
        "3  -         6H 7H  BAD a meld holds at least 3 cards, this one 2  new",
    ]
    client.handle("undo")
    assert not client.obs["draft"]["changed"]
    client.handle("pull 1 5H new")
    assert "run 1 split around 5H: the rest is meld 3, 5H in meld 4" in out.getvalue()
    for line in ("add 4 5D 5S", "add 1 2H", "add 3 8H"):
        client.handle(line)
    assert draft_rows(out) == [
        "1  sequence  2H 3H 4H  ok  new",
        "2  sequence  9C TC JC  ok",
        "3  sequence  6H 7H 8H  ok  new",
        "4  group     5S 5H 5D  ok  new",
    ]
    client.handle("commit")
    assert "seat 1 (you) melds, playing 5S 2H 8H 5D from the hand: your turn is over" in out.getvalue()
    assert len(table_of(client.obs)) == 4
    assert sorted(client.obs["hand"]) == sorted(parse_faces(Kind.CARDS, "KD QC 8D"))


def test_draft_alone_shows_the_draft_and_with_a_table_makes_it_the_draft() -> None:
    client, _, out = new_client(seed=starter_seed())
    rig(client, HAND, TABLE)
    typed = "draft 5S 6S JK[7S] 8S | 9H TH JH | 4C 5C 6C 7C | 7H 7D 7C"
    client.handle(typed)
    assert last_line(out) == "not allowed: draw first"
    client.handle("draw")
    before = client.obs
    client.handle("draft")
    assert draft_rows(out) == [
        "1  sequence  5S 6S JK[7S] 8S  ok",
        "2  sequence  9H TH JH  ok",
        "3  sequence  4C 5C 6C 7C  ok",
    ]
    assert client.obs == before
    client.handle("new 2C 3C JK[4C]")
    client.handle(typed.upper())
    assert "your table is the draft" in out.getvalue()
    assert draft_rows(out)[3] == "4  group     7H 7D 7C  ok  new" and len(draft_rows(out)) == 4
    assert "from your hand   7H 7C 7D" in out.getvalue()
    client.handle("undo")
    assert draft_rows(out)[3] == "4  sequence  2C 3C JK[4C]  ok  new"
    client.handle("undo")
    assert not client.obs["draft"]["changed"]
    client.handle(typed)
    client.handle("commit")
    assert "seat 1 (you) melds, playing 7H 7C 7D from the hand" in out.getvalue()


def test_hint_use_replaces_a_draft_as_one_step() -> None:
    client, _, out = new_client(seed=starter_seed())
    rig(client, HAND, TABLE)
    client.handle("draw")
    client.handle("hint")
    assert last_line(out) == "type hint use to draft it, then commit"
    client.handle("new 2C 3C JK[4C]")
    client.handle("hint use")
    assert "the solver's table is your draft" in out.getvalue()
    assert draft_rows(out) == [
        "1  group     7H 7D 7C  ok  new",
        "2  group     JK[8S] 8H 8D  ok  new",
        "3  sequence  2C 3C 4C 5C 6C 7C  ok  new",
        "4  sequence  5S 6S JK[7S] 8S 9S  ok  new",
        "5  sequence  9H TH JH  ok",
    ]
    client.handle("undo")
    assert draft_rows(out)[3] == "4  sequence  2C 3C JK[4C]  ok  new"


def test_hint_use_over_connect_is_one_draft_action_the_server_plays(tmp_path: Path) -> None:
    """``rummykit connect`` to a real server: hint use sends the engine's draft action, the server
    plays it (the draft is the solver's table), undo takes it back, and it is committed. The server
    deals at random, and a match may end before the person can meld right after a turn's first
    draw (the only time this feed asks for the hint): then a new table is played, three at most."""
    feed = "draw\nhint use\nundo\nhint use\ncommit\nauto\nauto\nauto\n" * 150
    with running(sqlite_url(tmp_path)) as server:
        args = ["connect", server.base, "--new", "carousel", "--rule", "players=2", "--rule", "target=20"]
        for _ in range(3):
            done = subprocess.run(
                [sys.executable, "-m", "rummykit", *args, "--bot-delay", "0", "--level", "random"],
                input=feed,
                capture_output=True,
                text=True,
                timeout=300,
                check=False,
            )
            assert done.returncode == 0, done.stderr[-2000:]
            found = re.search(rf"the record: {re.escape(server.base)}(/games/\S+)", done.stdout)
            assert found is not None, done.stdout[-2000:] + done.stderr[-2000:]
            # a private table's record is its players' only: asked with the seat's token
            token = re.search(r"its token \(to reconnect with --token\): (\S+)", done.stdout)
            assert token is not None, done.stdout[:2000]
            record = server.get(found.group(1), token=token.group(1)).text
            actions = [line["action"] for line in map(json.loads, record.splitlines()) if "action" in line]
            if any(a.startswith("draft ") for a in actions):
                break
    assert any(a.startswith("draft ") for a in actions), done.stdout[-3000:]
    out = done.stdout
    assert "Traceback" not in out and "match over" in out
    drafted = re.search(
        r"^you \(meld\) > undo\nundone\n(?:.*\n)*?you \(.*\) > hint use\nthe solver's table is your draft\n"
        r"(?:.*\n)*?you \(meld\) > commit\nseat 1 \(you\) melds, playing ",
        out,
        re.MULTILINE,
    )
    assert drafted is not None, out[-3000:]


@pytest.mark.parametrize(
    ("command", "message"),
    [
        ("add x 7H", "can't read that: 'x' is not a meld number: write add 3 8H"),
        ("add 9 7H", "not allowed: there is no meld 9: the draft has melds 1..3"),
        ("split 2 9H", "not allowed: 9H is the first card of meld 2: nothing to split off"),
        ("split 2 QH", "not allowed: meld 2 holds no QH"),
        ("move 1 JK 1", "not allowed: the cards are in that meld already"),
        ("replace 2 5H", "not allowed: meld 2 holds no JK[5H]"),
        ("new 7H 7H", "not allowed: you don't hold 7H (it is in the draft already)"),
        ("undo", "not allowed: nothing to undo"),
        ("pull 3 4C new", "not allowed: 4C ends meld 3: move it instead"),
        ("pull 3 5C 3", "not allowed: the cards are in that meld already"),
        (
            "pull 3 5C",
            "can't read that: write pull 3 8H 5 (or pull 3 8H new): a run's number, a card from "
            "its middle, a meld or new",
        ),
        (
            "pull 1 JK new 2",
            "can't read that: write pull 3 8H 5 (or pull 3 8H new): a run's number, a card "
            "from its middle, a meld or new",
        ),
        ("pull 2 TH 9", "not allowed: there is no meld 9: the draft has melds 1..3"),
        ("draft 9H TH JH", "not allowed: 5S left the table: cards never go back to a hand"),
        (
            "draft 5S 6S JK 8S | 9H TH JH | 4C 5C 6C 7C",
            "can't read that: 'JK': a joker is played with the card it stands for, e.g. JK[9H]",
        ),
        ("draft 5S 6S JK[7S] 8S | 9H TH JH | 4C 5C 6C 7C 8C", "not allowed: you don't hold 8C"),
        (
            "draft 5S 6S JK[7S] 8S |",
            "can't read that: 'draft 5S 6S JK[7S] 8S |': draft takes the whole new "
            "table, melds separated by |",
        ),
        ("commit", "not allowed: your draft is the table as it is: build one first (new, add, ...)"),
        ("knock", "not allowed: knock at the end of your turn (after a meld or the third draw)"),
        ("flip", "unknown command 'flip': type help for the list"),
    ],
)
def test_mistakes_get_one_line_and_change_nothing(command: str, message: str) -> None:
    client, _, out = new_client(seed=starter_seed())
    rig(client, HAND, TABLE)
    client.handle("draw")
    before = client.obs
    client.handle(command)
    assert last_line(out) == message
    assert client.obs == before


def test_knock_after_melding_with_five_points_or_less() -> None:
    client, _, out = new_client(seed=starter_seed(), rules=("players=3", "target=500"))
    rig(client, "7H 7D 7C 9S 9H 9D AS 2D", next_cards="AC")
    client.handle("draw")
    client.handle("hint")
    text = out.getvalue()
    assert "hint: meld, playing 9S 7H 9H 7C 7D 9D from your hand; 4 points left (AS AC 2D)" in text
    assert "then you could knock (4 points, 5 or less)" in text
    client.handle("hint use")
    client.handle("commit")
    assert client.to_move() == HUMAN and "you may knock" in out.getvalue()
    client.handle("knock")
    text = out.getvalue()
    assert "seat 1 (you) knocks with 4" in text and "round 1 over" in text
    assert re.search(r"^  seat 1 \(you\)     AS AC 2D  1\+1\+2 = 4 points$", text, re.MULTILINE)
    assert "rounds won" in text


def test_hint_before_drawing_and_with_nothing_to_play() -> None:
    client, _, out = new_client(seed=starter_seed())
    rig(client, "2S 5D 9C KH QS", TABLE)
    client.handle("hint")
    assert "hint: nothing from your hand fits the table" in out.getvalue() and last_line(out) == "hint: draw"
    rig(client, HAND, TABLE)
    start = len(out.getvalue())
    client.handle("hint")
    # the draw comes first, before the meld it proposes (issue 28, the tester's 13)
    told = out.getvalue()[start:].splitlines()
    assert told[0] == "hint: draw first: a meld comes only after a draw this turn"
    assert told[1].startswith("then, with the cards you hold now: meld, playing ")
    assert "not now" not in out.getvalue()[start:]
    client.handle("hint please")
    assert last_line(out).startswith("can't read that: write hint")


def test_help_lists_the_draft_commands() -> None:
    client, _, out = new_client()
    client.handle("help")
    text = out.getvalue()
    for command in (
        "new 7H 7D 7C",
        "add 3 8H",
        "split 3 8H",
        "move 2 5H 4",
        "replace 4 5H",
        "pull 3 8H 5",
        "draft 4H 5H 6H | ...",
        "show  (or draft)",
        "undo",
        "commit",
    ):
        assert command in text
    for word in ("draw", "knock", "end", "hint", "show", "quit"):
        assert f"\n  {word}" in text
    assert "\n  reset" in text and "\n  hint use" in text
    # commit ends the turn, and says so (issue 28, the tester's 13)
    assert re.search(r"^  commit +play the draft as your meld; this ends your turn", text, re.MULTILINE)


def test_a_bots_skipped_last_turn_is_told() -> None:
    client, _, out = new_client(seed=starter_seed(2), rules=("players=2",))
    game = client.game
    sections = fields_of(game.position(client.link.state), game.variant)
    pool = card_pool([sections["hands"], sections["stock"]])
    stuck = take_cards(pool, "2S 5D 9C KH QS 3H 7C JD 4S 8H")  # no meld, and the table is empty
    sections.update(hands=f"{' '.join(pool.elements())} / {' '.join(stuck)}", stock="-", last="1")
    client.link.state = game.from_position(position_text(game.variant, sections.items()))
    reread(client)
    client.handle("end")
    lines = out.getvalue().splitlines()
    at = lines.index("seat 1 (you) ends the turn")
    assert lines[at + 1] == "seat 2 (random) has nothing to meld in the last turn: the turn passes"
    assert "round 1 over" in lines[at + 3]


@pytest.mark.parametrize("verb", ["add", "split", "move", "pull", "replace"])
def test_a_huge_meld_number_is_refused_in_one_short_line(verb: str) -> None:
    client, _, out = new_client(seed=starter_seed())
    rig(client, HAND, TABLE)
    client.handle("draw")
    huge = "9" * 5000
    command = {
        "move": f"move {huge} 5S 2",
        "pull": f"pull 3 5C {huge}",
        "replace": f"replace 1 7S from {huge}",
    }.get(verb, f"{verb} {huge} 7H")
    before = client.obs
    client.handle(command)
    assert last_line(out).startswith("can't read that: '999") and len(last_line(out)) < 120
    assert client.obs == before


def test_the_hands_line_counts_cards_and_says_who_has_melded() -> None:
    # "seat 1 (you) 3 melded" read as three cards melded
    client, _, _ = new_client(starter_seed())
    client.link.state.melded.add(HUMAN)
    reread(client)
    held = len(client.obs["hand"])
    entries = [entry.plain for entry in client.seat_entries()]
    assert entries[0] == f"seat 1 (you) {held} cards, has melded"
    assert entries[1] == f"seat 2 (random) {client.obs['hand_counts'][1]} cards"
