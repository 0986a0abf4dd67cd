"""A per-user cache on disk for things that are slow to build and cheap to check (compiled
rulesets, parser tables, card pools), like Python's `__pycache__`: the one place that knows where
the cache is and what makes an entry trusted.

Where: `$RULECRAFT_CACHE_DIR`, else `$XDG_CACHE_HOME/rulecraft`, else `~/.cache/rulecraft`.
`RULECRAFT_NO_CACHE=1` turns it off (nothing is read or written). An entry is `AREA/KEY`: the
area names what it holds (`rulesets`, `pools`, ...), the key is chosen by the caller, usually a
content hash of the input (`digest`). The entries of an area holding compiled code (`SWITCHED`)
made with the optimiser off (`RULECRAFT_OPT=0`, compiler/optimise) are kept under other keys than
those made with it on: one never stands for the other.

What is stored: `marshal` data only (None, numbers, strings, bytes, tuples, lists, dicts,
sets, code objects). Unmarshalling builds no object of any class and calls nothing, unlike
`pickle`, which runs whatever callables a file names. But the code objects are executed by
the caller, and marshal is not safe against crafted input, so no file is unmarshalled before
its HMAC-SHA256 is checked, under a secret key only this user can read (`key`, mode 0600, in a
folder of the user's that no one else can write). The signature covers the area and the key as
well as the body, so an entry copied to another key or area is a miss. A cache folder another
user could write, or a key another could read, makes the cache unusable (off, silently); an area
folder that is not a real folder of the user's that only the user can write (a link, a FIFO,
another's) is not used (a miss, nothing written); an entry is opened without following a link
or waiting on a FIFO, and read only if it is a regular file. A file that is short, corrupt,
from another version or signed with another key (or for another key) is a miss, and the caller
builds again and overwrites it. Files are written to a temporary name and renamed, so a reader
never sees half a file.

It takes an area, a key and a marshal-able value, and gives the value back (or None). A newcomer
may add another kind of entry here (its own area, its key from a content hash); what is trusted
(the folders' owner and mode, the signature) is not to be loosened.
"""

from __future__ import annotations

import hashlib
import hmac
import marshal
import os
import stat
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

from . import optimise

MAGIC = b"rulecraft-cache-2\n"  # 2: the area and key are signed with the body
KEY_FILE = "key"
SIGNATURE = 32  # bytes of HMAC-SHA256
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)  # 0 where the system has no such flag (Windows)
NONBLOCK = getattr(os, "O_NONBLOCK", 0)
SWITCHED = frozenset({"rulesets"})  # areas whose entries hold compiled code, which the optimiser switch changes


def cache_dir() -> Path | None:
    """The cache folder, or None when the cache is turned off."""
    if os.environ.get("RULECRAFT_NO_CACHE", "") not in ("", "0"):
        return None
    if os.environ.get("RULECRAFT_CACHE_DIR"):
        return Path(os.environ["RULECRAFT_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "rulecraft"


def enabled() -> bool:
    """Whether entries can be read and written (on, and a private folder)."""
    return _secret() is not None


def digest(*parts: str | bytes) -> str:
    """A hex SHA-256 of the parts, each length-prefixed so that no two lists of parts collide."""
    h = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "big"))
        h.update(data)
    return h.hexdigest()


def read(area: str, key: str) -> Any | None:
    """What `write(area, key, ...)` stored, checked; None if absent, off, foreign or damaged."""
    secret = _secret()
    if secret is None:
        return None
    path = _path(area, key)
    data = _read_file(path) if _private(path.parent) else None
    head = len(MAGIC) + SIGNATURE
    if data is None or len(data) < head or not data.startswith(MAGIC):
        return None
    body = data[head:]
    if not hmac.compare_digest(data[len(MAGIC):head], _signature(secret, area, key, body)):
        return None
    try:
        return marshal.loads(body)
    except (EOFError, ValueError, TypeError):  # signed by us yet unreadable: another Python wrote it
        return None


def write(area: str, key: str, value: Any) -> bool:
    """Store a marshal-able value under `key`; False (and nothing written) if the cache is off or
    the folder cannot be written. Never raises for the cache's sake."""
    secret = _secret()
    if secret is None:
        return False
    try:
        body = marshal.dumps(value)
    except ValueError:  # not marshal data: the caller's mistake, but the cache is optional
        return False
    import tempfile  # here, not above (as `secrets` below): a process that only reads loads neither

    path = _path(area, key)
    try:
        path.parent.mkdir(mode=0o700, exist_ok=True)
        if not _private(path.parent):
            return False
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
        with os.fdopen(fd, "wb") as f:
            f.write(MAGIC + _signature(secret, area, key, body) + body)
        os.replace(tmp, path)
    except OSError:
        return False
    return True


def _path(area: str, key: str) -> Path:
    root = cache_dir()
    assert root is not None
    assert area.isidentifier()
    assert key.isalnum()
    return root / area / _switched(area, key)


def _switched(area: str, key: str) -> str:
    """The key an entry is stored under: in an area of compiled code, another one when the
    optimiser is off (it is signed so too, `_signature`)."""
    return key if area not in SWITCHED or optimise.enabled() else digest("unoptimised", key)


def _signature(secret: bytes, area: str, key: str, body: bytes) -> bytes:
    """The HMAC of an entry: its area and key are signed with its body, so that an entry copied
    to another key (or area) does not check."""
    return hmac.new(secret, bytes.fromhex(digest(area, _switched(area, key))) + body, hashlib.sha256).digest()


def _private(folder: Path) -> bool:
    """Whether an area folder is usable: a real folder (not a link), the user's, that no one else
    can write (where the system has owners)."""
    try:
        return stat.S_ISDIR(folder.lstat().st_mode) and _owned(folder, 0o022)
    except OSError:
        return False


def _read_file(path: Path) -> bytes | None:
    """The bytes of a regular file, or None: a link, a FIFO or a device is never read (opened
    without following a link and without waiting for a writer, then checked)."""
    try:
        fd = os.open(path, os.O_RDONLY | NOFOLLOW | NONBLOCK)
    except OSError:
        return None
    with os.fdopen(fd, "rb") as f:
        try:
            return f.read() if stat.S_ISREG(os.fstat(fd).st_mode) else None
        except OSError:
            return None


def _secret() -> bytes | None:
    """The user's signing key, created on first use; None if the cache is off or not private."""
    root = cache_dir()
    return None if root is None else _secret_in(str(root))


@lru_cache(maxsize=8)
def _secret_in(folder: str) -> bytes | None:
    """The key of a cache folder, checked once per process (a folder that was not private
    stays unused: this process does not look again)."""
    root = Path(folder)
    try:
        root.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _owned(root, 0o022):  # others may read the entries, not replace the key
            return None
        key_path = root / KEY_FILE
        try:
            fd = os.open(key_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass
        else:
            import secrets

            with os.fdopen(fd, "wb") as f:
                f.write(secrets.token_bytes(32))
        if not _owned(key_path, 0o077):
            return None
        secret = _read_file(key_path)
    except OSError:
        return None
    return secret if secret is not None and len(secret) == 32 else None


def _owned(path: Path, closed: int) -> bool:
    """Owned by this user, not a link, and no permission of `closed` given to others (where the
    system has owners)."""
    info = path.lstat()
    if stat.S_ISLNK(info.st_mode):
        return False
    if sys.platform == "win32":
        return True
    return info.st_uid == os.getuid() and not info.st_mode & closed
