"""What the next draw may bring a closed hand (Okey, Turkish Rummy), from one seat's observation.

The seat can't see the other racks or the stock, so each piece it can't see is equally likely to
be its next draw (a determinisation, :meth:`rummykit.engine.game.Game.determinise`, deals exactly
these pieces uniformly into those places). :func:`unseen_counts` gives how many of each face
remain unseen; :func:`draw_value` is the exact expectation over that draw of how far the hand
then is from going out, by the exact solver's count of pieces left out of the best arrangement.

Going out needs 14 pieces in melds (or seven pairs) and a 15th to discard. If a hand of 14 leaves
``L`` pieces out and drawing face ``t`` leaves ``L' >= 1`` out of the 15, the best discard then
leaves ``L' - 1`` out (a piece left out goes; fewer is impossible, as a partition of the 14 is one
of the 15 with one more piece out), so the draw gains ``L - L' + 1`` when that is positive and the
hand can go out when ``L' - 1 == 0``. When all 15 are in melds (``L' == 0``) the hand goes out
only if some discard leaves 14 in melds, which five melds of three don't: then each discard is
counted. Only a face that fits a meld or pair with the hand's pieces
can gain, so the others are skipped without a search.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from rummykit.core.melds import Wilds
from rummykit.core.pieces import JOKER, N_FACES, PieceSet
from rummykit.variants.closed_hand.bots import _without

FINISH_WEIGHT = 2.0
"""Extra weight, in pieces, of a draw that lets the hand go out (besides the pieces it gains)."""


def unseen_counts(observation: dict[str, Any], pieces: PieceSet) -> list[int]:
    """Per face ``0..52`` (``JOKER`` last): how many pieces of it the observing seat can't see.

    Seen are its own hand, every discard pile as shown (all of it, or only tops under
    ``discard_history = top_only``), the indicator (Okey) or the up card (Turkish Rummy), and the
    pieces other seats are known to hold (taken from a pile, or the indicator's twin shown).
    Raises ``KeyError`` for an observation without a hand (a spectator's)."""
    counts = [pieces.copies_of(face) for face in range(N_FACES + 1)]
    seen: list[int] = list(observation["hand"])
    for pile in observation["discards"]:
        seen += pile
    for key in ("indicator", "up_card"):
        if observation.get(key) is not None:
            seen.append(observation[key])
    for seat, known in enumerate(observation["known"]):
        if seat != observation["seat"]:
            seen += known
    indicator: int | None = observation.get("indicator")
    if indicator is not None:
        for seat in observation.get("shown", ()):
            if seat != observation["seat"] and indicator not in observation["known"][seat]:
                seen.append(indicator)
    for face in seen:
        counts[face] -= 1
    return [max(c, 0) for c in counts]


def could_join(hand: Sequence[int], face: int, wilds: Wilds, pairs: bool) -> bool:
    """Whether a drawn ``face`` could sit in a meld (or, with ``pairs``, a pair) with pieces of
    ``hand``: it is wild, or wilds and pieces that fit it make two: pieces of its rank (a set), or
    of its suit within two ranks (a run; ranks wrap, 13 then 1, as the widest rules allow), or
    with ``pairs`` one wild or an identical piece. A false joker counts as the face it stands for.
    A face that can't is left out of every arrangement of ``hand`` plus it, so drawing it gains
    nothing. One face of :func:`joining_faces`."""
    return joining_faces(hand, wilds, pairs)[face]


def joining_faces(hand: Sequence[int], wilds: Wilds, pairs: bool) -> list[bool]:
    """Per face ``0..52`` (``JOKER`` last), :func:`could_join` of ``hand``: the hand is read once
    for every face (a draw's value asks about each unseen face)."""
    natural = [_natural(f, wilds) for f in hand if not wilds.is_wild(f)]
    helpers = len(hand) - len(natural)
    present = set(natural)
    of_rank = [0] * 13
    for f in natural:
        of_rank[f % 13] += 1
    out = []
    for drawn in range(N_FACES + 1):
        if wilds.is_wild(drawn):
            out.append(True)
            continue
        face = _natural(drawn, wilds)
        if pairs and (helpers or face in present):
            out.append(True)
            continue
        suit, rank = divmod(face, 13)
        base = 13 * suit
        near = sum(base + (rank + step) % 13 in present for step in (-2, -1, 1, 2))
        out.append(helpers + max(of_rank[rank], near) >= 2)
    return out


def _natural(face: int, wilds: Wilds) -> int:
    """The face a non-wild piece stands for (a false joker: the okey's face)."""
    return wilds.joker_as if face == JOKER and wilds.joker_as is not None else face


class DrawStats(NamedTuple):
    """What the next draw from the unseen pieces does to a 14-piece hand (:func:`draw_stats`):
    ``left`` pieces left out now; ``gain`` the expected pieces it gains (a draw that lowers the
    count by ``k`` gains ``k``, any other nothing); ``finish`` the probability that it lets the
    hand go out; ``better`` the probability that it lowers the count at all (each 0 to 1)."""

    left: int
    gain: float
    finish: float
    better: float


def draw_stats(
    hand: Sequence[int],
    wilds: Wilds,
    unseen: Sequence[int],
    left_out: Callable[[Sequence[int], Wilds], int],
    pairs: bool,
) -> DrawStats:
    """The :class:`DrawStats` of a 14-piece ``hand`` over one draw from ``unseen`` (per face, each
    piece equally likely): ``left_out`` is the exact count of pieces out of the best arrangement,
    ``pairs`` whether seven pairs is a way out. No unseen piece: no gain."""
    base = left_out(hand, wilds)
    total = sum(unseen)
    if total == 0:
        return DrawStats(base, 0.0, 0.0, 0.0)
    gained = finishing = bettering = 0
    joins = joining_faces(hand, wilds, pairs)
    for face, count in enumerate(unseen):
        if not count or not joins[face]:
            continue
        after = left_out([*hand, face], wilds) - 1
        if after < 0:
            # all 15 in melds: a finish only if some discard leaves 14 in melds (not so with five
            # melds of three), else the best discard's count
            drawn = [*hand, face]
            after = min(left_out(_without(drawn, f), wilds) for f in set(drawn))
        if after < base:
            gained += count * (base - after)
            bettering += count
            finishing += count * (after == 0)
    return DrawStats(base, gained / total, finishing / total, bettering / total)


def draw_value(
    hand: Sequence[int],
    wilds: Wilds,
    unseen: Sequence[int],
    left_out: Callable[[Sequence[int], Wilds], int],
    pairs: bool,
) -> float:
    """How far a 14-piece ``hand`` is from going out, expected after the next draw, in pieces:
    the pieces it leaves out less the expected gain of a draw from ``unseen`` (per face), each
    draw that lets it go out counted :data:`FINISH_WEIGHT` more (:func:`draw_stats`). ``left_out``
    is the exact count of pieces out of the best arrangement; ``pairs``: seven pairs is a way out.
    Lower is better."""
    stats = draw_stats(hand, wilds, unseen, left_out, pairs)
    return stats.left - stats.gain - FINISH_WEIGHT * stats.finish
