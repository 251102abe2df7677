"""101 Okey's round scores (``okey-101.md`` "Scoring", "Penalties during play"): penalty points,
lower is better, with the finish's multipliers.

M is the product (``stack_multipliers``; else the largest) of the multipliers that apply: the final
discard is an okey (``okey_finish_multiplier``), the finisher opened with pairs
(``pairs_finish_multiplier``), a hand finish that scores as one (``hand_finish_multiplier``);
otherwise, and when the stock ran out, 1. The finisher scores ``finish_bonus`` x M; a player who
has not opened ``unopened_penalty`` x M whatever the hand holds; one who has, the tiles left in
hand (an okey at its printed number, a false joker at the okey's) x M, doubled again
(``pairs_penalty_multiplier``) for a pair opener, plus ``okey_in_hand_penalty`` per okey kept, not
multiplied. Each seat's note carries the reasons its points were multiplied, ``factors``: notes
with a reason's code and its ``factor`` (the finish's that make M, ``okey_101.x_pairs_opener`` for
a pair opener's hand; none of 1), so that a client names them. The fines incurred during play are
already in the running scores and join the round's score changes as they are. A void round scores
nothing (:func:`void_scored`).

A round's :class:`~rummykit.engine.game.RoundResult` (:func:`round_result`) is what the game records
and what position text reads back from the facts its scores follow from
(:func:`scored_facts` reads them out of a scored round's notes).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rummykit.core.notation import format_face, parse_face
from rummykit.core.pieces import JOKER, Kind, rank_of
from rummykit.engine.events import note
from rummykit.engine.game import RoundResult
from rummykit.variants.okey_101.rules import Okey101Rules
from rummykit.variants.okey_101.state import Fine, FineKind, Opened

VOID = "void"
"""The kind of a round that scores nothing and is dealt again."""
PAIRS_OPENER = "okey_101.x_pairs_opener"
"""The reason a pair opener's hand is multiplied again (``pairs_penalty_multiplier``)."""


@dataclass(frozen=True)
class Finish:
    """How a round was finished: the finisher's ``seat``; whether the final discard was an
    ``okey``, the finisher had opened with ``pairs``, and it was a ``hand`` finish that scores as
    one (``hand_finish_double``)."""

    seat: int
    okey: bool
    pairs: bool
    hand: bool

    @property
    def label(self) -> str:
        """``normal``, or the kinds that multiply joined by ``+`` (``hand``, ``pairs``, ``okey``)."""
        parts = [word for word, on in (("hand", self.hand), ("pairs", self.pairs), ("okey", self.okey)) if on]
        return "+".join(parts) or "normal"


@dataclass(frozen=True)
class Scored:
    """A round's scoring: ``deltas`` per seat (points, the round's fines included), its ``kind``
    (:attr:`Finish.label`, or ``stock``) and the ``notes`` explaining it."""

    deltas: tuple[int, ...]
    kind: str
    notes: tuple[dict[str, Any], ...]


def multiplier(
    rules: Okey101Rules, finish: Finish | None
) -> tuple[int, list[dict[str, Any]], list[dict[str, Any]]]:
    """M, the notes naming each factor of the finish (none when M is 1 for want of any) and the
    factors M is made of, each a note with its reason and ``factor`` (every one that applies when
    they stack, else the largest; none of 1)."""
    if finish is None:
        return 1, [], []
    factors = [
        (code, factor)
        for code, factor, on in (
            ("okey_101.x_hand", rules.hand_finish_multiplier, finish.hand),
            ("okey_101.x_pairs", rules.pairs_finish_multiplier, finish.pairs),
            ("okey_101.x_okey", rules.okey_finish_multiplier, finish.okey),
        )
        if on
    ]
    if not factors:
        return 1, [], []
    terms = [note(code, factor=factor) for code, factor in factors]
    if rules.stack_multipliers:
        applied = terms
    else:
        applied = [max(terms, key=lambda t: int(t["params"]["factor"]))]
        if len(factors) > 1:
            terms.append(note("okey_101.no_stack"))
    total = 1
    for term in applied:
        total *= term["params"]["factor"]
    why = [t for t in applied if t["params"]["factor"] != 1]
    return total, [note("okey_101.multiplier", factor=total, terms=terms)], why


def tile_points(face: int, okey: int) -> int:
    """A tile's points left in hand: its number; a false joker the okey's; an okey its printed
    number (the okey's own, its fine apart)."""
    return rank_of(okey if face == JOKER else face)


