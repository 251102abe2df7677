"""The browser client's translation catalogs: extract, compile and check.

    python scripts/i18n.py extract   # sources -> locale/messages.pot and every locale's messages.po
    python scripts/i18n.py compile   # locale/<lang>/LC_MESSAGES/messages.po -> i18n/<lang>.json,
                                     # i18n/<lang>/<game>.json, i18n/<lang>/rules.json and lobby.json
    python scripts/i18n.py check     # exit 1 on a missing, fuzzy or broken translation, or stale files

The English texts (the keys' templates) come from two sources:

* :data:`rummykit.messages.CATALOG` once every module in :data:`REGISTERING_MODULES` is imported: the
  engine's, the variants', the session's and the server's codes and the rules options' help texts;
* ``src/rummykit/web/strings.toml``: the browser page's own strings, a flat table
  ``key = "English {param}"`` (optional: absent means no page strings yet).

In the ``.po`` files a message's ``msgctxt`` is its key and its ``msgid`` the English template. When
the English text of a key changes, ``extract`` keeps the old translation but marks it fuzzy (with the
old English as ``#| msgid``); a fuzzy translation counts as missing until a translator clears the flag.
``compile`` writes, per language, flat ``{key: template}`` objects: for the other languages their
finished translations and the English where one is missing, so that a page loads one language.
The keys are split (:func:`split`, :func:`owner`) between ``src/rummykit/web/i18n/<lang>.json``, the
common catalog every page loads, ``i18n/<lang>/<game>.json``, the keys only a game's table and
replay use, which the page loads before it shows that game, ``i18n/<lang>/rules.json``, the
rules options' help that only the lobby's create form shows, and ``i18n/<lang>/lobby.json``, the
lobby's and the account page's own strings. See ``docs/i18n.md``.
"""

from __future__ import annotations

import argparse
import importlib
import io
import json
import re
import string
import sys
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "src" / "rummykit" / "web"
LOCALE = WEB / "locale"
"""gettext files: ``messages.pot`` and ``<lang>/LC_MESSAGES/messages.po``."""
COMPILED = WEB / "i18n"
"""Compiled catalogs: ``<lang>.json`` (common), ``<lang>/<game>.json`` (a game's own keys) and
``<lang>/rules.json`` (the create form's rules help), ``<lang>/lobby.json`` (the lobby's and the
account page's)."""
STRINGS = WEB / "strings.toml"
"""The browser page's English strings."""

SOURCE_LANGUAGE = "en"
TRANSLATED = ("tr", "fa", "th")
"""The languages with a ``.po`` file (English is the source)."""
LANGUAGES = (SOURCE_LANGUAGE, *TRANSLATED)
NAMES = {"tr": "Turkish", "fa": "Persian", "th": "Thai"}

REGISTERING_MODULES = (
    "rummykit.session.messages",
    "rummykit.engine.option_help",
    "rummykit.server.rules_help",
)
"""Every module outside the game packages that registers English templates with
:func:`rummykit.messages.register` (besides :mod:`rummykit.messages` itself, which registers the
game server's codes too); each game package
registers its own (:meth:`rummykit.variants.declaration.GamePackage.register_messages`)."""

SHARED = frozenset({"okey_label", "account_sign_in", "replay_drew"})
"""Keys named like a part's (:func:`owner`) that other pages use, so they stay in the common
catalog: ``okey_label`` (the okey beside the indicator) is written by ``games/tiles.js``, which 101
Okey's table shows as well as Okey's; ``account_sign_in`` is the header's link on every page;
``replay_drew`` is a table's log line too (``log.js``, the games' controllers)."""

RULES = "rules"
"""The catalog of the create form's rules help, ``i18n/<lang>/rules.json``: every rules option's
name and help (``rule_<name>``, ``option_<name>``, ``value_<name>_<value>``, the page's
``option_yes``…, a game's own help ``okey.option_rounds``) and the rules and help page's own
strings (``help_…``), which only the lobby's create form (``web/js/create.js``) and the rules page
(``web/js/rules.js``) show."""
RULES_PREFIXES = ("option_", "rule_", "value_", "help_")

