"""Checks that an error is told as message codes (:mod:`rummykit.messages`), never as prose."""

from __future__ import annotations

from collections.abc import Mapping

from rummykit.errors import RummykitError, message_of
from rummykit.messages import CATALOG


def codes_in(error: RummykitError) -> list[str]:
    """Every message code ``error`` carries, outermost first: its own and those nested in its
    parameters (a notation error's ``reason``, an illegal meld's ``reason``)."""
    found: list[str] = []
    pending: list[object] = [message_of(error)]
    while pending:
        value = pending.pop(0)
        if isinstance(value, Mapping):
            if "code" in value:
                found.append(str(value["code"]))
                pending.extend(dict(value.get("params", {})).values())
            else:
                pending.extend(value.values())
        elif isinstance(value, list | tuple):
            pending.extend(value)
    return found


def assert_coded(error: RummykitError) -> None:
    """Fail unless every code ``error`` carries is a registered code (one with an English text,
    hence, by the i18n check, a text in every language)."""
    unknown = [code for code in codes_in(error) if code not in CATALOG]
    assert not unknown, f"{type(error).__name__} {error} carries codes that are no message code: {unknown}"
