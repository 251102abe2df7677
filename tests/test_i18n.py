"""The browser client's catalogs: every key in every language with the English placeholders, the
committed JSON compiled from the committed .po files, no stale keys, a help text for every rules
option; and the pipeline of scripts/i18n.py itself (fuzzy on changed English, refused templates)."""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
import subprocess
import sys
import typing
from enum import Enum
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.catalog import Catalog

from helpers import load_script
from rummykit.messages import CATALOG
from rummykit.variants.registry import VARIANTS

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "i18n.py"


def _load_script() -> ModuleType:
    return load_script(SCRIPT, "rummykit_i18n_script")


i18n = _load_script()
ENGLISH = i18n.english()


def _json(language: str) -> dict[str, str]:
    """Every key of ``language``'s compiled catalogs: the common one and every game's."""
    table: dict[str, str] = json.loads((i18n.COMPILED / f"{language}.json").read_text("utf-8"))
    for path in sorted((i18n.COMPILED / language).glob("*.json")):
        table.update(json.loads(path.read_text("utf-8")))
    return table


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_key_in_every_language(language: str) -> None:
    table = _json(language)
    missing = sorted(set(ENGLISH) - set(table))
    stale = sorted(set(table) - set(ENGLISH))
    assert not missing, f"{language} misses {len(missing)} keys: {missing[:20]}"
    assert not stale, f"{language} has stale keys: {stale[:20]}"
    assert all(text.strip() for text in table.values())


@pytest.mark.parametrize("language", i18n.TRANSLATED)
def test_placeholders_as_in_english(language: str) -> None:
    table = _json(language)
    wrong = {
        key: text
        for key, text in table.items()
        if key in ENGLISH and i18n.placeholders(text) != i18n.placeholders(ENGLISH[key].text)
    }
    assert not wrong


@pytest.mark.parametrize("language", i18n.TRANSLATED)
def test_notation_examples_kept(language: str) -> None:
    """Piece notation in an English text (R7, 7H, JK[5H]) appears unchanged in the translation."""
    notation = re.compile(r"JK\[[0-9AKQJT]+[SHDC]\]|\b[0-9AKQJT]{1,2}[SHDC]\b|\b[RYBK]1?[0-9]\b")
    table = _json(language)
    for key, entry in ENGLISH.items():
        for piece in notation.findall(entry.text):
            assert piece in table[key], f"{language} {key}: {piece} lost in {table[key]!r}"


def test_english_is_the_registered_catalog() -> None:
    english = _json("en")
    assert {key: text for key, text in english.items() if key in CATALOG} == CATALOG
    assert english["drew"] == "draws from the stock"


def test_files_up_to_date() -> None:
    """The .pot, the .po files and the JSON files are what extract and compile would write now;
    this is `scripts/i18n.py check`, run as a translator runs it."""
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "check"], capture_output=True, text=True, check=False, timeout=120
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "all catalogs complete" in result.stdout


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_catalog_is_split_into_its_parts(language: str) -> None:
    """Each key is in one file: the common catalog or the part that owns it (a game's, "rules",
    "lobby"), and there is a part for every game, the rules help and the lobby, and no other."""
    games = i18n.game_ids()
    common: dict[str, str] = json.loads((i18n.COMPILED / f"{language}.json").read_text("utf-8"))
    parts = {p.stem: json.loads(p.read_text("utf-8")) for p in (i18n.COMPILED / language).glob("*.json")}
    assert set(parts) == {*VARIANTS, *i18n.PARTS}
    assert all(i18n.owner(key, games) is None for key in common)
    for part, table in parts.items():
        assert all(i18n.owner(key, games) == part for key in table), part
        assert not set(table) & set(common)
    assert i18n.owner("okey_101_turn_draw", games) == "okey_101"
    assert i18n.owner("named.okey_101.finished", games) == "okey_101"
    assert i18n.owner("okey_finish", games) == "okey"
    assert i18n.owner("okey.option_rounds", games) == i18n.RULES
    assert i18n.owner("okey_label", games) is None
    assert i18n.owner("create_title", games) == i18n.LOBBY
    assert i18n.owner("account_sign_in", games) is None
    assert i18n.owner("position.whole", games) == i18n.POSITIONS
    assert i18n.owner("record.not_json", games) == i18n.RECORDS


