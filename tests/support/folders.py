"""Ruleset folders written by tests."""

from pathlib import Path


def write(folder: Path, text: str) -> str:
    """A ruleset folder whose main.rules is `text`; its path, as the loader takes it."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "main.rules").write_text(text, encoding="utf-8")
    return str(folder)
