"""``rummykit play okey``: the terminal client, driven by piped commands and by scripted input."""

from __future__ import annotations

import io
import json
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

import rummykit
from play_helpers import RUNNER, Script, fresh_match, give_rack, load_game, reread, run_app, terminal_for
from rummykit.cli.app import app
from rummykit.cli.play import HUMAN
from rummykit.cli.seat_link import LocalLink
from rummykit.core.notation import format_face, format_faces, parse_faces
from rummykit.core.pieces import JOKER, Kind
from rummykit.engine.records import read_lines, replay
from rummykit.variants.closed_hand.state import Phase
from rummykit.variants.closed_hand.terminal import PlayClient
from rummykit.variants.registry import game_from_record

ALL_FACES = [format_face(Kind.TILES, f) for f in range(JOKER + 1)]
ANSI = re.compile(r"\x1b\[")
MISTAKES = ("unknown command", "can't read", "not allowed")

Line = str | Callable[["PlayClient"], str]


def run(*args: str, stdin: str = "") -> tuple[int, str]:
    """Run the command line; (exit code, standard output)."""
    return run_app(*args, stdin=stdin)


def one_turn_feed(cycles: int) -> str:
    """Lines that make one whole turn whatever the rack holds: pass/draw (one of them is legal, or
    neither in the opening), then a discard of every face: exactly one succeeds, the rest are
    rejected (also on the next turn, before its draw)."""
    turn = ["pass", "draw", *(f"d {name}" for name in ALL_FACES)]
    return "\n".join(turn * cycles) + "\n"


def new_client(
    lines: list[Line],
    seed: int = 3,
    rules: tuple[str, ...] = (),
    bot: str = "random",
    interactive: bool = False,
) -> tuple[PlayClient, Script, io.StringIO]:
    """A client on a fresh game with bots, reading from a script, writing plain text to a buffer."""
    game, state, bots, names, console, out = fresh_match("okey", seed, rules, bot)
    script = Script(lines)
    client = terminal_for(LocalLink(game, state, bots, names), console, script, interactive=interactive)
    script.client = client
    return client, script, out


def starter_seed(players: int = 4) -> int:
    """A seed whose first round is started by the human (seat 0 discards without drawing)."""
    game = load_game("okey", [f"players={players}"])
    return next(s for s in range(100) if game.current_seat(game.new_state(s)) == HUMAN)


def shown_rack(output: str) -> list[str]:
    """The tiles of the last rack printed (the line after the positions line)."""
    lines = output.splitlines()
    index = max(i for i, line in enumerate(lines) if line.startswith("your rack"))
    return [t.rstrip("*") for t in lines[index + 2].split()]


def to_my_turn(client: PlayClient) -> None:
    """Let the bots move until the human is to move."""
    client.play_others()
    assert client.to_move() == HUMAN


def to_my_draw(client: PlayClient, discard: str = "d") -> None:
    """Let the bots move until the human is to move, past the opening when the human starts the
    round (``discard`` the first tile of the rack, then the bots move again)."""
    to_my_turn(client)
    if client.phase is Phase.OPENING:
        client.handle(f"{discard} {format_face(Kind.TILES, client.order[0])}")
        to_my_turn(client)


def discard_phase(client: PlayClient) -> None:
    """Bring the human to the point of discarding (draw when needed)."""
    to_my_turn(client)
    if client.phase is Phase.DRAW:
        client.handle("draw")
    assert client.phase in (Phase.OPENING, Phase.DISCARD)


def in_sync(client: PlayClient) -> bool:
    return Counter(client.order) == Counter(client.obs["hand"])