COMMAND_LINE = re.compile(r"rummykit [a-z-]+|(?<![\w-])--[a-z]|JSON Lines|\bTOML\b")
"""A command line, an option of one or a file format: docs' words, not a player's."""
FOR_PROGRAMS = {"account_tokens_help", "record.format"}
"""The texts about programs: the account page's access tokens (for ``rummykit connect`` and
scripts) and the check of a record file's format."""
KEY_NAME = re.compile(r"\b(?:Tab|Space|Home)\b")
"""A keyboard's key by its name (Home comes with End)."""
WHERE_A_KEYBOARD_IS = {"ui_select_discard_keys", "replay_keys", "help_keys_text"}
"""The texts that name keys: shown only where a keyboard is likely (``web/js/device.js``), or the
rules page's section on the keyboard itself."""
SEAT_KEY = ("ui_lost_seat", "bad_token", "named.bad_token", "forbidden")
"""The texts about the key a browser holds a seat (or a table) with."""
TURKISH_TERMS = re.compile(r"yapmak|bitmek", re.IGNORECASE)


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_page_speaks_to_players(language: str) -> None:
    """The tester's 8 (issue 28): no command lines on a player's page (the lobby showed
    ``rummykit --preset``, ``(JSON Lines)``, ``rummykit simulate --records``); keys named only where
    a keyboard is likely (a phone was told to press Tab and Space); in Persian and Thai a game's
    term in the language's words (Kalooki's rules wrote "Okey yapmak" in Latin letters) and the
    seat's key as the page calls it elsewhere, not "token"."""
    table = _json(language)
    commands = {key: text for key, text in table.items() if COMMAND_LINE.search(text)}
    assert set(commands) <= FOR_PROGRAMS, commands
    keys = {key: text for key, text in table.items() if KEY_NAME.search(text)}
    assert set(keys) <= WHERE_A_KEYBOARD_IS, keys
    assert "Tab" not in table["ui_select_discard"]
    if language in ("fa", "th"):
        latin = {key: text for key, text in table.items() if TURKISH_TERMS.search(text)}
        assert not latin, latin
        help_page = (ROOT / "src/rummykit/variants/kalooki/help" / f"{language}.md").read_text("utf-8")
        assert not TURKISH_TERMS.search(help_page)
        token = {key: table[key] for key in SEAT_KEY if re.search("توکن|โทเคน", table[key])}
        assert not token, token


def test_a_missing_or_stale_part_is_a_problem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    compiled = tmp_path / "i18n"
    shutil.copytree(i18n.COMPILED, compiled)
    monkeypatch.setattr(i18n, "ROOT", tmp_path)
    monkeypatch.setattr(i18n, "COMPILED", compiled)
    assert i18n.problems() == []
    (compiled / "th" / "okey_101.json").unlink()
    (compiled / "fa" / "carousel.json").write_text("{}\n", "utf-8")
    (compiled / "tr" / "gone.json").write_text("{}\n", "utf-8")
    assert sorted(i18n.problems()) == [
        "i18n/fa/carousel.json is out of date: run scripts/i18n.py compile",
        "i18n/th/okey_101.json is missing: run scripts/i18n.py compile",
        "i18n/tr/gone.json is no catalog's part: run scripts/i18n.py compile",
    ]


