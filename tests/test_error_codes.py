"""Every error a player can cause is told as message codes, never as English prose.

Two checks. The source: every construction of an error that takes a message code
(:class:`~rummykit.errors.CodedError` and its subclasses, :class:`~rummykit.errors.NotationError`,
:class:`~rummykit.errors.RecordError`) passes a registered code, never a sentence or an f-string;
and no module below the command line raises a bare :class:`~rummykit.errors.RummykitError`, whose
text is English only. At run time: malformed action texts (garbage, pieces of the wrong notation,
wrong meld numbers, overlong and non-ASCII texts, real actions cut, doubled or changed a token) sent
through ``apply_text`` in every game at states of every phase of a seeded playout are refused
with a :class:`~rummykit.errors.RummykitError` whose codes are all registered (so each has a text
in every language: the i18n check), and the state is unchanged.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import random
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rummykit
from coded import assert_coded
from rummykit.engine.game import Game
from rummykit.errors import CodedError, NotationError, RecordError, RummykitError
from rummykit.messages import CATALOG
from rummykit.variants.registry import VARIANTS

SRC = Path(rummykit.__file__).parent
GAMES = list(VARIANTS)

LIBRARY = ("core", "engine", "envs", "server", "session", "solvers", "variants")
"""The packages below the command line: their errors reach players in any language."""
COMMAND_LINE_FACES = ("terminal.py", "report.py", "solve.py")
"""A game package's modules that only the English command line runs (its terminal screen, its
solve report): a bare :class:`RummykitError` is their usage message."""
BARE_ALLOWED = {
    "core/pieces.py": "a PieceSet built with impossible counts: the programmer's mistake, no input's",
    "engine/records.py": "the records folder given to simulate or tournament can't be made (command line)",
    "envs/specs.py": "a game without a learning environment, asked for by the training tools",
    "solvers/table_ilp.py": "the ILP solver itself failed: no input causes it",
    "variants/declaration.py": "--rounds for a game played to a target score (command line)",
}
"""Library modules that may raise a bare :class:`RummykitError`, and why."""


def _import_all() -> None:
    """Import every module of rummykit (so every error class and message code is registered)."""
    for info in pkgutil.walk_packages(rummykit.__path__, "rummykit."):
        if not info.name.endswith(("__main__", "migrations.env")):
            importlib.import_module(info.name)


def _subclasses(cls: type) -> Iterator[type]:
    yield cls
    for sub in cls.__subclasses__():
        yield from _subclasses(sub)


@cache
def code_positions() -> dict[str, int]:
    """The coded error classes by name, with the position of their ``code`` argument."""
    _import_all()
    positions = {}
    for base in (CodedError, NotationError, RecordError):
        for cls in _subclasses(base):
            names = list(inspect.signature(cls.__init__).parameters)[1:]
            if "code" in names:
                positions[cls.__name__] = names.index("code")
    return positions


def _string_constants(tree: ast.Module) -> dict[str, str]:
    """A module's top-level ``NAME = "text"`` assignments (code prefixes such as ``P``)."""
    found = {}
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            found.update({t.id: node.value.value for t in node.targets if isinstance(t, ast.Name)})
    return found


def _code_problems(node: ast.expr, constants: dict[str, str]) -> list[str]:
    """Why the code argument ``node`` is no registered code: a literal (or a literal built from
    module constants) not in the catalog, or an f-string, ``str()`` or ``format()``. A code
    computed at run time (a variable, a refusal's code) is left to the run-time checks."""
    if isinstance(node, ast.IfExp):
        return _code_problems(node.body, constants) + _code_problems(node.orelse, constants)
    value = _literal(node, constants)
    if value is not None:
        return [] if value in CATALOG else [f"{value!r} is no message code"]
    if isinstance(node, ast.JoinedStr):
        return [f"an f-string is prose: {ast.unparse(node)[:60]}"]
    if isinstance(node, ast.Call):
        callee = node.func
        name = callee.id if isinstance(callee, ast.Name) else getattr(callee, "attr", "")
        if name in ("str", "format", "repr"):
            return [f"a text made at run time is prose: {ast.unparse(node)[:60]}"]
    return []


