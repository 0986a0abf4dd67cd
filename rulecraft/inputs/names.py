"""Which definition (or enum member) a name given from outside means: a deck file, a card
pool, the command line, the API.

A target is named by its id, its own name, or one of its names in other languages (`aka` in
the ruleset, and the names of pool cards that are the same card). Ids match exactly; names
match without regard to case or Unicode form (casefolded NFC), and, when that finds nothing,
without accents too ("Zbabelost" for "Zbabělost"). At each step a target's own name wins over
another's other name; a name that still means several targets is ambiguous, not guessed.

Takes a ruleset (its definitions, enum members and their `aka` names); gives a NameIndex per
kind, kept with the ruleset, whose tables without accents are made only when a name needs them.
A newcomer may change how names are compared (`key`, `loose_key`), never which target wins.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable

from ..runtime.ruleset import Ruleset


def key(name: str) -> str:
    """A name as compared: one Unicode form, no case, single spaces."""
    return " ".join(unicodedata.normalize("NFC", name).casefold().split())


BARE = str.maketrans({"ł": "l", "ø": "o", "đ": "d", "ħ": "h", "ı": "i"})  # noqa: RUF001 - letters with no accent to take off


def loose_key(name: str) -> str:
    """A name compared without its accents as well."""
    decomposed = unicodedata.normalize("NFD", key(name).translate(BARE))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


class NameIndex:
    """The targets of a list of (id, own name, other names), looked up by what a user writes.
    The tables of names without accents are made when a name first needs them (most names
    are found by their id or their key)."""

    def __init__(self, targets: Iterable[tuple[str, str, Iterable[str]]]):
        self.targets = [(target, own, tuple(others)) for target, own, others in targets]
        self.ids: set[str] = {target for target, _, _ in self.targets}
        # four tables tried in order: own names, other names, each by key then by loose key
        self.tables: tuple[dict[str, list[str]], ...] = ({}, {}, {}, {})
        self.loose = False  # whether the last two are made
        self._fill(key, 0)

    def _fill(self, keyed: Callable[[str], str], first: int) -> None:
        """Tables `first` (own names) and `first + 1` (other names), by `keyed` names."""
        for target, own, others in self.targets:
            self._add(first, keyed(own), target)
            for other in others:
                self._add(first + 1, keyed(other), target)

    def _add(self, table: int, name: str, target: str) -> None:
        found = self.tables[table].setdefault(name, [])
        if target not in found:
            found.append(target)

    def find(self, name: str) -> list[str]:
        """The targets `name` names: one, several (ambiguous), or none."""
        if name in self.ids:
            return [name]
        name_key = key(name)
        for table in self.tables[:2]:
            if name_key in table:
                return table[name_key]
        if not self.loose:
            self._fill(loose_key, 2)
            self.loose = True
        name_key = loose_key(name)
        for table in self.tables[2:]:
            if name_key in table:
                return table[name_key]
        return []


def other_names(rules: Ruleset, target: str) -> tuple[tuple[str, str], ...]:
    """A definition's or enum member's names in other languages: ((language, name), ...)."""
    return rules.other_names.get(target, ())


def definitions(rules: Ruleset, kind: str | None = None) -> NameIndex:
    """The index of the definitions of `kind` (and its subkinds), or of every definition."""
    cache_key = ("name index", kind)
    if cache_key not in rules.derived:
        defs = rules.defs_of(kind) if kind is not None else list(rules.definitions.values())
        rules.derived[cache_key] = NameIndex((d.id, d.name, [name for _, name in other_names(rules, d.id)])
                                             for d in defs)
    return rules.derived[cache_key]


def members(rules: Ruleset, enum: str) -> NameIndex:
    """The index of an enum's members: each is its own name."""
    cache_key = ("name index", "enum", enum)
    if cache_key not in rules.derived:
        rules.derived[cache_key] = NameIndex((m, m, [name for _, name in other_names(rules, m)])
                                             for m in rules.enums.get(enum, ()))
    return rules.derived[cache_key]


def shown(rules: Ruleset, target: str, own: str) -> str:
    """A target's other names for a listing, by language: "cs: Zbabělost, OPM; pl: ...", leaving
    out those that are its own name (`own`); "" if none is left."""
    by_language: dict[str, list[str]] = {}
    for lang, name in other_names(rules, target):
        if key(name) != key(own):
            by_language.setdefault(lang, []).append(name)
    return "; ".join(f"{lang}: {', '.join(names)}" if lang else ", ".join(names) for lang, names in by_language.items())
