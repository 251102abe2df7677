"""Every rummykit error pickles as it is: one raised in a worker process reaches the parent
intact (an error that can't be unpickled there would stop the pool's result thread and hang it)."""

from __future__ import annotations

import importlib
import pickle
import pkgutil

import rummykit
from rummykit.cli.seat_link import StuckError
from rummykit.engine.codec import CodecError
from rummykit.errors import (
    CodedError,
    IllegalActionError,
    MalformedActionError,
    MeldError,
    NotationError,
    NotYourTurnError,
    RecordError,
    RulesError,
    RummykitError,
)
from rummykit.server.rules_help import HelpError
from rummykit.session.messages import SessionError

EXAMPLES: list[RummykitError] = [
    RummykitError("a plain error"),
    CodedError("malformed_action", action="'x'", reason="why"),
    NotationError("ZZ", "notation.unknown_piece"),
    MeldError("meld.too_short", size=2),
    RulesError("rules.unknown_option", option="nosuch"),
    IllegalActionError("not_your_turn"),
    MalformedActionError("discard ZZ", "no such piece"),
    NotYourTurnError("not_your_turn"),
    RecordError(3, "record.bad_json"),
    CodecError("at $.hand: not a list"),
    StuckError(2),
    HelpError("rules.unknown_option", option="x"),
    SessionError("rack_empty_position", position=3),
]


def _subclasses(kind: type[RummykitError]) -> set[type[RummykitError]]:
    found: set[type[RummykitError]] = set()
    for sub in kind.__subclasses__():
        found |= {sub} | _subclasses(sub)
    return found


def test_every_error_class_of_the_package_has_an_example() -> None:
    for module in pkgutil.walk_packages(rummykit.__path__, "rummykit."):
        if module.name != "rummykit.__main__" and ".migrations." not in module.name:
            importlib.import_module(module.name)
    ours = {kind for kind in _subclasses(RummykitError) if kind.__module__.startswith("rummykit.")}
    assert ours | {RummykitError} == {type(error) for error in EXAMPLES}


def test_every_error_round_trips_pickle() -> None:
    for error in EXAMPLES:
        copy = pickle.loads(pickle.dumps(error))
        assert type(copy) is type(error)
        assert str(copy) == str(error)
        assert copy.args == error.args
        assert vars(copy) == vars(error)
