"""The greedy 101 Okey bot: every decision from the exact solver, one move deep (``okey-101.md``).

It opens as soon as it can: a hand finish when every tile but one goes down, else the
highest-valued opening once it reaches ``open_min``, else pairs once they reach
``pairs_open_min``; it lays a taken tile first, as the rules ask, and takes back at once melds or
pairs laid this turn (``auto`` at the terminal) that can't reach the opening. Once open it frees okeys, lays
the melds of the arrangement that keeps the fewest points (or, having opened with pairs, its
pairs), lays off what the table takes, and discards. It takes the previous player's discard
whenever the rules let it put that tile on the table (under ``take_discard=free``, when the tile
lowers the hand's points or raises its opening). It never discards an ``işlek`` tile or an okey
unless nothing else is left. The random bot (:class:`rummykit.bots.base.RandomBot`) needs nothing
of the game. Both read only the observation and the legal actions.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rummykit.core.melds import Meld, MeldKind, Wilds
from rummykit.core.pieces import JOKER, N_RANKS, N_SUITS, make_face, rank_of, suit_of
from rummykit.solvers.arrange import Arrangement, HandSolver, Objective, solver_for
from rummykit.variants.okey_101.actions import (
    V_DISCARD,
    V_DRAW,
    V_LAYOFF,
    V_MELD,
    V_PAIR,
    V_RETRACT,
    V_SWAP,
    V_TAKE,
    Okey101Action,
)
from rummykit.variants.okey_101.game import Okey101Game
from rummykit.variants.okey_101.rules import Okey101Rules, TakeDiscard
from rummykit.variants.okey_101.scoring import tile_points
from rummykit.variants.okey_101.solver import Okey101Solver, islek_discards


def meld_action(meld: Meld, okey: int) -> Okey101Action:
    """The action laying ``meld`` from the hand (``meld …`` or ``pair …``) in canonical form: a
    run's okeys declared, a set's naturals by colour then its okeys, a pair's natural first."""
    run = meld.kind is MeldKind.RUN
    tiles = list(zip(meld.faces, meld.stands_for, strict=True))
    if meld.kind is MeldKind.SET:
        tiles.sort(key=lambda t: (t[0] == okey, suit_of(t[1])))
    elif meld.kind is MeldKind.PAIR:
        tiles.sort(key=lambda t: t[0] == okey)
    played = tuple((f, s if run and f == okey else None) for f, s in tiles)
    return Okey101Action(V_PAIR if meld.kind is MeldKind.PAIR else V_MELD, melds=(played,))


def near_counts(hand: Sequence[int], okey: int) -> dict[int, int]:
    """For each face of ``hand``, how many other tiles of it are near it: of its colour within two
    numbers, or of its number in another colour (okeys apart; a false joker as the okey's face)."""
    held = Counter(okey if f == JOKER else f for f in hand if f != okey)
    out = {}
    for face in set(hand) - {okey}:
        natural = okey if face == JOKER else face
        colour, number = suit_of(natural), rank_of(natural)
        near = sum(
            held[make_face(colour, n)]
            for n in range(number - 2, number + 3)
            if 1 <= n <= N_RANKS and n != number
        )
        near += sum(held[make_face(c, number)] for c in range(N_SUITS) if c != colour)
        out[face] = near
    return out