# ---------------------------------------------------------------------- the command line
def test_piped_commands_play_moves_and_write_a_record(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    args = ["play", "okey", "--seed", "5", "--bots", "random", "--no-color", "--record", str(record)]
    code, out = run(*args, stdin=one_turn_feed(3))
    assert code == 0
    assert "seed 5" in out
    assert len(re.findall(r"^.*seat 1 \(you\) discards [RYBKF]", out, re.MULTILINE)) == 3
    assert re.search(r"seat [234] \(random\) (draws|takes|discards)", out)
    assert "end of input" in out and "Traceback" not in out
    replayed = replay(read_lines(record), game_from_record)
    assert replayed.header["seats"] == ["you", "random-2", "random-3", "random-4"]
    assert replayed.actions >= 6 and not replayed.complete


def test_end_of_input_quits_cleanly() -> None:
    code, out = run("play", "okey", "--seed", "1", "--bots", "random", stdin="")
    assert code == 0
    assert out.rstrip().endswith("end of input: leaving the game")
    assert "Traceback" not in out


def test_quit_asks_first() -> None:
    code, out = run(
        "play", "okey", "--seed", "1", "--bots", "random", stdin="quit\nn\ntable\nquit\ny\nhelp\n"
    )
    assert code == 0
    assert out.count("really quit? [y/N]") == 2
    assert "still playing" in out
    assert out.rstrip().endswith("leaving the game")
    assert "\ncommands\n" not in out  # nothing read after leaving


def test_end_of_input_while_asking_to_quit_quits() -> None:
    code, out = run("play", "okey", "--seed", "1", "--bots", "random", stdin="quit\n")
    assert code == 0 and "really quit? [y/N]" in out and "leaving the game" in out


def test_no_color_output_is_plain_and_color_can_be_forced() -> None:
    feed = one_turn_feed(1) + "hint\nsort runs\n"
    code, plain = run("play", "okey", "--seed", "2", "--bots", "random", "--no-color", stdin=feed)
    assert code == 0 and not ANSI.search(plain)
    code, default = run("play", "okey", "--seed", "2", "--bots", "random", stdin=feed)
    assert code == 0 and not ANSI.search(default)  # not a terminal: no colour by default
    code, coloured = run("play", "okey", "--seed", "2", "--bots", "random", "--color", stdin=feed)
    assert code == 0 and ANSI.search(coloured)
    assert ANSI.sub("", coloured).count("discards") == plain.count("discards")


def test_full_match_by_piping(tmp_path: Path) -> None:
    record = tmp_path / "match.jsonl"
    args = ["play", "okey", "--seed", "7", "--bots", "random", "--rule", "rounds=1", "--record", str(record)]
    code, out = run(*args, stdin=one_turn_feed(40))
    assert code == 0
    assert "round 1 over" in out and "score change" in out and "scores now" in out
    assert "match over" in out and re.search(r"^winners?: ", out, re.MULTILINE)
    assert "end of input" not in out
    replayed = replay(read_lines(record), game_from_record)
    assert replayed.complete
    last = json.loads(read_lines(record)[-1])
    assert last["outcome"]["rounds"] == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess"], "unknown game"),
        (["play", "okey", "--bots", "random,greedy"], "2 bots named for 3 bot seats"),
        (["play", "okey", "--bots", "clever"], "unknown bot"),
        (["play", "okey", "--rule", "players=9"], "players"),
        (["play", "okey", "--players", "1"], "players"),
    ],
)
def test_user_errors_are_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = RUNNER.invoke(app, args, input="")
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ")


def test_players_shortcut_and_single_bot_name() -> None:
    code, out = run("play", "okey", "--seed", "1", "--players", "2", "--bots", "random", stdin="")
    assert code == 0
    assert "Okey, 2 players" in out
    assert "seat 2 (random)" in out and "seat 3" not in out


