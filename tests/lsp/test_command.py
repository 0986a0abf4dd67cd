"""`rulecraft lsp` without pygls: a clear message and exit code 2, never a traceback."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_without_pygls_the_command_says_what_to_install():
    hide = "import sys; sys.modules['pygls'] = None; from rulecraft.cli import main; sys.exit(main(['lsp']))"
    done = subprocess.run([sys.executable, "-c", hide], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == "rulecraft: the language server needs pygls: pip install 'rulecraft[lsp]'\n"


def test_the_command_has_help():
    done = subprocess.run([sys.executable, "-m", "rulecraft", "lsp", "--help"], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert done.returncode == 0
    assert "standard input and output" in done.stdout
