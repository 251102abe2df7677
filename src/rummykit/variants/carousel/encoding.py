"""Carousel as a learning environment: its observation encoder (rows in ``docs/envs.md``) and its
environment spec (``carousel_v0``; points gained, the match's result paid at its end)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rummykit.core.pieces import JOKER, N_FACES
from rummykit.engine.game import Game
from rummykit.envs.encoder import ROUND_SCALE, Encoder
from rummykit.envs.encoding import Planes
from rummykit.envs.factored import Block, Factoring
from rummykit.envs.specs import EnvSpec
from rummykit.variants.carousel import actions
from rummykit.variants.carousel.macros import candidate_tables

DRAFT_MELDS = 40
"""Carousel's draft meld numbers are 1..40 (one row each)."""


CAROUSEL_PHASES = ("turn", "over")


EDITS_SCALE = 100.0
"""Carousel's draft edit count is written divided by this."""


class CarouselEncoder(Encoder):
    """Carousel: the hand, the table as it is, and the draft (the table being rearranged this
    turn) meld by meld, row ``i`` for draft meld ``i + 1`` as the edit ids number them."""

    hand_size = 25.0

    def _declare(self) -> None:
        n, rows = self.players, self.layout.rows
        rows("hand", 1, "own hand, count of each face")
        rows("table", 1, "the table as it is: the card each card stands for (a joker as its card), counts")
        rows("table_jokers", 1, "the table's jokers, by the card each stands for, counts")
        rows("draft_cards", DRAFT_MELDS, "row i: draft meld i+1, the card each card stands for, counts")
        rows("draft_jokers", DRAFT_MELDS, "row i: draft meld i+1, its jokers by the card each stands for")
        rows("draft_played", 1, "the mover's hand cards placed in the draft, counts")
        rows(
            "scalars",
            1,
            f"hand sizes /25 ({n}), stock size /pieces (1), scores /target ({n}), round /10 "
            f"(1), to move ({n}), phase one-hot {CAROUSEL_PHASES} (2), seats that have melded ({n}), rounds "
            f"won /10 ({n}), draws this turn /3 (1), melded this turn (1), last turns (1), freed jokers "
            f"to place (1), draft changed (1), can undo (1), draft edits /100 (1)",
        )

    def _divisors_after_common(self) -> list[float]:
        n = self.players
        return [1.0] * (len(CAROUSEL_PHASES) + n) + [ROUND_SCALE] * n + [3.0] + [1.0] * 5 + [EDITS_SCALE]

    def _fill(self, view: Mapping[str, Any], viewer: int) -> tuple[list[bytes], list[float]]:
        at = self.layout.index
        planes = Planes(self.layout.height - 1)
        planes.add(at["hand"], view["hand"])
        table_row, jokers_row = at["table"], at["table_jokers"]
        for m in view["table"]:
            planes.add(table_row, m["stands_for"])
            if JOKER in m["faces"]:
                planes.add(
                    jokers_row,
                    [s for f, s in zip(m["faces"], m["stands_for"], strict=True) if f == JOKER],
                )
        draft = view["draft"]
        cards_row, draft_jokers_row = at["draft_cards"], at["draft_jokers"]
        for i, meld in enumerate(draft["melds"]):
            planes.add(cards_row + i, [face if said is None else said for face, said in meld])
            said_faces = [said for _, said in meld if said is not None]
            if said_faces:
                planes.add(draft_jokers_row + i, said_faces)
        planes.add(at["draft_played"], draft["played"])
        rounds_won = view["rounds_won"]
        phase = [0] * len(CAROUSEL_PHASES)
        phase[CAROUSEL_PHASES.index(view["phase"])] = 1
        numbers = [
            *self._view_numbers(view, viewer),
            *phase,
            *self._seat_flags(view["melded"], viewer),
            *rounds_won[viewer:],
            *rounds_won[:viewer],
            view["draws"],
            bool(view["melded_this_turn"]),
            bool(view["last_turns"]),
            draft["floating"],
            bool(draft["changed"]),
            bool(draft["can_undo"]),
            draft["edits"],
        ]
        return planes.rows(), numbers


def _carousel_scale(game: Game[Any, Any]) -> float:
    return float(game.rules.target)


def _factoring() -> Factoring:
    """Type (the twelve verbs with ids, in id order) -> source (draft meld 0..39, or 40 the hand:
    ``split``, ``move``, ``pull``, ``replace``) -> card (token 0..103; a ``replace``'s real card
    0..51) -> target (draft meld 0..39, or 40 a new meld: ``add``, ``move``, ``pull``,
    ``replace``)."""
    source, card, target = (1, actions.TARGETS), (2, actions.TOKENS), (3, actions.TARGETS)
    meld_source, meld_target = (1, actions.MAX_MELDS), (3, actions.MAX_MELDS)
    simple = tuple(Block(i, i) for i in range(len(actions.SIMPLE)))
    kind = len(simple)
    edits = (
        Block(kind, actions.NEW_BASE, (card,)),
        Block(kind + 1, actions.ADD_BASE, (meld_target, card)),
        Block(kind + 2, actions.SPLIT_BASE, (meld_source, card)),
        Block(kind + 3, actions.MOVE_BASE, (meld_source, card, target)),
        Block(kind + 4, actions.REPLACE_BASE, (meld_target, (2, N_FACES), source)),
        Block(kind + 5, actions.PULL_BASE, (meld_source, card, target)),
    )
    steps = (
        ("type", kind + len(edits)),
        ("source", actions.TARGETS),
        ("card", actions.TOKENS),
        ("target", actions.TARGETS),
    )
    return Factoring(steps, simple + edits)


ENV = EnvSpec(
    "carousel_v0",
    "carousel",
    CarouselEncoder,
    _carousel_scale,
    1.0,
    True,
    0.0,
    (-1.0, 1.0),
    5,
    _factoring(),
    candidate_tables,
)
"""Carousel's environment: points gained (a reward of 1 per ``target``), the match's result paid
at its end, up to five players, factored actions, the table solver's candidate tables as macro
actions."""
