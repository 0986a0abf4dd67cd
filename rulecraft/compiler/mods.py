"""Apply mods: Symbols with the mods' patches pending -> Symbols with them applied.

The changes are applied in load order: options, new kind fields, patched constants, tests
replaced or removed, removed definitions, patched properties, replacements, and steps
inserted, replaced or removed in procedures (`hook` points are steps the log never shows).
Two mods that change the same thing conflict (both places are reported) unless the later
one declares that it overrides the earlier; a mod may also declare mods it cannot be
combined with, and a group of which only one mod may be loaded. The table given is not
changed: the result is a new one.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from . import nodes as n
from .diagnostics import Diagnostics, suggest
from .resolved import Identity
from .source import Span
from .symbols import Change, Symbols, unknown

__all__ = ["Change", "apply_mods"]


def apply_mods(sym: Symbols, diags: Diagnostics) -> Symbols:
    return _Applier(sym, diags).apply()


class _Applier:
    def __init__(self, sym: Symbols, diags: Diagnostics):
        self.diags = diags
        # What mods may change, copied: the table given stays as it was collected.
        self.sym = dataclasses.replace(sym, options=dict(sym.options), kinds=dict(sym.kinds), things=dict(sym.things),
                                       scenarios=dict(sym.scenarios), callables=dict(sym.callables),
                                       consts=dict(sym.consts), tests=dict(sym.tests))
        self.replacements = list(sym.replacements)
        self.headers = {h.name: h for h in [*sym.bases, sym.header] if h is not None}
        self.touched: dict[str, Change] = {}  # target -> the last change, for conflicts
        self.changes: list[Change] = []
        self.kinds_of_change = {n.OptionDecl: self.option, n.KindPatch: self.kind_patch, n.ConstPatch: self.const_patch,
                                n.TestPatch: self.test_patch, n.RemoveDecl: self.remove, n.PatchDecl: self.patch,
                                n.ReplaceDecl: self.replace, n.StepPatch: self.step_patch}

    def err(self, code: str, message: str, span: Span, help: str | None = None,
            labels: tuple[tuple[Span, str], ...] = ()) -> None:
        self.diags.add(code, message, span, help, labels)

    def unknown(self, code: str, message: str, span: Span, help: str | None = None) -> None:
        unknown(self.sym, self.diags, code, message, span, help)

    def apply(self) -> Symbols:
        self.check_incompatible()
        for origin, decl in self.sym.patches:
            if isinstance(decl, n.StepPatch) and decl.ability is not None:
                self.step_patch(origin, decl)
                continue
            if origin not in self.headers or not isinstance(self.headers[origin], n.ModDecl):
                self.err("E0704", "only a `mod` changes what other rulesets define", decl.span,
                         'start the ruleset with `mod "id" "Title" extends "game"`')
                continue
            self.kinds_of_change[type(decl)](origin, decl)  # type: ignore[operator]
        return dataclasses.replace(self.sym, replacements=tuple(self.replacements), changes=tuple(self.changes))

    def check_incompatible(self) -> None:
        grouped: dict[str, n.ModDecl] = {}
        for header in self.headers.values():
            if not isinstance(header, n.ModDecl):
                continue
            for other in header.conflicts:
                if other in self.headers:
                    self.err("E0703", f"`{header.name}` cannot be combined with `{other}`", header.name_span,
                             labels=((self.headers[other].name_span, f"`{other}` is loaded here"),))
            if header.group is not None:
                first = grouped.setdefault(header.group, header)
                if first is not header:
                    self.err("E0703", f'`{header.name}` and `{first.name}` are both of the group "{header.group}"; '
                             "only one of a group can be loaded", header.name_span, "leave one of them out",
                             ((first.name_span, f"`{first.name}` is loaded here"),))

    def record(self, origin: str, target: str, what: str, detail: str, span: Span, exclusive: bool = True) -> bool:
        """Note a change; report a conflict if another mod changed the same target. False if refused."""
        previous = self.touched.get(target)
        if exclusive and previous is not None and previous.origin != origin:
            header = self.headers[origin]
            if previous.origin not in getattr(header, "overrides", ()):
                self.err("E0701", f"`{origin}` and `{previous.origin}` both change {target}", span,
                         f'if `{origin}` is meant to win, add `overrides "{previous.origin}"` to its header',
                         ((previous.span, f"`{previous.origin}` changes it here"),))
                return False
        change = Change(origin, target, what, detail, span)
        if exclusive:
            self.touched[target] = change
        self.changes.append(change)
        return True

    # ---- the kinds of change ------------------------------------------------

    def option(self, origin: str, d: n.OptionDecl) -> None:
        if d.name in self.sym.options:
            self.err("E0301", f"option `{d.name}` is declared twice", d.name_span,
                     labels=((self.sym.options[d.name].name_span, "first declared here"),))
            return
        self.sym.options[d.name] = d
        self.record(origin, f"option {d.name}", "option", d.doc, d.span, exclusive=False)

    def kind_patch(self, origin: str, d: n.KindPatch) -> None:
        kind = self.sym.kinds.get(d.name)
        if kind is None:
            self.unknown("E0102", f"unknown kind `{d.name}`", d.name_span, suggest(d.name, self.sym.kinds))
            return
        have = {f.name for f in self.sym.fields_of(d.name).values()}
        for f in d.fields:
            if f.name in have:
                self.err("E0301", f"kind `{d.name}` already has a property `{f.name}`", f.name_span,
                         f"patch the definitions' `{f.name}` values instead")
                return
        self.sym.kinds[d.name] = dataclasses.replace(kind, fields=kind.fields + d.fields)
        for f in d.fields:
            self.record(origin, f"kind {d.name}.{f.name}", "add field", f.type.name, f.span)

    def const_patch(self, origin: str, d: n.ConstPatch) -> None:
        const = self.sym.consts.get(d.name)
        if const is None:
            self.err("E0108", f"unknown constant `{d.name}`", d.name_span, suggest(d.name, self.sym.consts))
            return
        value = self.patched_list(f"`{d.name}`", d.name, const.value, d.op, d.value, d.span)
        if value is not None and self.record(origin, f"const {d.name}", "patch", f"{d.op} {_show(d.value)}", d.span):
            self.sym.consts[d.name] = dataclasses.replace(const, value=value)

    def test_patch(self, origin: str, d: n.TestPatch) -> None:
        if d.name not in self.sym.tests:
            self.err("E0108", f'no test titled "{d.name}"', d.name_span, suggest(d.name, self.sym.tests))
            return
        what = "remove test" if d.test is None else "replace test"
        if self.record(origin, f'test "{d.name}"', what, "", d.span):
            if d.test is None:
                del self.sym.tests[d.name]
            else:
                self.sym.tests[d.name] = d.test

    def remove(self, origin: str, d: n.RemoveDecl) -> None:
        """Remove a definition or a scenario; anything still naming it is then an error."""
        table = self.sym.things if d.name in self.sym.things else self.sym.scenarios
        if d.name not in table:
            self.unknown("E0108", f"no definition or scenario `{d.name}`", d.name_span,
                     suggest(d.name, self.sym.things, self.sym.scenarios))
            return
        if self.record(origin, d.name, "remove", "", d.span):
            del table[d.name]

    def patch(self, origin: str, d: n.PatchDecl) -> None:
        thing = self.sym.things.get(d.name)
        if thing is None:
            self.unknown("E0108", f"unknown definition `{d.name}`", d.name_span, suggest(d.name, self.sym.things))
            return
        props = {p.name: p for p in thing.props}
        for item in d.items:
            value = self.patched_value(thing, props.get(item.name), item)
            if value is None:
                continue
            shown = f"{item.op} {_show(item.value)}"
            if self.record(origin, f"{d.name}.{item.name}", "patch", shown, item.span):
                props[item.name] = n.PropItem(item.span, item.name, value)
        for added in d.triggers + d.plays:
            what = f"on {added.event}" if isinstance(added, n.Trigger) else f"play in {added.window}"
            self.record(origin, f"{d.name} ({what})", "add ability", "", added.span, exclusive=False)
        self.sym.things[d.name] = dataclasses.replace(
            thing, props=tuple(props.values()), rules=thing.rules + d.rules,
            triggers=thing.triggers + d.triggers, plays=thing.plays + d.plays)

    def patched_value(self, thing: n.ThingDecl, current: n.PropItem | None, item: n.PatchItem) -> n.Expr | None:
        if item.op == n.AssignOp.SET:
            return item.value
        field = self.sym.fields_of(thing.kind).get(item.name)
        old = current.value if current is not None else (field.default if field is not None else None)
        if field is None or field.type.name != "list":
            self.err("E0702", f"`{item.op}` patches a list property with a list, e.g. `{item.name} += [x]`",
                     item.span, "use `=` to set any other property")
            return None
        return self.patched_list(f"`{thing.name}.{item.name}`", item.name, old, item.op, item.value, item.span)

    def patched_list(self, shown: str, name: str, old: n.Expr | None, op: n.AssignOp, value: n.Expr,
                     span: Span) -> n.Expr | None:
        """The new value of a patched property or constant: `=` sets it; `+=` and `-=` add a list's
        items to a list written out, or remove them from it."""
        if op == n.AssignOp.SET:
            return value
        if not isinstance(value, n.ListExpr):
            self.err("E0702", f"`{op}` patches a list with a list, e.g. `{name} += [x]`", span,
                     "use `=` to set any other value")
            return None
        if old is None:
            old = n.ListExpr(span, ())
        if not isinstance(old, n.ListExpr):
            self.err("E0702", f"{shown} is not a list written out, so `{op}` cannot change it", span,
                     "set the whole value with `=`")
            return None
        if op == n.AssignOp.ADD:
            return n.ListExpr(span, old.items + value.items)
        gone = {_key(x) for x in value.items}
        missing = [x for x in value.items if _key(x) not in {_key(o) for o in old.items}]
        if missing:
            self.err("E0702", f"{shown} has no {_show(missing[0])} to remove", missing[0].span)
        return n.ListExpr(span, tuple(x for x in old.items if _key(x) not in gone))

    def replace(self, origin: str, d: n.ReplaceDecl) -> None:
        for name, span in ((d.name, d.name_span), (d.to, d.to_span)):
            if name not in self.sym.things:
                self.unknown("E0108", f"unknown definition `{name}`", span, suggest(name, self.sym.things))
                return
        if d.option is not None and d.option not in self.sym.options:
            self.unknown("E0111", f"unknown option `{d.option}`", d.span, suggest(d.option, self.sym.options))
            return
        if self.record(origin, f"{d.name} (replaced)", "replace", f"with {d.to}" +
                       (f" when {d.option}" if d.option else ""), d.span):
            self.replacements.append((d.name, d.to, d.option))

    def step_patch(self, origin: str, d: n.StepPatch) -> None:
        target = self.sym.callables.get(d.target) or self.sym.scenarios.get(d.target)
        if target is None:
            self.unknown("E0105", f"no fn, action or scenario `{d.target}`", d.target_span,
                     suggest(d.target, self.sym.callables, self.sym.scenarios))
            return
        count = [0]
        changed = _splice(target, d, count)
        if count[0] == 0:
            self.err("E0705", f"`{d.target}` has no step `{d.name}`", d.name_span,
                     "steps are the `step NAME { ... }` blocks of a procedure")
            return
        exclusive = d.op in (n.StepOp.REPLACE, n.StepOp.REMOVE)
        what = {n.StepOp.BEFORE: "insert before", n.StepOp.AFTER: "insert after", n.StepOp.REPLACE: "replace step",
                n.StepOp.REMOVE: "remove step"}[d.op]
        if not self.record(origin, f"step {d.name} in {d.target}", what, "", d.span, exclusive):
            return
        table = self.sym.callables if d.target in self.sym.callables else self.sym.scenarios
        table[d.target] = changed


def _splice(node: Any, patch: n.StepPatch, count: list[int]) -> Any:
    """A copy of `node` with the patch applied to every step of that name inside it."""
    if isinstance(node, n.Block):
        out: list[n.Stmt] = []
        for s in node.stmts:
            if isinstance(s, n.Step) and s.name == patch.name:
                count[0] += 1
                inner = _splice(s, patch, count)
                extra = list(patch.body.stmts) if patch.body else []
                if patch.op == n.StepOp.BEFORE:
                    out += [*extra, inner]
                elif patch.op == n.StepOp.AFTER:
                    out += [inner, *extra]
                elif patch.op == n.StepOp.REPLACE:  # keeps the step's name, so later mods still find it
                    out.append(dataclasses.replace(s, body=patch.body))  # type: ignore[arg-type]  # a replace has one
            else:
                out.append(_splice(s, patch, count))
        return dataclasses.replace(node, stmts=tuple(out))
    if isinstance(node, (n.Stmt, n.Decl)):
        return n.rebuilt(node, lambda child: _splice(child, patch, count))
    return node


def _key(e: n.Expr) -> object:
    if isinstance(e, n.Name):
        return ("name", e.name)
    if isinstance(e, n.Call) and isinstance(e.func, n.Name):  # an ability given arguments: `-= [NAME]` removes it
        return ("name", e.func.name)
    if isinstance(e, n.Literal):
        return ("value", e.value)
    return ("node", Identity(e))


def _show(e: Any) -> str:
    if isinstance(e, n.Name):
        return e.name
    if isinstance(e, n.Literal):
        return repr(e.value) if isinstance(e.value, str) else str(e.value).lower() if isinstance(e.value, bool) \
            else str(e.value)
    if isinstance(e, n.ListExpr):
        return "[" + ", ".join(_show(x) for x in e.items) + "]"
    if isinstance(e, n.Unary) and isinstance(e.operand, n.Literal):
        return f"-{e.operand.value}"
    return "…"
