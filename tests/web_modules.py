"""The browser client's files as a page loads them (no tests here): each module's static imports
(``import … from "./x.js"``, the vendored libraries through ``index.html``'s import map) and its
dynamic ones (``import("./x.js")``, and the games' controllers that ``GET /variants`` names and
``lazy.js`` imports), and the files a page loads on each route: ``index.html``, its stylesheets and
icon, ``main.js`` and everything it imports statically, the route's modules (:data:`ROUTES`) and
everything they import statically, and the language's catalogs: the common one and, on a table's or
a replay's route, the game's own (``i18n/<lang>/<game>.json``), on a route showing the create form,
the rules help (``i18n/<lang>/rules.json``; see ``docs/i18n.md``).

``tests/test_server_web.py`` holds the heaviest route, in the heaviest language, under the page
weight limit; ``tests/browser/test_replay_page.py`` checks that a browser opening a route fetches
exactly these scripts, stylesheets and catalogs."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path, PurePosixPath

from rummykit.server.rules_info import variants
from rummykit.server.webfiles import served

WEB = Path(str(resources.files("rummykit") / "web")).resolve()
"""The client's files, served under ``/static/``."""

CLIENTS: dict[str, str] = {v["title"]: v["client"] for v in variants()["variants"] if v["client"]}
"""Each game's controller (``GET /variants``'s ``client``, under ``web/js/``), by the game's title."""

GAMES: dict[str, str] = {v["title"]: v["variant"] for v in variants()["variants"] if v["client"]}
"""Each game's id, by its title."""

ROUTES: dict[str, tuple[str, ...]] = {
    "lobby": ("lobby.js",),
    "account": ("account.js",),
    "profile": ("profile.js",),
    "rules": ("rules.js",),
    **{f"table of {title}": ("table.js", client) for title, client in CLIENTS.items()},
    **{f"replay of {title}": ("replay.js", client) for title, client in CLIENTS.items()},
}
"""The modules of ``web/js/`` each route imports dynamically (``app.js`` the route's page,
``lazy.js`` the game's controller); every dynamic import of the client is one of them."""

PARTS: tuple[str, ...] = ("waiting.js", "roundend.js", "seen.js")
"""The modules of ``web/js/`` a table's page imports dynamically when it first shows them (``PARTS``
in ``table.js``: the waiting room, the round end, the count of pieces seen; the round end is
preloaded once play begins), after its first load: not in a route's files."""

ROUTE_GAMES: dict[str, str] = {
    **{f"table of {title}": game for title, game in GAMES.items()},
    **{f"replay of {title}": game for title, game in GAMES.items()},
}
"""The game whose own catalog a route loads (with its controller: ``loadController`` in
``lazy.js``), by route; the other routes load the common catalog only."""

COMMENTS = re.compile(r"/\*.*?\*/|^\s*//[^\n]*", re.DOTALL | re.MULTILINE)
STATIC = re.compile(r"\b(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?\"([^\"]+)\"")
DYNAMIC = re.compile(r"\bimport\(\s*\"([^\"]+)\"\s*\)")


def static_path(url: str) -> Path:
    """The file that ``/static/<path>`` serves; ``ValueError`` for another URL."""
    if not url.startswith("/static/"):
        raise ValueError(f"not a static file: {url!r}")
    return WEB / url.removeprefix("/static/")


def import_map() -> dict[str, Path]:
    """``index.html``'s import map: bare module name -> the file it names."""
    page = (WEB / "index.html").read_text("utf-8")
    found = re.search(r'<script type="importmap">(.*?)</script>', page, re.DOTALL)
    if found is None:
        raise ValueError("index.html has no import map")
    imports: dict[str, str] = json.loads(found.group(1))["imports"]
    return {name: static_path(url) for name, url in imports.items()}


def imports(module: Path) -> tuple[list[Path], list[Path]]:
    """The files ``module`` imports: ``(static, dynamic)``, each in the order written. A
    specifier that is neither relative nor in the import map is a ``ValueError``."""
    names = import_map()
    code = COMMENTS.sub("", module.read_text("utf-8"))

    def resolve(specifier: str) -> Path:
        if specifier.startswith("."):
            return WEB / PurePosixPath(module.relative_to(WEB).parent, specifier).as_posix()
        if specifier in names:
            return names[specifier]
        raise ValueError(f"{module.name}: {specifier!r} is neither relative nor in the import map")

    static = [resolve(s) for s in STATIC.findall(code)]
    dynamic = [resolve(s) for s in DYNAMIC.findall(code)]
    return [p.resolve() for p in static], [p.resolve() for p in dynamic]


def closure(modules: list[Path]) -> set[Path]:
    """``modules`` and every module they import statically, directly or not."""
    seen: set[Path] = set()
    todo = [m.resolve() for m in modules]
    while todo:
        module = todo.pop()
        if module not in seen:
            seen.add(module)
            todo.extend(imports(module)[0])
    return seen