LOBBY = "lobby"
"""The catalog of the lobby's and the account page's own strings, ``i18n/<lang>/lobby.json``: the
create form's, the open tables', My games', the leaderboard's, the account page's and the profile
page's (the keys starting with one of :data:`LOBBY_PREFIXES`), which no table or replay shows:
only ``lobby.js``, ``account.js`` and ``profile.js`` load it."""
LOBBY_PREFIXES = ("create_", "preset_", "lobby_", "my_", "ratings_", "account_", "profile_")
LOBBY_CODES = frozenset(
    (
        "no_such_player",
        "bad_access_token",
        "session_needed",
        "no_such_token",
        "bad_token_name",
        "too_many_tokens",
        "unknown_key",
    )
)
"""The server's codes that only the account page and the profile page show (the refusals of
``GET /players/{name}`` and of the access tokens' requests), and ``unknown_key``, which no page
meets (it sends only the keys the server knows; a hand-written client's mistake): :data:`LOBBY`'s
too. Kept off the common catalog, which took Carousel's table in Thai over the page's limit."""
POSITIONS = "positions"
"""The position notation's codes (``position.…``: what ``rummykit`` reads from ``--position``), which
no page shows (the server never sends them), ``i18n/<lang>/positions.json``: their translations
kept, loaded by no page."""
RECORDS = "records"
"""The codes of a record that does not replay (``record.…``, the ``reason`` of ``bad_record``) and
the replay page's own strings (keys starting with :data:`RECORDS_PREFIX`), ``i18n/<lang>/records.json``,
which only the replay page shows and loads (``web/js/replay.js``): a table's page loads none of it."""
RECORDS_PREFIX = "replay_"
PARTS = (RULES, LOBBY, POSITIONS, RECORDS)
"""The parts of the catalog that are no game's."""

KEY = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)*")
"""A key: ``snake_case`` words, dot-separated (``drew``, ``carousel.drew``, ``lobby.create``)."""
HEADER = """\
# The rummykit browser client in {language}.
# msgctxt is the key, msgid the English text; keep every {{placeholder}} and the piece notation
# (R7, 7H, JK[5H]) as they are. After editing: python scripts/i18n.py compile (see docs/i18n.md).
#"""
_DATES = (b'"POT-Creation-Date:', b'"PO-Revision-Date:')


class I18nError(Exception):
    """A source the catalogs can't be made from (a bad key, a bad template, a key given twice)."""


@dataclass(frozen=True)
class Entry:
    """One English message: ``key``, ``text`` (the template) and ``origin`` (where it is defined)."""

    key: str
    text: str
    origin: str


def game_ids() -> tuple[str, ...]:
    """The games' ids (:data:`rummykit.variants.registry.VARIANTS`), longest first, so that a key
    ``okey_101_…`` is 101 Okey's, not Okey's."""
    from rummykit.variants.registry import VARIANTS

    return tuple(sorted(VARIANTS, key=lambda name: (-len(name), name)))


def owner(key: str, games: Sequence[str]) -> str | None:
    """The catalog part that holds ``key``: a game's id, :data:`RULES`, :data:`LOBBY`,
    :data:`POSITIONS`, :data:`RECORDS`, or ``None``
    for the common catalog. A key is a game's when it (or, for ``named.<code>``, its code) starts
    with the game's id and ``.`` or ``_`` (``games`` longest first: :func:`game_ids`): the game's
    codes and its table's strings, which only its controller (``web/js/games/<game>.js``), its
    table and its replay show; except the keys of :data:`SHARED` (common) and a game's own help of a rules
    option (``okey.option_rounds``: :data:`RULES`, with every key starting with one of
    :data:`RULES_PREFIXES`); the keys starting with one of :data:`LOBBY_PREFIXES`, and
    :data:`LOBBY_CODES`, are :data:`LOBBY`'s, those starting with :data:`RECORDS_PREFIX`
    :data:`RECORDS`'."""
    code = key.removeprefix("named.")
    if key in SHARED or code in SHARED:
        return None
    for game in games:
        if code.startswith((f"{game}.", f"{game}_")):
            return RULES if code.startswith(f"{game}.option_") else game
    if key.startswith(RULES_PREFIXES):
        return RULES
    if code.startswith("position."):
        return POSITIONS
    if code.startswith("record.") or key.startswith(RECORDS_PREFIX):
        return RECORDS
    return LOBBY if key.startswith(LOBBY_PREFIXES) or key in LOBBY_CODES else None


