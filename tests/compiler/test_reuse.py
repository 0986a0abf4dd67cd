"""A lowering taken again (compiler/reuse.py) is the lowering a fresh compile makes: every bundled
ruleset, compiled after all the others in one process as `rulecraft check` does, has handler code
equal (instructions, constants, names, positions) to its compile in a process that lowered
nothing before; a mod's changes to what its base's bodies read are lowered anew."""

from __future__ import annotations

from pathlib import Path
from types import CodeType

from rulecraft.compiler import driver, reuse
from rulecraft.compiler.diagnostics import Diagnostics
from rulecraft.compiler.loader import Reading, bundled_ids, folder_of, read_folder, read_own_modules
from tests.support.folders import write


def handler_code(*folders: Path) -> list[CodeType]:
    diags, reading = Diagnostics(), Reading()
    modules = read_folder(folders[0], diags, reading)
    for folder in folders[1:]:
        modules += read_own_modules(folder, diags, reading)
    codes: list = []
    assert driver.compile_modules(modules, diags, codes) is not None, diags.errors[:3]
    return codes


def test_every_bundled_ruleset_gets_the_code_a_fresh_compile_makes(monkeypatch):
    monkeypatch.setenv("RULECRAFT_NO_CACHE", "1")
    reuse.forget()
    ids = bundled_ids()
    together = {rid: handler_code(folder_of(rid)) for rid in ids}  # as one `rulecraft check`
    taken_again = len(reuse._lowered)
    for rid in ids:
        reuse.forget()
        assert handler_code(folder_of(rid)) == together[rid], rid
    assert taken_again > 0


BASE = '''game "arena" "Arena"
const BONUS = 1
kind unit { hp: int = 1 }
unit grunt "Grunt" { hp: 2 }
fn strength(u: unit) -> int { return u.hp + BONUS }
fn first_hp(xs: list<int>) -> int { return xs[0] }
'''


def test_what_a_mod_changes_in_what_a_base_body_reads_is_lowered_again(tmp_path, monkeypatch):
    monkeypatch.setenv("RULECRAFT_NO_CACHE", "1")
    base = Path(write(tmp_path / "arena", BASE))
    plain = Path(write(tmp_path / "plain", 'mod "arena/plain" "Plain" extends "arena"\nunit archer "Archer" { hp: 1 }\n'))
    modifying = Path(write(tmp_path / "modifying", 'mod "arena/modifying" "Modifying" extends "arena"\n'
                                                   'on round_start { for u in all unit { modify u.hp += 1 this round } }\n'))
    lowered: list[str] = []
    original = driver.Lowerer.callable
    monkeypatch.setattr(driver.Lowerer, "callable", lambda low, decl: lowered.append(decl.name) or original(low, decl))
    reuse.forget()
    alone = handler_code(base)
    assert sorted(lowered) == ["first_hp", "strength"]
    lowered.clear()
    assert handler_code(base, plain)[0] == alone[0]
    assert lowered == []  # nothing the base's bodies read changed
    with_modify = handler_code(base, modifying)
    assert lowered == ["strength"]  # `u.hp` may be modified now: read through the modifiers
    reuse.forget()
    assert handler_code(base, modifying) == with_modify
    assert with_modify[0] != alone[0]