def _literal(node: ast.expr, constants: dict[str, str]) -> str | None:
    """``node``'s string value when it is a literal, a module constant or a sum of them."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name):
        return constants.get(node.id)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _literal(node.left, constants), _literal(node.right, constants)
        return None if left is None or right is None else left + right
    return None


def _calls(tree: ast.Module) -> Iterator[tuple[str, ast.Call]]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            callee = node.func
            name = callee.id if isinstance(callee, ast.Name) else getattr(callee, "attr", None)
            if name is not None:
                yield name, node


def _modules() -> Iterator[tuple[str, ast.Module]]:
    for path in sorted(SRC.rglob("*.py")):
        yield path.relative_to(SRC).as_posix(), ast.parse(path.read_text("utf-8"))


def test_every_coded_error_is_raised_with_a_message_code() -> None:
    positions = code_positions()
    assert {"CodedError", "NotationError", "RecordError", "IllegalActionError", "MeldError"} <= set(positions)
    problems = []
    checked = 0
    for name, tree in _modules():
        constants = _string_constants(tree)
        for callee, call in _calls(tree):
            at = positions.get(callee)
            if at is None:
                continue
            given = [k.value for k in call.keywords if k.arg == "code"]
            argument = call.args[at] if len(call.args) > at else (given[0] if given else None)
            if argument is None:
                continue
            checked += 1
            problems += [f"{name}:{call.lineno}: {p}" for p in _code_problems(argument, constants)]
    assert checked > 250
    assert not problems, "\n".join(problems)


def test_the_source_check_catches_prose() -> None:
    """The check above fails on a sentence, an f-string, ``str(exc)`` and an unknown branch."""
    code_positions()  # every module imported: every code registered
    constants = {"P": "okey_101."}
    for source, bad in [
        ('"okey_101.not_held"', False),
        ('P + "not_held"', False),
        ('"okey_101.pair_two_tiles" if pair else "meld.empty"', False),
        ("code", False),
        ('"a pair is two tiles"', True),
        ('f"{verb} takes nothing more"', True),
        ("str(exc)", True),
        ('"meld.empty" if pair else "no such thing"', True),
        ('P + "no such thing"', True),
    ]:
        node = ast.parse(source, mode="eval").body
        assert bool(_code_problems(node, constants)) == bad, source


def _is_library(name: str) -> bool:
    return name.split("/", maxsplit=1)[0] in LIBRARY and not (
        name.startswith("variants/") and name.rsplit("/", 1)[-1] in COMMAND_LINE_FACES
    )


def test_no_bare_english_error_below_the_command_line() -> None:
    bare: dict[str, list[int]] = {}
    for name, tree in _modules():
        if _is_library(name):
            for callee, call in _calls(tree):
                if callee == "RummykitError":
                    bare.setdefault(name, []).append(call.lineno)
    unexplained = {name: lines for name, lines in bare.items() if name not in BARE_ALLOWED}
    assert not unexplained, f"bare RummykitError (English only) in library modules: {unexplained}"
    assert set(BARE_ALLOWED) <= set(bare), f"stale allowances: {set(BARE_ALLOWED) - set(bare)}"


# ------------------------------------------------------------------ malformed action texts at run time
PLIES = (0, 1, 2, 5, 12, 40, 120)
"""The states fuzzed: after this many eager moves from a seeded deal (the first turn, after a draw,
after melds and lay-offs, later rounds), and the final state."""
MAX_PLIES = 400

GARBAGE = [
    "",
    " ",
    "|",
    "||",
    "[",
    "]",
    "[]",
    "x",
    "R",
    "R0",
    "R14",
    "R7R7",
    "Z5",
    "F",
    "F[R7]",
    "K13[K13]",
    "JK",
    "JK[",
    "JK[JK]",
    "JK[7H",
    "7H",
    "1H",
    "TH",
    "10H",
    "ZH",
    "7X",
    "AS[2S]",
    "0",
    "-1",
    "1",
    "3",
    "54",
    "99999999999999999999999",
    "1e3",
    "0x10",
    "١",
    "Ｒ７",
    "R7\u0301",
    "🂡",
    "\x00",
    "\u202e",
    "ร",
    "ö",
    "R7" * 40,
    "meld",
    "draw",
    "discard",
    "layoff",
    "swap",
    "open",
    "pair",
    "new",
    "split",
    "move",
    "replace",
    "finish",
    "knock",
    "commit",
]
"""Tokens put into action texts: broken and foreign pieces (tiles in card games and back), numbers
out of range, unicode, verbs out of place."""


@cache
def game_of(name: str) -> Game[Any, Any]:
    info = VARIANTS[name]
    return info.game(info.load_rules())


@cache
def fuzzed_states(name: str) -> tuple[tuple[str, int, tuple[str, ...]], ...]:
    """(position text, seat to move, its legal action texts) at each of :data:`PLIES` of a seeded
    playout that prefers melding (so tables fill), and at its end."""
    game = game_of(name)
    rng = random.Random(name)
    state = game.new_state(11)
    out = []
    for ply in range(MAX_PLIES):
        seat = game.current_seat(state)
        if seat is None:
            break
        legal = game.legal_actions(state, seat)
        if ply in PLIES:
            out.append((game.position(state), seat, tuple(game.action_text(a) for a in legal)))
        busy = [a for a in legal if game.action_text(a).split(" ")[0] not in ("draw", "discard", "take")]
        game.apply(state, seat, rng.choice(busy if busy and rng.random() < 0.7 else legal))
    out.append((game.position(state), game.current_seat(state) or 0, ()))
    return tuple(out)


@st.composite
def malformed_text(draw: st.DrawFn, legal: tuple[str, ...]) -> str:
    """A broken action text: a legal one changed in one to three tokens, or garbage alone."""
    if not legal or draw(st.integers(0, 4)) == 0:
        return " ".join(draw(st.lists(st.sampled_from(GARBAGE), min_size=0, max_size=4)))
    tokens = draw(st.sampled_from(legal)).split(" ")
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(tokens) - 1))
        how = draw(st.sampled_from(["replace", "insert", "cut", "double", "join"]))
        if how == "replace":
            tokens[at] = draw(st.sampled_from(GARBAGE))
        elif how == "insert":
            tokens.insert(at, draw(st.sampled_from(GARBAGE)))
        elif how == "cut" and len(tokens) > 1:
            del tokens[at]
        elif how == "double":
            tokens.insert(at, tokens[at])
        else:
            tokens[at] += draw(st.sampled_from(GARBAGE))
    return " ".join(tokens)


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_malformed_action_text_gets_a_code_and_changes_nothing(name: str, data: st.DataObject) -> None:
    game = game_of(name)
    text, seat, legal = data.draw(st.sampled_from(fuzzed_states(name)))
    if data.draw(st.booleans()) and game.players > 1:
        seat = (seat + 1) % game.players
    action = data.draw(malformed_text(legal))
    state = game.from_position(text)
    try:
        game.apply_text(state, seat, action)
    except RummykitError as exc:
        assert_coded(exc)
        assert game.position(state) == text, f"{action!r} refused but the state changed"
        return
    assert seat == game.current_seat(game.from_position(text)), f"{action!r} played out of turn"


def test_the_fuzz_reaches_every_kind_of_refusal() -> None:
    """The states fuzzed offer several verbs (taking the discard or melding too), and a text is
    refused as unreadable, as illegal now and as out of turn in every game."""
    for name in GAMES:
        game = game_of(name)
        states = fuzzed_states(name)
        assert len(states) == len(PLIES) + 1, name
        verbs = {text.split(" ")[0] for _, _, legal in states for text in legal}
        assert len(verbs) >= 3, (name, verbs)
        kinds = set()
        for text, seat, legal in states[:-1]:
            other = (seat + 1) % game.players
            for action, who in [("R7R7 |", seat), (legal[0], other), (legal[0], seat), (legal[-1], seat)]:
                state = game.from_position(text)
                try:
                    game.apply_text(state, who, action)
                    game.apply_text(state, who, action)
                except RummykitError as exc:
                    kinds.add(type(exc).__name__)
        assert {"NotationError", "NotYourTurnError", "IllegalActionError"} <= kinds, (name, kinds)
