"""Checking bodies: statements and expressions of fns, triggers, rows, scenarios and tests.

Binds every name (recording in `info` what it refers to, for the lowering), infers and
checks the type of every expression (recorded in `types`), and enforces where each
statement may appear.
"""

from __future__ import annotations

from ..runtime.builtins import BUILTINS
from . import nodes as n
from .diagnostics import suggest
from .source import Span
from .symbols import BUILTIN_FIELDS, MAX_DEPTH, ORDER, CheckError, Context, Scope, last_word
from .types import ANY, BOOL, INT, NONE, NUM, PLAYER, TEXT, ZONE, Ty, list_of, parse_signature_type


class BodyChecker:
    """Statements and expressions; mixed into Checker, which provides types and constants."""

    def block(self, b: n.Block, scope: Scope, ctx: Context, depth: int) -> None:
        if depth > MAX_DEPTH:
            self.err("E0602", f"blocks nest deeper than {MAX_DEPTH}", b.span)
            return
        inner = Scope({}, scope)
        for s in b.stmts:
            self.stmt(s, inner, ctx, depth + 1)

    def stmt(self, s: n.Stmt, scope: Scope, ctx: Context, depth: int) -> None:
        x = lambda e: self.expr(e, scope, ctx, depth)  # noqa: E731
        if isinstance(s, n.Let):
            t = x(s.value)
            if t == NONE:
                t = ANY
            scope.vars[s.name] = t
        elif isinstance(s, n.Assign):
            if isinstance(s.target, n.Name):
                if scope.lookup(s.target.name) is None:
                    self.err("E0205", f"`{s.target.name}` is not a variable", s.target.span,
                             f"declare it first with `let {s.target.name} = ...`")
                    x(s.value)
                    return
            t = x(s.target)
            v = x(s.value)
            self.check_assign(s.op, t, v, s.value.span)
        elif isinstance(s, n.If):
            for cond, body in s.branches:
                self.expect(BOOL, x(cond), cond.span, "a condition")
                self.block(body, scope, ctx, depth)
            if s.otherwise:
                self.block(s.otherwise, scope, ctx, depth)
        elif isinstance(s, n.For):
            t = x(s.iterable)
            if t.name == "list":
                elem = t.arg
            elif t == ANY:
                elem = ANY
            else:
                self.err("E0201", f"`for` needs a list, but this is {t}", s.iterable.span)
                elem = ANY
            ctx.loops += 1
            self.block(s.body, Scope({s.var: elem}, scope), ctx, depth)  # type: ignore[arg-type]
            ctx.loops -= 1
        elif isinstance(s, n.While):
            self.expect(BOOL, x(s.cond), s.cond.span, "a condition")
            ctx.loops += 1
            self.block(s.body, scope, ctx, depth)
            ctx.loops -= 1
        elif isinstance(s, (n.Break, n.Continue)):
            if ctx.loops == 0:
                word = "break" if isinstance(s, n.Break) else "continue"
                self.err("E0209", f"`{word}` outside a loop", s.span, "it ends or skips a `for` or `while` round")
        elif isinstance(s, n.Emit):
            params = self.event_params(s.event, s.span)
            types = [x(a) for a in s.args]
            if params is not None:
                self.check_args(f"event `{s.event}`", [t for _, t in params], len(params), types, s.args, s.span)
        elif isinstance(s, (n.Destroy, n.Remove, n.Hide)):
            self.expect_things(x(s.target), s.target.span)
        elif isinstance(s, n.Move):
            self.expect_things(x(s.target), s.target.span)
            x(s.dest)
        elif isinstance(s, n.Reveal):
            self.expect_things(x(s.target), s.target.span)
            if s.to is not None:
                self.expect(PLAYER, x(s.to), s.to.span, "who sees it")
        elif isinstance(s, n.Modify):
            self.modified.add(s.target.name)
            t = x(s.target)
            v = x(s.value)
            if isinstance(s.target, n.Attr) and s.target.name in BUILTIN_FIELDS:
                self.err("E0205", f"`{s.target.name}` cannot be modified", s.target.name_span)
            self.check_assign(s.op, t, v, s.value.span)
            if s.duration.kind == "until":
                self.event_params(s.duration.event, s.duration.span)  # type: ignore[arg-type]
        elif isinstance(s, n.Require):
            self.expect(BOOL, x(s.cond), s.cond.span, "a requirement")
        elif isinstance(s, n.Log):
            for part in s.parts:
                if isinstance(part, n.Expr):
                    x(part)
        elif isinstance(s, n.Return):
            if ctx.role in ("trigger", "row", "scenario", "action") and s.value is not None:
                if ctx.role != "action":
                    self.err("E0206", "only a `fn`, `action` or `query` returns a value", s.value.span)
                x(s.value)
            elif s.value is not None:
                t = x(s.value)
                if ctx.returns is not None:
                    self.expect(ctx.returns, t, s.value.span, "the returned value")
            elif ctx.returns is not None and ctx.role == "fn" and not self.compatible(ctx.returns, NONE):
                self.err("E0201", f"this `fn` returns {ctx.returns}, but this `return` gives no value", s.span)
        elif isinstance(s, n.Shuffle):
            self.expect(ZONE, x(s.zone), s.zone.span, "what is shuffled")
        elif isinstance(s, n.Fill):
            if s.pool not in self.sym.pools:
                self.err("E0107", f"unknown pool `{s.pool}`", last_word(s.span, s.pool),
                         suggest(s.pool, self.sym.pools))
        elif isinstance(s, (n.Phase, n.Step)):
            self.block(s.body, scope, ctx, depth)
        elif isinstance(s, n.Turn):
            self.expect(PLAYER, x(s.player), s.player.span, "whose turn it is")
            self.block(s.body, scope, ctx, depth)
        elif isinstance(s, n.EndGame):
            if s.winner is not None:
                self.expect(PLAYER, x(s.winner), s.winner.span, "the winner")
        elif isinstance(s, n.ExprStmt):
            x(s.expr)
        elif isinstance(s, n.Violation):
            if ctx.role != "check":
                self.err("E0208", "`violation` belongs in a format's `check`", s.span,
                         "use `require` to refuse an action")
            for part in s.parts:
                if isinstance(part, n.Expr):
                    x(part)
            if s.cards is not None:
                self.expect(list_of(ANY), x(s.cards), s.cards.span, "the cards concerned")
        elif isinstance(s, n.Window):
            zone = self.sym.zones.get(s.zone)
            if zone is None or "per_player" not in zone.flags:
                self.err("E0107", f"`{s.zone}` is not a zone of each player", s.zone_span,
                         suggest(s.zone, [z for z, d in self.sym.zones.items() if "per_player" in d.flags]))
            if s.order is not None:
                self.expect(list_of(PLAYER), x(s.order), s.order.span, "the order of the players")
        elif isinstance(s, (n.Expect, n.ExpectRefused)):
            if ctx.role != "test":
                self.err("E0207", "`expect` belongs in a `test`", s.span, "use `require` for a rule of the game")
            if isinstance(s, n.Expect):
                self.expect(BOOL, x(s.cond), s.cond.span, "an expectation")
            else:
                x(s.action)
        elif isinstance(s, n.RuleRef):
            pass

    def check_assign(self, op: str, target: Ty, value: Ty, span: Span) -> None:
        if op == "=":
            self.expect(target, value, span, "the new value")
        elif target.name == "list":
            self.expect(target, value, span, f"the value of `{op}`")
        else:
            self.expect(NUM if target == NUM else INT, value, span, f"the value of `{op}`")
            if target not in (INT, NUM, ANY):
                self.err("E0201", f"`{op}` needs a number or a list, but the property is {target}", span)

    def expect_things(self, t: Ty, span: Span) -> None:
        if t == ANY or self.is_kind(t.name) or (t.name == "list" and (t.arg == ANY or self.is_kind(t.arg.name))):  # type: ignore[union-attr]
            return
        self.err("E0201", f"this must be a thing or a list of things, but it is {t}", span)

    def check_args(self, what: str, want: list[Ty], required: int, got: list[Ty], args, span: Span) -> None:
        if not required <= len(got) <= len(want):
            count = str(len(want)) if required == len(want) else f"{required} to {len(want)}"
            self.err("E0202", f"{what} takes {count} argument{'s' if len(want) != 1 else ''}, "
                              f"but {len(got)} {'were' if len(got) != 1 else 'was'} given", span)
            return
        for w, g, a in zip(want, got, args):
            self.expect(w, g, a.span, f"this argument of {what}")

    # ---- expressions ------------------------------------------------------

    def expr(self, e: n.Expr, scope: Scope, ctx: Context, depth: int) -> Ty:
        if depth > MAX_DEPTH:
            self.err("E0602", f"expressions nest deeper than {MAX_DEPTH}", e.span)
            return ANY
        t = self._expr(e, scope, ctx, depth + 1)
        self.types[id(e)] = t
        return t

    def _expr(self, e: n.Expr, scope: Scope, ctx: Context, depth: int) -> Ty:
        x = lambda sub, s=scope: self.expr(sub, s, ctx, depth)  # noqa: E731
        if isinstance(e, n.Literal):
            return self.const_type(e)
        if isinstance(e, n.Name):
            return self.name(e, scope)
        if isinstance(e, n.This):
            if ctx.this is None:
                self.err("E0106", "`this` is only meaningful inside a definition's trigger", e.span)
                return ANY
            return ctx.this
        if isinstance(e, n.ListExpr):
            types = [x(i) for i in e.items]
            return list_of(types[0] if types and all(t == types[0] for t in types) else ANY)
        if isinstance(e, n.Attr):
            return self.attr(e, x(e.target))
        if isinstance(e, n.Call):
            return self.call(e, [x(a) for a in e.args], ctx)
        if isinstance(e, n.Index):
            t = x(e.target)
            self.expect(INT, x(e.index), e.index.span, "an index")
            if t.name == "list":
                return t.arg  # type: ignore[return-value]
            if t != ANY:
                self.err("E0201", f"only a list can be indexed, but this is {t}", e.target.span)
            return ANY
        if isinstance(e, n.Cast):
            t = x(e.value)
            if not self.is_kind(e.kind):
                self.err("E0102", f"unknown kind `{e.kind}`", e.kind_span, suggest(e.kind, self.sym.kinds))
                return ANY
            if t != ANY and not (self.is_kind(t.name) and (self.compatible(Ty(e.kind), t) or self.compatible(t, Ty(e.kind)))):
                self.err("E0201", f"{t} is never a {e.kind}", e.span)
            return Ty(e.kind)
        if isinstance(e, n.Unary):
            t = x(e.operand)
            if e.op == "not":
                self.expect(BOOL, t, e.operand.span, "the operand of `not`")
                return BOOL
            self.expect(NUM, t, e.operand.span, "the operand of `-`")
            return t if self.compatible(NUM, t) else ANY
        if isinstance(e, n.Binary):
            return self.binary(e, x(e.left), x(e.right))
        if isinstance(e, n.IfExpr):
            self.expect(BOOL, x(e.cond), e.cond.span, "a condition")
            a, b = x(e.then), x(e.other)
            return a if self.compatible(a, b) else b if self.compatible(b, a) else ANY
        if isinstance(e, n.Select):
            return self.select(e, scope, ctx, depth)
        if isinstance(e, n.Create):
            thing = self.sym.things.get(e.definition)
            if e.at is not None:
                x(e.at)
            if e.owner is not None:
                self.expect(PLAYER, x(e.owner), e.owner.span, "the owner")
            if e.count < 1:
                self.err("E0401", f"a count must be at least x1, not x{e.count}", e.span)
            chosen = scope.lookup(e.definition)
            if thing is None and chosen is not None:  # a definition chosen at run time
                if chosen.name != "def" and chosen != ANY:
                    self.err("E0201", f"`create` needs a definition, but `{e.definition}` is {chosen}", e.def_span)
                self.info[id(e)] = "dynamic"
                kind = Ty(chosen.arg) if chosen.name == "def" and self.is_kind(chosen.arg) else ANY  # type: ignore[arg-type]
                return list_of(kind) if e.count > 1 else kind
            if thing is None:
                self.err("E0108", f"unknown definition `{e.definition}`", e.def_span,
                         suggest(e.definition, self.sym.things))
                return ANY
            return list_of(Ty(thing.kind)) if e.count > 1 else Ty(thing.kind)
        if isinstance(e, n.Roll):
            d = self.sym.dice.get(e.die)
            chosen = scope.lookup(e.die)
            if d is None and chosen is not None:  # a die chosen at run time, by its id
                self.expect(TEXT, chosen, e.span, "a die to roll")
                self.info[id(e)] = ("dynamic", e.die)
                return ANY
            if d is None:
                self.err("E0107", f"unknown die `{e.die}`", last_word(e.span, e.die), suggest(e.die, self.sym.dice))
                return ANY
            return INT if d.numbered else Ty("face", d.name)
        if isinstance(e, n.Draw):
            self.expect(INT, x(e.count), e.count.span, "how many are drawn")
            self.expect(ZONE, x(e.source), e.source.span, "where cards are drawn from")
            if e.dest is not None:
                x(e.dest)
            return list_of(ANY)
        if isinstance(e, n.Choose):
            t = x(e.options)
            self.expect(PLAYER, x(e.chooser), e.chooser.span, "who chooses")
            if t.name == "list":
                return t.arg  # type: ignore[return-value]
            self.expect(list_of(ANY), t, e.options.span, "the options")
            return ANY
        raise CheckError(f"unhandled expression {type(e).__name__}")

    def name(self, e: n.Name, scope: Scope) -> Ty:
        local = scope.lookup(e.name)
        if local is not None:
            self.info[id(e)] = ("local", e.name)
            return local
        s = self.sym
        if e.name in s.consts:
            self.info[id(e)] = ("const", self.const_value(s.consts[e.name].value))
            return self.const_type(s.consts[e.name].value)
        if e.name in s.assumptions:
            self.info[id(e)] = ("assume", e.name)
            return self.resolve_type(s.assumptions[e.name].type)
        if e.name in s.params:
            self.info[id(e)] = ("param", e.name)
            return self.resolve_type(s.params[e.name].type)
        if e.name in s.options:
            self.info[id(e)] = ("option", e.name)
            return BOOL
        if e.name in s.enum_members:
            self.info[id(e)] = ("const", e.name)
            return Ty(s.enum_members[e.name])
        if e.name in s.things:
            self.info[id(e)] = ("const", e.name)
            return Ty("def", s.things[e.name].kind)
        if e.name in s.dice or e.name in s.tables:
            self.info[id(e)] = ("const", e.name)
            return TEXT
        if e.name in s.zones and "per_player" not in s.zones[e.name].flags:
            self.info[id(e)] = ("zone", e.name)
            return ZONE
        if e.name in s.pools:
            self.info[id(e)] = ("zone", e.name)
            return ZONE
        candidates = scope.names() + list(s.consts) + list(s.assumptions) + list(s.enum_members) \
            + list(s.things) + list(s.zones) + list(s.pools)
        hint = suggest(e.name, candidates)
        if e.name in s.zones:
            hint = f"`{e.name}` is a zone of each player: write `{e.name}(player)`"
        elif e.name in s.callables or e.name in BUILTINS:
            hint = f"`{e.name}` is a function: call it as `{e.name}(...)`"
        self.err("E0101", f"unknown name `{e.name}`", e.span, hint)
        return ANY

    def attr(self, e: n.Attr, target: Ty) -> Ty:
        if target == ANY or e.name == "?":  # "?": stands in for a property already reported missing
            self.info[id(e)] = "entity"
            return ANY
        if target.name == "face":
            die = self.sym.dice[target.arg]  # type: ignore[index]
            fields = {p.name: self.const_type(p.value) for p in (die.faces[0] if die.faces else ())}
            fields.update({p.name: self.resolve_type(p.type) for p in die.source_fields})
            self.info[id(e)] = "face"
            if e.name not in fields:
                self.err("E0103", f"the faces of die `{die.name}` have no field `{e.name}`", e.name_span,
                         suggest(e.name, fields))
                return ANY
            return fields[e.name]
        if self.is_kind(target.name):
            self.info[id(e)] = "entity"
            return self.field_type(target.name, e.name, e.name_span)
        if target.name == "def" and self.is_kind(target.arg):  # type: ignore[arg-type]
            self.info[id(e)] = "definition"  # a definition's own (printed) property
            return self.field_type(target.arg, e.name, e.name_span)  # type: ignore[arg-type]
        if target.name == "def":  # a definition of any kind (`it.def`): its properties are known at run time
            self.info[id(e)] = "definition"
            return ANY
        self.err("E0201", f"{target} has no properties (tried `.{e.name}`)", e.name_span)
        return ANY

    def call(self, e: n.Call, args: list[Ty], ctx: Context) -> Ty:
        if not isinstance(e.func, n.Name):
            self.err("E0105", "only named functions can be called", e.func.span)
            return ANY
        name = e.func.name
        s = self.sym
        if name in s.callables:
            decl = s.callables[name]
            ctx.calls.add(name)
            self.info[id(e)] = ("fn", name)
            want = [self.resolve_type(p.type) for p in decl.params]
            required = sum(p.default is None for p in decl.params)
            self.check_args(f"`{name}`", want, required, args, e.args, e.span)
            return self.resolve_type(decl.returns) if decl.returns else NONE
        if name in s.tables:
            decl_t = s.tables[name]
            self.info[id(e)] = ("table", name)
            want = [self.resolve_type(p.type) for p in decl_t.params]
            self.check_args(f"table `{name}`", want, len(want), args, e.args, e.span)
            return INT
        if name in s.zones and "per_player" in s.zones[name].flags:
            self.info[id(e)] = ("zone", name)
            self.check_args(f"zone `{name}`", [PLAYER], 1, args, e.args, e.span)
            return ZONE
        if name in BUILTINS:
            _, sig, result = BUILTINS[name]
            self.info[id(e)] = ("builtin", name)
            bindings: dict[str, Ty] = {}
            for want_s, got in zip(sig, args):
                if "T" in want_s:
                    bindings.setdefault("T", got.arg if want_s.startswith("list") and got.name == "list" else got)  # type: ignore[arg-type]
            want = [parse_signature_type(w, bindings) for w in sig]
            self.check_args(f"`{name}`", want, len(want), args, e.args, e.span)
            return parse_signature_type(result, bindings)
        self.err("E0105", f"unknown function `{name}`", e.func.span,
                 suggest(name, list(s.callables) + list(BUILTINS) + list(s.tables)))
        return ANY

    def binary(self, e: n.Binary, a: Ty, b: Ty) -> Ty:
        op = e.op
        if op in ("and", "or"):
            self.expect(BOOL, a, e.left.span, f"the left side of `{op}`")
            self.expect(BOOL, b, e.right.span, f"the right side of `{op}`")
            return BOOL
        if op in ("==", "!="):
            if not (self.compatible(a, b) or self.compatible(b, a)):
                self.err("E0201", f"comparing {a} with {b} is always {'false' if op == '==' else 'true'}", e.span)
            return BOOL
        if op in ("in", "not in"):
            if b.name == "list":
                if not (self.compatible(b.arg, a) or self.compatible(a, b.arg)):  # type: ignore[arg-type]
                    self.err("E0201", f"{a} is never in a {b}", e.span)
            elif b not in (ANY, ZONE):
                self.err("E0201", f"`{op}` needs a list or a zone on its right, but this is {b}", e.right.span)
            return BOOL
        if op in ORDER:
            self.expect(NUM, a, e.left.span, f"the left side of `{op}`")
            self.expect(NUM, b, e.right.span, f"the right side of `{op}`")
            return BOOL
        if op == "+" and a.name == "list" and b.name == "list":
            return a
        if op == "+" and ANY in (a, b) and {a.name, b.name} & {"list", "text"}:
            return a if a != ANY else b
        if op == "+" and a == TEXT and b == TEXT:
            return TEXT
        self.expect(NUM, a, e.left.span, f"the left side of `{op}`")
        self.expect(NUM, b, e.right.span, f"the right side of `{op}`")
        if op == "/" or NUM in (a, b):
            return NUM
        return INT if a != ANY and b != ANY else ANY

    def select(self, e: n.Select, scope: Scope, ctx: Context, depth: int) -> Ty:
        if self.is_kind(e.kind):
            self.info[id(e)] = False
            t = Ty(e.kind)
        elif e.kind in self.sym.things:
            self.info[id(e)] = True
            t = Ty(self.sym.things[e.kind].kind)
        else:
            self.err("E0102", f"unknown kind or definition `{e.kind}`", e.kind_span,
                     suggest(e.kind, list(self.sym.kinds) + list(self.sym.things)))
            t = ANY
        if e.at is not None:
            self.expr(e.at, scope, ctx, depth)
        if e.owner is not None:
            self.expect(PLAYER, self.expr(e.owner, scope, ctx, depth), e.owner.span, "the owner")
        if e.where is not None:
            inner = Scope({"it": t}, scope)
            self.expect(BOOL, self.expr(e.where, inner, ctx, depth), e.where.span, "a `where` condition")
        return list_of(t)
