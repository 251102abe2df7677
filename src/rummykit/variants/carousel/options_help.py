"""The English help and labels of Carousel's rules options, registered as message codes
(:mod:`rummykit.engine.option_help`: ``option_<name>``, ``rule_<name>``, ``value_<name>_<value>``,
and the game's own help of a shared option, ``carousel.option_<name>``); the options several games
share are described there."""

from __future__ import annotations

from rummykit.engine.option_help import register_options

HELP: dict[str, str] = {
    "knock_requires_prior_meld": "Only a player who has melded this round may knock.",
    "game_bonus": "Bonus at the end of the match for every player who reached the target.",
    "round_win_bonus": "Bonus at the end of the match for every round a player won.",
    "knock_max": "A player may knock with this many points or fewer in hand.",
    "go_out_bonus": "Bonus for going out: melding every card.",
    "must_meld_if_able": "A player who can meld must meld.",
    "joker_replace_from_table": (
        "A joker's real card may also come from another meld on the table, not only from the hand."
    ),
    "target": "The match ends after the round in which a player reaches this score.",
    "not_knocker_bonus": "Bonus for the round's winner when another player knocked (an undercut included).",
}
"""Help by option and by option and value (``<option>_<value>``)."""

LABELS: dict[str, str] = {
    "knock_requires_prior_meld": "Knock only after melding",
    "game_bonus": "Game bonus",
    "round_win_bonus": "Round win bonus",
    "knock_max": "Knock limit",
    "go_out_bonus": "Going out bonus",
    "must_meld_if_able": "Must meld when able",
    "joker_replace_from_table": "Joker's card from the table",
    "target": "Target score",
    "not_knocker_bonus": "Bonus for beating the knocker",
}
"""A few words naming each option."""

VALUES: dict[str, str] = {}
"""A few words naming each value of a choice, by option and value."""

OWN_HELP: dict[str, str] = {}
"""This game's own help of options other games share (shown instead of the shared help)."""

register_options("carousel", HELP, LABELS, VALUES, OWN_HELP)