def score_round(
    rules: Okey101Rules,
    hands: Sequence[Sequence[int]],
    opened: Sequence[Opened],
    okey: int,
    finish: Finish | None,
    fines: Sequence[Fine],
) -> Scored:
    """The scores of a round whose ``hands`` (faces per seat) are left as they are, each seat
    having ``opened`` as given, the okey's face ``okey``, ended by ``finish`` (``None``: the stock
    ran out) with ``fines`` incurred during play."""
    factor, notes, why = multiplier(rules, finish)
    deltas = []
    lines = []
    for seat, hand in enumerate(hands):
        if finish is not None and seat == finish.seat:
            points = rules.finish_bonus * factor
            lines.append(
                note(
                    "okey_101.finisher_points",
                    seat=seat,
                    bonus=rules.finish_bonus,
                    factor=factor,
                    factors=list(why),
                    points=points,
                )
            )
        elif opened[seat] is Opened.NONE:
            points = rules.unopened_penalty * factor
            lines.append(
                note(
                    "okey_101.unopened_points",
                    seat=seat,
                    penalty=rules.unopened_penalty,
                    factor=factor,
                    factors=list(why),
                    points=points,
                )
            )
        else:
            okeys = hand.count(okey)
            total = sum(tile_points(f, okey) for f in hand)
            factors = list(why)
            if opened[seat] is Opened.PAIRS and rules.pairs_penalty_multiplier != 1:
                factors.append(note(PAIRS_OPENER, factor=rules.pairs_penalty_multiplier))
            times = factor * (rules.pairs_penalty_multiplier if opened[seat] is Opened.PAIRS else 1)
            points = total * times + okeys * rules.okey_in_hand_penalty
            lines.append(
                note(
                    "okey_101.hand_points",
                    seat=seat,
                    tiles=[format_face(Kind.TILES, f) for f in hand],
                    total=total,
                    factor=times,
                    factors=factors,
                    okeys=okeys,
                    fine=okeys * rules.okey_in_hand_penalty,
                    points=points,
                )
            )
        deltas.append(points)
    for fine in fines:
        deltas[fine.seat] += fine.points
        code = "okey_101.fine_okey" if fine.kind is FineKind.OKEY else "okey_101.fine_playable"
        lines.append(note(code, seat=fine.seat, tile=format_face(Kind.TILES, fine.face), points=fine.points))
    if finish is None:
        headline = note("okey_101.stock_out")
        kind = "stock"
    else:
        headline = note("okey_101.finished", seat=finish.seat, label=finish.label)
        kind = finish.label
    return Scored(tuple(deltas), kind, (headline, *notes, *lines))


def void_scored(players: int, paired: int | None) -> Scored:
    """A void round (no score change; its fines are given back): seat ``paired`` opened with pairs
    after every other player did (``last_pairs_open=void``), or with ``None`` the stock ran out
    (``on_stock_empty=void``)."""
    why = note("okey_101.void_stock") if paired is None else note("okey_101.void_pairs", seat=paired)
    return Scored((0,) * players, VOID, (why,))


def fine_for(rules: Okey101Rules, seat: int, face: int, okey: int) -> Fine:
    """The fine of ``seat`` for discarding ``face`` without finishing, the okey's face being
    ``okey``: an okey's, else a playable tile's, its points the rule's (0: no fine at this table)."""
    if face == okey:
        return Fine(seat, FineKind.OKEY, face, rules.okey_discard_penalty)
    return Fine(seat, FineKind.PLAYABLE, face, rules.playable_discard_penalty)


def round_result(
    round_no: int,
    winner: int | None,
    scored: Scored,
    hands: Sequence[Sequence[int]],
    okey: int,
    discard: int | None,
) -> RoundResult:
    """The result of round ``round_no`` scored as ``scored``: ``hands`` every seat's faces at its end,
    ``okey`` the okey's face, ``discard`` the finisher's last discard (a face, ``None`` without a
    finisher)."""
    return RoundResult(
        round_no, winner, scored.kind, scored.deltas, scored.notes, tuple(map(tuple, hands)), (okey,), discard
    )


def scored_facts(result: RoundResult) -> tuple[list[Opened], list[tuple[int, int]]]:
    """What :func:`score_round` was given for the scored (not void) round ``result``, read back from
    its notes: how each seat had opened, as far as its score tells (the finisher opened with pairs
    when its finish is a pairs finish; a pair opener whose hand costs what a meld opener's would,
    ``pairs_penalty_multiplier=1``, is given as a meld opener), and the fines as (seat, face), in the
    order incurred."""
    pairs = "pairs" in result.kind.split("+")
    opened = [Opened.MELDS] * len(result.deltas)
    fines = []
    for item in result.notes:
        code, params = item["code"], item["params"]
        if code == "okey_101.unopened_points":
            opened[params["seat"]] = Opened.NONE
        elif (code == "okey_101.hand_points" and PAIRS_OPENER in (f["code"] for f in params["factors"])) or (
            code == "okey_101.finisher_points" and pairs
        ):
            opened[params["seat"]] = Opened.PAIRS
        elif code in ("okey_101.fine_okey", "okey_101.fine_playable"):
            fines.append((params["seat"], parse_face(Kind.TILES, params["tile"])))
    return opened, fines
