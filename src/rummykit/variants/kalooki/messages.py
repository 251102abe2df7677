"""Kalooki's message codes: every event, round note and illegal-move error, with its English text.

Codes are prefixed ``kalooki_``. Parameters are JSON values: cards in notation (``"7H"``,
``"JK[7H]"``), lists of cards, seats and meld numbers as ints. The English wording is that of the
engine before v2, so texts read as they did.
"""

from __future__ import annotations

from rummykit.messages import register

EVENTS = {
    "kalooki_draw": "draws from the stock",
    "kalooki_take": "takes {card}",
    "kalooki_meld": "meld {cards}",
    "kalooki_opens": "opens with {value}",
    "kalooki_layoff": "lays off {number} {cards}",
    "kalooki_release": "release {number} {cards}",
    "kalooki_retract": "retract",
    "kalooki_discard": "discard {card}",
    "kalooki_reshuffle": "the stock ran out: the discards are reshuffled ({count})",
    "kalooki_round_end": "{headline}",
    "kalooki_eliminated": "is out of the match with {score}",
}
"""Events: ``kalooki_draw`` has the drawn card as private param ``card``; ``kalooki_round_end``
carries ``result`` (the :class:`RoundResult` JSON) and ``headline`` (its first note)."""

NOTES = {
    "kalooki_out": "seat {seat} goes out",
    "kalooki_hunt": "seat {seat} Okey yapmak: every other player +{penalty}",
    "kalooki_exhausted": "the stock ran out after {reshuffles} reshuffles: every hand is scored",
    "kalooki_hand_values": "hand values: {values}",
    "kalooki_settled": "settled at {value} a point to seat {seat}: {owed}",
}
"""Round-result notes. ``kalooki_hand_values`` has ``values`` (English list) and ``points``
(``[[seat, points], …]``); ``kalooki_settled`` has ``owed`` (English) and ``payments``
(``[[seat, amount], …]``)."""

ERRORS = {
    "kalooki_drawn_already": "you have drawn already this turn",
    "kalooki_stock_empty": "the stock is empty",
    "kalooki_pile_empty": "the discard pile is empty",
    "kalooki_draw_first": "draw from the stock or take the discard first",
    "kalooki_no_meld": "there is no meld {number} on the table",
    "kalooki_not_held": "you don't hold {card}",
    "kalooki_keep_one": "keep one card: a turn always ends with a discard",
    "kalooki_not_a_meld": "{reason}",
    "kalooki_no_fit": "{cards} doesn't go onto meld {number}",
    "kalooki_layoff_closed_hand": "lay-offs come after opening (melds worth {open_min} in one turn)",
    "kalooki_release_closed_hand": "only a player who has opened may release a joker",
    "kalooki_no_joker": "meld {number} holds no joker",
    "kalooki_closed_set": "meld {number} is a closed set of four: its joker stays for ever",
    "kalooki_joker_for_joker": "a joker is released for natural cards",
    "kalooki_run_release": "a run's joker is released with exactly its declared card",
    "kalooki_no_joker_for": "no joker in meld {number} stands for {card}",
    "kalooki_set_release": (
        "a set's joker is released by completing the set with natural cards of the missing suits"
    ),
    "kalooki_nothing_to_retract": "there is nothing to take back: only melds that don't open yet can be",
    "kalooki_retract_once": "melds are taken back only once a turn",
    "kalooki_retracted_out_of_reach": (
        "you took your melds back this turn: lay only melds that, with the melds left in your hand, "
        "still make {open_min} (or let you go out), or discard"
    ),
    "kalooki_under_opening": (
        "your melds this turn are worth less than {open_min}: meld more, or retract them"
    ),
    "kalooki_use_released_joker": "a released joker must be used in a meld this turn",
}
"""Illegal-move errors (:class:`rummykit.errors.IllegalActionError` codes). ``kalooki_not_a_meld``
carries the meld checker's ``reason`` (its code, ``meld.…``, with parameters), which names only the cards
the mover played."""

POSITION = {
    "kalooki_position_turn": "the seat to move is in the match (active)",
    "kalooki_position_pending": "pending lists table meld numbers",
    "kalooki_position_released": "released lists jokers",
    "kalooki_position_round_end": "a round ends as out S, hunt S or exhausted N",
    "kalooki_position_out": "seat {seat} went out: its hand is empty",
}
"""Why a Kalooki position text can't be read (:class:`rummykit.errors.NotationError` codes)."""

MESSAGES: dict[str, str] = {**EVENTS, **NOTES, **ERRORS, **POSITION}
"""Every code of Kalooki with its English text."""

register(MESSAGES)
