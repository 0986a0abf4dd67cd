"""Explained mutants: the ones no test can catch because they change nothing a rule decides (a tag-only
text, a count nothing reads), and the ids with nothing to mutate (a rule that something does not
happen), each with its reason, in a YAML file the project keeps beside its tests:

    mutants:
      - file: game/pieces.rules            # as the rulesets root names it
        line: 'piece pawn "Pawn" x8 { ... }'   # the source line the edit starts on, stripped
        mutation: x8 -> x9                 # as `rulecraft mutate` prints it
        why: the box count of a piece no rule counts
    ids:
      GAME-012: tokens are no pieces, and only pieces block movement: nothing encodes it

A mutant is named by its file, line text and mutation, not its line number, so an explanation stays
with its code when lines move; one that names no mutant any more is reported, never silently kept."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from ... import files
from ...inputs.documents import MAX_INPUT_BYTES
from .points import Mutant

DEFAULT = Path("tests") / "equivalent_mutants.yaml"
FIELDS = ("file", "line", "mutation", "why")


class ExplainedError(Exception):
    """The file of explanations cannot be read: every problem, one per line, `file:line: message`."""


@dataclass
class Explained:
    mutants: dict[tuple[str, str, str], str] = field(default_factory=dict)  # (file, line, mutation) -> why
    ids: dict[str, str] = field(default_factory=dict)  # rule id with nothing to mutate -> why

    def why(self, m: Mutant) -> str | None:
        return self.mutants.get(name_of(m))

    def stale(self, found: list[Mutant]) -> list[str]:
        """The explanations that name none of these mutants (the code changed: explain again, or drop)."""
        known = {name_of(m) for m in found}
        return [f"{file}: `{line}`: {mutation}" for file, line, mutation in self.mutants if (file, line, mutation) not in known]


def name_of(m: Mutant) -> tuple[str, str, str]:
    return (m.file, m.context, m.mutation)


def read(path: Path) -> Explained:
    """The explanations in `path` (none if there is no such file)."""
    if not path.is_file():
        return Explained()
    try:
        data = YAML(typ="rt").load(files.read_text(path, MAX_INPUT_BYTES)) or {}
    except YAMLError as e:
        raise ExplainedError(f"{path}: not YAML: {e}") from None
    problems: list[str] = []
    out = Explained()
    if not isinstance(data, dict) or set(data) - {"mutants", "ids"}:
        raise ExplainedError(f"{path}:1: expected a mapping with `mutants` and/or `ids`")
    for i, entry in enumerate(data.get("mutants") or []):
        at = f"{path}:{data['mutants'].lc.item(i)[0] + 1}" if hasattr(data["mutants"], "lc") else str(path)
        if not isinstance(entry, dict) or sorted(entry) != sorted(FIELDS) or not all(isinstance(entry[k], str) and entry[k].strip()
                                                                                      for k in FIELDS):
            problems.append(f"{at}: an explained mutant needs exactly {', '.join(FIELDS)}, each a non-empty text")
            continue
        key = (entry["file"], entry["line"].strip(), entry["mutation"])
        if key in out.mutants:
            problems.append(f"{at}: this mutant is explained twice")
        out.mutants[key] = entry["why"]
    ids = data.get("ids") or {}
    if not isinstance(ids, dict):
        problems.append(f"{path}: `ids` maps a rule id to why it has nothing to mutate")
    else:
        for rule, why in ids.items():
            if not isinstance(why, str) or not why.strip():
                line = ids.lc.key(rule)[0] + 1 if hasattr(ids, "lc") else 1
                problems.append(f"{path}:{line}: {rule}: give the reason it has nothing to mutate")
            else:
                out.ids[str(rule)] = why
    if problems:
        raise ExplainedError("\n".join(problems))
    return out
