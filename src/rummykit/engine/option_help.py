"""The English name and help text of every rules option, registered as message codes so that
clients show and translate them like any other message.

An option ``name`` has the help code ``option_<name>`` (a sentence) and the label code
``rule_<name>`` (a few words); an option with named values (an enum) also has
``option_<name>_<value>`` (a sentence) and ``value_<name>_<value>`` (a few words) for each value.
One code serves every game that has the option, so a text that differs between games names the
game. Where that text would speak of other games, a game has its own help as well,
``<variant>.option_<name>`` (``okey.option_rounds``), which a client that knows the game shows
instead (``GET /variants`` names it). A boolean option's text says what ``true`` does.
"""

from __future__ import annotations

from rummykit.messages import register

PREFIX = "option_"
"""Prefix of every option help code."""
LABEL_PREFIX = "rule_"
"""Prefix of every option label code."""
VALUE_PREFIX = "value_"
"""Prefix of every option value label code."""

OPTION_HELP: dict[str, str] = {
    # every game
    "players": "How many players sit at the table.",
    "rounds": (
        "A match of exactly this many rounds (in Kalooki when the match mode is rounds); "
        "none: the match ends by the scores instead (in Okey when a player reaches 0)."
    ),
    "hunt_penalty": (
        "Points every opponent gets when a player finishes with a hunt: in Turkish Rummy any lay down "
        "(a negative number, a penalty); in Kalooki going out in one turn without having melded before "
        "(Okey yapmak), added to their penalty points."
    ),
    # Okey
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
    # Turkish Rummy
    "set_distinct_suits": "The cards of a set must all be of different suits.",
    "up_card_sets_wild": (
        "The card one rank above the up card, in its suit, is wild too, like the okey in Okey."
    ),
    "pairs_penalty": (
        "Points every opponent gets when a player lays down seven pairs (a negative number, a penalty)."
    ),
    "joker_discard_penalty": (
        "Points every opponent gets when a player lays down with a joker as the final discard "
        "(a negative number, a penalty)."
    ),
    "stack_bonuses": (
        "Seven pairs with a joker as the final discard adds both penalties; off: only the larger applies."
    ),
    "up_card_penalty": (
        "Points every opponent of the player holding the up card's twin gets at the end of a round "
        "(a negative number, a penalty)."
    ),
    "stalemate_penalty": (
        "Points every player gets when the stock runs out and nobody lays down (a negative number, a "
        "penalty)."
    ),
    "penalty_limit": (
        "The match ends when a player's total reaches this or lower; none: only the rounds end it."
    ),
    # Kalooki
    "open_min": "The least total value of the melds on a player's first melding turn (0: no minimum).",
    "released_joker_must_be_used": "A joker released from a meld must be used in a meld on the same turn.",
    "max_reshuffles": (
        "How many times in a round the discards are shuffled into a new stock; when the stock runs out "
        "after that, the round ends and every hand is scored."
    ),
    "joker_penalty": "Points a joker left in hand counts at the end of a round.",
    "ace_penalty": "Points an ace left in hand counts at the end of a round.",
    "match": "How a match is played.",
    "match_elimination": (
        "Scores add up; a player whose total goes above the elimination limit drops out, and the last "
        "player left wins."
    ),
    "match_single_round": "One round, settled at the point value.",
    "match_rounds": "A fixed number of rounds; the lowest total wins.",
    "elimination_limit": "In an elimination match a player whose total goes above this drops out.",
    "point_value": "What one point is worth when a single round is settled.",
    # Carousel
    "must_meld_if_able": "A player who can meld must meld.",
    "knock_max": "A player may knock with this many points or fewer in hand.",
    "knock_requires_prior_meld": "Only a player who has melded this round may knock.",
    "not_knocker_bonus": "Bonus for the round's winner when another player knocked (an undercut included).",
    "go_out_bonus": "Bonus for going out: melding every card.",
    "target": "The match ends after the round in which a player reaches this score.",
    "game_bonus": "Bonus at the end of the match for every player who reached the target.",
    "round_win_bonus": "Bonus at the end of the match for every round a player won.",
    "joker_replace_from_table": (
        "A joker's real card may also come from another meld on the table, not only from the hand."
    ),
    # 101 Okey
    "pairs_open_min": "The fewest pairs a player opens with in one turn (0: nobody opens with pairs).",
    "last_pairs_open": "How the last player may open when every other player opened with pairs.",
    "last_pairs_open_forbid": "Only with sets and runs: pairs would leave nothing to lay off on.",
    "last_pairs_open_void": "With pairs too, which voids the round: nobody scores and it is dealt again.",
    "take_discard": "When the previous player's discard may be taken.",
    "take_discard_use_now": (
        "Only to put it on the table this turn: in the opening, or once opened in a new meld or pair, "
        "a lay-off or an okey swap."
    ),
    "take_discard_free": "Freely, into the hand, as in Okey.",
    "meld_openers_add_pairs": (
        "A player who opened with sets and runs may lay pairs too, once someone opened with pairs."
    ),
    "pair_layoff_limit": (
        "The most tiles a player who opened with pairs may lay off in one turn; none: no limit."
    ),
    "okey_swap": (
        "A player who has opened may free an okey from the table by putting the tile it stands for in "
        "its place, and take the okey."
    ),
    "swapped_okey_must_be_used": "An okey freed from the table must be put on the table again the same turn.",
    "hand_finish_min": (
        "The least total value of a hand finish: every tile laid down in one turn before opening "
        "(0: no minimum)."
    ),
    "hand_finish_double": (
        "When laying the whole hand down in one turn before opening scores as a hand finish."
    ),
    "hand_finish_double_nobody_opened": "Only when no other player had opened.",
    "hand_finish_double_always": "Always, whoever had opened.",
    "on_stock_empty_score_hands": "Every hand is scored, with no finisher and no multiplier.",
    "finish_bonus": (
        "What the player who finishes scores (a negative number lowers their total), times the "
        "round's multiplier."
    ),
    "unopened_penalty": "What a player who has not opened scores, times the round's multiplier.",
    "pairs_penalty_multiplier": (
        "The tiles left in the hand of a player who opened with pairs are multiplied by this again."
    ),
    "pairs_finish_multiplier": (
        "Every score of the round is multiplied by this when the finisher opened with pairs."
    ),
    "hand_finish_multiplier": "Every score of the round is multiplied by this for a hand finish.",
    "okey_in_hand_penalty": (
        "Points each okey left in the hand of a player who opened adds, not multiplied."
    ),
    "playable_discard_penalty": (
        "Points a player gets at once for discarding a tile that could be laid off on the table (0: none)."
    ),
    "okey_discard_penalty": (
        "Points a player gets at once for discarding an okey without finishing (0: none)."
    ),
}
"""English help by option name (``players``) and by option and value (``direction_ccw``)."""


