"""The English help and labels of Okey's rules options, registered as message codes
(:mod:`rummykit.engine.option_help`: ``option_<name>``, ``rule_<name>``, ``value_<name>_<value>``,
and the game's own help of a shared option, ``okey.option_<name>``); the options several games
share are described there."""

from __future__ import annotations

from rummykit.engine.option_help import register_options

HELP: dict[str, str] = {
    "false_joker_wild": "The false jokers are wild, like the okeys.",
    "false_joker_okey_identity": (
        "Each false joker stands for the okey's own colour and number and is not wild."
    ),
    "colour_double": "Every loss is doubled when the indicator is red or black.",
    "indicator_bonus": "Whether showing the indicator's twin scores.",
    "pair_rule": "Which two tiles make a pair in a seven-pairs finish.",
    "okey_finish_multiplier": "The loss is multiplied by this when the finishing discard is an okey.",
    "indicator_bonus_first_turn": (
        "A player holding the indicator's twin may show it on their first turn, before discarding: every "
        "other player loses points."
    ),
    "pair_rule_identical": "Two identical tiles: the same colour and the same number.",
    "indicator_bonus_points": "Points every other player loses when a player shows the indicator's twin.",
    "forbid_rediscard_taken": (
        "A player may not discard the tile they just took from the previous player's discards."
    ),
    "points_normal": "Points every other player loses when a player finishes.",
    "stack_multipliers": (
        "An okey finish with seven pairs multiplies the loss by both multipliers; off: only the larger "
        "applies."
    ),
    "pair_rule_same_number": "Two tiles of the same number, whatever their colours.",
    "on_stock_empty": (
        "What happens when the stock is empty and the player does not finish with the last discard."
    ),
    "okey_in_pairs": "An okey may complete a pair, and two okeys make a pair.",
    "start_points": "Points every player starts the match with.",
    "pairs_multiplier": "The loss is multiplied by this for a seven-pairs finish.",
    "false_joker": "What the two false jokers are.",
    "indicator_bonus_off": "Showing the indicator's twin scores nothing.",
}
"""Help by option and by option and value (``<option>_<value>``)."""

LABELS: dict[str, str] = {
    "pairs_multiplier": "Seven pairs multiplier",
    "indicator_bonus_points": "Indicator bonus points",
    "indicator_bonus": "Indicator bonus",
    "forbid_rediscard_taken": "No discarding the tile just taken",
    "pair_rule": "Pairs",
    "points_normal": "Points for a finish",
    "colour_double": "Double for a red or black indicator",
    "false_joker": "False jokers",
    "okey_in_pairs": "Okey in pairs",
    "start_points": "Starting points",
}
"""A few words naming each option."""

VALUES: dict[str, str] = {
    "indicator_bonus_first_turn": "on the first turn",
    "pair_rule_identical": "identical tiles",
    "false_joker_wild": "wild",
    "false_joker_okey_identity": "the okey's own face",
    "pair_rule_same_number": "same number",
    "indicator_bonus_off": "off",
}
"""A few words naming each value of a choice, by option and value."""

OWN_HELP: dict[str, str] = {
    "rounds": (
        "A match of exactly this many rounds; none: the match ends by the scores instead, when a player's"
        " total reaches 0."
    ),
}
"""This game's own help of options other games share (shown instead of the shared help)."""

register_options("okey", HELP, LABELS, VALUES, OWN_HELP)
