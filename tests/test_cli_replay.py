"""``rummykit replay``: a good record replays with its outcome; a tampered, corrupt or missing one is
``error: line N: reason`` with exit code 2; an unfinished one replays as far as it goes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from rummykit import simulation as sim
from rummykit.cli.app import app
from rummykit.engine.options import rules_from_mapping
from rummykit.engine.records import header, rules_hash
from rummykit.variants.okey.game import OkeyGame
from rummykit.variants.okey.rules import OkeyRules

RUNNER = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = RUNNER.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """Two records as lists of lines: 'random' (random bots, one round) and 'finish' (a round won)."""
    folder = tmp_path_factory.mktemp("records")
    random_cfg = sim.make_config("okey", "random", 1, overrides=["rounds=1"], records=folder / "random")
    bots = "greedy,greedy,random,random"
    greedy_cfg = sim.make_config("okey", bots, 3, overrides=["rounds=1"], records=folder / "greedy")
    sim.simulate(random_cfg, 1)
    out = {"random": sim.record_path(folder / "random", 1).read_text().splitlines()}
    (folder / "greedy").mkdir()
    for index in range(1, 6):
        stats = sim.run_game(greedy_cfg, index)
        if stats.rounds[0].winner is not None:
            out["finish"] = sim.record_path(folder / "greedy", index).read_text().splitlines()
            break
    assert "finish" in out
    return out


def write(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


def replay_error(tmp_path: Path, lines: list[str]) -> tuple[int, str]:
    code, out, err = run("replay", str(write(tmp_path, lines)))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ")
    return code, err


def line_no(lines: list[str], pick: Any) -> int:
    """The 1-based number of the first action line whose data satisfies ``pick``."""
    for number, text in enumerate(lines, start=1):
        data = json.loads(text)
        if "action" in data and pick(data):
            return number
    raise AssertionError("no such line")


@pytest.mark.parametrize("which", ["random", "finish"])
def test_a_good_record_replays(tmp_path: Path, records: dict[str, list[str]], which: str) -> None:
    lines = records[which]
    path = write(tmp_path, lines)
    code, out, err = run("replay", "--json", str(path))
    assert code == 0, err
    data = json.loads(out)
    outcome = json.loads(lines[-1])["outcome"]
    head = json.loads(lines[0])
    assert data["complete"] is True
    assert data["scores"] == outcome["scores"] and data["winners"] == outcome["winners"]
    assert data["rounds_played"] == outcome["rounds"] == len(data["rounds"]) == 1
    assert data["seed"] == head["seed"] and data["seats"] == head["seats"] and data["variant"] == "okey"
    assert data["actions"] == len(lines) - 2
    if which == "finish":
        assert data["rounds"][0]["winner"] is not None and data["rounds"][0]["kind"] != "void"
    code, text, _ = run("replay", str(path))
    assert code == 0
    assert "final scores: " + " ".join(map(str, outcome["scores"])) in text
    told = "winners: seat" if which == "finish" else "no winner: every player ended the match level"
    assert told in text and "round 1: " in text and "rounds=1" in text
    assert "incomplete" not in text
    # the seats as people count them, as the winners line and every other screen name them
    assert "seats:   " + ", ".join(f"seat {i + 1} ({name})" for i, name in enumerate(head["seats"])) in text


def test_changed_action_is_illegal(tmp_path: Path, records: dict[str, list[str]]) -> None:
    lines = list(records["random"])
    first = json.loads(lines[1])
    lines[1] = json.dumps({"seat": first["seat"], "action": "draw"})  # no draw on the starter's opening
    _, err = replay_error(tmp_path, lines)
    assert err.startswith("error: line 2: 'draw' is illegal")


def test_later_changed_action(tmp_path: Path, records: dict[str, list[str]]) -> None:
    lines = list(records["random"])
    number = line_no(lines, lambda d: d["action"] == "draw")
    seat = json.loads(lines[number - 1])["seat"]
    lines[number - 1] = json.dumps({"seat": seat, "action": "pass"})
    _, err = replay_error(tmp_path, lines)
    assert err.startswith(f"error: line {number}: 'pass' is illegal")


def test_unreadable_action(tmp_path: Path, records: dict[str, list[str]]) -> None:
    lines = list(records["random"])
    lines[4] = json.dumps({"seat": json.loads(lines[4])["seat"], "action": "juggle R7"})
    _, err = replay_error(tmp_path, lines)
    assert err.startswith("error: line 5: ")


def test_wrong_seat(tmp_path: Path, records: dict[str, list[str]]) -> None:
    lines = list(records["random"])
    data = json.loads(lines[2])
    lines[2] = json.dumps({"seat": (data["seat"] + 1) % 4, "action": data["action"]})
    _, err = replay_error(tmp_path, lines)
    acting, turn = (data["seat"] + 1) % 4 + 1, data["seat"] + 1  # counted from 1, as every message
    assert err == f"error: line 3: seat {acting} acts, but it is seat {turn}'s turn\n"


@pytest.mark.parametrize("seat", [4, 9, -1, 10**40])
def test_a_seat_the_match_has_not_is_named_as_written(
    tmp_path: Path, records: dict[str, list[str]], seat: int
) -> None:
    """A seat outside the header's seats is named as the line writes it, never as another seat's
    turn ("seat 10 acts, but it is seat 2's turn")."""
    lines = list(records["random"])
    lines[2] = json.dumps({"seat": seat, "action": json.loads(lines[2])["action"]})
    _, err = replay_error(tmp_path, lines)
    written = str(seat) if seat < 10**20 else "a number of over 38 digits"
    assert (
        err == f"error: line 3: an action line's \"seat\": {written} names no seat: the record's are 0 to 3\n"
    )


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_an_action_line_that_is_not_strict_json_is_not_json(
    tmp_path: Path, records: dict[str, list[str]], constant: str
) -> None:
    """Python's reader takes NaN and Infinity, JSON has not: the line is not JSON, not a line
    with the wrong keys."""
    lines = list(records["random"])
    lines[2] = f'{{"seat": {constant}, "action": "draw"}}'
    _, err = replay_error(tmp_path, lines)
    assert err.startswith("error: line 3: not JSON: "), err
    assert f"{constant} is not JSON" in err or "1e999 is past the range of a number" in err, err
    assert "two keys" not in err


def test_deep_nesting_is_one_error_line(tmp_path: Path, records: dict[str, list[str]]) -> None:
    """Too deep for Python's reader (a RecursionError): refused like any line that is not JSON."""
    lines = [*records["random"][:2], "[" * 100000 + "]" * 100000, *records["random"][2:]]
    _, err = replay_error(tmp_path, lines)
    assert err == "error: line 3: not JSON: nested too deeply\n"


