"""The variants rummykit knows, by id, with their rules types and pieces."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rummykit.core.pieces import OKEY_TILES, Kind, PieceSet, card_set
from rummykit.engine.game import Game
from rummykit.engine.options import load_rules, rules_from_mapping
from rummykit.errors import RummykitError
from rummykit.variants.carousel.rules import CarouselRules
from rummykit.variants.carousel.state import CarouselGame
from rummykit.variants.kalooki.rules import KalookiRules
from rummykit.variants.kalooki.state import KalookiGame
from rummykit.variants.okey.rules import OkeyRules
from rummykit.variants.okey.state import OkeyGame
from rummykit.variants.turkish_rummy.rules import TurkishRummyRules
from rummykit.variants.turkish_rummy.state import TurkishRummyGame


@dataclass(frozen=True)
class VariantInfo:
    """A variant's id (as in its rules spec), display title, rules type and equipment."""

    name: str
    title: str
    rules_type: type[Any]
    kind: Kind
    game_type: Callable[[Any, int], Game[Any, Any]]
    """The match state machine: ``game_type(rules, seed)``."""
    fixed_rounds: tuple[str, ...] = ("rounds={n}",)
    """The rules options that make a match of exactly ``n`` rounds (empty: the game has none)."""

    def rounds_overrides(self, rounds: int) -> list[str]:
        """``name=value`` options for a match of exactly ``rounds`` rounds; raises
        :class:`RummykitError` for a game whose matches are played to a target score."""
        if not self.fixed_rounds:
            raise RummykitError(
                f"{self.title} matches are played to a target score; set it with --rule target=N"
            )
        return [template.format(n=rounds) for template in self.fixed_rounds]

    def load_rules(self, preset: Path | None = None, overrides: Sequence[str] = ()) -> Any:
        """The variant's rules from its preset (or ``preset``) with ``name=value`` ``overrides``."""
        return load_rules(self.rules_type, self.name, preset, overrides)

    def new_game(self, rules: Any, seed: int) -> Game[Any, Any]:
        """A new match under ``rules`` dealt from ``seed``."""
        return self.game_type(rules, seed)

    def pieces(self, decks: int | None = None) -> PieceSet:
        """The piece set: Okey's 106 tiles, or ``decks`` decks (default two) with as many jokers."""
        if self.kind is Kind.TILES:
            return OKEY_TILES
        count = 2 if decks is None else decks
        return card_set(count, count)


VARIANTS: dict[str, VariantInfo] = {
    info.name: info
    for info in (
        VariantInfo("okey", "Okey", OkeyRules, Kind.TILES, OkeyGame),
        VariantInfo("turkish_rummy", "Turkish Rummy", TurkishRummyRules, Kind.CARDS, TurkishRummyGame),
        VariantInfo(
            "kalooki", "Kalooki", KalookiRules, Kind.CARDS, KalookiGame, ("match=rounds", "rounds={n}")
        ),
        VariantInfo("carousel", "Carousel", CarouselRules, Kind.CARDS, CarouselGame, ()),
    )
}


def variant(name: str) -> VariantInfo:
    """The variant with id ``name``; raises :class:`RummykitError` listing the known ids."""
    key = name.strip().lower().replace("-", "_")
    if key not in VARIANTS:
        raise RummykitError(f"unknown game {name!r}; the games are: {', '.join(VARIANTS)}")
    return VARIANTS[key]


def game_from_record(name: str, rules: dict[str, Any], seed: int) -> tuple[Game[Any, Any], object]:
    """A new game for a record header: (game, rules object); raises :class:`RummykitError`."""
    info = variant(name)
    rules_obj = rules_from_mapping(info.rules_type, rules)
    return info.new_game(rules_obj, seed), rules_obj
