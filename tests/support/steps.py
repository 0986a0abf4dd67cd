"""What a call costs in the game's step budget: the tests of deep equality, laid-out runs and step
costs measure it the same way. It takes a game and a function's name and arguments, and gives
what the call returned and how many budget steps it used."""


def spent(game, fn, *args):
    """`game.call(fn, *args)` and the budget steps it used."""
    before = game.budget.steps
    result = game.call(fn, *args)
    return result, game.budget.steps - before
