"""The variants rummykit knows, by id, with their rules types and pieces."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rummykit.core.pieces import OKEY_TILES, Kind, PieceSet, card_set
from rummykit.engine.options import load_rules
from rummykit.errors import RummykitError
from rummykit.variants.carousel.rules import CarouselRules
from rummykit.variants.kalooki.rules import KalookiRules
from rummykit.variants.okey.rules import OkeyRules
from rummykit.variants.turkish_rummy.rules import TurkishRummyRules


@dataclass(frozen=True)
class VariantInfo:
    """A variant's id (as in its rules spec), display title, rules type and equipment."""

    name: str
    title: str
    rules_type: type[Any]
    kind: Kind

    def load_rules(self, preset: Path | None = None, overrides: Sequence[str] = ()) -> Any:
        """The variant's rules from its preset (or ``preset``) with ``name=value`` ``overrides``."""
        return load_rules(self.rules_type, self.name, preset, overrides)

    def pieces(self, decks: int | None = None) -> PieceSet:
        """The piece set: Okey's 106 tiles, or ``decks`` decks (default two) with as many jokers."""
        if self.kind is Kind.TILES:
            return OKEY_TILES
        count = 2 if decks is None else decks
        return card_set(count, count)


VARIANTS: dict[str, VariantInfo] = {
    info.name: info
    for info in (
        VariantInfo("okey", "Okey", OkeyRules, Kind.TILES),
        VariantInfo("turkish_rummy", "Turkish Rummy", TurkishRummyRules, Kind.CARDS),
        VariantInfo("kalooki", "Kalooki", KalookiRules, Kind.CARDS),
        VariantInfo("carousel", "Carousel", CarouselRules, Kind.CARDS),
    )
}


def variant(name: str) -> VariantInfo:
    """The variant with id ``name``; raises :class:`RummykitError` listing the known ids."""
    key = name.strip().lower().replace("-", "_")
    if key not in VARIANTS:
        raise RummykitError(f"unknown game {name!r}; the games are: {', '.join(VARIANTS)}")
    return VARIANTS[key]