def test_the_terminal_numbers_every_seat_from_one() -> None:
    """Issue 28's defect 9: the terminal numbers seats as the browser's table does, from 1: the
    opening line, every move's seat, the bots' names (their record names too) and the round end;
    no screen says seat 0."""
    code, out = run("play", "okey", "--seed", "1", "--bots", "greedy", stdin=one_turn_feed(3))
    assert code == 0
    assert "you are seat 1;" in out
    assert re.search(r"^seat 1 \(you\) discards ", out, re.MULTILINE)
    for seat in (2, 3, 4):
        assert re.search(rf"^seat {seat} \(greedy\) ", out, re.MULTILINE), seat
    assert not re.search(r"\bseat 0\b", out), out


# ---------------------------------------------------------------------- the client, scripted
def test_a_typo_gets_one_line_and_the_same_prompt_again() -> None:
    client, script, out = new_client(["dicsard R7", "discard R77", "move"])
    to_my_turn(client)
    before = client.obs
    start = len(out.getvalue().splitlines())
    assert client.run() == 0
    new_lines = out.getvalue().splitlines()[start:]
    errors = [line for line in new_lines if "unknown command" in line or "can't read" in line]
    assert len(errors) == 3
    assert "'dicsard'" in errors[0] and "help" in errors[0]
    assert "'R77'" in errors[1]
    assert len(set(script.prompts)) == 1 and len(script.prompts) == 4
    assert client.obs == before


def test_illegal_moves_are_explained_and_change_nothing() -> None:
    client, _, out = new_client([])
    to_my_draw(client, "discard")
    assert client.phase is Phase.DRAW
    before, order, places = client.obs, list(client.order), client.game.piece_places(client.link.state)
    client.handle(f"discard {format_face(Kind.TILES, client.order[0])}")
    assert "not allowed: draw or take a tile first" in out.getvalue().splitlines()[-1]
    client.handle("draw")
    held = set(client.order)
    missing = next(name for name in ALL_FACES if parse_faces(Kind.TILES, name)[0] not in held)
    before, order = client.obs, list(client.order)
    for command in (f"d {missing}", "draw", "take", "pass", f"finish {missing}", "show K1 : R1"):
        client.handle(command)
        assert out.getvalue().splitlines()[-1].startswith(("not allowed: ", "can't read that: "))
        assert client.obs == before and client.order == order
    assert f"you don't hold {missing}" in out.getvalue()
    assert client.game.piece_places(client.link.state) == places


def test_draw_appends_at_the_right_and_discard_keeps_the_order() -> None:
    client, _, out = new_client([])
    discard_phase(client)
    client.handle("sort pairs")
    arranged = list(client.order)
    if client.phase is Phase.OPENING:
        client.handle(f"d {format_face(Kind.TILES, arranged[0])}")
        to_my_turn(client)
        arranged = arranged[1:]
        assert client.order == arranged
        client.handle("draw")
        assert client.order[:-1] == arranged and in_sync(client)
        assert f"draws {format_face(Kind.TILES, client.order[-1])} from the stock" in out.getvalue()
    assert shown_rack(out.getvalue()) == [format_face(Kind.TILES, f) for f in client.order]


def test_sort_and_move_change_the_order_but_not_the_tiles() -> None:
    client, _, out = new_client([])
    discard_phase(client)
    tiles = Counter(client.order)
    for how in ("runs", "sets", "pairs", ""):
        client.handle(f"sort {how}".strip())
        assert Counter(client.order) == tiles
        assert shown_rack(out.getvalue()) == [format_face(Kind.TILES, f) for f in client.order]
    assert client.order == sorted(client.order, key=lambda f: (f == JOKER, f))
    first, third = client.order[0], client.order[2]
    client.handle(f"move {format_face(Kind.TILES, first)} 3")
    assert client.order[2] == first and client.order[1] == third and Counter(client.order) == tiles
    last = client.order[-1]
    client.handle(f"move {len(client.order)} 1")
    assert client.order[0] == last and Counter(client.order) == tiles
    assert shown_rack(out.getvalue()) == [format_face(Kind.TILES, f) for f in client.order]
    client.handle("move 1 99")
    assert "there is no position 99" in out.getvalue().splitlines()[-1]
    assert client.order[0] == last and in_sync(client)


