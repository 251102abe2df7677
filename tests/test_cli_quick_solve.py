"""``rummykit solve`` without Typer: the quick reading of plain arguments gives what the Typer
command gives (output, errors, exit codes), hands everything else to the command, and one hand is
solved without importing Typer, Pydantic, HiGHS, numpy or rich."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest
import typer.main
from typer.testing import CliRunner

from rummykit.cli.app import build_app
from rummykit.cli.hand_solve import QUICK_OPTIONS, quick_solve

RUNNER = CliRunner()
HAND = ["R1", "R2", "R3", "R7", "Y7", "B7", "K7", "B9", "B10", "B11", "F", "K2", "K3", "K4"]


def test_quick_options_are_the_commands_own() -> None:
    group = typer.main.get_command(build_app(["solve"]))
    solve = group.commands["solve"]  # type: ignore[attr-defined]
    params = {opt: p for p in solve.params for opt in p.opts}
    for option, name in QUICK_OPTIONS.items():
        assert params[option].name == name
    assert getattr(params["--json"], "is_flag", None) is True
    assert getattr(params["--indicator"], "is_flag", None) is False


@pytest.mark.parametrize(
    "args",
    [
        ["okey", "--indicator", "R5", *HAND],
        ["okey", "--indicator=R5", "--json", *HAND],
        ["okey", *HAND[:13], "--json"],
        ["okey", "--rule", "pair_rule=same_number", "--rule", "rounds=3", "--json", "R1", "Y1", "B5", "K5"],
        ["kalooki", "--json", "QS", "KS", "AS", "7D", "7H", "7C", "2C"],
        ["turkish_rummy", "--decks", "1", "AS", "2S", "3S"],
        ["okey", "R14"],
        ["okey", "--indicator", "F", "R1"],
        ["okey", "--decks", "2", "R1"],
        ["nogame", "R1"],
        ["okey"],
    ],
)
def test_quick_path_answers_as_the_command(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    expected = RUNNER.invoke(build_app(["solve"]), ["solve", *args])
    code = quick_solve(args)
    out = capsys.readouterr()
    assert code == expected.exit_code
    assert out.out == expected.stdout
    assert out.err == expected.stderr


def test_quick_batch_answers_as_the_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = "R5: R1 R2 R3\nB7: R8 Y8 F\nR1 R1 R1\nX1: R1\n# a comment\nK13: F F K1 K2\n"
    expected = RUNNER.invoke(build_app(["solve"]), ["solve", "okey", "--json", "--batch", "-"], input=lines)
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    assert quick_solve(["okey", "--json", "--batch", "-"]) == expected.exit_code == 0
    assert capsys.readouterr().out == expected.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["okey", "--help"],
        ["--help"],
        ["carousel", "--table", "7H 8H 9H", "--hand", "TH"],
        ["okey", "--bogus", "R1"],
        ["okey", "--indicator", "R5", "--indicator", "R6", "R1"],
        ["okey", "R1", "--indicator"],
        ["kalooki", "--decks", "two", "AS"],
        ["okey", "--json=yes", "R1"],
        [],
    ],
)
def test_anything_else_goes_to_the_command(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert quick_solve(args) is None
    assert capsys.readouterr().out == ""


def test_one_hand_starts_without_heavy_imports() -> None:
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "rummykit", "solve", "okey", "--indicator", "R5", *HAND],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "winning:" in done.stdout
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if "|" in line}
    for heavy in ("typer", "pydantic", "highspy", "numpy", "rich", "rummykit.server", "rummykit.cli.play"):
        assert heavy not in imported, heavy


@pytest.mark.parametrize("batch", [True, False])
def test_a_closed_output_stops_the_command_quietly(batch: bool) -> None:
    """``rummykit solve ... | head -1``: the reader goes away after one line; the command stops
    with 141 (128 + SIGPIPE) and says nothing on standard error."""
    line = "R5: " + " ".join(HAND) + "\n"
    args = ["--json", "--batch", "-"] if batch else ["--indicator", "R5", *HAND]
    command = subprocess.Popen(
        [sys.executable, "-m", "rummykit", "solve", "okey", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert command.stdin is not None and command.stdout is not None and command.stderr is not None
    command.stdout.close()
    command.stdin.write(line.encode() * (20_000 if batch else 0))
    command.stdin.close()
    assert command.wait(timeout=120) == 141
    assert command.stderr.read() == b""


def test_help_and_the_light_commands_start_without_the_table_solver_or_the_database() -> None:
    """HiGHS and numpy are Carousel's, SQLAlchemy and Alembic the server's: ``rummykit --help``
    (which imports every command), ``rummykit play --help`` and ``rummykit rules --help`` load none
    of them."""
    for args in (["--help"], ["play", "--help"], ["rules", "--help"]):
        done = subprocess.run(
            [sys.executable, "-X", "importtime", "-m", "rummykit", *args],
            capture_output=True,
            text=True,
            check=True,
        )
        imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if "|" in line}
        assert "rummykit.cli" in imported, args
        assert not {"highspy", "numpy", "sqlalchemy", "alembic"} & imported, args