class GreedyBot:
    """Greedy 101 Okey play from the observation and the legal actions only (module docstring).
    ``seed`` is unused: the bot is deterministic."""

    name = "greedy"

    def __init__(self, game: Okey101Game, seed: int = 0) -> None:
        self.game = game
        self.rules: Okey101Rules = game.rules
        self.solver = Okey101Solver(game.rules)
        self.points: HandSolver = solver_for(game.meld_rules, game.rules.values())

    # ------------------------------------------------------------------ choosing
    def choose(self, observation: dict[str, Any], legal: list[Okey101Action]) -> Okey101Action:
        """The greedy choice: one of ``legal``."""
        if len(legal) == 1:
            return legal[0]
        okey = observation["okey"]
        wilds = self.game.book.wilds(okey)
        if observation["phase"] == "draw":
            return self._draw_or_take(observation, legal, wilds)
        hand = list(observation["hand"])
        opened = observation["opened"][observation["seat"]]
        must = observation["must_place"]
        plan = self._plan(observation, hand, opened, must, wilds, okey)
        if plan:
            listed = {a: a for a in legal if a.verb is V_MELD or a.verb is V_PAIR}
            for wanted in plan:
                action = listed.get(wanted)
                if action is not None:
                    return action
        if opened != "none":
            for verb in (V_SWAP, V_LAYOFF):
                found = [a for a in legal if a.verb is verb and (not must or a.tiles[0][0] in must)]
                if found:
                    return min(found, key=lambda a: a.tiles[0][0] == okey)
        if must:
            return next(a for a in legal if a.verb is not V_RETRACT)
        if observation["pending"] and len(hand) > 1:
            return next(a for a in legal if a.verb is V_RETRACT)
        return next(iter(self.discard_order(observation, legal)), legal[0])

    def _draw_or_take(
        self, observation: dict[str, Any], legal: list[Okey101Action], wilds: Wilds
    ) -> Okey101Action:
        take = next((a for a in legal if a.verb is V_TAKE), None)
        draw = next((a for a in legal if a.verb is V_DRAW), None)
        if take is None or draw is None:
            return take or draw or legal[0]
        if self.rules.take_discard is TakeDiscard.USE_NOW:
            return take  # legal only when the tile goes on the table this turn
        hand = list(observation["hand"])
        top = observation["takeable"]
        if observation["opened"][observation["seat"]] == "none":
            now = self.solver.best_opening(hand, wilds).value
            return take if self.solver.best_opening([*hand, top], wilds).value > now else draw
        held = self._left_points(hand, wilds)
        return (
            take
            if self._left_points([*hand, top], wilds) - tile_points(top, min(wilds.faces)) < held
            else draw
        )

    def _left_points(self, hand: Sequence[int], wilds: Wilds) -> int:
        """The points the hand keeps after its best melds (the deadwood search: okeys kept cost
        their fine)."""
        okey = min(wilds.faces)
        total = sum(
            tile_points(f, okey) + (self.rules.okey_in_hand_penalty if f == okey else 0) for f in hand
        )
        return total - self.points.score(hand, wilds, Objective.DEADWOOD)

    def _plan(
        self,
        observation: dict[str, Any],
        hand: list[int],
        opened: str,
        must: list[int],
        wilds: Wilds,
        okey: int,
    ) -> list[Okey101Action]:
        """The table plays wanted next, best first (the first legal one is played)."""
        solver = self.solver
        first = must[0] if must else None
        if opened == "none":
            pending = observation["pending"]
            laid = [m for m in observation["table"] if m["number"] in pending]
            if laid and laid[0]["kind"] == MeldKind.PAIR.value:
                # more pairs only when they reach the opening this turn: else take them back
                pairs = solver.most_pairs(hand, wilds, first)
                if len(laid) + len(pairs) < self.rules.pairs_open_min:
                    return []
                return [meld_action(p, okey) for p in pairs]
            finish = solver.hand_finish(hand, wilds, first, self._finish_floor(laid))
            if finish is not None:
                return [meld_action(m, okey) for m in finish.melds]
            opening = self._opening(hand, wilds, first, sum(int(m["value"]) for m in laid))
            if opening:
                return [meld_action(m, okey) for m in opening]
            if not laid:
                pairs = solver.most_pairs(hand, wilds, first)
                if 0 < self.rules.pairs_open_min <= len(pairs):
                    return [meld_action(p, okey) for p in pairs]
            return []
        if opened == "pairs":
            return [meld_action(p, okey) for p in solver.most_pairs(hand, wilds, first)]
        arranged = self._arranged(hand, wilds)
        melds: Sequence[Meld] = arranged.melds
        if not arranged.ungrouped:
            finish = solver.hand_finish(hand, wilds, first)
            melds = finish.melds if finish is not None else ()
        texts = [meld_action(m, okey) for m in melds if first is None or first in m.faces]
        if "pairs" in observation["opened"] and self.rules.meld_openers_add_pairs:
            left = list(arranged.ungrouped)
            texts += [meld_action(p, okey) for p in solver.most_pairs(left, wilds, first)]
        return texts

    def _opening(self, hand: list[int], wilds: Wilds, must: int | None, laid: int) -> Sequence[Meld]:
        """The melds to open with, laid value ``laid`` pending this turn (none: don't open):
        the highest-valued opening holding ``must``, if it reaches ``open_min``."""
        opening = self.solver.best_opening(hand, wilds, must)
        return opening.melds if opening.melds and opening.value + laid >= self.rules.open_min else ()

    def _arranged(self, hand: list[int], wilds: Wilds) -> Arrangement:
        """The melds an opened player lays: the arrangement keeping the fewest points (an okey
        kept costs its fine)."""
        return self.points.arrange(hand, wilds, Objective.DEADWOOD)

    def _finish_floor(self, laid: list[dict[str, Any]]) -> int:
        """The value a hand finish's melds laid from the hand must reach with ``laid`` pending."""
        return max(0, self.rules.hand_finish_min - sum(int(m["value"]) for m in laid))

    def discard_order(self, observation: dict[str, Any], legal: list[Okey101Action]) -> list[Okey101Action]:
        """The legal discards, the one to throw first: the tiles left out of the best melds (the
        highest opening's before opening, the fewest points' after) that cost no fine, by
        :meth:`_discard_rank`; then the other tiles that cost none; then the fined ones (``işlek``
        tiles, the okey last), the most points first."""
        discards = {a.face: a for a in legal if a.verb is V_DISCARD and a.face is not None}
        hand = list(observation["hand"])
        if len(hand) == 1 or len(discards) <= 1:
            return list(discards.values())
        okey = observation["okey"]
        wilds = self.game.book.wilds(okey)
        opened = observation["opened"][observation["seat"]]
        table = self.game.book.view_melds(observation["table"], okey)
        costly = set(islek_discards(self.game.book, table, hand, okey)) | {okey}
        if opened == "none":
            kept = self.solver.best_opening(hand, wilds).melds
        else:
            kept = self._arranged(hand, wilds).melds
        spare = list(hand)
        for face in (f for m in kept for f in m.faces):
            spare.remove(face)
        near = near_counts(hand, okey)

        def order(face: int) -> tuple[int, tuple[int, int]]:
            if face in costly:
                return (2, (-(face != okey), -tile_points(face, okey)))
            rank = self._discard_rank(face, near, opened, okey)
            return (0 if face in spare else 1, (-rank[0], -rank[1]))

        return [discards[f] for f in sorted(discards, key=order)]

    @staticmethod
    def _discard_rank(face: int, near: Mapping[int, int], opened: str, okey: int) -> tuple[int, int]:
        """How much a tile is worth throwing, the highest first: once open, its points; before,
        fewer tiles near it (``near``: :func:`near_counts`), then fewer points (high tiles build
        the opening)."""
        if opened != "none":
            return (tile_points(face, okey), 0)
        return (-near[face], -tile_points(face, okey))
