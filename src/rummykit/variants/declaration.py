"""What a game package declares about itself: one :class:`GamePackage` value, ``GAME``, in the
package's ``__init__.py``, which the registry (:mod:`rummykit.variants.registry`) finds and reads.

Everything about a game lives in its package (``variants/<game>/``, ``docs/adding-a-game.md``); the
rest of rummykit knows a game only through this declaration and the :class:`~rummykit.engine.game.Game`
interface. The declaration names the package's parts as ``"module:attribute"`` paths, imported on
first use, so that listing the games, or reading one's rules, never loads another game's solvers,
bots or screens.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rummykit.core.pieces import OKEY_TILES, Kind, PieceSet, card_set
from rummykit.engine.options import parse_overrides, read_preset, rules_from_mapping
from rummykit.errors import RulesError, RummykitError

if TYPE_CHECKING:
    from rummykit.engine.game import Game


def load(path: str) -> Any:
    """The object at ``"package.module:name"`` (the module imported first if it isn't yet)."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


@dataclass(frozen=True)
class GamePackage:
    """A game package's declaration.

    ``name``: the game's id as its rules spec gives it (``okey``); ``title``: its name for people;
    ``kind``: tiles or cards (the piece style clients draw); ``order``: where it comes in lists of
    games (lowest first). The package's parts, each ``"module:attribute"``:

    - ``rules_class``: the frozen dataclass of its options (fields named as the spec's options);
    - ``game_class``: its :class:`~rummykit.engine.game.Game` subclass, built ``game(rules, **settings)``;
    - ``options_help``: the module that registers the English help of its options
      (:mod:`rummykit.engine.option_help`), imported by :meth:`register_option_help`;
    - ``bots``: its own bots by name (``greedy``, ``search``, and ``expert`` where it has one: the
      ``expert`` level, else ``hard``), each a factory ``(game, seed)``;
    - ``assist``: what a seat's session shows beyond the observation (a
      :class:`rummykit.session.assist.SeatAssist` subclass, built ``assist(game)``), or ``None``;
    - ``terminal``: its terminal client, built as
      :class:`rummykit.cli.terminal.TerminalClient` is, or ``None`` (not playable there);
    - ``env``: its learning environment's :class:`rummykit.envs.specs.EnvSpec`, or ``None``;
    - ``table_solve``: the command that solves a shared table and a hand (``rummykit solve GAME
      --table … --hand …``), or ``None``;
    - ``hand_solve`` and ``position_solve``: the game's own answers to ``rummykit solve GAME
      PIECES`` and ``rummykit solve GAME --position TEXT`` (``solve_hand(rules, tokens,
      indicator, as_json) -> str``, ``solve_position(rules, text, seat, as_json) -> str``), where
      its questions are not the hand solver's report; ``None``: the report.

    And facts the tools read: ``fixed_rounds``, the options that make a match of exactly ``n``
    rounds (empty: matches are played to a target score); ``finish_kinds``, the round-end kinds a
    simulation's summary lists even when none happened; ``blunder_moves``, the action texts an
    ``easy`` bot's random moves are drawn among when one is legal (empty: any legal action);
    ``steady_verbs``, the verbs an ``easy`` bot's random move never plays when another action is
    legal (a meld short of the opening, which it would have to take back, or the retract of its
    own melds: laying and retracting in turn);
    ``wild_marker``, the piece set aside that makes wilds and the option that names it to the
    solver (``indicator`` or ``up_card``; ``None``: the wilds are printed jokers or none);
    ``client``, the browser's controller module under ``web/js/``; ``seen_count``, whether its
    tables may show everyone how many copies of each face lie in the open
    (:meth:`~rummykit.engine.game.Game.seen_counts`, a table option: it changes no rule).
    """

    name: str
    title: str
    kind: Kind
    order: int
    rules_class: str
    game_class: str
    options_help: str
    bots: Mapping[str, str] = field(default_factory=dict)
    assist: str | None = None
    terminal: str | None = None
    env: str | None = None
    table_solve: str | None = None
    hand_solve: str | None = None
    position_solve: str | None = None
    fixed_rounds: tuple[str, ...] = ("rounds={n}",)
    finish_kinds: tuple[str, ...] = ()
    blunder_moves: frozenset[str] = frozenset()
    steady_verbs: frozenset[str] = frozenset()
    wild_marker: str | None = None
    client: str = ""
    seen_count: bool = False

    def __post_init__(self) -> None:
        if not self.client:
            object.__setattr__(self, "client", f"games/{self.name}.js")

    # ------------------------------------------------------------------ rules and games
    @property
    def rules_type(self) -> type[Any]:
        """The frozen dataclass of the game's options."""
        rules_type: type[Any] = load(self.rules_class)
        return rules_type

    @property
    def game_type(self) -> Callable[..., Game[Any, Any]]:
        """The game's :class:`Game` subclass: ``game_type(rules, **settings)``."""
        game_type: Callable[..., Game[Any, Any]] = load(self.game_class)
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
        """The game's rules from its preset (or the TOML file ``preset``) with ``options``
        applied: a mapping of option name to value (typed, or as text such as ``"5"``) or a
        sequence of ``name=value`` texts. Raises :class:`RulesError` naming a bad option."""
        if isinstance(options, str):
            raise RulesError("rules.options_list", options=repr(options)[:40])
        changes = options if isinstance(options, Mapping) else parse_overrides(options)
        base = rules_from_mapping(self.rules_type, read_preset(preset, self.name, self.preset))
        return rules_from_mapping(self.rules_type, changes, base)

    def game(self, rules: Any, **settings: Any) -> Game[Any, Any]:
        """The game under ``rules`` (from :meth:`load_rules`); ``settings`` are the game class's
        own keywords (such as ``reveal_hands=True``, where the class takes it)."""
        return self.game_type(rules, **settings)

    def pieces(self, rules: Any, decks: int | None = None) -> PieceSet:
        """The pieces of a game under ``rules``, or, for a card game, ``decks`` decks with as many
        jokers (tiles: always the one set of 106)."""
        if decks is None:
            return self.game(rules).pieces
        if self.kind is Kind.TILES:
            return OKEY_TILES
        return card_set(decks, decks)

    @property
    def preset(self) -> Traversable:
        """The game's shipped preset, ``preset.toml`` in its package: its rules' defaults, as its
        spec's options summary gives them."""
        return resources.files(self._package).joinpath("preset.toml")

    @property
    def _package(self) -> str:
        """The game package's module name (``rummykit.variants.okey``)."""
        return self.rules_class.partition(":")[0].rpartition(".")[0]

    @property
    def help(self) -> Traversable:
        """The folder of the game's rules and help page, ``help/`` in its package: one file per
        language, ``<lang>.md`` (:mod:`rummykit.server.rules_help`)."""
        return resources.files(self._package).joinpath("help")

    def option_names(self) -> tuple[str, ...]:
        """The names of the game's rules options, in the spec's order."""
        return tuple(f.name for f in dataclasses.fields(self.rules_type))

    def register_option_help(self) -> None:
        """Register the English help and labels of the game's options as message codes (importing
        its ``options_help`` module; :mod:`rummykit.engine.option_help`)."""
        importlib.import_module(self.options_help)

    def register_messages(self) -> None:
        """Register the English templates of the game's message codes (its errors and events, and
        its family's), which importing its game class does."""
        importlib.import_module(self.game_class.partition(":")[0])

    # ------------------------------------------------------------------ the package's parts
    def bot(self, name: str) -> Callable[[Game[Any, Any], int], Any] | None:
        """The factory of the game's own bot ``name`` (``greedy``, ``search``, ``expert``), ``None`` when the
        game has none of that name."""
        path = self.bots.get(name)
        return None if path is None else load(path)

    def part(self, which: str) -> Any:
        """The object the declaration names for ``which`` (``assist``, ``terminal``, ``env``,
        ``table_solve``, ``hand_solve``, ``position_solve``), ``None`` when the game has none."""
        path: str | None = getattr(self, which)
        return None if path is None else load(path)
