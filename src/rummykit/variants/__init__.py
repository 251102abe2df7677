"""Variants: each game's rules object, state machine and scoring."""
