"""`==` on values that may nest: lists of different lengths differ at once and cost nothing (no
item is looked at), empty lists are equal, flat lists are compared at their size without walking
them first, nested ones are measured item by item."""

import pytest

import rulecraft
from rulecraft.runtime.budget import ITEMS_PER_STEP
from tests.support.steps import spent

RULES = '''
game "t" "T"
fn same(x: any, y: any) -> bool { return x == y }
fn member(x: any, xs: list<any>) -> bool { return x in xs }
'''


@pytest.fixture(scope="module")
def game():
    return rulecraft.Game(rulecraft.compile_source(RULES, "t.rules"))


@pytest.mark.parametrize(("x", "y", "equal", "steps"), [
    ([], [], True, 0),
    ([], [1], False, 0),
    (list(range(100)), list(range(99)), False, 0),  # no item is looked at
    (list(range(64)), list(range(64)), True, 128 // ITEMS_PER_STEP),  # both lists' items, as a search
    (list(range(64)), [*list(range(63)), None], False, 128 // ITEMS_PER_STEP),
    (["a", True, None], ["a", True, None], True, 0),
    ([[1, 2], [3]], [[1, 2], [3]], True, 0),
    ([[1] * 64], [[1] * 64], True, (2 + 128) // ITEMS_PER_STEP),  # nested: measured item by item
    ({"a": [1]}, {"a": [1]}, True, 0),
    ("a", "a", True, 0),
])
def test_equality_and_its_cost(game, x, y, equal, steps):
    assert spent(game, "same", x, y) == (equal, steps)


def test_membership_of_a_nested_item_costs_its_size_per_item(game):
    xs = [[i] * 64 for i in range(4)]
    assert spent(game, "member", [3] * 64, xs) == (True, 64 * 4 // ITEMS_PER_STEP)
