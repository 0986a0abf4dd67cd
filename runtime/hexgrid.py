"""Hex boards: built-in functions for rulesets (filled in by the hex-board work)."""

from __future__ import annotations

from typing import Any, Callable

BUILTINS: dict[str, tuple[Callable[..., Any], tuple[str, ...], str]] = {}
