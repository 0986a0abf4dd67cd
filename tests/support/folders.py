"""Ruleset folders written by tests."""

from pathlib import Path


def write(folder: Path, text: str) -> str:
    """A ruleset folder whose main.rules is `text`; its path, as the loader takes it."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "main.rules").write_text(text, encoding="utf-8")
    return str(folder)


def write_mod(parent: Path, base: str, name: str, body: str, header_extra: str = "") -> str:
    """A mod folder `parent/name` of the ruleset `base`, id `base/name`, with `body` after its header."""
    return write(parent / name, f'mod "{base}/{name}" "{name}" extends "{base}"{header_extra}\n{body}')


def arena_mod(parent: Path, name: str, body: str, header_extra: str = "") -> str:
    """A mod `arena/name` of the tests' small `arena` ruleset (tests/mods), with `body` after its header."""
    return write_mod(parent, "arena", name, body, header_extra)
