"""What a Carousel seat's session shows beyond the observation: the hint is the table solver's best
new table for the seat's hand (:func:`carousel_hint`), and every ``state`` message carries the
draft's melds checked and why a commit or a knock is refused now (:func:`carousel_draft`).
Carousel has no rack to arrange: the hand is laid out by the draft.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rummykit.core.notation import format_face
from rummykit.engine.action_text import piece_parts
from rummykit.session.assist import SeatAssist
from rummykit.session.messages import SessionError
from rummykit.variants.carousel.actions import EDITS, CarouselAction, CVerb, meld_text
from rummykit.variants.carousel.bots import CarouselGreedyBot
from rummykit.variants.carousel.game import CarouselGame, declared_cards
from rummykit.variants.carousel.macros import table_move
from rummykit.variants.carousel.manipulation import meld_problem
from rummykit.variants.carousel.scoring import hand_points
from rummykit.variants.carousel.state import CarouselState

if TYPE_CHECKING:
    from rummykit.solvers.rearrange import DeclaredFace, TableMove, TableSolver


class CarouselAssist(SeatAssist[CarouselGame]):
    """Carousel's seat help: the table solver's hint (:meth:`hint`) and the draft's checks in
    every ``state`` message (:meth:`extras`); no rack."""

    def hint(self, state: Any, seat: int) -> dict[str, Any]:
        """:func:`carousel_hint_answer` for ``seat``."""
        return carousel_hint_answer(self.game, state, seat)

    def extras(
        self,
        state: Any,
        viewer: int | None,
        observation: dict[str, Any],
        legal: list[dict[str, Any]],
        actions: Sequence[Any],
    ) -> dict[str, Any]:
        """``carousel``: :func:`carousel_draft` for ``viewer``."""
        return {"carousel": carousel_draft(self.game, state, viewer)}


def carousel_hint(
    solver: TableSolver,
    table: Sequence[Sequence[DeclaredFace]],
    hand: Sequence[int],
    replace_from_table: bool,
) -> TableMove:
    """The table solver's best new table for ``hand`` on ``table`` (melds of (face, declared)
    cards), within the bots' bound (:func:`~rummykit.variants.carousel.macros.table_move`): the
    table, the cards played, the cards left and their points."""
    return table_move(solver, table, hand, replace_from_table)


def hint_step(game: CarouselGame, state: CarouselState, seat: int, plays: bool) -> str | None:
    """What the hint says to do instead of a new table, as the greedy bot would
    (:class:`~rummykit.variants.carousel.bots.CarouselGreedyBot`): ``"knock"`` when the seat may
    and its hand is surely the lowest, else ``None`` when the solver's table ``plays`` a card and
    the draft may be edited now, else ``"draw"`` (before the turn's first draw too), else
    ``"end"``; ``None`` when none of them is legal."""
    verbs = {action.verb for action in game.legal_actions(state, seat)}
    counts = [len(hand) for hand in state.hands]
    if CVerb.KNOCK in verbs and CarouselGreedyBot.likely_lowest(game.points(state, seat), counts, seat):
        return "knock"
    if plays and verbs & EDITS:
        return None
    return next((verb.value for verb in (CVerb.DRAW, CVerb.END) if verb in verbs), None)


def carousel_hint_answer(game: CarouselGame, state: CarouselState, seat: int) -> dict[str, Any]:
    """Carousel's hint: ``move`` ``"carousel"``; ``step`` (:func:`hint_step`: ``"draw"``,
    ``"knock"`` or ``"end"`` when that is the thing to do now, else null); then, when ``step`` is
    null, the table solver's best new table for the seat's hand (:func:`carousel_hint`): ``table``
    (meld texts) and ``melds`` (the same melds as parts, ``{"pieces", "declared"}``:
    :func:`rummykit.engine.action_text.piece_parts`), ``action`` (the whole table as the ``meld``
    shortcut) and ``draft`` (the same table as the ``draft`` action, which makes it the seat's
    draft to change further, undo or commit), each its text when the seat may play it now, else
    null; with a ``step`` the table is empty and both actions null; ``played`` (cards from the
    hand), ``points_left`` (the hand's points after it). Raises ``no_hint`` when the seat is not
    to move."""
    if game.current_seat(state) != seat:
        raise SessionError("no_hint")
    table = game.table_cards(state)
    hand = game.faces(state.hands[seat])
    move = carousel_hint(game.solver, table, hand, game.rules.joker_replace_from_table)
    step = hint_step(game, state, seat, bool(move.played))
    if step is not None:
        return {
            "move": "carousel",
            "step": step,
            "table": [],
            "melds": [],
            "action": None,
            "draft": None,
            "played": [],
            "points_left": game.points(state, seat),
        }
    new = tuple(declared_cards(m.faces, m.stands_for) for m in move.table)

    def legal(verb: CVerb) -> str | None:
        action = CarouselAction(verb, new)
        return action.text() if game.refusal(state, seat, action) is None else None

    return {
        "move": "carousel",
        "step": None,
        "table": list(map(meld_text, new)),
        "melds": [piece_parts(game.kind, meld) for meld in new],
        "action": legal(CVerb.MELD),
        "draft": legal(CVerb.DRAFT),
        "played": [format_face(game.kind, f) for f in move.played],
        "points_left": move.points_left,
    }


def _refused(game: CarouselGame, state: CarouselState, seat: int, verb: CVerb) -> dict[str, Any] | None:
    error = game.refusal(state, seat, CarouselAction(verb))
    return None if error is None else {"code": error.code, "params": dict(error.params)}


def carousel_draft(game: CarouselGame, state: CarouselState, viewer: int | None) -> dict[str, Any]:
    """Carousel's ``carousel`` entry of a ``state`` message: ``melds``, per meld of the draft
    (public, as ``observation.draft.melds``), ``null`` when it is a valid meld, else why not
    (``{"code", "params"}``, :func:`~rummykit.variants.carousel.manipulation.meld_problem`);
    ``points``: the viewer's hand value (null for a spectator), without the cards the viewer, to
    move, has placed in the draft (they count once it is committed); for the seat to move, ``commit``
    and ``knock``: why each is refused now (the engine's refusal, ``{"code", "params"}``: for a
    draft with an invalid meld, ``carousel.invalid_meld`` naming the first, with the same problem
    as ``melds`` shows), or null when it is legal (or, for ``commit``, when the draft is the table
    as it is)."""
    draft = game.draft(state)
    melds: list[dict[str, Any] | None] = []
    for meld in draft.melds:
        problem = meld_problem(meld)
        melds.append(None if problem is None else {"code": problem[0], "params": problem[1]})
    points = None
    if viewer is not None:
        held = Counter(game.faces(state.hands[viewer]))
        if game.current_seat(state) == viewer:
            held -= Counter(draft.used)
        points = hand_points(list(held.elements()))
    out: dict[str, Any] = {
        "melds": melds,
        "points": points,
        "commit": None,
        "knock": None,
    }
    if viewer is None or game.current_seat(state) != viewer:
        return out
    if game.draft_changed(state):
        out["commit"] = _refused(game, state, viewer, CVerb.COMMIT)
    out["knock"] = _refused(game, state, viewer, CVerb.KNOCK)
    return out
