"""The README's Limits table against the code: every row names modules (under rulecraft/) and
constants in them, each with the default the row gives; every limit constant of the code
(module-level `MAX_*` anywhere, and every constant of runtime/budget.py) is in the table, or in
`NOT_LIMITS` with the reason it bounds no stranger's input. A new limit fails here until its row
is written."""

import ast
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "rulecraft"
UNITS = {"KB": 1024, "MB": 1024 ** 2, "GB": 1024 ** 3}

NOT_LIMITS = {  # module -> constant -> why it is not a row of the table
    "runtime/budget.py": {
        "SCAN_SHIFT": "the log2 of ITEMS_PER_STEP, which the table gives",
        "GROW_SHIFT": "the log2 of ITEMS_PER_GROW_STEP, which the table gives",
    },
    "runtime/lazy.py": {"MAX_PAIRS": "past it exact odds follow one path per face (under MAX_PATHS): nothing is refused"},
    "views/plots.py": {"MAX_LABEL": "a plot's axis cuts longer outcome names (the tooltip has them whole)"},
    "decks/legality.py": {"MAX_KNOWN_NAMES": "a cache of card names: past it names are forgotten, none refused"},
    "decks/serve.py": {
        "MAX_CHECKERS": "a cache of deck checkers: past it the oldest is dropped",
        "MAX_LABEL": "a cut of the file name shown in diagnostics",
        "MAX_LOG": "a cut of the deck page's logged error lines",
    },
    "reference/declarations.py": {"MAX_DOC_LINES": "a longer comment above a declaration is not its documentation"},
    "inputs/values.py": {"MAX_LISTED": "a cut of the choices a message lists"},
    "runtime/gridboard.py": {"MAX_LAYOUTS": "a cache of square-grid layouts' tables: past it the oldest is dropped"},
    "runtime/gridsearch.py": {"MAX_CROSSINGS": "a cache of sight lines' crossings: past it they are found each time"},
    "compiler/boards.py": {"MAX_COST": "a legend's movement cost is 1 to 99 by the language (a diagnostic), not a cost"},
}


def limits_table() -> list[tuple[str, str, str]]:
    """The rows of the README's `### Limits` table: (what, default, where)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("\n### Limits\n")
    section = text[start:text.index("\n## ", start)]
    rows = [line for line in section.splitlines() if line.startswith("|")][2:]  # past the head and its rule
    cells = [[cell.strip() for cell in row.strip("|").split("|")] for row in rows]
    assert all(len(c) == 3 for c in cells), "every row of the Limits table has three cells"
    return [(c[0], c[1], c[2]) for c in cells]


def number(text: str) -> int:
    """A default as the table writes it: `2,000,000`, `256 KB`, `64 MB`, `8`."""
    found = re.fullmatch(r"([0-9][0-9,]*)\s*(KB|MB|GB)?", text.strip())
    assert found is not None, f"`{text}` is not a number the table may give (like 2,000,000, 256 KB or 64 MB)"
    return int(found[1].replace(",", "")) * UNITS.get(found[2] or "", 1)


def named(where: str) -> list[tuple[str, str]]:
    """The (module, constant) pairs a `where` cell names: each constant after its module."""
    pairs: list[tuple[str, str]] = []
    module = None
    for token in re.findall(r"`([^`]+)`", where):
        if token.endswith(".py"):
            module = token
        else:
            assert module is not None, f"`{token}` comes before any module in `{where}`"
            pairs.append((module, token))
    return pairs


def constant(module: str, name: str):
    return getattr(importlib.import_module("rulecraft." + module[:-3].replace("/", ".")), name)


def limit_constants() -> list[tuple[str, str]]:
    """Every module-level `MAX_*` of rulecraft/, and every constant of runtime/budget.py (its
    upper-case names that are not made by a call, as a TypeVar is)."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = path.relative_to(PACKAGE).as_posix()
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
            for target in targets:
                if isinstance(target, ast.Name) and (target.id.startswith("MAX_")
                                                     or (module == "runtime/budget.py" and target.id.isupper()
                                                         and not isinstance(node.value, ast.Call))):
                    found.append((module, target.id))
    return found


ROWS = limits_table()


@pytest.mark.parametrize(("what", "default", "where"), ROWS, ids=[row[2] for row in ROWS])
def test_each_row_names_constants_with_the_default_it_gives(what, default, where):
    pairs = named(where)
    defaults = [number(part) for part in re.split(r";|\s/\s", default)]
    assert pairs, f"the row `{what}` names no constant"
    assert len(defaults) == len(pairs), f"the row `{what}` gives {len(defaults)} defaults for {len(pairs)} constants"
    for (module, name), value in zip(pairs, defaults):
        assert (PACKAGE / module).is_file(), f"rulecraft/{module} does not exist"
        assert constant(module, name) == value, f"rulecraft/{module} {name} is {constant(module, name)}, the table says {value}"


def test_every_limit_of_the_code_is_in_the_table():
    listed = {pair for _, _, where in ROWS for pair in named(where)}
    exempt = {(module, name) for module, names in NOT_LIMITS.items() for name in names}
    missing = [f"rulecraft/{m} {c}" for m, c in limit_constants() if (m, c) not in listed | exempt]
    assert not missing, f"limits the README's Limits table does not give (add a row, or a reason to NOT_LIMITS): {missing}"


def test_every_exemption_names_a_constant_that_exists():
    found = set(limit_constants())
    stale = [f"{m} {c}" for m, names in NOT_LIMITS.items() for c in names if (m, c) not in found]
    assert not stale, f"NOT_LIMITS names constants that are gone: {stale}"


def test_the_table_reader_reads_what_the_table_writes():
    assert [number(t) for t in ("2,000,000", "256 KB", "64 MB", "8", "1 GB")] == [2_000_000, 262_144, 67_108_864, 8,
                                                                                  1024 ** 3]
    assert named("`a/b.py` `X`, `Y`, `c.py` `Z`") == [("a/b.py", "X"), ("a/b.py", "Y"), ("c.py", "Z")]
    with pytest.raises(AssertionError):
        number("many")
