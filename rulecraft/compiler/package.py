"""Where the package's data lives: the folder of a package of data files (the grammar, the
bundled rulesets, the schemas), as the import system finds it. importlib.resources finds the
same folder, but importing it (tempfile, zipfile, ...) is about a tenth of a second of CPU on a
loaded machine, on every start of every command."""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path


@cache
def folder(package: str) -> Path:
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError(f"no package {package}", name=package)
    return Path(next(iter(spec.submodule_search_locations)))
