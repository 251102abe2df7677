"""Game records: JSON Lines, a header then one line per action, then the outcome.

Header: ``{"format": "rummykit-record", "version": 1, "variant", "rules" (every option),
"rules_hash", "seed", "seats" (names)}``. Action lines: ``{"seat": 0, "action": "discard R7"}``.
Last line: ``{"outcome": {"scores": [...], "winners": [...], "rounds": n}}``. :func:`replay`
re-simulates and checks every line; any fault raises :class:`RecordError` with its line number.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, TextIO

from rummykit.engine.game import Game, Outcome
from rummykit.engine.options import rules_dict
from rummykit.errors import RecordError, RummykitError

FORMAT = "rummykit-record"
VERSION = 1


def rules_hash(rules: object) -> str:
    """A short hash of all option values (12 hex digits)."""
    text = json.dumps(rules_dict(rules), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def header(game: Game[Any, Any], rules: object, seats: list[str]) -> dict[str, object]:
    """The record header of ``game``."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "variant": game.variant,
        "rules": rules_dict(rules),
        "rules_hash": rules_hash(rules),
        "seed": game.seed,
        "seats": seats,
    }


class RecordWriter:
    """Writes a record as the game goes: the header at once, then each action, then the outcome."""

    def __init__(
        self, stream: TextIO, game: Game[Any, Any], rules: object, seats: list[str], flush: bool = True
    ) -> None:
        self.stream = stream
        self.game = game
        self.flush = flush
        self._write(header(game, rules, seats))

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
        self._write({"outcome": asdict(outcome)})


@dataclass(frozen=True)
class Replayed:
    """A replayed record: the game at its end, the header, and the number of actions checked."""

    game: Game[Any, Any]
    header: dict[str, Any]
    actions: int
    complete: bool


GameFactory = Callable[[str, dict[str, Any], int], tuple[Game[Any, Any], object]]
"""(variant, rules mapping, seed) -> (new game, its rules object); raises RummykitError."""


def replay(lines: Iterable[str], make_game: GameFactory) -> Replayed:
    """Re-simulate a record, checking every line; raise :class:`RecordError` at the first fault."""
    game: Game[Any, Any] | None = None
    head: dict[str, Any] = {}
    count = 0
    complete = False
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise RecordError(number, f"not JSON: {exc.msg}") from None
        if not isinstance(data, dict):
            raise RecordError(number, "each line is a JSON object")
        if game is None:
            game, head = _start(number, data, make_game), data
            continue
        if complete:
            raise RecordError(number, "a line after the outcome")
        if "outcome" in data:
            _check_outcome(number, game, data["outcome"])
            complete = True
            continue
        _step(number, game, data)
        count += 1
    if game is None:
        raise RecordError(0, "the record is empty")
    if not complete and game.is_terminal():
        raise RecordError(number + 1, "the match is over but the outcome line is missing")
    return Replayed(game, head, count, complete)


def _start(number: int, data: dict[str, Any], make_game: GameFactory) -> Game[Any, Any]:
    if data.get("format") != FORMAT:
        raise RecordError(number, f"not a rummykit record (format must be {FORMAT!r})")
    if data.get("version") != VERSION:
        raise RecordError(number, f"unsupported record version {data.get('version')!r}")
    for key in ("variant", "rules", "seed", "seats", "rules_hash"):
        if key not in data:
            raise RecordError(number, f"the header lacks {key!r}")
    if not isinstance(data["seed"], int) or not isinstance(data["rules"], dict):
        raise RecordError(number, "the header's seed must be a number and its rules an object")
    try:
        game, rules = make_game(str(data["variant"]), data["rules"], data["seed"])
    except RummykitError as exc:
        raise RecordError(number, str(exc)) from None
    missing = sorted(set(rules_dict(rules)) - set(data["rules"]))
    if missing:
        lacking = ", ".join(missing)
        raise RecordError(number, f"the header's rules lack {lacking}: a record holds every option")
    if rules_dict(rules) != data["rules"]:
        raise RecordError(number, 'the header\'s rules are not written with their own types (5, not "5")')
    if rules_hash(rules) != data["rules_hash"]:
        raise RecordError(number, "the rules hash does not match the rules: the header was altered")
    seats = data["seats"]
    if not isinstance(seats, list) or not all(isinstance(name, str) for name in seats):
        raise RecordError(number, "the header's seats are a list of names")
    if len(seats) != game.players:
        raise RecordError(number, f"the header names {len(seats)} seats for {game.players} players")
    return game


def _step(number: int, game: Game[Any, Any], data: dict[str, Any]) -> None:
    seat, text = data.get("seat"), data.get("action")
    if set(data) != {"seat", "action"} or not isinstance(text, str) or type(seat) is not int:
        raise RecordError(number, 'an action line is {"seat": N, "action": "TEXT"}')
    if game.is_terminal():
        raise RecordError(number, "an action after the match ended")
    if data["seat"] != game.current_seat:
        raise RecordError(number, f"seat {data['seat']} acts, but it is seat {game.current_seat}'s turn")
    try:
        game.apply(game.parse_action(data["action"]))
    except RummykitError as exc:
        raise RecordError(number, f"{data['action']!r} is illegal: {exc}") from None


def _check_outcome(number: int, game: Game[Any, Any], claimed: object) -> None:
    outcome = game.outcome()
    if outcome is None:
        raise RecordError(number, "the record claims an outcome but the match is not over")
    if claimed != asdict(outcome) and claimed != json.loads(json.dumps(asdict(outcome))):
        raise RecordError(number, f"the claimed outcome differs from the replay ({asdict(outcome)})")


def read_lines(path: Path) -> list[str]:
    """The lines of a record file; raises :class:`RecordError` when it can't be read."""
    try:
        return path.read_text("utf-8").splitlines()
    except OSError as exc:
        raise RecordError(0, f"can't read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise RecordError(0, f"can't read {path}: it is not UTF-8 text") from None
