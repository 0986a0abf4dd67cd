"""A per-user cache on disk for things that are slow to build and cheap to check (compiled
rulesets; card pools could use it too), like Python's `__pycache__`.

Where: `$RULECRAFT_CACHE_DIR`, else `$XDG_CACHE_HOME/rulecraft`, else `~/.cache/rulecraft`.
`RULECRAFT_NO_CACHE=1` turns it off (nothing is read or written).

What is stored: `marshal` data only (None, numbers, strings, bytes, tuples, lists, dicts,
sets, code objects). Unmarshalling builds no object of any class and calls nothing, unlike
`pickle`, which runs whatever callables a file names. But the code objects are executed by
the caller, and marshal is not safe against crafted input, so no file is unmarshalled before
its HMAC-SHA256 is checked, under a secret key only this user can read (`key`, mode 0600,
in a folder of the user's that no one else can write). A folder another user could write, or
a key another could read, makes the cache unusable (off, silently); a file that is short, corrupt, from another version or
signed with another key is a miss, and the caller builds again and overwrites it. Files are
written to a temporary name and renamed, so a reader never sees half a file.

A newcomer may add another kind of entry here (its own key, from a content hash); what is trusted
(the folder's owner and mode, the signature) is not to be loosened.
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

MAGIC = b"rulecraft-cache-1\n"
KEY_FILE = "key"
SIGNATURE = 32  # bytes of HMAC-SHA256


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
    try:
        data = _path(area, key).read_bytes()
    except OSError:
        return None
    head = len(MAGIC) + SIGNATURE
    if len(data) < head or not data.startswith(MAGIC):
        return None
    body = data[head:]
    if not hmac.compare_digest(data[len(MAGIC):head], hmac.new(secret, body, hashlib.sha256).digest()):
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
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
        with os.fdopen(fd, "wb") as f:
            f.write(MAGIC + hmac.new(secret, body, hashlib.sha256).digest() + body)
        os.replace(tmp, path)
    except OSError:
        return False
    return True


def _path(area: str, key: str) -> Path:
    root = cache_dir()
    assert root is not None
    assert area.isidentifier()
    assert key.isalnum()
    return root / area / key


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
        secret = key_path.read_bytes()
    except OSError:
        return None
    return secret if len(secret) == 32 else None


def _owned(path: Path, closed: int) -> bool:
    """Owned by this user, not a link, and no permission of `closed` given to others (where the
    system has owners)."""
    info = path.lstat()
    if stat.S_ISLNK(info.st_mode):
        return False
    if sys.platform == "win32":
        return True
    return info.st_uid == os.getuid() and not info.st_mode & closed
