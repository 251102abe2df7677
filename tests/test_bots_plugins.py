"""Bot plugins: a package's entry point in the group ``rummykit.bots`` makes its bot a name that
``simulate``, ``tournament`` and the server's bot seats build through the registry (the entry points
are faked here: no package is installed)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest

import rummykit
from rummykit import simulation as sim
from rummykit.bots import registry
from rummykit.bots import tournament as tour
from rummykit.engine.options import rules_dict
from rummykit.errors import RummykitError
from rummykit.server import bots as server_bots


class LastBot:
    """A plugin bot: always the last legal action."""

    name = "last"

    def __init__(self, game: object, seed: int) -> None:
        self.seed = seed

    def choose(self, observation: dict[str, Any], legal: list[Any]) -> Any:
        return legal[-1]


class OkeyOnlyBot(LastBot):
    name = "okey-only"
    variants = ("okey",)


def fake_entry_points(entries: dict[str, str]) -> Any:
    points = [metadata.EntryPoint(name, value, registry.ENTRY_POINT_GROUP) for name, value in entries.items()]

    def entry_points(group: str) -> list[metadata.EntryPoint]:
        return [p for p in points if p.group == group]

    return entry_points


@pytest.fixture
def plugins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        registry.metadata,
        "entry_points",
        fake_entry_points(
            {
                "Last": f"{__name__}:LastBot",
                "okey-only": f"{__name__}:OkeyOnlyBot",
                "broken": "no_such_module_here:Bot",
                "greedy": f"{__name__}:LastBot",
            }
        ),
    )


@pytest.mark.usefixtures("plugins")
def test_plugins_are_named_after_the_built_in_bots() -> None:
    assert registry.bot_names() == (
        "easy",
        "medium",
        "hard",
        "expert",
        "random",
        "greedy",
        "search",
        "broken",
        "last",
        "okey-only",
    )
    assert registry.bot_names() == registry.BOT_NAMES


@pytest.mark.usefixtures("plugins")
def test_a_plugin_bot_is_built_with_its_seed() -> None:
    game = rummykit.load("okey", rounds=1)
    bot = registry.make_bot("LAST", game, 7)
    assert isinstance(bot, LastBot) and bot.seed == 7


@pytest.mark.usefixtures("plugins")
def test_a_built_in_name_is_never_replaced() -> None:
    game = rummykit.load("okey", rounds=1)
    assert not isinstance(registry.make_bot("greedy", game, 0), LastBot)


@pytest.mark.usefixtures("plugins")
def test_a_plugin_plays_only_its_games() -> None:
    assert isinstance(registry.make_bot("okey-only", rummykit.load("okey", rounds=1), 0), OkeyOnlyBot)
    with pytest.raises(RummykitError, match="does not play kalooki"):
        registry.make_bot("okey-only", rummykit.load("kalooki"), 0)


@pytest.mark.usefixtures("plugins")
def test_a_plugin_that_fails_to_load_is_one_clear_error() -> None:
    with pytest.raises(RummykitError, match=r"bot plugin .broken.*failed to load"):
        registry.make_bot("broken", rummykit.load("okey", rounds=1), 0)


@pytest.mark.usefixtures("plugins")
def test_simulate_plays_a_plugin_bot() -> None:
    config = sim.make_config("okey", "last,greedy,greedy,greedy", 3, overrides=["rounds=1"])
    stats = sim.run_game(config, 1)
    assert len(stats.rounds) == 1 and config.bots[0] == "last"


@pytest.mark.usefixtures("plugins")
def test_a_tournament_plays_a_plugin_bot() -> None:
    config = tour.make_tournament("okey", "last,greedy,greedy,greedy", 3, overrides=["rounds=1"])
    standings = tour.standings(config, 1, tour.run(config, 1))
    assert standings.entrants[0].label == "last" and standings.entrants[0].matches.n == 4


@pytest.mark.usefixtures("plugins")
def test_the_server_bot_seat_plays_a_plugin_bot() -> None:
    game = rummykit.load("okey", rounds=1)
    state = game.new_state(4)
    seat = game.current_seat(state)
    assert seat is not None
    legal = [game.action_text(a) for a in game.legal_actions(state, seat)]
    rules = json.dumps(rules_dict(game.rules), sort_keys=True)
    assert server_bots.choose("okey", rules, "last", game.observe(state, seat), legal) == legal[-1]


def test_without_plugins_only_the_built_in_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry.metadata, "entry_points", fake_entry_points({}))
    assert registry.bot_names() == ("easy", "medium", "hard", "expert", "random", "greedy", "search")
    with pytest.raises(RummykitError, match="unknown bot 'last'"):
        registry.make_bot("last", rummykit.load("okey", rounds=1), 0)
    with pytest.raises(RummykitError, match="unknown bot 'last'"):
        registry.parse_bot_list("last,greedy", 2)


@pytest.fixture
def no_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """A process with no bot registered by ``register`` (each test starts clean)."""
    monkeypatch.setattr(registry, "_REGISTERED", {})


@pytest.mark.usefixtures("no_registered")
def test_registered_bot_plays_its_games_only() -> None:
    registry.register("last", {"okey": f"{__name__}:LastBot"})
    assert "last" in registry.bot_names()
    registry.check_name("last")
    game = rummykit.load("okey")
    bot = registry.make_bot("last", game, 5)
    assert isinstance(bot, LastBot) and bot.seed == 5
    with pytest.raises(RummykitError, match="does not play kalooki"):
        registry.make_bot("last", rummykit.load("kalooki"), 5)
    config = sim.make_config("okey", "last,greedy,greedy,greedy", 3, overrides=["rounds=1"])
    stats = sim.run_game(config, 1)
    assert len(stats.rounds) == 1 and config.bots[0] == "last"


@pytest.mark.usefixtures("no_registered")
@pytest.mark.parametrize(
    ("name", "classes", "message"),
    [
        ("greedy", {"okey": f"{__name__}:LastBot"}, "taken"),
        ("random", {"okey": f"{__name__}:LastBot"}, "taken"),
        ("Last", {"okey": f"{__name__}:LastBot"}, "lower case"),
        ("last:2", {"okey": f"{__name__}:LastBot"}, "no colon"),
        ("", {"okey": f"{__name__}:LastBot"}, "lower case"),
        ("a,b", {"okey": f"{__name__}:LastBot"}, "no colon, comma or space"),
        ("bad name!", {"okey": f"{__name__}:LastBot"}, "no colon, comma or space"),
        ("-last", {"okey": f"{__name__}:LastBot"}, "lower case"),
        ("last", {"okey": "nocolon"}, "written module:Class, not 'nocolon'"),
        ("last", {"okey": "a module:Bot"}, "written module:Class"),
        ("last", {"okey": f"{__name__}:"}, "written module:Class"),
        ("last", {}, "plays no game"),
        ("last", {"chess": f"{__name__}:LastBot"}, "unknown game 'chess'"),
    ],
)
def test_register_refuses_bad_names_and_games(name: str, classes: dict[str, str], message: str) -> None:
    with pytest.raises(RummykitError, match=message):
        registry.register(name, classes)
    assert registry._REGISTERED == {}


@pytest.mark.usefixtures("no_registered")
def test_register_refuses_a_name_twice() -> None:
    registry.register("last", {"okey": f"{__name__}:LastBot"})
    with pytest.raises(RummykitError, match="taken"):
        registry.register("last", {"kalooki": f"{__name__}:LastBot"})
    assert registry.bot_names().count("last") == 1
    assert registry.bot_factory("last", "okey") is LastBot


LOOP_BOT = '''
from typing import Any


class LoopBot:
    """Lays a Kalooki meld and takes it back whenever it can: its turns run longer than the cap
    the tests set (no built-in game's turn is endless since a retract is once a turn, so the cap
    guards other packages' games)."""

    name = "loop"

    def __init__(self, game: Any, seed: int) -> None:
        self.game = game

    def choose(self, observation: dict[str, Any], legal: list[Any]) -> Any:
        texts = [self.game.action_text(a) for a in legal]
        for verb in ("retract", "meld "):
            for action, text in zip(legal, texts):
                if text.startswith(verb):
                    return action
        return legal[0]
'''
"""A plugin module whose bot lays and takes back melds in its turns."""

TEST_CAP = 2
"""The cap on actions in a turn in these tests (a draw, a meld and a retract pass it). Every seat
is the loop bot: at so low a cap any bot's turn with a meld passes it, and which seat does first
depends on the deals."""


BAD_BOT = '''
from typing import Any


class BadBot:
    """Answers text, which is no action of any game."""

    name = "bad"

    def __init__(self, game: Any, seed: int) -> None:
        pass

    def choose(self, observation: dict[str, Any], legal: list[Any]) -> Any:
        return "discard ZZ"
'''
"""A plugin module whose bot answers a malformed action."""


def install_plugin(folder: Path, module: str, source: str, entry: str) -> Path:
    """``folder`` as an installed package: the module ``module`` (``source``) and its entry point
    ``entry`` (``name = module:Class``), metadata beside the module, found on the path by new
    processes too."""
    (folder / f"{module}.py").write_text(source, encoding="utf-8")
    info = folder / f"{module}-0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module}\nVersion: 0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[{registry.ENTRY_POINT_GROUP}]\n{entry}\n", encoding="utf-8")
    return folder


def loop_plugin(folder: Path) -> Path:
    """``folder`` with the plugin bot ``loop`` (:func:`install_plugin`), and a ``sitecustomize``
    that sets :data:`TEST_CAP` in the processes started with it on their path."""
    (folder / "sitecustomize.py").write_text(  # the test's cap in every process, workers too
        f"import rummykit.simulation\nrummykit.simulation.MAX_TURN_ACTIONS = {TEST_CAP}\n", encoding="utf-8"
    )
    return install_plugin(folder, "h31d_loop_bot", LOOP_BOT, "loop = h31d_loop_bot:LoopBot")


def test_a_bot_past_the_turn_cap_stops_the_match(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(loop_plugin(tmp_path)))
    monkeypatch.setattr(
        registry.metadata, "entry_points", fake_entry_points({"loop": "h31d_loop_bot:LoopBot"})
    )
    monkeypatch.setattr(sim, "MAX_TURN_ACTIONS", TEST_CAP)
    message = rf"the bot 'loop' in seat [1-4] played more than {TEST_CAP} actions in one turn"
    config = sim.make_config("kalooki", "loop,loop,loop,loop", 11)
    with pytest.raises(RummykitError, match=message):
        sim.run_game(config, 1)
    entrants = tour.make_tournament("kalooki", "loop,loop,loop,loop", 11)
    with pytest.raises(RummykitError, match=message):
        tour.run(entrants, 1)


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_a_looping_bot_in_workers_is_one_error_line(tmp_path: Path, command: str) -> None:
    """With worker processes too: one ``error:`` line, exit 2, nothing else printed (no leaked
    semaphores)."""
    env = {**os.environ, "PYTHONPATH": str(loop_plugin(tmp_path))}
    args = ["kalooki", "--games", "2", "--bots", "loop,loop,loop,loop", "--seed", "11", "-q"]
    done = subprocess.run(
        [sys.executable, "-m", "rummykit", command, *args, "--workers", "2"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=120,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("error: the bot 'loop' in seat "), (
        done.stderr
    )


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_a_bot_answering_a_malformed_action_is_one_error_line_with_workers_or_not(
    tmp_path: Path, command: str
) -> None:
    """The error names the bot and its seat, and is the same with worker processes (whose errors
    must unpickle in the parent, or the pool waits for ever). Every seat is the bad bot and there
    is one deal, so that every match a worker plays fails the same way."""
    env = {
        **os.environ,
        "PYTHONPATH": str(install_plugin(tmp_path, "f9_bad_bot", BAD_BOT, "bad = f9_bad_bot:BadBot")),
    }
    args = ["okey", "--games", "1", "--bots", "bad,bad,bad,bad", "--seed", "5", "-q"]
    errors = set()
    for workers in ("1", "2"):
        done = subprocess.run(
            [sys.executable, "-m", "rummykit", command, *args, "--workers", workers],
            capture_output=True,
            text=True,
            env=env,
            check=False,
            timeout=120,
        )
        assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1, done.stderr
        errors.add(done.stderr)
    (error,) = errors
    assert re.match(
        r"error: the bot 'bad' in seat [1-4] answered an illegal action \(okey, deal seed \d+\)", error
    )
    assert "'discard ZZ' is not a well-formed action" in error


@pytest.mark.usefixtures("no_registered")
def test_a_registered_bot_that_fails_to_load_is_the_plugins_error() -> None:
    registry.register("gone", {"okey": "no_such_module_here:Bot"})
    with pytest.raises(RummykitError, match=r"bot plugin 'gone' \(no_such_module_here:Bot\) failed to load"):
        registry.make_bot("gone", rummykit.load("okey", rounds=1), 0)
