"""The house rules of game packages (``docs/adding-a-game.md``): everything about a game lives in
its package, ``variants/<game>/`` (with its learning environment module ``envs/<game>_v0.py``);
the rest of rummykit asks the registry and the Game interface and never names a game; and no
module imports one that imports it back.

"Naming a game" is importing a game's package, or a string in code that is a game's id (``"okey"``)
or starts with one and a dot (a game's message code, ``"carousel.melded"``, or its module path).
Docstrings are prose, and a key of a JSON object (a dict key or a subscript) is a field's name,
not a game, so neither counts. One id is also a word of the games (:data:`TERMS`: the okey is the
wild tile of Okey, Turkish Rummy's rules and 101 Okey, and an observation's field, a fine's kind or
a finish's kind may be called so): that word counts only where a comparison tests it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from rummykit.cli.app import HELP
from rummykit.variants.registry import VARIANTS, variant

SOURCE = Path(__file__).resolve().parent.parent / "src"
PACKAGE = SOURCE / "rummykit"
GAMES = frozenset(VARIANTS)
TERMS = frozenset({"okey"})
"""Game ids that are also words of the games (module docstring)."""


def module_name(path: Path) -> str:
    """``rummykit.variants.okey.game`` for ``src/rummykit/variants/okey/game.py``."""
    parts = path.relative_to(SOURCE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def owner(path: Path) -> str | None:
    """The game whose own module ``path`` is (its package, or its environment module), else
    ``None``."""
    parts = path.relative_to(PACKAGE).parts
    if len(parts) >= 2 and parts[0] == "variants" and parts[1] in GAMES:
        return parts[1]
    if len(parts) == 2 and parts[0] == "envs" and parts[1].endswith("_v0.py"):
        return parts[1].removesuffix("_v0.py")
    return None


def compared(tree: ast.Module) -> set[int]:
    """The ids of the string constants a comparison tests (``variant == "okey"``, ``in (...)``)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                found |= {id(n) for n in ast.walk(side) if isinstance(n, ast.Constant)}
    return found


def docstrings(tree: ast.Module) -> set[int]:
    """The ids of the string constants that are documentation: a statement that is only a string
    (a module's, class's or function's docstring, or an attribute's)."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }


def field_names(tree: ast.Module) -> set[int]:
    """The ids of the string constants used as a JSON object's field name: a dict literal's key,
    or a subscript's (``view["okey"]``)."""
    keys: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            keys |= {id(k) for k in node.keys if isinstance(k, ast.Constant)}
        elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            keys.add(id(node.slice))
    return keys


def names_a_game(text: str) -> str | None:
    """The game ``text`` names (module docstring), else ``None``."""
    for game in GAMES:
        if text == game or text.startswith((game + ".", f"rummykit.variants.{game}")):
            return game
    return None


def imported_modules(tree: ast.Module, module: str) -> Iterator[tuple[int, str]]:
    """(line, module) of every rummykit module ``module``'s code imports, relative imports
    resolved; ``from a import b`` gives ``a.b`` (the submodule, or the name in ``a``)."""
    package = (
        module
        if (PACKAGE / Path(*module.split(".")[1:]) / "__init__.py").exists()
        else module.rpartition(".")[0]
    )
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                yield node.lineno, f"{base}.{alias.name}"


def sources() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_the_registry_finds_every_game_package() -> None:
    packages = {p.parent.name for p in (PACKAGE / "variants").glob("*/__init__.py")}
    assert GAMES
    assert packages >= GAMES
    assert "closed_hand" in packages - GAMES  # a family's shared code is no game


@pytest.mark.parametrize("path", sources(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_outside_a_game_package_names_a_game(path: Path) -> None:
    game = owner(path)
    tree = ast.parse(path.read_text("utf-8"))
    exempt = docstrings(tree) | field_names(tree)
    found: list[str] = []
    for line, imported in imported_modules(tree, module_name(path)):
        named = (
            names_a_game(imported.removeprefix("rummykit.variants."))
            if imported.startswith("rummykit.variants.")
            else None
        )
        if named is not None and named != game:
            found.append(f"line {line}: imports {imported}")
    tested = compared(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in exempt:
            named = names_a_game(node.value)
            if node.value in TERMS and id(node) not in tested:
                continue
            if named is not None and named != game:
                found.append(f"line {node.lineno}: {node.value!r}")
    assert not found, f"{path.relative_to(PACKAGE)} names a game outside its package: {found}"


def test_the_check_finds_what_it_looks_for() -> None:
    """The check above flags an import of a game's package, a comparison with a game's id and a
    game's message code, and lets docstrings and field names be."""
    tree = ast.parse(
        '"""Okey, okey and kalooki."""\n'
        "from rummykit.variants.kalooki.game import KalookiGame\n"
        "if variant == 'okey':\n"
        "    code = 'carousel.melded'\n"
        "view['okey'] = {'kalooki': 1}\n"
    )
    exempt = docstrings(tree) | field_names(tree)
    strings = [
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in exempt
    ]
    assert [names_a_game(s) for s in strings] == ["okey", "carousel"]
    assert {n.value for n in ast.walk(tree) if id(n) in compared(tree)} == {"okey"}
    imports = [m for _, m in imported_modules(tree, "rummykit.cli.play")]
    assert imports == ["rummykit.variants.kalooki.game.KalookiGame"]


def import_graph() -> dict[str, set[str]]:
    """Each rummykit module and the rummykit modules it imports (a ``from a import b`` of a name
    in ``a`` is an import of ``a``), imports made for type checking only and inside functions
    included: a circle through them is a circle of the design all the same."""
    modules = {module_name(p): p for p in sources()}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        edges: set[str] = set()
        for _, imported in imported_modules(ast.parse(path.read_text("utf-8")), name):
            target = imported
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                edges.add(target)
        graph[name] = edges
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in graph.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_circles() -> None:
    graph = import_graph()
    assert "rummykit.variants.registry" in graph["rummykit.bots.registry"]
    assert cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"]]
    assert cycles(graph) == []


def test_the_command_and_the_package_name_every_game() -> None:
    """``rummykit --help``'s header and the package's description list every game by its title."""
    pyproject = (Path(__file__).resolve().parents[1] / "pyproject.toml").read_text(encoding="utf-8")
    description = next(line for line in pyproject.splitlines() if line.startswith("description = "))
    for name in VARIANTS:
        title = variant(name).title
        assert title in HELP and title in description, title
