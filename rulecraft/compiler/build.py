"""Source text -> AST (compiler.nodes), built rule by rule as the parser reduces. Pure shape
conversion; no name lookups.

It takes Lark's parse tree and gives the frozen nodes of compiler.nodes, each with its span.
A newcomer adds the method of a new grammar rule here (named as the rule), and its node in nodes.py.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, TypeVar

from lark import Token, Tree

from ..runtime.ruleset import Duration as Lasting
from ..runtime.ruleset import Role
from . import nodes as n
from .diagnostics import Diagnostics
from .parser import parse, parse_placeholder
from .source import Span

MAX_DIGITS = 15
N = TypeVar("N", bound=n.Node)
PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


def unquote(token: str) -> str:
    body = token[1:-1]
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), body)


class Builder:
    """One method per grammar rule, `(meta, children)` -> what the rule builds; the parser calls
    it as it reduces the rule, with the children already built (compiler/reductions.py)."""

    def __init__(self, file: str, diags: Diagnostics):
        self.file = file
        self.diags = diags

    def reduce(self, rule: str, meta, children: list) -> Any:
        method = _method(rule)
        return Tree(rule, children) if method is None else method(self, meta, children)

    # -- positions
    def sp(self, meta) -> Span:
        if getattr(meta, "empty", False):
            return Span(self.file, 1, 1, 1, 1)
        return Span(self.file, meta.line, meta.column, meta.end_line, meta.end_column)

    def tsp(self, tok: Token) -> Span:
        line, column = tok.line or 1, tok.column or 1  # optional in Lark's types; the parser's tokens have them
        return Span(self.file, line, column, tok.end_line or line, tok.end_column or column + len(tok))

    def int(self, tok: Token, skip: int = 0) -> int:
        """A whole number from the source; more than 15 digits is an error, not a huge number."""
        digits = str(tok)[skip:]
        if len(digits.lstrip("0")) > MAX_DIGITS:
            self.diags.add("E0007", f"this number has more than {MAX_DIGITS} digits", self.tsp(tok),
                           "games count in small numbers; is a digit repeated by mistake?")
            return 0
        return int(digits)

    # -- top level
    def start(self, meta, items):
        decls = [n.TriggerDecl(i.span, f"on {i.event}", i.event_span, i) if isinstance(i, n.Trigger) else i
                 for i in items]
        return n.Module(self.sp(meta), self.file, tuple(decls))

    def game_decl(self, meta, c):
        return n.GameDecl(self.sp(meta), unquote(c[0]), self.tsp(c[0]), unquote(c[1]))

    def mod_decl(self, meta, c):
        name, title, extends, version, *clauses = c
        said = {key: tuple(x for kind, values in clauses if kind == key for x in values)
                for key in ("overrides", "conflicts", "group", "optional")}
        groups = said["group"]
        if len(groups) > 1:
            self.diags.add("E0302", "a mod belongs to one group", self.sp(meta), f"keep one of {', '.join(groups)}")
        return n.ModDecl(self.sp(meta), unquote(name), self.tsp(name), unquote(title), unquote(extends),
                         unquote(version) if version else None, said["overrides"], said["conflicts"],
                         groups[0] if groups else None, said["optional"])

    def mod_overrides(self, meta, c):
        return ("overrides", [unquote(x) for x in c])

    def mod_conflicts(self, meta, c):
        return ("conflicts", [unquote(x) for x in c])

    def mod_group(self, meta, c):
        return ("group", [unquote(c[0])])

    def mod_optional(self, meta, c):
        return ("optional", [unquote(x) for x in c])

    def patch_decl(self, meta, c):
        items = tuple(m for m in c[1:] if isinstance(m, n.PatchItem))
        rules = tuple(i for m in c[1:] if isinstance(m, n.RuleRef) for i in m.ids)
        triggers = tuple(m for m in c[1:] if isinstance(m, n.Trigger))
        plays = _plays(c[1:])
        return n.PatchDecl(self.sp(meta), str(c[0]), self.tsp(c[0]), items, rules, triggers, plays)

    def patch_item(self, meta, c):
        return n.PatchItem(self.sp(meta), str(c[0]), c[1], c[2])

    def kind_patch(self, meta, c):
        return n.KindPatch(self.sp(meta), str(c[0]), self.tsp(c[0]), tuple(c[1:]))

    def const_patch(self, meta, c):
        return n.ConstPatch(self.sp(meta), str(c[0]), self.tsp(c[0]), c[1], c[2])

    def test_replace(self, meta, c):
        test = self.test_decl(meta, c)
        return n.TestPatch(test.span, test.name, test.name_span, test)

    def test_remove(self, meta, c):
        return n.TestPatch(self.sp(meta), unquote(c[0]), self.tsp(c[0]), None)

    def replace_decl(self, meta, c):
        name, to, option = c
        return n.ReplaceDecl(self.sp(meta), str(name), self.tsp(name), str(to), self.tsp(to),
                             str(option) if option else None)

    def remove_decl(self, meta, c):
        return n.RemoveDecl(self.sp(meta), str(c[0]), self.tsp(c[0]))

    def option_decl(self, meta, c):
        return n.OptionDecl(self.sp(meta), str(c[0]), self.tsp(c[0]), unquote(c[1]))

    def _step(self, op, meta, c):
        name, target, *body = c
        return n.StepPatch(self.sp(meta), str(name), self.tsp(name), op, str(target), self.tsp(target),
                           body[0] if body else None)

    def step_before(self, meta, c):
        return self._step(n.StepOp.BEFORE, meta, c)

    def step_after(self, meta, c):
        return self._step(n.StepOp.AFTER, meta, c)

    def step_replace(self, meta, c):
        return self._step(n.StepOp.REPLACE, meta, c)

    def step_remove(self, meta, c):
        return self._step(n.StepOp.REMOVE, meta, c)

    def format_decl(self, meta, c):
        return n.FormatDecl(self.sp(meta), unquote(c[0]), self.tsp(c[0]), unquote(c[1]), unquote(c[2]))

    def param_decl(self, meta, c):
        name, type_, default, doc = c
        return n.ParamDecl(self.sp(meta), str(name), self.tsp(name), type_, default, unquote(doc) if doc else None)

    def check_decl(self, meta, c):
        rule, title, body = c
        return n.CheckDecl(self.sp(meta), str(rule), self.tsp(rule), unquote(title) if title else None, body)

    def play(self, meta, c):
        """`play in A, B ...`: one effect a window, sharing targets, condition and body."""
        windows, *targets, when, body = c
        return tuple(n.Play(self.sp(meta), str(w), self.tsp(w), when, body, tuple(targets)) for w in windows)

    def play_target(self, meta, c):
        name, source, prompt = c
        return n.PlayTarget(self.sp(meta), str(name), source, unquote(prompt) if prompt else None)

    def does(self, meta, c):
        name, *props = c
        return n.Does(self.tsp(name), str(name), self.plain(tuple(p for p in props if p is not None), "`does`"))

    def window_decl(self, meta, c):
        names, kind, *members = c
        limit = next((m for m in members if m[0] == "limit"), (None, None, None, None))
        after = next((m for m in members if m[0] == "after"), (None, None, None))
        return n.WindowDecl(self.sp(meta), str(names[0]), self.tsp(names[0]), tuple(str(x) for x in names),
                            str(kind) if kind else None, limit[1], after[1], after[2], limit[2], limit[3])

    def window_names(self, meta, c):
        return list(c)

    def window_limit(self, meta, c):
        scope = c[1]
        return ("limit", self.int(c[0]), str(scope) if scope else None, self.tsp(scope) if scope else None)

    def window_after(self, meta, c):
        return ("after", c[0], c[1])

    def violation_stmt(self, meta, c):
        return n.Violation(self.sp(meta), self._template(c[0]), c[1])

    def window_stmt(self, meta, c):
        name, zone, order = c
        return n.Window(self.sp(meta), str(name), str(zone), self.tsp(zone), order)

    def import_decl(self, meta, c):
        return n.Import(self.sp(meta), str(c[0]), self.tsp(c[0]))

    def kind_decl(self, meta, c):
        name, parent, *fields = c
        return n.KindDecl(self.sp(meta), str(name), self.tsp(name), str(parent) if parent else None, tuple(fields))

    def field(self, meta, c):
        return n.Field(self.sp(meta), str(c[0]), self.tsp(c[0]), c[1], c[2])

    def type(self, meta, c):
        return n.TypeRef(self.sp(meta), str(c[0]), tuple(c[1:]))

    def record_decl(self, meta, c):
        name, *fields = c
        return n.RecordDecl(self.sp(meta), str(name), self.tsp(name), tuple(fields))

    def enum_decl(self, meta, c):
        return n.EnumDecl(self.sp(meta), str(c[0]), self.tsp(c[0]), tuple(str(x) for x in c[1:]))

    def board_decl(self, meta, c):
        return n.BoardDecl(self.sp(meta), str(c[0]), self.tsp(c[0]), unquote(c[1]) if c[1] else None)

    def terrain_decl(self, meta, c):
        return n.TerrainDecl(self.sp(meta), str(c[0]), self.tsp(c[0]), tuple(c[1:]))

    def terrain_prop(self, meta, c):
        return str(c[0]), self.tsp(c[0]), c[1]

    def legend_decl(self, meta, c):
        name, base, *entries = c
        return n.LegendDecl(self.sp(meta), str(name), self.tsp(name), str(base) if base else None,
                            self.tsp(base) if base else None, tuple(entries))

    def legend_entry(self, meta, c):
        symbol, terrain, *options = c
        return n.LegendEntry(self.sp(meta), unquote(symbol), str(terrain), self.tsp(terrain), tuple(options))

    def legend_option(self, meta, c):
        key, value = c
        return str(key), self.tsp(key), self.int(value) if value.type == "INT" else str(value)

    def ability_decl(self, meta, c):
        name, params, title, *members = c
        return n.AbilityDecl(self.sp(meta), str(name), self.tsp(name), unquote(title) if title else None,
                             tuple(m for m in members if isinstance(m, n.Trigger)), tuple(params or ()),
                             tuple(m for m in members if isinstance(m, n.AbilityHook)),
                             tuple(m for m in members if isinstance(m, n.AbilityModifier)))

    def ability_before(self, meta, c):
        return self._ability_hook(n.StepOp.BEFORE, meta, c)

    def ability_after(self, meta, c):
        return self._ability_hook(n.StepOp.AFTER, meta, c)

    def _ability_hook(self, op, meta, c):
        step, target, subject, value, body = c
        return n.AbilityHook(self.sp(meta), op, str(step), self.tsp(step), str(target), self.tsp(target),
                             str(subject), self.tsp(subject), value, body)

    def ability_modify(self, meta, c):
        prop, op, value = c
        return n.AbilityModifier(self.sp(meta), str(prop), self.tsp(prop), op, value)

    def const_decl(self, meta, c):
        return n.ConstDecl(self.sp(meta), str(c[0]), self.tsp(c[0]), c[1])

    def assume_decl(self, meta, c):
        return n.AssumeDecl(self.sp(meta), str(c[0]), self.tsp(c[0]), c[1], c[2], unquote(c[3]))

    def event_decl(self, meta, c):
        name, params, place = c
        return n.EventDecl(self.sp(meta), str(name), self.tsp(name), tuple(params or ()),
                           place=str(place) if place else None, place_span=self.tsp(place) if place else None)

    def export_decl(self, meta, c):
        return dataclasses.replace(c[0], exported=True)

    def _callable(self, role, meta, c):
        name, params, *rest = c
        returns = rest[0] if role == Role.FN else None
        return n.FnDecl(self.sp(meta), str(name), self.tsp(name), role, tuple(params or ()), returns, rest[-1])

    def fn_decl(self, meta, c):
        return self._callable(Role.FN, meta, c)

    def action_decl(self, meta, c):
        return self._callable(Role.ACTION, meta, c)

    def query_decl(self, meta, c):
        return self._callable(Role.QUERY, meta, c)

    def params(self, meta, c):
        return list(c)

    def param(self, meta, c):
        return n.Param(self.sp(meta), str(c[0]), self.tsp(c[0]), c[1], c[2])

    def die_decl(self, meta, c):
        name, title, *members = c
        faces = tuple(m for m in members if isinstance(m, tuple))
        numbered = next((m for m in members if isinstance(m, list)), None)
        rules = tuple(i for m in members if isinstance(m, n.RuleRef) for i in m.ids)
        source = next((m for m in members if isinstance(m, dict)), None)
        return n.DieDecl(self.sp(meta), str(name), self.tsp(name), unquote(title) if title else None,
                         faces, tuple(numbered) if numbered else None, rules,
                         source["name"] if source else None, tuple(source["fields"]) if source else ())

    def faces_from(self, meta, c):
        return {"name": str(c[0]), "fields": c[1] or []}

    def face(self, meta, c):
        return self.plain(tuple(c), "a die's face")

    def faces_range(self, meta, c):
        return [self.int(c[0]), self.int(c[1])]

    def table_decl(self, meta, c):
        name, title, params, die, *members = c
        rows = tuple(m for m in members if isinstance(m, n.TableRow))
        rules = tuple(i for m in members if isinstance(m, n.RuleRef) for i in m.ids)
        return n.TableDecl(self.sp(meta), str(name), self.tsp(name), unquote(title) if title else None,
                           tuple(params or ()), str(die), self.tsp(die), rows, rules)

    def table_row(self, meta, c):
        low, high, label, body = c
        return n.TableRow(self.sp(meta), self.int(low), self.int(high if high is not None else low), unquote(label), body)

    def pool_decl(self, meta, c):
        name, title, of = c
        return n.PoolDecl(self.sp(meta), str(name), self.tsp(name), unquote(title) if title else None,
                          str(of), self.tsp(of))

    def names_from(self, meta, c):
        lang, prop = c
        return n.NamesDecl(self.sp(meta), str(lang), self.tsp(lang), str(prop), self.tsp(prop), ())

    def names_block(self, meta, c):
        lang, *entries = c
        return n.NamesDecl(self.sp(meta), str(lang), self.tsp(lang), None, None, tuple(entries))

    def names_entry(self, meta, c):
        target, *names = c
        return str(target), self.tsp(target), tuple(unquote(x) for x in names)

    def zone_decl(self, meta, c):
        return n.ZoneDecl(self.sp(meta), str(c[0]), self.tsp(c[0]), tuple(c[1:]))

    def zone_flag(self, meta, c):
        return str(c[0])

    def thing_decl(self, meta, c):
        kind, name, title, count, *members = c
        props = tuple(m for m in members if isinstance(m, n.PropItem))
        rules = tuple(i for m in members if isinstance(m, n.RuleRef) for i in m.ids)
        triggers = tuple(m for m in members if isinstance(m, n.Trigger))
        plays = _plays(members)
        does = tuple(m for m in members if isinstance(m, n.Does))
        return n.ThingDecl(self.sp(meta), str(name), self.tsp(name), str(kind), self.tsp(kind),
                           unquote(title) if title else None, self.int(count, 1) if count else 1,
                           self.tsp(count) if count else None, props, rules, triggers, plays, does)

    def prop_item(self, meta, c):
        name, value, assumed = c
        return n.PropItem(self.sp(meta), str(name), value, assumed)

    def assumed(self, meta, c):
        return unquote(c[0])

    def defaults_decl(self, meta, c):
        keyword = Span(self.file, meta.line, meta.column, meta.line, meta.column + len("defaults"))
        return n.DefaultsDecl(self.sp(meta), "defaults", keyword, self.plain(tuple(c), "`defaults`"))

    def plain(self, props: tuple, where: str) -> tuple:
        """`props` (a tuple holding property items), where no value may be an inline assumption."""
        for p in props:
            if isinstance(p, n.PropItem) and p.assumed is not None:
                self.diags.add("E0308", f"a property of {where} cannot be `assumed`", p.span,
                               "only a definition's own property is an inline assumption: declare "
                               "`assume NAME: type = value \"why\"` and give NAME here")
        return props

    def trigger(self, meta, c):
        once, event, at, when, order, body = c
        return n.Trigger(self.sp(meta), str(event), self.tsp(event), when, order or 0, once is not None, body, at)

    def signed_int(self, meta, c):
        return self.int(c[0])

    def neg_int(self, meta, c):
        return -self.int(c[0])

    def scenario_decl(self, meta, c):
        name, title, *members = c
        props = tuple(m for m in members if isinstance(m, n.PropItem))
        parts = tuple(m for m in members if isinstance(m, tuple))
        rules = tuple(i for m in members if isinstance(m, n.RuleRef) for i in m.ids)
        return n.ScenarioDecl(self.sp(meta), str(name), self.tsp(name), unquote(title) if title else None,
                              self.plain(props, "a scenario"), parts, rules)

    def scenario_block(self, meta, c):
        return (c[0], c[1])

    def scenario_part(self, meta, c):
        return str(c[0])

    def test_decl(self, meta, c):
        title, checks, scenario, body = c
        return n.TestDecl(self.sp(meta), unquote(title), self.tsp(title), tuple(checks or ()),
                          str(scenario) if scenario else None, self.tsp(scenario) if scenario else None, body)

    def checks_clause(self, meta, c):
        return [str(x) for x in c]

    def expect_stmt(self, meta, c):
        return n.Expect(self.sp(meta), c[0], unquote(c[1]) if c[1] else None)

    def expect_refused(self, meta, c):
        return n.ExpectRefused(self.sp(meta), c[0])

    def rule_stmt(self, meta, c):
        return n.RuleRef(self.sp(meta), tuple(str(x) for x in c))

    # -- statements
    def block(self, meta, c):
        return n.Block(self.sp(meta), tuple(c))

    def let_stmt(self, meta, c):
        return n.Let(self.sp(meta), str(c[0]), c[1])

    def if_stmt(self, meta, c):
        cond, body, *rest = c
        otherwise = rest.pop() if rest and (rest[-1] is None or isinstance(rest[-1], n.Block)) else None
        return n.If(self.sp(meta), ((cond, body), *rest), otherwise)

    def elif_part(self, meta, c):
        return (c[0], c[1])

    def for_stmt(self, meta, c):
        return n.For(self.sp(meta), str(c[0]), c[1], c[2])

    def while_stmt(self, meta, c):
        return n.While(self.sp(meta), c[0], c[1])

    def emit_stmt(self, meta, c):
        return n.Emit(self.sp(meta), str(c[0]), tuple(c[1] or ()))

    def destroy_stmt(self, meta, c):
        return n.Destroy(self.sp(meta), c[0])

    def remove_stmt(self, meta, c):
        return n.Remove(self.sp(meta), c[0])

    def move_stmt(self, meta, c):
        return n.Move(self.sp(meta), c[0], c[1])

    def reveal_stmt(self, meta, c):
        return n.Reveal(self.sp(meta), c[0], c[1])

    def hide_stmt(self, meta, c):
        return n.Hide(self.sp(meta), c[0])

    def modify_stmt(self, meta, c):
        target, op, value, duration, order = c
        if not isinstance(target, n.Attr):
            self.diags.add("E0005", "`modify` needs a property such as `player.influence`", target.span,
                           "write `modify THING.PROPERTY = VALUE DURATION`")
            target = n.Attr(target.span, target, "?", target.span)
        return n.Modify(self.sp(meta), target, op, value, duration, order or 0)

    def dur_this_turn(self, meta, c):
        return n.Duration(self.sp(meta), Lasting.THIS_TURN)

    def dur_this_round(self, meta, c):
        return n.Duration(self.sp(meta), Lasting.THIS_ROUND)

    def dur_next_round(self, meta, c):
        return n.Duration(self.sp(meta), Lasting.NEXT_ROUND)

    def dur_removed(self, meta, c):
        return n.Duration(self.sp(meta), Lasting.REMOVED)

    def dur_end_of_next(self, meta, c):
        return n.Duration(self.sp(meta), Lasting.END_OF_NEXT, str(c[0]))

    def dur_until_event(self, meta, c):
        return n.Duration(self.sp(meta), Lasting.UNTIL, str(c[0]))

    def require_stmt(self, meta, c):
        return n.Require(self.sp(meta), c[0], unquote(c[1]) if c[1] else None)

    def log_stmt(self, meta, c):
        return n.Log(self.sp(meta), self._template(c[0]))

    def _template(self, tok: Token) -> tuple:
        """Split "text {expr} text" into strings and parsed placeholder expressions."""
        text, pos = unquote(tok), 0
        parts: list[str | n.Expr] = []
        for m in PLACEHOLDER.finditer(text):
            if m.start() > pos:
                parts.append(text[pos:m.start()])
            span = self.tsp(tok)
            parts.append(self._placeholder(m.group(1), Span(self.file, span.line, span.column + 1 + m.start(1),
                                                           span.line, span.column + 1 + m.end(1))))
            pos = m.end()
        if pos < len(text):
            parts.append(text[pos:])
        return tuple(parts)

    def return_stmt(self, meta, c):
        return n.Return(self.sp(meta), c[0])

    def break_stmt(self, meta, c):
        return n.Break(self.sp(meta))

    def continue_stmt(self, meta, c):
        return n.Continue(self.sp(meta))

    def shuffle_stmt(self, meta, c):
        return n.Shuffle(self.sp(meta), c[0])

    def fill_stmt(self, meta, c):
        return n.Fill(self.sp(meta), str(c[0]))

    def phase_stmt(self, meta, c):
        return n.Phase(self.sp(meta), str(c[0]), c[1])

    def turn_stmt(self, meta, c):
        return n.Turn(self.sp(meta), c[0], c[1])

    def step_stmt(self, meta, c):
        return n.Step(self.sp(meta), str(c[0]), c[1])

    def hook_stmt(self, meta, c):
        return n.Step(self.sp(meta), str(c[0]), n.Block(self.sp(meta), ()), silent=True)

    def end_stmt(self, meta, c):
        return n.EndGame(self.sp(meta), c[0])

    def assign_stmt(self, meta, c):
        target, op, value = c
        if not isinstance(target, (n.Name, n.Attr, n.Index)):
            self.diags.add("E0005", "only a variable or a property can be assigned to", target.span,
                           "write `name = value` or `thing.property = value`")
        return n.Assign(self.sp(meta), target, op, value)

    def assign_op(self, meta, c):
        return n.AssignOp(str(c[0]))

    def expr_stmt(self, meta, c):
        return n.ExprStmt(self.sp(meta), c[0])

    # -- expressions
    def or_op(self, meta, c):
        return n.Binary(self.sp(meta), n.BinOp.OR, c[0], c[1])

    def and_op(self, meta, c):
        return n.Binary(self.sp(meta), n.BinOp.AND, c[0], c[1])

    def not_op(self, meta, c):
        return n.Unary(self.sp(meta), n.UnaryOp.NOT, c[0])

    def compare(self, meta, c):
        return n.Binary(self.sp(meta), c[1], c[0], c[2])

    def comp_op(self, meta, c):
        return n.BinOp(" ".join(str(t) for t in c))

    def has_ability(self, meta, c):
        target, ability = c
        return n.Has(self.sp(meta), target, n.AbilityName(self.tsp(ability), str(ability)))

    def binop(self, meta, c):
        return n.Binary(self.sp(meta), c[1], c[0], c[2])

    def add_op(self, meta, c):
        return n.BinOp(str(c[0]))

    mul_op = add_op

    def interval(self, meta, c):
        return n.Interval(self.sp(meta), c[0], c[1])

    def neg(self, meta, c):
        return n.Unary(self.sp(meta), n.UnaryOp.NEG, c[0])

    def attr(self, meta, c):
        return n.Attr(self.sp(meta), c[0], str(c[1]), self.tsp(c[1]))

    def call(self, meta, c):
        return n.Call(self.sp(meta), c[0], tuple(c[1] or ()))

    def cast(self, meta, c):
        return n.Cast(self.sp(meta), c[0], str(c[1]), self.tsp(c[1]))

    def is_test(self, meta, c):
        return n.IsKind(self.sp(meta), c[0], str(c[1]), self.tsp(c[1]))

    def record_new(self, meta, c):
        func, fields = c
        if not isinstance(func, n.Name):
            self.diags.add("E0005", "only a record's name takes named fields", func.span,
                           "write `RECORD(field: value, ...)`")
            return func
        return n.RecordNew(self.sp(meta), func.name, func.span, tuple(fields))

    def field_args(self, meta, c):
        return list(c)

    def field_arg(self, meta, c):
        return (str(c[0]), self.tsp(c[0]), c[1])

    def map_lit(self, meta, c):
        return n.MapExpr(self.sp(meta), tuple(c[0] or ()))

    def map_items(self, meta, c):
        return list(c)

    def map_item(self, meta, c):
        return (c[0], c[1])

    def index(self, meta, c):
        return n.Index(self.sp(meta), c[0], c[1])

    def args(self, meta, c):
        return list(c)

    def int_lit(self, meta, c):
        return n.Literal(self.sp(meta), self.int(c[0]))

    def str_lit(self, meta, c):
        if PLACEHOLDER.search(unquote(c[0])):
            return n.TextTemplate(self.sp(meta), self._template(c[0]))
        return n.Literal(self.sp(meta), unquote(c[0]))

    def true_lit(self, meta, c):
        return n.Literal(self.sp(meta), True)

    def false_lit(self, meta, c):
        return n.Literal(self.sp(meta), False)

    def none_lit(self, meta, c):
        return n.Literal(self.sp(meta), None)

    def name(self, meta, c):
        return n.Name(self.sp(meta), str(c[0]))

    def this(self, meta, c):
        return n.This(self.sp(meta))

    def list_lit(self, meta, c):
        return n.ListExpr(self.sp(meta), tuple(c[0] or ()))

    def list_comp(self, meta, c):
        item, var, items, cond = c
        return n.ListComp(self.sp(meta), item, str(var), self.tsp(var), items, cond)

    def select(self, meta, c):
        kind, at, owner, where = c
        return n.Select(self.sp(meta), str(kind), self.tsp(kind), at, owner, where)

    def at_clause(self, meta, c):
        return c[0]

    owner_clause = at_clause

    def create(self, meta, c):
        definition, count, at, owner, face_down = c
        return n.Create(self.sp(meta), str(definition), self.tsp(definition),
                        self.int(count, 1) if count else 1, at, owner, face_down is not None)

    def roll(self, meta, c):
        return n.Roll(self.sp(meta), str(c[0]))

    def draw(self, meta, c):
        return n.Draw(self.sp(meta), c[0], c[1], c[2])

    def choose(self, meta, c):
        return n.Choose(self.sp(meta), c[0], c[1], unquote(c[2]) if c[2] else "choose")

    def cond_expr(self, meta, c):
        return n.IfExpr(self.sp(meta), c[0], c[1], c[2])


    def _placeholder(self, text: str, span: Span) -> n.Expr:
        """One `{...}` placeholder of a text, every node of it at the placeholder's span."""
        expr = parse_placeholder(text, span, self.diags, Builder(span.file, self.diags))
        return n.Literal(span, "") if expr is None else _relocate(expr, span)


