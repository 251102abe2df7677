"""Kalooki's bots: the greedy bot, the search bot's own policy and its plan.

:class:`KalookiGreedyBot`, every decision from the exact hand solver, one move deep: it releases
jokers when it holds the cards; opens when its best disjoint melds reach the opening (the solver's
maximum meld value), or goes out in one move when it can; once open, melds what its best
arrangement melds (one meld per action) and lays off whenever it can, a natural card before a
joker; it takes the discard when that lowers its deadwood, and discards its highest deadwood card
(a joker last). It reads the observation's ``phase``, ``hand``, ``seat``, ``opened``,
``pending``, ``table`` (``number``, ``value``, ``stands_for``) and ``takeable``, and the game's
rules.

:class:`KalookiPolicy`, greedy's play changed where greedy gives rounds away, keeps the cards that
are close to a meld and doesn't feed the next player. Greedy throws its highest deadwood card,
which is often one of a pair (``KC KH``) or a near run (``7S 8S``); this policy throws the
ungrouped card with the fewest :func:`~rummykit.bots.card_links.links` to the rest of the hand plus
its links to the cards the next seat is known to hold (it took them from the pile: it collects
what they meld with), ties to the higher points; a joker only when nothing else is left out. Once
open it takes the discard whenever the card can be laid off on a table meld (:func:`layoff_faces`:
a sure card out of the hand, where the stock's card may fit nothing; greedy never takes for a
lay-off), else it takes by greedy's rule (when that lowers the deadwood, after throwing the card
this policy would throw). It opens late: only when the opening's melds and the lay-offs that
follow on the table (:func:`layoff_faces`; a joker on any table) leave at most
:data:`OPEN_LEAVES` card in hand, the final discard, so that it opens to go out. Greedy opens as
soon as its melds reach the opening, and its melds on the table then take the other seats'
lay-offs while it still holds the rest of its hand. Greedy's other melding, its laying off and
releasing are kept. Measured without search against greedy (``bench/policy_trial.py``,
``docs/bots.md``), it wins some 73-77% of two-player rounds and 42-46% of four-seat rounds (one
policy, three greedy bots), depending on the deals (50% and 25% are even shares).

:class:`KalookiSearchBot`, the table search (:mod:`rummykit.bots.table_search`) with Kalooki's
:class:`KalookiPlan`: its candidates are drawing and taking the discard when both are legal; when
the policy discards, its discard, greedy's and the ``width`` other discards that leave the least
deadwood. The policy's other moves (greedy's melds, lay-offs, releases, retracting) are played at
once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import attrgetter
from typing import Any

from rummykit.bots.card_links import face_mask, mask_links
from rummykit.bots.table_search import TableSearchBot
from rummykit.core.melds import (
    CARD_JOKERS,
    CardValues,
    Meld,
    MeldKind,
    missing_suits,
    run_ends,
    run_positions,
)
from rummykit.core.pieces import JOKER, rank_of, suit_of
from rummykit.engine.game import Game
from rummykit.memo import keep
from rummykit.solvers.arrange import Arrangement, HandSolver, Objective, keeping_one
from rummykit.solvers.report import HandProfile
from rummykit.variants.kalooki.actions import (
    MAX_SET,
    MELD_BASE,
    MELDS,
    V_DISCARD,
    V_DRAW,
    V_LAYOFF,
    V_MELD,
    V_RELEASE,
    V_RETRACT,
    V_TAKE,
    KalookiAction,
    KVerb,
    action_id,
)
from rummykit.variants.kalooki.game import KalookiGame, faces
from rummykit.variants.kalooki.state import KalookiState

_DRAW, _TAKE, _RETRACT = (KalookiAction(V_DRAW), KalookiAction(V_TAKE), KalookiAction(V_RETRACT))
"""The actions without cards, made once (an action is an immutable value)."""

_VERB = attrgetter("verb")
"""An action's verb."""

ARRANGEMENTS_KEPT = 256
"""Arrangements (and, apart, deadwood counts) a bot keeps between decisions before it forgets them
all."""


