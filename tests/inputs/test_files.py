"""rulecraft/files.py: a read takes only a regular file, and never more than its limit; a write goes
through a temporary file renamed into place, replaces a file only when forced, and never writes
through a link. Each test counts bytes or files."""

import errno
import os
import stat
from pathlib import Path

import pytest

from rulecraft import files


def listing(folder: Path) -> list[str]:
    return sorted(os.listdir(folder))


# ---- reading ----------------------------------------------------------------------


def test_a_regular_file_is_read_whole_up_to_its_limit_and_refused_one_byte_past_it(tmp_path):
    path = tmp_path / "f"
    path.write_bytes(b"x" * 10)
    assert files.read_bytes(path, 10) == b"x" * 10
    with pytest.raises(files.TooLarge, match="larger than 9 bytes"):
        files.read_bytes(path, 9)


def test_a_device_says_its_size_is_0_and_is_refused_before_a_byte_is_read():
    assert os.stat("/dev/zero").st_size == 0
    with pytest.raises(files.NotRegular, match="it is a character device, not a regular file"):
        files.read_bytes("/dev/zero", 1 << 30)


def test_a_link_to_a_device_is_a_device(tmp_path):
    (tmp_path / "deck.yaml").symlink_to("/dev/zero")
    with pytest.raises(files.NotRegular, match="character device"):
        files.read_text(tmp_path / "deck.yaml", 100)


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "log.jsonl"
    os.mkfifo(fifo)  # nobody writes to it: a plain open would wait for ever
    with pytest.raises(files.NotRegular, match="it is a FIFO"):
        files.read_bytes(fifo, 100)


def test_a_fifo_swapped_in_after_the_first_look_is_refused_on_the_open_file(tmp_path, monkeypatch):
    fifo = tmp_path / "swapped"
    os.mkfifo(fifo)
    regular = os.stat(__file__)
    monkeypatch.setattr(files.os, "stat", lambda path, follow_symlinks=True: regular)  # the first look is fooled
    with pytest.raises(files.NotRegular, match="it is a FIFO"):  # opened non-blocking: no wait
        files.read_bytes(fifo, 100)


def test_a_folder_is_refused(tmp_path):
    with pytest.raises(files.NotRegular, match="it is a folder"):
        files.read_bytes(tmp_path, 100)


def test_a_link_is_not_followed_when_asked(tmp_path):
    (tmp_path / "real").write_bytes(b"abc")
    (tmp_path / "link").symlink_to(tmp_path / "real")
    assert files.read_bytes(tmp_path / "link", 100) == b"abc"
    with pytest.raises(files.NotRegular, match="symbolic link"):
        files.read_bytes(tmp_path / "link", 100, follow=False)


# ---- writing ----------------------------------------------------------------------


def test_a_new_file_is_written_with_a_new_files_permissions_and_no_temporary_file_left(tmp_path):
    mask = os.umask(0o027)
    try:
        files.write_output(tmp_path / "out.svg", b"<svg/>")
    finally:
        os.umask(mask)
    assert (tmp_path / "out.svg").read_bytes() == b"<svg/>"
    assert stat.S_IMODE(os.stat(tmp_path / "out.svg").st_mode) == 0o640
    assert listing(tmp_path) == ["out.svg"]


def test_a_file_there_is_replaced_only_with_force_and_keeps_its_permissions(tmp_path):
    out = tmp_path / "out.svg"
    out.write_bytes(b"mine")
    os.chmod(out, 0o604)
    with pytest.raises(files.Exists, match="it is there already"):
        files.write_output(out, b"new")
    assert out.read_bytes() == b"mine"
    files.write_output(out, b"new", force=True)
    assert out.read_bytes() == b"new"
    assert stat.S_IMODE(os.stat(out).st_mode) == 0o604
    assert listing(tmp_path) == ["out.svg"]


