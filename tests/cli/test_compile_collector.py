"""The garbage collector while the compiler works (compiler/driver.py `collector_tuned`): off
while a file is parsed and modules compile, then as it was: on again for a program that had it
on, still off for one that had turned it off, and off until the outermost block ends."""

from __future__ import annotations

import gc

from rulecraft.compiler.diagnostics import Diagnostics
from rulecraft.compiler.driver import collector_tuned, compile_modules, parse_module
from rulecraft.compiler.source import Source

GAME = 'game "g" "G"\nfn f(x: int) -> int { return x + 1 }\n'


def test_the_collector_is_off_while_compiling_and_on_again_after():
    assert gc.isenabled()
    seen = []
    with collector_tuned():
        seen.append(gc.isenabled())
        with collector_tuned():
            seen.append(gc.isenabled())
        seen.append(gc.isenabled())
    assert seen == [False, False, False]
    assert gc.isenabled()


def test_a_program_that_turned_the_collector_off_finds_it_off_after_a_compile():
    gc.disable()
    try:
        module = parse_module(Source("g.rules", GAME), Diagnostics())
        assert module is not None
        assert compile_modules([module], Diagnostics()) is not None
        assert not gc.isenabled()
    finally:
        gc.enable()
