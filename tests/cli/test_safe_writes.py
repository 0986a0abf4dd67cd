"""The commands that write files (`fmt`, `render -o`, `import -o`, `doc -o`, `--plot`) and those
that read a file a user names (a deck, a pool, a log, a script, a picture): an existing file is
replaced only with --force (fmt by its documented rule), nothing is written through a link, a
failed write leaves the old file whole, and a device, a FIFO or a folder is refused before it is
opened. Each test counts bytes or files, and the exit code and diagnostic code."""

import errno
import os
import stat
from pathlib import Path

import pytest

from rulecraft import cli, files
from rulecraft.reference.doc import MANIFEST, write
from rulecraft.reference.model import Page
from tests.support.folders import write as write_folder

FIXTURES = Path(__file__).resolve().parents[1] / "rulesets" / "doomtrooper" / "fixtures"
MESSY = 'game "g" "G"\nfn f() {\n      return\n}\n'
TIDY = 'game "g" "G"\nfn f() {\n  return\n}\n'


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def listing(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


# ---- fmt: rewrites in place, by its rule -------------------------------------------


def test_fmt_on_a_full_disk_keeps_the_file_and_says_so(tmp_path, capsys, monkeypatch):
    messy = tmp_path / "main.rules"
    messy.write_text(MESSY, encoding="utf-8")

    def full_disk(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files.os, "write", full_disk)
    code, _, err = run(capsys, "fmt", str(tmp_path))
    assert code == 2
    assert "cannot be written (it is as it was): No space left on device" in err
    assert messy.read_text(encoding="utf-8") == MESSY
    assert listing(tmp_path) == ["main.rules"]


def test_fmt_keeps_a_files_permissions(tmp_path, capsys):
    messy = tmp_path / "main.rules"
    messy.write_text(MESSY, encoding="utf-8")
    os.chmod(messy, 0o640)
    assert run(capsys, "fmt", str(messy))[0] == 0
    assert messy.read_text(encoding="utf-8") == TIDY
    assert stat.S_IMODE(os.stat(messy).st_mode) == 0o640


def test_fmt_of_a_folder_rewrites_only_its_own_regular_files(tmp_path, capsys):
    outside, folder = tmp_path / "outside", tmp_path / "folder"
    outside.mkdir()
    folder.mkdir()
    (outside / "theirs.rules").write_text(MESSY, encoding="utf-8")
    (folder / "main.rules").write_text(MESSY, encoding="utf-8")
    (folder / "linked-out.rules").symlink_to(outside / "theirs.rules")
    os.link(outside / "theirs.rules", folder / "hard.rules")
    (folder / "zero.rules").symlink_to("/dev/zero")
    os.mkfifo(folder / "fifo.rules")
    (folder / "inner.rules").symlink_to(folder / "main.rules")  # leads inside: the file it names is laid out once
    code, _, err = run(capsys, "fmt", str(folder))
    assert code == 0
    assert (folder / "main.rules").read_text(encoding="utf-8") == TIDY
    assert (outside / "theirs.rules").read_text(encoding="utf-8") == MESSY  # through neither link
    assert (folder / "inner.rules").is_symlink()
    assert err.count("note: skipped:") == 4
    assert f"linked-out.rules: note: skipped: a link that leads out of {folder.resolve()}" in err
    assert "hard.rules: note: skipped: a file with another name (a hard link)" in err
    assert "fifo.rules: note: skipped: a FIFO, not a regular file" in err
    assert "zero.rules: note: skipped: a link that leads out of" in err
    assert err.endswith("1 file changed\n")
    assert listing(folder) == ["fifo.rules", "hard.rules", "inner.rules", "linked-out.rules", "main.rules", "zero.rules"]


def test_fmt_json_lists_the_files_skipped(tmp_path, capsys):
    import json

    os.mkfifo(tmp_path / "fifo.rules")
    code, out, _ = run(capsys, "fmt", "--json", str(tmp_path / "fifo.rules"))
    assert code == 0
    assert json.loads(out) == {"changed": [], "not_formatted": [], "skipped": [
        {"file": str(tmp_path / "fifo.rules"), "reason": "a FIFO, not a regular file"}]}


# ---- -o and --plot: never replace without --force ------------------------------------


def test_render_out_replaces_a_file_only_with_force(tmp_path, capsys):
    out = tmp_path / "token.svg"
    out.write_bytes(b"mine")
    code, _, err = run(capsys, "render", "neuroshima", "token", "splitter", "-o", str(out))
    assert (code, out.read_bytes()) == (2, b"mine")
    assert err.startswith(f"error[E1010]: will not replace {out}: it is there already\n  help: give --force to replace it")
    assert run(capsys, "render", "neuroshima", "token", "splitter", "-o", str(out), "--force")[0] == 0
    assert out.read_bytes().startswith(b"<svg")
    assert listing(tmp_path) == ["token.svg"]


def test_render_out_through_a_link_is_refused_even_with_force(tmp_path, capsys):
    (tmp_path / "precious").write_bytes(b"keep me")
    (tmp_path / "token.svg").symlink_to(tmp_path / "precious")
    code, _, err = run(capsys, "render", "neuroshima", "token", "splitter", "-o", str(tmp_path / "token.svg"), "--force")
    assert code == 2
    assert "error[E1011]" in err
    assert (tmp_path / "precious").read_bytes() == b"keep me"


def test_render_reads_a_picture_only_from_a_regular_file(tmp_path, capsys):
    os.mkfifo(tmp_path / "picture.txt")
    for picture in ("/dev/zero", str(tmp_path / "picture.txt"), str(tmp_path)):
        code, _, err = run(capsys, "render", "neuroshima", "board", "--picture", picture)
        assert code == 2
        assert "error[E1005]: cannot read the picture" in err
        assert "not a regular file" in err


def test_import_out_never_replaces_its_own_input(tmp_path, capsys):
    cards = tmp_path / "cards.json"
    cards.write_bytes((FIXTURES / "doomtrooperdb-small.json").read_bytes())
    before = cards.read_bytes()
    code, out, err = run(capsys, "import", "doomtrooperdb", str(cards), "-o", str(cards), "--force")
    assert (code, out) == (2, "")
    assert "error[E1011]" in err
    assert cards.read_bytes() == before


def test_import_out_into_a_missing_folder_or_onto_a_folder_is_a_usage_error(tmp_path, capsys):
    cards = str(FIXTURES / "doomtrooperdb-small.json")
    code, _, err = run(capsys, "import", "doomtrooperdb", cards, "-o", str(tmp_path / "no" / "pool.yaml"))
    assert code == 2
    assert f"error[E1005]: cannot write {tmp_path / 'no' / 'pool.yaml'}: there is no folder" in err
    code, _, err = run(capsys, "import", "doomtrooperdb", cards, "-o", str(tmp_path), "--force")
    assert code == 2
    assert f"error[E1005]: cannot write {tmp_path}: it is a folder" in err
    assert listing(tmp_path) == []


def test_import_out_replaces_a_pool_only_with_force(tmp_path, capsys):
    cards, pool = str(FIXTURES / "doomtrooperdb-small.json"), tmp_path / "pool.yaml"
    pool.write_bytes(b"old pool\n")
    assert run(capsys, "import", "doomtrooperdb", cards, "-o", str(pool))[0] == 2
    assert pool.read_bytes() == b"old pool\n"
    assert run(capsys, "import", "doomtrooperdb", cards, "-o", str(pool), "--force")[0] == 0
    assert pool.read_bytes().startswith(b"# A card pool written by `rulecraft import`")


def test_plot_refuses_an_existing_picture_before_any_work_and_replaces_it_with_force(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    picture = tmp_path / "odds.svg"
    picture.write_bytes(b"mine")
    code, out, err = run(capsys, "odds", "twilight-imperium", "devastation", "--plot", str(picture))
    assert (code, out, picture.read_bytes()) == (2, "", b"mine")
    assert "error[E1010]: will not replace the picture" in err
    assert run(capsys, "odds", "twilight-imperium", "devastation", "--plot", str(picture), "--force")[0] == 0
    assert picture.read_bytes().startswith(b"<?xml")


def test_plot_draws_names_with_dollars_as_they_are_written(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    import xml.etree.ElementTree as ET

    game = write_folder(tmp_path / "g", 'game "g" "G"\n\ndie d2 "two-sided" { faces 1..2 }\n\n'
                        'query named() {\n  if roll d2 == 1 { return "$\\\\frac$" }\n  return "$x^$ 100%"\n}\n')
    picture = tmp_path / "named.svg"
    assert run(capsys, "odds", game, "named", "--plot", str(picture))[0] == 0  # mathtext would refuse both
    shown = ["".join(t.itertext()) for t in ET.parse(picture).iter("{http://www.w3.org/2000/svg}text")]
    assert {"$\\frac$", "$x^$ 100%"} <= set(shown)


# ---- doc -o DIR: replaces what it wrote --------------------------------------------


def pages() -> list[Page]:
    return [Page("index", "Index"), Page("codes", "Codes")]


def test_doc_replaces_the_files_it_wrote_and_no_other_without_force(tmp_path):
    out = tmp_path / "ref"
    write(pages(), out)
    assert listing(out) == [MANIFEST, "codes.html", "codes.md", "index.html", "index.md", "pictures"]
    assert (out / MANIFEST).read_text(encoding="utf-8") == "codes.html\ncodes.md\nindex.html\nindex.md\n"
    write(pages(), out)  # its own files: replaced
    (out / MANIFEST).unlink()
    before = {name: (out / name).read_bytes() for name in ("index.html", "index.md")}
    with pytest.raises(files.Exists, match=r"it holds 4 file\(s\) `rulecraft doc` did not write"):
        write(pages(), out)
    assert {name: (out / name).read_bytes() for name in before} == before
    assert MANIFEST not in listing(out)  # nothing written
    write(pages(), out, force=True)
    assert MANIFEST in listing(out)


def test_doc_does_not_write_through_a_linked_file_or_pictures_folder(tmp_path):
    outside, out = tmp_path / "outside", tmp_path / "ref"
    outside.mkdir()
    out.mkdir()
    (outside / "precious").write_bytes(b"keep me")
    (out / "index.html").symlink_to(outside / "precious")
    with pytest.raises(files.NotRegular, match="symbolic link"):
        write(pages(), out, force=True)
    assert listing(out) == ["index.html"]  # refused before anything is written
    (out / "index.html").unlink()
    (out / "pictures").symlink_to(outside)
    with pytest.raises(files.NotRegular, match="pictures is a symbolic link"):
        write(pages(), out, force=True)
    assert listing(outside) == ["precious"]
    assert (outside / "precious").read_bytes() == b"keep me"


def test_doc_onto_a_file_or_over_files_it_did_not_write_is_a_usage_error(tmp_path, capsys):
    (tmp_path / "ref").write_bytes(b"a file")
    code, _, err = run(capsys, "doc", "twilight-imperium", "-o", str(tmp_path / "ref"))
    assert code == 2
    assert f"error[E1005]: cannot write the reference to {tmp_path / 'ref'}: it is not a folder" in err
    (tmp_path / "ref").unlink()
    (tmp_path / "ref").mkdir()
    (tmp_path / "ref" / "index.html").write_bytes(b"mine")
    code, _, err = run(capsys, "doc", "twilight-imperium", "-o", str(tmp_path / "ref"))
    assert code == 2
    assert "error[E1010]" in err
    assert listing(tmp_path / "ref") == ["index.html"]
    assert (tmp_path / "ref" / "index.html").read_bytes() == b"mine"


# ---- reading: a device, a FIFO or a folder is refused before it is opened ------------


@pytest.mark.parametrize(("argv", "code"), [
    (["deck", "check", "{}", "--format", "doomtrooper/standard"], "E0801"),
    (["deck", "check", "{deck}", "--pool", "{}"], "E0901"),
    (["replay", "{}"], "E1005"),
    (["run", "examples/tic-tac-toe/classic", "--agent", "script:@{}"], "E1005"),
])
@pytest.mark.parametrize("kind", ["device", "fifo", "folder"])
def test_a_file_a_command_reads_must_be_a_regular_file(tmp_path, capsys, argv, code, kind):
    deck = tmp_path / "deck.yaml"
    deck.write_text("format: doomtrooper/standard\nmain: {gendarme: 1}\n", encoding="utf-8")
    named = {"device": "/dev/zero", "fifo": str(tmp_path / "fifo"), "folder": str(tmp_path / "folder")}[kind]
    if kind == "fifo":
        os.mkfifo(named)
    elif kind == "folder":
        os.mkdir(named)
    exit_code, _, err = run(capsys, *(a.replace("{deck}", str(deck)).replace("{}", named) for a in argv))
    assert exit_code == 2
    assert f"error[{code}]" in err
    assert "not a regular file" in err


def test_a_module_that_turns_into_a_fifo_after_it_was_looked_at_is_refused_not_waited_for(tmp_path, monkeypatch):
    from rulecraft.compiler import loader
    from rulecraft.compiler.diagnostics import Diagnostics

    (tmp_path / "main.rules").write_text('game "g" "G"\nimport other\n', encoding="utf-8")
    os.mkfifo(tmp_path / "other.rules")
    monkeypatch.setattr(loader, "is_file", lambda path: True)  # the first look saw a file
    diags = Diagnostics()
    loader.compile_folder(tmp_path, diags)
    assert [(d.code, d.message) for d in diags.sorted()] == [
        ("E0109", f"cannot read {tmp_path / 'other.rules'}: it is a FIFO, not a regular file")]
