"""How many of a command's games are done, on stderr (results go to stdout): a rich progress bar
on a terminal, else a plain line each tenth of the games (and the last), or nothing when quiet."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

T = TypeVar("T")
STEPS = 10  # plain lines for a whole run


@contextmanager
def progress(label: str, total: int, quiet: bool = False) -> Iterator[Callable[[T], T]]:
    """`advance(result)` counts one game done and gives its result back."""
    if quiet:
        yield lambda result: result
    elif sys.stderr.isatty():
        with _bar(label, total) as advance:
            yield advance
    else:
        yield _lines(label, total)


def _lines(label: str, total: int) -> Callable[[T], T]:
    step = -(-total // STEPS)
    done = 0

    def advance(result: T) -> T:
        nonlocal done
        done += 1
        if done % step == 0 or done == total:
            print(f"{label}: {done}/{total} games", file=sys.stderr, flush=True)
        return result

    return advance


@contextmanager
def _bar(label: str, total: int) -> Iterator[Callable[[T], T]]:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
               TimeElapsedColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True)) as bar:
        task = bar.add_task(label, total=total)

        def advance(result: T) -> T:
            bar.advance(task)
            return result

        yield advance
