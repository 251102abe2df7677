"""Game records: JSON Lines, a header then one line per action, then the outcome.

Header: ``{"format": "rummykit-record", "version": 2, "variant", "rules" (every option),
"rules_hash", "seed", "seats" (names)}``. Action lines: ``{"seat": 0, "action": "discard R7"}``
(the action's canonical text, or a shortcut the game reads, such as Carousel's whole-table meld).
Last line: ``{"outcome": {"scores": [...], "winners": [...], "rounds": n}}``.

Version 2 has the lines of version 1; it says that the actions may use the texts of Engine v2
(Kalooki's and Carousel's one-step actions) that an older reader does not know. Both versions
replay. :func:`replay` re-simulates from the header's seed and checks every line; any fault raises
:class:`RecordError` with its line number.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, TextIO

from rummykit.engine.events import Event
from rummykit.engine.game import Game, Outcome
from rummykit.engine.json_text import NotJSONError, read_json
from rummykit.engine.options import rules_dict
from rummykit.engine.state import State
from rummykit.errors import MAX_SHOWN, RecordError, RummykitError, message_of
from rummykit.messages import seat_number

FORMAT = "rummykit-record"
VERSION = 2
READABLE_VERSIONS = (1, 2)
"""The record versions :func:`replay` reads."""


def rules_hash(rules: object) -> str:
    """A short hash of all option values (12 hex digits)."""
    text = json.dumps(rules_dict(rules), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def header(game: Game[Any, Any], seed: int, seats: list[str]) -> dict[str, object]:
    """The record header of a match of ``game`` dealt from ``seed``, with the seats' names."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "variant": game.variant,
        "rules": rules_dict(game.rules),
        "rules_hash": rules_hash(game.rules),
        "seed": seed,
        "seats": seats,
    }


class RecordWriter:
    """Writes a record as the match goes: the header at once (for ``state``, a new match from
    ``game.new_state(seed)``), then each action, then the outcome."""

    def __init__(
        self, stream: TextIO, game: Game[Any, Any], state: State, seats: list[str], flush: bool = True
    ) -> None:
        self.stream = stream
        self.flush = flush
        self._write(header(game, state.seed, seats))

    def _write(self, data: dict[str, object]) -> None:
        """Write one line; flushed at once when ``flush`` (a game a person may abandon)."""
        self.stream.write(json.dumps(data) + "\n")
        if self.flush or "outcome" in data:
            self.stream.flush()

    def action(self, seat: int, text: str) -> None:
        """Record that ``seat`` played ``text``."""
        self._write({"seat": seat, "action": text})

    def outcome(self, outcome: Outcome) -> None:
        """Record the match's outcome (the last line)."""
        self._write({"outcome": outcome_json(outcome)})


def outcome_json(outcome: Outcome) -> dict[str, Any]:
    """The outcome as the JSON object of a record's last line."""
    return {key: list(value) if isinstance(value, tuple) else value for key, value in asdict(outcome).items()}


def match_winners(outcome: Mapping[str, Any]) -> set[int]:
    """The seats that won the match of ``outcome`` (its JSON object): its ``winners``, or none when
    they are every seat (the match ended level, as the round end's "No winner" says: nobody won)."""
    winners = set(outcome.get("winners") or [])
    return set() if len(winners) >= len(outcome.get("scores") or []) else winners


LEVEL_WORDS = "no winner: every player ended the match level"
"""A match whose winners are every seat in words (the web's round end says the same)."""


def describe_outcome(outcome: Mapping[str, Any]) -> str:
    """An outcome (JSON object) in words, its seats as people count them (from 1, as
    :func:`~rummykit.messages.seat_name`): ``scores 12 -3 40 7, won by seat 2, after 3 rounds``; a
    match that ended level (:func:`match_winners`) ``…, no winner: every player ended the match
    level, …``."""
    scores, winners, rounds = outcome.get("scores"), outcome.get("winners"), outcome.get("rounds")
    parts = ["scores " + " ".join(_short(s) for s in scores) if isinstance(scores, list) else "no scores"]
    if _seats(winners) and isinstance(scores, list) and not match_winners(outcome):
        parts.append(LEVEL_WORDS)
    elif isinstance(winners, list) and winners:
        seats = ", ".join(_short(seat_number(w) if type(w) is int else w) for w in winners)
        parts.append(f"won by seat{'s' if len(winners) > 1 else ''} {seats}")
    else:
        parts.append("no winner")
    parts.append(f"after {_short(rounds)} round{'' if rounds == 1 else 's'}")
    return ", ".join(parts)


def _seats(value: object) -> bool:
    """Whether ``value`` (from a record) is a list of seats, at least one."""
    return isinstance(value, list) and bool(value) and all(type(v) is int for v in value)