class KalookiGreedyBot:
    """Greedy Kalooki play from the observation and legal actions only. ``seed`` is unused: the
    bot is deterministic."""

    name = "greedy"

    def __init__(self, game: Any, seed: int = 0) -> None:
        self.rules = game.rules
        self.profile: HandProfile = game.rules.hand_profile()
        self.values: CardValues = game.rules.values()
        self.solver: HandSolver = self.profile.solver()
        self.points: list[int] = [self.values.hand_value(f, CARD_JOKERS) for f in range(JOKER + 1)]
        """Each face's points left in hand."""
        self._discard_order: list[tuple[bool, int, int]] = [
            (not CARD_JOKERS.is_wild(f), self.points[f], f) for f in range(JOKER + 1)
        ]
        """Each face's rank as a discard, highest first out: a natural before a joker, then by
        points, then by face."""
        values = self.values
        position_top = max(values.ace_meld, values.ace_low_run, values.court, 10)
        self._deadwood_bounds = values.ace >= max(values.ace_meld, values.ace_low_run) and (
            values.joker >= position_top
        )
        """Whether every card's points in hand are at least its value in any meld (a joker's: any
        card's), so that a hand's most meld value is at most the most points it can meld."""
        self._arranged: dict[tuple[tuple[int, ...], Objective], Arrangement] = {}
        self._deadwood: dict[tuple[int, ...], int] = {}
        self._last_arranged: tuple[Objective | None, list[int], Arrangement] = (
            None,
            [],
            Arrangement((), (), 0),
        )
        """The last arrangement handed out, with its objective and hand (cards in the order asked):
        a decision asks about one hand several times (to meld, to discard, what the discard
        leaves), and comparing the hand is cheaper than sorting it into a key."""

    # ------------------------------------------------------------------ solver questions
    def _arrange(self, hand: Sequence[int], objective: Objective) -> Arrangement:
        """The solver's arrangement, kept for the hands of the last few decisions (a turn asks
        about the same hand when drawing and when discarding). The arrangement of cards does not
        depend on their order (a face stands for itself, every joker is alike)."""
        last = self._last_arranged
        if last[0] is objective and last[1] == hand:
            return last[2]
        key = (tuple(sorted(hand)), objective)
        found = self._arranged.get(key)
        if found is None:
            found = keep(
                self._arranged, key, self.solver.arrange(hand, CARD_JOKERS, objective), ARRANGEMENTS_KEPT
            )
        self._last_arranged = (objective, list(hand), found)
        return found

    def deadwood(self, hand: Sequence[int]) -> int:
        """Points left in hand after the best arrangement (the score-only search: the hand's points
        less those the best arrangement melds), kept per hand as arrangements are (a search's
        rollouts ask about the same hands again)."""
        key = tuple(sorted(hand))
        found = self._deadwood.get(key)
        if found is None:
            left = sum(map(self.points.__getitem__, hand)) - self.solver.score(
                hand, CARD_JOKERS, Objective.DEADWOOD
            )
            found = keep(self._deadwood, key, left, ARRANGEMENTS_KEPT)
        return found

    def deadwood_without(self, hand: Sequence[int], face: int) -> int:
        """:meth:`deadwood` of ``hand`` less one card ``face``. When the best deadwood arrangement
        of ``hand`` leaves ``face`` out, it is that arrangement's deadwood less the card's points,
        with no search (without the card the same melds are still the best: any better ones would
        be better for ``hand`` too), and kept as :meth:`deadwood` keeps its answers (the hand left
        after a discard is the one the next turn's draw asks about)."""
        points = self.points
        arranged = self._arrange(hand, Objective.DEADWOOD)
        rest = list(hand)
        rest.remove(face)
        if face not in arranged.ungrouped:
            return self.deadwood(rest)
        key = tuple(sorted(rest))
        found = self._deadwood.get(key)
        if found is None:
            found = keep(
                self._deadwood,
                key,
                sum(map(points.__getitem__, hand)) - arranged.score - points[face],
                ARRANGEMENTS_KEPT,
            )
        return found

    def left_out(self, hand: Sequence[int]) -> tuple[int, ...]:
        """The cards of ``hand`` its best deadwood arrangement leaves out of melds."""
        return self._arrange(hand, Objective.DEADWOOD).ungrouped

    def worst_card(self, hand: Sequence[int]) -> int:
        """The highest deadwood card of ``hand`` (a joker only if nothing else is left out)."""
        left = self._arrange(hand, Objective.DEADWOOD).ungrouped or hand
        return max(left, key=self._discard_order.__getitem__)

    def _keeping_one(self, hand: Sequence[int], objective: Objective) -> Arrangement:
        """The best arrangement that leaves at least one card for the final discard
        (:func:`keeping_one`, the arrangements kept as :meth:`_arrange` keeps them)."""
        return keeping_one(lambda cards: self._arrange(cards, objective), hand)

    # ------------------------------------------------------------------ choosing
    def choose(self, observation: dict[str, Any], legal: list[KalookiAction]) -> KalookiAction:
        """The greedy choice: one of ``legal``."""
        if observation["phase"] == "draw":
            return self._draw_or_take(observation, legal)
        hand = list(observation["hand"])
        # ``legal`` is in id order: the releases, whose ids are the highest, end it
        if legal and legal[-1].verb is V_RELEASE:
            return next(a for a in legal if a.verb is V_RELEASE)
        opened = observation["seat"] in observation["opened"]
        meld = self._next_meld(observation, hand, opened)
        if meld is not None:
            return _listed(meld, legal)
        if opened:
            layoffs = [a for a in legal if a.verb is V_LAYOFF]
            if layoffs:
                table = {m["number"]: m for m in observation["table"]}
                return min(layoffs, key=lambda a: _layoff_order(a, hand, table))
        if observation["pending"] and len(hand) > 1:
            return _listed(_RETRACT, legal)
        worst = self.worst_card(hand)
        self.deadwood_without(hand, worst)
        first = None
        for action in legal:
            if action.verb is V_DISCARD:
                if action.face == worst:
                    return action
                first = first or action
        return first or legal[0]

    def _draw_or_take(self, observation: dict[str, Any], legal: list[KalookiAction]) -> KalookiAction:
        verbs = set(map(_VERB, legal))
        top = observation["takeable"]
        if top is not None and V_TAKE in verbs:
            hand = list(observation["hand"])
            with_top = [*hand, top]
            if self.deadwood_without(with_top, self.worst_card(with_top)) < self.deadwood(hand):
                return _listed(_TAKE, legal)
        return _listed(_DRAW if V_DRAW in verbs else _TAKE, legal)

    def _next_meld(self, observation: dict[str, Any], hand: list[int], opened: bool) -> KalookiAction | None:
        """The next meld to lay this turn, if any."""
        if opened:
            melds = self._keeping_one(hand, Objective.DEADWOOD).melds
            return _meld_action(melds[0]) if melds else None
        pending = observation["pending"]
        laid = sum(m["value"] for m in observation["table"] if m["number"] in pending) if pending else 0
        if self._deadwood_bounds and self._short_of_opening(hand, laid):
            return None
        best = self._keeping_one(hand, Objective.MELD_VALUE)
        going_out = len(hand) - sum(len(m.faces) for m in best.melds) == 1
        if best.melds and (going_out or laid + best.score >= self.rules.open_min):
            return _meld_action(best.melds[0])
        return None

    def _short_of_opening(self, hand: list[int], laid: int) -> bool:
        """Whether the best deadwood arrangement of ``hand`` shows, with no meld value search, that
        no melds of ``hand`` open (with the value ``laid`` this turn) or go out: it melds fewer
        than the opening's points less ``laid`` (no melds are worth more than the points they
        take from the hand, :attr:`_deadwood_bounds`), and it leaves more points than any one card
        of the hand (melds that leave one card would leave no more than that card's points)."""
        arranged = self._arrange(hand, Objective.DEADWOOD)
        points = self.points
        if laid + arranged.score >= self.rules.open_min:
            return False
        held = list(map(points.__getitem__, hand))
        return sum(held) - arranged.score > max(held)