def test_sort_runs_puts_the_solver_melds_side_by_side() -> None:
    client, _, out = new_client([])
    discard_phase(client)
    client.handle("sort runs")
    best = client.profile.solver().arrange(client.order, client.wilds)
    grouped = sum(len(m.faces) for m in best.melds)
    assert sum(end - start for start, end in client.rack_groups()) == grouped
    assert client.order[grouped:] == sorted(
        client.order[grouped:], key=lambda f: (client.wilds.is_wild(f), f == JOKER, f)
    )
    if best.melds:
        assert "+--" in out.getvalue().splitlines()[-1]  # the ASCII bracket of plain output


def test_hint_suggests_a_legal_discard() -> None:
    client, _, out = new_client([])
    discard_phase(client)
    client.handle("hint")
    text = out.getvalue()
    found = re.search(r"hint: (discard) (\S+) \(leaves \d+ tiles? out of melds\)", text)
    found = found or re.search(r"you can (finish): finish (\S+)", text)
    assert found is not None
    legal = set(client.session.texts())
    assert f"{found.group(1)} {found.group(2)}" in legal
    assert "best: " in text


def test_hint_before_drawing_says_draw_or_take() -> None:
    client, _, out = new_client([])
    to_my_draw(client)
    client.handle("hint")
    assert re.search(r"hint: (draw from the stock|take \S+)", out.getvalue())


def test_help_lists_the_commands() -> None:
    client, _, out = new_client([])
    client.handle("help")
    text = out.getvalue()
    for command in ("draw", "take", "discard R7", "finish R7 :", "show", "pass", "sort runs", "move R7 3"):
        assert command in text
    for word in ("hint", "quit", "sort pairs", "sort sets"):
        assert word in text


def rig(client: PlayClient, hand: str) -> None:
    """Give the human exactly the tiles ``hand`` at the start of a round, by swapping pieces with
    the stock and the other racks (every piece stays in exactly one place), and re-read the rack."""
    wanted = Counter(parse_faces(Kind.TILES, hand))
    client.link.state = give_rack(client.game, client.link.state, HUMAN, list(wanted.elements()))
    reread(client)
    assert Counter(client.obs["hand"]) == wanted
    assert set(client.game.piece_places(client.link.state).values()) == {1}


WIN = "R1 R2 R3 Y7 Y8 Y9 B10 B11 B12 B13 K1 K2 K3 K4 K9"


@pytest.mark.parametrize(
    "command", ["finish K9", "finish K9 : R1 R2 R3 | Y7 Y8 Y9 | B10 B11 B12 B13 | K1 K2 K3 K4"]
)
def test_finishing_ends_the_round_and_the_match(command: str) -> None:
    seed = starter_seed()
    client, _, out = new_client([], seed=seed, rules=("rounds=1",))
    assert client.obs["indicator"] not in parse_faces(Kind.TILES, WIN) and not any(
        client.wilds.is_wild(f) for f in parse_faces(Kind.TILES, WIN)
    ), "pick another hand for this seed"
    rig(client, WIN)
    client.handle("hint")
    assert "you can finish: finish K9 (melds)" in out.getvalue()
    client.handle(command)
    text = out.getvalue()
    assert "seat 1 (you) finishes, discarding K9" in text
    assert "round 1 over" in text and "seat 1 finishes (normal)" in text
    # plain output (no colour) separates with " | " (" · " in a colour terminal)
    assert re.search(
        r"score change\s+seat 1 \(you\) \+0 \| seat 2 \(random\) -2 \| "
        r"seat 3 \(random\) -2 \| seat 4 \(random\) -2",
        text,
    )
    assert re.search(r"scores now\s+seat 1 \(you\) 20 \| seat 2 \(random\) 18", text)
    # one name per seat: the scores and the winners name seats as the moves do
    assert not re.search(r"\b(?:random|greedy)-\d", text), text
    assert text.count("  seat ") >= 4  # every hand is shown
    assert client.is_over()
    assert client.run() == 0
    assert "winner: seat 1 (you) after 1 round" in out.getvalue()