def split(table: Mapping[str, str], games: Sequence[str]) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """``table`` as the page loads it: ``(common, {part: its keys})``, the parts every game of
    ``games`` and :data:`PARTS` (``{}`` when one holds no key)."""
    for part in PARTS:
        if part in games:
            raise I18nError(f"a game can't be called {part!r}: its catalog would be the page's {part} part")
    common: dict[str, str] = {}
    own: dict[str, dict[str, str]] = {part: {} for part in (*games, *PARTS)}
    for key, text in table.items():
        game = owner(key, games)
        (common if game is None else own[game])[key] = text
    return common, own


def compiled_files(entries: Mapping[str, Entry], language: str) -> dict[Path, str]:
    """The compiled files of ``language`` and their text: ``i18n/<lang>.json``,
    ``i18n/<lang>/<game>.json`` for every game, ``i18n/<lang>/rules.json`` and ``lobby.json``."""
    common, own = split(compiled(entries, language), game_ids())
    files = {COMPILED / f"{language}.json": json_text(common)}
    files.update(
        {COMPILED / language / f"{game}.json": json_text(table) for game, table in sorted(own.items())}
    )
    return files


def placeholders(template: str) -> frozenset[str]:
    """The parameter names of ``template`` (``"takes {piece}"`` -> ``{"piece"}``); raises
    :class:`ValueError` for unbalanced braces or a positional ``{}``."""
    names = {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}
    if "" in names or any(not n.isidentifier() for n in names):
        raise ValueError(f"placeholders of {template!r} must be names, e.g. {{seat}}")
    return frozenset(names)


def _add(entries: dict[str, Entry], entry: Entry) -> None:
    if not KEY.fullmatch(entry.key):
        raise I18nError(f"{entry.origin}: {entry.key!r} is not a key (snake_case words, dot-separated)")
    try:
        placeholders(entry.text)
    except ValueError as exc:
        raise I18nError(f"{entry.origin}: {entry.key}: {exc}") from None
    known = entries.get(entry.key)
    if known is not None and known.text != entry.text:
        raise I18nError(f"{entry.key} is given twice: in {known.origin} and {entry.origin}")
    entries.setdefault(entry.key, entry)