def _listed(action: KalookiAction, legal: list[KalookiAction]) -> KalookiAction:
    """The listed legal action with ``action``'s id (the same move in canonical form), else
    ``action`` itself."""
    verb = action.verb
    if verb is V_DRAW or verb is V_TAKE or verb is V_RETRACT:
        # one id per verb: the verb alone makes the id
        return next((a for a in legal if a.verb is verb), action)
    number = action_id(action)
    if verb is V_MELD and number is not None:
        # the game lists a meld with its canonical cards, the very tuple of MELDS
        cards = MELDS[number - MELD_BASE]
        found = next((a for a in legal if a.verb is verb and a.melds[0] is cards), None)
        if found is not None:
            return found
    return next((a for a in legal if a.verb is verb and action_id(a) == number), action)


def _layoff_order(
    action: KalookiAction, hand: list[int], table: dict[int, dict[str, Any]]
) -> tuple[int, ...]:
    """Naturals before jokers, then by meld number; naturals in hand order; a joker onto a set
    undeclared, onto a run declared at the low end, then at the high end."""
    face, declared = action.cards[0]
    assert action.target is not None
    if not CARD_JOKERS.is_wild(face):
        return (0, action.target, hand.index(face))
    meld = table[action.target]
    if meld["kind"] == MeldKind.SET.value:
        return (1, action.target, 0 if declared is None else 2)
    if declared is None:
        return (1, action.target, 2)
    low = rank_of(declared) == rank_of(meld["stands_for"][0]) - 1
    return (1, action.target, 0 if low else 1)


