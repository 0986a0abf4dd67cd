"""Selections over laid-out things: a `where` condition that reads only what the copies of a
definition share is asked once per run of copies, with the same result and the same cost of
looking at the things; anything that may tell the copies apart is still asked of each thing.
Measured in steps, never in seconds."""

import pytest

import rulecraft
from rulecraft.runtime.budget import ITEMS_PER_STEP
from tests.support.steps import spent

RULES = '''
game "t" "T"
kind card { tag: text = "", n: int = 0 }
kind hero: card {}
card a "A" { tag: "x" }
card b "B" { tag: "y" }
hero h "H" { tag: "x" }
zone deck
zone side
fn tagged(tags: list<text>) -> int { return count(all card at deck where it.tag in tags) }
fn known(tag: text, tags: list<text>) -> bool { return tag in tags }
fn boost(c: card) { modify c.n += 1 until removed }
fn named(tag: text) -> list<text> { return names(all card at [deck, side] where it.tag == tag) }
fn names(cards: list<card>) -> list<text> {
  let out = []
  for c in cards { out += [c.name] }
  return out
}
'''

COPIES = 100 * ITEMS_PER_STEP  # a selection of them costs 100 steps


# Conditions asked once per run (True) or of each thing (False); each also looks through `tags`.
CONDITIONS = [
    ("it.tag in tags", True),
    ("it.def == a and it.kind == \"card\" and it.name != \"\" and it.tag in tags", True),
    ("[it.tag, \"z\"][0] in tags and text(count(tags)) != \"\"", True),
    ("it.id > 0 and it.tag in tags", False),  # each thing's own id
    ("it.owner == none and it.tag in tags", False),
    ("it.n >= 0 and it.tag in tags", False),  # a `modify` may change it, thing by thing
    ("known(it.tag, tags)", False),  # a fn may do anything
    ("count(all card at side) >= 0 and it.tag in tags", False),
    ("it in all card at deck and it.tag in tags", False),
]


@pytest.fixture(scope="module")
def rules():
    asks = "".join(f"fn ask{i}(tags: list<text>) -> int {{ return count(all card at deck where {c}) }}\n"
                   for i, (c, _) in enumerate(CONDITIONS))
    return rulecraft.compile_source(RULES + asks, "t.rules")


def laid_out(rules, *zones):
    """A game whose zones hold the copies given: (zone, [(definition, copies), ...]) each."""
    game = rulecraft.Game(rules, shared_props=True)
    for zone, cards in zones:
        game.things.lay_out_all(game.zone(zone),
                                [(d, n, game.things.props_of(rules.definitions[d].kind, rules.definitions[d].props))
                                 for d, n in cards])
    return game


def test_a_condition_on_what_copies_share_is_asked_once_per_run(rules):
    game = laid_out(rules, ("deck", [("a", COPIES)]))
    tags = ["x"] * COPIES  # each look through them costs 100 steps
    assert spent(game, "tagged", tags) == (COPIES, 100 + 100)


@pytest.mark.parametrize("i", range(len(CONDITIONS)), ids=[c for c, _ in CONDITIONS])
def test_only_what_no_copy_can_tell_apart_is_asked_once(rules, i):
    game = laid_out(rules, ("deck", [("a", 10)]))
    tags = ["x"] * COPIES  # a look through them costs 100 steps; a look at the 10 things costs none
    once = CONDITIONS[i][1]
    assert spent(game, f"ask{i}", tags) == (10, 100 if once else 10 * 100)


def test_the_runs_give_what_asking_every_thing_gives_in_zone_order(rules):
    game = laid_out(rules, ("deck", [("a", 2), ("b", 1), ("h", 2)]), ("side", [("b", 1), ("a", 1)]))
    assert game.call("named", "x") == ["A", "A", "H", "H", "A"]
    assert game.call("named", "y") == ["B", "B"]
    deck = game.zone("deck")
    asked = []
    for shared in (True, False):
        asked.clear()
        found = game.selection.select("card", [deck, game.zone("side")], None,
                                   lambda it: asked.append(it.def_id) or it.props["tag"] == "x", False, shared)
        assert [e.def_id for e in found] == ["a", "a", "h", "h", "a"]
        assert asked == (["a", "b", "h", "b", "a"] if shared else ["a", "a", "b", "h", "h", "b", "a"])
    assert [e.def_id for e in game.selection.select("hero", deck, None, None)] == ["h", "h"]
    assert [e.def_id for e in game.selection.select("b", [deck, deck], None, None, True)] == ["b", "b"]


def test_copies_laid_out_one_after_another_make_one_run(rules):
    game = laid_out(rules, ("deck", [("a", 2)]))
    props = game.zone("deck").items[0].props
    game.things.lay_out("a", 3, game.zone("deck"), props)
    assert [len(things) for _, things in game.zone("deck").runs] == [5]
    assert [e.id for e in game.zone("deck").items] == [3, 4, 5, 6, 7]  # the players are things 1 and 2


def test_a_changed_copy_is_asked_on_its_own(rules):
    game = laid_out(rules, ("deck", [("a", 3)]))
    second = game.zone("deck").items[1]
    game.set(second, "tag", "y")
    assert game.call("named", "x") == ["A", "A"]
    assert game.call("named", "y") == ["A"]
    assert game.zone("deck").runs is None


def test_a_move_or_a_shuffle_is_seen(rules):
    game = laid_out(rules, ("deck", [("a", 2), ("b", 2)]), ("side", [("h", 1)]))
    deck = game.zone("deck")
    game.things.move(game.zone("side").items[0], deck)
    assert game.call("named", "x") == ["A", "A", "H"]
    game = laid_out(rules, ("deck", [("a", 2), ("b", 2)]))
    deck = game.zone("deck")
    deck.items.reverse()  # changed behind the runs' back, as a shuffle does
    assert game.call("named", "x") == ["A", "A"]
    assert [e.def_id for e in deck.items] == ["b", "b", "a", "a"]
    assert game.call("names", game.selection.select("card", game.zone("deck"), None, lambda it: True, False, True)) \
        == ["B", "B", "A", "A"]


def test_a_released_game_holds_no_things(rules):
    game = laid_out(rules, ("deck", [("a", 2)]), ("side", [("b", 1)]))
    game.things.release()
    assert game.things.entities == {}
    assert all(zone.items == [] for zone in game.things.zones.values())
