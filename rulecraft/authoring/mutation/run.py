"""Running mutants: long-lived worker processes, each with its own copy of the rulesets in a temporary
folder. A worker writes one mutant into its copy, forks, and the child compiles the mutated ruleset and
runs the tests that name the mutant's ids in-process (pytest.main); the worker then restores the file.
A fork starts with everything the worker imported and leaves nothing behind (no ruleset cached in a
module, no state of a test), so mutants cannot affect each other; the user's files are never written."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .points import Mutant

CAUGHT, COMPILER, TIMEOUT, SURVIVED, ERROR = "caught", "compiler", "timeout", "survived", "error"
EXPLAINED = "explained"  # survived, and the project explains why no test can catch it
OUTCOMES = {0: SURVIVED, 1: CAUGHT, 2: COMPILER, 4: ERROR}  # a child's exit code -> the mutant's outcome
# stop at the first failure; no assertion rewriting, cache folder, or end-of-run garbage collection: a
# mutant needs only pass or fail
QUICK = ("-q", "-o", "addopts=", "--assert=plain", "-p", "no:cacheprovider", "-p", "no:unraisableexception",
         "-p", "no:threadexception")


class CollectError(Exception):
    """The tests could not be collected, or none names a rule id."""


@dataclass
class Job:
    mutant: Mutant
    tests: tuple[str, ...]
    ruleset: str  # the ruleset id whose folder holds the file: compiled first


# ---- which tests name which ids ------------------------------------------------

COLLECT = """
import json, sys, pytest
class Names:
    def __init__(self): self.found = {}
    def pytest_collection_modifyitems(self, items):
        for item in items:
            test = str(item.path) + "::" + item.nodeid.split("::", 1)[1] if "::" in item.nodeid else str(item.path)
            for mark in item.iter_markers("rules"):
                for rule in mark.args:
                    self.found.setdefault(rule, []).append(test)
names = Names()
code = pytest.main(["--collect-only", "-q", "-p", "no:cacheprovider", *sys.argv[2:]], plugins=[names])
with open(sys.argv[1], "w", encoding="utf-8") as out:
    json.dump({"code": int(code), "rules": names.found}, out)
"""


def tests_naming(paths: list[str], scratch: Path) -> dict[str, list[str]]:
    """Rule id -> the tests that name it (`@pytest.mark.rules`), collected in a separate process so
    this one imports no test module (a worker forked from it must start clean)."""
    out = scratch / "names.json"
    env = os.environ | {"RULECRAFT_COVERAGE": str(scratch / "coverage.json")}
    subprocess.run([sys.executable, "-c", COLLECT, str(out), *paths], env=env, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)
    found: dict[str, Any] = json.loads(out.read_text(encoding="utf-8")) if out.is_file() else {"code": -1, "rules": {}}
    if found["code"] not in (0, 5) or not found["rules"]:
        raise CollectError(f"no test naming a rule id found in {' '.join(paths)} (pytest --collect-only exit {found['code']})")
    return {rule: sorted(set(tests)) for rule, tests in found["rules"].items()}


# ---- a worker ------------------------------------------------------------------

# Run in a worker and, as sitecustomize, in every Python process a test starts (a command line run by
# a test): the bundled rulesets are the worker's copy, where its mutant is.
SITE = """
import importlib.util, os, sys
_copy = os.environ.get("RULECRAFT_MUTATED_RULESETS")
if _copy:
    _spec = importlib.util.spec_from_file_location("rulecraft.rulesets", os.path.join(_copy, "__init__.py"),
                                                   submodule_search_locations=[_copy])
    _module = importlib.util.module_from_spec(_spec)
    _spec.loader.exec_module(_module)
    sys.modules["rulecraft.rulesets"] = _module
