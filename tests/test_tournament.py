"""``rummykit tournament`` and :mod:`rummykit.bots.tournament`: seatings, duplicate deals,
determinism across workers, consistent standings, one-line errors with exit code 2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from rummykit.bots import tournament as tour
from rummykit.cli.app import app

RUNNER = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = RUNNER.invoke(app, ["tournament", *args])
    return result.exit_code, result.stdout, result.stderr


def tournament_json(*args: str) -> dict[str, Any]:
    code, out, err = run(*args, "--json")
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def results_only(data: dict[str, Any]) -> dict[str, Any]:
    """The standings less what depends on the machine (timing)."""
    entrants = [{k: v for k, v in e.items() if k != "ms_per_decision"} for e in data["entrants"]]
    return {**{k: v for k, v in data.items() if k != "timing"}, "entrants": entrants}


def test_every_combination_in_every_rotation() -> None:
    config = tour.make_tournament("okey", "greedy,random,greedy,random", 0, overrides=["rounds=1"])
    assert config.lineups() == [(0, 1, 2, 3), (1, 2, 3, 0), (2, 3, 0, 1), (3, 0, 1, 2)]
    assert config.labels() == ["greedy#1", "random#1", "greedy#2", "random#2"]
    five = tour.make_tournament("okey", "greedy,random,greedy,random,greedy", 0, overrides=["rounds=1"])
    lineups = five.lineups()
    assert len(lineups) == 5 * 4 and len(set(lineups)) == 20
    assert all(sorted(line.count(e) for e in range(5)) == [0, 1, 1, 1, 1] for line in lineups)


def test_standings_are_consistent() -> None:
    data = tournament_json("okey", "--bots", "greedy,random,random,random", "--games", "2", "--rounds", "1")
    assert data["deals"] == 2 and data["matches"] == 8 and data["rounds"] == 8 and data["seats"] == 4
    entrants = data["entrants"]
    assert [e["label"] for e in entrants] == ["greedy", "random#1", "random#2", "random#3"]
    assert sum(e["match_wins"]["wins"] for e in entrants) == pytest.approx(8)
    assert sum(e["round_wins"]["wins"] for e in entrants) == 8 - data["void_rounds"]
    for e in entrants:
        share = e["match_wins"]
        assert share["n"] == 8 and share["low"] <= share["share"] <= share["high"]
        assert e["rating"]["low"] < e["rating"]["mu"] < e["rating"]["high"]
        assert e["decisions"] > 0
    assert entrants[0]["rating"]["mu"] > max(e["rating"]["mu"] for e in entrants[1:])


def test_same_seed_same_standings_whatever_the_workers() -> None:
    args = ("carousel", "--bots", "greedy,random", "--rule", "players=2", "--rule", "target=15")
    one = tournament_json(*args, "--games", "3", "--seed", "9")
    two = tournament_json(*args, "--games", "3", "--seed", "9", "--workers", "2")
    assert results_only(one) == results_only(two)
    other = tournament_json(*args, "--games", "3", "--seed", "10")
    assert results_only(one) != results_only(other)


def test_a_search_tournament_is_the_same_on_two_workers() -> None:
    args = ("okey", "--bots", "search:1,greedy,greedy,greedy", "--rounds", "1", "--games", "1", "--seed", "4")
    assert results_only(tournament_json(*args)) == results_only(tournament_json(*args, "--workers", "2"))


def test_duplicate_deals_rotate_the_seats_over_one_shuffle(tmp_path: Path) -> None:
    records = tmp_path / "records"
    tournament_json(
        "okey",
        "--bots",
        "greedy,random,random,random",
        "--games",
        "2",
        "--rounds",
        "1",
        "--records",
        str(records),
    )
    files = sorted(records.iterdir())
    assert len(files) == 8
    headers = [json.loads(f.read_text().splitlines()[0]) for f in files]
    by_deal: dict[str, set[int]] = {}
    for f, h in zip(files, headers, strict=True):
        by_deal.setdefault(f.name.split("-seats-")[0], set()).add(h["seed"])
    assert len(by_deal) == 2 and all(len(seeds) == 1 for seeds in by_deal.values())
    assert {tuple(h["seats"]).index("greedy") for h in headers} == {0, 1, 2, 3}


def test_people_get_a_table() -> None:
    code, out, _ = run("okey", "--bots", "greedy,random,random,random", "--games", "1", "--rounds", "1")
    assert code == 0
    assert "okey: 1 deals x 4 seatings = 4 matches" in out and "random#3" in out and "rating" in out


def test_a_101_okey_tournament() -> None:
    """101 Okey's bots meet on duplicate deals like any game's (penalty points: lower is better)."""
    data = tournament_json(
        "okey_101", "--bots", "greedy,random", "--rule", "players=2", "--rounds", "1", "--games", "5"
    )
    assert data["matches"] == 10 and [e["bot"] for e in data["entrants"]] == ["greedy", "random"]
    greedy, random_bot = data["entrants"]
    assert greedy["mean_score"]["mean"] < random_bot["mean_score"]["mean"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("okey", "--bots", "greedy,clever,greedy,greedy"), "unknown bot 'clever'"),
        (("okey", "--bots", "expert:0.0000001s,greedy,greedy,greedy"), "seconds (0.01 to 60, search:0.1s)"),
        (("okey", "--bots", "greedy,random"), "2 bots named for 4 seats"),
        (("okeyy", "--bots", "greedy"), "unknown game 'okeyy'"),
        (("okey", "--bots", "greedy,,greedy,greedy"), "an empty bot name"),
        (("okey", "--bots", "greedy,greedy,greedy,greedy", "--games", "0"), "--games must be at least 1"),
        (("okey", "--bots", "greedy,greedy,greedy,greedy", "--workers", "0"), "--workers must be at least 1"),
        (("okey", "--bots", "greedy,greedy,greedy,greedy", "--ray", "--workers", "2"), "with --ray"),
        (("okey", "--bots", "greedy,greedy,greedy,greedy", "--rule", "players=9"), "players"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: tuple[str, ...], message: str) -> None:
    code, out, err = run(*args)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and message in err and err.count("\n") == 1


def test_wilson_interval() -> None:
    assert tour.wilson(0, 0) == (0.0, 1.0)
    low, high = tour.wilson(40, 100)
    assert low == pytest.approx(0.3094, abs=1e-4) and high == pytest.approx(0.4980, abs=1e-4)
    assert tour.wilson(0, 10)[0] == 0.0 and tour.wilson(10, 10)[1] == pytest.approx(1.0)
