"""Square-grid boards: built-in functions for rulesets (filled in by the square-grid work)."""

from __future__ import annotations

from typing import Any, Callable

BUILTINS: dict[str, tuple[Callable[..., Any], tuple[str, ...], str]] = {}