def test_a_wrong_arrangement_is_refused() -> None:
    seed = starter_seed()
    client, _, out = new_client([], seed=seed)
    rig(client, WIN)
    before = client.obs
    client.handle("finish K9 : R1 R2 R3 | Y7 Y8 Y9 | B10 B11 B12 | B13 K1 K2 K3 K4")
    assert out.getvalue().splitlines()[-1].startswith("not allowed: ")
    assert client.obs == before


def test_show_the_indicators_twin() -> None:
    game = load_game("okey", [])
    seed = next(
        s
        for s in range(500)
        if game.current_seat(st := game.new_state(s)) == HUMAN
        and game.observe(st, HUMAN)["indicator"] in game.observe(st, HUMAN)["hand"]
    )
    client, _, out = new_client([], seed=seed)
    client.render_table()
    assert "you may show" in out.getvalue()
    client.handle("show")
    assert re.search(r"seat 1 \(you\) shows the indicator's twin", out.getvalue())
    assert client.obs["scores"] == [20, 19, 19, 19]
    client.handle("show")
    assert out.getvalue().splitlines()[-1].startswith("not allowed: ")


def scripted_move(client: PlayClient) -> str:
    """Finish when possible, else draw (or pass), else discard the rightmost tile."""
    legal = client.session.texts()
    for verb in ("finish", "draw", "pass"):
        chosen = [a for a in legal if a.startswith(verb)]
        if chosen:
            return chosen[0]
    return f"discard {format_face(Kind.TILES, client.order[-1])}"


def test_a_whole_match_with_scripted_input() -> None:
    client, script, out = new_client([scripted_move] * 400, seed=11, rules=("rounds=2", "players=3"))
    assert client.run() == 0
    text = out.getvalue()
    assert "round 1 over" in text and "round 2 over" in text and "match over" in text
    assert client.is_over() and len(client.link.state.results) == 2
    assert script.lines, "the match ended before the script did"


def test_lines_typed_ahead_in_a_terminal_are_dropped_at_each_prompt() -> None:
    """Lines typed while the bots played (or the table was drawn) are not run at the next prompt:
    a queued ``quit`` and ``y`` would leave the game unasked (issue 28, defect 14). Piped input
    keeps every line."""
    client, _, out = new_client([], seed=3, interactive=True)
    typed = ["quit", "y"]  # typed before the prompt showed
    prompts: list[str] = []

    def read_line(prompt: str) -> str:
        prompts.append(prompt)
        if typed:
            return typed.pop(0)
        raise EOFError

    client.read_line = read_line
    client.discard_typed_ahead = typed.clear
    assert client.run() == 0
    assert len(prompts) == 1 and "really quit" not in out.getvalue()
    assert out.getvalue().rstrip().endswith("end of input: leaving the game")
    piped, _, _ = new_client([], seed=3, interactive=False)
    kept = ["quit", "y"]
    piped.read_line = lambda prompt: kept.pop(0)
    piped.discard_typed_ahead = kept.clear
    assert piped.run() == 0 and kept == []


def test_interactive_pause_between_rounds_and_end_of_input_there() -> None:
    client, _, out = new_client([], seed=starter_seed(), interactive=True)
    rig(client, WIN)
    prompts: list[str] = []

    def read_line(prompt: str) -> str:
        prompts.append(prompt)
        if prompt.startswith("press Enter"):
            raise EOFError
        return "finish K9"

    client.read_line = read_line
    assert client.run() == 0
    assert prompts == ["you (discard or finish) > ", "press Enter to start round 2 "]
    assert "round 1 over" in out.getvalue()
    assert out.getvalue().rstrip().endswith("end of input: leaving the game")
    assert not client.is_over()


