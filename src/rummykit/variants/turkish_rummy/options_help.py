"""The English help and labels of Turkish Rummy's rules options, registered as message codes
(:mod:`rummykit.engine.option_help`: ``option_<name>``, ``rule_<name>``, ``value_<name>_<value>``,
and the game's own help of a shared option, ``turkish_rummy.option_<name>``); the options several games
share are described there."""

from __future__ import annotations

from rummykit.engine.option_help import register_options

HELP: dict[str, str] = {
    "joker_discard_penalty": (
        "Points every opponent gets when a player lays down with a joker as the final discard (a negative"
        " number, a penalty)."
    ),
    "stalemate_penalty": (
        "Points every player gets when the stock runs out and nobody lays down (a negative number, a "
        "penalty)."
    ),
    "up_card_penalty": (
        "Points every opponent of the player holding the up card's twin gets at the end of a round (a "
        "negative number, a penalty)."
    ),
    "up_card_sets_wild": (
        "The card one rank above the up card, in its suit, is wild too, like the okey in Okey."
    ),
    "set_distinct_suits": "The cards of a set must all be of different suits.",
    "penalty_limit": (
        "The match ends when a player's total reaches this or lower; none: only the rounds end it."
    ),
    "stack_bonuses": (
        "Seven pairs with a joker as the final discard adds both penalties; off: only the larger applies."
    ),
    "pairs_penalty": (
        "Points every opponent gets when a player lays down seven pairs (a negative number, a penalty)."
    ),
}
"""Help by option and by option and value (``<option>_<value>``)."""

LABELS: dict[str, str] = {
    "joker_discard_penalty": "Joker discard penalty",
    "stalemate_penalty": "Stalemate penalty",
    "up_card_penalty": "Up card penalty",
    "up_card_sets_wild": "Card above the up card is wild",
    "set_distinct_suits": "Sets of different suits",
    "penalty_limit": "Penalty limit",
    "stack_bonuses": "Penalties stack",
    "pairs_penalty": "Seven pairs penalty",
}
"""A few words naming each option."""

VALUES: dict[str, str] = {}
"""A few words naming each value of a choice, by option and value."""

OWN_HELP: dict[str, str] = {
    "rounds": "A match of exactly this many rounds, unless the penalty limit ends it sooner.",
    "hunt_penalty": "Points every opponent gets when a player lays down (a negative number, a penalty).",
}
"""This game's own help of options other games share (shown instead of the shared help)."""

register_options("turkish_rummy", HELP, LABELS, VALUES, OWN_HELP)
