"""Every event, note and error of the engine is a *code* with *parameters*; this module renders them
to English, the one place prose is made below the interfaces.

Codes are short ``snake_case`` words (``drew``, ``not_your_turn``); parameters are JSON values
(pieces in notation, ``"R7"``, seats as numbers). Each module that emits codes registers its English
templates with :func:`register`; a template names parameters in braces (``"you don't hold {piece}"``).
A list parameter is written space-separated; a nested ``{"code": …, "params": …}`` is rendered in
turn. Clients in other languages render the same codes from their own catalogs.

Seats are numbered from 0 in parameters, as the engine and the protocol count them, and from 1 for
people: a seat parameter (:data:`SEAT_PARAMS`) is rendered ``seat_number(seat)``, a list of them
comma-separated, and every screen of the terminal and every name the server makes up for a seat
is :func:`seat_name`'s (``seat 2``, ``seat 2 (Ann)``), so that the table, the replay, the terminal
and the invite address (docs/web.md) give a seat one number.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

CATALOG: dict[str, str] = {}
"""English template of every registered code."""


def register(templates: Mapping[str, str]) -> None:
    """Add English templates; a code registered twice with another text is a programming error."""
    for code, text in templates.items():
        known = CATALOG.get(code)
        if known is not None and known != text:
            raise ValueError(f"message code {code!r} registered twice with different texts")
        CATALOG[code] = text


class _Params(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


SEAT_PARAMS = frozenset({"seat", "seats", "to_move", "winner", "asked", "acting", "turn"})
"""The parameters whose values are seats (numbers from 0, or lists of them)."""


def seat_number(seat: int) -> int:
    """The number people know seat ``seat`` (counted from 0, as the engine and the protocol
    count) by: counted from 1."""
    return seat + 1


def seat_of_number(number: int) -> int:
    """The seat (from 0) that people call ``number`` (from 1): :func:`seat_number`'s inverse."""
    return number - 1


def seat_name(seat: int, name: str | None = None) -> str:
    """Seat ``seat`` (from 0) as the terminal and the server's own texts name it: ``seat 2``, with
    the player's name (or who plays it: ``you``, a bot's) when given: ``seat 2 (Ann)``."""
    number = f"seat {seat_number(seat)}"
    return f"{number} ({name})" if name else number


def _seat_text(value: Any) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return str(seat_number(value))
    if isinstance(value, list | tuple):
        return ", ".join(_seat_text(v) for v in value)
    return _text(value)


def _text(value: Any) -> str:
    if isinstance(value, Mapping) and "code" in value:
        return render(str(value["code"]), value.get("params", {}))
    if isinstance(value, list | tuple):
        return " ".join(_text(v) for v in value)
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def render(code: str, params: Mapping[str, Any] | None = None) -> str:
    """The English text of ``code`` with ``params``; an unknown code is shown as itself."""
    template = CATALOG.get(code)
    values = _Params({k: _seat_text(v) if k in SEAT_PARAMS else _text(v) for k, v in (params or {}).items()})
    if template is None:
        extra = ", ".join(f"{k}={v}" for k, v in values.items())
        return f"{code} ({extra})" if extra else code
    return template.format_map(values)


register(
    {
        "match_over": "the match is over",
        "not_your_turn": "it is seat {to_move}'s turn, not seat {seat}'s",
        "not_a_seat": "there is no seat {seat} at this table of {players}",
        "unknown_action_id": "{id} is not an action id of this game (0..{last})",
        "not_legal": "{action} is not legal now",
        "malformed_action": "{action} is not a well-formed action of this game: {reason}",
        "unknown_game": "unknown game '{game}'; the games are: {games}",
    }
)

