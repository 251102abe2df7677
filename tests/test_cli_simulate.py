"""``rummykit simulate`` and :mod:`rummykit.simulation`: consistent counts, JSON, workers,
records, and one-line errors with exit code 2."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from rummykit import simulation as sim
from rummykit.cli.app import app

RUNNER = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = RUNNER.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def simulate_json(*args: str) -> dict[str, Any]:
    code, out, err = run("simulate", "okey", "--json", *args)
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def check_consistent(data: dict[str, Any], games: int, rounds_per_game: int | None) -> None:
    seats = data["seats"]
    assert data["games"] == games
    assert sum(s["wins"] for s in seats) == pytest.approx(games)
    assert all(s["sole_wins"] <= s["wins"] + 1e-9 for s in seats)
    assert sum(s["sole_wins"] for s in seats) <= games
    if rounds_per_game is not None:
        assert data["rounds"] == games * rounds_per_game
        assert data["mean_rounds_per_game"] == rounds_per_game
    finished = sum(data["finishes"].values())
    assert finished + data["void_rounds"] == data["rounds"]
    assert sum(s["round_wins"] for s in seats) == finished
    assert set(data["finishes"]) >= {"normal", "okey", "pairs", "okey+pairs"}
    assert data["mean_turns_per_round"] == pytest.approx(data["turns"] / data["rounds"])
    assert data["actions"] >= data["turns"] >= data["rounds"]
    assert set(data["timing"]) == {"wall_seconds", "games_per_second", "workers"}
    assert data["timing"]["games_per_second"] > 0


def without_timing(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != "timing"}


def test_random_bots_summary_is_consistent() -> None:
    data = simulate_json("--games", "6", "--rounds", "2", "--bots", "random", "--seed", "5")
    check_consistent(data, 6, 2)
    assert [s["bot"] for s in data["seats"]] == ["random"] * 4
    assert data["rules"]["rounds"] == 2 and data["seed"] == 5


def test_greedy_bots_finish_rounds() -> None:
    data = simulate_json(
        "--games", "2", "--rounds", "1", "--bots", "greedy,greedy,random,random", "--seed", "3"
    )
    check_consistent(data, 2, 1)
    assert [s["bot"] for s in data["seats"]] == ["greedy", "greedy", "random", "random"]
    assert sum(data["finishes"].values()) >= 1


def test_two_players_and_rule_overrides() -> None:
    data = simulate_json("--games", "3", "--rounds", "1", "--rule", "players=2", "--rule", "start_points=5")
    check_consistent(data, 3, 1)
    assert len(data["seats"]) == 2 and data["rules"]["start_points"] == 5


def test_same_seed_same_summary_different_seed_differs() -> None:
    args = ("--games", "3", "--rounds", "1", "--seed", "11")
    first, again = simulate_json(*args), simulate_json(*args)
    assert without_timing(first) == without_timing(again)
    other = simulate_json("--games", "3", "--rounds", "1", "--seed", "12")
    assert without_timing(other) != without_timing(first)


def test_workers_do_not_change_the_summary() -> None:
    args = ("--games", "6", "--rounds", "1", "--seed", "7", "--bots", "random")
    one = simulate_json(*args, "--workers", "1")
    two = simulate_json(*args, "--workers", "2")
    assert one["timing"]["workers"] == 1 and two["timing"]["workers"] == 2
    assert without_timing(one) == without_timing(two)


def test_table_output() -> None:
    code, out, err = run("simulate", "okey", "--games", "2", "--rounds", "1", "--seed", "1")
    assert code == 0, err
    for text in (
        "match wins",
        "mean score",
        "round wins",
        "rounds with no winner",
        "okey+pairs",
        "games per second",
    ):
        assert text in out
    assert "1/k" in out
    assert err == ""  # no progress bar when stderr is not a terminal
    assert not out.lstrip().startswith("{")


def test_records_are_written_and_replay(tmp_path: Path) -> None:
    folder = tmp_path / "deep" / "records"
    data = simulate_json("--games", "3", "--rounds", "1", "--seed", "2", "--records", str(folder))
    files = sorted(p.name for p in folder.iterdir())
    assert files == ["game-00001.jsonl", "game-00002.jsonl", "game-00003.jsonl"]
    total = [0] * 4
    for name in files:
        code, out, err = run("replay", "--json", str(folder / name))
        assert code == 0, err
        replayed = json.loads(out)
        last = json.loads((folder / name).read_text().splitlines()[-1])["outcome"]
        assert replayed["complete"] is True
        assert replayed["scores"] == last["scores"] and replayed["winners"] == last["winners"]
        total = [t + s for t, s in zip(total, replayed["scores"], strict=True)]
    assert [s["mean_score"] for s in data["seats"]] == pytest.approx([t / 3 for t in total])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--bots", "random,clever,random,random"), "unknown bot 'clever'"),
        (("--bots", "random,random"), "2 bots named for 4 bot seats"),
        (("--games", "0"), "--games must be at least 1"),
        (("--workers", "0"), "--workers must be at least 1"),
        (("--rule", "no_such_rule=1"), "unknown option 'no_such_rule'"),
        (("--rule", "players=9"), "option players"),
        (("--rule", "players"), "name=value"),
        (("--rounds", "0"), "option rounds"),
        (("--preset", "/nonexistent/preset.toml"), "can't read preset"),
    ],
)
def test_bad_options_are_one_line_errors(args: tuple[str, ...], message: str) -> None:
    code, out, err = run("simulate", "okey", "--games", "1", "--rounds", "1", *args)
    assert code == 2
    assert out == ""
    assert err.startswith("error: ") and message in err
    assert err.count("\n") == 1


@pytest.mark.parametrize(("game", "message"), [("chess", "unknown game"), ("gin", "unknown game")])
def test_unknown_or_unplayable_game(game: str, message: str) -> None:
    code, _, err = run("simulate", game, "--games", "1")
    assert code == 2 and err.startswith("error: ") and message in err and err.count("\n") == 1


def test_unwritable_records_directory(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    code, _, err = run("simulate", "okey", "--games", "1", "--rounds", "1", "--records", str(blocker / "x"))
    assert code == 2 and err.startswith("error: can't create the records directory")


# ---------------------------------------------------------------------- the library, without the CLI


def config(**changes: Any) -> sim.SimulationConfig:
    base = sim.make_config("okey", "random", 9, overrides=["rounds=1"])
    return replace(base, **changes)


def test_seeds_are_derived_per_game_and_seat() -> None:
    seeds = {sim.game_seed(1, i) for i in range(1, 200)} | {sim.game_seed(2, i) for i in range(1, 200)}
    assert len(seeds) == 398
    assert all(0 <= s < 2**48 for s in seeds)
    assert sim.bot_seed(1, 1, 0) != sim.bot_seed(1, 1, 1) != sim.bot_seed(1, 2, 1)
    assert sim.game_seed(1, 5) == sim.game_seed(1, 5)


def test_run_game_is_reproducible_and_turns_match_the_record(tmp_path: Path) -> None:
    cfg = config(records=tmp_path)
    stats = sim.run_game(cfg, 4)
    assert stats == sim.run_game(replace(cfg, records=None), 4)
    assert stats.index == 4 and stats.seed == sim.game_seed(9, 4)
    lines = [json.loads(x) for x in sim.record_path(tmp_path, 4).read_text().splitlines()]
    assert lines[0]["seed"] == stats.seed
    actions = [x["action"].split()[0] for x in lines[1:-1]]
    assert len(actions) == stats.actions
    assert sum(r.turns for r in stats.rounds) == sum(a in ("discard", "finish", "pass") for a in actions)


def test_aggregate_is_order_independent() -> None:
    cfg = config()
    stats = sim.simulate(cfg, 4)
    assert [s.index for s in stats] == [1, 2, 3, 4]
    assert sim.aggregate(cfg, stats) == sim.aggregate(cfg, list(reversed(stats)))


def test_shared_wins_are_fractions() -> None:
    cfg = config()
    tie = sim.GameStats(1, 0, (20, 20, 20, 19), (0, 1, 2), (sim.RoundStats(None, "void", 3),), 6)
    solo = sim.GameStats(2, 0, (18, 20, 18, 18), (1,), (sim.RoundStats(1, "okey", 5),), 9)
    summary = sim.aggregate(cfg, [tie, solo])
    assert [float(s.wins) for s in summary.seats] == pytest.approx([1 / 3, 4 / 3, 1 / 3, 0])
    assert [s.sole_wins for s in summary.seats] == [0, 1, 0, 0]
    assert [s.round_wins for s in summary.seats] == [0, 1, 0, 0]
    assert summary.finishes["okey"] == 1 and summary.void_rounds == 1 and summary.rounds == 2
    assert summary.mean_turns_per_round == 4
    assert summary.to_json()["seats"][3]["mean_score"] == 18.5  # type: ignore[index]


def test_rounds_option_for_each_game() -> None:
    """--rounds N plays matches of exactly N rounds (Kalooki: match=rounds); Carousel has none;
    101 Okey's summary lists its finish kinds even when none happened."""
    for game in ("okey", "turkish_rummy", "kalooki", "okey_101"):
        result = CliRunner().invoke(app, ["simulate", game, "--games", "2", "--rounds", "1", "--json"])
        assert result.exit_code == 0, result.stderr
        assert json.loads(result.stdout)["rounds"] == 2
    finishes = json.loads(result.stdout)["finishes"]
    assert {"normal", "hand", "pairs", "okey", "pairs+okey"} <= set(finishes)
    refused = CliRunner().invoke(app, ["simulate", "carousel", "--games", "2", "--rounds", "1"])
    assert refused.exit_code == 2 and "target" in refused.stderr


def _children(pid: int) -> set[int]:
    """The ids of the live processes whose parent is ``pid`` (from /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
def test_ctrl_c_stops_the_workers_at_once() -> None:
    """Ctrl-C during a long simulation with workers: one line, exit 130 within seconds, no worker
    left running."""
    command = [sys.executable, "-m", "rummykit", "simulate", "okey", "--games", "100000", "--workers", "2"]
    # started as a shell starts a command: Ctrl-C's default action, not blocked, whatever this
    # test process holds after the tests before it (the same process id, through exec)
    shell_like = (
        "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
        "signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT}); os.execv(sys.executable, sys.argv[1:])"
    )
    started_as = [sys.executable, "-c", shell_like, *command]
    process = subprocess.Popen(started_as, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        while len(_children(process.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
        time.sleep(2.0)  # the workers are playing
        workers = _children(process.pid)
        assert len(workers) >= 2, "the workers did not start"
        process.send_signal(signal.SIGINT)
        started = time.monotonic()
        out, err = process.communicate(timeout=10)
        assert time.monotonic() - started < 5
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 130
    assert out == "" and err.count("\n") == 1 and err.startswith("interrupted"), err
    time.sleep(0.5)
    assert not [p for p in workers if _alive(p)], "workers were left running"
