"""Legends for tests, written as `"C terrain [cost=N] [mark=NAME] [area=NAME]"` texts.

A test that draws its own small board needs a legend its ruleset does not declare; this gives the
value a declared legend has (compiler/boards.py), with the terrains of the ruleset under test."""


def legend(rules, entries, base=None):
    """A legend value: `entries` after the cells of `base` (a legend value) whose characters they do
    not give, with the terrains of `rules` (every declared legend carries them all)."""
    cells = []
    for entry in entries:
        ch, terrain, *options = entry.split()
        given = dict(option.split("=") for option in options)
        cells.append([ch, terrain, int(given.get("cost", 1)), given.get("mark", ""), given.get("area", "")])
    own = {cell[0] for cell in cells}
    kept = [cell for cell in (base[0] if base else []) if cell[0] not in own]
    return [kept + cells, next(iter(rules.legends.values()))[1]]