# Why a text can't be read (a :class:`rummykit.errors.NotationError`'s code, the ``reason`` of the
# ``notation`` error): pieces, actions, action ids.
register(
    {
        "notation.empty": "empty piece",
        "notation.tile": "a tile is a colour R, Y, B or K and a number 1-13, or F",
        "notation.tile_number": "a tile's number is 1-13",
        "notation.card": "a card is a rank A 2-9 T J Q K and a suit S H D C, or JK",
        "notation.card_rank": "a card's rank is A, 2-9, T (or 10), J, Q or K",
        "notation.joker_too_many": "one joker too many: the set holds {held}",
        "notation.copy_too_many": "one copy of {piece} too many: the set holds {held}",
        "notation.too_many_copies": "more copies of {piece} than the set holds",
        "notation.not_a_piece": "not a piece of this game",
        "notation.brackets": "a declaration is written in brackets, e.g. JK[7H]",
        "notation.only_joker_declared": "only a joker is declared, e.g. JK[7H]: a card stands for itself",
        "notation.joker_played": "a joker is played with the card it stands for, e.g. JK[9H]",
        "notation.joker_named": "a joker is named by its card, e.g. JK[9H]",
        "notation.one_card": "name one card, e.g. 7H or JK[7H]",
        "notation.real_card": "name the real card, e.g. replace 4 5H",
        "notation.no_action": "empty action; the actions are {actions}",
        "notation.unknown_action": "unknown action; the actions are {actions}",
        "notation.action_id": "an action id is 0..{last}",
        "notation.takes_nothing": "{verb} takes nothing more",
        "notation.one_piece": "{verb} takes exactly one piece, e.g. {verb} {example}",
        "notation.discard_undeclared": (
            "a discarded card is written without a declaration, e.g. {verb} JK or {verb} 7H"
        ),
        "notation.arrangement_finish_only": "only finish takes an arrangement",
        "notation.empty_group": "an empty group in the arrangement",
        "notation.melds": "meld takes cards, melds separated by |, e.g. meld 7H 7D 7C",
        "notation.number_then_cards": "{verb} takes a meld number then cards, e.g. {verb} 3 TH",
        "notation.meld_number": "a meld number is 1..{max}",
        "notation.whole_table": "{verb} takes the whole new table, melds separated by |",
        "notation.write": "write {example}",
        "notation.write_or": "write {example} (or {other})",
        "notation.marker_joker": "the {what} is never a joker",
        "notation.marker_out": "the {what} is out of play, so the hand can hold only {count}",
    }
)

# Why a position text can't be read (:mod:`rummykit.engine.position`); ``what`` is the field or the
# part of one, named as the position text names it.
register(
    {
        "position.head": "a position of this game starts with '{game}' and then '{separator}'",
        "position.field": "a position field is a name and its value, e.g. 'round 2'",
        "position.field_twice": "this field is given twice",
        "position.unknown_field": "unknown field; the fields are {fields}",
        "position.missing_field": "the position has no '{field}' field",
        "position.whole": "{what} is a whole number",
        "position.bounds": "{what} is in {bounds}",
        "position.flag": "{what} is 0 or 1",
        "position.word": "{what} is one of {words}",
        "position.entries": "{what} has {count} entries separated by '{separator}'",
        "position.per_seat": "{what} has one entry for each of the {players} seats, separated by '/'",
        "position.per_seat_numbers": "{what} has one number for each of the {players} seats",
        "position.per_seat_words": "{what} has one word for each of the {players} seats",
        "position.seat_twice": "{what} names each seat at most once",
        "position.one_piece": "{what} is one piece",
        "position.not_held": "{what} names a piece the hand doesn't hold",
        "position.known_not_held": "a known or taken piece must be in the seat's hand",
        "position.counts_unseen": "the hand and stock counts don't match the pieces left unseen",
        "position.piece_missing": "a position places all {size} pieces, once each: {piece} is missing",
        "position.one_piece_or_none": "{what} is one piece, or -",
        "position.order": "order names each of the {players} seats once",
        "position.past_winner": "a past round has a winner, its finishing discard and melds, or none",
        "position.aside_unheld": "a piece set aside written - is one no hand held",
    }
)

# Why rules options are refused (a :class:`rummykit.errors.RulesError`'s code, the ``reason`` of the
# server's ``rules``); ``name`` is the option's name, ``value`` the value as given.
register(
    {
        "rules.not_one_of": "option {name}: {value} is not one of {allowed}",
        "rules.not_bool": "option {name}: {value} is not true or false",
        "rules.not_whole": "option {name}: {value} is not a whole number",
        "rules.not_number": "option {name}: {value} is not a number",
        "rules.unsupported": "option {name}: unsupported type {type}",
        "rules.out_of_range": "option {name}: {value} is out of range ({low}..{high})",
        "rules.below": "option {name}: {value} is out of range (at least {low})",
        "rules.not_penalty": "option {name}: {value} is not a penalty: give 0 or a negative number, e.g. -2",
        "rules.not_negative_total": "option {name}: {value} is not a negative total, e.g. -20",
        "rules.match_rounds": "option match=rounds needs the number of rounds: rounds=N",
        "rules.rounds_without_match": (
            "option rounds counts the rounds of match=rounds, and this match is {match}: "
            "add match=rounds, or leave rounds out"
        ),
        "rules.unknown_option": "unknown option '{name}'; the options are: {options}",
        "rules.no_option": "{game} has no option {listed}; its options are: {options}",
        "rules.other_game": "these are the rules of {owners}, not of {game} ({game} has no option {listed})",
        "rules.override": "{item}: a rule override is written name=value",
        "rules.options_list": "{options}: give the options as a list of name=value texts",
        "rules.preset_unreadable": "can't read preset {path}: {reason}",
        "rules.preset_not_utf8": "can't read preset {path}: it is not UTF-8 text",
        "rules.preset_toml": "preset {path}: {reason}",
        "rules.preset_no_table": "preset {path}: no [{game}] table (it has {tables})",
        "rules.preset_not_table": "preset {path}: [{game}] must be a table of options",
    }
)