def page_strings(path: Path = STRINGS) -> dict[str, str]:
    """The page's strings from ``strings.toml`` (``{}`` when the file is absent); raises
    :class:`I18nError` for a file that is not a flat table of texts."""
    if not path.exists():
        return {}
    try:
        data = tomllib.loads(path.read_text("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise I18nError(f"{path.name}: {exc}") from None
    bad = [key for key, value in data.items() if not isinstance(value, str)]
    if bad:
        raise I18nError(f'{path.name}: {bad[0]!r} is not a text (the file is a flat key = "text" table)')
    return {key: str(value) for key, value in data.items()}


def english(strings_path: Path = STRINGS) -> dict[str, Entry]:
    """Every English message by key: the registered codes, then the page's strings, sorted by key.
    Raises :class:`I18nError` (see :func:`_add`)."""
    from rummykit.messages import CATALOG
    from rummykit.variants.registry import VARIANTS

    for module in REGISTERING_MODULES:
        importlib.import_module(module)
    for info in VARIANTS.values():
        info.register_messages()
    entries: dict[str, Entry] = {}
    for key, text in CATALOG.items():
        _add(entries, Entry(key, text, "rummykit.messages.CATALOG"))
    for key, text in page_strings(strings_path).items():
        _add(entries, Entry(key, text, "web/strings.toml"))
    return {key: entries[key] for key in sorted(entries)}


def _flags(text: str) -> set[str]:
    return {"python-brace-format"} if placeholders(text) else set()


def template_catalog(entries: Mapping[str, Entry]) -> Catalog:
    """The ``.pot`` catalog: one message per key, ``msgctxt`` the key, ``msgid`` the English text."""
    catalog = Catalog(project="rummykit", msgid_bugs_address="", copyright_holder="rummykit")
    for entry in entries.values():
        catalog.add(entry.text, "", context=entry.key, flags=_flags(entry.text))
    return catalog


def by_key(catalog: Catalog) -> dict[str, Message]:
    """The catalog's messages by ``msgctxt`` (messages without one, like the header, left out)."""
    return {m.context: m for m in catalog if m.id and m.context}


def merged(template: Catalog, old: Catalog | None, language: str) -> Catalog:
    """``language``'s catalog for ``template``: each key keeps its translation; a key whose English
    changed keeps it marked fuzzy (the old English as previous id); new keys are untranslated;
    keys gone from the template are dropped. Translator comments are kept."""
    catalog = Catalog(
        locale=language,
        header_comment=HEADER.format(language=NAMES.get(language, language)),
        project="rummykit",
        msgid_bugs_address="",
        copyright_holder="rummykit",
        fuzzy=False,
    )
    if old is not None:
        catalog.last_translator = old.last_translator
        catalog.language_team = old.language_team
        catalog.revision_date = old.revision_date
        catalog.creation_date = old.creation_date
    previous = by_key(old) if old is not None else {}
    for key, message in by_key(template).items():
        known = previous.get(key)
        flags = set(message.flags)
        translation = ""
        comments: list[str] = []
        previous_id: list[str] = []
        if known is not None and isinstance(known.string, str) and known.string:
            translation = known.string
            comments = list(known.user_comments)
            if known.id != message.id or known.fuzzy:
                flags.add("fuzzy")
                previous_id = list(known.previous_id) if known.id == message.id else [str(known.id)]
        catalog.add(
            message.id,
            translation,
            context=key,
            user_comments=comments,
            previous_id=previous_id,
            flags=flags,
        )
    return catalog


def po_path(language: str) -> Path:
    """The ``.po`` file of ``language``."""
    return LOCALE / language / "LC_MESSAGES" / "messages.po"


def _po_bytes(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, ignore_obsolete=True, include_previous=True)
    return buffer.getvalue()


def _without_dates(data: bytes) -> list[bytes]:
    return [line for line in data.splitlines() if not line.startswith(_DATES)]


def _write_if_changed(path: Path, data: bytes) -> bool:
    """Write ``data`` unless the file holds the same apart from its header dates; whether it wrote."""
    if path.exists() and _without_dates(path.read_bytes()) == _without_dates(data):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def read_catalog(path: Path, language: str | None = None) -> Catalog | None:
    """The catalog in ``path``, ``None`` when the file is absent."""
    if not path.exists():
        return None
    with path.open("rb") as handle:
        return read_po(handle, locale=language, ignore_obsolete=True, abort_invalid=True)


def extract(strings_path: Path = STRINGS) -> list[str]:
    """Write ``messages.pot`` and update every language's ``.po``; the files written."""
    template = template_catalog(english(strings_path))
    written = []
    if _write_if_changed(LOCALE / "messages.pot", _po_bytes(template)):
        written.append("messages.pot")
    for language in TRANSLATED:
        catalog = merged(template, read_catalog(po_path(language), language), language)
        if _write_if_changed(po_path(language), _po_bytes(catalog)):
            written.append(f"{language}/LC_MESSAGES/messages.po")
    return written


def usable(message: Message | None, entry: Entry) -> bool:
    """Whether ``message`` translates ``entry``: same English, not fuzzy, not empty, the same
    placeholders."""
    if message is None or message.fuzzy or message.id != entry.text:
        return False
    text = message.string
    if not isinstance(text, str) or not text.strip():
        return False
    try:
        return placeholders(text) == placeholders(entry.text)
    except ValueError:
        return False


def compiled(entries: Mapping[str, Entry], language: str) -> dict[str, str]:
    """The JSON catalog of ``language``: every key, for English its text, for the others the usable
    translation (see :func:`usable`) of the ``.po`` file or else the English."""
    if language == SOURCE_LANGUAGE:
        return {key: entry.text for key, entry in entries.items()}
    catalog = read_catalog(po_path(language), language)
    messages = by_key(catalog) if catalog is not None else {}
    return {
        key: str(messages[key].string) if usable(messages.get(key), entry) else entry.text
        for key, entry in entries.items()
    }


def json_text(table: Mapping[str, str]) -> str:
    """A compiled catalog as committed: sorted keys, one per line, UTF-8 text (not escaped)."""
    return json.dumps(dict(sorted(table.items())), ensure_ascii=False, indent=0) + "\n"


def compile_all(strings_path: Path = STRINGS) -> list[str]:
    """Write ``i18n/<lang>.json`` and the parts ``i18n/<lang>/<part>.json`` for every language (and
    remove a part that is no more, a game's that was removed); the files written or removed."""
    entries = english(strings_path)
    written = []
    for language in LANGUAGES:
        files = compiled_files(entries, language)
        for path, text in files.items():
            if not path.exists() or path.read_text("utf-8") != text:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, "utf-8")
                written.append(path.relative_to(COMPILED).as_posix())
        for stray in sorted(set((COMPILED / language).glob("*.json")) - set(files)):
            stray.unlink()
            written.append(f"{stray.relative_to(COMPILED).as_posix()} (removed)")
    return written


def problems(strings_path: Path = STRINGS) -> list[str]:
    """Everything that is not finished: per language the missing, fuzzy and broken translations
    and stale keys, an out-of-date ``.pot`` and missing, out-of-date or stray JSON files (a
    common or a game catalog). Empty when all is well."""
    entries = english(strings_path)
    found: list[str] = []
    pot = LOCALE / "messages.pot"
    if not pot.exists() or _without_dates(pot.read_bytes()) != _without_dates(
        _po_bytes(template_catalog(entries))
    ):
        found.append("messages.pot is out of date: run scripts/i18n.py extract")
    for language in TRANSLATED:
        catalog = read_catalog(po_path(language), language)
        if catalog is None:
            found.append(f"{language}: no {po_path(language).relative_to(ROOT)}: run extract")
            continue
        messages = by_key(catalog)
        found.extend(
            f"{language}: {key}: stale (no such key)" for key in sorted(set(messages) - set(entries))
        )
        for key, entry in entries.items():
            message = messages.get(key)
            reason = _problem(message, entry)
            if reason:
                found.append(f"{language}: {key}: {reason}")
    for language in LANGUAGES:
        files = compiled_files(entries, language)
        for path, text in files.items():
            if not path.exists():
                found.append(f"{path.relative_to(ROOT)} is missing: run scripts/i18n.py compile")
            elif path.read_text("utf-8") != text:
                found.append(f"{path.relative_to(ROOT)} is out of date: run scripts/i18n.py compile")
        found.extend(
            f"{stray.relative_to(ROOT)} is no catalog's part: run scripts/i18n.py compile"
            for stray in sorted(set((COMPILED / language).glob("*.json")) - set(files))
        )
    return found


def _problem(message: Message | None, entry: Entry) -> str:
    if message is None:
        return "missing (run extract)"
    if message.id != entry.text:
        return "English text changed (run extract)"
    text = message.string
    if not isinstance(text, str) or not text.strip():
        return "untranslated"
    if message.fuzzy:
        return "fuzzy (the English changed: check the translation and clear the flag)"
    try:
        names = placeholders(text)
    except ValueError as exc:
        return str(exc)
    wanted = placeholders(entry.text)
    if names != wanted:
        return f"placeholders {sorted(names)} differ from the English {sorted(wanted)}"
    return ""


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command; the exit status (1 when ``check`` finds problems or a source is bad)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("command", choices=("extract", "compile", "check"))
    args = parser.parse_args(argv)
    try:
        if args.command == "extract":
            written = extract()
        elif args.command == "compile":
            written = compile_all()
        else:
            found = problems()
            for line in found:
                print(line)
            print(f"{len(found)} problem(s)" if found else "all catalogs complete")
            return 1 if found else 0
    except I18nError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print("\n".join(f"wrote {name}" for name in written) if written else "nothing changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
