"""Refusals and faults name where in a ruleset they happened: `file.rules:line:col`."""

from __future__ import annotations

import re

import rulecraft


def located_message(err: rulecraft.GameError) -> str:
    """The message of an error raised by a ruleset, after checking that it names its place."""
    assert re.fullmatch(r".+\.rules:\d+:\d+", err.where or ""), f"no file:line:col in {err!s}"
    assert str(err) == f"{err.where}: {err.message}"
    return err.message