def _meld_action(meld: Meld) -> KalookiAction:
    """A ``meld`` action laying ``meld``, run jokers declared as what they stand for."""
    run = meld.kind is MeldKind.RUN
    cards = tuple(
        (face, stands if run and CARD_JOKERS.is_wild(face) else None)
        for face, stands in zip(meld.faces, meld.stands_for, strict=True)
    )
    return KalookiAction(V_MELD, melds=(cards,))


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


KALOOKI_HORIZON = 24
"""Actions after which a Kalooki rollout stops short of the round's end by default (some four
turns each for two players)."""


class KalookiPlan:
    """Kalooki's candidates, rollout policies (the searching seat's :class:`KalookiPolicy`, the
    greedy bot for the others) and cut-short values."""

    points_sign = -1
    """Points are penalties."""

    def __init__(self, game: KalookiGame, width: int) -> None:
        self.game = game
        self.width = width
        self.greedy = KalookiGreedyBot(game)
        self.policy = KalookiPolicy(game)

    def candidates(self, observation: dict[str, Any], legal: list[KalookiAction]) -> list[KalookiAction]:
        """The policy's choice; drawing and taking; the policy's discard, greedy's and the
        ``width`` others that leave the least deadwood."""
        greedy = self.greedy
        choice = self.policy.choose(observation, legal)
        if choice.verb in (KVerb.DRAW, KVerb.TAKE):
            return [choice, *(a for a in legal if a.verb in (KVerb.DRAW, KVerb.TAKE))]
        if choice.verb is not KVerb.DISCARD:
            return [choice]
        hand: list[int] = observation["hand"]

        def left(action: KalookiAction) -> int:
            rest = list(hand)
            rest.remove(action.face)  # type: ignore[arg-type]
            return greedy.deadwood(rest)

        others = sorted((a for a in legal if a.verb is KVerb.DISCARD and a != choice), key=left)
        return [choice, greedy.choose(observation, legal), *others[: self.width]]

    def step(self, state: KalookiState, seat: int, own: bool) -> KalookiAction:
        """The move for ``seat``: the policy's if it is the searching seat (``own``), else greedy's."""
        game = self.game
        bot = self.policy if own else self.greedy
        return bot.choose(game.observe(state, seat), game.legal_actions(state, seat))

    def in_hand(self, state: KalookiState) -> list[int]:
        """Each hand's deadwood after greedy's arrangement (the penalty it is heading for)."""
        return [self.greedy.deadwood(faces(h)) for h in state.hands]


class KalookiSearchBot(TableSearchBot):
    """The table search bot with Kalooki's plan (:class:`KalookiPlan`) and horizon
    (:data:`KALOOKI_HORIZON`); built and budgeted as :class:`TableSearchBot`."""

    default_horizon = KALOOKI_HORIZON

    def make_plan(self, game: Game[Any, Any], width: int) -> KalookiPlan:
        """Kalooki's plan for ``game``; raises ``ValueError`` for another game."""
        if not isinstance(game, KalookiGame):
            raise ValueError(f"the Kalooki search bot plays kalooki, not {game.variant}")
        return KalookiPlan(game, width)
