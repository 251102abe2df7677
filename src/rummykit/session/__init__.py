"""A seat's session: what a player's client needs beyond the engine, for any interface.

The engine answers for the rules; a person at a seat needs more: their own order of the pieces
held, the events they have seen, what they may do now, hints, and (Carousel) a draft of the new
table. :class:`SeatSession` holds these for one seat and is fed only with what that seat may learn:
``session.update(game.observe(state, seat), game.events_for(events, seat),
game.legal_actions(state, seat))``. A local game feeds it directly; a networked client will feed it
from the server's messages. The terminal clients (``rummykit play``) only render a session; the
browser client will render the same one. No rule is re-implemented here: legality always comes from
the engine's legal actions.

- **Rack order** (:class:`Rack`, ``session.rack``): the player's own order of the pieces, in slots.
  ``capacity=None`` is one row without gaps (the terminal); a capacity keeps gaps (the browser's two
  rows of slots). After each action the rack follows the hand: pieces that left go from the right
  first, new pieces land in a free slot (right of the last piece), a new round starts sorted by suit
  and rank. ``rack.sort(how, profile, wilds)`` arranges it by the solver's best melds (``runs``,
  ``sets``), ``pairs``, ``rank`` or ``suit``; ``rack.move(slot, slot)`` moves one piece;
  :func:`groups` finds the adjacent pieces forming melds (a client brackets them).
- **Event log** (``session.log``, :class:`EventLog`): the seat's events as JSON
  (``{"code", "seat", "params"}``), rendered by :func:`rummykit.messages.render` (English; the
  browser renders the same codes from its catalogs).
- **What can I do now** (``session.choices()``): the legal actions' canonical texts grouped by
  verb (``{"draw": ["draw"], "discard": ["discard R7", ...]}``), ``session.can(verb)``; from the
  engine's legal actions, never re-derived.
- **What a game shows beyond the observation** (:class:`rummykit.session.assist.SeatAssist`, each
  game package's ``assist``): what arranges its rack, its hint as data, not prose (the closed-hand
  games' best arrangement, finish or discard; Kalooki's greedy move, best melds by value and
  opening value; Carousel's best new table from the table solver), and what its ``state``
  messages carry besides the observation.
- **Carousel's draft** (:class:`rummykit.variants.carousel.planner.DraftPlanner`): the draft is engine
  state (``observation["draft"]``) changed by atomic actions; the planner maps a person's commands
  to them: several cards at once (``new 7H 7D 7C`` is ``new 7H``, ``add 4 7D``, ``add 4 7C``), a
  meld's only joker named ``JK``, ``undo`` of a whole command, and ``hint use`` (the solver's
  table) or a typed table as the engine's one ``draft`` edit. Each step is worked out with the
  engine's own ``draft.edit``, so a refusal carries the engine's code.
- **Errors**: a session command that can't be done raises :class:`SessionError` (or
  :class:`rummykit.errors.IllegalActionError` for a piece not held), a code with parameters like
  the engine's errors (:mod:`rummykit.session.messages`); nothing changes.
"""

from __future__ import annotations

from rummykit.session.messages import SessionError
from rummykit.session.rack import SORT_WAYS, Rack, colour_key, groups, number_key
from rummykit.session.session import EventLog, SeatSession, round_result, verb_of

__all__ = [
    "SORT_WAYS",
    "EventLog",
    "Rack",
    "SeatSession",
    "SessionError",
    "colour_key",
    "groups",
    "number_key",
    "round_result",
    "verb_of",
]
