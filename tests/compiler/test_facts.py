"""The analysis pass before lowering (compiler/facts.py) and the walker every pass uses
(compiler/nodes.py): given checked bodies, the exact facts each node gets; given a tree, its
nodes in source order."""

from __future__ import annotations

from rulecraft.compiler import nodes as n
from rulecraft.compiler.diagnostics import Diagnostics
from rulecraft.compiler.driver import check_modules, parse_module
from rulecraft.compiler.facts import Analysis, HandlerBody, analyse
from rulecraft.compiler.source import Source

RULES = '''
game "f" "F"
fn reads(b: list<int>, k: int) -> int {
  let total = 0
  for i in 0..3 { total += b[i] + b[k] }
  return total
}
fn sizes(n: int) -> int {
  let small = 12
  return small * 1000 + n * 1000
}
fn joins(a: text, x: int) -> text { return a + a + text(x + 1) }
fn plus_one(x: int) -> int { return x + 1 }
fn uses_it(y: int) -> int { return plus_one(y) + plus_one(y * 2) }
'''


def checked(source: str = RULES):
    diags = Diagnostics()
    module = parse_module(Source("facts.rules", source), diags)
    assert module is not None
    sym, res = check_modules([module], diags)
    assert not diags.errors, diags.errors
    return sym, res


def facts_of(fn: str):
    sym, res = checked()
    body = sym.callables[fn].body
    return body, analyse(res, sym.callables, [HandlerBody(body)])


def of_class(node: n.Node, cls: type) -> list:
    return [x for x in n.walk(node) if isinstance(x, cls)]


def test_the_walker_gives_every_node_in_source_order_and_skips_the_insides_asked():
    sym, _ = checked()
    body = sym.callables["reads"].body
    assert [x.name for x in of_class(body, n.Name)] == ["total", "b", "i", "b", "k", "total"]
    statements = [type(x).__name__ for x in n.walk(body, skip=(n.Expr,)) if isinstance(x, n.Stmt)]
    assert statements == ["Let", "For", "Assign", "Return"]
    assert [type(c).__name__ for c in n.children(body.stmts[1])] == ["Interval", "Block"]


def test_an_index_by_a_counter_from_zero_is_unguarded_and_one_by_a_parameter_is_not():
    body, facts = facts_of("reads")
    by_counter, by_parameter = of_class(body, n.Index)
    assert by_counter in facts.unguarded_indexes
    assert by_parameter not in facts.unguarded_indexes
    loop = body.stmts[1]
    assert facts.uses[loop.body].declared == set()
    assert facts.uses[body].declared == {"total", "i"}


def test_a_product_of_numbers_of_known_size_is_unchecked_and_one_of_a_parameter_is_checked():
    body, facts = facts_of("sizes")
    known, unknown = [e for e in of_class(body, n.Binary) if e.op == n.BinOp.MUL]
    assert known in facts.unchecked_products
    assert unknown not in facts.unchecked_products


def test_sums_that_may_join_texts_are_not_plain_and_sums_of_numbers_are():
    body, facts = facts_of("joins")
    sums = [e for e in of_class(body, n.Binary) if e.op == n.BinOp.ADD]
    assert [e in facts.plain_sums for e in sums] == [False, False, True]  # a + a + ..., then x + 1


def test_a_call_of_a_small_fn_on_plain_arguments_is_inlinable_and_one_on_a_product_is_not():
    sym, res = checked()
    body = sym.callables["uses_it"].body
    facts = analyse(res, sym.callables, [HandlerBody(body)])
    plain, computed = [c for c in of_class(body, n.Call) if c.func.name == "plus_one"]
    assert facts.inlinable.get(plain) is sym.callables["plus_one"]
    assert computed not in facts.inlinable


def test_a_fact_that_depends_on_its_place_is_kept_only_if_every_place_proves_it():
    sym, res = checked()
    analysis = Analysis(res, sym.callables)
    index = of_class(sym.callables["reads"].body, n.Index)[0]
    fact = analysis.facts.unguarded_indexes
    analysis.prove(fact, index, True)
    assert index in fact
    analysis.prove(fact, index, False)  # lowered again where its index may be negative
    analysis.prove(fact, index, True)
    assert index not in fact


NESTED = '''
game "f" "F"
fn nested(xs: list<int>) -> list<int> {
  let out = []
  for x in xs {
    if x > 1 { let y = x  out += [y] } else { out += [x] }
    let z = 0
    z = x
  }
  return out
}
'''


def test_a_blocks_uses_count_every_block_inside_it_once_each():
    sym, res = checked(NESTED)
    body = sym.callables["nested"].body
    facts = analyse(res, sym.callables, [HandlerBody(body)])
    used, loop = facts.uses[body], facts.uses[body.stmts[1].body]
    assert used.bindings == {"out": 5, "x": 2, "y": 1, "z": 3}  # `let` and `+=` twice (2 each), `for`, `let`, `let` and `=`
    assert (used.declared, used.owned, used.lists, used.pushed) == ({"out", "x", "y", "z"}, {"out"}, {"out"}, {"out"})
    assert loop.bindings == {"out": 4, "y": 1, "z": 3}
    assert loop.set_once() == {"y"}