def test_every_action_is_recorded_for_replay(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    args = ["play", "okey", "--seed", "4", "--bots", "random", "--players", "2", "--record", str(path)]
    code, _ = run(*args, stdin=one_turn_feed(4))
    assert code == 0
    lines = read_lines(path)
    seats = [json.loads(line).get("seat") for line in lines[1:]]
    assert 0 in seats and 1 in seats
    assert replay(lines, game_from_record).actions == len(lines) - 1


def test_tile_colours_in_a_colour_terminal() -> None:
    client, _, _ = new_client([])
    buffer = io.StringIO()
    client.console = Console(file=buffer, force_terminal=True, color_system="truecolor", width=120)
    client.render_rack()
    text = buffer.getvalue()
    assert ANSI.search(text)
    plain = re.sub(r"\x1b\[[0-9;]*m", "", text)
    assert format_faces(Kind.TILES, client.order[:2]).split()[0] in plain


def test_a_seat_without_legal_moves_stops_the_game_with_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    client, _, out = new_client(["draw"])
    monkeypatch.setattr(client.game, "legal_actions", lambda state, seat: [])
    assert client.run() == 1
    assert "has no legal move" in out.getvalue().splitlines()[-1]


def test_d_is_discard_and_show_needs_the_indicator() -> None:
    client, _, out = new_client([])
    discard_phase(client)
    tile = client.order[0]
    client.handle(f"d {format_face(Kind.TILES, tile)}")
    assert f"seat 1 (you) discards {format_face(Kind.TILES, tile)}" in out.getvalue()
    client.play_others()
    other = next(f for f in range(JOKER) if f != client.obs["indicator"])
    client.handle(f"show {format_face(Kind.TILES, other)}")
    assert "only its twin can be shown" in out.getvalue().splitlines()[-1]


# ---------------------------------------------------------------------- defects fixed with the seat session
@pytest.mark.parametrize("answer", ["y", ""])
def test_quit_at_the_pause_between_rounds_quits_asking_first(answer: str) -> None:
    client, _, out = new_client([], seed=starter_seed(), interactive=True)
    rig(client, WIN)
    prompts: list[str] = []
    replies = ["finish K9", "quit", "n", "quit", answer, ""]

    def read_line(prompt: str) -> str:
        prompts.append(prompt)
        if not replies:
            raise EOFError
        return replies.pop(0)

    client.read_line = read_line
    assert client.run() == 0
    pause = "press Enter to start round 2 "
    assert prompts[:5] == [
        "you (discard or finish) > ",
        pause,
        "really quit? [y/N] ",
        pause,
        "really quit? [y/N] ",
    ]
    text = out.getvalue()
    assert "still playing" in text
    if answer == "y":
        assert text.rstrip().endswith("leaving the game") and client.obs["round"] == 2
        assert "round 2 |" not in text  # the round was never shown: the player left
    else:
        assert prompts[5] == pause and "round 2 |" in text  # declined: Enter starts the round


def test_players_and_a_players_rule_that_disagree_are_refused() -> None:
    result = RUNNER.invoke(app, ["play", "okey", "--players", "2", "--rule", "players=3"], input="")
    assert result.exit_code == 2
    assert result.stderr == "error: --players 2 and --rule players=3 disagree: give one of them\n"
    code, out = run("play", "okey", "--seed", "1", "--players", "3", "--rule", "players=3", stdin="")
    assert code == 0 and "Okey, 3 players" in out


def test_a_huge_command_is_not_echoed_back_whole() -> None:
    huge = "x" * 2_000_000
    for line in (huge, f"d {huge}", f"move {huge} 3", f"move 1 {'9' * 10_000}", f"sort {huge}"):
        code, out = run("play", "okey", "--seed", "1", "--bots", "random", "--no-color", stdin=line + "\n")
        assert code == 0 and "Traceback" not in out
        assert len(out) < 20_000, line[:20]
        errors = [
            x for x in out.splitlines() if x.startswith(("unknown command", "can't read", "not allowed"))
        ]
        assert len(errors) == 1 and len(errors[0]) < 200


def test_bytes_that_are_not_utf8_are_shown_as_bytes() -> None:
    code, out = run_bytes(b"d \xff\xfe\n\xff\nmove \xff 3\n")
    assert code == 0 and "Traceback" not in out
    errors = [x for x in out.splitlines() if x.startswith(MISTAKES)]
    assert len(errors) == 3
    assert "\\xff\\xfe" in errors[0] and "\\xff" in errors[1] and "\\xff" in errors[2]
    assert "udc" not in out


def run_bytes(stdin: bytes) -> tuple[int, str]:
    """``rummykit play okey`` reading raw bytes."""
    return run_app("play", "okey", "--seed", "1", "--bots", "random", "--no-color", stdin=stdin)


def test_play_starts_from_a_position_text() -> None:
    """``--position`` starts from the game's one-line position text (seat 0 is you), with the
    rack and the turn the position holds; a deal's options beside it are refused."""
    game = rummykit.load("okey")
    state = game.new_state(8)
    while game.current_seat(state) != HUMAN or state.phase is not Phase.DRAW:
        seat = game.current_seat(state)
        assert seat is not None
        game.apply(state, seat, game.legal_actions(state, seat)[-1])
    text = game.position(state)
    code, out = run("play", "okey", "--position", text, "--bots", "random", "--no-color")
    assert code == 0 and f"seed {state.seed} (from the given position)" in out
    lines = out.splitlines()
    rack = [
        t.rstrip("*")
        for t in lines[next(i for i, x in enumerate(lines) if x.startswith("your rack")) + 2].split()
    ]
    assert Counter(rack) == Counter(format_faces(Kind.TILES, game.observe(state, HUMAN)["hand"]).split())
    assert "your turn: draw from the stock" in out
    for extra in (("--seed", "3"), ("--record", "r.jsonl")):
        result = RUNNER.invoke(app, ["play", "okey", "--position", text, *extra], input="")
        assert result.exit_code == 2 and "--position starts from a position" in result.stderr
    result = RUNNER.invoke(app, ["play", "okey", "--position", text, "--players", "2"], input="")
    assert result.exit_code == 2 and result.stderr.startswith("error: ") and "2 seats" in result.stderr


@pytest.mark.parametrize("game", ["okey", "turkish_rummy", "kalooki", "okey_101", "carousel"])
def test_words_that_take_nothing_refuse_more_alike_and_d_is_named_as_typed(game: str) -> None:
    """``table extra``, ``hint me``, ``auto 5`` (played a move), ``help me``, ``quit now`` and
    ``draw now`` are each refused the same way, changing nothing; ``d`` alone is named ``'d'``,
    not ``'discard '``."""
    typed = ["table extra", "hint me", "auto 5", "help me", "quit now", "draw now", "d"]
    code, out = run_app("play", game, "--seed", "3", "--no-color", stdin="\n".join(typed) + "\n")
    assert code == 0
    refused = [line for line in out.splitlines() if line.startswith(MISTAKES)]
    words = ["table extra", "hint me", "auto 5", "help me", "quit now", "draw now"]
    expected = [f"can't read that: '{w}': {w.split()[0]} takes nothing more" for w in words]
    if game == "carousel":  # hint use is Carousel's own; there is no discard
        expected[1] = "can't read that: write hint, or hint use to make the solver's table your draft"
        expected.append("unknown command 'd': type help for the list")
    else:
        expected.append("can't read that: 'd': discard takes exactly one ")
    assert refused[: len(expected) - 1] == expected[:-1]
    assert refused[len(expected) - 1].startswith(expected[-1]), refused
    assert "auto:" not in out and "really quit?" not in out