@pytest.mark.parametrize("which", ["random", "finish"])
def test_changed_outcome(tmp_path: Path, records: dict[str, list[str]], which: str) -> None:
    lines = list(records[which])
    outcome = json.loads(lines[-1])
    outcome["outcome"]["scores"][0] += 1
    lines[-1] = json.dumps(outcome)
    _, err = replay_error(tmp_path, lines)
    assert err.startswith(f"error: line {len(lines)}: the claimed outcome differs")


def test_changed_rule_breaks_the_hash(tmp_path: Path, records: dict[str, list[str]]) -> None:
    lines = list(records["random"])
    head = json.loads(lines[0])
    head["rules"]["points_normal"] = 3
    lines[0] = json.dumps(head)
    _, err = replay_error(tmp_path, lines)
    assert err.startswith("error: line 1: the rules hash does not match")


def test_changed_rule_with_a_forged_hash_changes_the_outcome(
    tmp_path: Path, records: dict[str, list[str]]
) -> None:
    lines = list(records["finish"])
    head = json.loads(lines[0])
    head["rules"]["points_normal"] = 3
    head["rules_hash"] = rules_hash(rules_from_mapping(OkeyRules, head["rules"]))
    lines[0] = json.dumps(head)
    _, err = replay_error(tmp_path, lines)
    assert err.startswith(f"error: line {len(lines)}: the claimed outcome differs")


def test_bad_rule_value_in_the_header(tmp_path: Path, records: dict[str, list[str]]) -> None:
    lines = list(records["random"])
    head = json.loads(lines[0])
    head["rules"]["players"] = 7
    lines[0] = json.dumps(head)
    _, err = replay_error(tmp_path, lines)
    assert err.startswith("error: line 1: option players")


