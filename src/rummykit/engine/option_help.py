"""The English name and help text of every rules option, registered as message codes so that
clients show and translate them like any other message.

An option ``name`` has the help code ``option_<name>`` (a sentence) and the label code
``rule_<name>`` (a few words); an option with named values (an enum) also has
``option_<name>_<value>`` (a sentence) and ``value_<name>_<value>`` (a few words) for each value.
One code serves every game that has the option. Each game package registers the texts of its own
options (its ``options_help`` module calls :func:`register_options`); the options several games
share (:data:`SHARED_HELP`) are here. Where the shared help of an option speaks of other games, a
game has its own as well, ``<variant>.option_<name>``, which a client that knows the game shows
instead (``GET /variants`` names it). A boolean option's text says what ``true`` does.
"""

from __future__ import annotations

from collections.abc import Mapping

from rummykit.messages import register

PREFIX = "option_"
"""Prefix of every option help code."""
LABEL_PREFIX = "rule_"
"""Prefix of every option label code."""
VALUE_PREFIX = "value_"
"""Prefix of every option value label code."""

SHARED_HELP: dict[str, str] = {
    "direction": "The direction of play and of the deal.",
    "discard_history_top_only": "Only the top tile of each discard pile is visible.",
    "direction_ccw": "Counter-clockwise: the next player is the one on your right, as traditionally played.",
    "discard_history": "How much of the discard piles everyone sees.",
    "on_stock_empty_void": "The round ends with no winner and no change of score.",
    "players": "How many players sit at the table.",
    "direction_cw": "Clockwise: the next player is the one on your left.",
    "discard_history_visible": "Every discarded tile stays visible.",
    "allow_13_1": "A 1 may follow the 13 at the end of a run (12-13-1), but a run never continues past it.",
}
"""English help of the options several games share with one meaning, by option name (an option
whose help differs between games gets each game's own: ``<variant>.option_<name>``)."""

SHARED_LABELS: dict[str, str] = {
    "direction": "Direction of play",
    "players": "Players",
    "stack_multipliers": "Multipliers stack",
    "on_stock_empty": "When the stock runs out",
    "rounds": "Rounds",
    "okey_finish_multiplier": "Okey finish multiplier",
    "allow_13_1": "1 after 13 in a run",
    "discard_history": "Discards shown",
    "hunt_penalty": "Hunt penalty",
    "open_min": "Opening minimum",
}
"""Labels of the options several games share."""

SHARED_VALUES: dict[str, str] = {
    "on_stock_empty_void": "the round is void",
    "direction_cw": "clockwise",
    "discard_history_visible": "every tile",
    "discard_history_top_only": "top tile only",
    "direction_ccw": "counter-clockwise",
}
"""Labels of the values of the choices several games share."""

OPTION_HELP: dict[str, str] = dict(SHARED_HELP)
"""English help by option name (``players``) and by option and value (``direction_ccw``): the
shared options' and every registered game's."""

OPTION_HELP_BY_VARIANT: dict[str, dict[str, str]] = {}
"""A game's own help of an option whose shared help (:data:`OPTION_HELP`) speaks of other games:
by variant, then option name."""

OPTION_LABELS: dict[str, str] = dict(SHARED_LABELS)
"""A few words naming each option (a form's label), by option name."""

VALUE_LABELS: dict[str, str] = dict(SHARED_VALUES)
"""A few words naming each value of a choice, by option and value (``direction_ccw``)."""


def help_code(option: str, value: str | None = None) -> str:
    """The message code of ``option``'s help (``option_direction``), or of one of its values
    (``help_code("direction", "ccw")`` is ``option_direction_ccw``)."""
    return PREFIX + option + ("" if value is None else "_" + value)


def variant_help_code(variant: str, option: str) -> str:
    """The message code of ``option``'s help for ``variant`` (``<variant>.option_rounds``) when the
    game has its own (:data:`OPTION_HELP_BY_VARIANT`), else the shared one (``option_rounds``)."""
    own = option in OPTION_HELP_BY_VARIANT.get(variant, {})
    return (variant + "." if own else "") + help_code(option)


def label_code(option: str, value: str | None = None) -> str:
    """The message code of ``option``'s label (``rule_direction``), or of one of its values
    (``label_code("direction", "ccw")`` is ``value_direction_ccw``)."""
    return LABEL_PREFIX + option if value is None else VALUE_PREFIX + option + "_" + value


def register_options(
    variant: str,
    help_texts: Mapping[str, str],
    labels: Mapping[str, str],
    values: Mapping[str, str],
    own_help: Mapping[str, str],
) -> None:
    """Register a game's option texts as message codes: ``help_texts`` by option and by option and
    value (``option_…``), ``labels`` (``rule_…``), ``values`` (``value_…``) and ``own_help``, the
    game's own help of shared options (``<variant>.option_…``). Raises ``ValueError`` when a code
    is already registered with another text (:func:`rummykit.messages.register`: two games giving
    one option two meanings, where one of them must give its own help instead)."""
    register({PREFIX + name: text for name, text in help_texts.items()})
    register({f"{variant}.{PREFIX}{name}": text for name, text in own_help.items()})
    register({LABEL_PREFIX + name: text for name, text in labels.items()})
    register({VALUE_PREFIX + name: text for name, text in values.items()})
    OPTION_HELP.update(help_texts)
    OPTION_LABELS.update(labels)
    VALUE_LABELS.update(values)
    OPTION_HELP_BY_VARIANT.setdefault(variant, {}).update(own_help)


register({PREFIX + name: text for name, text in SHARED_HELP.items()})
register({LABEL_PREFIX + name: text for name, text in SHARED_LABELS.items()})
register({VALUE_PREFIX + name: text for name, text in SHARED_VALUES.items()})
