"""rummykit: an engine for the rummy family (Okey, Turkish Rummy, Kalooki, Carousel).

``rummykit.load(variant, **options)`` gives the immutable :class:`rummykit.engine.game.Game` of a
variant under its rules (the preset's defaults, or a ``preset`` TOML file, changed by ``options``);
see ``docs/engine.md``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rummykit.engine.game import Game


def load(variant: str, preset: str | Path | None = None, **options: object) -> Game[Any, Any]:
    """The game ``variant`` (``okey``, ``turkish_rummy``, ``kalooki``, ``carousel``) under its
    default rules, or those of the TOML ``preset`` file, with ``options`` (rule name -> value, typed
    or as text) applied. Raises :class:`rummykit.errors.RummykitError` for an unknown game, option
    or value."""
    from rummykit.variants.registry import variant as lookup

    info = lookup(variant)
    rules = info.load_rules(Path(preset) if preset is not None else None, options)
    return info.game(rules)
