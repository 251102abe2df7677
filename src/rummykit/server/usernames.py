"""Usernames: which names an account may take and when two names are one.

A username is 3 to 24 characters once NFC-normalised: letters of any alphabet (with their accents
and vowel signs), the digits 0-9, ``-`` and ``_``; no spaces, emoji, punctuation or other signs.
Its letters come from one alphabet (Latin, Cyrillic, Thai, Arabic…; Chinese and Japanese
characters count as one), so that a name can't pass for another by mixing look-alike letters of
two alphabets ("pаul" with a Cyrillic "а"). Two names are one when their case-folded forms are
equal (:func:`username_key`): ``Ayşe`` and ``AYŞE``, ``Ann`` and ``ann``; and Turkish's dotted
capital ``İ`` is ``i`` (``İnce`` and ``ince``), as a phone's keyboard types the name in lower case.
"""

from __future__ import annotations

import unicodedata

from rummykit.server.protocol import ProtocolError

USERNAME_MIN, USERNAME_MAX = 3, 24
"""A username's length in characters (code points, NFC)."""
_SIGNS = frozenset("0123456789-_")
_ONE_SCRIPT = {"HIRAGANA": "CJK", "KATAKANA": "CJK", "HANGUL": "HANGUL", "CJK": "CJK"}
"""Scripts written together as one (a Japanese name mixes kanji and kana)."""


def _script(letter: str) -> str:
    """The script of ``letter`` as its Unicode name begins (``LATIN``, ``THAI``, ``ARABIC``…)."""
    word = unicodedata.name(letter, "UNKNOWN").split()[0]
    return _ONE_SCRIPT.get(word, word)


def _problem(name: str) -> str | None:
    """Why ``name`` (NFC) is no username: a refusal's code, or ``None``."""
    if not USERNAME_MIN <= len(name) <= USERNAME_MAX:
        return "bad_username"
    scripts = set()
    for n, char in enumerate(name):
        kind = unicodedata.category(char)
        if kind.startswith("L"):
            scripts.add(_script(char))
        elif not (char in _SIGNS or (kind.startswith("M") and n > 0 and name[n - 1] not in _SIGNS)):
            return "bad_username"
    return "username_scripts" if len(scripts) > 1 else None


def check_username(value: object) -> str:
    """``value`` as a username, NFC-normalised; raises ``bad_username`` (``min``, ``max``) for a
    wrong length or a character that is not a letter, a digit, ``-`` or ``_`` (an emoji, a space),
    and ``username_scripts`` for letters of several alphabets."""
    name = unicodedata.normalize("NFC", value) if isinstance(value, str) else ""
    problem = _problem(name)
    if problem is not None:
        raise ProtocolError(problem, min=USERNAME_MIN, max=USERNAME_MAX)
    return name


def is_username(value: str) -> bool:
    """Whether ``value`` could be a username (as typed to sign in, or in a profile's address)."""
    return _problem(unicodedata.normalize("NFC", value)) is None


def username_key(name: str) -> str:
    """The form under which ``name`` is unique: NFC, case-folded (``Ayşe`` and ``AYŞE`` are one
    name), ``İ`` as ``i`` (Unicode folds it to ``i`` and a combining dot); an ASCII name's key is
    its lower case, as it always was."""
    folded = unicodedata.normalize("NFC", name).replace("\u0130", "i").casefold()
    return unicodedata.normalize("NFC", folded)