# Why pieces are no meld (a :class:`rummykit.errors.MeldError`'s code): ``meld.not_a_meld`` gives why
# they are no set and why no run, each a code ``meld.<reason>.<kind>`` in the words of tiles or cards.
register(
    {
        "meld.not_a_meld": "{meld} is not a meld: {set}; {run}",
        "meld.empty": "an empty meld",
        "meld.declarations": "one declaration per piece",
        "meld.only_wild_declared": "only a wild is declared: {piece} stands for itself",
        "meld.run_order": "{meld}: a run is written from its lowest card up",
        "meld.pair_no_wilds": "{meld} is not a pair: wilds can't complete pairs here",
        "meld.pair_identical": "{meld} is not a pair: a pair is two identical pieces",
        "meld.pair_one_number": "{meld} is not a pair: a pair is two pieces of one number",
        "meld.false_joker": "{piece} has no meaning here: false jokers need an indicator",
        "meld.false_joker_indicator": "a false joker can't be the indicator",
        "meld.joker_undeclared": (
            "{meld}: a joker on the table is written with its declared card, e.g. JK[5H]"
        ),
        "meld.table_invalid": "the table holds an invalid meld: {reason}",
        "meld.set_max_distinct": "a set of distinct suits holds 3 to 4 pieces, not up to {max}",
        "meld.set_max": "a set holds at least 3 pieces, not up to {max}",
        "meld.set_size.tiles": "a set has 3 to {max} pieces",
        "meld.set_size.cards": "a set has 3 to {max} cards",
        "meld.set_all_wild.tiles": "a set needs a piece that is not wild",
        "meld.set_all_wild.cards": "a set needs a card that is not wild",
        "meld.set_rank.tiles": "a set's pieces share one number",
        "meld.set_rank.cards": "a set's cards share one rank",
        "meld.set_suits.tiles": "a set's pieces are all of different colours",
        "meld.set_suits.cards": "a set's cards are all of different suits",
        "meld.run_size.tiles": "a run has 3 to {max} pieces",
        "meld.run_size.cards": "a run has 3 to {max} cards",
        "meld.run_suit.tiles": "a run's pieces are all of one colour",
        "meld.run_suit.cards": "a run's cards are all of one suit",
        "meld.run_twice.tiles": "a run can't hold one number twice",
        "meld.run_twice.cards": "a run can't hold one rank twice",
        "meld.run_gap.tiles": (
            "a run's numbers follow each other (1 may follow 13, never past it or at both ends)"
        ),
        "meld.run_gap.cards": (
            "a run's ranks follow each other (the ace low or high, never both, never K A 2)"
        ),
    }
)

# Why the exact table solver (:mod:`rummykit.solvers.rearrange`) refuses a position it is given.
register(
    {
        "solver.decks": "the table solver plays with one or two decks, not {decks}",
        "solver.copies": "{count} copies of {piece}: {decks} deck(s) hold {decks}",
        "solver.jokers": "{count} jokers: {decks} deck(s) hold {decks}",
    }
)

# Why a game record can't be replayed (a :class:`rummykit.errors.RecordError`'s code, the ``reason``
# of the server's ``bad_record``).
register(
    {
        "record.empty": "the record is empty",
        "record.not_text": "the record is not UTF-8 text",
        "record.not_utf8": "can't read {path}: it is not UTF-8 text",
        "record.unreadable": "can't read {path}: {reason}",
        "record.not_json": "not JSON: {reason}",
        "record.number_too_long": "a number too long to read (over 4,300 digits)",
        "record.not_object": "each line is a JSON object",
        "record.format": "not a rummykit record (format must be '{format}')",
        "record.version": "unsupported record version {version}",
        "record.header_lacks": "the header lacks '{key}'",
        "record.header_types": "the header's seed must be a number and its rules an object",
        "record.header_variant": "the header's variant is a game's name",
        "record.rules_lack": "the header's rules lack {options}: a record holds every option",
        "record.rules_types": 'the header\'s rules are not written with their own types (5, not "5")',
        "record.rules_hash": "the rules hash does not match the rules: the header was altered",
        "record.seats": "the header's seats are a list of names",
        "record.seat_count": "the header names {count} seats for {players} players",
        "record.action_line": "an action line holds two keys: seat (a number) and action (its text)",
        "record.after_end": "an action after the match ended",
        "record.no_such_seat": (
            "an action line's \"seat\": {number} names no seat: the record's are 0 to {last}"
        ),
        "record.wrong_seat": "seat {acting} acts, but it is seat {turn}'s turn",
        "record.illegal": "'{action}' is illegal: {why}",
        "record.after_outcome": "a line after the outcome",
        "record.outcome_early": "the record claims an outcome but the match is not over",
        "record.outcome_missing": "the match is over but the outcome line is missing",
        "record.outcome_differs": (
            "the claimed outcome differs from the replay: "
            "the record claims {claimed}; the replay gives {replayed}"
        ),
    }
)

