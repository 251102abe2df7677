"""Each game's rules and help page, in every language of the clients (``en``, ``tr``, ``fa``,
``th``), written in the game's package (``variants/<game>/help/<lang>.md``) and read here into
structured content that the server serves (``GET /rules/<game>``), the browser draws (``#/rules/…``)
and ``rummykit rules`` prints.

A help file is a small Markdown subset:

- ``# Title``: the page's title (its first line);
- ``## Heading {#id}``: a section; every language of a game has the same sections in the same order
  (:data:`REQUIRED` among them), and the last, ``options``, is followed by every rules option;
- a paragraph: lines up to a blank line; ``- item``: a list item, ``1. step``: a numbered one;
  ``**words**`` are strong and ```R7``` is notation;
- ``pieces: R5 R6 R7 | caption``: an example drawn as pieces (notation; a trailing ``*`` marks a
  wild piece: ``R5*``), with a caption.

Text may name an option in braces, ``{open_min}``: it is replaced by that option's value under the
rules the page is built for (a table's), in the language's digits, so the page tells the table's
own numbers. Only number options are named so; a choice's words come from the clients' catalogs.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rummykit.engine.options import rules_dict
from rummykit.errors import CodedError
from rummykit.messages import register
from rummykit.server.rules_info import variant_info
from rummykit.variants.declaration import GamePackage
from rummykit.variants.registry import VARIANTS, variant

LANGUAGES: dict[str, str] = {"en": "ltr", "tr": "ltr", "fa": "rtl", "th": "ltr"}
"""The languages of the help, with each one's writing direction."""
REQUIRED = ("goal", "pieces", "deal", "turn", "melds", "scoring", "options")
"""The sections every game's page has (its own, such as ``jokers`` or ``opening``, besides)."""
OPTIONS_SECTION = "options"
"""The section the rules options follow; the page's last."""

_HEADING = re.compile(r"^## (?P<title>.+?) \{#(?P<id>[a-z_]+)\}$")
_PLACEHOLDER = re.compile(r"\{([a-z_0-9]+)\}")
_ITEM = re.compile(r"^(?:(?P<bullet>- )|(?P<number>[0-9]+\. ))(?P<text>.+)$")
_PIECES = "pieces:"
_PERSIAN_DIGITS = str.maketrans("0123456789-", "۰۱۲۳۴۵۶۷۸۹−")

register(
    {
        "help_language": "there is no help in {lang}; the languages are {languages}",
        "help_no_game": "there is no game {game}; the games are {games}",
    }
)


class HelpError(CodedError, ValueError):
    """A page that can't be given: a language with no help (``help_language``), a game that
    doesn't exist (``help_no_game``)."""


@dataclass(frozen=True)
class Section:
    """A section: its ``id``, ``title`` and ``blocks``: ``{"type": "p", "text"}``, ``{"type":
    "list", "ordered": bool, "items": [text, ...]}``, ``{"type": "pieces", "pieces": [notation,
    ...], "caption"}`` (a wild piece's notation ends with ``*``)."""

    id: str
    title: str
    blocks: tuple[dict[str, Any], ...]


def number_text(value: object, lang: str) -> str:
    """A number as the help writes it, in ``lang``'s digits (Persian ``۱۰۱``, ``−۲``)."""
    text = f"{value:g}" if isinstance(value, float) else str(value)
    return text.translate(_PERSIAN_DIGITS) if lang == "fa" else text


def _fill(text: str, values: Mapping[str, object], lang: str, fail: Any) -> str:
    """``text`` with each ``{option}`` replaced by its value; ``fail(reason)`` for another name."""

    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in values or isinstance(values[name], bool | str) or values[name] is None:
            fail(f"{{{name}}} is no number option")
        return number_text(values[name], lang)

    return _PLACEHOLDER.sub(value, text)