OPTION_HELP_BY_VARIANT: dict[str, dict[str, str]] = {
    "okey": {
        "rounds": (
            "A match of exactly this many rounds; none: the match ends by the scores instead, when a "
            "player's total reaches 0."
        ),
    },
    "turkish_rummy": {
        "rounds": "A match of exactly this many rounds, unless the penalty limit ends it sooner.",
        "hunt_penalty": "Points every opponent gets when a player lays down (a negative number, a penalty).",
    },
    "okey_101": {
        "rounds": (
            "A match of exactly this many rounds (a void round is dealt again and doesn't count); the "
            "lowest total wins."
        ),
        "open_min": (
            "The least total value of the sets and runs a player opens with in one turn (0: no minimum)."
        ),
        "okey_finish_multiplier": (
            "Every score of the round is multiplied by this when the finishing discard is an okey."
        ),
        "stack_multipliers": (
            "The multipliers that apply (an okey finish, a pairs finish, a hand finish) multiply "
            "together; off: only the largest applies."
        ),
        "on_stock_empty": (
            "What happens when the player who drew the last tile of the stock discards without finishing."
        ),
    },
    "kalooki": {
        "rounds": "The number of rounds of a match when the match mode is rounds.",
        "hunt_penalty": (
            "Points every opponent gets, added to their penalty points, when a player goes out in one "
            "turn without having melded before (Okey yapmak)."
        ),
    },
}
"""A game's own help of an option whose shared help (:data:`OPTION_HELP`) speaks of other games:
by variant, then option name."""