def _short(value: object) -> str:
    """A value from a record, cut to a readable length (a record may hold a 5,000-digit number)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return "a number of over 38 digits"
    text = value if isinstance(value, str) else json.dumps(value)
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 3] + "..."


@dataclass
class Replayed:
    """A replayed record: the game and the state at its end, the header, the number of actions
    checked, whether the outcome line was there, and every round's result (JSON, from the round-end
    events, as a spectator sees it)."""

    game: Game[Any, Any]
    state: State
    header: dict[str, Any]
    actions: int = 0
    complete: bool = False
    results: list[dict[str, Any]] = field(default_factory=list)


GameFactory = Callable[[str, dict[str, Any]], tuple[Game[Any, Any], object]]
"""(variant, rules mapping) -> (the game, its rules object); raises :class:`RummykitError`."""
StepHook = Callable[[Replayed, int, str, list[Event]], None]
"""Called after each action line is applied: (the replay so far, the seat, the action's text, the
events it made, with their private parameters)."""


def replay(lines: Iterable[str], make_game: GameFactory, on_step: StepHook | None = None) -> Replayed:
    """Re-simulate a record, checking every line; raise :class:`RecordError` at the first fault.

    ``make_game`` builds the game of the header's variant and rules; the match is dealt from the
    header's seed. ``on_step``, when given, sees each action as it is applied (a viewer stepping
    through the game); it must not change the state."""
    done: Replayed | None = None
    number = 0
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        data = _parse(number, line)
        if done is None:
            done = _start(number, data, make_game)
            continue
        if done.complete:
            raise RecordError(number, "record.after_outcome")
        if "outcome" in data:
            _check_outcome(number, done, data["outcome"])
            done.complete = True
            continue
        events = _step(number, done, data)
        done.actions += 1
        if on_step is not None:
            on_step(done, data["seat"], data["action"], events)
    if done is None:
        raise RecordError(0, "record.empty")
    if not done.complete and done.game.is_terminal(done.state):
        raise RecordError(number + 1, "record.outcome_missing")
    return done


def _parse(number: int, line: str) -> dict[str, Any]:
    """One line as a JSON object."""
    try:
        data = read_json(line)
    except json.JSONDecodeError as exc:
        raise RecordError(number, "record.not_json", reason=exc.msg) from None
    except NotJSONError as exc:
        raise RecordError(number, "record.not_json", reason=str(exc)) from None
    except ValueError:
        raise RecordError(number, "record.number_too_long") from None
    except RecursionError:
        raise RecordError(number, "record.not_json", reason="nested too deeply") from None
    if not isinstance(data, dict):
        raise RecordError(number, "record.not_object")
    return data


def _start(number: int, data: dict[str, Any], make_game: GameFactory) -> Replayed:
    if data.get("format") != FORMAT:
        raise RecordError(number, "record.format", format=FORMAT)
    if data.get("version") not in READABLE_VERSIONS:
        raise RecordError(number, "record.version", version=_short(data.get("version")))
    for key in ("variant", "rules", "seed", "seats", "rules_hash"):
        if key not in data:
            raise RecordError(number, "record.header_lacks", key=key)
    if type(data["seed"]) is not int or not isinstance(data["rules"], dict):
        raise RecordError(number, "record.header_types")
    if not isinstance(data["variant"], str):
        raise RecordError(number, "record.header_variant")
    try:
        game, rules = make_game(data["variant"], data["rules"])
    except RummykitError as exc:
        raise RecordError.because(number, exc) from None
    missing = sorted(set(rules_dict(rules)) - set(data["rules"]))
    if missing:
        raise RecordError(number, "record.rules_lack", options=", ".join(missing))
    if rules_dict(rules) != data["rules"]:
        raise RecordError(number, "record.rules_types")
    if rules_hash(rules) != data["rules_hash"]:
        raise RecordError(number, "record.rules_hash")
    seats = data["seats"]
    if not isinstance(seats, list) or not all(isinstance(name, str) for name in seats):
        raise RecordError(number, "record.seats")
    if len(seats) != game.players:
        raise RecordError(number, "record.seat_count", count=len(seats), players=game.players)
    return Replayed(game, game.new_state(data["seed"]), data)


def _step(number: int, done: Replayed, data: dict[str, Any]) -> list[Event]:
    seat, text = data.get("seat"), data.get("action")
    if set(data) != {"seat", "action"} or not isinstance(text, str) or type(seat) is not int:
        raise RecordError(number, "record.action_line")
    game, state = done.game, done.state
    if not 0 <= seat < game.players:
        raise RecordError(number, "record.no_such_seat", number=_short(seat), last=game.players - 1)
    to_move = game.current_seat(state)
    if to_move is None:
        raise RecordError(number, "record.after_end")
    if seat != to_move:
        raise RecordError(number, "record.wrong_seat", acting=seat, turn=to_move)  # seats from 1 in its text
    try:
        events = game.apply(state, seat, game.parse_action(text))
    except RummykitError as exc:
        raise RecordError(number, "record.illegal", action=_short(text), why=message_of(exc)) from None
    done.results += [
        event["params"]["result"] for event in game.events_for(events, None) if "result" in event["params"]
    ]
    return events


def _check_outcome(number: int, done: Replayed, claimed: object) -> None:
    outcome = done.game.outcome(done.state)
    if outcome is None:
        raise RecordError(number, "record.outcome_early")
    replayed = outcome_json(outcome)
    if claimed != replayed:
        said = describe_outcome(claimed) if isinstance(claimed, dict) else f"the outcome {_short(claimed)}"
        raise RecordError(number, "record.outcome_differs", claimed=said, replayed=describe_outcome(replayed))


def make_records_dir(path: Path) -> None:
    """Create the folder ``path`` for records (and its parents; an existing one is fine); raises
    :class:`RummykitError` naming it when it can't be created."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise RummykitError(f"can't create the records directory {path}: {exc.strerror}") from None


def read_lines(path: Path) -> list[str]:
    """The lines of a record file; raises :class:`RecordError` when it can't be read."""
    try:
        return path.read_text("utf-8").splitlines()
    except OSError as exc:
        raise RecordError(0, "record.unreadable", path=str(path), reason=exc.strerror or str(exc)) from None
    except UnicodeDecodeError:
        raise RecordError(0, "record.not_utf8", path=str(path)) from None
