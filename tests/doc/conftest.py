"""What the reference and explain tests share: the reference of every bundled ruleset, built and
written once, and every bundled ruleset checked once."""

from dataclasses import dataclass
from pathlib import Path

import pytest

from rulecraft.cli import main
from rulecraft.reference.doc import site, write
from rulecraft.reference.explain import Studies
from rulecraft.reference.model import Page


@dataclass
class Written:
    pages: list[Page]
    folder: Path

    def page(self, slug: str) -> Page:
        return next(p for p in self.pages if p.slug == slug)


@pytest.fixture(scope="session")
def reference(tmp_path_factory) -> Written:
    """`rulecraft doc` of every bundled ruleset: its pages, and the folder they are written to."""
    pages = site(None, main)
    folder = tmp_path_factory.mktemp("reference")
    write(pages, folder)
    return Written(pages, folder)


@pytest.fixture(scope="session")
def bundled() -> Studies:
    """Every bundled ruleset, read and checked (as `rulecraft explain` without a game searches them)."""
    studies = Studies(None)
    list(studies)
    return studies
