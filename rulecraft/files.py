"""Reading a file a user names and writing a file where a user says, safely.

Reading (`read_bytes`, `read_text`): only a regular file is read. Its type is checked before it
is opened (a device, a FIFO, a socket or a folder is refused, so `/dev/zero` cannot feed a read
for ever and a FIFO cannot block one), it is opened non-blocking (and, if asked, without
following a symbolic link), its type is checked again on the open file, and at most `limit` + 1
bytes are read: a size is never trusted from `stat()` alone (a device says 0).

Writing (`check_output`, `write_output`, `replace`): a file is written to a temporary file in
the same folder, flushed, synced and renamed into place, so a crash or a full disk leaves the
old file whole. A file already there is replaced only with `force`; a symbolic link is never
written through nor replaced; a folder, a block device, a socket and one of the command's own
input files are refused, and so is a missing folder. A character device or a FIFO (`/dev/null`,
`/dev/stdout`) is a stream, written to as it is. A replaced file keeps its permission bits.

Every refusal is a `Refused` (an OSError whose text says why), so a caller that reports an
OSError reports it too; the subclasses say which refusal it was. It imports nothing of rulecraft:
the command line turns a refusal into a diagnostic (rulecraft/inputs/outputs.py). A newcomer may
change how a file is read or written here; the rules above are what every command relies on.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

CHUNK = 1 << 20  # bytes read at a time


class Refused(OSError):
    """A file not read or not written, and why (the text of the error)."""

    def __init__(self, why: str, path: str | Path):
        super().__init__(errno.EINVAL, why, str(path))

    def __str__(self) -> str:
        return str(self.strerror)


class TooLarge(Refused):
    """A file holds more bytes than the reader allows."""


class NotRegular(Refused):
    """Not a regular file: a folder, a device, a FIFO, a socket, or a link where none is followed."""


class Exists(Refused):
    """A file is there already and `force` was not given."""


class NoPlace(Refused):
    """No place for a file: its folder does not exist, or a folder is there."""


class OwnInput(Refused):
    """The file to write is one the command reads."""


def kind(mode: int) -> str:
    """What a file of this `st_mode` is, in words."""
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISLNK, "a symbolic link"), (stat.S_ISFIFO, "a FIFO"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "a regular file" if stat.S_ISREG(mode) else "not a regular file"


# ---- reading ----------------------------------------------------------------------


def read_bytes(path: str | Path, limit: int, follow: bool = True) -> bytes:
    """The bytes of the regular file at `path`: NotRegular if it is anything else (with `follow`
    False, a symbolic link too), TooLarge past `limit` bytes, another OSError if it cannot be read."""
    info = os.stat(path, follow_symlinks=follow)
    if not stat.S_ISREG(info.st_mode):
        raise NotRegular(f"it is {kind(info.st_mode)}, not a regular file", path)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) | (0 if follow else os.O_NOFOLLOW)
    fd = os.open(path, flags)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):  # changed between the two looks
            raise NotRegular(f"it is {kind(mode)}, not a regular file", path)
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(CHUNK, limit + 1 - size))
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
            size += len(chunk)
        raise TooLarge(f"it is larger than {limit:,} bytes", path)
    finally:
        os.close(fd)


def read_text(path: str | Path, limit: int, encoding: str = "utf-8", follow: bool = True) -> str:
    """`read_bytes` decoded (a UnicodeDecodeError if it is not text in `encoding`)."""
    return read_bytes(path, limit, follow).decode(encoding)


# ---- writing ----------------------------------------------------------------------


def check_output(path: str | Path, force: bool = False, inputs: Iterable[str | Path] = ()) -> os.stat_result | None:
    """Refuses, before any work, a place a file could not be written: see the module's rules.
    Gives what is there now (a stream's or a file's status), None if nothing."""
    folder = Path(path).parent
    try:
        there = os.lstat(path)
    except FileNotFoundError:
        if not folder.is_dir():
            raise NoPlace(f"there is no folder {folder}", path) from None
        return None
    if stat.S_ISLNK(there.st_mode):
        target = _stat_or_none(path)
        if target is None or not _is_stream(target.st_mode):
            raise NotRegular("it is a symbolic link: rulecraft does not write through links; name the file itself", path)
        there = target
    if _is_stream(there.st_mode):
        return there
    if stat.S_ISDIR(there.st_mode):
        raise NoPlace("it is a folder", path)
    if not stat.S_ISREG(there.st_mode):
        raise NotRegular(f"it is {kind(there.st_mode)}, not a file rulecraft may write", path)
    for name in inputs:
        seen = _stat_or_none(name)
        if seen is not None and (seen.st_dev, seen.st_ino) == (there.st_dev, there.st_ino):
            raise OwnInput(f"it is the input file {name}", path)
    if not force:
        raise Exists("it is there already", path)
    return there


def write_output(path: str | Path, data: bytes, force: bool = False, inputs: Iterable[str | Path] = ()) -> None:
    """Writes `data` to `path` by the module's rules (checked again now: `check_output`)."""
    there = check_output(path, force, inputs)
    if there is not None and _is_stream(there.st_mode):  # /dev/null, /dev/stdout, a FIFO
        _write_stream(path, data)
    else:
        replace(path, data, None if there is None else stat.S_IMODE(there.st_mode), new=there is None)


def replace(path: str | Path, data: bytes, mode: int | None = None, new: bool = False) -> None:
    """Puts `data` at `path` through a temporary file in its folder, synced, then renamed: `path`
    holds its old bytes or the new ones, never a part. `mode`: the permission bits (default: a new
    file's). `new`: `path` must not exist (Exists if a file appeared there meanwhile)."""
    folder = os.path.dirname(os.path.abspath(path))
    fd, temporary = tempfile.mkstemp(prefix=f".{os.path.basename(path)}.", suffix=".tmp", dir=folder)
    try:
        os.fchmod(fd, 0o666 & ~_umask() if mode is None else mode)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
        os.close(fd)
        fd = -1
        _put(temporary, path, new)
    except BaseException:
        if fd >= 0:
            os.close(fd)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise
    _sync_folder(folder)


def _put(temporary: str, path: str | Path, new: bool) -> None:
    """Renames the temporary file into place; for a `new` file, without replacing one that
    appeared meanwhile (a hard link fails if the name is taken)."""
    if not new:
        os.replace(temporary, path)
        return
    try:
        os.link(temporary, path)
    except FileExistsError:
        raise Exists("it appeared while it was being written", path) from None
    except OSError:  # a file system without hard links: look once more, then rename
        if os.path.lexists(path):
            raise Exists("it is there already", path) from None
        os.replace(temporary, path)
        return
    os.unlink(temporary)


def _write_stream(path: str | Path, data: bytes) -> None:
    """A character device or a FIFO, written to as it is (a FIFO nobody reads: ENXIO, not a wait)."""
    fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        os.set_blocking(fd, True)  # opened; now the reader sets the pace
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)


def _is_stream(mode: int) -> bool:
    return stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)


def _stat_or_none(path: str | Path) -> os.stat_result | None:
    try:
        return os.stat(path)
    except OSError:
        return None


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _sync_folder(folder: str) -> None:
    """The rename made durable (a file system that cannot sync a folder is left as it is)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
