"""The options the games of Okey's tiles share (``okey.md``, ``okey-101.md``): the direction of play
and how much of the discard piles everyone sees."""

from __future__ import annotations

from enum import StrEnum


class Direction(StrEnum):
    """Direction of play and deal: counter-clockwise (to the right, traditional) or clockwise."""

    CCW = "ccw"
    CW = "cw"


class DiscardHistory(StrEnum):
    """What of the discard piles is public: every tile, or only each pile's top."""

    VISIBLE = "visible"
    TOP_ONLY = "top_only"
