"""`import` reads NAME.rules from the ruleset's own folder and nowhere else."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulecraft
from rulecraft import files
from rulecraft.compiler.diagnostics import Diagnostics
from rulecraft.compiler.loader import compile_folder, folder_of

SECRET = "TOP-SECRET-CONTENT do not leak"


@pytest.fixture
def reads(monkeypatch):
    """Every module file (*.rules) the compiler reads, by resolved path (through pathlib or rulecraft.files)."""
    seen: list[Path] = []

    def spying(original):
        def spy(self, *args, **kwargs):
            if self.name.endswith(".rules"):
                seen.append(self.resolve())
            return original(self, *args, **kwargs)
        return spy

    for reader in ("read_text", "read_bytes"):
        monkeypatch.setattr(Path, reader, spying(getattr(Path, reader)))
    read_file = files.read_bytes  # how the loader reads a module (a regular file only)

    def spy_file(path, *args, **kwargs):
        if str(path).endswith(".rules"):
            seen.append(Path(path).resolve())
        return read_file(path, *args, **kwargs)

    monkeypatch.setattr(files, "read_bytes", spy_file)
    return seen


def make_ruleset(root: Path, main: str, **modules: str) -> Path:
    folder = root / "mod"
    folder.mkdir()
    (folder / "main.rules").write_text('game "evil" "Evil"\n' + main, encoding="utf-8")
    for name, text in modules.items():
        (folder / f"{name}.rules").write_text(text, encoding="utf-8")
    (root / "secret.rules").write_text(f"# {SECRET}\nfn stolen() -> int {{ return 1 }}\n", encoding="utf-8")
    return folder


def compile_dir(folder: Path) -> tuple[object, Diagnostics]:
    diags = Diagnostics()
    return compile_folder(folder, diags), diags


def assert_never_left(folder: Path, reads: list[Path], diags: Diagnostics) -> None:
    inside = folder.resolve()
    assert reads, "the spy saw no read at all"
    for path in reads:
        assert path.is_relative_to(inside), f"read {path} outside {inside}"
    assert all(SECRET not in s.text for s in diags.sources.values())
    assert all(SECRET not in d.message and SECRET not in (d.help or "") for d in diags.items)


@pytest.mark.parametrize("target", ["../secret", "/etc/passwd", "..", "secret.rules", '"../secret"', "os.path",
                                    "~/secret", "mod/../secret", "\\\\server\\share"])
def test_import_of_a_path_is_a_syntax_error(tmp_path, reads, target):
    folder = make_ruleset(tmp_path, f"import {target}\n")
    result, diags = compile_dir(folder)
    assert result is None
    assert {d.code for d in diags.errors} <= {"E0001", "E0002", "E0003", "E0004"}, diags.items
    assert_never_left(folder, reads, diags)


def test_import_by_name_of_a_file_next_to_the_folder_is_never_read(tmp_path, reads):
    folder = make_ruleset(tmp_path, "import secret\nimport os\nimport passwd\n")
    result, diags = compile_dir(folder)
    assert result is None
    assert [d.code for d in diags.errors] == ["E0109"] * 3
    assert_never_left(folder, reads, diags)


def test_imports_inside_the_folder_still_work(tmp_path, reads):
    folder = make_ruleset(tmp_path, "import extra\n", extra="fn bonus() -> int { return 2 }\n")
    result, diags = compile_dir(folder)
    assert result is not None, diags.items
    assert_never_left(folder, reads, diags)


def test_a_symlinked_module_pointing_outside_is_not_read(tmp_path, reads):
    folder = make_ruleset(tmp_path, "import leak\n")
    (folder / "leak.rules").symlink_to(tmp_path / "secret.rules")
    _result, diags = compile_dir(folder)
    assert_never_left(folder, reads, diags)


@pytest.mark.parametrize("ruleset_id", ["../twilight-imperium", "/etc", "twilight-imperium/../..", "..", "a b",
                                        "twilight-imperium/../../../etc"])
def test_bundled_ids_cannot_name_paths(ruleset_id):
    assert folder_of(ruleset_id) is None


def test_too_many_modules_is_refused(tmp_path):
    folder = tmp_path / "many"
    folder.mkdir()
    (folder / "main.rules").write_text('game "many" "Many"\nimport m0\n', encoding="utf-8")
    for i in range(205):
        (folder / f"m{i}.rules").write_text(f"import m{i + 1}\n", encoding="utf-8")
    result, diags = compile_dir(folder)
    assert result is None
    assert "E0008" in {d.code for d in diags.errors}


def test_over_large_module_file_is_refused(tmp_path):
    folder = make_ruleset(tmp_path, "import big\n", big="# " + "x" * 1_000_001 + "\n")
    result, diags = compile_dir(folder)
    assert result is None
    assert [d.code for d in diags.errors] == ["E0008"]


def test_over_large_source_is_refused():
    with pytest.raises(rulecraft.CompileError) as info:
        rulecraft.compile_source('game "big" "Big"\n' + "#" * 1_000_001)
    assert [d.code for d in info.value.diagnostics] == ["E0008"]
