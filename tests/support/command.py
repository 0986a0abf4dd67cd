"""The rulecraft command as a user runs it: a separate `python -m rulecraft` process. It takes the
command's words (and the folder to run it in) and gives the finished process, its output text
captured; a test that needs other input or a timeout builds its own `subprocess` call."""

import subprocess
import sys


def rc(*args, cwd=None):
    """`rulecraft ARGS...` run to its end: the completed process, with `stdout` and `stderr` as text."""
    return subprocess.run([sys.executable, "-m", "rulecraft", *args], capture_output=True, text=True, cwd=cwd)
