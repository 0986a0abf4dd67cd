"""The house rules of the code, checked: the core knows no game, the runtime stands alone, each
package imports only the layers below it (imports inside functions counted), no import cycle
anywhere, few modules at the top, argparse only in the command line, small functions, and a Game
facade of parts."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import pytest

import rulecraft
from rulecraft.runtime.game import Game

PACKAGE = Path(rulecraft.__file__).resolve().parent
RULESETS = PACKAGE.parent / "rulesets"
CODE = sorted(p for p in PACKAGE.rglob("*.py"))
MAX_FUNCTION_LINES = 60
MAX_GAME_METHODS = 25

# Words of the bundled games that no line of the core may use.
GAME_WORDS = re.compile(r"\b(?:marines?|invaders?|planets?|warriors?|doomtroopers?|doom|neuroshima|twilight|"
                        r"imperium|hex token|domain counters?|lazax|templars?|imp|zombie|gauss)\b", re.IGNORECASE)


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path, top_level_only: bool = False) -> set[str]:
    """The rulecraft modules (and packages) a file imports, at any depth of the file (function-level
    too) or, `top_level_only`, those its module body runs when it is imported. `from P import x`
    counts P.x if that is a module, else P."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in _top_level(tree) if top_level_only else ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            found.update(f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names)
    return {m for m in found if m.startswith("rulecraft")}


def _top_level(tree: ast.Module):
    """The statements a module runs when imported: its body, and the bodies of its top-level
    `if`/`try` (a `def` or `class` body runs later, when called)."""
    stack = list(tree.body)
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, (ast.If, ast.Try)):
            stack += [*node.body, *node.orelse, *getattr(node, "finalbody", []),
                      *(s for h in getattr(node, "handlers", []) for s in h.body)]


MODULES = {module_name(p): p for p in CODE}


def graph(top_level_only: bool = False) -> dict[str, set[str]]:
    return {name: {m for m in imports_of(path, top_level_only) if m in MODULES and m != name}
            for name, path in MODULES.items()}


def test_no_game_word_in_the_core():
    offenders = [f"{p.relative_to(PACKAGE.parent)}:{i}: {line.strip()}"
                 for p in CODE + sorted((PACKAGE.parent / "grammar").glob("*.lark"))
                 for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if GAME_WORDS.search(line)]
    assert offenders == []


def test_the_runtime_imports_neither_the_compiler_nor_the_face():
    for name, deps in graph().items():
        if name.startswith("rulecraft.runtime"):
            assert {d for d in deps if not d.startswith("rulecraft.runtime")} <= {"rulecraft"}, name


def test_the_compiler_does_not_import_the_face():
    for name, deps in graph().items():
        if name.startswith("rulecraft.compiler"):
            assert all(d.startswith(("rulecraft.compiler", "rulecraft.runtime"))
                       or d in ("rulecraft", "rulecraft.version", "rulecraft.files") for d in deps), name


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt):], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for start in sorted(edges):
        if start not in state and (found := visit(start)):
            return found
    return None


def test_the_cycle_finder_finds_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


@pytest.mark.parametrize("part", ["rulecraft.compiler", "rulecraft.runtime"])
def test_no_import_cycle(part: str):
    edges = {k: {d for d in v if d.startswith(part)} for k, v in graph().items() if k.startswith(part)}
    edges.pop(part, None)  # the package's own __init__ only documents it
    assert find_cycle(edges) is None


def test_no_function_over_60_lines():
    long = []
    for path in CODE:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                if size > MAX_FUNCTION_LINES:
                    long.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} {node.name} ({size} lines)")
    assert long == []


def test_game_is_a_small_facade():
    own = [name for name, value in vars(Game).items() if inspect.isfunction(value) or isinstance(value, property)]
    assert len(own) <= MAX_GAME_METHODS, own


# The layers, low to high: a module may import its own layer and those below it, never one above
# (imports inside functions counted). `version` is rulecraft/version.py; `facade` the public API
# (rulecraft/__init__.py, which re-exports from the layers below it); `__main__` runs the command
# line. Each package's __init__.py says its job and what it may import.
LAYERS = ("version", "files", "runtime", "compiler", "inputs", "agents", "decks", "play", "views", "reference", "authoring",
          "facade", "cli", "__main__")
MAX_TOP_MODULES = 6


def layer_of(module: str) -> str:
    parts = module.split(".")
    return "facade" if parts == ["rulecraft"] else parts[1]


def test_every_module_is_in_a_layer():
    assert sorted({layer_of(m) for m in MODULES} - set(LAYERS)) == []


def test_each_layer_imports_only_the_layers_below_it():
    upward = sorted(f"{name} -> {dep}" for name, deps in graph().items() for dep in deps
                    if LAYERS.index(layer_of(dep)) > LAYERS.index(layer_of(name)))
    assert upward == []


@pytest.mark.parametrize("top_level_only", [True, False], ids=["module-level", "function-level-too"])
def test_no_import_cycle_anywhere(top_level_only: bool):
    assert find_cycle(graph(top_level_only)) is None


def test_the_packages_import_each_other_without_a_cycle():
    edges: dict[str, set[str]] = {}
    for name, deps in graph().items():
        edges.setdefault(layer_of(name), set()).update(layer_of(d) for d in deps if layer_of(d) != layer_of(name))
    assert find_cycle(edges) is None


def test_few_modules_sit_at_the_top():
    top = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(top) <= MAX_TOP_MODULES, top


def test_only_the_command_line_uses_argparse():
    users = sorted(name for name, path in MODULES.items() if not layer_of(name) == "cli"
                   and re.search(r"^\s*(?:import argparse|from argparse import)", path.read_text(encoding="utf-8"), re.M))
    assert users == []
