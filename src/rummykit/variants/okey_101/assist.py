"""What a 101 Okey seat's session shows beyond the observation (``okey-101.md``): the rack is
arranged with the round's okeys wild (runs and sets by the highest value, as an opening is
counted; pairs); every ``state`` message for a seat carries the opening toward ``open_min`` (or
the pairs toward ``pairs_open_min``) with what each offered meld or pair would make it, the fine
each offered discard would cost (an ``işlek`` tile, an okey), the seat's ``işlek`` tiles, and the
pile a take comes from; the hint is the greedy bot's move with the solver's best opening and most
pairs (:func:`okey_101_hint`, as data).

Everything comes from what the seat sees: its hand (the observation's), the table, the piles and
the indicator (public).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummykit.core.melds import MeldKind, Wilds
from rummykit.core.notation import format_face
from rummykit.core.pieces import JOKER, Kind
from rummykit.errors import MeldError
from rummykit.session.assist import SeatAssist
from rummykit.session.messages import SessionError
from rummykit.solvers.arrange import Objective
from rummykit.solvers.report import HandProfile
from rummykit.variants.okey_101.actions import (
    V_DISCARD,
    V_LAYOFF,
    V_MELD,
    V_PAIR,
    V_SWAP,
    Okey101Action,
    tile_list,
)
from rummykit.variants.okey_101.bots import GreedyBot
from rummykit.variants.okey_101.game import Okey101Game
from rummykit.variants.okey_101.report import meld_json
from rummykit.variants.okey_101.rules import HAND_SIZE, tile_values
from rummykit.variants.okey_101.state import FineKind, Okey101State
from rummykit.variants.okey_101.table import meld_value


class Okey101Assist(SeatAssist[Okey101Game]):
    """101 Okey's seat help: the rack's hand logic (:meth:`hand_logic`), the hint (:meth:`hint`)
    and the extras of every ``state`` message (:meth:`extras`)."""

    def hand_logic(self, observation: dict[str, Any]) -> tuple[HandProfile, Wilds]:
        """Sets and runs of the largest value (the opening's count), pairs grouped, the round's
        okeys wild."""
        rules = self.game.rules
        profile = HandProfile(
            rules.meld_rules(), Objective.MELD_VALUE, HAND_SIZE, values=tile_values(), pairs_win=True
        )
        return profile, self.game.book.wilds(observation["okey"])

    def hint(self, state: Any, seat: int) -> dict[str, Any]:
        """:func:`okey_101_hint` for ``seat``; raises ``no_hint`` when the seat is not to move."""
        game = self.game
        observation = game.observe(state, seat)
        legal = game.legal_actions(state, seat)
        if observation["to_move"] != seat or not legal:
            raise SessionError("no_hint")
        return okey_101_hint(game, state, observation, GreedyBot(game).choose(observation, legal))

    def extras(
        self,
        state: Any,
        viewer: int | None,
        observation: dict[str, Any],
        legal: list[dict[str, Any]],
        actions: Sequence[Any],
    ) -> dict[str, Any]:
        """``takeable_from`` (the pile a take comes from: the previous player's, while the seat to
        move draws; else null), and for a seat: ``opening`` (:func:`opening_extras`), ``islek``
        (the hand's tiles, in notation, whose discard would be fined now) and each offered
        discard's ``fine`` (:func:`discard_fines`)."""
        game = self.game
        to_move = observation["to_move"]
        takes = observation["phase"] == "draw" and to_move is not None
        out: dict[str, Any] = {"takeable_from": game.previous_seat(to_move) if takes else None}
        if viewer is None:
            return out
        assert isinstance(state, Okey101State)
        okey = observation["okey"]
        islek = game.book.islek(state.table, okey) if game.rules.playable_discard_penalty else frozenset()
        out["islek"] = [format_face(Kind.TILES, f) for f in dict.fromkeys(observation["hand"]) if f in islek]
        out["opening"] = opening_extras(game, observation, legal, actions)
        discard_fines(game, observation, islek, legal, actions)
        return out


def pending_melds(observation: dict[str, Any]) -> list[dict[str, Any]]:
    """The table melds (their views) the seat to move laid this turn that don't open yet."""
    pending = set(observation["pending"])
    return [m for m in observation["table"] if m["number"] in pending]


def opening_extras(
    game: Okey101Game,
    observation: dict[str, Any],
    legal: list[dict[str, Any]],
    actions: Sequence[Okey101Action],
) -> dict[str, Any] | None:
    """The opening of a seat that has not opened, or ``None`` once it has: ``laid`` (the value of
    this turn's sets and runs that don't open yet), ``pairs`` (this turn's pairs), ``min``
    (``open_min``) and ``pairs_min`` (``pairs_open_min``, 0: pairs never open). Each offered
    ``meld`` of ``legal`` (the offers of ``actions``, in order) gets ``opening``, ``laid`` with
    that meld's value; each offered ``pair`` gets ``pairs``, this turn's pairs with it."""
    seat = observation["seat"]
    if seat is None or observation["opened"][seat] != "none":
        return None
    pending = pending_melds(observation)
    laid = sum(m["value"] for m in pending if m["kind"] != MeldKind.PAIR.value)
    pairs = sum(1 for m in pending if m["kind"] == MeldKind.PAIR.value)
    okey = observation["okey"]
    for entry, action in zip(legal, actions, strict=True):
        if action.verb is V_MELD:
            tiles = action.melds[0]
            meld = game.book.check([f for f, _ in tiles], [d for _, d in tiles], False, okey)
            if not isinstance(meld, MeldError):
                entry["opening"] = laid + meld_value(meld)
        elif action.verb is V_PAIR:
            entry["pairs"] = pairs + 1
    rules = game.rules
    return {"laid": laid, "pairs": pairs, "min": rules.open_min, "pairs_min": rules.pairs_open_min}


def discard_fines(
    game: Okey101Game,
    observation: dict[str, Any],
    islek: frozenset[int],
    legal: list[dict[str, Any]],
    actions: Sequence[Okey101Action],
) -> None:
    """Each offered discard of ``legal`` that would be fined gets ``fine``: ``{"kind": "okey" or
    "playable", "points"}``, as the engine fines it (an okey, or a tile of ``islek`` that a table
    meld takes; never the last tile, which finishes)."""
    if len(observation["hand"]) < 2:
        return
    rules = game.rules
    okey = observation["okey"]
    for entry, action in zip(legal, actions, strict=True):
        if action.verb is not V_DISCARD:
            continue
        if action.face == okey and rules.okey_discard_penalty:
            entry["fine"] = {"kind": FineKind.OKEY.value, "points": rules.okey_discard_penalty}
        elif action.face != okey and action.face in islek:
            entry["fine"] = {"kind": FineKind.PLAYABLE.value, "points": rules.playable_discard_penalty}


def move_params(action: Okey101Action, takes: int | None, okey: int | None = None) -> dict[str, Any]:
    """The parts of ``action`` a client words it with, tiles in notation (an okey in a run with
    what it stands for, ``R6[B10]``, and the ``okey`` face in a pair with the tile it pairs,
    ``R8 R7[R8]``): ``tiles`` for ``meld`` and ``pair``; ``number`` and
    ``tiles`` for ``layoff`` and ``swap``; ``tile`` for ``discard``, and for ``take`` the tile
    taken (``takes``, a face); ``{}`` for ``draw`` and ``retract``."""
    verb = action.verb
    if verb is V_PAIR and okey is not None:
        (a, _), (b, _) = action.melds[0]
        if a != b and JOKER not in (a, b):
            return {"tiles": tile_list(((a, b if a == okey else None), (b, a if b == okey else None)))}
    if verb is V_MELD or verb is V_PAIR:
        return {"tiles": tile_list(action.melds[0])}
    if verb is V_LAYOFF or verb is V_SWAP:
        return {"number": action.target, "tiles": tile_list(action.tiles)}
    face = action.face if verb is V_DISCARD else takes
    return {} if face is None else {"tile": format_face(Kind.TILES, face)}


def okey_101_hint(
    game: Okey101Game, state: Okey101State, observation: dict[str, Any], choice: Okey101Action
) -> dict[str, Any]:
    """The hint for the seat of ``observation`` whose greedy move is ``choice``: ``move``
    ``"okey_101"``, ``action`` (its canonical text, a listed legal action), its ``parts``, ``verb``
    and ``params`` (:func:`move_params`); the hand's best ``opening`` (``melds`` as
    :func:`~rummykit.variants.okey_101.report.meld_json`, their ``value``, the ``total`` with this
    turn's sets and runs that don't open yet, whether that ``reaches`` ``open_min``), its most
    ``pairs`` (``pairs``; ``count`` with this turn's pairs, and whether that ``reaches``
    ``pairs_open_min``), ``open_min`` and ``pairs_min``, ``opened``
    (how the seat opened: ``none``, ``melds``, ``pairs``) and ``islek`` (the hand's tiles whose
    discard would be fined, in notation)."""
    solver = game.solver
    rules = game.rules
    hand = observation["hand"]
    okey = observation["okey"]
    wilds = game.book.wilds(okey)
    opening = solver.best_opening(hand, wilds)
    pairs = solver.most_pairs(hand, wilds)
    pending = pending_melds(observation)
    laid = sum(m["value"] for m in pending if m["kind"] != MeldKind.PAIR.value)
    paired = sum(1 for m in pending if m["kind"] == MeldKind.PAIR.value)
    islek = game.book.islek(state.table, okey) if rules.playable_discard_penalty else frozenset()
    return {
        "move": "okey_101",
        "action": choice.text(),
        "parts": game.action_parts(choice),
        "verb": choice.verb.value,
        "params": move_params(choice, observation["takeable"], okey),
        "opening": {
            "melds": [meld_json(m, wilds) for m in opening.melds],
            "value": opening.value,
            "total": laid + opening.value,
            "reaches": laid + opening.value >= rules.open_min,
        },
        "pairs": {
            "pairs": [meld_json(p, wilds) for p in pairs],
            "count": paired + len(pairs),
            "reaches": 0 < rules.pairs_open_min <= paired + len(pairs),
        },
        "open_min": rules.open_min,
        "pairs_min": rules.pairs_open_min,
        "opened": observation["opened"][observation["seat"]],
        "islek": [format_face(Kind.TILES, f) for f in dict.fromkeys(hand) if f in islek],
    }
