"""English templates of the codes shared by the closed-hand games (Okey, Turkish Rummy): their
errors, events and round notes. ``piece_word`` is ``tile`` or ``card``; pieces are in notation."""

from __future__ import annotations

from rummykit.messages import register

MESSAGES: dict[str, str] = {
    # errors
    "not_held": "you don't hold {piece}",
    "last_chance_no_draw": "the stock is empty: take the discard to finish with it, or pass",
    "first_turn_no_draw": "the starter's first turn has no draw: discard a {piece_word}",
    "stock_empty": "the stock is empty",
    "drawn_already": "you have drawn already: discard a {piece_word} (or finish)",
    "nothing_to_take": "there is no discard to take now",
    "pass_last_chance_only": "pass is only for the empty stock's last chance",
    "not_an_action": "{verb} is not an action of this game",
    "draw_first": "draw or take a {piece_word} first",
    "finish_now": "you took the last discard to finish: finish now",
    "no_rediscard": "you may not discard {piece}, the {piece_word} you just took",
    "no_finish": "finish {piece} is not possible: the other 14 are not all sets and runs or seven pairs",
    "no_show": "show is not possible now",
    "arrangement_missing": "the arrangement must lay down exactly the other 14; missing {missing}",
    "arrangement_extra": "the arrangement must lay down exactly the other 14; not yours to lay {extra}",
    "arrangement_missing_extra": (
        "the arrangement must lay down exactly the other 14; missing {missing}; not yours to lay {extra}"
    ),
    "bad_meld": "{reason}",
    "pairs_finish_is_seven": "a pairs finish is seven pairs",
    "pairs_never_mixed": "pairs and sets/runs are never mixed in one finish",
    # events
    "drew": "draws from the stock",
    "took": "takes {piece}",
    "discarded": "discards {piece}",
    "finished": "finishes, discarding {piece}",
    "passed": "passes: the round ends",
    "round_end": "{summary}",
    "match_over": "the match is over",
}
register(MESSAGES)
