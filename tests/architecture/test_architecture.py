"""The house rules of the code, checked: the core knows no game, the runtime stands alone,
no import cycle, small functions, and a Game facade of parts."""

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


def imports_of(path: Path) -> set[str]:
    """The rulecraft modules a file imports, at any depth of the file (function-level too)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{a.name}" for a in node.names)
    return {m for m in found if m.startswith("rulecraft")}


def graph() -> dict[str, set[str]]:
    modules = {module_name(p): p for p in CODE}
    return {name: {m for m in imports_of(path) if m in modules and m != name} for name, path in modules.items()}


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
            assert all(d.startswith(("rulecraft.compiler", "rulecraft.runtime")) or d == "rulecraft" for d in deps), name


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
