"""What a compile made is moved into the garbage collector's oldest generation when the compile
ends (compiler/driver.py `collector_tuned`): the young collections after it do not walk it again,
and a full collection still frees the reference cycles it left."""

from __future__ import annotations

import gc
import weakref

from rulecraft.compiler.driver import collector_tuned


class Cycle:
    def __init__(self) -> None:
        self.me = self


def test_what_a_block_made_is_in_the_oldest_generation_after_it():
    kept = []
    with collector_tuned():
        kept.extend([i] for i in range(50_000))
    assert gc.isenabled()
    assert gc.get_count()[0] < 1_000  # not 50,000 young objects waiting for a collection
    oldest = {id(o) for o in gc.get_objects(generation=2)}
    assert id(kept[0]) in oldest
    assert id(kept[-1]) in oldest


def test_a_cycle_a_block_left_is_freed_by_a_full_collection():
    with collector_tuned():
        cycle = Cycle()
        gone = weakref.ref(cycle)
        del cycle
    gc.collect(1)  # a young collection does not look at it
    assert gone() is not None
    gc.collect()
    assert gone() is None


def test_a_block_inside_another_leaves_the_young_objects_young_until_the_outer_ends():
    with collector_tuned():
        with collector_tuned():
            made = [[1]]
        assert not gc.isenabled()
        assert id(made[0]) not in {id(o) for o in gc.get_objects(generation=2)}
    assert id(made[0]) in {id(o) for o in gc.get_objects(generation=2)}
