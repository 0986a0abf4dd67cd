"""An on-disk cache of data read from a user's file, keyed by the file's content (SHA-256).

Entries are JSON documents (never pickle or code) under `cache_dir()/KIND/DIGEST.json`, each
naming its kind, layout version and digest: a file that is unreadable, not JSON, or made for
another kind, layout or content is ignored (and replaced by the next write). The directory is
`RULECRAFT_CACHE_DIR`, else `$XDG_CACHE_HOME/rulecraft`, else `~/.cache/rulecraft` (the folder
of the compiled-ruleset cache, created private as that cache wants it); `RULECRAFT_NO_CACHE=1`
turns the cache off. Writing is best effort: a cache that cannot be written only costs time.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def cache_dir() -> Path | None:
    """Where cached entries live (the compiled rulesets' cache folder); None when caching is off."""
    if os.environ.get("RULECRAFT_NO_CACHE", "") not in ("", "0"):
        return None
    if os.environ.get("RULECRAFT_CACHE_DIR"):
        return Path(os.environ["RULECRAFT_CACHE_DIR"])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "rulecraft"


def _entry(kind: str, key: str) -> Path | None:
    root = cache_dir()
    return root / kind / f"{key}.json" if root is not None else None


def read(kind: str, layout: int, key: str) -> Any | None:
    """The data cached for `key`, or None (no cache, no entry, or an entry that is not ours)."""
    path = _entry(kind, key)
    if path is None:
        return None
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    if not isinstance(doc, dict) or (doc.get("kind"), doc.get("layout"), doc.get("key")) != (kind, layout, key):
        return None
    return doc.get("data")


def write(kind: str, layout: int, key: str, data: Any) -> None:
    """Cache `data` (plain JSON values) for `key`; written to a temporary file, then renamed into
    place, so that a reader never sees half an entry."""
    path = _entry(kind, key)
    if path is None:
        return
    try:
        text = json.dumps({"kind": kind, "layout": layout, "key": key, "data": data}, ensure_ascii=False,
                          allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError):  # a value JSON cannot hold: not cached
        return
    import tempfile  # here, not above: a process that only reads the cache does not load it

    try:
        path.parent.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        path.parent.mkdir(mode=0o700, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
    except OSError:
        return
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(tmp, path)
    except OSError:
        Path(tmp).unlink(missing_ok=True)
