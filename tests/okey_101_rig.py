"""Rigged 101 Okey positions for the tests: a round written as position text from the hands, the
table, the piles and who has opened, read back by ``Okey101Game.from_position``."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from rummykit.core.notation import format_face
from rummykit.core.pieces import N_FACES, Kind
from rummykit.engine.events import Event
from rummykit.engine.position import position_text
from rummykit.errors import IllegalActionError, NotationError
from rummykit.variants.okey_101.game import Okey101Game
from rummykit.variants.okey_101.rules import Okey101Rules
from rummykit.variants.okey_101.state import Okey101State, Opened

TILES = [format_face(Kind.TILES, f) for f in range(N_FACES)] * 2 + ["F", "F"]
"""Every tile of the set, in notation."""
INDICATOR = "K12"
"""The rigged rounds' indicator: the okey is K13, the false jokers stand for K13."""


def setup(
    hands: list[str | None],
    *,
    table: list[tuple[int, str]] | None = None,
    opened: dict[int, str] | None = None,
    turn: int = 0,
    phase: str = "play",
    piles: list[str] | None = None,
    stock: int | None = None,
    indicator: str = INDICATOR,
    rules: Okey101Rules | None = None,
    scores: list[int] | None = None,
    dealer: int | None = None,
    extra: dict[str, str] | None = None,
) -> tuple[Okey101Game, Okey101State]:
    """A round (seed 0, round 1) with these hands (``None``: 21 tiles from what is left), table
    melds ``(owner, "R1 R2 R3")`` numbered from 1 (an okey in a run written declared,
    ``K13[B4]``), the seats that have opened (``{1: "melds"}``), the discard piles (bottom first,
    one string per seat), ``stock`` tiles in the stock (the rest go under the seats' piles, the
    first non-empty pile's bottom, or to the stock when none is given). ``extra`` replaces fields
    of the position (``{"taken": "K3 : hand"}``)."""
    players = len(hands)
    game = Okey101Game(rules or Okey101Rules(players=players))
    left = Counter(TILES)
    texts = [t for _, t in table or []] + [h or "" for h in hands] + (piles or []) + [indicator]
    for text in texts:
        left.subtract(tile.partition("[")[0] for tile in text.split())
    assert all(n >= 0 for n in left.values()), f"a tile used too often: {-left}"
    rest = []
    for tile in TILES:
        if left[tile] > 0:
            rest.append(tile)
            left[tile] -= 1
    full = [h.split() if h is not None else [rest.pop() for _ in range(21)] for h in hands]
    pile_lists = [p.split() for p in piles] if piles is not None else [[] for _ in hands]
    if stock is not None:
        spare, rest = rest[stock:], rest[:stock]
        target = next((i for i, p in enumerate(pile_lists) if p), (turn - 1) % players)
        pile_lists[target] = spare + pile_lists[target]

    def listed(items: list[str]) -> str:
        return " ".join(items) or "-"

    opened = opened or {}
    # position text has a seat with melds down opened, as the kind of meld it has: the seats
    # asked for are set on the state after
    kinds = {owner: "pairs" if len(text.split()) == 2 else "melds" for owner, text in table or []}
    melds = " ~ ".join(f"{owner} : {text}" for owner, text in table or [])
    fields = {
        "seed": "0",
        "round": "1",
        "dealer": str((turn - 1) % players if dealer is None else dealer),
        "turn": str(turn),
        "phase": phase,
        "indicator": indicator,
        "scores": listed([str(s) for s in scores or [0] * players]),
        "opened": " ".join(kinds.get(s, "none") for s in range(players)),
        "pending": "-",
        "open_at_start": str(int(turn in opened)),
        "laid_off": "0",
        "layoffs": "0",
        "retracted": "0",
        "taken": "-",
        "freed": "-",
        "hands": " / ".join(listed(h) for h in full),
        "known": " / ".join(["-"] * players),
        "piles": " / ".join(listed(p) for p in pile_lists),
        "stock": listed(rest),
        "table": melds or "-",
        "fines": "-",
        "results": "-",
    }
    for key, value in (extra or {}).items():
        assert key in fields, key
        fields[key] = value
    state = game.from_position(position_text("okey_101", fields.items()))
    if "opened" not in (extra or {}):
        # a rigged seat opened with none of its melds down, or one with melds down not opened:
        # position text refuses both (an opened seat's melds stay on the table), the rules
        # tested here don't look at it
        state.opened = [Opened(opened.get(s, "none")) for s in range(players)]
    return game, state


def refused(game: Okey101Game, state: Okey101State, text: str, code: str | None = None) -> None:
    """``text`` by the seat to move raises (with ``code`` when given) and changes nothing."""
    before = state.clone()
    seat = game.current_seat(state)
    assert seat is not None
    with pytest.raises((IllegalActionError, NotationError)) as caught:
        game.apply_text(state, seat, text)
    if code is not None:
        assert isinstance(caught.value, IllegalActionError) and caught.value.code == code, caught.value
    assert state == before


def play(game: Okey101Game, state: Okey101State, *texts: str) -> list[Event]:
    """Apply ``texts`` in turn, each by the seat to move; the events of the last."""
    events: list[Event] = []
    for text in texts:
        seat = game.current_seat(state)
        assert seat is not None
        events = game.apply_text(state, seat, text)
    return events


def legal_texts(game: Okey101Game, state: Okey101State) -> list[str]:
    """The texts of the legal actions of the seat to move."""
    seat = game.current_seat(state)
    assert seat is not None
    return [game.action_text(a) for a in game.legal_actions(state, seat)]


def round_result(events: list[Event]) -> dict[str, Any]:
    """The round result (JSON) carried by the round-end event."""
    result: dict[str, Any] = next(e.params["result"] for e in events if e.code == "okey_101.round_end")
    return result
