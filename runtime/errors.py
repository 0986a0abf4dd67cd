"""Errors a running game can raise: each is a clear message for the user, never a traceback."""


class GameError(Exception):
    """Base class of errors raised while a ruleset runs."""


class IllegalAction(GameError):
    """A `require` failed: the action is not allowed in this state."""


class BudgetExceeded(GameError):
    """The step budget or a nesting limit was used up (an endless loop, say)."""


class GameOver(GameError):
    """Raised by `end game` to unwind to the scenario runner."""

    def __init__(self, winner):
        super().__init__("the game is over")
        self.winner = winner