def dynamic_targets() -> set[Path]:
    """Every module that some module of the client imports dynamically: by its name, or a game's
    controller by the name ``GET /variants`` gives."""
    named = {target for module in (WEB / "js").rglob("*.js") for target in imports(module)[1]}
    return named | {(WEB / "js" / client).resolve() for client in CLIENTS.values()}


def page_files() -> set[Path]:
    """What every page loads before its route: ``index.html``, the stylesheets, icon and module
    script it names, and that script's static imports."""
    page = (WEB / "index.html").read_text("utf-8")
    linked = [static_path(url) for url in re.findall(r'(?:href|src)="(/static/[^"]+)"', page)]
    scripts = [p for p in linked if p.suffix == ".js"]
    return {WEB / "index.html", *(p.resolve() for p in linked), *closure(scripts)}


RULES_PAGES = (WEB / "js" / "create.js", WEB / "js" / "rules.js")
"""The modules that load the rules help's catalog (``i18n/<lang>/rules.json``): the create form's
and the rules and help page's."""
RULES_WORDS = (*RULES_PAGES, WEB / "js" / "optiontext.js")
"""The modules that write the rules help's keys: those loading its catalog and what only they
import (an option's value and help in words)."""
RULES_SHEET = WEB / "rules.css"
"""The rules and help page's stylesheet, which its module links when it is first shown."""
LOBBY_PAGES = (WEB / "js" / "lobby.js", WEB / "js" / "account.js", WEB / "js" / "profile.js")
"""The modules that load the lobby's part of the catalog (``i18n/<lang>/lobby.json``)."""

RECORDS_PAGE = WEB / "js" / "replay.js"
"""The module that loads the part of the catalog of the records' codes (``i18n/<lang>/records.json``)."""


def catalog_files(route: str, language: str) -> set[Path]:
    """The catalogs a page opened at ``route`` in ``language`` loads: the language's common one,
    for a table or a replay the game's (:data:`ROUTE_GAMES`), the rules help where the route
    imports the create form or the rules page (:data:`RULES_PAGES`), and the lobby's part where it
    imports one of :data:`LOBBY_PAGES`, the records' codes where it imports :data:`RECORDS_PAGE`."""
    files = {WEB / "i18n" / f"{language}.json"}
    if route in ROUTE_GAMES:
        files.add(WEB / "i18n" / language / f"{ROUTE_GAMES[route]}.json")
    modules = closure([WEB / "js" / name for name in ROUTES[route]])
    if any(page.resolve() in modules for page in RULES_PAGES):
        files.add(WEB / "i18n" / language / "rules.json")
    if any(page.resolve() in modules for page in LOBBY_PAGES):
        files.add(WEB / "i18n" / language / "lobby.json")
    if RECORDS_PAGE.resolve() in modules:
        files.add(WEB / "i18n" / language / "records.json")
    return files


PAGES_SHEET = WEB / "pages.css"
"""The stylesheet of the pages that are no table and no replay, which the modules of
:data:`LOBBY_PAGES` link when they are first shown."""


REPLAY_SHEET = WEB / "replay.css"
"""The replay viewer's stylesheet, which its module (:data:`RECORDS_PAGE`) links."""

CAROUSEL_SHEET = WEB / "carousel.css"
"""Carousel's table's stylesheet, which its controller (``games/carousel.js``) links."""


def route_files(route: str, language: str) -> set[Path]:
    """Every file a page opened at ``route`` (a key of :data:`ROUTES`) in ``language`` loads:
    :func:`page_files`, the route's modules and their static imports, the language's catalogs
    (:func:`catalog_files`), the rules page's stylesheet where the route imports ``rules.js``,
    :data:`REPLAY_SHEET` where it imports ``replay.js``,
    :data:`CAROUSEL_SHEET` where it imports ``games/carousel.js`` and :data:`PAGES_SHEET` where it
    imports one of :data:`LOBBY_PAGES`."""
    modules = closure([WEB / "js" / name for name in ROUTES[route]])
    sheets = {RULES_SHEET} if (WEB / "js" / "rules.js").resolve() in modules else set()
    if RECORDS_PAGE.resolve() in modules:
        sheets.add(REPLAY_SHEET)
    if (WEB / "js" / "games" / "carousel.js").resolve() in modules:
        sheets.add(CAROUSEL_SHEET)
    if any(page.resolve() in modules for page in LOBBY_PAGES):
        sheets.add(PAGES_SHEET)
    return page_files() | modules | sheets | catalog_files(route, language)


def catalog(language: str) -> dict[str, str]:
    """Every key of ``language`` as the page writes it with all its catalogs loaded: the common
    one and every part (``web/i18n/<lang>.json``, ``web/i18n/<lang>/<game>.json``, ``rules.json``,
    ``lobby.json``)."""
    table: dict[str, str] = json.loads((WEB / "i18n" / f"{language}.json").read_text("utf-8"))
    for path in sorted((WEB / "i18n" / language).glob("*.json")):
        table.update(json.loads(path.read_text("utf-8")))
    return table


def weight(files: set[Path]) -> int:
    """The files' size as the server sends them, bytes uncompressed (the stylesheets minified:
    ``rummykit.server.webfiles.served``)."""
    return sum(len(served(p)) for p in files)