"""

_state: dict[str, Path | float] = {}


def start_worker(root: str, scratch: str, timeout: float) -> None:
    """Copy the rulesets (into a folder of `scratch`, which the caller removes) and make the copy the
    bundled rulesets of this process and of the Python processes its tests start; warm the imports."""
    home = Path(tempfile.mkdtemp(prefix="worker-", dir=scratch))
    copy = home / "rulesets"
    shutil.copytree(root, copy)
    if not (copy / "__init__.py").is_file():
        (copy / "__init__.py").write_text("", encoding="utf-8")
    (home / "site").mkdir()
    (home / "site" / "sitecustomize.py").write_text(SITE, encoding="utf-8")
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(home / "site"), os.environ.get("PYTHONPATH")) if p)
    os.environ["RULECRAFT_MUTATED_RULESETS"] = str(copy)
    exec(SITE, {})
    (home / "tmp").mkdir()
    # no compiled ruleset on disk (each mutant's is new); parsed modules are kept in memory by content
    os.environ.update({"RULECRAFT_NO_CACHE": "1", "RULECRAFT_COVERAGE": str(home / "coverage.json")})
    tempfile.tempdir = str(home / "tmp")
    _state.update(home=home, copy=copy, timeout=timeout)
    import pytest  # noqa: F401  (imported once here, not once per mutant)

    try:
        import hypothesis  # noqa: F401  (its pytest plugin would import it at the end of every run)
    except ImportError:
        pass

    from ...compiler.diagnostics import CompileError
    from ...compiler.loader import _load, bundled_ids, load
    from ...runtime import play  # noqa: F401

    for ruleset in bundled_ids():  # parses every module once: a child reparses only the mutated file
        try:
            load(ruleset)
        except CompileError:
            pass
    _load.cache_clear()  # the compiled rulesets are the children's to make, from the mutated files


def run_job(job: Job) -> tuple[Job, str, float]:
    """The outcome of one mutant, and the seconds it took."""
    copy, home, timeout = _state["copy"], _state["home"], _state["timeout"]
    assert isinstance(copy, Path)
    assert isinstance(home, Path)
    assert isinstance(timeout, float)
    path = copy / job.mutant.file
    original = path.read_text(encoding="utf-8")
    began = time.monotonic()
    try:
        path.write_text(job.mutant.apply(original), encoding="utf-8")
        outcome = in_child(job, timeout)
    finally:
        path.write_text(original, encoding="utf-8")
        for leftover in (home / "tmp").iterdir():
            shutil.rmtree(leftover, ignore_errors=True) if leftover.is_dir() else leftover.unlink(missing_ok=True)
    return job, outcome, time.monotonic() - began


def in_child(job: Job, timeout: float) -> str:
    pid = os.fork()
    if pid == 0:  # the child: never returns
        code = 4
        try:
            code = child(job)
        finally:
            os._exit(code)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            code = os.waitstatus_to_exitcode(status)
            return OUTCOMES.get(code, CAUGHT)  # killed by a signal (a crash) is caught too
        time.sleep(0.02)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    return TIMEOUT


def child(job: Job) -> int:
    """0: every test passed; 1: a test failed (or could not be collected); 2: the mutant does not compile;
    4: the tests could not run (none found: not the mutant's doing)."""
    import pytest

    from ...compiler.diagnostics import CompileError
    from ...compiler.loader import load

    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    try:
        load(job.ruleset)
    except CompileError:
        return 2
    code = pytest.main(["-x", *QUICK, *job.tests])
    return 0 if code == pytest.ExitCode.OK else 4 if code in (pytest.ExitCode.USAGE_ERROR, pytest.ExitCode.NO_TESTS_COLLECTED) else 1


PASSING = """
class Passing:
    def __init__(self): self.ids, self.passed = {}, []
    def pytest_collection_modifyitems(self, items):
        for item in items:
            self.ids[item.nodeid] = str(item.path) + "::" + item.nodeid.split("::", 1)[1] if "::" in item.nodeid else str(item.path)
    def pytest_runtest_logreport(self, report):
        if report.when == "call" and report.passed:
            self.passed.append(self.ids.get(report.nodeid, report.nodeid))
"""


def baseline(tests: tuple[str, ...]) -> list[str]:
    """The tests among these that pass with no mutant (in a child of a worker, before any mutant)."""
    home = _state["home"]
    assert isinstance(home, Path)
    out = home / "passing.json"
    pid = os.fork()
    if pid == 0:
        try:
            import pytest

            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            space: dict[str, Any] = {}
            exec(PASSING, space)
            passing = space["Passing"]()
            pytest.main([*QUICK, *tests], plugins=[passing])
            out.write_text(json.dumps(passing.passed), encoding="utf-8")
        finally:
            os._exit(0)
    os.waitpid(pid, 0)
    return json.loads(out.read_text(encoding="utf-8")) if out.is_file() else []
