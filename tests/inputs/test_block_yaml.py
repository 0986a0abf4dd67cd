"""The fast reader of plain YAML (rulecraft/inputs/block_yaml.py) against ruamel, the full reader:
wherever it reads a document, it gives the same data (same types) at the same positions; every
plain deck of the examples is read by it; anything else it leaves to the full reader."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from rulecraft.compiler.source import Source
from rulecraft.inputs import block_yaml
from rulecraft.inputs.documents import load_yaml, position

ROOT = Path(__file__).resolve().parents[2]
YAML_FILES = sorted(p for pattern in ("*.yaml", "*.yml") for p in ROOT.glob(f"**/{pattern}")
                    if ".venv" not in p.parts and ".git" not in p.parts)


def full(text: str):
    return YAML(typ="rt").load(text)


def same(fast, slow, path=()) -> None:
    """The two documents hold the same values, of the same types, at the same positions."""
    assert type(fast) is type(slow) or (isinstance(fast, dict) and isinstance(slow, dict)), path
    if not isinstance(slow, dict):
        assert fast == slow, path
        return
    assert list(fast) == list(slow), path
    assert (fast.lc.line, fast.lc.col) == (slow.lc.line, slow.lc.col), path
    for key in slow:
        assert position(fast, [key], value=False) == position(slow, [key], value=False), (*path, key)
        assert position(fast, [key]) == position(slow, [key]), (*path, key)
        same(fast[key], slow[key], (*path, key))


def agrees(text: str) -> bool:
    """Whether the fast reader read `text` (and then, that it agrees with ruamel)."""
    fast = block_yaml.read(text)
    if fast is not None:
        same(fast, full(text))
    return fast is not None


@pytest.mark.parametrize("path", YAML_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_yaml_file_of_the_project_reads_as_ruamel_reads_it(path):
    agrees(path.read_text(encoding="utf-8-sig"))


def test_the_plain_decks_of_the_examples_are_read_fast():
    decks = sorted((ROOT / "examples" / "decks").glob("*.yaml"))
    fast = [p.name for p in decks if block_yaml.read(p.read_text(encoding="utf-8-sig")) is not None]
    assert "templars-legal.yaml" in fast
    assert len(fast) >= len(decks) - 2, fast


@pytest.mark.parametrize("text", [
    "a: true\n", "a: null\n", "a: ~\n", "a: 012\n", "a: 1_000\n", "a: 0x10\n", "a: 1.5\n", "a: 0\n", "a: .inf\n",
    "a: 2010-01-01\n", "true: 1\n", "a: 'x'\n", 'a: "x\\n"\n', "a: &x 1\nb: *x\n", "a: [1, 2]\n", "a:\n- 1\n",
    "a: 1\na: 2\n", "a:\tb\n", "a: b\r\n", "a:\n", "a: b\n  c\n", "a:\n  b: 1\n c: 2\n", "---\na: 1\n",
    "a:b\n", "a: b  c\n", "a: b#c\n", "a: \x85\n", "a: \ufeffb\n", " a: 1\n", "",
    "a:\n" + "".join(" " * i + "b:\n" for i in range(1, 9)) + " " * 9 + "c: 1\n",
])
def test_anything_else_is_left_to_the_full_reader(text):
    assert block_yaml.read(text) is None


@pytest.mark.parametrize("text", [
    '# expect: legal\nformat: x/y-2010\nname: "Templars: the Horde"  # a name\nmain:\n  gendarme: 4\n'
    '  "Templar Marine": 4\n\n  # a comment\n  luna: 1\nproxies:\n    a b-c: 2\n',
    "a:\n  b:\n    c: word words\n  d: 1\ne: x.y/z\n", 'a: ""\n"": b\n', "yes_no: on_off\n",
])
def test_plain_documents_are_read_fast_as_ruamel_reads_them(text):
    assert agrees(text)


WORDS = st.sampled_from(["a", "gendarme", "Templar Marine", "b-c", "x/y", "true", "no", "4", "04", "0", "e",
                         '"q: r"', '"s # t"', "'u'", "[v]", "-", "~", "w#", "Zbabělost"])
LINES = st.lists(st.tuples(st.sampled_from([0, 0, 2, 4]), WORDS, st.sampled_from(["", " ", "  "]),
                           st.one_of(st.just(""), WORDS), st.sampled_from(["", " # c", "  "])), max_size=8)


@settings(max_examples=300, deadline=None)
@given(LINES)
def test_generated_documents_are_read_as_ruamel_reads_them_or_left_to_it(lines):
    text = "".join(f"{' ' * indent}{key}:{gap}{value}{tail}\n" for indent, key, gap, value, tail in lines)
    try:
        slow = full(text)
    except Exception:  # ruamel refuses it: so must the fast reader
        assert block_yaml.read(text) is None
        return
    fast = block_yaml.read(text)
    if fast is not None:
        same(fast, slow)


def test_a_deck_with_a_problem_is_still_reported_where_it_is():
    from rulecraft.compiler.diagnostics import InputError

    with pytest.raises(InputError) as err:
        load_yaml(Source("d.yaml", "format: x\nmain:\n  a: 1\n b: [2\n"), "E0802")
    [d] = err.value.diagnostics
    assert (d.code, d.line) == ("E0802", 4)


def test_reading_a_plain_deck_loads_no_ruamel():
    import subprocess
    import sys

    program = ("import sys; from rulecraft.compiler.source import Source; from rulecraft.inputs.documents import load_yaml; "
               "data = load_yaml(Source('d.yaml', 'format: x\\nmain:\\n  a: 4\\n'), 'E0802'); "
               "print(dict(data['main']), 'ruamel.yaml' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.split() == ["{'a':", "4}", "False"]
