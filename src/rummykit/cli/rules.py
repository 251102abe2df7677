"""``rummykit rules GAME``: a game's rules and help page in the terminal, in any of the page's
languages, with the options of a table (``--rule``, ``--preset``) filled in
(:mod:`rummykit.server.rules_help`; the options' words from the browser's compiled catalogs)."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from rummykit.cli.errors import user_errors
from rummykit.server.rules_help import LANGUAGES, game_help, number_text
from rummykit.variants.registry import game_names

_INLINE = re.compile(r"(\*\*[^*]+\*\*|`[^`]+`)")


def catalog(lang: str) -> dict[str, str]:
    """The rules help's words in ``lang`` (``web/i18n/<lang>/rules.json``, the English where a
    translation is missing), by key."""
    path = resources.files("rummykit") / "web" / "i18n" / lang / "rules.json"
    words: dict[str, str] = json.loads(path.read_text("utf-8"))
    return words


def rich_text(text: str) -> str:
    """A text of the help as Rich markup: ``**strong**`` bold, ```notation``` in cyan, the rest
    escaped (``JK[7H]`` is not markup)."""
    parts = []
    for part in _INLINE.split(text):
        if part.startswith("**") and part.endswith("**") and len(part) > 4:
            parts.append(f"[bold]{escape(part[2:-2])}[/bold]")
        elif part.startswith("`") and part.endswith("`") and len(part) > 2:
            parts.append(f"[cyan]{escape(part[1:-1])}[/cyan]")
        else:
            parts.append(escape(part))
    return "".join(parts)


def value_text(option: dict[str, Any], value: object, words: dict[str, str], lang: str) -> str:
    """An option's ``value`` in ``lang``'s words, as the browser's page writes it."""
    if value is None:
        return words["option_none"]
    if option["type"] == "bool":
        return words["option_yes" if value else "option_no"]
    if option["type"] == "choice":
        return words.get(f"value_{option['name']}_{value}", str(value).replace("_", " "))
    return number_text(value, lang)


def help_text(option: dict[str, Any], value: object, words: dict[str, str]) -> str:
    """The option's help, then the help of its ``value`` when a choice's value has its own."""
    own = option["value_help"].get(str(value)) if option["type"] == "choice" else None
    return " ".join(words[code] for code in (option["help"], own) if code in words)


def hanging(console: Console, mark: str, markup: str, gap: int = 1) -> None:
    """Print ``markup`` (Rich markup) ``gap`` columns after ``mark`` (markup too), indented by two
    columns, its wrapped lines under its first word rather than at the line's start."""
    grid = Table.grid(padding=(0, gap))
    grid.add_column(no_wrap=True)
    grid.add_column()
    grid.add_row(Text.from_markup(mark), Text.from_markup(markup))
    console.print(Padding(grid, (0, 0, 0, 2), expand=False))


def print_page(console: Console, page: dict[str, Any], table: bool) -> None:
    """Print a help page (:func:`help_page`): its sections, then every option with its value at
    the table (``table``) or its default."""
    words = catalog(page["lang"])
    console.print(f"[bold underline]{escape(page['title'])}[/bold underline]\n")
    for section in page["sections"]:
        console.print(f"[bold]{escape(section['title'])}[/bold]")
        for block in section["blocks"]:
            if block["type"] == "list":
                for n, item in enumerate(block["items"], 1):
                    mark = f"{number_text(n, page['lang'])}." if block["ordered"] else "•"
                    hanging(console, mark, rich_text(item))
            elif block["type"] == "pieces":
                pieces = f"[cyan]{escape(' '.join(block['pieces']))}[/cyan]"
                hanging(console, pieces, rich_text(block["caption"]), gap=2)
            else:
                console.print(rich_text(block["text"]))
        if section["id"] == "options":
            for option in page["options"]:
                shown = option["value"] if table else option["default"]
                key = "help_this_table" if table else "option_default"
                value = words[key].replace("{value}", value_text(option, shown, words, page["lang"]))
                label = words["rule_" + option["name"]]
                console.print(f"  [bold]{escape(label)}[/bold]: {escape(value)}")
                console.print(Padding(Text(help_text(option, shown, words)), (0, 0, 0, 4), expand=False))
        console.print()


def rules(
    game: Annotated[str, typer.Argument(help=f"The game: {game_names()}")],
    lang: Annotated[str, typer.Option(help=f"The language: {', '.join(LANGUAGES)}")] = "en",
    rule: Annotated[list[str] | None, typer.Option(help="A table's rules option: name=value")] = None,
    preset: Annotated[Path | None, typer.Option(help="A TOML preset file of rules options")] = None,
) -> None:
    """Print a game's rules and help, with a table's options (--rule, --preset) filled in."""
    with user_errors():
        page = game_help(game, lang, list(rule or []), preset)
        print_page(Console(highlight=False), page, table=bool(rule) or preset is not None)
