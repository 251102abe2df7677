"""English templates of Okey's own codes: the indicator bonus and the round's scores."""

from __future__ import annotations

from rummykit.messages import register

MESSAGES: dict[str, str] = {
    # errors
    "show_not_indicator": "the indicator is {indicator}: only its twin can be shown",
    "indicator_bonus_off": "the indicator bonus is off at this table",
    "shown_already": "you have shown it already",
    "show_first_turn_only": "the indicator's twin can only be shown on your first turn",
    # events and notes
    "showed": "shows the indicator's twin {piece}: every other player loses {points}",
    "okey_bonus": "seat {seat} shows the indicator's twin {piece}: every other player loses {points}",
    "okey_finish": "seat {seat} finishes ({label}): every other player loses {points}",
    "okey_finish_times": "seat {seat} finishes ({label}): every other player loses {points} {terms}",
    "okey_x_okey": "x{factor} for finishing with an okey",
    "okey_x_pairs": "x{factor} for seven pairs",
    "okey_no_stack": "(multipliers don't stack: the larger applies)",
    "okey_x_colour": "x2 for a red or black indicator",
    "okey_total": "= {loss}",
    "okey_void": "the stock ran out: the round is void",
}
register(MESSAGES)
