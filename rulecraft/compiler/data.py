"""Checking the data model's expressions: records, maps, index assignment and `x is KIND`.

A mixin of the body checker (compiler.bodies): the same one-method-per-node-kind scheme,
kept in its own module. Records are values: their fields are read (`h.wounds`), never set.
"""

from __future__ import annotations

from typing import Any

from ..runtime.types import ANY, BOOL, Ty, list_of, map_of
from . import nodes as n
from . import resolved as r
from .context import CheckContext
from .diagnostics import suggest
from .source import Span


class DataChecks:
    ctx: CheckContext

    def expr(self, e: n.Expr, scope: Any, site: Any, depth: int) -> Ty:  # pragma: no cover - BodyChecker's
        raise NotImplementedError

    def record_new(self, e: n.RecordNew, scope: Any, site: Any, depth: int) -> Ty:
        ctx, decl = self.ctx, self.ctx.sym.records.get(e.record)
        if decl is None:
            ctx.unknown("E0102", f"unknown record `{e.record}`", e.record_span, suggest(e.record, ctx.sym.records))
            for _, _, value in e.fields:
                self.expr(value, scope, site, depth)
            return ANY
        declared = {f.name: f for f in decl.fields}
        given: dict[str, int] = {}
        for i, (name, span, value) in enumerate(e.fields):
            t = self.expr(value, scope, site, depth)
            if name in given:
                ctx.err("E0212", f"field `{name}` is given twice", span)
            elif name not in declared:
                ctx.err("E0210", f"record `{decl.name}` has no field `{name}`", span,
                        suggest(name, declared) or f"its fields: {', '.join(declared)}")
            else:
                given[name] = i
                ctx.expect(ctx.resolve_type(declared[name].type), t, value.span, f"field `{name}` of `{decl.name}`")
        missing = [f.name for f in decl.fields if f.name not in given and f.default is None]
        if missing:
            ctx.err("E0211", f"record `{decl.name}` needs field{'s' if len(missing) > 1 else ''} "
                             f"{', '.join(f'`{m}`' for m in missing)}", e.span)
        fields: list[tuple[str, int | n.Expr]] = []
        for f in decl.fields:
            if f.name in given:
                fields.append((f.name, given[f.name]))
            elif f.default is not None:
                fields.append((f.name, f.default))
        ctx.result.bind(e, r.RecordMake(decl.name, tuple(fields)))
        return Ty(decl.name)

    def record_field(self, e: n.Attr, record: str) -> Ty:
        """`h.wounds`: a declared field of the record."""
        self.ctx.result.bind(e, r.RecordField())
        fields = {f.name: f for f in self.ctx.sym.records[record].fields}
        if e.name not in fields:
            self.ctx.err("E0103", f"record `{record}` has no field `{e.name}`", e.name_span, suggest(e.name, fields))
            return ANY
        return self.ctx.resolve_type(fields[e.name].type)

    def is_kind(self, e: n.IsKind, scope: Any, site: Any, depth: int) -> Ty:
        t, sym = self.expr(e.value, scope, site, depth), self.ctx.sym
        if not sym.is_kind(e.kind):
            self.ctx.unknown("E0102", f"unknown kind `{e.kind}`", e.kind_span, suggest(e.kind, sym.kinds))
        elif t != ANY and not sym.is_kind(t.name):
            self.ctx.err("E0201", f"{t} is never a thing, so never a {e.kind}", e.span)
        return BOOL

    def map_expr(self, e: n.MapExpr, scope: Any, site: Any, depth: int) -> Ty:
        keys = [self.expr(k, scope, site, depth) for k, _ in e.items]
        values = [self.expr(v, scope, site, depth) for _, v in e.items]
        for (k, _), t in zip(e.items, keys):
            if not self.ctx.is_key_type(t):
                self.ctx.err("E0203", f"a map's keys must be numbers, texts, enums, players or things, not {t}", k.span)
        return map_of(_common(keys), _common(values))

    def map_index(self, e: n.Index, t: Ty, scope: Any, site: Any, depth: int) -> Ty:
        self.ctx.expect(t.key, self.expr(e.index, scope, site, depth), e.index.span, "a key")
        return t.value

    def item_target(self, target: n.Index, scope: Any, site: Any, depth: int) -> Ty:
        """`xs[i] = v` / `m[k] = v` / `x.p[i] = v`: the item's type; only the items of a variable
        or of a thing's property can be set."""
        holder = target.target
        got = self.expr(target, scope, site, depth)
        if isinstance(holder, n.Name) and scope.lookup(holder.name) is not None:
            return got
        if isinstance(holder, n.Attr):
            owner = self.ctx.result.type_of(holder.target)
            if owner == ANY or self.ctx.sym.is_kind(owner.name):
                return got
        self.ctx.err("E0213", "only the items of a variable or of a thing's property can be set", holder.span,
                     "copy it into a variable (`let xs = ...`), set the item, then store it back")
        return got

    def record_field_set(self, target: n.Attr, span: Span) -> None:
        self.ctx.err("E0214", f"a record is a value: its field `{target.name}` cannot be set", span,
                     "build a new record with the changed field")

    def map_builtin(self, e: n.Call, name: str, args: list[Ty]) -> Ty | None:
        """`keys(m)` / `values(m)`: a list of the map's key or value type; None for other built-ins."""
        if name not in ("keys", "values"):
            return None
        self.ctx.result.bind(e, r.BuiltinCall(name))
        self.ctx.check_args(f"`{name}`", [map_of(ANY, ANY)], 1, args, e.args, e.span)
        if len(args) == 1 and args[0].name == "map":
            return list_of(args[0].key if name == "keys" else args[0].value)
        return list_of(ANY)

    def is_record(self, t: Ty) -> bool:
        return t.name in self.ctx.sym.records


def _common(types: list[Ty]) -> Ty:
    return types[0] if types and all(t == types[0] for t in types) else ANY