def parse(text: str, values: Mapping[str, object], lang: str, game: str) -> tuple[str, list[Section]]:
    """The title and sections of a help file's ``text``, its ``{option}`` names replaced by
    ``values`` (the rules as :func:`rules_dict` gives them) in ``lang``'s digits. Raises
    :class:`ValueError` naming the file's line that breaks the format (a mistake of the help's
    writer, which the tests catch)."""
    lines = text.splitlines()
    title = ""
    sections: list[tuple[str, str, list[dict[str, Any]]]] = []
    paragraph: list[str] = []
    number = 0

    def fail(reason: str) -> None:
        raise ValueError(f"help/{lang}.md of {game}, line {number}: {reason}")

    def close() -> None:
        if paragraph:
            sections[-1][2].append({"type": "p", "text": " ".join(paragraph)})
            paragraph.clear()

    for number, raw in enumerate(lines, 1):
        line = _fill(raw.strip(), values, lang, fail)
        if number == 1:
            if not line.startswith("# "):
                fail("the first line is '# Title'")
            title = line[2:].strip()
            continue
        heading = _HEADING.match(line)
        if heading:
            close()
            sections.append((heading["id"], heading["title"], []))
        elif not line:
            close()
        elif not sections:
            fail("text before the first '## Heading {#id}'")
        elif item := _ITEM.match(line):
            close()
            blocks = sections[-1][2]
            ordered = item["number"] is not None
            if not blocks or blocks[-1]["type"] != "list" or blocks[-1]["ordered"] != ordered:
                blocks.append({"type": "list", "ordered": ordered, "items": []})
            blocks[-1]["items"].append(item["text"])
        elif line.startswith(_PIECES):
            close()
            shown, _, caption = line[len(_PIECES) :].partition("|")
            if not shown.split() or not caption.strip():
                fail("'pieces: R5 R6 R7 | caption'")
            sections[-1][2].append({"type": "pieces", "pieces": shown.split(), "caption": caption.strip()})
        else:
            paragraph.append(line)
    if sections:
        close()
    if not sections or sections[-1][0] != OPTIONS_SECTION:
        fail(f"the last section is '{{#{OPTIONS_SECTION}}}'")
    return title, [Section(i, t, tuple(b)) for i, t, b in sections]


def help_text(info: GamePackage, lang: str) -> str:
    """The help file of ``info``'s game in ``lang``; raises :class:`HelpError` (``help_language``)
    for a language with none."""
    if lang not in LANGUAGES:
        raise HelpError("help_language", lang=lang[:20], languages=", ".join(LANGUAGES))
    return info.help.joinpath(f"{lang}.md").read_text("utf-8")


def help_page(info: GamePackage, lang: str, rules: object) -> dict[str, Any]:
    """The help page of ``info``'s game in ``lang`` under ``rules`` (the game's rules object, a
    table's or the preset's): ``{"type": "rules_help", "variant", "lang", "dir" ("ltr" or "rtl"),
    "pieces" ("tiles" or "cards"), "title", "sections": [{"id", "title", "blocks"}], "options":
    [...]}``, each option as ``GET /variants`` gives it (:func:`rummykit.server.rules_info.option_info`)
    with its ``value`` under ``rules``. Raises :class:`HelpError` for a language with no help."""
    values = rules_dict(rules)
    title, sections = parse(help_text(info, lang), values, lang, info.name)
    options = [{**option, "value": values[option["name"]]} for option in variant_info(info)["options"]]
    return {
        "type": "rules_help",
        "variant": info.name,
        "lang": lang,
        "dir": LANGUAGES[lang],
        "pieces": info.kind.name.lower(),
        "title": title,
        "sections": [{"id": s.id, "title": s.title, "blocks": list(s.blocks)} for s in sections],
        "options": options,
    }


def game_help(
    name: str, lang: str, options: Mapping[str, object] | Sequence[str] = (), preset: Path | None = None
) -> dict[str, Any]:
    """:func:`help_page` of the game ``name`` (its id, any case, ``-`` for ``_``) in ``lang``
    under its preset (or the TOML file ``preset``) with ``options`` (a table's: a mapping of
    option name to value, typed or as text, or ``name=value`` texts). Raises :class:`HelpError`
    for an unknown game or language, :class:`rummykit.errors.RulesError` for a bad option."""
    if name.strip().lower().replace("-", "_") not in VARIANTS:
        raise HelpError("help_no_game", game=name[:40], games=", ".join(VARIANTS))
    info = variant(name)
    return help_page(info, lang, info.load_rules(preset, options))
