"""The English help and labels of Kalooki's rules options, registered as message codes
(:mod:`rummykit.engine.option_help`: ``option_<name>``, ``rule_<name>``, ``value_<name>_<value>``,
and the game's own help of a shared option, ``kalooki.option_<name>``); the options several games
share are described there."""

from __future__ import annotations

from rummykit.engine.option_help import register_options

HELP: dict[str, str] = {
    "match_elimination": (
        "Scores add up; a player whose total goes above the elimination limit drops out, and the last "
        "player left wins."
    ),
    "match": "How a match is played.",
    "elimination_limit": "In an elimination match a player whose total goes above this drops out.",
    "max_reshuffles": (
        "How many times in a round the discards are shuffled into a new stock; when the stock runs out "
        "after that, the round ends and every hand is scored."
    ),
    "point_value": "What one point is worth when a single round is settled.",
    "open_min": "The least total value of the melds on a player's first melding turn (0: no minimum).",
    "match_single_round": "One round, settled at the point value.",
    "released_joker_must_be_used": "A joker released from a meld must be used in a meld on the same turn.",
    "match_rounds": "A fixed number of rounds; the lowest total wins.",
    "joker_penalty": "Points a joker left in hand counts at the end of a round.",
    "ace_penalty": "Points an ace left in hand counts at the end of a round.",
}
"""Help by option and by option and value (``<option>_<value>``)."""

LABELS: dict[str, str] = {
    "match": "Match",
    "elimination_limit": "Elimination limit",
    "max_reshuffles": "Reshuffles",
    "point_value": "Point value",
    "released_joker_must_be_used": "Released joker used at once",
    "joker_penalty": "Joker left in hand",
    "ace_penalty": "Ace left in hand",
}
"""A few words naming each option."""

VALUES: dict[str, str] = {
    "match_single_round": "single round",
    "match_elimination": "elimination",
    "match_rounds": "fixed number of rounds",
}
"""A few words naming each value of a choice, by option and value."""

OWN_HELP: dict[str, str] = {
    "rounds": "The number of rounds of a match when the match mode is rounds.",
    "hunt_penalty": (
        "Points every opponent gets, added to their penalty points, when a player goes out in one turn "
        "without having melded before (Okey yapmak)."
    ),
}
"""This game's own help of options other games share (shown instead of the shared help)."""

register_options("kalooki", HELP, LABELS, VALUES, OWN_HELP)
