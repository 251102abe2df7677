"""Bots: they see only an observation and the legal actions, exactly as a person does.

The ``Bot`` protocol (:class:`rummykit.engine.match.Bot`, ``docs/bots.md``):

- built ``factory(game, seed)``: ``game`` is the immutable :class:`rummykit.engine.game.Game` (its
  rules, solvers, action codec; never a state), ``seed`` an int. Equal seeds and equal questions
  give equal answers: a bot's randomness comes from its seed only (a time budget is the one
  documented exception, see :mod:`rummykit.variants.closed_hand.search`);
- ``name``: a short lower-case word;
- ``choose(observation, legal)``: ``observation`` is ``game.observe(state, seat)`` for the bot's
  seat (a JSON-able dict: never more than that seat may see), ``legal`` is
  ``game.legal_actions(state, seat)`` (not empty). It returns one of ``legal`` (or another legal
  action of the game, such as Kalooki's shortcuts). A bot may keep memory between calls, but the
  server shares one bot among its tables, so memory must not be needed to play well.

Names: :mod:`rummykit.bots.registry` (built-in bots and the ``rummykit.bots`` entry point group).
"""

from rummykit.engine.match import Bot

__all__ = ["Bot"]
