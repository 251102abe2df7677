"""The English help and labels of Okey's rules options, registered as message codes
(:mod:`rummykit.engine.option_help`: ``option_<name>``, ``rule_<name>``, ``value_<name>_<value>``,
and the game's own help of a shared option, ``okey.option_<name>``)."""

from __future__ import annotations

from rummykit.engine.option_help import register_options

HELP: dict[str, str] = {
    "direction": "The direction of play and of the deal.",
    "direction_ccw": "Counter-clockwise: the next player is the one on your right, as traditionally played.",
    "direction_cw": "Clockwise: the next player is the one on your left.",
    "false_joker": "What the two false jokers are.",
    "false_joker_okey_identity": (
        "Each false joker stands for the okey's own colour and number and is not wild."
    ),
    "false_joker_wild": "The false jokers are wild, like the okeys.",
    "allow_13_1": "A 1 may follow the 13 at the end of a run (12-13-1), but a run never continues past it.",
    "pair_rule": "Which two tiles make a pair in a seven-pairs finish.",
    "pair_rule_identical": "Two identical tiles: the same colour and the same number.",
    "pair_rule_same_number": "Two tiles of the same number, whatever their colours.",
    "okey_in_pairs": "An okey may complete a pair, and two okeys make a pair.",
    "discard_history": "How much of the discard piles everyone sees.",
    "discard_history_visible": "Every discarded tile stays visible.",
    "discard_history_top_only": "Only the top tile of each discard pile is visible.",
    "forbid_rediscard_taken": (
        "A player may not discard the tile they just took from the previous player's discards."
    ),
    "indicator_bonus": "Whether showing the indicator's twin scores.",
    "indicator_bonus_first_turn": (
        "A player holding the indicator's twin may show it on their first turn, before discarding: "
        "every other player loses points."
    ),
    "indicator_bonus_off": "Showing the indicator's twin scores nothing.",
    "indicator_bonus_points": "Points every other player loses when a player shows the indicator's twin.",
    "on_stock_empty": (
        "What happens when the stock is empty and the player does not finish with the last discard."
    ),
    "on_stock_empty_void": "The round ends with no winner and no change of score.",
    "start_points": "Points every player starts the match with.",
    "points_normal": "Points every other player loses when a player finishes.",
    "okey_finish_multiplier": "The loss is multiplied by this when the finishing discard is an okey.",
    "pairs_multiplier": "The loss is multiplied by this for a seven-pairs finish.",
    "stack_multipliers": (
        "An okey finish with seven pairs multiplies the loss by both multipliers; off: only the "
        "larger applies."
    ),
    "colour_double": "Every loss is doubled when the indicator is red or black.",
}
"""Help by option (``direction``) and by option and value (``direction_ccw``)."""

LABELS: dict[str, str] = {
    "direction": "Direction of play",
    "false_joker": "False jokers",
    "allow_13_1": "1 after 13 in a run",
    "pair_rule": "Pairs",
    "okey_in_pairs": "Okey in pairs",
    "discard_history": "Discards shown",
    "forbid_rediscard_taken": "No discarding the tile just taken",
    "indicator_bonus": "Indicator bonus",
    "indicator_bonus_points": "Indicator bonus points",
    "on_stock_empty": "When the stock runs out",
    "start_points": "Starting points",
    "points_normal": "Points for a finish",
    "okey_finish_multiplier": "Okey finish multiplier",
    "pairs_multiplier": "Seven pairs multiplier",
    "stack_multipliers": "Multipliers stack",
    "colour_double": "Double for a red or black indicator",
}
"""A few words naming each option."""

VALUES: dict[str, str] = {
    "direction_ccw": "counter-clockwise",
    "direction_cw": "clockwise",
    "false_joker_okey_identity": "the okey's own face",
    "false_joker_wild": "wild",
    "pair_rule_identical": "identical tiles",
    "pair_rule_same_number": "same number",
    "discard_history_visible": "every tile",
    "discard_history_top_only": "top tile only",
    "indicator_bonus_first_turn": "on the first turn",
    "indicator_bonus_off": "off",
    "on_stock_empty_void": "the round is void",
}
"""A few words naming each value of a choice, by option and value."""

OWN_HELP: dict[str, str] = {
    "rounds": (
        "A match of exactly this many rounds; none: the match ends by the scores instead, when a "
        "player's total reaches 0."
    ),
}
"""This game's own help of options other games share (shown instead of the shared help)."""

register_options("okey", HELP, LABELS, VALUES, OWN_HELP)
