"""Records written by the engine before v2 (``tests/data/records/``, see its README) replay on the
current engine to what the old engine found: the same actions, round winners, kinds, score changes
and explanations, final scores and winners."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rummykit.cli.replay import replay_json
from rummykit.engine.records import READABLE_VERSIONS, read_lines, replay
from rummykit.errors import RecordError
from rummykit.variants.registry import game_from_record, variant

RECORDS = Path(__file__).parent / "data" / "records"
FILES = sorted(RECORDS.glob("*.jsonl"))
EXPECTED: dict[str, dict[str, Any]] = json.loads((RECORDS / "expected.json").read_text("utf-8"))
RETRACTING = {
    "kalooki-random-01.jsonl": "kalooki_retracted_out_of_reach",
    "kalooki-random-02.jsonl": "kalooki_retract_once",
}
"""Records of random Kalooki play that retract and lay melds again in one turn as the old engine
allowed, a turn that could go on for ever: a turn is finite now (a retract is once a turn, and
after it a meld goes down only while the turn can still end, ``docs/rule-choices.md``), so they
replay up to the action refused for that reason, with this code: a meld after which the pending
melds can no longer reach the opening (01), a second retract (02)
(:func:`test_old_record_refused_where_a_turn_is_finite_now`)."""


def test_every_game_has_reference_records() -> None:
    games = {json.loads(read_lines(path)[0])["variant"] for path in FILES}
    assert games == {"okey", "turkish_rummy", "kalooki", "carousel"}
    assert set(EXPECTED) == {path.name for path in FILES}
    assert sum(path.stat().st_size for path in FILES) < 300_000
    assert {json.loads(read_lines(path)[0])["version"] for path in FILES} == {1} <= set(READABLE_VERSIONS)


@pytest.mark.parametrize("path", [p for p in FILES if p.name not in RETRACTING], ids=lambda p: p.stem)
def test_old_record_replays_as_before(path: Path) -> None:
    lines = read_lines(path)
    name = json.loads(lines[0])["variant"]
    try:
        variant(name).game_type  # noqa: B018 (the import is the check)
    except (ImportError, AttributeError) as exc:
        pytest.skip(f"{name} is not converted to the v2 Game yet ({exc})")
    done = replay(lines, game_from_record)
    assert done.complete
    found = replay_json(done)
    want = EXPECTED[path.name]
    assert found["actions"] == want["actions"] == len(lines) - 2
    assert found["scores"] == want["scores"] and found["winners"] == want["winners"]
    rounds = [
        {k: r[k] for k in ("round", "winner", "kind", "deltas", "explanation")} for r in found["rounds"]
    ]  # type: ignore[attr-defined]
    assert rounds == want["rounds"]


@pytest.mark.parametrize("name", sorted(RETRACTING))
def test_old_record_refused_where_a_turn_is_finite_now(name: str) -> None:
    lines = read_lines(RECORDS / name)
    with pytest.raises(RecordError) as caught:
        replay(lines, game_from_record)
    error = caught.value
    assert error.code == "record.illegal"
    assert error.params["why"]["code"] == RETRACTING[name]
    # every line before it replayed, and the refused action is the mover's after its retract this turn
    turn = [json.loads(line) for line in lines[1 : error.line - 1]]
    seat = json.loads(lines[error.line - 1])["seat"]
    since = [m["action"] for m in turn if "action" in m]
    last_turn = since[max(i for i, a in enumerate(since) if a.startswith(("draw", "take"))) :]
    assert "retract" in last_turn and turn[-1]["seat"] == seat
