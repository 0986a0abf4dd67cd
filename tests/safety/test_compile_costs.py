"""Compile-time work stays linear in the input whatever a stranger's file holds: each syntax
error costs a parse of what follows it, not of the whole file, and the count of syntax errors
reported is bounded, and "did you mean" compares a bounded number of names in all (counted in
characters parsed, reports and names compared, never in seconds)."""

from rulecraft.compiler import diagnostics, parser
from rulecraft.compiler.build import build_module
from rulecraft.compiler.diagnostics import Diagnostics
from rulecraft.compiler.loader import check_source

VALID = "\n".join(f"fn f{i}() -> int {{ return {i} }}" for i in range(2000))
BROKEN = "\n".join(f"fn g{i}( -> int {{ return 1 }}" for i in range(20))


class CountingLark:
    """Wraps the parser to count the characters each parse really reads (blanks aside)."""

    def __init__(self, real):
        self.real, self.read = real, []

    def parse(self, text, start):
        self.read.append(len(text) - text.count(" ") - text.count("\n"))
        return self.real.parse(text, start=start)

    def __getattr__(self, name):  # the rest of the parser's face, as it is
        return getattr(self.real, name)


def test_syntax_errors_after_a_long_valid_prefix_are_each_found_by_parsing_only_the_rest(monkeypatch):
    # both parsers counted: the loop over Lark's tables (compiler/lalr.py) parses first, and
    # Lark parses again where the loop met a syntax error (Lark reports it)
    counting, looping = CountingLark(parser._lark()), CountingLark(parser._driver())
    monkeypatch.setattr(parser, "_lark", lambda: counting)
    monkeypatch.setattr(parser, "_driver", lambda: looping)
    text = 'game "t" "T"\n' + VALID + "\n" + BROKEN + "\n"
    diags = Diagnostics()
    assert build_module(text, "t.rules", diags) is None
    assert [d.code for d in diags.items] == ["E0001"] * 20
    solid = len(text) - text.count(" ") - text.count("\n")
    assert looping.read[0] == counting.read[0] == solid
    assert len(looping.read) == 21  # each error, then the blanked rest
    assert len(counting.read) == 20  # each error
    assert sum(looping.read[1:]) < solid // 10  # the valid prefix is not read again, by either
    assert sum(counting.read[1:]) < solid // 10


def test_the_count_of_syntax_errors_is_bounded_and_says_so():
    text = 'game "t" "T"\n' + "\n".join(f"fn g{i}( {{ }}" for i in range(parser.MAX_SYNTAX_ERRORS + 10))
    diags = Diagnostics()
    build_module(text, "t.rules", diags)
    codes = [d.code for d in diags.items]
    assert codes == ["E0001"] * parser.MAX_SYNTAX_ERRORS + ["E0009"]


def test_every_unknown_name_is_reported_once_each():
    body = "\n".join(f"  t += unknown_{i}" for i in range(3000))
    diags = check_source(f'game "t" "T"\nfn f() -> int {{\n  let t = 0\n{body}\n  return t\n}}\n')
    assert sum(d.code == "E0101" for d in diags.items) == 3000
    assert len(diags.reported) == len(diags.items)



def test_did_you_mean_compares_a_bounded_number_of_names_in_all(monkeypatch):
    compared = []
    real = diagnostics.difflib.get_close_matches
    monkeypatch.setattr(diagnostics.difflib, "get_close_matches",
                        lambda name, pool, **kw: compared.append(len(pool)) or real(name, pool, **kw))
    monkeypatch.setattr(diagnostics, "SUGGEST_WORK", 20_000)
    consts = "\n".join(f"const value_{i} = {i}" for i in range(1000))
    body = "\n".join(f"  t += valeu_{i}" for i in range(1000))  # each a near miss of a constant
    diags = check_source(f'game "t" "T"\n{consts}\nfn f() -> int {{\n  let t = 0\n{body}\n  return t\n}}\n')
    unknown = [d for d in diags.items if d.code == "E0101"]
    assert len(unknown) == 1000  # every error is still reported
    assert unknown[0].help == "did you mean `value_0`?"
    # each search compares the constants and the local `t` with the name, until the work is spent
    assert compared == [1001] * 20
    assert sum(d.help is not None for d in unknown) == 20
