"""Files written where the command line says (`-o`, `--out`, `--plot`): the safe writing of
rulecraft/files.py with its refusals as usage errors (exit 2).

- E1010: a file is there already and `--force` was not given;
- E1011: the place is a symbolic link, a block device or a socket, or one of the command's own
  input files (refused even with `--force`);
- E1005: there is no such folder, a folder is there, or the writing failed (a full disk).

It takes a path, the bytes, `--force` and the command's input files; it checks (before the work,
`checked`) and writes (`write`). A newcomer changes a refusal's words or code here; what is
refused is rulecraft/files.py."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from .. import files
from .given import UsageError


def refusal(err: OSError, what: str) -> UsageError:
    """The usage error for an OSError met writing `what` (e.g. `the picture out.svg`)."""
    if isinstance(err, files.Exists):
        return UsageError("E1010", f"will not replace {what}: {err}", "give --force to replace it")
    if isinstance(err, (files.NotRegular, files.OwnInput)):
        return UsageError("E1011", f"will not write {what}: {err}", "name another file")
    return UsageError("E1005", f"cannot write {what}: {err.strerror or err}")


def checked(path: str | Path, force: bool, what: str, inputs: Iterable[str | Path] = ()) -> None:
    """Refuses now, before any work, an output that could not be written (`refusal`)."""
    try:
        files.check_output(path, force, inputs)
    except OSError as err:
        raise refusal(err, what) from None


def write(path: str | Path, data: bytes | str, force: bool, what: str, inputs: Iterable[str | Path] = ()) -> None:
    """Writes `data` (a text: as UTF-8) to `path` by the rules of rulecraft/files.py."""
    try:
        files.write_output(path, data.encode("utf-8") if isinstance(data, str) else data, force, inputs)
    except OSError as err:
        raise refusal(err, what) from None
