"""The table search bot's own policies for Kalooki and Carousel: the greedy bots' play, changed
where greedy gives rounds away. The search bot plays them and uses them for its own seat in its
rollouts; the greedy bots (its opponents) are unchanged.

- :class:`KalookiPolicy` keeps the cards that are close to a meld and doesn't feed the next
  player. Greedy throws its highest deadwood card, which is often one of a pair (``KC KH``) or a
  near run (``7S 8S``); this policy throws the ungrouped card with the fewest :func:`links` to
  the rest of the hand plus its links to the cards the next seat is known to hold (it took them
  from the pile: it collects what they meld with), ties to the higher points; a joker only when
  nothing else is left out. Once open it takes the discard whenever the card can be laid off on
  a table meld (:func:`layoff_faces`: a sure card out of the hand, where the stock's card may
  fit nothing; greedy never takes for a lay-off), else it takes by greedy's rule (when that
  lowers the deadwood, after throwing the card this policy would throw). It opens late: only
  when the opening's melds and the lay-offs that follow on the table (:func:`layoff_faces`; a
  joker on any table) leave at most :data:`OPEN_LEAVES` card in hand, the final discard, so
  that it opens to go out. Greedy opens as soon as its melds reach the opening, and its melds on
  the table then take the other seats' lay-offs while it still holds the rest of its hand.
  Greedy's other melding, its laying off and releasing are kept.
- :class:`CarouselPolicy` knocks whenever it may, and holds its cards back. Greedy knocks only
  when its hand is surely the lowest (fewer points than any opponent has cards), so it often
  draws on with a hand of 5 or less and gives the opponent turns to undercut it or go out; and it
  lays greedy's best new table whenever that plays a card, which puts on the table the cards the
  opponent then rearranges to meld its own. The policy lays that table only when it lets it knock
  or go out (at most ``knock_max`` points left, or none), when its hand has grown to
  :data:`HOLD_CARDS` cards, or when fewer than :data:`STOCK_LOW` cards are left to draw; else it
  draws on.

Measured without search against greedy (``bench/policy_trial.py``, ``docs/bots.md``), Kalooki's
wins some 73–77% of two-player rounds and 42–46% of four-seat rounds (one policy, three greedy
bots), Carousel's some 75% of two-player rounds, depending on the deals (50% and 25% are even
shares).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rummykit.core.melds import CARD_JOKERS, HIGH_ACE, MeldKind, missing_suits, run_ends, run_positions
from rummykit.core.pieces import JOKER, rank_of, suit_of
from rummykit.solvers.arrange import Objective
from rummykit.variants.carousel.actions import EDITS, CarouselAction, CVerb
from rummykit.variants.carousel.bots import CarouselGreedyBot
from rummykit.variants.kalooki.actions import MAX_SET, KalookiAction, KVerb
from rummykit.variants.kalooki.bots import KalookiGreedyBot


def links(face: int, rest: Sequence[int]) -> float:
    """How close the card ``face`` (not a joker) is to a meld with ``rest`` (faces; jokers are
    ignored): 1 for each other suit of its rank (a set), 1 for each neighbouring rank of its suit
    and 0.5 for each rank two away (a run; the ace neighbours both the two and the king).
    Duplicates of one face count once; an identical card counts nothing."""
    return mask_links(face, face_mask(rest))


def face_mask(faces: Iterable[int]) -> int:
    """The natural faces among ``faces`` as a bit mask (bit ``f`` for face ``f``; jokers left out),
    what :func:`mask_links` reads."""
    return sum(_BITS[f] for f in set(faces))


def mask_links(face: int, held: int) -> float:
    """:func:`links` of ``face`` to the faces in bit mask ``held`` (:func:`face_mask`): an int when
    no card of its suit is near, as :func:`links` always gave."""
    same_rank, one_away, two_away = _NEAR[face]
    near = (held & one_away).bit_count(), (held & two_away).bit_count()
    return (held & same_rank).bit_count() + (near[0] + 0.5 * near[1] if near != (0, 0) else 0)


def _near(face: int) -> tuple[int, int, int]:
    """Bit masks of the faces linked to ``face``: the other suits of its rank, the ranks of its
    suit one away and two away (the ace both low and high)."""
    rank, suit = rank_of(face), suit_of(face)
    high = HIGH_ACE if rank == 1 else rank
    masks = [0, 0, 0]
    for other in range(JOKER):
        other_rank, other_suit = rank_of(other), suit_of(other)
        if other_suit != suit:
            masks[0] |= (other_rank == rank) << other
            continue
        other_high = HIGH_ACE if other_rank == 1 else other_rank
        gap = min(abs(other_rank - rank), abs(other_high - high))
        if gap in (1, 2):
            masks[gap] |= 1 << other
    return masks[0], masks[1], masks[2]


_NEAR = tuple(_near(f) for f in range(JOKER))
"""Per natural face: :func:`_near`."""
_BITS = tuple(0 if CARD_JOKERS.is_wild(f) else 1 << f for f in range(JOKER + 1))
"""Per face: its bit in a :func:`face_mask` (none for the joker)."""


def layoff_faces(table: Iterable[dict[str, Any]]) -> set[int]:
    """The natural faces that could be laid off on a meld of an observed Kalooki ``table`` (the
    observation's ``table``: ``kind``, ``faces``, ``stands_for``): a set's missing suits (the
    suits of its natural cards; none once it holds four cards), a run's next card at either end."""
    out: set[int] = set()
    for meld in table:
        stands = meld["stands_for"]
        if meld["kind"] == MeldKind.SET.value:
            if len(stands) < MAX_SET:
                out.update(missing_suits(rank_of(stands[0]), meld["faces"]))
        else:
            out.update(run_ends(suit_of(stands[0]), run_positions(stands)))
    return out


OPEN_LEAVES = 1
"""Cards at most that :class:`KalookiPolicy`'s opening, with the lay-offs after it, leaves in
hand, the final discard among them (measured: ``docs/bots.md``)."""


class KalookiPolicy(KalookiGreedyBot):
    """Greedy Kalooki play that discards the ungrouped card least linked to the rest of the hand
    and to the next seat's known cards (module docstring). Deterministic, from the observation
    and legal actions only."""

    name = "kalooki-policy"

    def __init__(self, game: Any, seed: int = 0) -> None:
        super().__init__(game, seed)
        self.next_known: list[int] = []
        """The faces the next seat to play is known to hold, as of the last observation."""

    def choose(self, observation: dict[str, Any], legal: list[KalookiAction]) -> KalookiAction:
        """Greedy's choice with this policy's discards (module docstring): one of ``legal``."""
        seat, active = observation["seat"], observation["active"]
        following = active[(active.index(seat) + 1) % len(active)] if seat in active else seat
        self.next_known = [] if following == seat else list(observation["known"][following])
        return super().choose(observation, legal)

    def _next_meld(self, observation: dict[str, Any], hand: list[int], opened: bool) -> KalookiAction | None:
        """Greedy's next meld, but no opening that would leave more than :data:`OPEN_LEAVES`
        cards in hand (:meth:`opening_leaves`; asked only of an opening greedy would lay, so that
        greedy's own cheap proof that it can't open still spares the meld value search)."""
        meld = super()._next_meld(observation, hand, opened)
        if (
            meld is not None
            and not opened
            and not observation["pending"]
            and self.opening_leaves(hand, observation["table"]) > OPEN_LEAVES
        ):
            return None
        return meld

    def opening_leaves(self, hand: Sequence[int], table: list[dict[str, Any]]) -> int:
        """The cards of ``hand`` that neither the best melds by value (leaving one card at least)
        nor a lay-off on the observed ``table`` (:func:`layoff_faces`; a joker on any table) would
        take: at most 1 when the opening would go out, the last card discarded."""
        fits = layoff_faces(table)
        left = self._keeping_one(hand, Objective.MELD_VALUE).ungrouped
        return sum(1 for f in left if f not in fits and not (table and CARD_JOKERS.is_wild(f)))

    def _draw_or_take(self, observation: dict[str, Any], legal: list[KalookiAction]) -> KalookiAction:
        """Take a discard that can be laid off once open, else greedy's draw or take."""
        top = observation["takeable"]
        if (
            top is not None
            and observation["seat"] in observation["opened"]
            and top in layoff_faces(observation["table"])
            and any(a.verb is KVerb.TAKE for a in legal)
        ):
            return KalookiAction(KVerb.TAKE)
        return super()._draw_or_take(observation, legal)

    def worst_card(self, hand: Sequence[int]) -> int:
        """The ungrouped card of ``hand`` (the best deadwood arrangement's) with the fewest
        :func:`links` to the rest of the hand and to :attr:`next_known`, then the most points,
        then the highest face; a joker only if every card left out is one (greedy's choice
        then)."""
        left = [f for f in self._arrange(hand, Objective.DEADWOOD).ungrouped if not CARD_JOKERS.is_wild(f)]
        if not left:
            return super().worst_card(hand)
        points = self.points
        held, known = face_mask(hand), face_mask(self.next_known)

        def key(face: int) -> tuple[float, int, int]:
            return (mask_links(face, held) + mask_links(face, known), -points[face], -face)

        return min(left, key=key)


HOLD_CARDS = 20
"""Cards in hand from which :class:`CarouselPolicy` melds whatever it can (measured with two
players: ``docs/bots.md``)."""

STOCK_LOW = 6
"""Cards left in the stock below which :class:`CarouselPolicy` melds whatever it can (the round
ends soon after the stock does, and a hand held back then counts against it)."""


class CarouselPolicy(CarouselGreedyBot):
    """Greedy Carousel play that knocks whenever knocking is legal and holds its cards back
    (module docstring)."""

    name = "carousel-policy"

    @staticmethod
    def knock(legal: list[CarouselAction]) -> CarouselAction | None:
        """Knocking if it is among ``legal``, else ``None``."""
        return CarouselAction(CVerb.KNOCK) if any(a.verb is CVerb.KNOCK for a in legal) else None

    def melds_now(self, cards_left: int, points_left: int, hand: int, stock: int) -> bool:
        """Whether to lay a new table that leaves ``cards_left`` cards worth ``points_left`` in a
        hand of ``hand`` cards, with ``stock`` cards left to draw (module docstring)."""
        return (
            cards_left == 0 or points_left <= self.rules.knock_max or hand >= HOLD_CARDS or stock < STOCK_LOW
        )

    def choose(self, observation: dict[str, Any], legal: list[CarouselAction]) -> CarouselAction:
        """Knock when legal; lay greedy's best new table when :meth:`melds_now` says so or no
        draw is left; else draw (or greedy's choice when nothing can be played)."""
        knock = self.knock(legal)
        if knock is not None:
            return knock
        verbs = {a.verb for a in legal}
        if verbs & EDITS and CVerb.DRAW in verbs:
            best = self.best_meld(observation)
            if best.played and not self.melds_now(
                len(best.left), best.points_left, len(observation["hand"]), observation["stock_count"]
            ):
                return CarouselAction(CVerb.DRAW)
        return super().choose(observation, legal)
