"""Errors a running game can raise: each is a clear message for the user, never a traceback."""


class GameError(Exception):
    """Base class of errors raised while a ruleset runs."""


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


def fault_from(err: BaseException) -> GameError:
    """Name the ruleset line a raw Python error came from (handlers keep their source lines)."""
    tb, where = err.__traceback__, None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename.endswith(".rules"):
            where = f"{tb.tb_frame.f_code.co_filename}:{tb.tb_lineno}"
        tb = tb.tb_next
    what = _PLAIN_WORDS.get(type(err))
    if isinstance(err, AttributeError) and "NoneType" in str(err):
        what = "a thing was expected here, but the value is none"
    message = what or f"{type(err).__name__}: {err}"
    kind = BudgetExceeded if isinstance(err, (RecursionError, MemoryError)) else RuleFault
    return kind(f"{where}: {message}" if where else message)


RAW_ERRORS = (ZeroDivisionError, IndexError, TypeError, AttributeError, KeyError, ValueError, RecursionError,
              MemoryError, OverflowError)
