"""101 Okey's message codes: every event, round note and illegal-move error, with its English text.

Codes are prefixed ``okey_101.``. Parameters are JSON values: tiles in notation (``"R7"``, an okey
in a run ``"R6[B10]"``), lists of tiles, seats and meld numbers as ints. The texts use the field's
terms: meld (set, run), pair, open, lay off, stock, discard pile, indicator, okey, false joker.
"""

from __future__ import annotations

from rummykit.messages import register

EVENTS = {
    "okey_101.draw": "draws from the stock",
    "okey_101.take": "takes {tile}",
    "okey_101.meld": "lays meld {number}: {tiles}",
    "okey_101.pair": "lays pair {number}: {tiles}",
    "okey_101.opens_melds": "opens with melds worth {value}",
    "okey_101.opens_pairs": "opens with {count} pairs",
    "okey_101.layoff": "lays off {tiles} on meld {number}",
    "okey_101.swap": "puts {tile} on meld {number} and takes its okey",
    "okey_101.retract": "takes back this turn's melds",
    "okey_101.give_back": "puts {tile} back on the discard pile and draws from the stock instead",
    "okey_101.discard": "discards {tile}",
    "okey_101.fined_playable": "{tile} could be laid off: +{points}",
    "okey_101.fined_okey": "an okey discarded: +{points}",
    "okey_101.round_end": "{headline}",
}
"""Events: ``okey_101.draw`` has the drawn tile as private param ``tile``; the fines follow the
discard that incurs them; a retract after taking the discard is followed by ``okey_101.give_back``
and ``okey_101.draw`` (a retract that takes back no meld, before anything is laid, is those two
alone); ``okey_101.round_end`` carries ``result`` (the :class:`RoundResult` JSON)
and ``headline`` (its first note)."""

NOTES = {
    "okey_101.finished": "seat {seat} finishes ({label})",
    "okey_101.stock_out": "the stock ran out: every hand is scored",
    "okey_101.void_stock": "the stock ran out: the round is void and is dealt again",
    "okey_101.void_pairs": (
        "seat {seat} opened with pairs after every other player did: the round is void and is dealt again"
    ),
    "okey_101.multiplier": "x{factor}: {terms}",
    "okey_101.x_hand": "x{factor} for a hand finish",
    "okey_101.x_pairs": "x{factor} for a pairs finish",
    "okey_101.x_okey": "x{factor} for finishing with an okey",
    "okey_101.x_pairs_opener": "x{factor} for opening with pairs",
    "okey_101.no_stack": "(multipliers don't stack: the largest applies)",
    "okey_101.finisher_points": "seat {seat} finished: {points}",
    "okey_101.unopened_points": "seat {seat} has not opened: {penalty} x{factor} = {points}",
    "okey_101.hand_points": (
        "seat {seat} keeps {tiles}: {total} x{factor} + {fine} for {okeys} okeys = {points}"
    ),
    "okey_101.fine_playable": "seat {seat} discarded {tile}, which could be laid off: +{points}",
    "okey_101.fine_okey": "seat {seat} discarded an okey, {tile}: +{points}",
}
"""Round-result notes (the first is the headline). The notes scoring a seat carry ``factors``, the
notes (``okey_101.x_…``) of the reasons its points were multiplied."""

