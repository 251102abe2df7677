"""The variants rummykit knows, by id: their rules types, their games and their pieces.

A variant's modules are imported when first needed (``variant("okey").game(rules)``), so listing
the variants or reading one's rules never loads another's solvers.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rummykit.core.pieces import OKEY_TILES, Kind, PieceSet, card_set
from rummykit.engine.game import Game
from rummykit.engine.options import parse_overrides, read_preset, rules_from_mapping
from rummykit.errors import RulesError, RummykitError


def _import(path: str) -> Any:
    """The object at ``"package.module:Name"``."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


@dataclass(frozen=True)
class VariantInfo:
    """A variant's id (as in its rules spec), display title, equipment, and where its rules type
    and game class live (``"module:Class"``, imported on first use)."""

    name: str
    title: str
    kind: Kind
    rules_path: str
    game_path: str
    fixed_rounds: tuple[str, ...] = ("rounds={n}",)
    """The rules options that make a match of exactly ``n`` rounds (empty: the game has none)."""

    @property
    def rules_type(self) -> type[Any]:
        """The frozen dataclass of the variant's options."""
        rules_type: type[Any] = _import(self.rules_path)
        return rules_type

    @property
    def game_type(self) -> Callable[..., Game[Any, Any]]:
        """The variant's :class:`Game` subclass: ``game_type(rules, **settings)``."""
        game_type: Callable[..., Game[Any, Any]] = _import(self.game_path)
        return game_type

    def rounds_overrides(self, rounds: int) -> list[str]:
        """``name=value`` options for a match of exactly ``rounds`` rounds; raises
        :class:`RummykitError` for a game whose matches are played to a target score."""
        if not self.fixed_rounds:
            raise RummykitError(
                f"{self.title} matches are played to a target score; set it with --rule target=N"
            )
        return [template.format(n=rounds) for template in self.fixed_rounds]

    def load_rules(
        self, preset: Path | None = None, options: Mapping[str, object] | Sequence[str] = ()
    ) -> Any:
        """The variant's rules from its preset (or the TOML file ``preset``) with ``options``
        applied: a mapping of option name to value (typed, or as text such as ``"5"``) or a
        sequence of ``name=value`` texts. Raises :class:`RulesError` naming a bad option."""
        if isinstance(options, str):
            raise RulesError(f"{options!r}: give the options as a list of name=value texts")
        changes = options if isinstance(options, Mapping) else parse_overrides(options)
        base = rules_from_mapping(self.rules_type, read_preset(preset, self.name))
        return rules_from_mapping(self.rules_type, changes, base)

    def game(self, rules: Any, **settings: Any) -> Game[Any, Any]:
        """The variant's game under ``rules`` (from :meth:`load_rules`); ``settings`` are the game
        class's own keywords (such as ``reveal_hands=True``)."""
        return self.game_type(rules, **settings)

    def pieces(self, rules: Any, decks: int | None = None) -> PieceSet:
        """The pieces of a game under ``rules`` (Carousel: one deck for two players, else two), or,
        for a card game, ``decks`` decks with as many jokers."""
        if decks is None:
            return self.game(rules).pieces
        if self.kind is Kind.TILES:
            return OKEY_TILES
        return card_set(decks, decks)

    def option_names(self) -> tuple[str, ...]:
        """The names of the variant's rules options, in the spec's order."""
        return tuple(f.name for f in dataclasses.fields(self.rules_type))


VARIANTS: dict[str, VariantInfo] = {
    info.name: info
    for info in (
        VariantInfo(
            "okey",
            "Okey",
            Kind.TILES,
            "rummykit.variants.okey.rules:OkeyRules",
            "rummykit.variants.okey.state:OkeyGame",
        ),
        VariantInfo(
            "turkish_rummy",
            "Turkish Rummy",
            Kind.CARDS,
            "rummykit.variants.turkish_rummy.rules:TurkishRummyRules",
            "rummykit.variants.turkish_rummy.state:TurkishRummyGame",
        ),
        VariantInfo(
            "kalooki",
            "Kalooki",
            Kind.CARDS,
            "rummykit.variants.kalooki.rules:KalookiRules",
            "rummykit.variants.kalooki.state:KalookiGame",
            ("match=rounds", "rounds={n}"),
        ),
        VariantInfo(
            "okey_101",
            "101 Okey",
            Kind.TILES,
            "rummykit.variants.okey_101.rules:Okey101Rules",
            "rummykit.variants.okey_101.game:Okey101Game",
        ),
        VariantInfo(
            "carousel",
            "Carousel",
            Kind.CARDS,
            "rummykit.variants.carousel.rules:CarouselRules",
            "rummykit.variants.carousel.state:CarouselGame",
            (),
        ),
    )
}


def variant(name: str) -> VariantInfo:
    """The variant with id ``name``; raises :class:`RummykitError` listing the known ids."""
    key = name.strip().lower().replace("-", "_")
    if key not in VARIANTS:
        raise RummykitError(f"unknown game {name[:40]!r}; the games are: {', '.join(VARIANTS)}")
    return VARIANTS[key]


def _owner_check(info: VariantInfo, names: Sequence[str]) -> None:
    """Raise :class:`RulesError` naming the mismatch when ``names`` are not all ``info``'s options:
    the variant they belong to, if they are another's."""
    foreign = sorted(set(names) - set(info.option_names()))
    if not foreign:
        return
    owners = [o.name for o in VARIANTS.values() if o is not info and set(names) <= set(o.option_names())]
    listed = ", ".join(repr(n[:40]) for n in foreign[:3]) + (", ..." if len(foreign) > 3 else "")
    if owners:
        raise RulesError(
            f"these are the rules of {' or '.join(owners)}, not of {info.name} "
            f"({info.name} has no option {listed})"
        )
    raise RulesError(f"{info.name} has no option {listed}; its options are: {', '.join(info.option_names())}")


def game_from_record(name: str, rules: Mapping[str, Any]) -> tuple[Game[Any, Any], object]:
    """The game of a record header: (game, rules object) for variant ``name`` under exactly the
    options ``rules`` (typed values). Raises :class:`RummykitError` for an unknown variant, rules
    of another variant, or a bad option."""
    info = variant(name)
    _owner_check(info, list(rules))
    rules_obj = rules_from_mapping(info.rules_type, rules)
    return info.game(rules_obj), rules_obj
