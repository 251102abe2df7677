"""Carousel's message codes: every error, event and round note the Carousel engine emits, with its
English template (:mod:`rummykit.messages` renders them; other languages translate the codes).

Codes are prefixed ``carousel.``. Parameters: cards in notation (``"7H"``, ``"JK[7H]"``), seats and
meld numbers (1-based, as shown) as ints, tables as lists of meld texts (``"4H 5H 6H"``).
"""

from __future__ import annotations

from rummykit.messages import register

P = "carousel."
"""Prefix of every Carousel code."""

ERRORS = {
    # when a verb may be played
    P + "draw_after_meld": "you melded: your turn is over (knock or end)",
    P + "draw_after_third": "three cards drawn: your turn is over",
    P + "stock_empty": "the stock is empty: no more draws",
    P + "end_too_soon": "draw or meld: a turn ends after a meld or a third draw",
    P + "must_meld": "you can meld, so you must (must_meld_if_able)",
    P + "one_meld_a_turn": "one meld a turn",
    P + "no_meld_after_third": "no meld after the third draw",
    P + "draw_first": "draw first",
    P + "knock_at_turn_end": "knock at the end of your turn (after a meld or the third draw)",
    P + "knock_after_meld": "knock only after you have melded this round",
    P + "knock_too_high": "knock with {knock_max} points or less in hand (you hold {points})",
    P + "nothing_to_meld": "nothing from your hand fits the table: no meld is possible now",
    P + "draft_open": "finish the draft first: commit it, or reset it to the table as it is",
    # a whole new table (check_move)
    P + "position_round_end": "a round ends as knock S, out S or stock",
    P + "undeclared_joker": "{meld}: a joker on the table is written with its declared card, e.g. JK[5H]",
    P + "invalid_meld": "meld {number} is not a valid meld: {why}",
    P + "card_left_table": "{card} left the table: cards never go back to a hand",
    P + "joker_left_table": "a joker left the table: a freed joker must be played again",
    P + "nothing_played": "a meld adds at least one card from the hand",
    P + "not_held": "you don't hold {card}",
    P + "joker_keeps_card": "the joker declared {card} keeps its card unless a real {card} replaces it",
    P + "joker_keeps_card_hand": (
        "the joker declared {card} keeps its card unless a real {card} from your hand replaces it"
    ),
    # draft edits
    P + "no_such_meld": "there is no meld {number}: the draft has melds 1..{count}",
    P + "no_melds_yet": "there is no meld {number}: the draft has no melds yet",
    P + "too_many_melds": "a draft holds at most {max} melds",
    P + "too_many_edits": "a turn's draft takes at most {max} edits: commit or reset it",
    P + "joker_needs_card": "a joker is played with the card it stands for, e.g. JK[9H]",
    P + "no_joker": "you have no joker to play",
    P + "only_joker_declared": "only a joker is declared; {card} is itself",
    P + "in_draft_already": "you don't hold {card} (it is in the draft already)",
    P + "meld_lacks": "meld {number} holds no {card}",
    P + "split_first": "{card} is the first card of meld {number}: nothing to split off",
    P + "pull_not_run": "meld {number} is not a run: move the card instead",
    P + "pull_end": "{card} ends meld {number}: move it instead",
    P + "same_meld": "the cards are in that meld already",
    P + "replace_from_hand": "under these rules a joker's real card comes from your hand",
    P + "replace_other_meld": "the real card must come from your hand or from another meld",
    P + "replace_real_card": "name the real card, e.g. replace 4 5H",
    P + "nothing_to_undo": "nothing to undo",
    P + "draft_unchanged": "the draft is the table as it is already",
}
"""Why an action is refused."""

MELD_PROBLEMS = {
    P + "meld_short": "a meld holds at least 3 cards, this one {count}",
    P + "meld_mixed": "a meld's cards share one rank (a set) or one suit (a run)",
    P + "set_suits": "a set's cards are all of different suits: {cards} share one",
    P + "run_twice": "a run holds each rank once: {cards} share one",
    P + "run_gap": "a run's ranks follow each other (the ace low or high, never K A 2)",
}
"""Why a meld is not valid (:func:`~rummykit.variants.carousel.manipulation.meld_problem`): the
``why`` of ``carousel.invalid_meld``, which refuses a new table (a draft's commit) with such a meld."""

EVENTS = {
    P + "drew": "seat {seat} draws a card",
    P + "drew_card": "seat {seat} draws {card}",
    P + "last_card": "seat {seat} drew the last card: everyone gets one last turn, without drawing",
    P + "draft_new": "seat {seat} starts meld {number} with {card}",
    P + "draft_add": "seat {seat} adds {card} to meld {number}",
    P + "draft_split": "seat {seat} splits meld {number} before {card}",
    P + "draft_move": "seat {seat} moves {card} from meld {number} to meld {target}",
    P
    + "draft_pull": "seat {seat} takes {card} out of run {number} to meld {target}: the run splits around it",
    P + "draft_set": "seat {seat} lays out a whole new draft",
    P + "draft_replace": "seat {seat} replaces the joker declared {card} in meld {number} by a real {card}",
    P + "draft_replace_from": (
        "seat {seat} replaces the joker declared {card} in meld {number} by the {card} of meld {source}"
    ),
    P + "draft_undo": "seat {seat} undoes the last edit",
    P + "draft_reset": "seat {seat} resets the draft to the table as it is",
    P + "melded": "seat {seat}: meld {text}",
    P + "went_out": "seat {seat} goes out",
    P + "knocked": "seat {seat} knocks with {points}",
    P + "turn_ended": "seat {seat} ends the turn",
    P + "turn_ended_auto": "seat {seat} can do nothing more: the turn passes",
    P + "turn_skipped": "seat {seat} has nothing to meld in the last turn: the turn passes",
    P + "round_over": "round {round} is over: {how}",
    P + "match_ended": "the match is over: game and round bonuses added",
}
"""What happened (events)."""

NOTES = {
    P + "how_knock": "seat {seat} knocks with {points}",
    P + "how_out": "seat {seat} goes out",
    P + "how_stock_out": "the stock ran out and everyone had a last turn",
    P + "lowest_hand": "seat {seat} has the lowest hand ({points}) and scores {gain}",
    P + "undercuts": "seat {seat} undercuts the knocker: +{bonus}",
    P + "beats_knocker": "seat {seat} beats the knocker: +{bonus}",
    P + "out_bonus": "seat {seat} went out: +{bonus}",
}
"""The notes of a round result."""

register(ERRORS)
register(MELD_PROBLEMS)
register(EVENTS)
register(NOTES)
