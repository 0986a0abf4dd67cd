"""Values that grow are charged before they are made and refused past the length limit: a text
made by a template (`"{s}{s}"`) or by `text()`, and a list grown item by item in a loop (`xs +=
[x]`, many a round). `%` is the remainder of numbers: a text on its left is a fault, never Python's
formatting. Measured in steps, items and calls, never in seconds or memory."""

import pytest

import rulecraft
from rulecraft.runtime import arith
from rulecraft.runtime.arith import MAX_LENGTH
from rulecraft.runtime.budget import DEFAULT_BUDGET, GROW_SHIFT
from rulecraft.runtime.errors import BudgetExceeded, RuleFault
from tests.support.steps import spent

APPENDS = 200
RULES = '''
game "t" "T"
kind counter { rounds: int = 0 }
counter tally "Tally" { }
zone pile
fn in_pile() -> int { return count(items(pile)) }
fn around(c: counter) -> int { return count(neighbours(c)) }
fn link_all(c: counter, others: list<counter>) { for o in others { link(c, o) } }
fn doubled(s: text, n: int) -> text {
  let t = s
  for i in range(0, n) { t = "{t}{t}" }
  return t
}
fn twice(s: text) -> text { return "{s}{s}" }
fn plain() -> text { return "no placeholder" }
fn shown(x: any) -> text { return text(x) }
fn formatted(s: any) -> any { return s % 1 }
fn formatted_by(s: any, n: any) -> any { return s % n }
fn many_a_round(c: counter, n: int) -> int {
  let xs = []
  for i in range(0, n) {
    c.rounds += 1
    ''' + " ".join(["xs += [i]"] * APPENDS) + '''
  }
  return count(xs)
}
fn seven_a_round(n: int) -> int {
  let xs = []
  for i in range(0, n) { xs += [i] xs += [i] xs += [i] xs += [i] xs += [i] xs += [i] xs += [i] }
  return count(xs)
}
fn many_while(n: int) -> int {
  let xs = []
  let i = 0
  while i < n {
    ''' + " ".join(["xs += [i]"] * APPENDS) + '''
    i += 1
  }
  return count(xs)
}
fn nested(n: int) -> int {
  let xs = []
  for i in range(0, n) { for j in range(0, n) { xs += [i] xs += [j] } }
  return count(xs)
}
'''


@pytest.fixture(scope="module")
def rules():
    return rulecraft.compile_source(RULES, "t.rules")


@pytest.fixture
def game(rules):
    return rulecraft.Game(rules)


def test_a_template_is_charged_for_the_text_it_makes(game):
    assert spent(game, "twice", "a" * 800) == ("a" * 1600, 1600 >> GROW_SHIFT)
    assert spent(game, "plain") == ("no placeholder", 0)


def test_a_text_doubled_by_a_template_is_refused_before_it_passes_the_limit(game):
    text, steps = spent(game, "doubled", "ab", 18)  # 2 * 2**18 characters: within the limit
    assert len(text) == 2 ** 19
    assert steps == 18 + sum(2 ** (i + 2) >> GROW_SHIFT for i in range(18))  # the rounds, and each text made
    with pytest.raises(BudgetExceeded, match=f"longer than {MAX_LENGTH}") as info:
        game.call("doubled", "ab", 60)
    line = next(i for i, text in enumerate(RULES.splitlines(), 1) if '{t}{t}' in text)
    assert info.value.where == f"t.rules:{line}:26"


def test_text_of_a_number_is_charged_for_its_digits(game):
    big = 7 ** 1400  # 1,184 digits
    assert spent(game, "shown", big) == (str(big), len(str(big)) >> GROW_SHIFT)
    assert spent(game, "shown", 12) == ("12", 0)


class Probe:
    """A value whose showing is counted: `text()` must refuse before it shows anything."""

    shown = 0

    def __repr__(self) -> str:
        Probe.shown += 1
        return "probe"