def test_a_part_is_only_written_where_it_is_loaded() -> None:
    """A key of a game's part is written (named in the code) only by modules that only the game's
    table and replay run (its controller and what only it imports); a key of the rules help only by
    the create form and the rules page, which load that part, and what only they import; a key of
    the lobby's only by what the lobby and the account page run and no table or replay does. Keys
    the page builds (`okey_101_turn_${phase}`) are the controllers' own (docs/i18n.md)."""
    import web_modules

    games = i18n.game_ids()
    controllers = {game: web_modules.WEB / "js" / client for game, client in _clients().items()}
    routes = ("lobby.js", "account.js", "profile.js", "table.js", "replay.js")
    pages = web_modules.page_files() | web_modules.closure([web_modules.WEB / "js" / name for name in routes])
    allowed: dict[str | None, set[Path]] = {
        i18n.RULES: {p.resolve() for p in web_modules.RULES_WORDS},
        i18n.LOBBY: web_modules.closure(list(web_modules.LOBBY_PAGES))
        - web_modules.closure([web_modules.WEB / "js" / name for name in ("table.js", "replay.js")])
        - web_modules.page_files(),
        i18n.POSITIONS: set(),
        i18n.RECORDS: web_modules.closure([web_modules.RECORDS_PAGE])
        - web_modules.closure([web_modules.WEB / "js" / name for name in routes if name != "replay.js"])
        - web_modules.page_files(),
    }
    for game, controller in controllers.items():
        others = set().union(*(web_modules.closure([c]) for g, c in controllers.items() if g != game))
        allowed[game] = web_modules.closure([controller]) - others - pages
    modules = {p.resolve(): p.read_text("utf-8") for p in (web_modules.WEB / "js").rglob("*.js")}
    english = _json("en")
    wrong = []
    for key in english:
        part = i18n.owner(key, games)
        if part is None:
            continue
        quoted = re.compile(f"[\"'`]{re.escape(key)}[\"'`]")
        wrong += [
            (key, path.name)
            for path, code in modules.items()
            if quoted.search(code) and path not in allowed[part]
        ]
    assert not wrong


def _clients() -> dict[str, str]:
    from rummykit.server.rules_info import variants

    return {v["variant"]: v["client"] for v in variants()["variants"] if v["client"]}


def _options(rules_type: type[object]) -> dict[str, object]:
    return typing.get_type_hints(rules_type)


def _codes(variant: str, option: str, hint: object) -> set[str]:
    """The help and label codes an option of ``variant`` needs: its help (the game's own, where it
    has one) and label, and one of each per value of a choice."""
    from rummykit.engine.option_help import help_code, label_code, variant_help_code

    codes = {variant_help_code(variant, option), label_code(option)}
    for inner in (hint, *typing.get_args(hint)):
        if isinstance(inner, type) and issubclass(inner, Enum):
            for member in inner:
                codes |= {help_code(option, str(member.value)), label_code(option, str(member.value))}
    return codes


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_option_has_help_and_label(name: str) -> None:
    rules_type = VARIANTS[name].rules_type
    hints = _options(rules_type)
    fields = [f.name for f in dataclasses.fields(rules_type)]
    assert fields
    for option in fields:
        missing = sorted(_codes(name, option, hints[option]) - set(ENGLISH))
        assert not missing, f"{name}: option {option} has no text for {missing}"


def test_no_help_for_options_nobody_has() -> None:
    from rummykit.engine.option_help import (
        OPTION_HELP,
        OPTION_HELP_BY_VARIANT,
        OPTION_LABELS,
        VALUE_LABELS,
        help_code,
        label_code,
    )

    needed: set[str] = set()
    for name, info in VARIANTS.items():
        for option, hint in _options(info.rules_type).items():
            needed |= _codes(name, option, hint)
    registered = {help_code(name) for name in OPTION_HELP}
    registered |= {f"{v}.{help_code(name)}" for v, own in OPTION_HELP_BY_VARIANT.items() for name in own}
    registered |= {label_code(name) for name in OPTION_LABELS}
    registered |= {"value_" + name for name in VALUE_LABELS}
    assert registered == needed


