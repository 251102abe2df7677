"""``rummykit play turkish_rummy``: the shared terminal client on cards, driven by piped commands and
by scripted input."""

from __future__ import annotations

import io
import json
import re
from collections import Counter
from pathlib import Path

import pytest
from rich.console import Console

from play_helpers import RUNNER, Script, fresh_match, give_rack, load_game, reread, run_app, terminal_for
from rummykit.cli.app import app
from rummykit.cli.play import HUMAN
from rummykit.cli.seat_link import LocalLink
from rummykit.core.notation import format_face, parse_faces
from rummykit.core.pieces import JOKER, Kind, rank_of, suit_of
from rummykit.engine.records import read_lines, replay
from rummykit.variants.closed_hand.state import Phase
from rummykit.variants.closed_hand.terminal import PlayClient
from rummykit.variants.registry import game_from_record
from rummykit.variants.turkish_rummy.terminal import TurkishRummyView

ALL_FACES = [format_face(Kind.CARDS, f) for f in range(JOKER + 1)]
ANSI = re.compile(r"\x1b\[")
SYMBOLS = "♠♥♦♣"


def run(*args: str, stdin: str = "") -> tuple[int, str]:
    """Run the command line; (exit code, standard output)."""
    return run_app("play", "turkish_rummy", *args, stdin=stdin)


def one_turn_feed(cycles: int) -> str:
    """Lines that make one whole turn whatever the hand holds: pass/draw, then a discard of every
    face: exactly one succeeds, the rest are rejected (also on the next turn, before its draw)."""
    turn = ["pass", "draw", *(f"d {name}" for name in ALL_FACES)]
    return "\n".join(turn * cycles) + "\n"


def new_client(
    seed: int = 3,
    rules: tuple[str, ...] = (),
    bot: str = "random",
    lines: list[str] | None = None,
    console: Console | None = None,
) -> tuple[PlayClient, io.StringIO]:
    """A client on a fresh match against bots, writing plain text to a buffer (unless ``console``)."""
    game, state, bots, names, console, out = fresh_match("turkish_rummy", seed, rules, bot, console)
    client = terminal_for(LocalLink(game, state, bots, names), console, Script(lines or []))
    return client, out


def first_seed(players: int = 4) -> int:
    """A seed whose first round the human plays first."""
    game = load_game("turkish_rummy", [f"players={players}"])
    return next(s for s in range(100) if game.observe(game.new_state(s), None)["order"][0] == HUMAN)


def to_my_turn(client: PlayClient) -> None:
    client.play_others()
    assert client.to_move() == HUMAN


def last_line(out: io.StringIO) -> str:
    return out.getvalue().splitlines()[-1]


def symbol_name(face: int) -> str:
    """``7♥`` for 7H."""
    return format_face(Kind.CARDS, face)[0] + SYMBOLS[suit_of(face)]


