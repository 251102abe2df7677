"""What a Kalooki seat's session shows beyond the observation: the rack is arranged with the jokers
wild; the hint is the greedy bot's move with the best melds by value (and the opening they make
with this turn's melds) and the arrangement leaving the fewest points (:func:`kalooki_hint`, as
data); and every ``state`` message carries the opening toward the minimum
(:func:`kalooki_opening`), each offered single meld with the opening it would make.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rummykit.core.melds import CARD_JOKERS, CardValues, Wilds, validate_meld
from rummykit.core.notation import format_face
from rummykit.core.pieces import Kind
from rummykit.session.assist import SeatAssist, arrangement_view
from rummykit.session.messages import SessionError
from rummykit.solvers.arrange import Arrangement, HandSolver, Objective
from rummykit.solvers.report import HandProfile
from rummykit.variants.kalooki.actions import KalookiAction, KVerb, card_list
from rummykit.variants.kalooki.bots import KalookiGreedyBot
from rummykit.variants.kalooki.game import KalookiGame


class KalookiAssist(SeatAssist[KalookiGame]):
    """Kalooki's seat help: the rack's hand logic (the jokers wild), the hint
    (:meth:`hint`) and the opening in every ``state`` message (:meth:`extras`)."""

    def hand_logic(self, observation: dict[str, Any]) -> tuple[HandProfile, Wilds]:
        """The rules' hand profile and the jokers."""
        return self.game.rules.hand_profile(), CARD_JOKERS

    def hint(self, state: Any, seat: int) -> dict[str, Any]:
        """Kalooki's hint (:func:`kalooki_hint`): ``move`` ``"kalooki"``, the greedy bot's
        ``action`` (canonical text, one of the legal ones), its ``parts``
        (:meth:`~rummykit.engine.game.Game.action_parts`, as the legal actions carry them), its
        ``verb`` and what the client words it with (``params``, :func:`kalooki_move_params`), the
        best melds by value
        (``by_value``: ``melds``, ``out``, ``value``), ``opening`` (their value with this turn's
        pending melds, null once the seat has opened), ``laid`` (the pending melds' value),
        ``open_min``, the arrangement leaving the fewest points (``fewest``) and those
        ``points_left``. Raises ``no_hint`` when the seat is not to move."""
        game = self.game
        observation = game.observe(state, seat)
        legal = game.legal_actions(state, seat)
        if observation["to_move"] != seat or not legal:
            raise SessionError("no_hint")
        choice = KalookiGreedyBot(game).choose(observation, legal)
        laid = pending_value(observation)
        hint = kalooki_hint(
            game.rules.hand_profile().solver(),
            game.values,
            observation["hand"],
            game.action_text(choice),
            observation["takeable"],
            seat in observation["opened"],
            laid,
            game.rules.open_min,
        )
        return {
            "move": "kalooki",
            "action": hint.action,
            "parts": game.action_parts(choice),
            "verb": hint.verb,
            "params": kalooki_move_params(choice, hint.takes),
            "by_value": {**arrangement_view(game.kind, hint.by_value), "value": hint.by_value.score},
            "opening": hint.opening,
            "laid": hint.laid,
            "open_min": hint.open_min,
            "fewest": arrangement_view(game.kind, hint.fewest),
            "points_left": hint.points_left,
        }

    def extras(
        self,
        state: Any,
        viewer: int | None,
        observation: dict[str, Any],
        legal: list[dict[str, Any]],
        actions: Sequence[Any],
    ) -> dict[str, Any]:
        """``opening``: :func:`kalooki_opening` (each offered single meld gets its ``opening``)."""
        return {"opening": kalooki_opening(self.game, observation, legal, actions)}


