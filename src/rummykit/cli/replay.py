"""``rummykit replay``: re-simulate a game record, check every line, and show how the game went.

A fault (not JSON, an illegal or changed action, a seat acting out of turn, altered rules, a changed
outcome, an unreadable file) is one line ``error: line N: reason`` and exit code 2. A record
without its outcome line (an unfinished game) replays as far as it goes and says so (exit 0).
Records of every version replay (:mod:`rummykit.engine.records`). ``--position N`` prints instead
the game's one-line position text after the record's first ``N`` actions (0: the deal), for a bug
report or ``rummykit play --position``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from rummykit.cli.errors import user_errors
from rummykit.engine.options import rules_dict
from rummykit.engine.records import LEVEL_WORDS, Replayed, match_winners, outcome_json, read_lines
from rummykit.engine.records import replay as replay_record
from rummykit.errors import RummykitError
from rummykit.messages import render, seat_name
from rummykit.variants.registry import game_from_record, variant


def _scores(done: Replayed) -> list[int]:
    """The scores now: the outcome's when the match is over, else the running scores."""
    outcome = done.game.outcome(done.state)
    if outcome is not None:
        return list(outcome.scores)
    scores: list[int] = done.game.observe(done.state, None)["scores"]
    return list(scores)


def _explanation(result: dict[str, Any]) -> list[str]:
    """A round result's notes in English, one line each."""
    return [render(str(n["code"]), n.get("params", {})) for n in result.get("notes", ())]


def replay_json(done: Replayed) -> dict[str, object]:
    """What the replay found, as one JSON-ready object."""
    head = done.header
    outcome = done.game.outcome(done.state)
    return {
        "variant": head["variant"],
        "seed": head["seed"],
        "seats": head["seats"],
        "rules": head["rules"],
        "rules_hash": head["rules_hash"],
        "actions": done.actions,
        "complete": done.complete,
        "rounds": [
            {
                "round": r["round_no"],
                "winner": r["winner"],
                "kind": r["kind"],
                "deltas": list(r["deltas"]),
                "explanation": _explanation(r),
            }
            for r in done.results
        ],
        "rounds_played": len(done.results),
        "scores": _scores(done),
        "winners": None if outcome is None else list(outcome.winners),
    }


def _changed_rules(name: str, rules: dict[str, object]) -> list[str]:
    try:
        base = rules_dict(variant(name).load_rules())
    except RummykitError:
        return []
    return [f"{k}={v}" for k, v in rules.items() if base.get(k) != v]


def replay_text(done: Replayed) -> str:
    """What the replay found, for people."""
    data = replay_json(done)
    seats: list[str] = [str(s) for s in done.header["seats"]]
    changed = _changed_rules(str(data["variant"]), done.header["rules"])
    lines = [
        f"{data['variant']} record, seed {data['seed']}",
        "seats:   " + ", ".join(seat_name(i, name) for i, name in enumerate(seats)),
        f"rules:   hash {data['rules_hash']}; "
        + (", ".join(changed) if changed else "the preset's defaults"),
        f"checked: {done.actions} actions",
    ]
    for r in done.results:
        deltas = " ".join(f"{d:+d}" for d in r["deltas"])
        lines.append(f"round {r['round_no']}: {'; '.join(_explanation(r))}  [{deltas}]")
    over = done.game.is_terminal(done.state)
    label = "final scores" if over else "scores so far"
    lines.append(f"{label}: " + " ".join(str(s) for s in _scores(done)))
    outcome = done.game.outcome(done.state)
    if outcome is not None:
        winners = ", ".join(seat_name(s, seats[s]) for s in sorted(match_winners(outcome_json(outcome))))
        lines.append(f"winners: {winners}" if winners else LEVEL_WORDS)
    if not done.complete:
        state = "the match is over" if over else "the match is not over"
        lines.append(f"incomplete: the record has no outcome line ({state}; replayed what is there)")
    return "\n".join(lines)


def position_after(lines: list[str], done: Replayed, actions: int) -> str:
    """The position text after the first ``actions`` action lines of the record ``lines``, which
    replayed as ``done``; raises :class:`RummykitError` when the record has fewer actions."""
    if actions > done.actions:
        raise RummykitError(f"--position {actions}: the record has only {done.actions} actions")
    if actions == done.actions:
        return done.game.position(done.state)
    kept: list[str] = []
    for line in lines:
        if line.strip():
            kept.append(line)
            if len(kept) == actions + 1:
                break
    return done.game.position(replay_record(kept, game_from_record).state)


def replay(
    file: Annotated[Path, typer.Argument(help="A game record (JSON Lines), e.g. from simulate --records")],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object")] = False,
    position: Annotated[
        int | None,
        typer.Option(
            "--position",
            min=0,
            help="Print the position text after the first N actions instead (0: the deal)",
        ),
    ] = None,
) -> None:
    """Re-simulate a game record, checking every step, and show its rounds and outcome."""
    with user_errors():
        lines = read_lines(file)
        done = replay_record(lines, game_from_record)
        if position is not None:
            typer.echo(position_after(lines, done, position))
        elif as_json:
            typer.echo(json.dumps(replay_json(done)))
        else:
            typer.echo(replay_text(done))