ERRORS = {
    "okey_101.no_take_now": "no tile is taken now: play on the table, then discard",
    "okey_101.draw_first": "draw from the stock or take the discard first",
    "okey_101.stock_empty": "the stock is empty",
    "okey_101.nothing_to_take": "the previous player has no discard to take",
    "okey_101.take_unusable": (
        "{tile} may be taken only to put it on the table this turn, and it fits nowhere you may play"
    ),
    "okey_101.not_held": "you don't hold {tile}",
    "okey_101.keep_one": "keep one tile: a turn always ends with a discard",
    "okey_101.not_a_meld": "{reason}",
    "okey_101.no_meld": "there is no meld {number} on the table",
    "okey_101.use_first": "put {tiles} on the table first: it must be used this turn",
    "okey_101.pair_opener_no_melds": (
        "a player who opened with pairs lays pairs and lays off, never new sets or runs"
    ),
    "okey_101.meld_opener_no_pairs": (
        "a player who opened with melds lays pairs only once someone opened with pairs"
    ),
    "okey_101.pairs_off": "opening with pairs is off at this table",
    "okey_101.last_pairs": "every other player opened with pairs: open with sets and runs",
    "okey_101.one_kind": "an opening is either sets and runs or pairs, not both",
    "okey_101.layoff_unopened": "lay-offs and freeing okeys come after opening",
    "okey_101.pair_no_layoff": "meld {number} is a pair: pairs take no lay-offs",
    "okey_101.layoff_limit": "a player who opened with pairs lays off at most {limit} tiles a turn",
    "okey_101.declare_okey": (
        "an okey laid off on a run says what it stands for, e.g. layoff {number} {example}"
    ),
    "okey_101.swap_off": "okeys are never freed from the table at this table",
    "okey_101.swap_okey": "an okey is freed with the tile it stands for, not with an okey",
    "okey_101.no_okey_for": "no okey of meld {number} stands for {tile}",
    "okey_101.swap_stuck": "the freed okey must be used this turn, and it would fit nowhere",
    "okey_101.nothing_to_retract": (
        "there is nothing to take back: only melds that don't open yet, or a taken tile not yet laid"
    ),
    "okey_101.under_opening": "your melds this turn don't open yet: lay more, or take them back",
    "okey_101.retract_once": "melds are taken back only once a turn",
    "okey_101.retracted_out_of_reach": (
        "you retracted this turn: lay only melds that, with the melds left in your rack, "
        "still make {open_min} (or {pairs_min} pairs, or let you finish), or discard"
    ),
    "okey_101.hand_finish_short": "a hand finish needs melds worth {minimum} or more",
    "okey_101.open_short": (
        "that doesn't open: sets and runs worth {open_min} or more, or {pairs_min} pairs or more, "
        "or every tile but one"
    ),
    "okey_101.opened_already": "you have opened already: lay melds one at a time",
    "okey_101.pair_two_tiles": "a pair is two tiles",
}
"""Illegal-move errors (:class:`rummykit.errors.IllegalActionError` codes). ``okey_101.not_a_meld``
carries the meld checker's ``reason`` (its code, ``meld.…`` or ``okey_101.pair_two_tiles``, with
parameters), which names only the tiles the mover played."""

NOTATION = {
    "okey_101.notation_discard": "discard takes exactly one tile, e.g. discard R7",
    "okey_101.notation_open": "open takes melds or pairs split by |, e.g. open R1 R2 R3 | K9 Y9 B9",
    "okey_101.notation_one_at_a_time": "{verb} lays one at a time; open lays several at once",
    "okey_101.notation_meld_size": "meld takes three tiles or more, e.g. meld R1 R2 R3",
    "okey_101.notation_pair_size": "pair takes two tiles, e.g. pair B4 B4",
    "okey_101.notation_number_then_tiles": "{verb} takes a meld number then tiles, e.g. {verb} 3 B10",
    "okey_101.notation_swap_one": "swap takes one tile after the number",
    "okey_101.notation_layoff_tiles": "layoff takes tiles after the number",
}
"""Why an action text can't be read (:class:`rummykit.errors.NotationError` codes); ``verb`` is the
action's word as written (``meld``, ``layoff``)."""

POSITION = {
    "okey_101.position_pending": (
        "melds are pending only while a mover who hasn't opened plays, or once they went out with them"
    ),
    "okey_101.position_pending_last": "{what} lists the last melds of the table, the mover's, in order",
    "okey_101.position_pending_kind": "{what} are pairs, or sets and runs, not both",
    "okey_101.position_freed": "freed names okeys",
    "okey_101.position_opened_bare": (
        "opened: seat {seat} has opened with {how}, but none of its {how} is on the table"
    ),
    "okey_101.position_unopened_melds": (
        "opened: seat {seat} has not opened, but melds of its that are not pending are on the table"
    ),
    "okey_101.position_taken_place": "{what} is in the hand or in a pending meld",
    "okey_101.position_meld_lacks": "meld {number} holds no {tile}",
    "okey_101.position_fines": "{what} are a seat and a tile each",
    "okey_101.position_no_fine_playable": "this table fines no playable discard",
    "okey_101.position_no_fine_okey": "this table fines no okey discard",
    "okey_101.position_void": "a void round is void stock or void pairs S",
    "okey_101.position_void_extras": "a void round has no finishing discard, openings or fines",
    "okey_101.position_stock_discard": "a round the stock ended has no finishing discard",
    "okey_101.position_finished": "seat {seat} finished: a finishing discard, its hand empty",
    "okey_101.position_round_end": "a round ends as out S, hand S, stock, void stock or void pairs S",
    "okey_101.position_view_meld": "the observation's table meld is not a meld as shown",
}
"""Why a 101 Okey position text (or an observation being determinised) can't be read
(:class:`rummykit.errors.NotationError` codes); ``what`` is the field or the part of one, as
:mod:`rummykit.engine.position` names it."""

MESSAGES: dict[str, str] = {**EVENTS, **NOTES, **ERRORS, **NOTATION, **POSITION}
"""Every code of 101 Okey with its English text."""

register(MESSAGES)