# ---------------------------------------------------------------------- the command line
def test_piped_commands_play_moves_and_write_a_record(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    code, out = run(
        "--seed", "5", "--bots", "random", "--no-color", "--record", str(record), stdin=one_turn_feed(3)
    )
    assert code == 0
    assert out.startswith("Turkish Rummy, 4 players | seed 5")
    assert len(re.findall(r"^seat 1 \(you\) discards ([2-9TJQKA][SHDC]|JK)$", out, re.MULTILINE)) == 3
    assert re.search(r"seat [234] \(random\) (draws|takes|discards)", out)
    assert "end of input" in out and "Traceback" not in out
    replayed = replay(read_lines(record), game_from_record)
    assert replayed.header["variant"] == "turkish_rummy" and replayed.actions >= 6


def test_the_order_of_play_and_the_up_card_are_shown() -> None:
    game = load_game("turkish_rummy", [])
    seen = game.observe(game.new_state(16), None)
    code, out = run("--seed", "16", "--no-color", stdin="")
    assert code == 0
    line = next(line for line in out.splitlines() if line.startswith("order of play"))
    drawn = [format_face(Kind.CARDS, face) for _, face in seen["order_draws"]]
    assert re.findall(r"(?:drew|redrew|then) (\S\S)", line) == drawn
    names = ["you" if s == HUMAN else f"seat {s + 1}" for s in seen["order"]]
    assert line.endswith("-> " + ", ".join(names))
    assert "redrew" in line and "(tie)" in line  # seed 16: a tie, then a joker drawn again
    assert "JK then" in line
    up = format_face(Kind.CARDS, seen["up_card"])
    assert re.search(
        rf"^up card {up} \(out of play\)   its twin in a hand at the round's end: every opponent -1",
        out,
        re.M,
    )
    assert re.search(
        r"^penalties  seat 1 \(you\) 0 \| seat 2 \(greedy\) 0 \| seat 3 \(greedy\) 0 \| seat 4 \(greedy\) 0$",
        out,
        re.M,
    )


def test_no_color_output_is_ascii_and_color_uses_suit_symbols() -> None:
    feed = "help\nhint\nsort runs\nsort pairs\n" + one_turn_feed(40)
    args = ["--seed", "7", "--bots", "random", "--rule", "rounds=1"]
    code, plain = run(*args, "--no-color", stdin=feed)
    assert code == 0 and "round 1 over" in plain and "match over" in plain
    assert plain.isascii() and not ANSI.search(plain)
    assert re.search(r"^your rack \(1[45]\)$", plain, re.M)
    code, default = run(*args, stdin=feed)
    assert code == 0 and default == plain  # not a terminal: no colour by default
    code, coloured = run(*args, "--color", stdin=feed)
    assert code == 0 and ANSI.search(coloured) and any(s in coloured for s in SYMBOLS)
    assert re.search(r"\x1b\[[0-9;]*31m[2-9TJQKA][♥♦]", coloured)  # red suits
    assert ANSI.sub("", coloured).count("discards") == plain.count("discards")


def test_a_full_match_by_piping(tmp_path: Path) -> None:
    record = tmp_path / "match.jsonl"
    args = [
        "--seed",
        "11",
        "--bots",
        "random",
        "--rule",
        "rounds=1",
        "--players",
        "3",
        "--record",
        str(record),
    ]
    code, out = run(*args, stdin=one_turn_feed(60))
    assert code == 0
    assert "round 1 over" in out and "this round" in out and "penalties now" in out
    assert "match over" in out and re.search(r"^winners?: ", out, re.MULTILINE)
    assert "end of input" not in out
    assert replay(read_lines(record), game_from_record).complete
    assert json.loads(read_lines(record)[-1])["outcome"]["rounds"] == 1


@pytest.mark.parametrize("game", ["kalooki", "carousel"])
def test_the_table_games_have_their_own_client(game: str) -> None:
    result = RUNNER.invoke(app, ["play", game, "--seed", "1", "--bots", "random"], input="")
    assert result.exit_code == 0
    assert "end of input: leaving the game" in result.stdout and "Traceback" not in result.stdout


# ---------------------------------------------------------------------- the client, scripted
def test_discard_in_letters_and_in_suit_symbols() -> None:
    client, out = new_client(seed=first_seed())
    for notation in (lambda f: format_face(Kind.CARDS, f), symbol_name):
        to_my_turn(client)
        client.handle("draw")
        face = next(f for f in client.order if f != JOKER)
        client.handle(f"discard {notation(face)}")
        assert f"seat 1 (you) discards {format_face(Kind.CARDS, face)}" in out.getvalue()
        assert client.obs["discards"][0][-1] == face
    client.handle("d 7♥ 8♥")
    assert last_line(out).startswith("can't read that: ")


def test_illegal_moves_are_explained_and_change_nothing() -> None:
    client, out = new_client(seed=first_seed())
    to_my_turn(client)
    assert client.phase is Phase.DRAW
    before, order, places = client.obs, list(client.order), client.game.piece_places(client.link.state)
    client.handle(f"discard {format_face(Kind.CARDS, client.order[0])}")
    assert last_line(out) == "not allowed: draw or take a card first"
    client.handle("pass")
    assert last_line(out) == "not allowed: pass is only for the empty stock's last chance"
    client.handle("show")
    assert last_line(out).startswith("unknown command 'show'")
    assert client.obs == before and client.order == order
    client.handle("draw")
    held = set(client.order)
    missing = next(name for name in ALL_FACES if parse_faces(Kind.CARDS, name)[0] not in held)
    before, order = client.obs, list(client.order)
    for command in (f"d {missing}", "draw", "take", f"finish {missing}", "move XX 3", "discard 1H"):
        client.handle(command)
        assert last_line(out).startswith(("not allowed: ", "can't read that: ")), command
        assert client.obs == before and client.order == order
    assert f"not allowed: you don't hold {missing}" in out.getvalue()
    assert client.game.piece_places(client.link.state) == places


def test_the_shared_pile_and_the_card_you_may_take() -> None:
    client, out = new_client(seed=first_seed())
    obs = client.obs
    assert (
        len(obs["discards"]) == 1 and obs["takeable"] == obs["discards"][0][-1] and obs["takeable_from"] == 0
    )
    top = format_face(Kind.CARDS, obs["takeable"])
    client.render_table()
    assert f"discard pile  {top}  <- you may take {top}" in out.getvalue()
    assert f"your turn: draw from the stock or take {top}" in out.getvalue()
    client.handle("take")
    assert f"seat 1 (you) takes {top}" in out.getvalue() and client.order[-1] == obs["takeable"]
    face = client.order[0]
    client.handle(f"d {format_face(Kind.CARDS, face)}")
    client.play_others()
    pile = client.obs["discards"][0]
    assert pile and client.obs["takeable"] == pile[-1]  # the bots took and discarded on it
    shown = next(line for line in reversed(out.getvalue().splitlines()) if line.startswith("discard pile"))
    assert shown.split("<-")[0].split()[2:] == [format_face(Kind.CARDS, f) for f in pile]


def test_sort_move_hint_and_help_work_on_cards() -> None:
    client, out = new_client(seed=first_seed())
    client.handle("draw")
    cards = Counter(client.order)
    for how in ("runs", "sets", "pairs", ""):
        client.handle(f"sort {how}".strip())
        assert Counter(client.order) == cards
    view = client.view
    assert client.order == sorted(client.order, key=view.colour_key)
    assert [f for f in client.order if f != JOKER] == sorted(
        (f for f in client.order if f != JOKER), key=lambda f: ((0, 1, 3, 2)[suit_of(f)], rank_of(f))
    )
    first = client.order[0]
    client.handle(f"move {format_face(Kind.CARDS, first)} 3")
    assert client.order[2] == first and Counter(client.order) == cards
    client.handle("hint")
    found = re.search(r"hint: discard (\S\S) \(leaves \d+ cards? out of melds\)", out.getvalue())
    found = found or re.search(r"you can finish: finish (\S\S)", out.getvalue())
    assert found is not None and "best: " in out.getvalue()
    client.handle("help")
    text = out.getvalue()
    for command in ("discard 7H  (d 7H)", "finish 7H : AS 2S 3S", "move 7H 3", "sort pairs", "(stalemate)"):
        assert command in text
    assert "\n  show " not in text


def rig(client: PlayClient, hand: str, seat: int = HUMAN, extra: tuple[int, str] | None = None) -> None:
    """Give ``seat`` exactly the cards ``hand`` (and seat ``extra[0]`` the cards ``extra[1]`` on top
    of its own) by swapping cards with the stock and the other hands; every card stays in exactly
    one place. Re-read the rack."""
    game = client.game
    client.link.state = give_rack(game, client.link.state, seat, parse_faces(Kind.CARDS, hand))
    if extra is not None:
        client.link.state = give_rack(
            game, client.link.state, extra[0], parse_faces(Kind.CARDS, extra[1]), keep_rest=True
        )
    assert set(game.piece_places(client.link.state).values()) == {1}
    reread(client)


WIN = "AS 2S 3S 7H 8H 9H TD JD QD KD 5C 5H 5D 5S"
WIN_TOO = "2C 3C 4C 8S 9S TS JH QH KH AH 6D 6H 6C 6S"


def test_laying_down_ends_the_round_with_the_penalties_explained() -> None:
    client, out = new_client(seed=first_seed(), rules=("rounds=1",))
    up = format_face(Kind.CARDS, client.obs["up_card"])
    hand = WIN if up not in WIN.split() else WIN_TOO
    rig(client, hand, extra=(1, up))
    client.handle("draw")
    drawn = client.order[-1]
    name = format_face(Kind.CARDS, drawn)
    assert drawn != JOKER, "pick another seed: a joker discard scores more"
    client.handle("hint")
    assert "you can finish: finish " in out.getvalue()
    client.handle(f"finish {name}")
    text = out.getvalue()
    assert f"seat 1 (you) finishes, discarding {name}" in text
    assert "round 1 over" in text
    assert "seat 1 lays down (a hunt): every opponent -2" in text
    assert f"seat 2 holds the up card's twin {up}: every opponent -1" in text
    assert re.search(
        r"^this round     seat 1 \(you\) -1 \| seat 2 \(random\) -2 \| "
        r"seat 3 \(random\) -3 \| seat 4 \(random\) -3$",
        text,
        re.M,
    )
    assert re.search(
        r"^penalties now  seat 1 \(you\) -1 \| seat 2 \(random\) -2 \| "
        r"seat 3 \(random\) -3 \| seat 4 \(random\) -3$",
        text,
        re.M,
    )
    assert len(re.findall(r"^  seat \d \((you|random)\) ", text, re.M)) == 4  # every hand shown
    assert client.is_over()
    assert client.run() == 0
    assert "winner: seat 1 (you) after 1 round" in out.getvalue()


def test_a_wrong_arrangement_is_refused() -> None:
    client, out = new_client(seed=first_seed())
    rig(client, WIN)
    client.handle("draw")
    before = client.obs
    name = format_face(Kind.CARDS, client.order[-1])
    client.handle(f"finish {name} : AS 2S 3S 7H | 8H 9H TD | JD QD KD | 5C 5H 5D 5S")
    assert last_line(out).startswith("not allowed: ")
    assert client.obs == before


def scripted_move(client: PlayClient) -> str:
    """Finish when possible, else draw (or pass), else discard the rightmost card."""
    legal = client.session.texts()
    for verb in ("finish", "draw", "pass"):
        chosen = [a for a in legal if a.startswith(verb)]
        if chosen:
            return chosen[0]
    return f"discard {format_face(Kind.CARDS, client.order[-1])}"


def test_a_whole_match_driving_the_client() -> None:
    client, out = new_client(seed=2, rules=("rounds=2", "players=3"), bot="greedy")
    moves = 0

    def read_line(prompt: str) -> str:
        nonlocal moves
        moves += 1
        assert moves < 400, "the match did not end"
        return scripted_move(client)

    client.read_line = read_line
    assert client.run() == 0
    text = out.getvalue()
    assert "round 1 over" in text and "round 2 over" in text and "match over" in text
    assert client.is_over() and len(client.link.state.results) == 2
    assert text.count("order of play  ") >= 2


def test_cards_in_a_colour_terminal() -> None:
    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=True, color_system="truecolor", width=120)
    client, _ = new_client(seed=first_seed(), console=console)
    assert isinstance(client.view, TurkishRummyView)
    client.render_table()
    text = buffer.getvalue()
    plain = re.sub(r"\x1b\[[0-9;]*m", "", text)
    shown = " ".join(symbol_name(f) if f != JOKER else "JK*" for f in client.order)
    assert shown in " ".join(plain.split())
    red = [f for f in client.order if suit_of(f) in (1, 2)]
    if red:
        assert re.search(r"\x1b\[[0-9;]*31m" + re.escape(symbol_name(red[0])), text)
    joker = client.view.piece(JOKER, client.wilds, mark=True)
    assert joker.plain == "JK*" and "on magenta" in str(joker.style)
