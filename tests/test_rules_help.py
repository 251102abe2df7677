"""Each game's rules and help page (``variants/<game>/help/<lang>.md``, served as ``GET
/rules/<game>``, printed by ``rummykit rules``): every game has a page in every language with the
same sections, examples and named options; every option is told in every language; a real table's
options come back filled in, in the text and in the options; bad input is refused with its code."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from importlib import resources
from typing import Any

import pytest
from typer.testing import CliRunner

from rummykit.cli.app import app
from rummykit.core.notation import parse_declared
from rummykit.engine.options import rules_dict
from rummykit.server.rules_help import LANGUAGES, REQUIRED, HelpError, help_page, parse
from rummykit.variants.registry import VARIANTS, variant
from test_server_support import Server, database_url, needs_pg, running

WEB = resources.files("rummykit") / "web" / "i18n"
PLACEHOLDER = re.compile(r"\{([a-z_0-9]+)\}")


def block_shape(block: dict[str, Any]) -> tuple[str, object]:
    """A block's kind with what every language's block has alike: an example's pieces, a list's
    kind and length."""
    if block["type"] == "pieces":
        return "pieces", block["pieces"]
    if block["type"] == "list":
        return "list", (block["ordered"], len(block["items"]))
    return block["type"], None


def shape(info: Any, lang: str) -> list[tuple[str, list[tuple[str, object]]]]:
    """A page's structure, the same in every language: each section's id and its blocks'
    shapes (:func:`block_shape`)."""
    page = help_page(info, lang, info.load_rules())
    return [(s["id"], [block_shape(b) for b in s["blocks"]]) for s in page["sections"]]


def named_options(info: Any, lang: str) -> list[set[str]]:
    """The options each section of the help file names in braces, in order."""
    text = info.help.joinpath(f"{lang}.md").read_text("utf-8")
    return [set(PLACEHOLDER.findall(part)) for part in re.split(r"^## ", text, flags=re.MULTILINE)[1:]]


@pytest.mark.parametrize("name", list(VARIANTS))
def test_every_language_has_the_same_page(name: str) -> None:
    info = VARIANTS[name]
    english = shape(info, "en")
    ids = [section for section, _ in english]
    assert set(REQUIRED) <= set(ids) and ids[-1] == "options" and len(set(ids)) == len(ids)
    for lang in LANGUAGES:
        assert shape(info, lang) == english, lang
        assert named_options(info, lang) == named_options(info, "en"), lang
    # every example is pieces of the game, written as its notation writes them
    for _, blocks in english:
        for kind, pieces in blocks:
            if kind == "pieces":
                assert isinstance(pieces, list)
                parse_declared(info.kind, [p.removesuffix("*") for p in pieces])


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_option_is_told_in_every_language(lang: str) -> None:
    words = json.loads(WEB.joinpath(lang, "rules.json").read_text("utf-8"))
    english = json.loads(WEB.joinpath("en", "rules.json").read_text("utf-8"))
    for info in VARIANTS.values():
        page = help_page(info, lang, info.load_rules())
        assert page["dir"] == ("rtl" if lang == "fa" else "ltr")
        for option in page["options"]:
            for key in (f"rule_{option['name']}", option["help"], *option["value_help"].values()):
                assert words.get(key), (info.name, lang, key)
        assert words["help_this_table"] != english["help_this_table"] or lang == "en"


def test_the_options_named_in_the_text_are_the_rules_values_in_the_languages_digits() -> None:
    info = variant("okey_101")
    rules = info.load_rules(None, {"open_min": "81", "finish_bonus": "-50"})
    for lang, (opening, finish) in {"en": ("81", "-50"), "fa": ("۸۱", "−۵۰"), "th": ("81", "-50")}.items():
        page = help_page(info, lang, rules)
        text = json.dumps(page["sections"], ensure_ascii=False)
        assert opening in text and finish in text and "{" not in text.replace('{"', ""), lang
        assert {o["name"]: o["value"] for o in page["options"]} == rules_dict(rules)


def test_a_help_file_that_breaks_the_format_is_refused_with_its_line() -> None:
    values = rules_dict(variant("okey").load_rules())
    with pytest.raises(ValueError, match="line 1"):
        parse("no title\n", values, "en", "okey")
    with pytest.raises(ValueError, match=r"line 3: .*direction.* is no number option"):
        parse("# T\n## A {#goal}\nplay {direction}\n## O {#options}\n", values, "en", "okey")
    with pytest.raises(ValueError, match="last section"):
        parse("# T\n## A {#goal}\ntext\n", values, "en", "okey")
    with pytest.raises(ValueError, match="line 3: 'pieces:"):
        parse("# T\n## A {#goal}\npieces: R7\n## O {#options}\n", values, "en", "okey")
    with pytest.raises(HelpError) as refused:
        help_page(variant("okey"), "de", variant("okey").load_rules())
    assert refused.value.code == "help_language" and refused.value.params["lang"] == "de"


@pytest.fixture(scope="module", params=["sqlite", pytest.param("postgresql", marks=needs_pg)])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = database_url(request.param, tmp_path_factory.mktemp("help"))
    with running(db) as started:
        yield started


def test_a_real_tables_options_fill_in_its_page(server: Server) -> None:
    body = {
        "variant": "kalooki",
        "options": {"open_min": 40, "match": "rounds", "rounds": 3, "hunt_penalty": 30},
        "seats": [{"kind": "person"}] + [{"kind": "bot", "level": "greedy"}] * 3,
    }
    created = server.post("/tables", body, status=201)
    table = server.get(f"/tables/{created['table']}").json()
    defaults = rules_dict(variant("kalooki").load_rules())
    changed = {k: v for k, v in table["rules"].items() if v != defaults[k]}
    assert changed == body["options"]
    query = "&".join(f"{k}={v}" for k, v in changed.items())
    for lang in LANGUAGES:
        page = server.get(f"/rules/kalooki?lang={lang}&{query}").json()
        assert page["type"] == "rules_help" and page["lang"] == lang and page["pieces"] == "cards"
        assert {o["name"]: o["value"] for o in page["options"]} == table["rules"]
        opening = next(s for s in page["sections"] if s["id"] == "opening")
        assert ("۴۰" if lang == "fa" else "40") in json.dumps(opening, ensure_ascii=False)
    general = server.get("/rules/kalooki").json()
    assert general["lang"] == "en" and {o["name"]: o["value"] for o in general["options"]} == defaults


@pytest.mark.parametrize(
    ("query", "reason"),
    [
        ("/rules/okey?lang=de", "help_language"),
        ("/rules/okey?rounds=many", "rules.not_whole"),
        ("/rules/okey?open_min=40", "rules.unknown_option"),
        ("/rules/chess", "help_no_game"),
    ],
)
def test_bad_input_is_refused_with_its_code(server: Server, query: str, reason: str) -> None:
    answer = server.get(query)
    assert answer.status_code == 400, answer.text
    error = answer.json()["error"]
    assert error["code"] == "rules"
    assert error["params"]["reason"]["code"].startswith(reason), error


def test_the_terminal_prints_the_page_with_a_tables_options() -> None:
    result = CliRunner().invoke(app, ["rules", "carousel", "--lang", "th", "--rule", "knock_max=3"])
    assert result.exit_code == 0, result.output
    assert "ม้าหมุน: กติกาและวิธีเล่น" in result.output and "3C JK[4C] 5C" in result.output
    assert "โต๊ะนี้: 3" in result.output and "ไม่เกิน 3" in result.output
    general = CliRunner().invoke(app, ["rules", "okey"])
    assert "default: 20" in general.output and "This table" not in general.output
    refused = CliRunner().invoke(app, ["rules", "okey", "--lang", "xx"])
    assert refused.exit_code == 2 and "there is no help in xx" in refused.output


def test_the_terminal_wraps_a_list_item_under_its_text() -> None:
    """A list item longer than the terminal's line goes on under its first word, not at the line's
    start (the tester's `rummykit rules`: "previous player just discarded…" at column 0), and an
    option's help under its own indent."""
    result = CliRunner().invoke(app, ["rules", "okey"], env={"COLUMNS": "60"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    item = next(i for i, line in enumerate(lines) if line.startswith("  • Every other turn:"))
    assert lines[item + 1].startswith("    ") and lines[item + 1].strip(), lines[item : item + 3]
    option = next(i for i, line in enumerate(lines) if line.startswith("  Rounds:"))
    following = lines[option + 1 : option + 4]
    assert all(line.startswith("    ") for line in following if line.strip()), following
    assert max(len(line.rstrip()) for line in lines) <= 60