_METHODS: dict[str, Any] = {}


def _method(rule: str) -> Any:
    """The Builder method of a rule (found once per rule); None for a rule without one."""
    if rule not in _METHODS:
        _METHODS[rule] = getattr(Builder, rule, None) if not rule.startswith("_") else None
    return _METHODS[rule]


def _plays(members: Any) -> tuple[n.Play, ...]:
    """The effects among a definition's members: each `play` gives one for each window it names."""
    return tuple(p for m in members if isinstance(m, tuple) for p in m if isinstance(p, n.Play))


def _relocate(node: N, span: Span) -> N:
    """Give every node of a placeholder expression the placeholder's span."""
    changes: dict[str, Any] = {}
    for f in dataclasses.fields(node):
        value = getattr(node, f.name)
        if isinstance(value, Span):
            changes[f.name] = span
        elif isinstance(value, n.Node):
            changes[f.name] = _relocate(value, span)
        elif isinstance(value, tuple):
            changes[f.name] = tuple(_relocate(v, span) if isinstance(v, n.Node) else v for v in value)
    return dataclasses.replace(node, **changes)


def build_module(text: str, file: str, diags: Diagnostics) -> n.Module | None:
    """The module `text` holds; None after a syntax error (every one reported to `diags`)."""
    return parse(text, file, diags, Builder)
