"""The English help and labels of 101 Okey's rules options, registered as message codes
(:mod:`rummykit.engine.option_help`: ``option_<name>``, ``rule_<name>``, ``value_<name>_<value>``,
and the game's own help of a shared option, ``okey_101.option_<name>``); the options several games
share are described there."""

from __future__ import annotations

from rummykit.engine.option_help import register_options

HELP: dict[str, str] = {
    "okey_discard_penalty": (
        "Points a player gets at once for discarding an okey without finishing (0: none)."
    ),
    "pairs_penalty_multiplier": (
        "The tiles left in the hand of a player who opened with pairs are multiplied by this again."
    ),
    "last_pairs_open_void": "With pairs too, which voids the round: nobody scores and it is dealt again.",
    "take_discard_free": "Freely, into the hand, as in Okey.",
    "hand_finish_double_nobody_opened": "Only when no other player had opened.",
    "finish_bonus": (
        "What the player who finishes scores (a negative number lowers their total), times the round's "
        "multiplier."
    ),
    "hand_finish_multiplier": "Every score of the round is multiplied by this for a hand finish.",
    "take_discard": "When the previous player's discard may be taken.",
    "swapped_okey_must_be_used": "An okey freed from the table must be put on the table again the same turn.",
    "meld_openers_add_pairs": (
        "A player who opened with sets and runs may lay pairs too, once someone opened with pairs."
    ),
    "hand_finish_double_always": "Always, whoever had opened.",
    "unopened_penalty": "What a player who has not opened scores, times the round's multiplier.",
    "pairs_finish_multiplier": (
        "Every score of the round is multiplied by this when the finisher opened with pairs."
    ),
    "pairs_open_min": "The fewest pairs a player opens with in one turn (0: nobody opens with pairs).",
    "hand_finish_min": (
        "The least total value of a hand finish: every tile laid down in one turn before opening (0: no "
        "minimum)."
    ),
    "okey_in_hand_penalty": "Points each okey left in the hand of a player who opened adds, not multiplied.",
    "last_pairs_open": "How the last player may open when every other player opened with pairs.",
    "pair_layoff_limit": (
        "The most tiles a player who opened with pairs may lay off in one turn; none: no limit."
    ),
    "playable_discard_penalty": (
        "Points a player gets at once for discarding a tile that could be laid off on the table (0: none)."
    ),
    "on_stock_empty_score_hands": "Every hand is scored, with no finisher and no multiplier.",
    "last_pairs_open_forbid": "Only with sets and runs: pairs would leave nothing to lay off on.",
    "hand_finish_double": (
        "When laying the whole hand down in one turn before opening scores as a hand finish."
    ),
    "okey_swap": (
        "A player who has opened may free an okey from the table by putting the tile it stands for in its"
        " place, and take the okey."
    ),
    "take_discard_use_now": (
        "Only to put it on the table this turn: in the opening, or once opened in a new meld or pair, a "
        "lay-off or an okey swap."
    ),
}
"""Help by option and by option and value (``<option>_<value>``)."""

LABELS: dict[str, str] = {
    "okey_discard_penalty": "Okey discard fine",
    "pairs_penalty_multiplier": "Pairs opener's hand multiplier",
    "finish_bonus": "Points for finishing",
    "hand_finish_multiplier": "Hand finish multiplier",
    "take_discard": "Taking the discard",
    "swapped_okey_must_be_used": "Freed okey used at once",
    "meld_openers_add_pairs": "Meld openers lay pairs",
    "unopened_penalty": "Not opened",
    "pairs_finish_multiplier": "Pairs finish multiplier",
    "pairs_open_min": "Pairs to open",
    "hand_finish_min": "Hand finish minimum",
    "okey_in_hand_penalty": "Okey left in hand",
    "last_pairs_open": "Last player to open with pairs",
    "pair_layoff_limit": "Lay-offs a turn after a pairs opening",
    "playable_discard_penalty": "Playable discard fine",
    "hand_finish_double": "Hand finish doubled",
    "okey_swap": "Freeing okeys from the table",
}
"""A few words naming each option."""

VALUES: dict[str, str] = {
    "last_pairs_open_forbid": "melds only",
    "last_pairs_open_void": "the round is void",
    "hand_finish_double_always": "always",
    "take_discard_free": "freely",
    "hand_finish_double_nobody_opened": "when nobody had opened",
    "take_discard_use_now": "only to use at once",
    "on_stock_empty_score_hands": "hands are scored",
}
"""A few words naming each value of a choice, by option and value."""

OWN_HELP: dict[str, str] = {
    "rounds": (
        "A match of exactly this many rounds (a void round is dealt again and doesn't count); the lowest "
        "total wins."
    ),
    "open_min": "The least total value of the sets and runs a player opens with in one turn (0: no minimum).",
    "okey_finish_multiplier": (
        "Every score of the round is multiplied by this when the finishing discard is an okey."
    ),
    "stack_multipliers": (
        "The multipliers that apply (an okey finish, a pairs finish, a hand finish) multiply together; "
        "off: only the largest applies."
    ),
    "on_stock_empty": (
        "What happens when the player who drew the last tile of the stock discards without finishing."
    ),
}
"""This game's own help of options other games share (shown instead of the shared help)."""

register_options("okey_101", HELP, LABELS, VALUES, OWN_HELP)