@pytest.mark.parametrize("where", ["last", "middle"])
def test_truncated_json(tmp_path: Path, records: dict[str, list[str]], where: str) -> None:
    lines = list(records["random"])
    index = len(lines) - 1 if where == "last" else 10
    lines[index] = lines[index][: len(lines[index]) // 2]
    _, err = replay_error(tmp_path, lines)
    assert err.startswith(f"error: line {index + 1}: not JSON")


def test_line_after_the_outcome(tmp_path: Path, records: dict[str, list[str]]) -> None:
    lines = [*records["random"], records["random"][-2]]
    _, err = replay_error(tmp_path, lines)
    assert err.startswith(f"error: line {len(lines)}: a line after the outcome")


def test_not_a_record(tmp_path: Path) -> None:
    _, err = replay_error(tmp_path, ['{"hello": 1}'])
    assert err.startswith("error: line 1: not a rummykit record")
    _, err = replay_error(tmp_path, ["[1, 2]"])
    assert err.startswith("error: line 1: ")


def test_missing_and_empty_files(tmp_path: Path) -> None:
    code, out, err = run("replay", str(tmp_path / "nope.jsonl"))
    assert code == 2 and out == "" and err.startswith("error: can't read") and err.count("\n") == 1
    (tmp_path / "empty.jsonl").write_text("")
    code, _, err = run("replay", str(tmp_path / "empty.jsonl"))
    assert code == 2 and err == "error: the record is empty\n"


def test_finished_match_without_its_outcome_line_is_refused(
    tmp_path: Path, records: dict[str, list[str]]
) -> None:
    """A match that is over must end with its outcome: a deleted last line is tampering."""
    lines = records["random"][:-1]
    code, err = replay_error(tmp_path, lines)
    assert (
        code == 2 and err.startswith(f"error: line {len(lines) + 1}: ") and "outcome line is missing" in err
    )


def test_seat_and_rule_types_are_checked(tmp_path: Path, records: dict[str, list[str]]) -> None:
    lines = list(records["random"])
    action = json.loads(lines[1])
    action["seat"] = str(action["seat"])
    code, err = replay_error(tmp_path, [lines[0], json.dumps(action), *lines[2:]])
    assert code == 2 and err.startswith("error: line 2: ")
    header = json.loads(lines[0])
    header["rules"]["points_normal"] = "2"
    code, err = replay_error(tmp_path, [json.dumps(header), *lines[1:]])
    assert code == 2 and err.startswith("error: line 1: ") and "types" in err
    header = json.loads(lines[0])
    header["seats"] = "abcd"
    code, err = replay_error(tmp_path, [json.dumps(header), *lines[1:]])
    assert code == 2 and "seats" in err


def test_unfinished_game_replays_what_is_there(tmp_path: Path, records: dict[str, list[str]]) -> None:
    lines = records["random"][:40]
    path = write(tmp_path, lines)
    code, out, _ = run("replay", str(path))
    assert code == 0
    assert "scores so far" in out and "the match is not over" in out and "winners" not in out
    code, out, _ = run("replay", "--json", str(path))
    data = json.loads(out)
    assert data["complete"] is False and data["winners"] is None and data["actions"] == 39
    assert data["rounds"] == [] and len(data["scores"]) == 4


def test_changed_outcome_is_told_in_words(tmp_path: Path, records: dict[str, list[str]]) -> None:
    """Not a Python tuple repr: the claim and the replay's outcome, each in words."""
    lines = list(records["finish"])
    data = json.loads(lines[-1])
    real = list(data["outcome"]["scores"])
    data["outcome"]["scores"][1] += 5
    lines[-1] = json.dumps(data)
    _, err = replay_error(tmp_path, lines)
    claimed = " ".join(map(str, data["outcome"]["scores"]))
    # the winner named as the summary and the terminal name it: seat 1 is the engine's seat 0
    [winner] = data["outcome"]["winners"]
    won = f"won by seat {winner + 1}"
    assert f"the record claims scores {claimed}, {won}, after 1 round;" in err
    assert f"the replay gives scores {' '.join(map(str, real))}, {won}, after 1 round" in err
    assert "(" not in err and "[" not in err


def test_a_level_match_is_told_as_no_winner(tmp_path: Path, records: dict[str, list[str]]) -> None:
    """A match every seat ended level (random bots' one round: the stock ran out, every seat among
    the winners) has no winner, as the web's round end and the profiles say: in the summary, and
    in a changed outcome's words, not "won by seats 0, 1, 2, 3"."""
    lines = list(records["random"])
    data = json.loads(lines[-1])
    assert data["outcome"]["winners"] == [0, 1, 2, 3]
    code, out, _ = run("replay", str(write(tmp_path, lines)))
    assert code == 0 and out.splitlines()[-1] == "no winner: every player ended the match level"
    assert "winners" not in out
    data["outcome"]["rounds"] = 2
    lines[-1] = json.dumps(data)
    _, err = replay_error(tmp_path, lines)
    level = "no winner: every player ended the match level"
    scores = " ".join(map(str, data["outcome"]["scores"]))
    assert f"the record claims scores {scores}, {level}, after 2 rounds;" in err
    assert f"the replay gives scores {scores}, {level}, after 1 round" in err
    assert "won by" not in err


@pytest.mark.parametrize("field", ["seat", "seed", "meld"])
def test_numbers_of_5000_digits_are_refused_cleanly(
    tmp_path: Path, records: dict[str, list[str]], field: str
) -> None:
    """Too long for Python to read as a number: one error line at that line, exit 2, no traceback."""
    lines = list(records["random"])
    huge = "9" * 5000
    if field == "seed":
        lines[0] = lines[0].replace(f'"seed": {json.loads(lines[0])["seed"]}', f'"seed": {huge}')
        number = 1
    elif field == "seat":
        lines[3] = json.dumps({"seat": 0, "action": "draw"}).replace('"seat": 0', f'"seat": {huge}')
        number = 4
    else:
        game = sim.make_game("kalooki", sim.make_config("kalooki", "random", 1).rules)
        seat = game.current_seat(game.new_state(1))
        lines = [kalooki_header(), json.dumps({"seat": seat, "action": f"layoff {huge} 7H"})]
        number = 2
    code, err = replay_error(tmp_path, lines)
    assert code == 2 and err.startswith(f"error: line {number}: ")
    assert "turn" not in err and len(err) < 300


def kalooki_header() -> str:
    """The header of a Kalooki record (seed 1, four random bots)."""
    config = sim.make_config("kalooki", "random", 1)
    game = sim.make_game("kalooki", config.rules)
    return json.dumps(header(game, 1, ["random"] * 4))


def test_rules_of_another_game_are_named(tmp_path: Path) -> None:
    """A Kalooki header switched to carousel: the rules belong to kalooki, not 'unknown option'."""
    data = json.loads(kalooki_header())
    data["variant"] = "carousel"
    _, err = replay_error(tmp_path, [json.dumps(data)])
    assert err.startswith("error: line 1: these are the rules of kalooki, not of carousel")
    assert "ace_penalty" in err or "has no option" in err
    data["rules"] = {"colour": "red"}
    _, err = replay_error(tmp_path, [json.dumps(data)])
    assert err.startswith("error: line 1: carousel has no option 'colour'")


def test_position_after_n_actions_is_the_games_position_text(
    tmp_path: Path, records: dict[str, list[str]]
) -> None:
    lines = records["finish"]
    path = write(tmp_path, lines)
    head = json.loads(lines[0])
    game = OkeyGame(rules_from_mapping(OkeyRules, head["rules"]))
    state = game.new_state(head["seed"])
    actions = [json.loads(line) for line in lines[1:-1]]
    applied = 0
    for count in (0, 5, len(actions)):
        for data in actions[applied:count]:
            game.apply(state, data["seat"], game.parse_action(data["action"]))
        applied = count
        code, out, err = run("replay", str(path), "--position", str(count))
        assert code == 0, err
        assert out.strip() == game.position(state)
        assert game.position(game.from_position(out.strip())) == out.strip()
    code, out, err = run("replay", str(path), "--position", str(len(actions) + 1))
    assert code == 2 and out == ""
    assert err == f"error: --position {len(actions) + 1}: the record has only {len(actions)} actions\n"