# The game server's own codes (docs/protocol.md, "Error codes of the server", and the notices it
# adds to actions) belong to the catalogue too: a client renders them without importing the server.
register(
    {
        "bad_json": "the message is not JSON: {reason}",
        "bad_message": "the message lacks a valid {field}",
        "unknown_type": "unknown message type {type}",
        "unknown_key": "unknown key {key} in {where} (the keys there: {known})",
        "too_large": "the message is longer than {limit} characters",
        "rate_limited": "too many messages: at most {limit} a second",
        "not_joined": "say hello to a table first",
        "joined_already": "this connection has joined a table already",
        "no_such_table": "there is no table {table}",
        "no_such_seat": "there is no seat {seat} at this table",
        "no_such_game": "there is no game {game}",
        "table_unavailable": "table {table} is run by another server process now; try again shortly",
        "bad_token": "wrong token for seat {seat}",
        "spectator": "spectators can't act",
        "wrong_seat": "this connection plays seat {seat}, not seat {asked}",
        "not_started": "the match has not started",
        "notation": "{token} can't be read: {reason}",
        "seat_taken": "seat {seat} is taken",
        "not_open": "the table's seats can't change now (it is {status})",
        "seats_empty": "seats {seats} are still empty",
        "not_finished": "the match is not over",
        "bad_request": "bad request: {reason}",
        "forbidden": "that needs the table's owner token or a seat token",
        "rules": "{reason}",
        "server_busy": "the server could not store the action; try again",
        "internal": "the server failed to handle that message; nothing changed",
        "timed_out": "seat {seat}'s time ran out: the server played {action}",
        "bot_stood_in": "a bot plays for seat {seat}",
        "bot_stands_in": "seat {seat} dropped out: a bot plays for it",
        "seat_reclaimed": "seat {seat} is back: the bot stops",
        "hints_off": "this table gives no hints",
        "unsupported": "{feature} is not offered for {variant}",
        "bad_rack": "the rack can't be read: {reason}",
        "bad_record": "the record can't be replayed: line {line}: {reason}",
        "no_such_step": "there is no step {step} in this game (the steps are 0 to {last})",
        "private_game": "game {game} was played at a private table: only its players can see its record",
        "csrf": "this request came from another page or lacks its session's CSRF token; reload the page",
        "bad_login": "wrong username or password",
        "not_signed_in": "sign in first",
        "bad_username": (
            "a username is {min} to {max} letters of any alphabet, digits, - or _:"
            " no spaces, emoji or other signs"
        ),
        "username_scripts": (
            "a username's letters are of one alphabet: not Latin and Cyrillic letters mixed, say"
        ),
        "bad_password": "a password is {min} to {max} characters",
        "username_taken": "that username is taken",
        "too_many_attempts": "too many attempts: try again in {seconds} seconds",
        "rated_needs_account": "a rated table's seats are for signed-in players: sign in first",
        "not_your_seat": "seat {seat} was taken by a signed-in player: sign in as them to play it",
        "banned": "this account is banned",
        "not_moderator": "only a moderator may do that",
        "no_such_message": "there is no chat message {id}",
        "no_such_account": "there is no account {username}",
        "chat_sign_in": "sign in to chat here",
        "chat_empty": "the message is empty",
        "chat_too_long": "a chat message is at most {limit} characters",
        "chat_rate_limited": "you are sending messages too fast: wait {seconds} seconds",
        "chat_report_rate_limited": "you are reporting messages too fast: wait {seconds} seconds",
        "too_many_mutes": "you can mute at most {limit} players",
        "no_such_player": "there is no player called {name}",
        "bad_access_token": "that access token is not valid: it was revoked, or its account deleted",
        "session_needed": "access tokens are made and revoked on the account page, signed in",
        "no_such_token": "you have no access token {id}",
        "bad_token_name": "an access token's name is 1 to {max} characters",
        "too_many_tokens": "an account holds at most {max} access tokens: revoke one first",
    }
)