def test_text_of_a_list_holding_a_long_text_many_times_is_refused_before_it_is_shown(game):
    long = "x" * 1000
    with pytest.raises(BudgetExceeded, match=f"a text longer than {MAX_LENGTH} characters"):
        game.call("shown", [Probe()] + [long] * 1000)
    assert Probe.shown == 0
    assert game.call("shown", [Probe(), "ab"]) == "[probe, 'ab']"


@pytest.mark.parametrize(("fn", "args"), [("formatted", ["%2000000000d"]), ("formatted_by", ["%2000000000d", 1]),
                                          ("formatted_by", ["%s", [1]])])
def test_a_text_is_not_formatted_by_percent(game, fn, args):
    with pytest.raises(RuleFault, match="`%` takes numbers, not a text"):
        game.call(fn, *args)


def test_percent_is_still_the_remainder_of_numbers(game):
    assert game.call("formatted", 7) == 0
    assert game.call("formatted_by", 7, 3) == 1


def test_many_appends_a_round_are_charged_before_the_loop_starts(game):
    rounds, tally = 1_000_000, game.create("tally")
    before = game.budget.steps
    with pytest.raises(BudgetExceeded, match="makes too much"):
        game.call("many_a_round", tally, rounds)
    assert game.budget.steps - before == rounds + (APPENDS * rounds >> GROW_SHIFT)  # charged, nothing run
    assert game.get(tally, "rounds") == 0


def test_many_appends_a_round_within_the_budget_cost_what_they_append(game):
    tally = game.create("tally")
    assert spent(game, "many_a_round", tally, 100) == (100 * APPENDS, 100 + (100 * APPENDS >> GROW_SHIFT))
    assert game.get(tally, "rounds") == 100


def _lengths_checked(monkeypatch):
    seen = []
    real = arith.fits

    def fits(items):
        seen.append(len(items))
        return real(items)

    monkeypatch.setattr(arith, "fits", fits)
    return seen


def test_a_list_grown_a_few_items_a_round_stops_at_the_round_that_passes_the_limit(game, monkeypatch):
    seen = _lengths_checked(monkeypatch)
    with pytest.raises(BudgetExceeded, match=f"longer than {MAX_LENGTH} items"):
        game.call("seven_a_round", 1_000_000)
    assert max(seen) == seen[-1] == 7 * (MAX_LENGTH // 7 + 1)  # at most a round's appends past the limit
    assert len(seen) == MAX_LENGTH // 7 + 1  # checked after every round


def test_a_loop_that_cannot_pass_the_limit_is_not_watched(game, monkeypatch):
    seen = _lengths_checked(monkeypatch)
    assert game.call("seven_a_round", 1000) == 7000
    assert seen == []


def test_a_while_loop_charges_its_appends_and_checks_the_lists_each_round(game, monkeypatch):
    seen = _lengths_checked(monkeypatch)
    assert spent(game, "many_while", 80) == (80 * APPENDS, 80 + 80 * (APPENDS >> GROW_SHIFT))
    assert seen == [APPENDS * i for i in range(80)]
    seen.clear()
    with pytest.raises(BudgetExceeded, match=f"longer than {MAX_LENGTH} items"):
        game.call("many_while", 10_000_000)
    assert max(seen) <= MAX_LENGTH + APPENDS
    assert game.budget.steps < DEFAULT_BUDGET


def test_nested_loops_stop_at_the_limit_too(game, monkeypatch):
    seen = _lengths_checked(monkeypatch)
    with pytest.raises(BudgetExceeded, match=f"longer than {MAX_LENGTH} items"):
        game.call("nested", 1000)
    assert max(seen) <= MAX_LENGTH + 2


def test_the_lists_built_ins_make_are_charged_as_made(game):
    game.create("tally", 800, at=game.zone("pile"))
    assert spent(game, "in_pile") == (800, 800 >> GROW_SHIFT)
    hub, spokes = game.create("tally"), game.create("tally", 160)
    game.call("link_all", hub, spokes)
    assert spent(game, "around", hub) == (160, 160 >> GROW_SHIFT)
