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
from rummykit.variants.registry import game_from_record, variant

RECORDS = Path(__file__).parent / "data" / "records"
FILES = sorted(RECORDS.glob("*.jsonl"))
EXPECTED: dict[str, dict[str, Any]] = json.loads((RECORDS / "expected.json").read_text("utf-8"))


def test_every_game_has_reference_records() -> None:
    games = {json.loads(read_lines(path)[0])["variant"] for path in FILES}
    assert games == {"okey", "turkish_rummy", "kalooki", "carousel"}
    assert set(EXPECTED) == {path.name for path in FILES}
    assert sum(path.stat().st_size for path in FILES) < 300_000
    assert {json.loads(read_lines(path)[0])["version"] for path in FILES} == {1} <= set(READABLE_VERSIONS)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
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