def test_a_write_that_fails_half_way_leaves_the_old_file_byte_for_byte(tmp_path, monkeypatch):
    out = tmp_path / "main.rules"
    out.write_bytes(b"the old text\n" * 100)
    real_write, written = os.write, []

    def full_disk(fd, data):  # 10 bytes go, then the disk is full
        if written:
            raise OSError(errno.ENOSPC, "No space left on device")
        written.append(real_write(fd, data[:10]))
        return written[-1]

    monkeypatch.setattr(files.os, "write", full_disk)
    with pytest.raises(OSError, match="No space left"):
        files.replace(out, b"the new text\n" * 100)
    assert written == [10]
    assert out.read_bytes() == b"the old text\n" * 100
    assert listing(tmp_path) == ["main.rules"]  # the temporary file is gone too


def test_a_file_that_appears_while_a_new_one_is_written_is_not_replaced(tmp_path):
    out = tmp_path / "out.yaml"
    out.write_bytes(b"someone else's")
    with pytest.raises(files.Exists, match="appeared"):
        files.replace(out, b"ours", new=True)
    assert out.read_bytes() == b"someone else's"
    assert listing(tmp_path) == ["out.yaml"]


def test_a_file_system_without_hard_links_still_gets_the_new_file(tmp_path, monkeypatch):
    def no_links(source, target):
        raise PermissionError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(files.os, "link", no_links)
    files.write_output(tmp_path / "out.yaml", b"ours")
    assert (tmp_path / "out.yaml").read_bytes() == b"ours"
    assert listing(tmp_path) == ["out.yaml"]


def test_a_link_out_of_the_folder_is_neither_followed_nor_replaced(tmp_path):
    outside, inside = tmp_path / "outside", tmp_path / "inside"
    outside.mkdir()
    inside.mkdir()
    (outside / "precious").write_bytes(b"keep me")
    (inside / "out.svg").symlink_to(outside / "precious")
    with pytest.raises(files.NotRegular, match="symbolic link"):
        files.write_output(inside / "out.svg", b"new", force=True)
    assert (outside / "precious").read_bytes() == b"keep me"
    assert (inside / "out.svg").is_symlink()
    assert listing(inside) == ["out.svg"]


def test_a_hard_link_replaced_with_force_leaves_its_other_name_as_it_was(tmp_path):
    (tmp_path / "elsewhere").write_bytes(b"keep me")
    os.link(tmp_path / "elsewhere", tmp_path / "out.yaml")
    files.write_output(tmp_path / "out.yaml", b"new", force=True)
    assert (tmp_path / "out.yaml").read_bytes() == b"new"
    assert (tmp_path / "elsewhere").read_bytes() == b"keep me"


def test_a_folder_or_a_missing_folder_is_no_place_for_a_file(tmp_path):
    with pytest.raises(files.NoPlace, match="it is a folder"):
        files.write_output(tmp_path, b"x", force=True)
    with pytest.raises(files.NoPlace, match="there is no folder"):
        files.write_output(tmp_path / "no" / "out.svg", b"x", force=True)
    assert listing(tmp_path) == []


def test_an_input_of_the_command_is_not_written_even_with_force_under_any_name(tmp_path):
    cards = tmp_path / "cards.json"
    cards.write_bytes(b"[]")
    os.link(cards, tmp_path / "other-name.json")
    for name in ("cards.json", "other-name.json"):
        with pytest.raises(files.OwnInput, match="the input file"):
            files.write_output(tmp_path / name, b"pool", force=True, inputs=[cards])
    assert cards.read_bytes() == b"[]"


def test_a_character_device_is_a_stream_written_as_it_is(tmp_path):
    files.write_output("/dev/null", b"x" * 1000)  # no --force needed: nothing is replaced
    (tmp_path / "out").symlink_to("/dev/null")
    files.write_output(tmp_path / "out", b"x")
    assert (tmp_path / "out").is_symlink()
    assert listing(tmp_path) == ["out"]


def test_a_fifo_nobody_reads_is_an_error_not_a_wait(tmp_path):
    fifo = tmp_path / "out.svg"
    os.mkfifo(fifo)
    with pytest.raises(OSError, match="No such device or address") as refused:
        files.write_output(fifo, b"<svg/>")
    assert refused.value.errno == errno.ENXIO
