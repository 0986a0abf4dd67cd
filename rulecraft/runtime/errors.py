"""Errors a running game can raise: each is a clear message for the user, never a traceback.

`UnknownName` is the one error for a name asked for from outside a ruleset (the API, the command
line, a log) that the game does not know: the CLI reports it as bad usage (exit 2); any other
Python error that reaches the CLI is a fault of rulecraft (exit 70). A newcomer adding a lookup by
name raises `UnknownName` with the kind of name and the names it knows.

Every error that leaves a ruleset's handler names where it happened: `locate` reads the
innermost handler frame of its traceback and the position (`co_positions()`) of the
instruction that failed, which lowering set to the `.rules` line and column of the statement.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from types import FrameType, TracebackType
from typing import Any


class GameError(Exception):
    """Base class of errors raised while a ruleset runs; `where` is `file:line:col` of the failing statement."""

    where: str | None = None

    def __str__(self) -> str:
        message = super().__str__()
        return f"{self.where}: {message}" if self.where else message

    @property
    def message(self) -> str:
        """The message without its place."""
        return super().__str__()


class UnknownName(GameError):
    """A name the game does not know: `kind` of name (an assumption, an option, a player, a die, a
    scenario, a ruleset, a chance query, a property...), the `name` asked for, and the names it
    `known` where the lookup lists them. Not a KeyError: a caller catches it as a GameError (or by
    its own name); a KeyError that escapes rulecraft is a fault of rulecraft."""

    def __init__(self, kind: str, name: str, message: str, known: Sequence[str] = ()):
        super().__init__(message)
        self.kind = kind
        self.name = name
        self.known = tuple(known)

    def __reduce__(self) -> tuple[Any, ...]:  # a simulation's worker process sends it back pickled
        return (type(self), (self.kind, self.name, self.message, self.known))


class AgentError(GameError):
    """An agent could not answer (a script or a replayed log ran out, or does not fit), or changed
    the game while it chose."""


class IllegalAction(GameError):
    """A `require` failed: the action is not allowed in this state."""


class BudgetExceeded(GameError):
    """The step budget or a nesting limit was used up (an endless loop, say)."""


class ExpectationFailed(GameError):
    """An `expect` of a ruleset's test did not hold."""


class GameOver(GameError):
    """Raised by `end game` to unwind to the scenario runner."""

    def __init__(self, winner):
        super().__init__("the game is over")
        self.winner = winner


class RuleFault(GameError):
    """A ruleset did something impossible at run time (divided by zero, read past a list...)."""


_PLAIN_WORDS: dict[type[BaseException], str] = {
    ZeroDivisionError: "division by zero", IndexError: "a list has no item at that position",
    RecursionError: "calls nest too deeply", MemoryError: "the game ran out of memory"}


HANDLERS = "__rulecraft_handlers__"  # set in the globals of every compiled handler: how a fault finds its frames


ITEM_MARK = 1_000_000  # lowering gives the N-th list item read `xs[i]` the end column ITEM_MARK + N


def _failing(tb: TracebackType | None) -> tuple[FrameType, int, int | None, int | None] | None:
    """The innermost ruleset handler frame in a traceback, with the line, column and end column of
    the instruction that was running (lowering gives every instruction its statement's place)."""
    found = None
    while tb is not None:
        if tb.tb_frame.f_globals.get(HANDLERS):
            line, col, end = tb.tb_lineno, None, None
            positions = list(tb.tb_frame.f_code.co_positions())
            if 0 <= tb.tb_lasti // 2 < len(positions):
                start, _, col, end = positions[tb.tb_lasti // 2]
                line = start or line
            found = (tb.tb_frame, line, col, end)
        tb = tb.tb_next
    return found


def place_of(tb: TracebackType | None) -> str | None:
    """`file:line:col` of the innermost ruleset handler frame in a traceback."""
    found = _failing(tb)
    if found is None:
        return None
    frame, line, col, _ = found
    return f"{frame.f_code.co_filename}:{line}:{(col or 0) + 1}"


def locate(err: GameError) -> GameError:
    """Give a rulecraft error the place it was raised at, unless it has one already."""
    if err.where is None and not isinstance(err, GameOver):
        err.where = place_of(err.__traceback__)
    return err


def fault_from(err: BaseException) -> GameError:
    """Turn a raw Python error inside a handler into a RuleFault naming the ruleset's file, line and column."""
    what = _PLAIN_WORDS.get(type(err))
    if isinstance(err, AttributeError) and "NoneType" in str(err):
        what = "a thing was expected here, but the value is none"
    kind = BudgetExceeded if isinstance(err, (RecursionError, MemoryError)) else RuleFault
    fault = kind(what or f"{type(err).__name__}: {err}")
    fault.where = place_of(err.__traceback__)
    return fault


def item_fault(err: IndexError) -> GameError:
    """Every compiled handler turns an IndexError into a fault here. A list item read `xs[i]` is
    compiled as a plain subscript that keeps its list and index in the temporaries `_hN` and `_iN`
    (N from its end column, see ITEM_MARK), so the fault names the index and the list's length
    without a helper call on every read."""
    found = _failing(err.__traceback__)
    mark = (found[3] or 0) - ITEM_MARK if found else -1
    names = (f"_h{mark}", f"_i{mark}")
    if found is None or mark < 0 or not all(name in found[0].f_locals for name in names):
        return fault_from(err)
    items, index = (found[0].f_locals[name] for name in names)
    shown = str(index).lower() if index.__class__ is bool else index  # `true`, as the language writes it
    fault = RuleFault(f"a list has no item at index {shown} (it has {len(items)} items)")
    fault.where = place_of(err.__traceback__)
    return fault


@contextmanager
def located() -> Iterator[None]:
    """Around a call into a ruleset: every error that leaves it names its place. A name the
    ruleset itself asks for and the game does not know is the ruleset's fault, never the user's."""
    try:
        yield
    except UnknownName as err:
        fault = RuleFault(err.message)
        fault.where = place_of(err.__traceback__)
        raise fault from None
    except GameError as err:
        locate(err)
        raise
    except RAW_ERRORS as err:
        raise fault_from(err) from None


RAW_ERRORS = (ZeroDivisionError, IndexError, TypeError, AttributeError, KeyError, ValueError, RecursionError,
              MemoryError, OverflowError)
