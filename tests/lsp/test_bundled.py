"""Navigation over the bundled rulesets: every name the checker bound in a body is found again
from its place in the source (locals of a procedure's steps, `before`/`after` patches of a mod,
trigger parameters, placeholders in texts included), and hovering over it says something."""

import pytest

from rulecraft.authoring.lsp import describe, navigation
from rulecraft.authoring.lsp.analysis import Documents
from rulecraft.compiler import nodes as n
from rulecraft.compiler.loader import folder_of


@pytest.mark.parametrize("ruleset", ["doom/expansion", "neuroshima", "doomtrooper/prague-league-2010"])
def test_every_bound_name_is_found_from_its_place(ruleset):
    folder = folder_of(ruleset)
    assert folder is not None
    found = Documents().analysis((folder / "main.rules").resolve())
    names, lost = 0, []
    for module in found.modules:
        for node in (x for d in module.decls for x in navigation.walk(d)):
            written = node.span.line == node.span.end_line and node.span.end_column - node.span.column == len(getattr(node, "name", ""))
            if type(node) is n.Name and id(node) in found.res.refs and written:  # not a placeholder's node
                names += 1
                at = (node.span.line, node.span.column)
                target = navigation.resolve(found, module.file, at)
                if target is None or target.name != node.name or not describe.hover(found, target, module.file, at):
                    lost.append(f"{node.span}: {node.name}")
    assert names > 500
    assert lost == []
