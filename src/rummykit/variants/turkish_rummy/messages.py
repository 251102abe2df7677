"""English templates of Turkish Rummy's own codes: the round's penalties. ``change`` is a signed
number of points (``-2``, ``+0``)."""

from __future__ import annotations

from rummykit.messages import register

MESSAGES: dict[str, str] = {
    "tr_lay_down": "seat {seat} lays down ({why}): every opponent {change}",
    "tr_hunt": "a hunt",
    "tr_pairs": "seven pairs",
    "tr_joker": "a joker as the final discard",
    "tr_pairs_joker": "seven pairs and a joker as the final discard",
    "tr_pairs_joker_unstacked": (
        "seven pairs and a joker as the final discard (not stacked: the larger applies)"
    ),
    "tr_stalemate": "the stock ran out: stalemate, every player {change}",
    "tr_up_card": "seat {seat} holds the up card's twin {piece}: every opponent {change}",
}
register(MESSAGES)
