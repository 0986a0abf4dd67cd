"""The registry of built-in functions: each one is declared next to its Python function.

Takes: functions marked `@builtin("name(type, type) -> type")` in the modules that define
them (builtins.py for the general ones, grid.py and hexgrid.py for boards, data.py for maps).
Gives: `BUILTINS`, name -> `Builtin(func, params, result)`, which the checker types calls
with, the code generator binds into handlers and the reference pages describe (the first
paragraph of the function's docstring is its description); and `TYPED`, name -> the
built-in's typed entry point where it has one (`@typed`), which compiled handlers call where the
compiler proved what that entry point assumes (compiler/typed_calls.py); `@typed_builtin`
declares both at once where the built-in only tests its board argument first.

A typed entry point takes the same arguments and gives the same answer as its built-in, and
assumes only that each argument of a type in PROVEN is proven: a `board` argument is the name of
a board the ruleset declares (a text). Everything else (that the board is laid and of its kind, a
space a whole number on it, a thing on it) it tests itself, in one test on its way, and refuses
in the built-in's own words (the same IllegalAction, in the same order). The built-in itself
checks what the typed one assumes and then calls it, so both are one implementation.

The signature's types are those of the checker's signature parser: `int`, `text`, `bool`,
`num`, `any`, `none`, `player`, `zone`, `def`, `list<...>`, and `T`, a type variable bound by
the first argument that mentions it. A newcomer adds a built-in by writing a function that
takes the game first and marking it here; a name may be declared only once. A `Builtin` is
the place for more facts about a built-in.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, NamedTuple, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])


class Builtin(NamedTuple):
    """One built-in: its function (the game first), its parameter types and its result type."""

    func: Callable[..., Any]
    params: tuple[str, ...]
    result: str


BUILTINS: dict[str, Builtin] = {}
TYPED: dict[str, Callable[..., Any]] = {}
PROVEN = ("board",)  # the parameter types whose arguments a typed entry point takes as proved


def parse(signature: str) -> tuple[str, tuple[str, ...], str]:
    """`"name(a, list<b>) -> c"` -> ("name", ("a", "list<b>"), "c")."""
    head, arrow, result = signature.partition(")")
    name, _, params = head.partition("(")
    result = result.strip()
    if not arrow or not result.startswith("->") or not name.isidentifier():
        raise ValueError(f"a built-in's signature is written `name(type, ...) -> type`, not {signature!r}")
    types = tuple(p.strip() for p in params.split(",")) if params.strip() else ()
    return name, types, result[2:].strip()


def builtin(signature: str) -> Callable[[F], F]:
    """Declare the function it marks as the built-in `signature` names."""
    name, params, result = parse(signature)

    def register(func: F) -> F:
        if name in BUILTINS:
            raise RuntimeError(f"the built-in `{name}` is declared twice")
        BUILTINS[name] = Builtin(func, params, result)
        return func

    return register


def typed(name: str) -> Callable[[F], F]:
    """Declare the function it marks as the typed entry point of the built-in `name` (declared before it)."""

    def register(func: F) -> F:
        if name not in BUILTINS or name in TYPED:
            raise RuntimeError(f"a typed entry point of `{name}`, which is no built-in or has one already")
        TYPED[name] = func
        return func

    return register


def typed_builtin(signature: str, refuse: Callable[[Any, Any, str], Any]) -> Callable[[F], F]:
    """Declare the function it marks as the typed entry point of the built-in `signature` names, and
    give that built-in: the same function behind the one test a typed entry point leaves to the
    compiler, a first (`board`) argument that is no text refused by `refuse(rt, value, name)`."""
    name = parse(signature)[0]

    def register(func: F) -> F:
        @wraps(func)
        def checked(rt: Any, b: Any, *args: Any) -> Any:
            if b.__class__ is not str:
                refuse(rt, b, name)
            return func(rt, b, *args)

        builtin(signature)(checked)
        typed(name)(func)
        return cast(F, checked)

    return register