@dataclass(frozen=True)
class KalookiHint:
    """A Kalooki hint: the greedy bot's ``action`` (its canonical text: ``take`` names no card;
    ``take`` carries the discard's face in ``takes``), the best melds by value (``by_value``), the
    value they open with this turn's melds (``opening``: ``None`` once the seat has opened) against
    the ``open_min``, and the arrangement leaving the fewest points (``fewest``) with those points
    (``points_left``)."""

    action: str
    verb: str
    takes: int | None
    by_value: Arrangement
    opening: int | None
    laid: int
    open_min: int
    fewest: Arrangement
    points_left: int


def kalooki_hint(
    solver: HandSolver,
    values: CardValues,
    hand: Sequence[int],
    action: str,
    takeable: int | None,
    opened: bool,
    laid: int,
    open_min: int,
) -> KalookiHint:
    """The hint for ``hand`` given the greedy bot's chosen ``action`` (its text), the discard the
    seat may take, whether it has ``opened``, the value of this turn's melds (``laid``) and the
    opening's minimum."""
    verb = action.split(maxsplit=1)[0]
    by_value = solver.arrange(hand, CARD_JOKERS, Objective.MELD_VALUE)
    fewest = solver.arrange(hand, CARD_JOKERS, Objective.DEADWOOD)
    points = sum(values.hand_value(f, CARD_JOKERS) for f in fewest.ungrouped)
    opening = None if opened else by_value.score + laid
    takes = takeable if verb == "take" else None
    return KalookiHint(action, verb, takes, by_value, opening, laid, open_min, fewest, points)


def kalooki_move_params(action: KalookiAction, takes: int | None) -> dict[str, Any]:
    """The parts of Kalooki ``action`` a client words it with, cards in notation (a joker with its
    declaration, ``JK[7H]``), as its event names them: ``melds`` (each a list of cards) for
    ``meld``; ``number`` (the table meld) and ``cards`` for ``layoff`` and ``release``; ``card``
    for ``discard``, and for ``take`` the discard it takes (``takes``, a face); ``{}`` for ``draw``
    and ``retract``."""
    if action.verb is KVerb.MELD:
        return {"melds": [card_list(meld) for meld in action.melds]}
    if action.verb in (KVerb.LAYOFF, KVerb.RELEASE):
        return {"number": action.target, "cards": card_list(action.cards)}
    face = action.face if action.verb is KVerb.DISCARD else takes
    return {} if face is None else {"card": format_face(Kind.CARDS, face)}


def pending_value(observation: dict[str, Any]) -> int:
    """The opening value of the seat's melds laid this turn that don't open yet (the table melds
    numbered in ``pending``; each meld's ``value`` is the engine's)."""
    pending = set(observation["pending"])
    return sum(m["value"] for m in observation["table"] if m["number"] in pending)


def kalooki_opening(
    game: KalookiGame,
    observation: dict[str, Any],
    legal: list[dict[str, Any]],
    actions: Sequence[KalookiAction],
) -> dict[str, Any] | None:
    """The opening toward ``open_min`` for a Kalooki seat's ``state`` message, or ``None`` once
    the seat has opened (or for a spectator): ``{"laid": value of this turn's pending melds,
    "min": the rules' open_min}``; and each entry of ``legal`` (the texts of ``actions``, in
    order) that melds one meld gets ``value``, that meld's value (jokers as the card they stand
    for, an ace 1 low in a run and 11 elsewhere), and ``opening``: ``laid`` plus ``value``, what
    the opening would be with it."""
    seat = observation["seat"]
    if seat is None or seat in observation["opened"]:
        return None
    laid = pending_value(observation)
    for entry, action in zip(legal, actions, strict=True):
        if action.verb is KVerb.MELD and len(action.melds) == 1:
            cards = action.melds[0]
            meld = validate_meld(
                [f for f, _ in cards], game.meld_rules, CARD_JOKERS, declared=[d for _, d in cards]
            )
            entry["value"] = game.values.meld_value(meld)
            entry["opening"] = laid + entry["value"]
    return {"laid": laid, "min": game.rules.open_min}