def test_option_help_codes_are_the_servers() -> None:
    """The codes GET /variants names for an option's help are registered ones."""
    from rummykit.server.rules_info import variant_info

    for info in VARIANTS.values():
        for option in variant_info(info)["options"]:
            assert option["help"] in ENGLISH
            assert set(option["value_help"].values()) <= set(ENGLISH)


def test_every_registering_module_is_extracted() -> None:
    """A module that registers codes but is missing from the script's list (or, in a game package,
    is not imported with the game's class or its option help) would leave its codes out of the
    catalogs whenever nothing else imported it."""
    source = ROOT / "src"
    found = set()
    for path in source.rglob("*.py"):
        text = path.read_text("utf-8")
        if re.search(r"^from rummykit\.messages import .*\bregister\b", text, re.MULTILINE):
            found.add(".".join(path.relative_to(source).with_suffix("").parts))
    assert found
    in_games = {m for m in found if m.startswith("rummykit.variants.")}
    assert found - in_games == set(i18n.REGISTERING_MODULES)
    for info in VARIANTS.values():
        info.register_messages()
    assert in_games <= set(sys.modules)


def _template(texts: dict[str, str]) -> Catalog:
    catalog: Catalog = i18n.template_catalog({k: i18n.Entry(k, v, "test") for k, v in texts.items()})
    return catalog


def test_changed_english_keeps_translation_as_fuzzy() -> None:
    old = i18n.merged(_template({"took": "takes {piece}", "gone": "old key"}), None, "tr")
    old.get("takes {piece}", context="took").string = "{piece} alır"
    old.get("old key", context="gone").string = "eski"
    new = i18n.merged(_template({"took": "picks up {piece}", "drew": "draws"}), old, "tr")
    messages = i18n.by_key(new)
    assert set(messages) == {"took", "drew"}
    assert messages["took"].string == "{piece} alır"
    assert messages["took"].fuzzy
    assert messages["took"].previous_id == ["takes {piece}"]
    assert messages["drew"].string == ""
    entry = i18n.Entry("took", "picks up {piece}", "test")
    assert not i18n.usable(messages["took"], entry)
    assert i18n._problem(messages["took"], entry).startswith("fuzzy")
    messages["took"].flags.discard("fuzzy")
    assert i18n.usable(messages["took"], entry)


def test_placeholder_mismatch_is_refused() -> None:
    catalog = i18n.merged(_template({"took": "takes {piece}"}), None, "fa")
    message = i18n.by_key(catalog)["took"]
    entry = i18n.Entry("took", "takes {piece}", "test")
    message.string = "{card} را برمی‌دارد"
    assert not i18n.usable(message, entry)
    assert "placeholders" in i18n._problem(message, entry)
    message.string = "{piece را برمی‌دارد"
    assert not i18n.usable(message, entry)
    message.string = "{piece} را برمی‌دارد"
    assert i18n.usable(message, entry)


def test_bad_page_strings_are_refused(tmp_path: Path) -> None:
    strings = tmp_path / "strings.toml"
    assert i18n.page_strings(tmp_path / "absent.toml") == {}
    strings.write_text('[lobby]\ncreate = "Create"\n', "utf-8")
    with pytest.raises(i18n.I18nError, match="flat"):
        i18n.page_strings(strings)
    strings.write_text('drew = "draws a tile"\n', "utf-8")
    with pytest.raises(i18n.I18nError, match="given twice"):
        i18n.english(strings)
    strings.write_text('Bad-Key = "x"\n', "utf-8")
    with pytest.raises(i18n.I18nError, match="not a key"):
        i18n.english(strings)
    strings.write_text('broken = "seat {seat"\n', "utf-8")
    with pytest.raises(i18n.I18nError, match="broken"):
        i18n.english(strings)
    strings.write_text('page_title = "Rummykit {game}"\n', "utf-8")
    assert i18n.english(strings)["page_title"].text == "Rummykit {game}"