OPTION_LABELS: dict[str, str] = {
    "players": "Players",
    "rounds": "Rounds",
    "hunt_penalty": "Hunt penalty",
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
    "set_distinct_suits": "Sets of different suits",
    "up_card_sets_wild": "Card above the up card is wild",
    "pairs_penalty": "Seven pairs penalty",
    "joker_discard_penalty": "Joker discard penalty",
    "stack_bonuses": "Penalties stack",
    "up_card_penalty": "Up card penalty",
    "stalemate_penalty": "Stalemate penalty",
    "penalty_limit": "Penalty limit",
    "open_min": "Opening minimum",
    "released_joker_must_be_used": "Released joker used at once",
    "max_reshuffles": "Reshuffles",
    "joker_penalty": "Joker left in hand",
    "ace_penalty": "Ace left in hand",
    "match": "Match",
    "elimination_limit": "Elimination limit",
    "point_value": "Point value",
    "must_meld_if_able": "Must meld when able",
    "knock_max": "Knock limit",
    "knock_requires_prior_meld": "Knock only after melding",
    "not_knocker_bonus": "Bonus for beating the knocker",
    "go_out_bonus": "Going out bonus",
    "target": "Target score",
    "game_bonus": "Game bonus",
    "round_win_bonus": "Round win bonus",
    "joker_replace_from_table": "Joker's card from the table",
    "pairs_open_min": "Pairs to open",
    "last_pairs_open": "Last player to open with pairs",
    "take_discard": "Taking the discard",
    "meld_openers_add_pairs": "Meld openers lay pairs",
    "pair_layoff_limit": "Lay-offs a turn after a pairs opening",
    "okey_swap": "Freeing okeys from the table",
    "swapped_okey_must_be_used": "Freed okey used at once",
    "hand_finish_min": "Hand finish minimum",
    "hand_finish_double": "Hand finish doubled",
    "finish_bonus": "Points for finishing",
    "unopened_penalty": "Not opened",
    "pairs_penalty_multiplier": "Pairs opener's hand multiplier",
    "pairs_finish_multiplier": "Pairs finish multiplier",
    "hand_finish_multiplier": "Hand finish multiplier",
    "okey_in_hand_penalty": "Okey left in hand",
    "playable_discard_penalty": "Playable discard fine",
    "okey_discard_penalty": "Okey discard fine",
}
"""A few words naming each option (a form's label), by option name."""

VALUE_LABELS: dict[str, str] = {
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
    "match_elimination": "elimination",
    "match_single_round": "single round",
    "match_rounds": "fixed number of rounds",
    "last_pairs_open_forbid": "melds only",
    "last_pairs_open_void": "the round is void",
    "take_discard_use_now": "only to use at once",
    "take_discard_free": "freely",
    "hand_finish_double_nobody_opened": "when nobody had opened",
    "hand_finish_double_always": "always",
    "on_stock_empty_score_hands": "hands are scored",
}
"""A few words naming each value of a choice, by option and value (``direction_ccw``)."""


def help_code(option: str, value: str | None = None) -> str:
    """The message code of ``option``'s help (``option_direction``), or of one of its values
    (``help_code("direction", "ccw")`` is ``option_direction_ccw``)."""
    return PREFIX + option + ("" if value is None else "_" + value)


def variant_help_code(variant: str, option: str) -> str:
    """The message code of ``option``'s help for ``variant`` (``okey.option_rounds``) when the game
    has its own (:data:`OPTION_HELP_BY_VARIANT`), else the shared one (``option_rounds``)."""
    own = option in OPTION_HELP_BY_VARIANT.get(variant, {})
    return (variant + "." if own else "") + help_code(option)


def label_code(option: str, value: str | None = None) -> str:
    """The message code of ``option``'s label (``rule_direction``), or of one of its values
    (``label_code("direction", "ccw")`` is ``value_direction_ccw``)."""
    return LABEL_PREFIX + option if value is None else VALUE_PREFIX + option + "_" + value


register({PREFIX + name: text for name, text in OPTION_HELP.items()})
register(
    {
        variant_help_code(variant, name): text
        for variant, texts in OPTION_HELP_BY_VARIANT.items()
        for name, text in texts.items()
    }
)
register({LABEL_PREFIX + name: text for name, text in OPTION_LABELS.items()})
register({VALUE_PREFIX + name: text for name, text in VALUE_LABELS.items()})
