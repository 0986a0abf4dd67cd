"""`rulecraft explain CODE|RULE-ID|NAME [GAME] [--mod MOD ...] [--json]`: what a diagnostic code
means (with a wrong and a fixed example); where a catalogue rule is carried (the declarations and
statements, `file:line`) and which tests name it; a declaration or built-in: where it is declared,
its source and where it is used. Without GAME, every bundled ruleset is searched.

Something unknown is a usage error (E1003, exit 2) with the nearest names as suggestions.

It takes the word asked about, the command line that runs a code's command examples
(codes.CommandLine) and the ruleset; it gives the answer as a dict, and its text (`render`). The
command: rulecraft/cli/reference.py.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..compiler.loader import bundled_ids
from ..compiler.source import Span
from ..compiler.symbols import BUILTIN_EVENTS, BUILTIN_FIELDS
from ..inputs.given import UsageError
from ..inputs.names import definitions, members
from ..runtime.builtins import BUILTINS
from . import codes
from .declarations import Declaration, Studied, study
from .language import TYPES, builtin_doc, library, signature

RULE = re.compile(r"^[A-Z]+-\d+$")
REPORT = Path(".rulecraft/coverage.json")  # what the last test run recorded (rulecraft.authoring.testing)
TESTS = Path("tests")  # the tests of a checkout, searched for those marked with the rule ids they check
SHOWN_USES = 30  # uses listed in the text output (the JSON has them all)


def explain(what: str, command_line: codes.CommandLine, game: str | None = None,
            mods: tuple[str, ...] = ()) -> dict[str, Any]:
    """The answer as data: {"kind": "code" | "rule" | "name", ...}; UsageError if nothing is `what`."""
    word = what.strip()
    if codes.CODE.match(word.upper()):
        return explain_code(word.upper(), command_line)
    studies = Studies(game, mods)
    if RULE.match(word):
        return explain_rule(word, studies)
    return explain_name(word, studies)


class Studies:
    """The rulesets searched, each read and checked once, when first needed."""

    def __init__(self, game: str | None, mods: tuple[str, ...] = ()):
        self.targets = [(game, mods)] if game else [(rid, ()) for rid in bundled_ids()]
        self._done: list[Studied] | None = None

    def __iter__(self):
        if self._done is None:
            self._done = [study(rid, m) for rid, m in self.targets]
        return iter(self._done)


def suggestions(word: str, pool: Iterable[str]) -> str | None:
    """"did you mean `a`, `b` or `c`?" for the names of `pool` nearest to `word`, if any is near."""
    names = sorted(set(pool))
    near = difflib.get_close_matches(word, names, n=3, cutoff=0.6)
    near = near or [n for n in names if n.casefold() == word.casefold()][:3]
    if not near:
        return None
    shown = [f"`{n}`" for n in near]
    return "did you mean " + (", ".join(shown[:-1]) + " or " + shown[-1] if len(shown) > 1 else shown[0]) + "?"


# ---- codes ---------------------------------------------------------------------------------


def explain_code(code: str, command_line: codes.CommandLine) -> dict[str, Any]:
    described = codes.described()
    if code not in described:
        raise UsageError("E1003", f"no diagnostic code {code}", suggestions(code, described) or
                         "`rulecraft doc` writes the index of every code")
    out: dict[str, Any] = {"kind": "code", "code": code, "severity": codes.severity(code), "meaning": described[code],
                           "family": codes.family(code)}
    ex = codes.examples().get(code)
    if ex is not None:
        out["examples"] = {"command": ex.wrong.command(), "wrong": ex.wrong.shown(), "reported": codes.reported(ex.wrong, command_line),
                           "fixed": ex.fixed.shown(unlike=ex.wrong), "fixed_command": ex.fixed.command()}
    return out


# ---- rule ids ------------------------------------------------------------------------------


@lru_cache(maxsize=4)
def catalogue(folder: Path | None) -> dict[str, tuple[str, dict]]:
    """Rule id -> (its catalogue, its entry), read once per process."""
    from ..inputs.catalogue import read_rules

    return {rid: (game, entry) for game, rules in (read_rules(folder) if folder else {}).items()
            for rid, entry in rules.items()}


@lru_cache(maxsize=4)
def marked(cwd: str) -> dict[str, list[str]]:
    """Rule id -> the tests (under TESTS, in the working folder `cwd`) marked as checking it, found
    once per process and working folder."""
    from ..inputs.catalogue import marked as found

    return found(TESTS) if TESTS.is_dir() else {}


def explain_rule(rule: str, studies: Studies) -> dict[str, Any]:
    from ..inputs.catalogue import find_catalogue, read_report

    found = find_catalogue(None)
    rules = catalogue(found.resolve() if found else None)
    carried, in_rulesets, tests = {}, [], []
    for st in studies:
        for site in st.rule_sites.get(rule, []):
            in_rulesets.append(st.origins.get(site.span.file, st.own))
            carried[site.span] = {"at": _where(site.span), "how": site.how, **_holder(site.holder)}
        tests += [{"test": t.name, "at": _where(t.name_span), "ruleset": st.own} for t in st.tests_checking(rule)]
    if not carried and rule not in rules:
        known = set(rules) | {r for st in studies for r in st.rule_sites}
        raise UsageError("E1003", f"no rule {rule} in the catalogue or in {_searched(studies)}", suggestions(rule, known))
    report = read_report(REPORT).get(rule, {})
    game, entry = rules.get(rule, (None, {}))
    return {"kind": "rule", "rule": rule, "catalogue": game, "text": entry.get("rule"), "section": entry.get("section"),
            "note": entry.get("note"), "rulesets": list(dict.fromkeys(in_rulesets)), "carried_by": list(carried.values()),
            "ruleset_tests": _unique(tests), "tests": marked(str(Path.cwd())).get(rule, []),
            "named_by": report.get("named_by", []), "executed_by": report.get("executed_by", [])}


def _holder(d: Declaration) -> dict[str, Any]:
    return {"declaration": d.title, "ruleset": d.origin, "declared_at": _where(d.span)}


def _where(span: Span) -> str:
    return f"{span.file}:{span.line}"


def _unique(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return list({json.dumps(i, sort_keys=True): i for i in items}.values())


def _searched(studies: Studies) -> str:
    return ", ".join(st.own for st in studies) if len(studies.targets) == 1 else "the bundled rulesets"


# ---- names ---------------------------------------------------------------------------------


def explain_name(name: str, studies: Studies) -> dict[str, Any]:
    found = _builtins(name)
    seen: dict[tuple[str, str, Span], tuple[dict[str, Any], dict[Span, dict[str, str]]]] = {}
    named = [(st, _declarations_named(st, name)) for st in studies]
    if not any(decls for _, decls in named):
        named = [(st, _declarations_called(st, name)) for st in studies]
    for st, decls in named:
        for d in decls:
            key = (d.what, st.key(d), d.span)
            if key not in seen:
                seen[key] = (_declaration(st, d), {})
            uses = seen[key][1]
            for span in st.uses.get(st.key(d), []):
                if span not in uses:  # a base's uses are found again in each of its mods
                    uses[span] = {"at": str(span), "line": st.sources[span.file].line(span.line).strip()}
    found += [answer | {"uses": list(uses.values())} for answer, uses in seen.values()]
    if not found:
        pool = [*BUILTINS, *BUILTIN_EVENTS, *BUILTIN_FIELDS, *(n for st in studies for n in st.by_name)]
        raise UsageError("E1003", f"nothing is called `{name}` in {_searched(studies)} or the language",
                         suggestions(name, pool))
    return {"kind": "name", "name": name, "found": found}


def _declarations_named(st: Studied, name: str) -> list[Declaration]:
    """The declarations `name` names (`KIND.PROP` and `PROC.STEP` too; an inline assumption is
    named `DEFINITION.PROP` itself)."""
    if name in st.by_name:
        return list(st.by_name[name])
    owner, _, bare = name.rpartition(".")
    return [d for d in st.by_name.get(bare, []) if not owner or d.owner == owner]


def _declarations_called(st: Studied, name: str) -> list[Declaration]:
    """The definitions and enum members whose name, in any language the ruleset gives, is `name`."""
    ids = definitions(st.data).find(name) + [m for enum in st.data.enums for m in members(st.data, enum).find(name)]
    return [d for target in dict.fromkeys(ids) for d in st.by_name.get(target, []) if d.what in ("definition", "enum member")]


def _builtins(name: str) -> list[dict[str, Any]]:
    out = []
    if name in BUILTINS:
        out.append({"what": "built-in function", "name": name, "signature": signature(name), "doc": builtin_doc(name),
                    "library": library(name)})
    if name in BUILTIN_EVENTS:
        params = ", ".join(f"{p}: {t}" for p, t in BUILTIN_EVENTS[name])
        out.append({"what": "built-in event", "name": name, "signature": f"{name}({params})",
                    "doc": "raised by the runtime"})
    if name in BUILTIN_FIELDS:
        out.append({"what": "built-in property", "name": name, "signature": f"{name}: {BUILTIN_FIELDS[name]}",
                    "doc": "every thing has it"})
    if name in TYPES:
        out.append({"what": "type", "name": name, "signature": name, "doc": TYPES[name]})
    return out


def _declaration(st: Studied, d: Declaration) -> dict[str, Any]:
    out: dict[str, Any] = {"what": d.what, "name": d.name, "title": d.title, "ruleset": d.origin,
                           "at": str(d.span), "doc": st.doc(d), "source": [[i, text] for i, text in st.lines(d)]}
    if d.what == "definition" and d.name in st.data.definitions:
        item = st.data.definitions[d.name]
        out["facts"] = {"kind": item.kind, "title": item.name, "count": item.count, "rules": list(item.rules),
                        "other names": [f"{name} ({lang})" if lang else name for lang, name in st.data.other_names.get(d.name, ())]}
    elif d.what == "assumption" and d.name in st.data.assumptions:
        from .pages import set_value

        a = st.data.assumptions[d.name]
        out["facts"] = {"type": str(a.type), "default": a.value, "note": a.doc, "override": f"--set {a.name}={set_value(a.value)}"}
    return out


# ---- text ----------------------------------------------------------------------------------


def render(answer: dict[str, Any]) -> str:
    return {"code": _code_text, "rule": _rule_text, "name": _name_text}[answer["kind"]](answer)


def _indented(text: str, by: str = "    ") -> list[str]:
    return [by + line if line else "" for line in text.rstrip("\n").splitlines()]


def _code_text(a: dict[str, Any]) -> str:
    lines = [f"{a['code']}: {a['meaning']}", codes.kind_of(a["code"])]
    ex = a.get("examples")
    if ex is None:
        return "\n".join(lines)
    fixed = "Fixed:" if ex["fixed_command"] == ex["command"] else f"Fixed ({ex['fixed_command']}):"
    lines += ["", f"Wrong ({ex['command']}):", *_indented(ex["wrong"]),
              "", "What it reports:", *_indented(ex["reported"]), "", fixed, *_indented(ex["fixed"])]
    if "«" in ex["wrong"]:
        lines += ["", "(«TEXT×N» stands for TEXT written N times.)"]
    return "\n".join(lines)


def _rule_text(a: dict[str, Any]) -> str:
    head = a["rule"] + (f" ({a['catalogue']}, {a['section']})" if a["catalogue"] else " (not in the catalogue)")
    lines = [head] + ([f"  {a['text']}"] if a["text"] else []) + ([f"  note: {a['note']}"] if a["note"] else [])
    if a["carried_by"]:
        lines += ["", "Carried by:"]
        lines += [f"  {c['at']}: {c['how']} in {c['declaration']} ({c['ruleset']}, declared at {c['declared_at']})"
                  for c in a["carried_by"]]
    else:
        lines += ["", "No ruleset searched carries it."]
    tests = [f"  {t['at']}: test \"{t['test']}\" ({t['ruleset']})" for t in a["ruleset_tests"]]
    tests += [f"  {t}" for t in a["tests"]]
    lines += ["", "Tests that name it:", *tests] if tests else ["", "No test names it."]
    if a["executed_by"]:
        lines += ["", "Executed by (the last test run):", *(f"  {t}" for t in a["executed_by"])]
    return "\n".join(lines)


def _name_text(a: dict[str, Any]) -> str:
    lines: list[str] = []
    for f in a["found"]:
        if lines:
            lines.append("")
        if "signature" in f:
            lines += [f"{f['what']} {f['signature']}"] + ([f"  {f['doc']}"] if f.get("doc") else [])
            lines += [f"  ({f['library']})"] if f.get("library") else []
            continue
        lines += [f"{f['title']} ({f['ruleset']}), declared at {f['at']}"] + ([f"  {f['doc']}"] if f["doc"] else [])
        lines += [f"  {k}: {v if not isinstance(v, list) else ', '.join(map(str, v)) or '-'}" for k, v in f.get("facts", {}).items()]
        lines += [""] + [f"  {i:>5} | {text}" for i, text in f["source"]]
        uses = f["uses"]
        lines += ["", f"Used in {len(uses)} place{'s' if len(uses) != 1 else ''}" + (":" if uses else ".")]
        lines += [f"  {u['at']}: {u['line']}" for u in uses[:SHOWN_USES]]
        lines += [f"  ... and {len(uses) - SHOWN_USES} more (--json lists them all)"] if len(uses) > SHOWN_USES else []
    return "\n".join(lines)
